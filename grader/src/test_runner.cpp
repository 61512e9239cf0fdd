// Running one test: each of its runs on the same machine (initial state, start, input script with
// the checks of each step, limits), then the checks of what each run left, the requirement on how
// each run ended, and the score.
#include <utility>

#include <fmt/format.h>

#include "asmlab/grader/grade.hpp"
#include "call_counter.hpp"
#include "machine_control.hpp"
#include "play.hpp"
#include "run_context.hpp"

namespace asmlab::grader {
namespace {

// Seeds mix the test's seed with the command-line seed so each test has its own stream; each run
// of a test has its own too.
uint64_t runSeed(const TestSpec& test, const GradeOptions& options, size_t run) {
  uint64_t seed = test.seed;
  if (options.seed) seed = seed * 0x9E3779B97F4A7C15ull ^ *options.seed;
  return seed + run;
}

std::string describeStep(const InputEvent& e, size_t index) {
  if (e.hasMouse) return fmt::format("step {} (mouse at {}, {})", index + 1, e.mouseX, e.mouseY);
  if (e.scanCode >= 0) return fmt::format("step {} (scan code {:02X}h)", index + 1, e.scanCode);
  std::string keys;
  for (char c : e.keys) keys += c == '\n' ? std::string("\\n") : std::string(1, c);
  return fmt::format("step {} (\"{}\")", index + 1, keys);
}

// The points each check is worth: its own, or an even share of what the test has left.
class PointShares {
public:
  explicit PointShares(const TestSpec& test) {
    double explicitTotal = 0;
    size_t implicitCount = 0;
    auto count = [&](const Check& c) {
      if (c.points >= 0) explicitTotal += c.points;
      else ++implicitCount;
    };
    for (const auto& run : test.runs) {
      for (const auto& e : run.input) std::for_each(e.expect.begin(), e.expect.end(), count);
      std::for_each(run.checks.begin(), run.checks.end(), count);
    }
    share_ = implicitCount ? std::max(0.0, test.points - explicitTotal) / static_cast<double>(implicitCount) : 0;
  }
  double of(const Check& c) const { return c.points >= 0 ? c.points : share_; }

private:
  double share_ = 0;
};

CheckResult scoreCheck(const Check& check, const RunContext& ctx, double points, const std::string& prefix) {
  CheckResult r = evaluateCheck(check, ctx, points);
  if (!r.passed && !check.message.empty()) r.message = check.message + (r.message.empty() ? "" : ": " + r.message);
  r.name = prefix + r.name;
  return r;
}

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
      if (reason == sim::StopReason::InstructionLimit) {
        ctx_.stop.message = fmt::format("stopped after {} instructions (the test's limit)", used);
      } else if (reason == sim::StopReason::ClockLimit) {
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

void collectCallLabels(const Check& check, std::vector<std::string>& labels) {
  for (const auto& c : check.calls) labels.push_back(c.label);
  for (const auto& a : check.alternatives) collectCallLabels(a, labels);
}

std::vector<std::string> callLabels(const RunSpec& run) {
  std::vector<std::string> labels;
  for (const auto& e : run.input) {
    for (const auto& c : e.expect) collectCallLabels(c, labels);
  }
  for (const auto& c : run.checks) collectCallLabels(c, labels);
  return labels;
}

bool runNeedsInitialMemory(const RunSpec& run) {
  for (const auto& e : run.input) {
    if (std::any_of(e.expect.begin(), e.expect.end(), needsInitialMemory)) return true;
  }
  return std::any_of(run.checks.begin(), run.checks.end(), needsInitialMemory);
}

bool requirementMet(const Requirement& require, const std::string& verdict) {
  if (!require.any()) return true;
  if (require.noException) return verdict != "exception" && verdict != "setup-failed";
  return std::find(require.verdicts.begin(), require.verdicts.end(), verdict) != require.verdicts.end();
}

// Failed results for the checks of a run that could not run.
void failRun(const RunSpec& run, const PointShares& shares, const std::string& prefix, const std::string& why,
             std::vector<CheckResult>& results) {
  for (const auto& e : run.input) {
    for (const auto& c : e.expect) results.push_back({prefix + c.describe(), false, 0, shares.of(c), why});
  }
  for (const auto& c : run.checks) results.push_back({prefix + c.describe(), false, 0, shares.of(c), why});
}

std::string capOutput(const std::string& output, size_t kept, bool& truncated) {
  truncated = output.size() > kept;
  return toValidUtf8(truncated ? std::string_view(output).substr(0, kept) : std::string_view(output));
}

// Why run `next` cannot go on from where the previous run ended with `verdict` (empty: it can).
std::string cannotContinue(const sim::Machine& m, const RunSpec& next, size_t previous, const std::string& verdict) {
  if (verdict == "exception") return fmt::format("not run: run {} ended by an exception", previous + 1);
  if (verdict == "output-limit") return fmt::format("not run: run {} flooded the output", previous + 1);
  if (verdict == "returned" && next.start.kind == Start::Kind::Resume) {
    return fmt::format("not run: run {} returned to the grader's return trap, from which there is nothing to resume",
                       previous + 1);
  }
  if (m.architecture() == "lc3") return {};
  if (verdict == "halted") return fmt::format("not run: the program exited in run {}", previous + 1);
  if (verdict == "waiting-for-input" && next.start.kind != Start::Kind::Resume) {
    return fmt::format("not run: run {} left the program waiting inside a DOS or BIOS input call, from which only "
                       "'start: resume' goes on (end that run at a label with 'until:' to call subroutines after it)",
                       previous + 1);
  }
  return {};
}

// The grader's own breakpoints (the return trap, `until`) are the only ones on the machine while
// it grades. They are changed only where they differ from the previous run's: a machine rebuilds
// tables derived from its breakpoints after every change, and consecutive subroutine tests share
// one return trap.
struct GraderBreakpoint {
  uint64_t address;
  const char* description;
};

void keepOnly(sim::Machine& m, const std::vector<GraderBreakpoint>& wanted) {
  std::vector<int> stale;
  std::vector<bool> present(wanted.size(), false);
  for (const auto& [id, b] : m.breakpoints().all()) {
    bool keep = false;
    for (size_t i = 0; i < wanted.size(); ++i) {
      if (!present[i] && b.kind == sim::Breakpoint::Kind::Execute && b.address == wanted[i].address &&
          b.description == wanted[i].description && !b.condition && b.enabled) {
        present[i] = keep = true;
        break;
      }
    }
    if (!keep) stale.push_back(id);
  }
  for (int id : stale) m.breakpoints().remove(id);
  for (size_t i = 0; i < wanted.size(); ++i) {
    if (!present[i]) m.breakpoints().addExecute(wanted[i].address, {}, wanted[i].description);
  }
}

// Starts run `index` of a test; returns the return trap of a call.
std::optional<uint64_t> startRun(sim::Machine& m, const RunSpec& run, size_t index, uint64_t entry) {
  std::optional<uint64_t> trap;
  switch (run.start.kind) {
    case Start::Kind::Entry:
      if (index > 0) m.setProgramCounter(entry);
      break;
    case Start::Kind::Call:
      trap = prepareCall(m, run.start);
      break;
    case Start::Kind::At: {
      std::string error;
      auto at = resolveAddress(*run.start.at, m, error);
      if (!at) throw SetupError{"start.at: " + error};
      m.setProgramCounter(*at);
      break;
    }
    case Start::Kind::Resume: break;
  }
  if (run.start.supervisor) setPrivilege(m, *run.start.supervisor);
  return trap;
}

void runPlayTest(const TestSpec& test, sim::Machine& m, const GradeOptions& options, TestResult& result) {
  keepOnly(m, {});
  const RunSpec& run = test.runs.at(0);
  RunContext ctx{m, run, {}, {}, {}, {}, 0, 0};
  try {
    applySetup(m, run.setup, runSeed(test, options, 0));
    if (run.start.supervisor) setPrivilege(m, *run.start.supervisor);
    runPlay(ctx, *test.play, test.points, result);
  } catch (const SetupError& e) {
    result.verdict = "setup-failed";
    result.stopMessage = e.message;
    result.score = 0;
    result.checks.push_back({"setup", false, 0, test.points, e.message});
  }
}

}  // namespace

TestResult runTest(const Spec& spec, const TestSpec& test, sim::Machine& m, const sim::MachineSnapshot& atEntry,
                   const GradeOptions& options) {
  TestResult result;
  result.name = test.name;
  result.visibility = test.visibility;
  result.maxScore = test.points;
  m.restoreSnapshot(atEntry);
  m.clearOutput();
  const uint64_t entry = m.programCounter();
  std::string transcript;
  if (test.play) {
    runPlayTest(test, m, options, result);
  } else {
    PointShares shares(test);
    std::vector<std::string> unmet;  // requirements on how runs end that were not met
    std::string skip;                // why the remaining runs cannot run
    for (size_t i = 0; i < test.runs.size(); ++i) {
      const RunSpec& run = test.runs[i];
      const std::string prefix = test.runs.size() > 1 ? fmt::format("run {}: ", i + 1) : "";
      if (!skip.empty()) {
        failRun(run, shares, prefix, skip, result.checks);
        if (run.require.any()) unmet.push_back(fmt::format("{}not run ({})", prefix, skip));
        continue;
      }
      RunContext ctx{m, run, {}, {}, {}, {}, 0, 0};
      CallCounter calls;
      try {
        if (i > 0 && run.start.kind != Start::Kind::Resume) prepareNextRun(m);
        m.clearOutput();
        applySetup(m, run.setup, runSeed(test, options, i));
        std::optional<uint64_t> trap = startRun(m, run, i, entry);
        std::optional<uint64_t> until;
        if (run.until) {
          std::string error;
          until = resolveAddress(*run.until, m, error);
          if (!until) throw SetupError{"until: " + error};
        }
        std::vector<GraderBreakpoint> wanted;
        if (trap) wanted.push_back({*trap, "return trap"});
        if (until) wanted.push_back({*until, "until"});
        keepOnly(m, wanted);
        for (size_t r = 0; r < m.registers().size(); ++r) ctx.initialRegisters.push_back(m.readRegister(r));
        if (runNeedsInitialMemory(run)) {
          ctx.initialMemory.resize(m.memorySize());
          for (uint64_t a = 0; a < m.memorySize(); ++a) ctx.initialMemory[a] = m.peek(a);
        }
        auto labels = callLabels(run);
        if (!labels.empty()) calls.watch(m, labels);
        ctx.calls = &calls;
        ScriptRunner(ctx, shares, prefix, result.checks).run(trap, until);
        result.verdict = ctx.verdict;
        result.instructions += ctx.instructions;
        result.clocks += ctx.clocks;
        if ((ctx.verdict == "exception" || ctx.verdict == "instruction-limit" || ctx.verdict == "clock-limit" ||
             ctx.verdict == "output-limit") && result.stopMessage.empty()) {
          result.stopMessage = prefix + explainStop(m, ctx.stop, ctx.verdict);
        }
        for (const auto& check : run.checks) result.checks.push_back(scoreCheck(check, ctx, shares.of(check), prefix));
        if (!requirementMet(run.require, ctx.verdict)) {
          unmet.push_back(fmt::format("{}the run ended by '{}' ({}), and this test scores only if it ends by {}", prefix,
                                      ctx.verdict, explainStop(m, ctx.stop, ctx.verdict), run.require.describe()));
        }
        calls.stop(m);
        transcript += m.output();
        if (i + 1 < test.runs.size()) skip = cannotContinue(m, test.runs[i + 1], i, ctx.verdict);
      } catch (const SetupError& e) {
        calls.stop(m);
        result.verdict = "setup-failed";
        result.stopMessage = prefix + e.message;
        failRun(run, shares, prefix, e.message, result.checks);
        if (run.require.any()) unmet.push_back(prefix + e.message);
        transcript += m.output();
        skip = fmt::format("not run: run {} could not be set up", i + 1);
      }
    }
    for (const auto& c : result.checks) result.score += c.score;
    if (!unmet.empty()) {
      // No credit at all: the checks are reported as they came out, their points are not given.
      std::string why;
      for (const auto& u : unmet) why += (why.empty() ? "" : "; ") + u;
      for (auto& c : result.checks) c.score = 0;
      result.score = 0;
      result.checks.insert(result.checks.begin(), CheckResult{"requirement on how the run ends", false, 0, 0, why});
    }
    result.output = capOutput(transcript, options.outputKept, result.outputTruncated);
  }
  (void)spec;
  result.stopMessage = toValidUtf8(result.stopMessage);
  for (auto& c : result.checks) c.message = toValidUtf8(c.message);
  result.score = roundScore(std::min(result.score, result.maxScore));
  result.status = result.score >= result.maxScore - 1e-9 ? "passed" : result.score > 0 ? "partial" : "failed";
  if (result.maxScore == 0 || result.checks.empty()) {
    bool all = std::all_of(result.checks.begin(), result.checks.end(), [](const CheckResult& c) { return c.passed; });
    result.status = all ? "passed" : "failed";
  }
  return result;
}

}  // namespace asmlab::grader
