#include "asmlab/sim/breakpoints.hpp"

#include <algorithm>

namespace asmlab::sim {

BreakpointSet::BreakpointSet(uint64_t addressSpaceSize) : flags_(addressSpaceSize, 0) {}

int BreakpointSet::addExecute(uint64_t address, std::function<bool(const Machine&)> condition, std::string description) {
  Breakpoint b;
  b.id = nextId_++;
  b.kind = Breakpoint::Kind::Execute;
  b.address = address;
  b.condition = std::move(condition);
  b.description = std::move(description);
  added(list_.emplace(b.id, std::move(b)).first->second);
  return nextId_ - 1;
}

int BreakpointSet::addWatch(uint64_t address, uint64_t length, WatchKind access,
                            std::function<bool(const Machine&)> condition, std::string description) {
  Breakpoint b;
  b.id = nextId_++;
  b.kind = Breakpoint::Kind::Memory;
  b.address = address;
  b.length = length == 0 ? 1 : length;
  b.access = access;
  b.condition = std::move(condition);
  b.description = std::move(description);
  added(list_.emplace(b.id, std::move(b)).first->second);
  return nextId_ - 1;
}

int BreakpointSet::addPort(uint16_t port, WatchKind access, std::string description) {
  Breakpoint b;
  b.id = nextId_++;
  b.kind = Breakpoint::Kind::Port;
  b.address = port;
  b.access = access;
  b.description = std::move(description);
  added(list_.emplace(b.id, std::move(b)).first->second);
  return nextId_ - 1;
}

int BreakpointSet::addInterrupt(uint8_t vector, int function, std::string description) {
  Breakpoint b;
  b.id = nextId_++;
  b.kind = Breakpoint::Kind::Interrupt;
  b.address = vector;
  b.function = function;
  b.description = std::move(description);
  added(list_.emplace(b.id, std::move(b)).first->second);
  return nextId_ - 1;
}

bool BreakpointSet::remove(int id) {
  auto it = list_.find(id);
  if (it == list_.end()) return false;
  Breakpoint gone = std::move(it->second);
  list_.erase(it);
  removed(gone);
  return true;
}

bool BreakpointSet::setEnabled(int id, bool enabled) {
  auto* b = find(id);
  if (!b) return false;
  if (b->enabled == enabled) return true;
  b->enabled = enabled;
  if (enabled) {
    added(*b);
  } else {
    ++version_;
    clearFlagsOf(*b);  // b is disabled now, so the recomputation leaves it out
  }
  return true;
}

void BreakpointSet::clear() {
  if (list_.empty()) return;  // nothing to change: the flag table (and its version) stay
  std::vector<Breakpoint> gone;
  for (auto& [id, b] : list_) gone.push_back(std::move(b));
  list_.clear();
  for (const auto& b : gone) removed(b);
}

Breakpoint* BreakpointSet::find(int id) {
  auto it = list_.find(id);
  return it == list_.end() ? nullptr : &it->second;
}

// The flag table is kept up to date breakpoint by breakpoint (a grader adds and removes dozens
// per run): an addition sets its bits, a removal recomputes only the addresses it covered.
void BreakpointSet::added(const Breakpoint& b) {
  ++version_;
  if (!b.enabled) return;
  switch (b.kind) {
    case Breakpoint::Kind::Execute:
      if (b.address < flags_.size()) flags_[b.address] |= kFlagExecute;
      break;
    case Breakpoint::Kind::Memory:
      for (uint64_t a = b.address; a < b.address + b.length && a < flags_.size(); ++a) flags_[a] |= watchFlags(b);
      break;
    case Breakpoint::Kind::Port:
    case Breakpoint::Kind::Interrupt:
      ++portOrInterrupt_;
      break;
  }
}

void BreakpointSet::removed(const Breakpoint& b) {
  ++version_;
  if (b.enabled) clearFlagsOf(b);
}

void BreakpointSet::clearFlagsOf(const Breakpoint& b) {
  switch (b.kind) {
    case Breakpoint::Kind::Execute: recompute(b.address, 1); break;
    case Breakpoint::Kind::Memory: recompute(b.address, b.length); break;
    case Breakpoint::Kind::Port:
    case Breakpoint::Kind::Interrupt: --portOrInterrupt_; break;
  }
}

uint8_t BreakpointSet::watchFlags(const Breakpoint& b) {
  uint8_t f = 0;
  if (static_cast<uint8_t>(b.access) & 1) f |= kFlagRead;
  if (static_cast<uint8_t>(b.access) & 2) f |= kFlagWrite;
  return f;
}

void BreakpointSet::recompute(uint64_t from, uint64_t length) {
  const uint64_t end = std::min<uint64_t>(from + length, flags_.size());
  if (from >= end) return;
  for (uint64_t a = from; a < end; ++a) flags_[a] &= kFlagCodeEnd;
  for (const auto& [id, b] : list_) {
    if (!b.enabled) continue;
    if (b.kind == Breakpoint::Kind::Execute && b.address >= from && b.address < end) {
      flags_[b.address] |= kFlagExecute;
    } else if (b.kind == Breakpoint::Kind::Memory && b.address < end && b.address + b.length > from) {
      for (uint64_t a = std::max(from, b.address); a < std::min(end, b.address + b.length); ++a) flags_[a] |= watchFlags(b);
    }
  }
}

void BreakpointSet::markCodeEnd(uint64_t address) {
  if (address >= flags_.size()) return;
  ++version_;
  flags_[address] |= kFlagCodeEnd;
  codeEnds_.push_back(address);
}

void BreakpointSet::clearCodeEnds() {
  if (codeEnds_.empty()) return;
  ++version_;
  for (uint64_t a : codeEnds_) flags_[a] &= static_cast<uint8_t>(~kFlagCodeEnd);
  codeEnds_.clear();
}

namespace {
bool conditionHolds(const Breakpoint& b, const Machine& m) { return !b.condition || b.condition(m); }
}  // namespace

const Breakpoint* BreakpointSet::executeHit(uint64_t address, const Machine& m) {
  for (auto& [id, b] : list_) {
    if (b.enabled && b.kind == Breakpoint::Kind::Execute && b.address == address && conditionHolds(b, m)) {
      ++b.hits;
      return &b;
    }
  }
  return nullptr;
}

const Breakpoint* BreakpointSet::memoryHit(uint64_t address, bool write, const Machine& m) {
  uint8_t want = write ? 2 : 1;
  for (auto& [id, b] : list_) {
    if (b.enabled && b.kind == Breakpoint::Kind::Memory && address >= b.address && address < b.address + b.length &&
        (static_cast<uint8_t>(b.access) & want) && conditionHolds(b, m)) {
      ++b.hits;
      return &b;
    }
  }
  return nullptr;
}

const Breakpoint* BreakpointSet::portHit(uint16_t port, bool write, const Machine& m) {
  uint8_t want = write ? 2 : 1;
  for (auto& [id, b] : list_) {
    if (b.enabled && b.kind == Breakpoint::Kind::Port && b.address == port && (static_cast<uint8_t>(b.access) & want) &&
        conditionHolds(b, m)) {
      ++b.hits;
      return &b;
    }
  }
  return nullptr;
}

const Breakpoint* BreakpointSet::interruptHit(uint8_t vector, uint8_t ah, const Machine& m) {
  for (auto& [id, b] : list_) {
    if (b.enabled && b.kind == Breakpoint::Kind::Interrupt && b.address == vector && (b.function < 0 || b.function == ah) &&
        conditionHolds(b, m)) {
      ++b.hits;
      return &b;
    }
  }
  return nullptr;
}

}  // namespace asmlab::sim
