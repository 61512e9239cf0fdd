// What the 8086/8088 does in one clock, as the cycle timing model records it: the bus interface
// unit's T-state, the bus cycle's status and address, and the prefetch queue operation.
// Intel 8086 data sheet (231455): "Bus operation", the S2-S0 and QS1-QS0 status tables.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asmlab::x86 {

// How the CPU's clocks are counted: Manual adds the Intel manual's clocks per instruction (table
// 2-21 plus EA and word-transfer times; fast); Cycle runs the bus interface unit clock by clock
// (prefetch queue, T-states, bus contention), as the real 8086/8088 does.
enum class TimingModel : uint8_t { Manual, Cycle };
const char* timingModelName(TimingModel model);
// Parses "manual" or "cycle"; false when unknown.
bool parseTimingModel(const std::string& text, TimingModel& model);

// Bus cycle status in the numbering of the MOO test format (not the raw S2-S0 pins).
enum class BusStatus : uint8_t { IntA, IoRead, IoWrite, MemRead, MemWrite, Halt, Code, Passive };
enum class TState : uint8_t { Ti, T1, T2, T3, T4, Tw };
// Queue status QS1:QS0 (data sheet): none, first byte of an opcode, queue emptied, subsequent
// byte. Shown one clock after the queue operation, as on the pins.
enum class QueueOp : uint8_t { None, First, Flush, Subsequent };
// Segment register status S4:S3 (data sheet): ES, SS, CS or none (code and I/O), DS.
enum class BusSegment : uint8_t { ES, SS, CS, DS, None };
// What the execution unit did in a clock: ran a microcode line, took a byte from the queue,
// waited for a queue byte (the queue was empty), waited for the bus operation it asked for,
// suspended prefetching (SUSP, waiting for a code fetch on the bus to end), or emptied the queue
// (FLUSH). The EU's side of the clock, which the bus pins do not show.
enum class EuActivity : uint8_t { Execute, QueueRead, QueueEmpty, BusWait, Suspend, Flush };
// Why a clock is a wait state (Tw): the device asked for it, or the PC's refresh DMA held READY low.
enum class WaitCause : uint8_t { None, Device, Refresh };

const char* busStatusName(BusStatus s);   // "CODE", "MEMR", "PASV", ...
const char* tStateName(TState t);         // "Ti", "T1", ...
char queueOpLetter(QueueOp q);            // 'F', 'S', 'E', '-'
const char* busSegmentName(BusSegment s); // "ES", "SS", "CS", "DS", "--"

// One clock. `status` is the cycle's status on T1 and T2 and Passive otherwise (S2-S0 return
// to passive in T3); `address` is meaningful on T1 (the address latched by ALE) and, for the
// cycle's other states, the address of the cycle in progress; `data` is valid on T3 (bits
// beyond the transfer's width are zero).
struct ClockRecord {
  uint64_t clock = 0;
  uint32_t address = 0;
  uint16_t data = 0;
  BusStatus status = BusStatus::Passive;
  BusStatus cycle = BusStatus::Passive;  // the cycle this T-state belongs to (Passive on Ti)
  TState tstate = TState::Ti;
  QueueOp queueOp = QueueOp::None;
  uint8_t queueByte = 0;     // the byte taken, on First and Subsequent clocks
  BusSegment segment = BusSegment::None;
  bool ale = false;          // address latch enable: T1
  bool bhe = false;          // bus high enable active (8086: odd byte or word; code fetches)
  bool dma = false;          // a DMA cycle (the PC's memory refresh) owns the bus this clock
  uint8_t queueLength = 0;   // bytes in the prefetch queue after this clock's queue operation
  EuActivity eu = EuActivity::Execute;  // what the execution unit did this clock
  WaitCause wait = WaitCause::None;     // on Tw: what held READY low
  uint8_t queue[6]{};        // the queue's bytes, oldest first (queueLength of them)
};

// Why the clock went by, from the execution unit's point of view: the explanation a debugger
// gives for an instruction's clock count. Derived from a record by clockUse().
enum class ClockUse : uint8_t {
  Execute,        // a microcode line (computing, the effective address, ...)
  QueueRead,      // took an opcode, ModRM, displacement or immediate byte from the queue
  QueueEmpty,     // waited for a byte: the queue was empty, the BIU fetching
  OwnCycle,       // its own bus cycle ran (T1-T4)
  AddressPhase,   // waited while the BIU set up its bus cycle (the clocks before T1)
  Prefetch,       // waited: the bus carried a code fetch when the EU wanted it
  Refresh,        // waited: the PC's DMA refresh had the bus or held READY low (Tw)
  WaitState,      // waited: a wait state the device asked for (Tw)
  Suspend,        // SUSP: waited for a code fetch to end before a jump
  Flush,          // FLUSH: emptied the queue for a jump
};
ClockUse clockUse(const ClockRecord& record);
const char* clockUseName(ClockUse use);  // "execute", "queue empty", "prefetch on bus", ...
// True for the uses in which the EU stood still waiting for the bus interface unit.
inline bool isBusWait(ClockUse use) {
  return use == ClockUse::QueueEmpty || use == ClockUse::AddressPhase || use == ClockUse::Prefetch ||
         use == ClockUse::Refresh || use == ClockUse::WaitState || use == ClockUse::Suspend;
}

// Receives every clock while the CPU runs under the cycle model (Cpu::setClockSink). The
// default keeps all of them; the debugger's bus view keeps the last few thousand.
class ClockSink {
public:
  virtual ~ClockSink() = default;
  virtual void clock(const ClockRecord& record) = 0;
  // An instruction begins at CS:IP (its first byte is taken from the queue); the clocks that
  // follow, up to the next call, are its own (including the wait for the next opcode byte).
  virtual void instructionStart(uint16_t /*cs*/, uint16_t /*ip*/) {}
  // The CPU enters an interrupt (NMI, INTR or the single-step trap) before the next instruction;
  // the clocks that follow are the interrupt sequence's.
  virtual void interruptStart() {}
};

// One clock as a line of text: the clock number, the T-state, the bus status and address (on T1,
// and through the cycle), the segment, the data on T3, the queue operation and the byte taken,
// what the EU did (clockUseName), the queue length, and "DMA" while the PC's refresh owns the
// bus. For traces and the debugger:
// "     12346  T2  CODE  0A4C2  CS         F 8A  queue read       q=3".
std::string formatClock(const ClockRecord& record);

class ClockVector : public ClockSink {
public:
  void clock(const ClockRecord& record) override { records.push_back(record); }
  std::vector<ClockRecord> records;
};

}  // namespace asmlab::x86
