// Breakpoints, watchpoints, stepping, limits, determinism, seeded randomisation and snapshots.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "encode.hpp"

using namespace lc3test;
using asmlab::sim::RunLimits;
using asmlab::sim::StopReason;

namespace {
// Counts R1 from 0 to 10 in a loop, calls a subroutine, halts via MCR (supervisor mode).
//   x3000 AND R1,R1,#0
//   x3001 ADD R1,R1,#1      <- loop
//   x3002 ADD R2,R1,#-10
//   x3003 BRn x3001
//   x3004 JSR x3008
//   x3005 LEA R3, x300B ; JSRR R3 at x3006
//   x3006 JSRR R3
//   x3007 STI R0, MCR (x300D)
//   x3008 ADD R4,R4,#1 ; x3009 RET
//   x300B ADD R5,R5,#2 ; x300C RET ; x300D xFFFE
std::unique_ptr<Lc3Machine> program() {
  auto m = bare({ANDi(1, 1, 0), ADDi(1, 1, 1), ADDi(2, 1, -10), BR(n, -3), JSR(3), LEA(3, 5), JSRR(3), STI(0, 5),
                 ADDi(4, 4, 1), RET(), 0, ADDi(5, 5, 2), RET(), 0xFFFE});
  supervisor(*m);
  return m;
}
}  // namespace

TEST(Lc3Debug, RunsToHaltWithExactCounts) {
  auto m = program();
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Halted);
  // 1 + 10*3 + JSR, ADD, RET, LEA, JSRR, ADD, RET, STI = 39 instructions
  EXPECT_EQ(m->instructionCount(), 39u);
  EXPECT_EQ(m->reg(1), 10);
  EXPECT_EQ(m->reg(4), 1);
  EXPECT_EQ(m->reg(5), 2);
}

TEST(Lc3Debug, BreakpointStopsBeforeTheInstructionAndResumes) {
  auto m = program();
  m->breakpoints().addExecute(0x3002);
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(s.address, 0x3002);
  EXPECT_EQ(m->reg(1), 1);
  s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(m->reg(1), 2);
}

// A single step that lands on a breakpoint has shown it: running on from there executes it
// (as continuing from the breakpoint itself does), and stops at the breakpoint's next visit.
TEST(Lc3Debug, RunningOnFromAStepOntoABreakpointExecutesIt) {
  auto m = program();
  m->breakpoints().addExecute(0x3001);
  EXPECT_EQ(m->step().reason, StopReason::Step);  // AND at x3000: now at x3001
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(s.address, 0x3001);
  EXPECT_EQ(m->reg(1), 1);  // the loop's ADD ran once before its next visit
}

TEST(Lc3Debug, IdleBreakpointsElsewhereChangeNothing) {
  auto a = program();
  auto b = program();
  b->breakpoints().addExecute(0x5000);
  b->breakpoints().addWatch(0x6000, 16, asmlab::sim::WatchKind::ReadWrite);
  a->run({});
  b->run({});
  EXPECT_EQ(a->instructionCount(), b->instructionCount());
  EXPECT_EQ(a->clockCount(), b->clockCount());
  EXPECT_EQ(b->lastStop().reason, StopReason::Halted);
}

TEST(Lc3Debug, ConditionalBreakpoint) {
  auto m = program();
  m->breakpoints().addExecute(0x3002, [](const asmlab::sim::Machine& mm) { return mm.readRegister(1) == 7; });
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(m->reg(1), 7);
}

TEST(Lc3Debug, RunWithoutBreakpointsIgnoresThem) {
  auto m = program();
  m->breakpoints().addExecute(0x3002);
  RunLimits lim;
  lim.stopAtBreakpoints = false;
  EXPECT_EQ(m->run(lim).reason, StopReason::Halted);
}

TEST(Lc3Debug, WatchpointsFireOnReadAndWrite) {
  auto m = bare({LD(0, 3), ST(0, 3), ADDi(1, 1, 1), 0, 0x1234, 0});
  m->breakpoints().addWatch(0x3004, 1, asmlab::sim::WatchKind::Read);
  m->breakpoints().addWatch(0x3005, 1, asmlab::sim::WatchKind::Write);
  auto s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Watchpoint);
  EXPECT_EQ(m->reg(0), 0x1234);  // the access completes, then the run stops
  EXPECT_EQ(s.address, 0x3001);
  s = m->run({});
  EXPECT_EQ(s.reason, StopReason::Watchpoint);
  EXPECT_EQ(m->peek(0x3005), 0x1234);
  EXPECT_NE(s.message.find("x3005"), std::string::npos);
}

TEST(Lc3Debug, StepOverJsrAndJsrrAndStepOut) {
  auto m = program();
  m->breakpoints().addExecute(0x3004);
  m->run({});
  auto s = m->stepOver({});  // JSR x3008
  EXPECT_EQ(s.reason, StopReason::Step);
  EXPECT_EQ(m->programCounter(), 0x3005);
  EXPECT_EQ(m->reg(4), 1);
  m->step();                // LEA
  s = m->stepOver({});      // JSRR R3
  EXPECT_EQ(m->programCounter(), 0x3007);
  EXPECT_EQ(m->reg(5), 2);
  // Step into a subroutine and step out.
  auto k = program();
  k->breakpoints().addExecute(0x3004);
  k->run({});
  k->step();  // into x3008
  EXPECT_EQ(k->programCounter(), 0x3008);
  s = k->stepOut({});
  EXPECT_EQ(s.reason, StopReason::Step);
  EXPECT_EQ(k->programCounter(), 0x3005);
}

TEST(Lc3Debug, StepOverTrapInBothEditions) {
  for (Edition e : {Edition::Second, Edition::Third}) {
    // x3000 TRAP x30 ; x3001 ADD.  Routine x0400: ADD R2,R2,#3 ; RET (2nd) / RTI (3rd)
    auto m = bare({TRAP(0x30), ADDi(1, 1, 1)}, e);
    m->poke(0x0030, 0x0400);
    m->poke(0x0400, ADDi(2, 2, 3));
    m->poke(0x0401, e == Edition::Second ? RET() : RTI());
    auto s = m->stepOver({});
    EXPECT_EQ(s.reason, StopReason::Step);
    EXPECT_EQ(m->programCounter(), 0x3001);
    EXPECT_EQ(m->reg(2), 3);
  }
}

TEST(Lc3Debug, StepOverStopsAtBreakpointInside) {
  auto m = program();
  m->breakpoints().addExecute(0x3004);
  m->breakpoints().addExecute(0x3009);
  m->run({});
  auto s = m->stepOver({});
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(m->programCounter(), 0x3009);
}

TEST(Lc3Debug, InstructionAndClockLimits) {
  auto m = bare({BR(n | z | p, -1)});
  RunLimits lim;
  lim.maxInstructions = 12345;
  EXPECT_EQ(m->run(lim).reason, StopReason::InstructionLimit);
  EXPECT_EQ(m->instructionCount(), 12345u);
  auto k = bare({ADDi(0, 0, 1), BR(n | z | p, -2)});
  RunLimits clk;
  clk.maxClocks = 1000;
  EXPECT_EQ(k->run(clk).reason, StopReason::ClockLimit);
  // ADD 10 + BR 11 = 21 clocks a pair (3rd edition, M = 5): it stops at the first boundary at or
  // past 1000.
  EXPECT_GE(k->clockCount(), 1000u);
  EXPECT_LT(k->clockCount(), 1011u);
}

TEST(Lc3Debug, SameRunTwiceGivesTheSameState) {
  auto a = program();
  auto b = program();
  a->run({});
  b->run({});
  for (size_t r = 0; r < a->registers().size(); ++r) EXPECT_EQ(a->readRegister(r), b->readRegister(r));
  EXPECT_EQ(a->clockCount(), b->clockCount());
  for (uint32_t addr = 0; addr < 0x10000; ++addr) ASSERT_EQ(a->peek(addr), b->peek(addr));
}

TEST(Lc3Debug, FastRunMatchesSingleStepping) {
  auto a = program();
  auto b = program();
  a->run({});
  while (!b->halted()) b->step();
  EXPECT_EQ(a->instructionCount(), b->instructionCount());
  EXPECT_EQ(a->clockCount(), b->clockCount());
  for (size_t r = 0; r < a->registers().size(); ++r) EXPECT_EQ(a->readRegister(r), b->readRegister(r));
}

TEST(Lc3Debug, TraceSinkSeesEveryInstruction) {
  auto m = program();
  std::vector<uint64_t> addresses;
  m->setTraceSink([&](const asmlab::sim::TraceEvent& e) { addresses.push_back(e.address); });
  m->run({});
  ASSERT_EQ(addresses.size(), 39u);
  EXPECT_EQ(addresses[0], 0x3000u);
  EXPECT_EQ(addresses[1], 0x3001u);
  EXPECT_EQ(addresses.back(), 0x3007u);
}

TEST(Lc3Debug, SeededRandomisationIsReproducibleAndSparesTheProgram) {
  asmlab::lc3sim::Options o = testOptions();
  o.randomSeed = 42;
  asmlab::lc3::ObjectImage img;
  img.blocks.push_back({0x3000, {ADDi(0, 0, 1), 0xF025}});
  Lc3Machine a(o), b(o);
  a.loadProgram(img);
  b.loadProgram(img);
  o.randomSeed = 43;
  Lc3Machine c(o);
  c.loadProgram(img);
  EXPECT_EQ(a.peek(0x3000), ADDi(0, 0, 1));
  EXPECT_EQ(a.peek(0x3001), 0xF025);
  int same = 0, differ = 0, nonzero = 0;
  for (uint32_t addr = 0x3002; addr < 0xFE00; ++addr) {
    same += a.peek(addr) == b.peek(addr);
    differ += a.peek(addr) != c.peek(addr);
    nonzero += a.peek(addr) != 0;
  }
  EXPECT_EQ(same, 0xFE00 - 0x3002);
  EXPECT_GT(differ, 0xC000);
  EXPECT_GT(nonzero, 0xC000);
  for (int r = 0; r < 8; ++r) EXPECT_EQ(a.reg(r), b.reg(r));
  Lc3Machine zeros;
  zeros.loadProgram(img);
  EXPECT_EQ(zeros.peek(0x4000), 0);
  EXPECT_EQ(zeros.reg(3), 0);
}

TEST(Lc3Debug, SnapshotRestoresEverything) {
  // Echo with output: snapshot in the middle, finish, restore, finish again: same result.
  auto m = bare({LDI(0, 6), BR(z | p, -2), LDI(1, 5), STI(1, 5), ADDi(2, 2, 1), BR(n | z | p, -6), 0,
                 0xFE00, 0xFE02, 0xFE06});
  supervisor(*m);
  m->feedInput("abcdef");
  m->closeInput();
  RunLimits lim;
  lim.maxInstructions = 20;
  m->run(lim);
  const std::string outAtSnapshot = m->output();
  const uint64_t countAtSnapshot = m->instructionCount();
  const size_t pendingAtSnapshot = m->pendingInput();
  auto snap = m->saveSnapshot();
  EXPECT_EQ(snap->instructionCount(), countAtSnapshot);
  auto first = m->run({});
  const std::string fullOutput = m->output();
  const uint64_t finalCount = m->instructionCount();
  const uint16_t r2 = m->reg(2);
  m->restoreSnapshot(*snap);
  EXPECT_EQ(m->output(), outAtSnapshot);
  EXPECT_EQ(m->instructionCount(), countAtSnapshot);
  EXPECT_EQ(m->pendingInput(), pendingAtSnapshot);
  auto second = m->run({});
  EXPECT_EQ(second.reason, first.reason);
  EXPECT_EQ(m->output(), fullOutput);
  EXPECT_EQ(fullOutput, "abcdef");
  EXPECT_EQ(m->instructionCount(), finalCount);
  EXPECT_EQ(m->reg(2), r2);
}

TEST(Lc3Debug, PauseFromAnotherThreadStopsARun) {
  auto m = bare({ADDi(0, 0, 1), BR(n | z | p, -2)});
  std::atomic<bool> done{false};
  std::thread pauser([&] {
    while (!done.load()) {
      m->requestPause();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  auto s = m->run({});  // no limit: only the pause can end it
  done = true;
  pauser.join();
  EXPECT_EQ(s.reason, StopReason::Paused);
  EXPECT_GT(m->instructionCount(), 0u);
}
