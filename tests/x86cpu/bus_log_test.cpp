// The bus log (the debugger's bus view) against real-silicon records: two tests of the
// SingleStepTests 8086 suite (../shared/conformance/8086/8B.MOO.gz, "mov si, word [ds:bx]" and
// "mov bx, word [ds:bx]"), whose initial state and per-clock CYCL records are copied below. The
// same instruction takes 14 clocks with its word at an even address and 18 at an odd one, where
// the 8086 moves the word as two byte cycles (Intel 8086 Family User's Manual, 2.3 "Memory"). The
// EU's part of each clock follows the data sheet's queue status: a clock that shows F or S is a
// queue read (QS1-QS0 report the read one clock late, as the records do).
#include <gtest/gtest.h>

#include <vector>

#include "asmlab/x86/bus_log.hpp"
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

struct SiliconClock {
  TState t;
  BusStatus cycle;  // the cycle the T-state belongs to (Passive on Ti)
  uint32_t address; // on T1
  char queueOp;     // 'F', 'S' or '-'
};

// Loads a test's initial state (registers, queue, RAM) and runs its one instruction into a log.
BusLog runSiliconTest(uint16_t cs, uint16_t ip, uint16_t ds, uint16_t bx, std::vector<uint8_t> queue,
                      uint32_t dataAddress, uint8_t lo, uint8_t hi) {
  Harness h;
  EXPECT_TRUE(h.cpu.setTimingModel(TimingModel::Cycle));
  RegisterFile r = h.cpu.registers();
  r.cs = cs;
  r.ip = ip;
  r.ds = ds;
  r.ebx = bx;
  h.cpu.setRegisters(r);
  const uint32_t code = (uint32_t{cs} << 4) + ip;
  for (uint32_t i = 0; i < 16; ++i) h.bus.ram()[code + i] = i < queue.size() ? queue[i] : 0x90;
  h.bus.ram()[dataAddress] = lo;
  h.bus.ram()[dataAddress + 1] = hi;
  h.cpu.loadPrefetchQueue(queue);
  BusLog log(4);
  h.cpu.setClockSink(&log);
  h.cpu.step();
  h.cpu.setClockSink(nullptr);
  return log;
}

void expectSilicon(const LoggedInstruction& e, const std::vector<SiliconClock>& expected) {
  ASSERT_EQ(e.records.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const ClockRecord& r = e.records[i];
    EXPECT_EQ(r.tstate, expected[i].t) << "clock " << i + 1;
    if (expected[i].t != TState::Ti) {
      EXPECT_EQ(r.cycle, expected[i].cycle) << "clock " << i + 1;
    }
    if (expected[i].t == TState::T1) {
      EXPECT_EQ(r.address, expected[i].address) << "clock " << i + 1;
    }
    EXPECT_EQ(queueOpLetter(r.queueOp), expected[i].queueOp) << "clock " << i + 1;
    // The EU's queue reads are the clocks whose queue status shows them.
    const bool read = expected[i].queueOp == 'F' || expected[i].queueOp == 'S';
    EXPECT_EQ(clockUse(r) == ClockUse::QueueRead, read) << "clock " << i + 1;
    // The clocks of the EU's own memory read are its bus cycle, not a wait.
    if (expected[i].t != TState::Ti && expected[i].cycle == BusStatus::MemRead) {
      EXPECT_EQ(clockUse(r), ClockUse::OwnCycle) << "clock " << i + 1;
    }
  }
}

constexpr auto Ti = TState::Ti, T1 = TState::T1, T2 = TState::T2, T3 = TState::T3, T4 = TState::T4;
constexpr auto Code = BusStatus::Code, Read = BusStatus::MemRead, Pasv = BusStatus::Passive;

TEST(X86BusLog, WordAtAnEvenAddressIsOneReadCycle) {
  // mov si,[bx]: CS:IP 965A:D543, DS 497F, BX CDFC -> 565ECh; queue 8B 37 90 90 90.
  const BusLog log = runSiliconTest(0x965A, 0xD543, 0x497F, 0xCDFC, {0x8B, 0x37, 0x90, 0x90, 0x90}, 0x565EC, 0x18, 0x4F);
  ASSERT_EQ(log.size(), 1u);
  const LoggedInstruction& e = log[0];
  EXPECT_FALSE(e.interrupt);
  EXPECT_EQ(e.cs, 0x965A);
  EXPECT_EQ(e.ip, 0xD543);
  EXPECT_EQ(e.clocks, 14u);
  expectSilicon(e, {{Ti, Pasv, 0, 'F'}, {Ti, Pasv, 0, 'S'}, {T1, Code, 0xA3AE8, '-'}, {T2, Code, 0, '-'},
                    {T3, Code, 0, '-'}, {T4, Code, 0, '-'}, {Ti, Pasv, 0, '-'}, {Ti, Pasv, 0, '-'},
                    {T1, Read, 0x565EC, '-'}, {T2, Read, 0, '-'}, {T3, Read, 0, '-'}, {T4, Read, 0, '-'},
                    {Ti, Pasv, 0, '-'}, {Ti, Pasv, 0, '-'}});
  EXPECT_EQ(e.records[10].data, 0x4F18);  // T3: the word read
  EXPECT_EQ(clockUses(e)[unsigned(ClockUse::OwnCycle)], 4u);
  EXPECT_EQ(clockUses(e)[unsigned(ClockUse::QueueRead)], 2u);
}

TEST(X86BusLog, WordAtAnOddAddressIsTwoByteCyclesAndFourClocksMore) {
  // mov bx,[bx]: CS:IP 4B59:316D, DS 629A, BX 0BDB -> 6357Bh (odd); queue 8B 1F 90 90 90.
  const BusLog log = runSiliconTest(0x4B59, 0x316D, 0x629A, 0x0BDB, {0x8B, 0x1F, 0x90, 0x90, 0x90}, 0x6357B, 0xFD, 0x3A);
  ASSERT_EQ(log.size(), 1u);
  const LoggedInstruction& e = log[0];
  EXPECT_EQ(e.clocks, 18u);
  expectSilicon(e, {{Ti, Pasv, 0, 'F'}, {Ti, Pasv, 0, 'S'}, {T1, Code, 0x4E702, '-'}, {T2, Code, 0, '-'},
                    {T3, Code, 0, '-'}, {T4, Code, 0, '-'}, {Ti, Pasv, 0, '-'}, {Ti, Pasv, 0, '-'},
                    {T1, Read, 0x6357B, '-'}, {T2, Read, 0, '-'}, {T3, Read, 0, '-'}, {T4, Read, 0, '-'},
                    {T1, Read, 0x6357C, '-'}, {T2, Read, 0, '-'}, {T3, Read, 0, '-'}, {T4, Read, 0, '-'},
                    {Ti, Pasv, 0, '-'}, {Ti, Pasv, 0, '-'}});
  EXPECT_EQ(clockUses(e)[unsigned(ClockUse::OwnCycle)], 8u);
}

// x86-bus.md 1: a NOP takes one queue byte and 3 clocks when the queue keeps up (8086). The log
// keeps the last `capacity` instructions and at most `maxClocks` records of each.
TEST(X86BusLog, KeepsTheLastInstructionsAndBoundsTheirClocks) {
  Harness h;
  ASSERT_TRUE(h.cpu.setTimingModel(TimingModel::Cycle));
  for (unsigned i = 0; i < 200; ++i) h.mem(0x1000, uint16_t(0x0100 + i)) = 0x90;
  BusLog log(8, 2);
  h.cpu.setClockSink(&log);
  for (int i = 0; i < 50; ++i) h.cpu.step();
  ASSERT_EQ(log.size(), 8u);
  EXPECT_EQ(log.back().ip, 0x0100 + 49);
  EXPECT_EQ(log[0].ip, 0x0100 + 42);
  for (size_t i = 0; i < log.size(); ++i) {
    EXPECT_EQ(log[i].clocks, 3u);
    EXPECT_EQ(log[i].records.size(), 2u);
  }
}

// A queue byte shown in the records is the queue's oldest byte before the read (the log's queue
// contents follow the bytes the EU takes).
TEST(X86BusLog, QueueContentsAreTheBytesAtIp) {
  const BusLog log = runSiliconTest(0x965A, 0xD543, 0x497F, 0xCDFC, {0x8B, 0x37, 0x90, 0x90, 0x90}, 0x565EC, 0x18, 0x4F);
  const ClockRecord& afterOpcode = log[0].records[0];  // F 8B shown: the opcode was taken
  ASSERT_GE(afterOpcode.queueLength, 1u);
  EXPECT_EQ(afterOpcode.queue[0], 0x37);
  const ClockRecord& afterFetch = log[0].records[6];  // the clock after the code fetch's T4
  EXPECT_EQ(afterFetch.queueLength, 5u);             // 90 90 90 + the word fetched
  EXPECT_EQ(afterFetch.queue[3], 0x90);
}

// An interrupt sequence is an entry of its own. Intel 8086 Family User's Manual, 2.8
// "Interrupts": the CPU reads the vector's IP and CS and pushes FLAGS, CS and IP; on the 8086 at
// even addresses that is 2 word reads and 3 word writes. Here the single-step trap after a NOP
// with TF set (interrupt 1, vector at 0004h).
TEST(X86BusLog, AnInterruptEntryIsItsOwnEntryWithItsBusCycles) {
  Harness h;
  ASSERT_TRUE(h.cpu.setTimingModel(TimingModel::Cycle));
  h.vector(1, 0x3000, 0x0000);
  h.code({0x90, 0x90, 0x90});
  h.cpu.setFlags(0x0100);  // TF
  BusLog log;
  h.cpu.setClockSink(&log);
  h.cpu.step();  // the NOP
  h.cpu.step();  // interrupt 1
  ASSERT_EQ(log.size(), 2u);
  EXPECT_FALSE(log[0].interrupt);
  EXPECT_EQ(log[0].ip, 0x0100);
  ASSERT_TRUE(log[1].interrupt);
  std::vector<uint32_t> reads, writes;
  for (const ClockRecord& r : log[1].records) {
    if (r.tstate != TState::T1) continue;
    if (r.cycle == BusStatus::MemRead) reads.push_back(r.address);
    if (r.cycle == BusStatus::MemWrite) writes.push_back(r.address);
  }
  EXPECT_EQ(reads, (std::vector<uint32_t>{0x00004, 0x00006}));
  EXPECT_EQ(writes.size(), 3u);
  EXPECT_EQ(log[1].clocks, log[1].records.size());
}

}  // namespace
}  // namespace asmlab::x86::test
