// Later passes replay an instruction's recorded bytes only when nothing it was encoded from has
// changed (assembler/masm/frontend/src/replay.hpp). Each test makes one of those inputs change
// between passes and checks the bytes against the encoding derived by hand (Intel SDM vol. 2:
// B8 iw = MOV AX,imm16; A1 = MOV AX,moffs16; 26 = ES override; 0F 84 cw = JZ rel16 on the 386).
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

TEST(Replay, LabelThatMovesInALaterPassIsEncodedAgain) {
  // Pass 1 takes the forward JZ as short, so `later` is at 5; pass 2 finds the target 201 bytes
  // away and makes it near, moving `later` to 7; only pass 3 reads the moved offset, in an
  // instruction whose own address did not move.
  auto a = assembleText(".386\nc segment use16\nassume cs:c\nstart: mov ax, offset later\n jz target\nlater: nop\n"
                        " db 200 dup (90h)\ntarget: ret\nc ends\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_GE(a.result.passes, 3u) << "the JZ must grow in pass 2 for this test to mean anything";
  auto bytes = a.bytes("C");
  ASSERT_GE(bytes.size(), 8u);
  EXPECT_EQ(hex({bytes.begin(), bytes.begin() + 8}), "B8 07 00 0F 84 C9 00 90");
}

TEST(Replay, SameRegisterAndNumberInstructionUnderAnotherCpuOrRadix) {
  // Instructions of lone registers and numbers share one encoding per spelling (EncodingCache),
  // which must still depend on the CPU and the radix in force: PUSH imm16 (68 iw) is an 80186
  // instruction, and `10` is ten, then sixteen (B9 iw = MOV CX,imm16).
  auto a = assembleText(".186\nc segment\nassume cs:c\nstart: push 1234h\n mov cx, 10\n.radix 16\n mov cx, 10\n"
                        " push 1234h\nc ends\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "68 34 12 B9 0A 00 B9 10 00 68 34 12");
  auto b = assembleText(".186\nc segment\nassume cs:c\nstart: push 1234h\n.8086\n push 1234h\nc ends\nend start\n");
  EXPECT_TRUE(b.diags.hasErrors()) << "PUSH imm16 is not an 8086 instruction";
}

TEST(Replay, AssumeThatChangesBetweenPassesChangesTheOverride) {
  // In pass 1 the group `g` is not defined yet, so only ES reaches `v` (26 A1 00 00); from pass 2
  // on DS does through the group, and the override goes.
  auto a = assembleText("d segment\nv dw 1\nd ends\nc segment\nassume cs:c, es:d, ds:g\nstart: mov ax, v\nc ends\n"
                        "g group d\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "A1 00 00");
}

TEST(Replay, AssumeOfAForwardSegChangesTheOverride) {
  // The same without a group: `SEG w` names a variable defined further on, unknown in pass 1.
  auto a = assembleText("d segment\nv dw 1\nd ends\nc segment\nassume cs:c, es:d, ds:seg w\nstart: mov ax, v\nc ends\n"
                        "d segment\nw dw 2\nd ends\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "A1 00 00");
}

TEST(Replay, GroupDefinedAfterAUseGivesTheFixupTheGroupsFrame) {
  // MASM 6 takes OFFSET relative to the group of a grouped segment; in pass 1 `g` is not there yet.
  auto a = assembleText("d segment\nv dw 1\nd ends\nc segment\nassume cs:c\nstart: mov ax, offset v\nc ends\n"
                        "g group d\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "B8 00 00");
  ASSERT_EQ(a.result.module.fixups.size(), 1u);
  EXPECT_EQ(a.result.module.fixups[0].frame.kind, link::RefKind::Group);
}

TEST(Replay, LocalLabelDefinedAfterAUseOfTheSameGlobalName) {
  // Pass 1 finds the data variable `x` (offset 0 in d); from pass 2 on the procedure's own code
  // label `x:` (offset 4 in c) hides it (MASM 6 procedure-local labels).
  auto a = assembleText("d segment\nx dw 1\nd ends\nc segment\nassume cs:c, ds:d\np proc\n mov ax, offset x\n nop\n"
                        "x: ret\np endp\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "B8 04 00 90 C3");
  ASSERT_FALSE(a.result.module.fixups.empty());
  EXPECT_EQ(a.result.module.fixups[0].target.kind, link::RefKind::Segment);
  EXPECT_EQ(a.result.module.segments[a.result.module.fixups[0].target.index].name, "C");
}

}  // namespace
}  // namespace asmlab::masm::test
