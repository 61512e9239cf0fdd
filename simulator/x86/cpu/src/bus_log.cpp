#include "asmlab/x86/bus_log.hpp"

namespace asmlab::x86 {

BusLog::BusLog(size_t capacity, size_t maxClocks) : ring_(capacity == 0 ? 1 : capacity), maxClocks_(maxClocks) {}

void BusLog::clear() {
  first_ = count_ = 0;
}

// The next slot: a new one while the ring has room, else the oldest, reused (its records'
// storage too). An entry that received no clock is taken over by the next one.
LoggedInstruction& BusLog::begin() {
  if (count_ != 0 && (*this)[count_ - 1].clocks == 0) {
    LoggedInstruction& last = ring_[(first_ + count_ - 1) % ring_.size()];
    last.records.clear();
    return last;
  }
  if (count_ == ring_.size()) {
    first_ = (first_ + 1) % ring_.size();
  } else {
    ++count_;
  }
  LoggedInstruction& e = ring_[(first_ + count_ - 1) % ring_.size()];
  e.records.clear();
  e.clocks = 0;
  return e;
}

void BusLog::instructionStart(uint16_t cs, uint16_t ip) {
  LoggedInstruction& e = begin();
  e.interrupt = false;
  e.cs = cs;
  e.ip = ip;
}

void BusLog::interruptStart() {
  LoggedInstruction& e = begin();
  e.interrupt = true;
  e.cs = e.ip = 0;
}

void BusLog::clock(const ClockRecord& record) {
  if (count_ == 0) return;  // clocks before the first instruction boundary seen belong to none
  LoggedInstruction& e = ring_[(first_ + count_ - 1) % ring_.size()];
  ++e.clocks;
  if (e.records.size() < maxClocks_) e.records.push_back(record);
}

std::vector<unsigned> clockUses(const LoggedInstruction& entry) {
  std::vector<unsigned> counts(unsigned(ClockUse::Flush) + 1, 0);
  for (const ClockRecord& r : entry.records) ++counts[unsigned(clockUse(r))];
  return counts;
}

}  // namespace asmlab::x86
