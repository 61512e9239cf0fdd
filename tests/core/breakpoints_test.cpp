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

// Flags kept up to date breakpoint by breakpoint must equal the flags of the breakpoints present.
TEST(BreakpointSet, OverlappingBreakpointsKeepEachOthersFlags) {
  BreakpointSet b(0x100);
  int e1 = b.addExecute(0x10);
  int e2 = b.addExecute(0x10);
  int w = b.addWatch(0x0E, 4, WatchKind::Read);  // 0E-11, over the execute breakpoints
  int rw = b.addWatch(0x11, 2, WatchKind::Write);
  EXPECT_EQ(b.flagsAt(0x10), kFlagExecute | kFlagRead);
  EXPECT_EQ(b.flagsAt(0x11), kFlagRead | kFlagWrite);
  b.remove(e1);
  EXPECT_EQ(b.flagsAt(0x10), kFlagExecute | kFlagRead) << "the second execute breakpoint is still there";
  b.setEnabled(w, false);
  EXPECT_EQ(b.flagsAt(0x10), kFlagExecute);
  EXPECT_EQ(b.flagsAt(0x11), kFlagWrite);
  EXPECT_EQ(b.flagsAt(0x0E), 0);
  b.setEnabled(w, true);
  EXPECT_EQ(b.flagsAt(0x0F), kFlagRead);
  b.remove(e2);
  b.remove(rw);
  EXPECT_EQ(b.flagsAt(0x10), kFlagRead);
  EXPECT_EQ(b.flagsAt(0x12), 0);
  b.addPort(0x61, WatchKind::Write);
  EXPECT_TRUE(b.hasPortOrInterrupt());
  b.clear();
  EXPECT_FALSE(b.hasPortOrInterrupt());
  for (uint64_t a = 0; a < 0x100; ++a) EXPECT_EQ(b.flagsAt(a), 0) << a;
}

TEST(BreakpointSet, VersionChangesWithTheTableOnly) {
  BreakpointSet b(0x100);
  uint64_t start = b.version();
  b.clear();
  EXPECT_EQ(b.version(), start) << "clearing nothing changes nothing";
  int id = b.addExecute(5);
  EXPECT_NE(b.version(), start);
  uint64_t added = b.version();
  b.remove(id);
  EXPECT_NE(b.version(), added);
}

// The machine's code-end marks share the table but are no breakpoints: removing a breakpoint on the
// same byte keeps the mark, and clearing the marks keeps the breakpoints.
TEST(BreakpointSet, CodeEndMarksAndBreakpointsKeepEachOther) {
  BreakpointSet b(0x100);
  b.markCodeEnd(0x20);
  b.markCodeEnd(0x1000);  // out of range: ignored
  EXPECT_TRUE(b.hasCodeEnds());
  EXPECT_EQ(b.flagsAt(0x20), kFlagCodeEnd);
  EXPECT_TRUE(b.all().empty());
  const int e = b.addExecute(0x20);
  const int w = b.addWatch(0x1F, 4, WatchKind::Write);
  EXPECT_EQ(b.flagsAt(0x20), kFlagCodeEnd | kFlagExecute | kFlagWrite);
  b.remove(e);
  b.setEnabled(w, false);
  EXPECT_EQ(b.flagsAt(0x20), kFlagCodeEnd);
  b.setEnabled(w, true);
  const int e2 = b.addExecute(0x20);
  b.clearCodeEnds();
  EXPECT_FALSE(b.hasCodeEnds());
  EXPECT_EQ(b.flagsAt(0x20), kFlagExecute | kFlagWrite);
  b.remove(e2);
  b.remove(w);
  EXPECT_EQ(b.flagsAt(0x20), 0);
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
