// Step-back history (asmlab::sim::History) on the LC-3: every earlier state must equal the state
// the machine really had, recorded independently while stepping forward.
#include <gtest/gtest.h>

#include "asmlab/sim/history.hpp"
#include "encode.hpp"

using namespace lc3test;
using asmlab::sim::History;
using asmlab::sim::RunLimits;
using asmlab::sim::StopReason;

namespace {
struct State {
  std::array<uint64_t, 12> regs{};
  uint16_t counterCell = 0;
  size_t output = 0;
  bool operator==(const State&) const = default;
};
State capture(const Lc3Machine& m) {
  State s;
  for (size_t i = 0; i < s.regs.size(); ++i) s.regs[i] = m.readRegister(i);
  s.counterCell = static_cast<uint16_t>(m.peek(0x3010));
  s.output = m.output().size();
  return s;
}
// Supervisor-mode loop: R1 counts, stored to x3010 each pass, a character printed every pass.
std::unique_ptr<Lc3Machine> looping() {
  auto m = bare({ADDi(1, 1, 1), ST(1, 14), ADDi(0, 1, 15), ADDi(0, 0, 15), ADDi(0, 0, 15), STI(0, 2), BR(n | z | p, -7),
                 0, 0xFE06});
  supervisor(*m);
  return m;
}
}  // namespace

TEST(Lc3History, StepBackReproducesEveryEarlierState) {
  auto m = looping();
  History h(*m, 50, 8);  // small interval and few snapshots: exercises thinning
  std::vector<State> seen{capture(*m)};
  for (int i = 0; i < 700; ++i) {
    h.step();
    seen.push_back(capture(*m));
  }
  EXPECT_LE(h.snapshotCount(), 8u);
  for (int i = 700; i > 600; --i) {
    ASSERT_EQ(m->instructionCount(), static_cast<uint64_t>(i));
    h.stepBack();
    ASSERT_EQ(capture(*m), seen[static_cast<size_t>(i - 1)]) << "at instruction " << i - 1;
  }
  h.goTo(3);
  EXPECT_EQ(capture(*m), seen[3]);
  EXPECT_EQ(m->output().size(), seen[3].output);
  // And forward again: the same future.
  for (int i = 3; i < 700; ++i) h.step();
  EXPECT_EQ(capture(*m), seen[700]);
}

TEST(Lc3History, RunThenStepBackAcrossSnapshots) {
  auto m = looping();
  auto reference = looping();
  History h(*m, 1000);
  RunLimits lim;
  lim.maxInstructions = 12345;
  h.run(lim);
  RunLimits refLim;
  refLim.maxInstructions = 12344;
  reference->run(refLim);
  h.stepBack();
  EXPECT_EQ(m->instructionCount(), 12344u);
  EXPECT_EQ(capture(*m), capture(*reference));
  EXPECT_EQ(m->output(), reference->output());
}

TEST(Lc3History, ReverseContinueFindsThePreviousBreakpointHit) {
  auto m = looping();
  History h(*m, 100);
  m->breakpoints().addExecute(0x3005);  // the STI
  RunLimits lim;
  lim.maxInstructions = 1000;
  h.run(lim);  // stops at the first hit: R1 = 1
  ASSERT_EQ(m->lastStop().reason, StopReason::Breakpoint);
  EXPECT_EQ(m->reg(1), 1);
  for (int i = 0; i < 40; ++i) h.run(lim);  // hits with R1 = 2 .. 41
  EXPECT_EQ(m->reg(1), 41);
  auto s = h.reverseContinue();
  EXPECT_EQ(s.reason, StopReason::Breakpoint);
  EXPECT_EQ(m->programCounter(), 0x3005u);
  EXPECT_EQ(m->reg(1), 40);
  s = h.reverseContinue();
  EXPECT_EQ(m->reg(1), 39);
  // Continuing forward resumes normally from the restored breakpoint.
  h.run(lim);
  EXPECT_EQ(m->reg(1), 40);
}

TEST(Lc3History, ReverseContinueWithoutEarlierHitGoesToTheStart) {
  auto m = looping();
  History h(*m, 100);
  RunLimits lim;
  lim.maxInstructions = 500;
  h.run(lim);
  auto s = h.reverseContinue();
  EXPECT_EQ(s.reason, StopReason::Step);
  EXPECT_EQ(m->instructionCount(), 0u);
  EXPECT_FALSE(h.canStepBack());
  EXPECT_EQ(h.stepBack().message, "no earlier state is recorded");
}

TEST(Lc3History, CheckpointKeepsFedInputReplayable) {
  // Echo loop: input fed in the middle must be seen again when replaying past the feed.
  auto m = bare({LDI(0, 6), BR(z | p, -2), LDI(1, 5), STI(1, 5), ADDi(2, 2, 1), BR(n | z | p, -6), 0, 0xFE00, 0xFE02,
                 0xFE06});
  supervisor(*m);
  History h(*m, 10);
  RunLimits lim;
  lim.maxInstructions = 100;
  h.run(lim);
  m->feedInput("xy");
  h.checkpoint();
  h.run(lim);
  EXPECT_EQ(m->output(), "xy");
  const uint64_t end = m->instructionCount();
  h.goTo(end - 1);
  h.goTo(end - 50);
  for (uint64_t i = end - 50; i < end; ++i) h.step();
  EXPECT_EQ(m->output(), "xy");
  EXPECT_EQ(m->pendingInput(), 0u);
}
