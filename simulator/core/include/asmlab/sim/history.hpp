// Step-back history for any Machine: periodic snapshots plus deterministic re-execution. Going
// back to instruction N restores the latest snapshot taken at or before N and re-runs the machine
// to N with breakpoints off; since a machine is a pure function of its state and inputs, the
// result is exactly the state it had then.
//
// Rules for the front end:
// - Call checkpoint() after every change made from outside the program (input fed, memory or a
//   register edited, PC moved): snapshots older than such a change cannot replay past it.
// - Run the machine through this class (run, step, stepOver, stepOut), or call record() after
//   running it directly, so that snapshots are taken as execution advances.
// - Clear the machine's trace sink while stepping back: re-execution runs the machine normally.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "asmlab/sim/machine.hpp"

namespace asmlab::sim {

class History {
public:
  // `interval`: instructions between periodic snapshots; `maxSnapshots`: when more would be kept,
  // every other snapshot is dropped and the interval doubles, so memory stays bounded.
  explicit History(Machine& machine, uint64_t interval = 1'000'000, size_t maxSnapshots = 64);

  // Forgets the past and records the current state as the earliest reachable one.
  void reset();
  // Records the current state after an outside change, dropping snapshots of the old future.
  void checkpoint();
  // Takes a periodic snapshot if execution has advanced far enough since the last one.
  void record();

  StopInfo run(const RunLimits& limits);
  StopInfo step();
  StopInfo stepOver(const RunLimits& limits);
  StopInfo stepOut(const RunLimits& limits);

  bool canStepBack() const;
  // Back to instruction count N-1 (StopReason::Step), or unchanged with a message if impossible.
  StopInfo stepBack();
  // Back to instruction count `target` (<= the current count and >= the earliest snapshot).
  StopInfo goTo(uint64_t target);
  // Back to the most recent earlier moment at which a breakpoint stopped (or would have stopped)
  // execution; StopReason::Breakpoint there, or StopReason::Step at the earliest recorded state
  // when no breakpoint was hit in the recorded past.
  StopInfo reverseContinue();

  // Re-executes the recorded past from instruction `from` (at least the earliest) up to the
  // current one, calling `atFrom` when the machine stands at `from` (a front end attaches a
  // recorder there). A snapshot met on the way is restored when its count is reached, so an
  // outside change recorded there (input, an edit) happens again; the machine ends in the state
  // it is in now.
  void rerun(uint64_t from, const std::function<void()>& atFrom);

  uint64_t earliestInstruction() const;
  size_t snapshotCount() const { return snapshots_.size(); }
  uint64_t interval() const { return interval_; }

private:
  // Index of the latest snapshot whose count is <= target (snapshots_ is sorted by count).
  size_t latestAtOrBefore(uint64_t target) const;
  // Restores snapshot `index` and re-executes to `target` without breakpoints.
  void replay(size_t index, uint64_t target);
  // Runs on without breakpoints until instruction `target` (or the program stops).
  void runTo(uint64_t target);
  void thin();

  Machine& machine_;
  uint64_t interval_;
  size_t maxSnapshots_;
  std::vector<std::unique_ptr<MachineSnapshot>> snapshots_;
  uint64_t reportedBreakpoint_ = UINT64_MAX;  // count at which reverseContinue() reported a breakpoint
};

}  // namespace asmlab::sim
