// Each instruction's semantics and condition codes (Patt & Patel Appendix A), values computed by hand.
#include <gtest/gtest.h>

#include "encode.hpp"

using namespace lc3test;

namespace {
uint16_t ccOf(const Lc3Machine& m) { return m.psr() & 7; }
}  // namespace

TEST(Lc3Instructions, AddRegisterAndImmediateSetConditionCodes) {
  auto m = bare({ADDi(1, 1, 5), ADDi(2, 1, -16), ADDr(3, 1, 2), ADDi(4, 4, 0)});
  m->step();
  EXPECT_EQ(m->reg(1), 5);
  EXPECT_EQ(ccOf(*m), p);
  m->step();
  EXPECT_EQ(m->reg(2), 0xFFF5);  // 5 - 16 = -11
  EXPECT_EQ(ccOf(*m), n);
  m->step();
  EXPECT_EQ(m->reg(3), 0xFFFA);  // 5 + -11 = -6
  EXPECT_EQ(ccOf(*m), n);
  m->step();
  EXPECT_EQ(m->reg(4), 0);
  EXPECT_EQ(ccOf(*m), z);
  EXPECT_EQ(m->programCounter(), 0x3004);
}

TEST(Lc3Instructions, AddWrapsAt16Bits) {
  auto m = bare({ADDr(0, 1, 2)});
  m->writeRegister(1, 0x7FFF);
  m->writeRegister(2, 1);
  m->step();
  EXPECT_EQ(m->reg(0), 0x8000);
  EXPECT_EQ(ccOf(*m), n);
}

TEST(Lc3Instructions, AndAndNot) {
  auto m = bare({ANDr(0, 1, 2), ANDi(3, 1, 0x0F), NOT(4, 1), ANDi(5, 5, 0)});
  m->writeRegister(1, 0xF0F0);
  m->writeRegister(2, 0x3C3C);
  m->writeRegister(5, 0x1234);
  m->step();
  EXPECT_EQ(m->reg(0), 0x3030);
  EXPECT_EQ(ccOf(*m), p);
  m->step();
  EXPECT_EQ(m->reg(3), 0x0000);  // xF0F0 & x000F
  EXPECT_EQ(ccOf(*m), z);
  m->step();
  EXPECT_EQ(m->reg(4), 0x0F0F);
  EXPECT_EQ(ccOf(*m), p);
  m->step();
  EXPECT_EQ(m->reg(5), 0);
  // AND with imm5 = -1 (x1F) sign-extends to xFFFF and keeps the register.
  auto k = bare({ANDi(0, 1, -1)});
  k->writeRegister(1, 0x8001);
  k->step();
  EXPECT_EQ(k->reg(0), 0x8001);
  EXPECT_EQ(ccOf(*k), n);
}

TEST(Lc3Instructions, BranchesTestEachConditionBit) {
  // x3000 ADD R0,R0,#0 (Z)  x3001 BRnp +5 (not taken)  x3002 BRz +2 -> x3005
  auto m = bare({ADDi(0, 0, 0), BR(n | p, 5), BR(z, 2), 0, 0, ADDi(0, 0, -1), BR(p, 3), BR(n, -8)});
  stepN(*m, 2);
  EXPECT_EQ(m->programCounter(), 0x3002);
  m->step();
  EXPECT_EQ(m->programCounter(), 0x3005);
  m->step();  // R0 = -1: N
  m->step();  // BRp not taken
  EXPECT_EQ(m->programCounter(), 0x3007);
  m->step();  // BRn -8 -> x3008 - 8 = x3000
  EXPECT_EQ(m->programCounter(), 0x3000);
}

TEST(Lc3Instructions, NopAndUnconditionalBranch) {
  auto m = bare({BR(0, 5), BR(n | z | p, -2)});
  m->step();
  EXPECT_EQ(m->programCounter(), 0x3001);
  m->step();
  EXPECT_EQ(m->programCounter(), 0x3000);
}

TEST(Lc3Instructions, JmpRetJsrJsrr) {
  // x3000 JSR +3 -> x3004; x3004 RET
  auto m = bare({JSR(3), JSRR(2), JMP(3), 0, RET(), 0x0000});
  m->writeRegister(2, 0x3004);
  m->writeRegister(3, 0x4000);
  m->step();
  EXPECT_EQ(m->programCounter(), 0x3004);
  EXPECT_EQ(m->reg(7), 0x3001);
  m->step();
  EXPECT_EQ(m->programCounter(), 0x3001);
  m->step();  // JSRR R2 -> x3004, R7 = x3002
  EXPECT_EQ(m->programCounter(), 0x3004);
  EXPECT_EQ(m->reg(7), 0x3002);
  m->step();
  m->step();  // JMP R3
  EXPECT_EQ(m->programCounter(), 0x4000);
}

TEST(Lc3Instructions, JsrrThroughR7UsesTheOldValue) {
  // A.3: TEMP = BaseR is read before R7 is written.
  auto m = bare({JSRR(7)});
  m->writeRegister(7, 0x5000);
  m->step();
  EXPECT_EQ(m->programCounter(), 0x5000);
  EXPECT_EQ(m->reg(7), 0x3001);
}

TEST(Lc3Instructions, LoadsAndConditionCodes) {
  // x3000 LD R0,+4 (x3005)  LDI R1,+4 (x3006 -> x3007)  LDR R2,R0? use R5 base  LEA R3,-4
  auto m = bare({LD(0, 4), LDI(1, 4), LDR(2, 5, -1), LEA(3, -4), 0, 0x8000, 0x3007, 0x0000, 0x1234});
  m->writeRegister(5, 0x3009);
  m->step();
  EXPECT_EQ(m->reg(0), 0x8000);
  EXPECT_EQ(ccOf(*m), n);
  m->step();
  EXPECT_EQ(m->reg(1), 0x0000);
  EXPECT_EQ(ccOf(*m), z);
  m->step();
  EXPECT_EQ(m->reg(2), 0x1234);
  EXPECT_EQ(ccOf(*m), p);
  m->step();
  EXPECT_EQ(m->reg(3), 0x3000);  // x3004 - 4
  EXPECT_EQ(ccOf(*m), p) << "3rd edition LEA leaves the condition codes alone";
}

TEST(Lc3Instructions, StoreWritesMemoryAndLeavesConditionCodes) {
  auto m = bare({ADDi(7, 7, 0), ST(0, 3)});
  m->writeRegister(0, 0xAAAA);
  stepN(*m, 2);
  EXPECT_EQ(m->peek(0x3005), 0xAAAA);
  EXPECT_EQ(ccOf(*m), z);
}

TEST(Lc3Instructions, StiAndStrThroughPointers) {
  auto m = bare({STI(1, 2), STR(2, 5, -1), 0, 0x3010});
  m->writeRegister(1, 0xBBBB);
  m->writeRegister(2, 0xCCCC);
  m->writeRegister(5, 0x3021);
  m->step();
  EXPECT_EQ(m->peek(0x3010), 0xBBBB);
  m->step();
  EXPECT_EQ(m->peek(0x3020), 0xCCCC);
}

TEST(Lc3Instructions, SelfModifyingCodeIsSeen) {
  // x3000 ST R1,+1 writes x3002 (an ADD R0,R0,#7) before it executes; the decode cache must notice.
  auto m = bare({ST(1, 1), BR(0, 0), ADDi(0, 0, 1)});
  m->writeRegister(1, ADDi(0, 0, 7));
  stepN(*m, 1);
  m->poke(0x3001, BR(0, 0));
  asmlab::sim::RunLimits lim;
  lim.maxInstructions = 2;
  m->run(lim);
  EXPECT_EQ(m->reg(0), 7);
}

TEST(Lc3Instructions, RewrittenWordCountsItsOwnClocks) {
  // x3000 runs once as LDI (24 clocks, 3rd edition, M = 5), is rewritten as ADD and runs again:
  // the ADD takes 10 clocks (fetch 4+M, state 1), nothing of the LDI's count is left over.
  auto m = bare({LDI(1, 4)});
  m->poke(0x3005, 0x3010);
  m->step();
  EXPECT_EQ(m->lastInstructionClocks(), 24u);
  m->poke(0x3000, ADDi(2, 2, 1));
  m->setProgramCounter(0x3000);
  const uint64_t before = m->clockCount();
  m->step();
  EXPECT_EQ(m->clockCount() - before, 10u);
  EXPECT_EQ(m->reg(2), 1);
}

TEST(Lc3Instructions, IllegalOpcodeOnABareMachineStops) {
  auto m = bare({ADDi(0, 0, 1), 0xD123});
  auto s = m->run({});
  EXPECT_EQ(s.reason, asmlab::sim::StopReason::Exception);
  EXPECT_EQ(s.message, "illegal opcode xD123 at x3001");
  EXPECT_EQ(s.address, 0x3001);
}

TEST(Lc3Instructions, ClocksFollowAppendixC) {
  // Counted from the state sequences of Figure C.2 with M = 5 clocks per memory state.
  // 3rd edition: fetch 18, 33, 28 (M), 30, 32 = 4+M = 9; ADD +1 (state 1) = 10; BR +1 (0), taken
  // +1 (22); LD +3+M (2, 35, 25, 27) = 17; LDI +5+2M (10, 17, 24, 26, 35, 25, 27) = 24; ST +2+M
  // (3, 23, 16) = 16; STI +4+2M (11, 19, 29, 31, 23, 16) = 23; JSR +2 (4, 21) = 11.
  auto m = bare({ADDi(0, 0, 1), BR(p, 0), BR(n, 0), LD(1, 10), LDI(1, 10), ST(1, 10), STI(1, 8), JSR(0)});
  m->poke(0x300F, 0x3020);
  m->poke(0x3010, 0x3020);
  const uint64_t expected[] = {10, 11, 10, 17, 24, 16, 23, 11};
  for (uint64_t e : expected) {
    const uint64_t before = m->clockCount();
    m->step();
    EXPECT_EQ(m->clockCount() - before, e) << "at x" << std::hex << m->programCounter();
    EXPECT_EQ(m->lastInstructionClocks(), e);
  }
}

TEST(Lc3Instructions, ClocksFollowAppendixCInTheSecondEdition) {
  // 2nd edition: fetch 18, 33 (M), 35, 32 = 3+M = 8; ADD 9; BR 9, taken 10; LD 2, 25, 27 = 15;
  // LDI 10, 24, 26, 25, 27 = 21; ST 3, 23, 16 = 15; STI 11, 29, 31, 23, 16 = 21; JSR 4, 21 = 10.
  auto m = bare({ADDi(0, 0, 1), BR(p, 0), BR(n, 0), LD(1, 10), LDI(1, 10), ST(1, 10), STI(1, 8), JSR(0)},
                Edition::Second);
  m->poke(0x300F, 0x3020);
  m->poke(0x3010, 0x3020);
  const uint64_t expected[] = {9, 10, 9, 15, 21, 15, 21, 10};
  for (uint64_t e : expected) {
    const uint64_t before = m->clockCount();
    m->step();
    EXPECT_EQ(m->clockCount() - before, e) << "at x" << std::hex << m->programCounter();
  }
}
