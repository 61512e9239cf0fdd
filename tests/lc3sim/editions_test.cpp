// The differences between the 2nd and 3rd editions (docs/lc3-simulator.md, "Editions").
#include <gtest/gtest.h>

#include "encode.hpp"

using namespace lc3test;
using asmlab::sim::StopReason;

TEST(Lc3Editions, LeaSetsConditionCodesOnlyInTheSecondEdition) {
  auto second = bare({ADDi(0, 0, 0), LEA(1, 5)}, Edition::Second);
  stepN(*second, 2);
  EXPECT_EQ(second->reg(1), 0x3007);
  EXPECT_EQ(second->psr() & 7, p);
  auto third = bare({ADDi(0, 0, 0), LEA(1, 5)}, Edition::Third);
  stepN(*third, 2);
  EXPECT_EQ(third->reg(1), 0x3007);
  EXPECT_EQ(third->psr() & 7, z);
}

TEST(Lc3Editions, SecondEditionTrapSavesR7AndKeepsPrivilege) {
  auto m = bare({TRAP(0x30)}, Edition::Second);
  m->poke(0x0030, 0x4000);
  m->poke(0x4000, RET());
  m->writeRegister(6, 0x5000);
  m->step();
  EXPECT_EQ(m->programCounter(), 0x4000);
  EXPECT_EQ(m->reg(7), 0x3001);
  EXPECT_TRUE(m->userMode());
  EXPECT_EQ(m->reg(6), 0x5000);
  m->step();
  EXPECT_EQ(m->programCounter(), 0x3001);
}

TEST(Lc3Editions, ThirdEditionTrapPushesPsrAndPcOnTheSupervisorStack) {
  auto m = bare({ADDi(0, 0, -1), TRAP(0x30)}, Edition::Third);
  m->poke(0x0030, 0x0400);
  m->poke(0x0400, RTI());
  m->writeRegister(6, 0x5000);
  m->writeRegister(7, 0x1111);
  stepN(*m, 2);
  EXPECT_EQ(m->programCounter(), 0x0400);
  EXPECT_FALSE(m->userMode());
  EXPECT_EQ(m->reg(6), 0x2FFE);          // Saved_SSP x3000, two pushes
  EXPECT_EQ(m->savedUsp(), 0x5000);      // the user stack pointer is kept aside
  EXPECT_EQ(m->peek(0x2FFF), 0x8004);    // PSR: user, priority 0, N
  EXPECT_EQ(m->peek(0x2FFE), 0x3002);    // return address
  EXPECT_EQ(m->reg(7), 0x1111);          // R7 untouched
  m->step();  // RTI
  EXPECT_EQ(m->programCounter(), 0x3002);
  EXPECT_TRUE(m->userMode());
  EXPECT_EQ(m->reg(6), 0x5000);
  EXPECT_EQ(m->savedSsp(), 0x3000);
  EXPECT_EQ(m->psr(), 0x8004);
}

TEST(Lc3Editions, AccessControlOnlyInTheThirdEdition) {
  for (Edition e : {Edition::Second, Edition::Third}) {
    auto m = bare({LD(0, -2), ADDi(1, 1, 1)}, e, 0x3000);
    m->poke(0x2FFF, 0x4242);
    auto s = m->step();
    if (e == Edition::Second) {
      EXPECT_EQ(s.reason, StopReason::Step);
      EXPECT_EQ(m->reg(0), 0x4242);
    } else {
      EXPECT_EQ(s.reason, StopReason::Exception);
      EXPECT_EQ(s.message, "access control violation: user-mode read of x2FFF at x3000");
      EXPECT_EQ(m->reg(0), 0);
    }
  }
}

TEST(Lc3Editions, UserWritesToDevicesAreViolationsInTheThirdEdition) {
  auto m = bare({STI(0, 0), 0xFE06});
  m->writeRegister(0, 'A');
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Exception);
  EXPECT_EQ(s.message, "access control violation: user-mode write of xFE06 at x3000");
  EXPECT_EQ(m->output(), "");
}

TEST(Lc3Editions, SupervisorMayTouchSystemSpace) {
  auto m = bare({ST(0, -2)});
  supervisor(*m);
  m->writeRegister(0, 0x7777);
  EXPECT_EQ(m->step().reason, StopReason::Step);
  EXPECT_EQ(m->peek(0x2FFF), 0x7777);
}

TEST(Lc3Editions, ExceptionEntersHandlerWithFaultingAddress) {
  // Vector x0101 (illegal opcode) -> x0500; the handler halts the machine through MCR.
  auto m = bare({ADDi(0, 0, 1), 0xD000});
  m->poke(0x0101, 0x0500);
  m->poke(0x0500, STI(1, 0));   // x0500 STI R1, x0501 -> MCR
  m->poke(0x0501, 0xFFFE);
  m->writeRegister(1, 0);
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Exception);
  EXPECT_EQ(s.message, "illegal opcode xD000 at x3001");
  EXPECT_EQ(s.address, 0x3001);
  EXPECT_EQ(m->peek(0x2FFE), 0x3001);  // the faulting instruction's address was pushed
  EXPECT_EQ(m->peek(0x2FFF), 0x8001);  // user PSR, P
}

TEST(Lc3Editions, RtiInUserModeIsAPrivilegeViolation) {
  for (Edition e : {Edition::Second, Edition::Third}) {
    auto m = bare({RTI()}, e);
    auto s = m->run({});
    EXPECT_EQ(s.reason, StopReason::Exception);
    EXPECT_EQ(s.message, "privilege mode violation: RTI in user mode at x3000");
  }
}

TEST(Lc3Editions, HandlerThatReturnsClearsTheException) {
  // Privilege violation handler x0600: skip the faulting instruction (saved PC + 1) and RTI.
  auto m = bare({RTI(), ADDi(3, 3, 5), 0xF025});
  m->poke(0x0100, 0x0600);
  m->poke(0x0600, LDR(0, 6, 0));
  m->poke(0x0601, ADDi(0, 0, 1));
  m->poke(0x0602, STR(0, 6, 0));
  m->poke(0x0603, RTI());
  asmlab::sim::RunLimits lim;
  lim.maxInstructions = 10;
  auto s = m->run(lim);
  EXPECT_EQ(m->reg(3), 5);
  EXPECT_TRUE(m->userMode());
  EXPECT_EQ(s.reason, StopReason::Exception);  // TRAP x25 with no service routine on a bare machine
  EXPECT_EQ(s.message, "TRAP x25 has no service routine (at x3002)");
}

TEST(Lc3Editions, UserCodeMayNotRunInSystemSpaceInTheThirdEdition) {
  // JMP R1 to x0400 in user mode: the fetch there is an access violation (3rd edition only).
  for (Edition e : {Edition::Second, Edition::Third}) {
    auto m = bare({JMP(1)}, e);
    m->writeRegister(1, 0x0400);
    m->poke(0x0400, ADDi(2, 2, 1));
    m->poke(0x0401, BR(n | z | p, -2));
    asmlab::sim::RunLimits lim;
    lim.maxInstructions = 5;
    auto s = m->run(lim);
    if (e == Edition::Second) {
      EXPECT_EQ(s.reason, StopReason::InstructionLimit);
      EXPECT_EQ(m->reg(2), 2);
    } else {
      EXPECT_EQ(s.reason, StopReason::Exception);
      EXPECT_EQ(s.message, "access control violation: user-mode fetch from x0400");
      EXPECT_EQ(s.address, 0x0400u);
      EXPECT_EQ(m->instructionCount(), 1u);
      EXPECT_EQ(m->reg(2), 0);
    }
  }
}

TEST(Lc3Editions, RunningOffTheEndIntoDeviceSpaceIsCaught) {
  auto k = bare({ADDi(0, 0, 0)}, Edition::Third, 0xFDFF);  // the last user word, then device space
  auto s = k->run({});
  EXPECT_EQ(s.reason, StopReason::Exception);
  EXPECT_EQ(s.message,
            "access control violation: user-mode fetch from xFE00: the program ran on past its last word (xFDFF) "
            "through memory up to the device registers; it needs HALT where it should end");
}

// A program without HALT runs on through zero words (BR with no condition bits: no branch) up to
// the device registers: its 2 instructions, then one for each word from x3002 to xFDFF.
TEST(Lc3Editions, AProgramWithoutHaltIsToldWhereItsWordsEnded) {
  auto k = bare({ANDi(0, 0, 0), ADDi(0, 0, 5)}, Edition::Third);
  asmlab::sim::RunLimits lim;
  lim.maxInstructions = 100'000;
  auto s = k->run(lim);
  EXPECT_EQ(s.reason, StopReason::Exception);
  EXPECT_EQ(s.message,
            "access control violation: user-mode fetch from xFE00: the program ran on past its last word (x3001) "
            "through memory up to the device registers; it needs HALT where it should end");
  EXPECT_EQ(k->instructionCount(), 2u + (0xFE00u - 0x3002u));
  EXPECT_EQ(k->reg(0), 5);
}
