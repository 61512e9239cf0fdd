// The clocks of the last instructions the CPU executed under the cycle model: a ClockSink that
// keeps a ring of the most recent instructions (and interrupt entries), each with its clock
// records, for the debugger's bus view or any front end that explains an instruction's time.
// Memory is bounded: at most `capacity` instructions, each with at most `maxClocks` records (a
// long REP string keeps its first clocks and counts the rest).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "asmlab/x86/bus_trace.hpp"

namespace asmlab::x86 {

struct LoggedInstruction {
  bool interrupt = false;         // an interrupt entry (NMI, INTR, single-step), not an instruction
  uint16_t cs = 0, ip = 0;        // where the instruction began (its first prefix)
  uint64_t clocks = 0;            // the clocks it took: every record, kept or not
  std::vector<ClockRecord> records;  // its first clocks (all of them unless `clocks` is larger)
};

class BusLog : public ClockSink {
public:
  explicit BusLog(size_t capacity = 64, size_t maxClocks = 512);

  void clock(const ClockRecord& record) override;
  void instructionStart(uint16_t cs, uint16_t ip) override;
  void interruptStart() override;

  void clear();
  // Instructions kept, oldest first.
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  const LoggedInstruction& operator[](size_t i) const { return ring_[(first_ + i) % ring_.size()]; }
  const LoggedInstruction& back() const { return (*this)[count_ - 1]; }
  size_t capacity() const { return ring_.size(); }
  size_t maxClocks() const { return maxClocks_; }

private:
  LoggedInstruction& begin();

  std::vector<LoggedInstruction> ring_;
  size_t first_ = 0, count_ = 0;
  size_t maxClocks_;
};

// Clocks of `entry` per use (indexed by ClockUse), counted over its kept records.
std::vector<unsigned> clockUses(const LoggedInstruction& entry);

}  // namespace asmlab::x86
