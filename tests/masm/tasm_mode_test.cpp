// TASM's MASM-mode additions.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

TEST(TasmMode, VersionSymbolOnlyUnderTasm) {
  std::string src = "d segment\n ifdef ??version\n db 1\n else\n db 2\n endif\nd ends\nend\n";
  EXPECT_EQ(hex(assembleText(src, tasm()).bytes("D")), "01");
  EXPECT_EQ(hex(assembleText(src).bytes("D")), "02");
}

TEST(TasmMode, LocalsWithAtAtLabels) {
  auto a = assembleText("locals\nc segment\nassume cs:c\np1 proc\n@@l: jmp @@l\np1 endp\np2 proc\n@@l: jmp @@l\np2 endp\n"
                        "c ends\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "EB FE EB FE");
}

TEST(TasmMode, ModelCodesegDatasegStartupExit) {
  auto a = assembleText("model small\np286\nstack 100h\ndataseg\nv db 1\ncodeseg\nstartupcode\n mov al, v\n exitcode\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.module.entry.has_value());
  auto code = a.bytes("_TEXT");
  ASSERT_GE(code.size(), 4u);
  EXPECT_EQ(code[0], 0xBA);  // mov dx, DGROUP
}

TEST(TasmMode, JumpsExtendsOutOfRangeConditionalJumps) {
  std::string src = "c segment\nassume cs:c\n je far_away\n db 200 dup (90h)\nfar_away: ret\nc ends\nend\n";
  auto plain = assembleText(src, tasm());
  EXPECT_TRUE(plain.diags.hasErrors());
  auto a = assembleText("jumps\n" + src, tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // reversed short jump over a near jmp: 75 03 E9 cw
  auto code = a.bytes("C");
  ASSERT_GE(code.size(), 5u);
  EXPECT_EQ(hex(std::vector<uint8_t>(code.begin(), code.begin() + 5)), "75 03 E9 C8 00");
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

TEST(TasmMode, AtAtLabelsAreScopedBetweenOrdinaryLabels) {
  auto a = assembleText("locals\n%title \"x\"\n%nolist\nc segment\nassume cs:c\nfirst:\n@@x: jmp @@x\nsecond:\n@@x: jmp @@x\n"
                        "c ends\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "EB FE EB FE");
}

TEST(TasmMode, ModelTinyWithStartupcode) {
  auto a = assembleText("model tiny\ncodeseg\nstartupcode\n mov ah, 4Ch\n int 21h\nudataseg\nbuf db 4 dup (?)\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.tinyModel);
  ASSERT_TRUE(a.result.module.entry.has_value());
  EXPECT_EQ(a.result.module.entry->displacement, 0x100u) << "STARTUPCODE in TINY starts at ORG 100h";
}

}  // namespace
}  // namespace asmlab::masm::test

// The MASM-mode rules in which Turbo Assembler differs from MASM 6.1 (Turbo Assembler User's
// Guide, "MASM compatibility"). Expected bytes from the Intel 8086 manual's encoding tables.
namespace asmlab::masm::test {
namespace {

Options tasmDialect() {
  Options o;
  o.dialect = Dialect::Tasm;
  return o;
}

// ENDP and ENDS close the open procedure or segment without repeating its name.
TEST(TasmMode, EndpAndEndsWithoutAName) {
  auto a = assembleText("c segment\nassume cs:c\np proc far\n ret\nendp\nq proc\n ret\nendp\nends\nend\n", tasmDialect());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "CB C3");  // RETF in the FAR procedure, RET in the near one
  auto unopened = assembleText("endp\nend\n", tasmDialect());
  EXPECT_NE(unopened.errors().find("test.asm:1:1: error: ENDP without PROC"), std::string::npos) << unopened.errors();
}

// Code labels are global (MASM 6.1 makes them local to their PROC): one procedure jumps to a
// label of another, and the same label in two procedures is defined twice.
TEST(TasmMode, CodeLabelsAreGlobal) {
  auto a = assembleText("c segment\nassume cs:c\np1 proc\nshared: ret\np1 endp\np2 proc\n jmp shared\np2 endp\nc ends\nend\n",
                        tasmDialect());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "C3 EB FD");  // jmp short from 1 to 0: rel8 -3
  auto twice = assembleText("c segment\nassume cs:c\np1 proc\nnext: ret\np1 endp\np2 proc\nnext: ret\np2 endp\nc ends\nend\n",
                            tasmDialect());
  EXPECT_NE(twice.errors().find("symbol 'NEXT' is already defined"), std::string::npos) << twice.errors();
}

// LOCALS: an @@ label inside a procedure belongs to the whole procedure, across other labels;
// LOCALS with a prefix makes that prefix the local one.
TEST(TasmMode, LocalLabelsBelongToTheProcedure) {
  auto a = assembleText("locals\nc segment\nassume cs:c\np proc\n@@top: nop\nmiddle: jmp @@top\np endp\nc ends\nend\n",
                        tasmDialect());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "90 EB FD");
  auto prefixed = assembleText("locals __\nc segment\nassume cs:c\np1 proc\n__a: jmp __a\np1 endp\n"
                               "p2 proc\n__a: jmp __a\np2 endp\nc ends\nend\n",
                               tasmDialect());
  ASSERT_FALSE(prefixed.diags.hasErrors()) << prefixed.errors();
  EXPECT_EQ(hex(prefixed.bytes("C")), "EB FE EB FE");
}

// A label with a colon in a data segment names the data that follows it.
TEST(TasmMode, CodeLabelsInDataSegments) {
  auto a = assembleText("d segment\ntable: dw 1, 2\nmsg: db 'ok$'\nd ends\nc segment\nassume cs:c, ds:d\n"
                        " mov ax, [table+bx]\n mov al, byte ptr msg\n mov dx, offset msg\nc ends\nend\n",
                        tasmDialect());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // 8B mod10 reg000 rm111 = 87, disp 0000; A0 0400; BA 0400
  EXPECT_EQ(hex(a.bytes("C")), "8B 87 00 00 A0 04 00 BA 04 00");
}

// A STRUC or UNION without a name inside a structure (User's Guide, "Defining structures"), in
// MASM mode too: `b` and `w` share offset 1, `tail` follows the 2-byte union at 3.
TEST(TasmMode, NestedAnonymousUnion) {
  auto a = assembleText("rec struc\nhead db ?\nunion\nb db ?\nw dw ?\nends\ntail db ?\nrec ends\nc segment\nassume cs:c\n"
                        " mov al, [bx].b\n mov ax, [bx].w\n mov al, [bx].tail\n mov ax, size rec\nc ends\nend\n",
                        tasmDialect());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "8A 47 01 8B 47 01 8A 47 03 B8 04 00");
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

// User's Guide, "Extended PUSH and POP instructions": several registers separated by blanks are
// pushed or popped in the order written (PUSH 50+r, POP 58+r, PUSH ES 06, POP DS 1F).
TEST(TasmMode, PushAndPopSeveralRegisters) {
  Options o;
  o.dialect = Dialect::Tasm;
  auto a = assembleText("c segment\nassume cs:c\nsave: push ax bx es\n pop ds bx ax\n push word ptr [bx]\nc ends\nend\n", o);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "50 53 06 1F 5B 58 FF 37");
}

}  // namespace
}  // namespace asmlab::masm::test
