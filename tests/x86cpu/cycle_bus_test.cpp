// The cycle timing model's bus interface unit against the data sheet, the IBM PC's technical
// reference and the bus facts in ../shared/reference/x86-bus.md: expected values are counted by
// hand from those rules (section numbers cited per test), never taken from a run.
#include <gtest/gtest.h>

#include <vector>

#include "asmlab/x86/bus_trace.hpp"
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

struct CycleHarness : Harness {
  explicit CycleHarness(CpuModel model = CpuModel::i8086) : Harness(model) {
    EXPECT_TRUE(cpu.setTimingModel(TimingModel::Cycle));
    cpu.setClockSink(&trace);
  }
  // Runs `count` instructions and returns the clocks they took.
  uint64_t steps(unsigned count) {
    const uint64_t start = cpu.clockCount();
    for (unsigned i = 0; i < count; ++i) cpu.step();
    return cpu.clockCount() - start;
  }
  std::vector<const ClockRecord*> cyclesOf(BusStatus kind) const {
    std::vector<const ClockRecord*> t1;
    for (const auto& r : trace.records)
      if (r.tstate == TState::T1 && r.cycle == kind) t1.push_back(&r);
    return t1;
  }
  ClockVector trace;
};

void fillNops(Harness& h, unsigned count) {
  for (unsigned i = 0; i < count; ++i) h.mem(0x1000, uint16_t(0x0100 + i)) = 0x90;
}

// x86-bus.md 1, 3 and 6: the 8086 queue holds 6 bytes and fetches words at even addresses; the
// 8088 holds 4 and fetches bytes. A NOP takes 3 clocks and one byte. On the 8086 a fetch brings 2
// bytes in 4 clocks, or in 7 when 3-4 bytes were queued at its T2 (the policy delay, rule 4):
// more than NOPs use either way below 3 queued bytes, so the queue never runs dry and NOPs run at
// Intel's 3 clocks. The 8088's fetches (1 byte per 4 clocks) cannot keep up, so NOPs run at the
// bus's 4 clocks each.
TEST(X86CycleBus, NopStreamIsQueueBoundOn8086AndBusBoundOn8088) {
  CycleHarness h86(CpuModel::i8086);
  fillNops(h86, 400);
  h86.steps(40);
  size_t most = 0, least = 6;
  for (int i = 0; i < 100; ++i) {
    h86.cpu.step();
    most = std::max(most, h86.cpu.prefetchQueue().size());
    least = std::min(least, h86.cpu.prefetchQueue().size());
  }
  EXPECT_LE(most, 6u);
  EXPECT_GE(least, 1u);
  EXPECT_EQ(h86.steps(100), 300u);
  for (const auto* c : h86.cyclesOf(BusStatus::Code)) EXPECT_EQ(c->address % 2, 0u) << c->clock;

  CycleHarness h88(CpuModel::i8088);
  fillNops(h88, 400);
  h88.steps(40);
  most = 0;
  for (int i = 0; i < 100; ++i) {
    h88.cpu.step();
    most = std::max(most, h88.cpu.prefetchQueue().size());
  }
  EXPECT_LE(most, 4u);
  EXPECT_EQ(h88.steps(100), 400u);
  const auto fetches = h88.cyclesOf(BusStatus::Code);
  for (size_t i = 1; i < fetches.size(); ++i) EXPECT_EQ(fetches[i]->address, fetches[i - 1]->address + 1);
}

// x86-bus.md 2: every bus cycle without wait states is T1 T2 T3 T4; a READY held low repeats T3
// as Tw. IBM 5150 Technical Reference: every CPU I/O cycle on the PC takes one wait state.
struct OneIoWaitBus : FlatMemoryBus {
  unsigned waitStates(uint32_t, bool io) const override { return io ? 1 : 0; }
  bool hasWaitStates() const override { return true; }
};

TEST(X86CycleBus, IoCycleWithOneWaitStateIsT1T2T3TwT4) {
  OneIoWaitBus bus;
  Cpu cpu(bus, CpuModel::i8086);
  ASSERT_TRUE(cpu.setTimingModel(TimingModel::Cycle));
  ClockVector trace;
  cpu.setClockSink(&trace);
  cpu.setSeg(CS, 0x1000);
  cpu.setIp(0x0100);
  bus.ram()[0x10100] = 0xE4;  // in al,60h
  bus.ram()[0x10101] = 0x60;
  cpu.step();
  std::vector<TState> states;
  bool inCycle = false;
  for (const auto& r : trace.records) {
    if (r.tstate == TState::T1) inCycle = r.cycle == BusStatus::IoRead;
    if (inCycle) states.push_back(r.tstate);
    if (inCycle && r.tstate == TState::T4) break;
  }
  EXPECT_EQ(states, (std::vector<TState>{TState::T1, TState::T2, TState::T3, TState::Tw, TState::T4}));
  EXPECT_EQ(cpu.reg8(AL), 0xFF);  // no device: the data lines float high
}

// x86-bus.md 7 (IBM 5150 Technical Reference; reenigne): PIT channel 1 asks for a DMA refresh
// every 72 CPU clocks; the DMA controller owns the bus 4 clocks each time, and only takes it
// while the CPU's bus is idle or in T3/Tw/T4, never in T1/T2.
TEST(X86CycleBus, PcRefreshTakesTheBusFourClocksInEverySeventyTwo) {
  CycleHarness h(CpuModel::i8088);
  h.cpu.setRefreshPeriod(72);
  fillNops(h, 2000);
  h.steps(1000);
  std::vector<uint64_t> starts;
  uint64_t run = 0;
  for (size_t i = 0; i < h.trace.records.size(); ++i) {
    const auto& r = h.trace.records[i];
    if (r.dma) {
      if (run == 0) {
        // Granted at the end of the clock before; the CPU may go on into T1/T2 meanwhile and
        // then waits in T3 while READY is low.
        starts.push_back(r.clock);
        ASSERT_GT(i, 0u);
        const TState grantedIn = h.trace.records[i - 1].tstate;
        EXPECT_TRUE(grantedIn != TState::T1 && grantedIn != TState::T2) << "DMA granted in " << tStateName(grantedIn);
      }
      ++run;
    } else if (run != 0) {
      EXPECT_EQ(run, 4u) << "at clock " << starts.back();
      run = 0;
    }
  }
  ASSERT_GE(starts.size(), 40u);
  // Requests come every 72 clocks; a grant may wait for the CPU's T1/T2 to pass (at most 2).
  for (size_t i = 1; i < starts.size(); ++i) {
    EXPECT_GE(starts[i] - starts[i - 1], 70u);
    EXPECT_LE(starts[i] - starts[i - 1], 74u);
  }
  // The refresh slows the bus-bound 8088 NOP stream: without it 4 clocks per NOP (above).
  CycleHarness plain(CpuModel::i8088);
  fillNops(plain, 2000);
  EXPECT_GT(h.cpu.clockCount(), plain.steps(1000));
}

// A write whose T3 meets the refresh's READY-low window waits in Tw and lets the EU go on at its
// last Tw (x86-bus.md 4, "instruction end"; 7): a stream of PUSHes keeps finishing, one write each.
TEST(X86CycleBus, WritesWaitingForTheRefreshStillFinish) {
  CycleHarness h(CpuModel::i8088);
  h.cpu.setRefreshPeriod(72);
  for (uint16_t i = 0; i < 600; ++i) h.mem(0x1000, uint16_t(0x0100 + i)) = 0x50;  // push ax
  h.steps(500);
  EXPECT_EQ(h.cyclesOf(BusStatus::MemWrite).size(), 1000u);  // the 8088 writes a word in two cycles
  bool waited = false;
  for (const auto& r : h.trace.records) waited = waited || (r.tstate == TState::Tw && r.cycle == BusStatus::MemWrite);
  EXPECT_TRUE(waited);
}

// HLT: the 8086 data sheet's S2-S0 = 011 "halt" status, shown on the bus for one clock (T1),
// after which the bus stays idle and no more code is fetched (x86-bus.md 3, rule 13).
TEST(X86CycleBus, HltPutsTheHaltStatusOnTheBusOnceAndStopsPrefetching) {
  CycleHarness h;
  h.code({0xF4});
  h.cpu.step();
  const auto halts = h.cyclesOf(BusStatus::Halt);
  ASSERT_EQ(halts.size(), 1u);
  const uint64_t haltClock = halts[0]->clock;
  for (int i = 0; i < 10; ++i) h.cpu.step();
  EXPECT_TRUE(h.cpu.halted());
  for (const auto& r : h.trace.records) {
    if (r.clock > haltClock) {
      EXPECT_EQ(r.tstate, TState::Ti) << r.clock;
    }
  }
}

// INTR: two INTA bus cycles, the vector read in the second (8086 data sheet, "Interrupt
// acknowledge"), before the flags, CS and IP are pushed.
struct OneVector : InterruptController {
  bool pending() const override { return !taken; }
  uint8_t acknowledge() override {
    taken = true;
    ++acknowledged;
    return 0x20;
  }
  bool taken = false;
  int acknowledged = 0;
};

TEST(X86CycleBus, InterruptIsAcknowledgedInTwoIntaCycles) {
  CycleHarness h;
  h.vector(0x20, 0x5000, 0x0000);
  OneVector pic;
  h.cpu.setInterruptController(&pic);
  h.cpu.setFlags(0x0200);  // IF
  fillNops(h, 8);
  h.cpu.step();  // the NOP, then the interrupt at the boundary
  h.cpu.step();
  EXPECT_EQ(h.cpu.seg(CS), 0x5000);
  EXPECT_EQ(pic.acknowledged, 1);
  const auto inta = h.cyclesOf(BusStatus::IntA);
  ASSERT_EQ(inta.size(), 2u);
  const auto writes = h.cyclesOf(BusStatus::MemWrite);
  ASSERT_EQ(writes.size(), 3u);  // FLAGS, CS, IP
  EXPECT_LT(inta[1]->clock, writes[0]->clock);
}

// x86-bus.md 1: a jump to an odd address on the 8086 fetches the word holding the target (odd
// address, BHE active) and queues one byte; every later fetch is an aligned word.
TEST(X86CycleBus, JumpToOddAddressFetchesOneByteThenAlignedWords) {
  CycleHarness h;
  h.code({0xEB, 0x01, 0x90});  // jmp short 0103h
  for (uint16_t i = 0x0103; i < 0x0140; ++i) h.mem(0x1000, i) = 0x90;
  h.steps(6);
  std::vector<uint32_t> fetched;
  bool oddFetchHadBhe = false;
  for (const auto& r : h.trace.records) {
    if (r.tstate != TState::T1 || r.cycle != BusStatus::Code) continue;
    if (r.address == 0x10103) oddFetchHadBhe = r.bhe;
    if (r.address == 0x10103 || !fetched.empty()) fetched.push_back(r.address);
  }
  ASSERT_GE(fetched.size(), 3u);
  EXPECT_TRUE(oddFetchHadBhe);
  EXPECT_EQ(fetched[0], 0x10103u);
  EXPECT_EQ(fetched[1], 0x10104u);
  EXPECT_EQ(fetched[2], 0x10106u);
}

}  // namespace
}  // namespace asmlab::x86::test
