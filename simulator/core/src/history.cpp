#include "asmlab/sim/history.hpp"

#include <algorithm>
#include <string>

namespace asmlab::sim {

History::History(Machine& machine, uint64_t interval, size_t maxSnapshots)
    : machine_(machine), interval_(interval == 0 ? 1 : interval), maxSnapshots_(maxSnapshots < 4 ? 4 : maxSnapshots) {
  reset();
}

void History::reset() {
  snapshots_.clear();
  snapshots_.push_back(machine_.saveSnapshot());
}

void History::checkpoint() {
  const uint64_t now = machine_.instructionCount();
  while (!snapshots_.empty() && snapshots_.back()->instructionCount() >= now) snapshots_.pop_back();
  snapshots_.push_back(machine_.saveSnapshot());
  thin();
}

void History::record() {
  const uint64_t now = machine_.instructionCount();
  // After stepping back, the snapshots ahead still describe the (deterministic) future.
  if (snapshots_.empty() || now >= snapshots_.back()->instructionCount() + interval_) {
    snapshots_.push_back(machine_.saveSnapshot());
    thin();
  }
}

void History::thin() {
  if (snapshots_.size() <= maxSnapshots_) return;
  // Keep the earliest and the latest, drop every other one in between; the interval doubles.
  std::vector<std::unique_ptr<MachineSnapshot>> kept;
  for (size_t i = 0; i < snapshots_.size(); ++i) {
    if (i % 2 == 0 || i + 1 == snapshots_.size()) kept.push_back(std::move(snapshots_[i]));
  }
  snapshots_ = std::move(kept);
  interval_ *= 2;
}

StopInfo History::run(const RunLimits& limits) {
  // Run in slices of the snapshot interval so the past stays reachable cheaply.
  const uint64_t start = machine_.instructionCount();
  const uint64_t startClocks = machine_.clockCount();
  if (reportedBreakpoint_ == start && limits.maxInstructions > 0) {
    // Resuming from the breakpoint reverseContinue() stopped at: leave it before running on.
    reportedBreakpoint_ = UINT64_MAX;
    StopInfo first = machine_.step();
    record();
    if (first.reason != StopReason::Step) return first;
  }
  reportedBreakpoint_ = UINT64_MAX;
  for (;;) {
    RunLimits slice = limits;
    const uint64_t done = machine_.instructionCount() - start;
    const uint64_t remaining = limits.maxInstructions - std::min(done, limits.maxInstructions);
    const uint64_t nextSnapshot = snapshots_.back()->instructionCount() + interval_;
    const uint64_t now = machine_.instructionCount();
    const uint64_t untilSnapshot = nextSnapshot > now ? nextSnapshot - now : interval_;
    slice.maxInstructions = std::min(remaining, untilSnapshot);
    if (limits.maxClocks != UINT64_MAX) {
      const uint64_t used = machine_.clockCount() - startClocks;
      slice.maxClocks = limits.maxClocks - std::min(used, limits.maxClocks);
    }
    StopInfo stop = machine_.run(slice);
    record();
    if (stop.reason != StopReason::InstructionLimit) return stop;
    if (machine_.instructionCount() - start >= limits.maxInstructions) return stop;
  }
}

StopInfo History::step() {
  StopInfo s = machine_.step();
  record();
  return s;
}

StopInfo History::stepOver(const RunLimits& limits) {
  StopInfo s = machine_.stepOver(limits);
  record();
  return s;
}

StopInfo History::stepOut(const RunLimits& limits) {
  StopInfo s = machine_.stepOut(limits);
  record();
  return s;
}

uint64_t History::earliestInstruction() const {
  return snapshots_.empty() ? machine_.instructionCount() : snapshots_.front()->instructionCount();
}

bool History::canStepBack() const {
  return !snapshots_.empty() && machine_.instructionCount() > snapshots_.front()->instructionCount();
}

size_t History::latestAtOrBefore(uint64_t target) const {
  size_t best = 0;
  for (size_t i = 0; i < snapshots_.size(); ++i) {
    if (snapshots_[i]->instructionCount() <= target) best = i;
  }
  return best;
}

void History::runTo(uint64_t target) {
  const uint64_t from = machine_.instructionCount();
  if (target > from) {
    RunLimits limits;
    limits.maxInstructions = target - from;
    limits.stopAtBreakpoints = false;
    machine_.run(limits);
  }
}

void History::replay(size_t index, uint64_t target) {
  machine_.restoreSnapshot(*snapshots_[index]);
  runTo(target);
}

void History::rerun(uint64_t from, const std::function<void()>& atFrom) {
  const uint64_t now = machine_.instructionCount();
  if (snapshots_.empty()) {
    atFrom();
    return;
  }
  from = std::min(std::max(from, earliestInstruction()), now);
  const size_t index = latestAtOrBefore(from);
  replay(index, from);
  atFrom();
  for (size_t i = index + 1; i < snapshots_.size() && snapshots_[i]->instructionCount() <= now; ++i) {
    runTo(snapshots_[i]->instructionCount());
    machine_.restoreSnapshot(*snapshots_[i]);
  }
  runTo(now);
}

StopInfo History::goTo(uint64_t target) {
  const uint64_t now = machine_.instructionCount();
  if (target > now) return {StopReason::Step, machine_.programCounter(), "cannot go forward in history; run instead", 0};
  if (target < earliestInstruction()) {
    return {StopReason::Step, machine_.programCounter(),
            "instruction " + std::to_string(target) + " is older than the recorded history (it starts at instruction " +
                std::to_string(earliestInstruction()) + ")",
            0};
  }
  replay(latestAtOrBefore(target), target);
  return {StopReason::Step, machine_.programCounter(), {}, 0};
}

StopInfo History::stepBack() {
  if (!canStepBack()) {
    return {StopReason::Step, machine_.programCounter(), "no earlier state is recorded", 0};
  }
  return goTo(machine_.instructionCount() - 1);
}

StopInfo History::reverseContinue() {
  const uint64_t now = machine_.instructionCount();
  if (snapshots_.empty()) return {StopReason::Step, machine_.programCounter(), "no earlier state is recorded", 0};
  // Scan the recorded segments from the most recent backwards; in each, re-run with breakpoints
  // on and remember the last hit before `now`.
  size_t index = latestAtOrBefore(now == 0 ? 0 : now - 1);
  for (;;) {
    uint64_t segmentEnd = now;
    if (index + 1 < snapshots_.size()) segmentEnd = std::min(segmentEnd, snapshots_[index + 1]->instructionCount());
    uint64_t lastHit = UINT64_MAX;
    machine_.restoreSnapshot(*snapshots_[index]);
    while (machine_.instructionCount() < segmentEnd) {
      RunLimits limits;
      limits.maxInstructions = segmentEnd - machine_.instructionCount();
      StopInfo stop = machine_.run(limits);
      if (stop.reason == StopReason::Breakpoint) {
        if (machine_.instructionCount() < now) lastHit = machine_.instructionCount();
        continue;  // run() resumes past the breakpoint it stopped at
      }
      break;
    }
    if (lastHit != UINT64_MAX) {
      replay(index, lastHit);
      reportedBreakpoint_ = lastHit;
      return {StopReason::Breakpoint, machine_.programCounter(),
              "reverse-continued to the breakpoint at instruction " + std::to_string(lastHit), 0};
    }
    if (index == 0) break;
    --index;
  }
  replay(0, snapshots_.front()->instructionCount());
  return {StopReason::Step, machine_.programCounter(), "reached the start of the recorded history", 0};
}

}  // namespace asmlab::sim
