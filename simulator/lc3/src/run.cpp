// run, step, step over and step out on top of the run loop.
#include <algorithm>

#include "decoded.hpp"
#include "hex.hpp"
#include "micro/datapath.hpp"

namespace asmlab::lc3sim {

namespace {
// Runs are cut into chunks so that a pause request from another thread is seen promptly (the
// micro engine runs some 60 times fewer instructions per second, hence its smaller chunks).
constexpr uint64_t kChunk = uint64_t{1} << 22;
constexpr uint64_t kMicroChunk = uint64_t{1} << 16;
}  // namespace

sim::StopInfo Lc3Machine::finish(sim::StopInfo info) {
  lastStop_ = std::move(info);
  lastStopCount_ = instructions_;
  return lastStop_;
}

sim::StopInfo Lc3Machine::runLoop(const sim::RunLimits& limits, bool skipBreakpointAtStart) {
  outputLimit_ = limits.maxOutputBytes;
  if (halted()) {
    return finish({!activeException_.empty() ? sim::StopReason::Exception : sim::StopReason::Halted, pc_,
                   !activeException_.empty() ? activeException_ : "the machine is halted", 0});
  }
  events_ = 0;
  const uint64_t startInstructions = instructions_;
  const uint64_t startClocks = clocks_;
  if (!microcoded() && interruptDue()) {  // input fed since the last run (the micro engine tests INT in state 18)
    takeKeyboardInterrupt();
    skipBreakpointAtStart = false;
  }
  // Longest possible instruction (a taken branch's extra state, a TRAP's stack switch) plus an
  // interrupt entry (state 18 and the entry from user mode), for exact clock limits.
  const uint64_t maxClocksPerStep =
      *std::max_element(clockTable_.begin(), clockTable_.end()) + 1u + 1u + entryClocks(true);
  const uint64_t chunk = microcoded() ? kMicroChunk : kChunk;
  while (!(events_ & kEventStop)) {
    const uint64_t done = instructions_ - startInstructions;
    const uint64_t clocksUsed = clocks_ - startClocks;
    if (done >= limits.maxInstructions) {
      requestStop(sim::StopReason::InstructionLimit,
                  "stopped after " + std::to_string(done) + " instructions (the limit)");
      break;
    }
    if (clocksUsed >= limits.maxClocks) {
      requestStop(sim::StopReason::ClockLimit, "stopped after " + std::to_string(clocksUsed) + " clocks (the limit)");
      break;
    }
    if (pauseRequested_.exchange(false, std::memory_order_relaxed)) {
      requestStop(sim::StopReason::Paused, "paused");
      break;
    }
    uint64_t budget = std::min(limits.maxInstructions - done, chunk);
    if (limits.maxClocks != UINT64_MAX) {
      budget = std::min(budget, std::max<uint64_t>(1, (limits.maxClocks - clocksUsed) / maxClocksPerStep));
    }
    if (trace_) {
      // Tracing runs the same loop one instruction at a time, so idle tracing costs the loop nothing.
      const uint64_t before = clocks_ - interruptEntryClocks_;
      const uint16_t at = pc_;
      const uint64_t count = instructions_;
      if (microcoded()) executeMicro(1, limits.stopAtBreakpoints, skipBreakpointAtStart);
      else execute(1, limits.stopAtBreakpoints, skipBreakpointAtStart);
      if (instructions_ != count) {
        lastClocks_ = clocks_ - interruptEntryClocks_ - before;
        trace_(sim::TraceEvent{lastFetch_ == at ? at : lastFetch_, count, lastClocks_});
      }
    } else {
      const uint64_t before = clocks_ - interruptEntryClocks_;
      const uint64_t count = instructions_;
      if (microcoded()) executeMicro(budget, limits.stopAtBreakpoints, skipBreakpointAtStart);
      else execute(budget, limits.stopAtBreakpoints, skipBreakpointAtStart);
      if (instructions_ == count + 1) lastClocks_ = clocks_ - interruptEntryClocks_ - before;
    }
    skipBreakpointAtStart = false;
  }
  events_ &= ~kEventStop;
  sim::StopInfo stop = pendingStop_;
  if (stop.reason != sim::StopReason::Exception) stop.address = pc_;
  return finish(std::move(stop));
}

sim::StopInfo Lc3Machine::run(const sim::RunLimits& limits) {
  // Continuing from where a breakpoint or a single step stopped executes the instruction there,
  // breakpoint or not (the user has seen that stop); any other run stops at a breakpoint where it
  // starts, the entry point included.
  const bool resume = (lastStop_.reason == sim::StopReason::Breakpoint || lastStop_.reason == sim::StopReason::Step) &&
                      lastStopCount_ == instructions_ && lastStop_.address == pc_;
  pauseRequested_.store(false, std::memory_order_relaxed);  // a request made while idle is stale
  return runLoop(limits, resume);
}

sim::StopInfo Lc3Machine::step() {
  if (microcoded() && !micro_->atBoundary && micro_->dispatched) {
    // Between micro-steps: finish the instruction in progress (its dispatch was already counted).
    while (!micro_->atBoundary) {
      sim::StopInfo s = stepClock();
      if (s.reason != sim::StopReason::Step) return s;
    }
    return finish({sim::StopReason::Step, pc_, {}, 0});
  }
  sim::RunLimits one;
  one.maxInstructions = 1;
  pauseRequested_.store(false, std::memory_order_relaxed);
  sim::StopInfo s = runLoop(one, true);
  if (s.reason == sim::StopReason::InstructionLimit) {
    s.reason = sim::StopReason::Step;
    s.message.clear();
    lastStop_ = s;
  }
  return s;
}

namespace {
// Whether the word is a call (JSR, JSRR, TRAP) or a return (RET = JMP R7, RTI).
bool isCall(uint16_t w) { return (w >> 12) == 0x4 || (w >> 12) == 0xF; }
bool isSubroutineCall(uint16_t w) { return (w >> 12) == 0x4; }
bool isReturnJump(uint16_t w) { return (w >> 12) == 0xC && ((w >> 6) & 7) == 7; }
}  // namespace

// Step over and step out single-step with a call-depth count: JSR/JSRR, TRAP and interrupt
// entries deepen it, RET and RTI make it shallower. Breakpoints inside the call still stop.
sim::StopInfo Lc3Machine::stepOver(const sim::RunLimits& limits) {
  if (!atInstructionBoundary() || !isCall(mem_[pc_])) return step();
  return stepOut(limits);  // after stepping into the call, run until it returns
}

sim::StopInfo Lc3Machine::stepOut(const sim::RunLimits& limits) {
  // Called directly: finish the current routine. Called from stepOver at a call: the first step
  // enters the routine (depth 1) and the routine's return brings the depth back to 0.
  if (!atInstructionBoundary()) {
    sim::StopInfo s = step();  // between micro-steps: finish the instruction in progress first
    if (s.reason != sim::StopReason::Step) return s;
  }
  pauseRequested_.store(false, std::memory_order_relaxed);
  const uint64_t start = instructions_;
  const uint64_t startClocks = clocks_;
  int depth = 0;
  bool first = true;
  const bool fromCall = isCall(mem_[pc_]);
  const int target = fromCall ? 0 : -1;
  sim::RunLimits one;
  one.maxInstructions = 1;
  one.maxOutputBytes = limits.maxOutputBytes;
  one.stopAtBreakpoints = limits.stopAtBreakpoints;
  for (;;) {
    if (instructions_ - start >= limits.maxInstructions) {
      return finish({sim::StopReason::InstructionLimit, pc_,
                     "stopped after " + std::to_string(instructions_ - start) + " instructions (the limit)", 0});
    }
    if (clocks_ - startClocks >= limits.maxClocks) {
      return finish({sim::StopReason::ClockLimit, pc_, "the clock limit was reached", 0});
    }
    if (pauseRequested_.exchange(false, std::memory_order_relaxed)) {
      return finish({sim::StopReason::Paused, pc_, "paused", 0});
    }
    const uint16_t w = mem_[pc_];
    callDepthDelta_ = 0;
    sim::StopInfo s = runLoop(one, first);
    first = false;
    if (s.reason != sim::StopReason::InstructionLimit) return s;
    // TRAP, RTI and interrupts counted themselves in callDepthDelta_; JSR/JSRR and RET here.
    if (isSubroutineCall(w)) ++depth;
    else if (isReturnJump(w)) --depth;
    depth += callDepthDelta_;
    if (depth <= target) break;
  }
  return finish({sim::StopReason::Step, pc_, {}, 0});
}

}  // namespace asmlab::lc3sim
