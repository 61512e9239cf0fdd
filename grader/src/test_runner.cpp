// Running one test: each of its runs on the same machine (initial state, start, input script with
// the checks of each step, limits), then the checks of what each run left, the requirement on how
// each run ended, and the score.
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "asmlab/grader/grade.hpp"
#include "call_counter.hpp"
#include "machine_control.hpp"
#include "micro_probe.hpp"
#include "play.hpp"
#include "run_context.hpp"
#include "script_runner.hpp"

namespace asmlab::grader {
namespace {

// Seeds mix the test's seed with the command-line seed so each test has its own stream; each run
// of a test has its own too.
uint64_t runSeed(const TestSpec& test, const GradeOptions& options, size_t run) {
  uint64_t seed = test.seed;
  if (options.seed) seed = seed * 0x9E3779B97F4A7C15ull ^ *options.seed;
  return seed + run;
}

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
  const bool entryInSupervisorMode = inSupervisorMode(m);
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
        if (i > 0 && run.start.kind != Start::Kind::Resume) prepareNextRun(m, entryInSupervisorMode);
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
        const auto probe = RunProbe::attach(run, m, trap);
        ctx.probe = probe.get();
        runInputScript(ctx, shares, prefix, trap, until, result.checks);
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
        for (const auto& note : m.notes())
          if (std::find(result.notes.begin(), result.notes.end(), note) == result.notes.end())
            result.notes.push_back(note);
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
