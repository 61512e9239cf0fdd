// MASM 6's `PROC ... USES reglist` (MASM 6.1 Programmer's Guide, ch. 7, "Generating Prologue and
// Epilogue Code"): PUSH of each register, in order, before the procedure's first instruction or
// code label; POP of each, in reverse, before every RET and IRET; none before RETN or RETF.
// Bytes from the Intel 8086 encoding tables: PUSH r16 50+r, POP r16 58+r, PUSH DS 1E, POP DS 1F,
// RET C3, RETF CB, IRET CF, NOP 90, DEC CX 49, JZ rel8 74, JNZ rel8 75.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string proc(const std::string& body) { return "c segment\nassume cs:c\n" + body + "c ends\nend\n"; }
TEST(ProcUses, PushesFirstAndPopsBeforeEveryRet) {
  auto a = assembleText(proc("p proc near uses ax bx ds\n nop\n jz done\n ret\ndone: ret\np endp\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 0u) << a.errors();
  // done: is after the first epilogue (offset 10), the JZ at 4 jumps over it: 74 04.
  EXPECT_EQ(hex(a.bytes("C")), "50 53 1E 90 74 04 1F 5B 58 C3 1F 5B 58 C3");
}

TEST(ProcUses, RetnAndRetfReturnWithoutTheEpilogueIretWithIt) {
  auto a = assembleText(proc("p proc uses si\n retn\n retf\n iret\np endp\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "56 C3 CB 5E CF");
}

TEST(ProcUses, RetOfAFarProcedureIsRetfAfterThePops) {
  auto a = assembleText(proc("p proc far uses ax\n ret\np endp\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "50 58 CB");
}

// A loop back to the procedure's first label does not push again: the label is after the pushes.
TEST(ProcUses, FirstLabelComesAfterThePushes) {
  auto a = assembleText(proc("d proc near uses cx\ntop: dec cx\n jnz top\n ret\nd endp\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "51 49 75 FD 59 C3");
}

TEST(ProcUses, EachProcedureHasItsOwnList) {
  auto a = assembleText(proc("p proc uses bx\n ret\np endp\nq proc\n ret\nq endp\nr proc uses dx\n ret\nr endp\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "53 5B C3 C3 52 5A C3");
}

// Course programs write the list with commas (emu8086 takes it); MASM 6.1 reads a comma as the
// start of the parameters. Taken, with a warning that says so.
TEST(ProcUses, RegistersSeparatedByCommasAreTakenWithAWarning) {
  auto a = assembleText(proc("delay proc near uses bx, dx\n nop\n ret\ndelay endp\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(has(a, "warning: USES registers are separated by blanks")) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "53 52 90 5A 5B C3");
}

TEST(ProcUses, WhatCannotBeSavedAndParametersAreErrors) {
  auto byteRegister = assembleText(proc("p proc uses al\n ret\np endp\n"));
  EXPECT_TRUE(has(byteRegister, "USES lists registers to save (16-bit, 32-bit or segment registers), not 'al'"))
      << byteRegister.errors();
  auto empty = assembleText(proc("p proc uses\n ret\np endp\n"));
  EXPECT_TRUE(has(empty, "USES needs the registers to save")) << empty.errors();
  auto parameters = assembleText(proc("p proc near c uses bx, count:word\n ret\np endp\n"));
  EXPECT_TRUE(has(parameters, "PROC parameters are not supported")) << parameters.errors();
}

}  // namespace
}  // namespace asmlab::masm::test
