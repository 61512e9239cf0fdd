// The 8088's bus interface unit (docs/x86-cpu.md, "Cycle model"), against the 8088 facts of
// ../shared/reference/x86-bus.md section 6 (4-byte queue, byte fetches, room for one byte, a
// word as two byte cycles) and the prefetch rules of its section 3 (rule 5: "two cycles to begin
// a fetch after reading from a full queue"). Expected rows are worked out by hand from those
// rules; the queue status is reported one clock after the read (Intel 8086 data sheet, QS1-QS0).
#include <gtest/gtest.h>

#include <vector>

#include "asmlab/x86/bus_trace.hpp"
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

struct Cycle8088 : Harness {
  Cycle8088() : Harness(CpuModel::i8088) {
    EXPECT_TRUE(cpu.setTimingModel(TimingModel::Cycle));
    cpu.setClockSink(&trace);
  }
  ClockVector trace;
};

// Section 6: the queue holds 4 bytes and the BIU fetches one byte a cycle. A MUL CL (about 70
// clocks without a bus cycle of its own) leaves the BIU time to fill the queue: it ends with 4
// bytes queued and the bus idle, every fetch a one-byte code cycle at the next address.
TEST(X86Cycle8088, QueueHoldsFourBytesFetchedOneAtATime) {
  Cycle8088 h;
  h.code({0xF6, 0xE1, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90});  // mul cl; nop...
  h.cpu.setReg8(AL, 3);
  h.cpu.setReg8(CL, 5);
  h.cpu.step();
  EXPECT_EQ(h.cpu.reg16(AX), 15);
  EXPECT_EQ(h.cpu.prefetchQueue(), (std::vector<uint8_t>{0x90, 0x90, 0x90, 0x90}));
  std::vector<uint32_t> fetched;
  for (const ClockRecord& r : h.trace.records) {
    EXPECT_LE(r.queueLength, 4u);
    if (r.tstate == TState::T1 && r.cycle == BusStatus::Code) fetched.push_back(r.address);
    if (r.tstate == TState::T3 && r.cycle == BusStatus::Code) {
      EXPECT_FALSE(r.bhe);           // no BHE on the 8088 (section 6)
      EXPECT_LE(r.data, 0xFFu);      // one byte on the 8-bit bus
    }
  }
  // From an empty queue: the two bytes of MUL, then the four NOPs that fill the queue.
  ASSERT_EQ(fetched.size(), 6u);
  for (size_t i = 0; i < fetched.size(); ++i) EXPECT_EQ(fetched[i], 0x10100u + i);
  // The queue is full for the last clocks of the MUL: the bus is idle (Ti) there.
  const ClockRecord& lastClock = h.trace.records.back();
  EXPECT_EQ(lastClock.tstate, TState::Ti);
  EXPECT_EQ(lastClock.queueLength, 4u);
}

// Section 3 rule 1 (8088: a fetch needs room for one byte, length <= 3) and rule 5 (from a full
// queue the fetch's T1 comes two rows after the row that reports the read making room). The NOP
// after the MUL takes one byte from the full queue: its F row is the first row; the byte fetch of
// 0106h (after the 4 queued bytes 0102h-0105h) has its T1 on the third row, T2-T4 follow.
TEST(X86Cycle8088, OneFreeByteStartsAFetchTwoRowsAfterTheRead) {
  Cycle8088 h;
  h.code({0xF6, 0xE1, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90});
  h.cpu.step();
  ASSERT_EQ(h.cpu.prefetchQueue().size(), 4u);
  h.trace.records.clear();
  h.cpu.step();  // nop
  h.cpu.step();  // nop
  const auto& r = h.trace.records;
  ASSERT_GE(r.size(), 6u);
  EXPECT_EQ(r[0].queueOp, QueueOp::First);
  EXPECT_EQ(r[0].queueByte, 0x90);
  EXPECT_EQ(r[0].queueLength, 3u);
  EXPECT_EQ(r[0].tstate, TState::Ti);
  EXPECT_EQ(r[1].tstate, TState::Ti);
  EXPECT_EQ(r[2].tstate, TState::T1);
  EXPECT_EQ(r[2].cycle, BusStatus::Code);
  EXPECT_EQ(r[2].address, 0x10106u);
  EXPECT_EQ(r[3].tstate, TState::T2);
  EXPECT_EQ(r[4].tstate, TState::T3);
  EXPECT_EQ(r[4].data, 0x90);
  EXPECT_EQ(r[5].tstate, TState::T4);
}

// Section 6: every word access is two byte cycles back to back, the low byte at the address and
// the high byte at address+1, never split by a prefetch (Intel's "+4 clocks per word transfer").
// MOV AX,[BX] reads 1234h from an even address; MOV [BX+2],AX writes it back as two MEMW cycles.
TEST(X86Cycle8088, WordOperandIsTwoByteCyclesBackToBack) {
  Cycle8088 h;
  h.code({0x8B, 0x07, 0x89, 0x47, 0x02, 0x90, 0x90, 0x90});  // mov ax,[bx]; mov [bx+2],ax
  h.cpu.setReg16(BX, 0x0200);
  h.setWord(0x2000, 0x0200, 0x1234);
  h.cpu.step();
  h.cpu.step();
  h.cpu.step();  // a NOP: the write lets the EU go on at its T3, so its T4 falls in the NOP
  EXPECT_EQ(h.cpu.reg16(AX), 0x1234);
  EXPECT_EQ(h.word(0x2000, 0x0202), 0x1234);
  for (BusStatus kind : {BusStatus::MemRead, BusStatus::MemWrite}) {
    const uint32_t base = kind == BusStatus::MemRead ? 0x20200u : 0x20202u;
    std::vector<size_t> t1;
    for (size_t i = 0; i < h.trace.records.size(); ++i)
      if (h.trace.records[i].tstate == TState::T1 && h.trace.records[i].cycle == kind) t1.push_back(i);
    ASSERT_EQ(t1.size(), 2u) << busStatusName(kind);
    ASSERT_LT(t1[1] + 3, h.trace.records.size());
    EXPECT_EQ(t1[1], t1[0] + 4) << busStatusName(kind);  // T1 T2 T3 T4 T1: no clock between them
    EXPECT_EQ(h.trace.records[t1[0]].address, base);
    EXPECT_EQ(h.trace.records[t1[1]].address, base + 1);
    EXPECT_EQ(h.trace.records[t1[0] + 2].data, 0x34);  // T3: the low byte first
    EXPECT_EQ(h.trace.records[t1[1] + 2].data, 0x12);
    for (size_t i = t1[0]; i < t1[1] + 4; ++i) EXPECT_EQ(h.trace.records[i].cycle, kind) << i;
  }
}

}  // namespace
}  // namespace asmlab::x86::test
