#include <gtest/gtest.h>

#include "asmlab/sim/breakpoints.hpp"
#include "asmlab/sim/stop.hpp"

using namespace asmlab::sim;

TEST(BreakpointSet, FlagsFollowAddRemoveAndEnable) {
  BreakpointSet b(0x10000);
  int id = b.addExecute(0x3005);
  EXPECT_TRUE(b.anyAt(0x3005));
  EXPECT_FALSE(b.anyAt(0x3004));
  b.setEnabled(id, false);
  EXPECT_FALSE(b.anyAt(0x3005));
  b.setEnabled(id, true);
  int w = b.addWatch(0x4000, 3, WatchKind::Write);
  EXPECT_EQ(b.flagsAt(0x4002), kFlagWrite);
  EXPECT_EQ(b.flagsAt(0x4003), 0);
  b.remove(id);
  EXPECT_FALSE(b.anyAt(0x3005));
  EXPECT_TRUE(b.remove(w));
  EXPECT_FALSE(b.remove(w));
}

TEST(BreakpointSet, OutOfRangeAddressesAreIgnoredNotWritten) {
  BreakpointSet b(16);
  b.addExecute(1000);
  EXPECT_FALSE(b.anyAt(1000));
  EXPECT_EQ(b.all().size(), 1u);
}

TEST(StopReason, EveryVerdictHasADistinctExitCode) {
  EXPECT_EQ(exitCodeFor(StopReason::Halted), 0);
  EXPECT_NE(exitCodeFor(StopReason::InstructionLimit), exitCodeFor(StopReason::WaitingForInput));
  EXPECT_NE(exitCodeFor(StopReason::Exception), exitCodeFor(StopReason::WaitingForInput));
  EXPECT_EQ(stopReasonName(StopReason::WaitingForInput), "waiting for input");
}
