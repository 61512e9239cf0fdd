// Running one run of a test through its input script: events typed when the program waits or at
// an instruction or clock count, the limits as the test's total, and the checks of each step.
#include "script_runner.hpp"

#include <utility>

#include <fmt/format.h>

#include "machine_control.hpp"

namespace asmlab::grader {
namespace {

std::string describeStep(const InputEvent& e, size_t index) {
  if (e.hasMouse) return fmt::format("step {} (mouse at {}, {})", index + 1, e.mouseX, e.mouseY);
  if (e.scanCode >= 0) return fmt::format("step {} (scan code {:02X}h)", index + 1, e.scanCode);
  std::string keys;
  for (char c : e.keys) keys += c == '\n' ? std::string("\\n") : std::string(1, c);
  return fmt::format("step {} (\"{}\")", index + 1, keys);
}

}  // namespace

CheckResult scoreCheck(const Check& check, const RunContext& ctx, double points, const std::string& prefix) {
  CheckResult r = evaluateCheck(check, ctx, points);
  if (!r.passed && !check.message.empty()) r.message = check.message + (r.message.empty() ? "" : ": " + r.message);
  r.name = prefix + r.name;
  return r;
}

namespace {

// One run of a test on the machine: its input script, with the checks of each step evaluated when
// the program has answered that step (it waits for the next one, or stops).
class ScriptRunner {
public:
  ScriptRunner(RunContext& ctx, const PointShares& shares, std::string prefix, std::vector<CheckResult>& results)
      : ctx_(ctx), m_(ctx.machine), shares_(shares), prefix_(std::move(prefix)), results_(results) {}

  void run(std::optional<uint64_t> trap, std::optional<uint64_t> until) {
    const Limits& limits = ctx_.run.limits;
    const uint64_t startInstructions = m_.instructionCount();
    const uint64_t startClocks = m_.clockCount();
    const auto& events = ctx_.run.input;
    std::vector<size_t> pending;
    for (size_t i = 0; i < events.size(); ++i) {
      if (events[i].when == InputEvent::When::Start) begin(i, true);
      else pending.push_back(i);
    }
    // The input is closed (so that a program waiting for more stops at once instead of spinning)
    // only when no timed event is next: until a timed event is delivered the program runs on, so
    // a program that polls the keyboard sees the key at the time the script says.
    size_t next = 0;
    auto nextIs = [&](InputEvent::When when) { return next < pending.size() && events[pending[next]].when == when; };
    for (;;) {
      if (!m_.inputClosed() && (next >= pending.size() || nextIs(InputEvent::When::Waiting))) m_.closeInput();
      uint64_t used = m_.instructionCount() - startInstructions;
      uint64_t clocks = m_.clockCount() - startClocks;
      sim::RunLimits run;
      run.maxInstructions = used < limits.instructions ? limits.instructions - used : 0;
      if (limits.clocks) run.maxClocks = clocks < limits.clocks ? limits.clocks - clocks : 0;
      run.maxOutputBytes = limits.output;
      if (next < pending.size()) {
        const InputEvent& e = events[pending[next]];
        if (e.when == InputEvent::When::Instruction && e.at > used) run.maxInstructions = std::min(run.maxInstructions, e.at - used);
        if (e.when == InputEvent::When::Clock && e.at > clocks) run.maxClocks = std::min(run.maxClocks, e.at - clocks);
      }
      ctx_.stop = run.maxInstructions == 0 ? sim::StopInfo{sim::StopReason::InstructionLimit, m_.programCounter(), "", 0}
                                           : m_.run(run);
      used = m_.instructionCount() - startInstructions;
      clocks = m_.clockCount() - startClocks;
      ctx_.instructions = used;
      ctx_.clocks = clocks;
      const bool budgetLeft = used < limits.instructions && (limits.clocks == 0 || clocks < limits.clocks);
      const bool timedEventDue = (nextIs(InputEvent::When::Instruction) && events[pending[next]].at <= used) ||
                                 (nextIs(InputEvent::When::Clock) && events[pending[next]].at <= clocks);
      const auto reason = ctx_.stop.reason;
      if ((reason == sim::StopReason::InstructionLimit || reason == sim::StopReason::ClockLimit) && budgetLeft && timedEventDue) {
        begin(pending[next++], false);
        continue;
      }
      if (reason == sim::StopReason::WaitingForInput && next < pending.size()) {
        // A program blocked on input before a timed event is due would idle until then; deliver now.
        begin(pending[next++], false);
        continue;
      }
      if (reason == sim::StopReason::Breakpoint && trap && m_.programCounter() == *trap) {
        ctx_.verdict = "returned";
      } else if (reason == sim::StopReason::Breakpoint && until && m_.programCounter() == *until) {
        ctx_.verdict = "reached";
      } else {
        ctx_.verdict = verdictName(reason);
      }
      // The machine's run was cut at input times; the limit that stopped the test is the test's.
      // A limit stop with budget left is the machine's own (the micro engine's runaway-microcode
      // guard), whose message says why.
      if (reason == sim::StopReason::InstructionLimit && !budgetLeft) {
        ctx_.stop.message = fmt::format("stopped after {} instructions (the test's limit)", used);
      } else if (reason == sim::StopReason::ClockLimit && !budgetLeft) {
        ctx_.stop.message = fmt::format("stopped after {} clocks (the test's limit)", clocks);
      }
      break;
    }
    endSteps(ctx_.verdict);
    for (; next < pending.size(); ++next) notTyped(pending[next]);
  }

private:
  // Types step `index`; the steps typed before it have been answered (unless typed together at start).
  void begin(size_t index, bool atStart) {
    if (!atStart) endSteps("waiting-for-input");
    if (open_.empty()) openedAt_ = m_.output().size();
    open_.push_back(index);
    deliverInput(m_, ctx_.run.input[index]);
  }

  void endSteps(std::string verdict) {
    if (open_.empty()) return;
    // The step's checks see the machine now and the output since the step was typed; the run's
    // own verdict and output window are put back afterwards.
    std::string runVerdict = std::exchange(ctx_.verdict, std::move(verdict));
    const size_t runStart = std::exchange(ctx_.outputStart, openedAt_);
    ctx_.outputEnd = m_.output().size();
    for (size_t index : open_) {
      const InputEvent& e = ctx_.run.input[index];
      for (const auto& check : e.expect) {
        results_.push_back(scoreCheck(check, ctx_, shares_.of(check), prefix_ + "after " + describeStep(e, index) + ": "));
      }
    }
    ctx_.verdict = std::move(runVerdict);
    ctx_.outputStart = runStart;
    ctx_.outputEnd = std::string::npos;
    open_.clear();
  }

  void notTyped(size_t index) {
    const InputEvent& e = ctx_.run.input[index];
    for (const auto& check : e.expect) {
      results_.push_back({prefix_ + "after " + describeStep(e, index) + ": " + check.describe(), false, 0, shares_.of(check),
                          fmt::format("this step was never typed: the program stopped by '{}' before it waited for it",
                                      ctx_.verdict)});
    }
  }

  RunContext& ctx_;
  sim::Machine& m_;
  const PointShares& shares_;
  std::string prefix_;
  std::vector<CheckResult>& results_;
  std::vector<size_t> open_;
  size_t openedAt_ = 0;
};

}  // namespace

void runInputScript(RunContext& ctx, const PointShares& shares, const std::string& prefix, std::optional<uint64_t> trap,
                    std::optional<uint64_t> until, std::vector<CheckResult>& results) {
  ScriptRunner(ctx, shares, prefix, results).run(trap, until);
}

}  // namespace asmlab::grader
