// Turbo Assembler's SMART code on the 8086 (Turbo Assembler User's Guide, ch. 13): PUSH of a
// constant and shifts by a constant above 1, which the 8086 lacks, assemble as sequences of 8086
// instructions. Expected bytes from the Intel 8086 opcode map: 50 PUSH AX, 55 PUSH BP, 8B EC
// MOV BP,SP, C7 46 02 iw MOV WORD PTR [BP+2],imm16, 5D POP BP; D1 /4 SHL r/m16,1; D0 /1 ROR r/m8,1.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string code(const std::string& body) { return "c segment\nassume cs:c\n" + body + "c ends\nend\n"; }

TEST(Tasm8086Sequences, PushOfAConstantIsTheTenByteSequence) {
  auto a = assembleText(code(" push 7\n push -2\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "50 55 8B EC C7 46 02 07 00 5D 50 55 8B EC C7 46 02 FE FF 5D");
}

TEST(Tasm8086Sequences, PushOfAnOffsetKeepsItsFixupInTheMove) {
  auto a = assembleText(code(" push offset there\n nop\nthere: ret\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "50 55 8B EC C7 46 02 0B 00 5D 90 C3");
  ASSERT_EQ(a.result.module.fixups.size(), 1u);
  EXPECT_EQ(a.result.module.fixups[0].offset, 7u);
  EXPECT_EQ(a.result.module.fixups[0].kind, link::FixupKind::Offset16);
}

TEST(Tasm8086Sequences, ShiftsByAConstantRepeatTheShiftByOne) {
  auto a = assembleText(code(" shl dx, 3\n ror byte ptr [bx], 2\n sar ax, 1\n shr dx, cl\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "D1 E2 D1 E2 D1 E2 D0 0F D0 0F D1 F8 D3 EA");
}

TEST(Tasm8086Sequences, LabelsAfterASequenceAreWhereItEnds) {
  auto a = assembleText(code(" shl ax, 4\nhere: jmp here\n push 1\n jmp here\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "D1 E0 D1 E0 D1 E0 D1 E0 EB FE 50 55 8B EC C7 46 02 01 00 5D EB F2");
}

TEST(Tasm8086Sequences, On186AndLaterTheInstructionsThemselves) {
  auto a = assembleText(".186\n" + code(" push 7\n shl dx, 3\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "6A 07 C1 E2 03");
}

TEST(Tasm8086Sequences, NosmartAndMasmRejectThemAndSayWhatTakesThem) {
  auto nosmart = assembleText("nosmart\n" + code(" push 7\n"), tasm());
  EXPECT_NE(nosmart.errors().find("instruction requires .186"), std::string::npos) << nosmart.errors();
  EXPECT_NE(nosmart.errors().find("needs SMART"), std::string::npos) << nosmart.errors();
  auto masm = assembleText(code(" shl dx, 7\n"));
  EXPECT_NE(masm.errors().find("instruction requires .186"), std::string::npos) << masm.errors();
  EXPECT_NE(masm.errors().find("--dialect tasm"), std::string::npos) << masm.errors();
}

TEST(Tasm8086Sequences, CountsOutsideTwoTo255AreNotRepeated) {
  auto a = assembleText(code(" shl dx, 256\n"), tasm());
  EXPECT_TRUE(a.diags.hasErrors());
}

}  // namespace
}  // namespace asmlab::masm::test
