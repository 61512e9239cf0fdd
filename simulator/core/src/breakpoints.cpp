#include "asmlab/sim/breakpoints.hpp"

namespace asmlab::sim {

BreakpointSet::BreakpointSet(uint64_t addressSpaceSize) : flags_(addressSpaceSize, 0) {}

int BreakpointSet::addExecute(uint64_t address, std::function<bool(const Machine&)> condition, std::string description) {
  Breakpoint b;
  b.id = nextId_++;
  b.kind = Breakpoint::Kind::Execute;
  b.address = address;
  b.condition = std::move(condition);
  b.description = std::move(description);
  list_.emplace(b.id, std::move(b));
  rebuildFlags();
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
  list_.emplace(b.id, std::move(b));
  rebuildFlags();
  return nextId_ - 1;
}

int BreakpointSet::addPort(uint16_t port, WatchKind access, std::string description) {
  Breakpoint b;
  b.id = nextId_++;
  b.kind = Breakpoint::Kind::Port;
  b.address = port;
  b.access = access;
  b.description = std::move(description);
  list_.emplace(b.id, std::move(b));
  rebuildFlags();
  return nextId_ - 1;
}

int BreakpointSet::addInterrupt(uint8_t vector, int function, std::string description) {
  Breakpoint b;
  b.id = nextId_++;
  b.kind = Breakpoint::Kind::Interrupt;
  b.address = vector;
  b.function = function;
  b.description = std::move(description);
  list_.emplace(b.id, std::move(b));
  rebuildFlags();
  return nextId_ - 1;
}

bool BreakpointSet::remove(int id) {
  bool erased = list_.erase(id) != 0;
  if (erased) rebuildFlags();
  return erased;
}

bool BreakpointSet::setEnabled(int id, bool enabled) {
  auto* b = find(id);
  if (!b) return false;
  b->enabled = enabled;
  rebuildFlags();
  return true;
}

void BreakpointSet::clear() {
  list_.clear();
  rebuildFlags();
}

Breakpoint* BreakpointSet::find(int id) {
  auto it = list_.find(id);
  return it == list_.end() ? nullptr : &it->second;
}

void BreakpointSet::rebuildFlags() {
  ++version_;
  std::fill(flags_.begin(), flags_.end(), 0);
  portOrInterrupt_ = 0;
  for (const auto& [id, b] : list_) {
    if (!b.enabled) continue;
    switch (b.kind) {
      case Breakpoint::Kind::Execute:
        if (b.address < flags_.size()) flags_[b.address] |= kFlagExecute;
        break;
      case Breakpoint::Kind::Memory:
        for (uint64_t a = b.address; a < b.address + b.length && a < flags_.size(); ++a) {
          if (static_cast<uint8_t>(b.access) & 1) flags_[a] |= kFlagRead;
          if (static_cast<uint8_t>(b.access) & 2) flags_[a] |= kFlagWrite;
        }
        break;
      case Breakpoint::Kind::Port:
      case Breakpoint::Kind::Interrupt:
        ++portOrInterrupt_;
        break;
    }
  }
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
