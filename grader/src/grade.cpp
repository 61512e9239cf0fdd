// Grading one submission in this process: build once, run to the program's entry once, then each
// test from a snapshot of that state.
#include <cmath>

#include <fmt/format.h>

#include "asmlab/grader/grade.hpp"

namespace asmlab::grader {

double roundScore(double score) { return std::round(score * 1000.0) / 1000.0; }

namespace {

SubmissionResult failedBuild(const Spec& spec, SubmissionResult result, const std::string& diagnostics,
                             const std::string& verdict) {
  result.buildOk = false;
  result.buildDiagnostics = toValidUtf8(diagnostics);
  for (const auto& test : spec.tests) {
    TestResult t;
    t.name = test.name;
    t.visibility = test.visibility;
    t.maxScore = test.points;
    t.status = "failed";
    t.verdict = verdict;
    t.output = result.buildDiagnostics;
    t.checks.push_back({verdict == "build-failed" ? "build" : "start", false, 0, test.points,
                        verdict == "build-failed" ? "the submission does not build (see the diagnostics)" : diagnostics});
    result.tests.push_back(std::move(t));
  }
  return result;
}

}  // namespace

SubmissionResult gradeSubmission(const Spec& spec, const std::filesystem::path& submission, const Builder& builder,
                                 const GradeOptions& options) {
  SubmissionResult result;
  result.submission = submission.filename().string();
  result.maxScore = roundScore(spec.maxScore());
  if (!builder) {
    return failedBuild(spec, result, fmt::format("this asmlab has no toolchain for machine {}", spec.machine), "build-failed");
  }
  BuiltProgram program = builder(spec, submission);
  if (!program.ok || !program.newMachine) {
    return failedBuild(spec, result, program.diagnostics.empty() ? "the submission does not build" : program.diagnostics,
                       "build-failed");
  }
  result.buildDiagnostics = toValidUtf8(program.diagnostics);
  if (options.afterBuild) options.afterBuild();
  std::unique_ptr<sim::Machine> machine = program.newMachine();
  // Boot to the program's entry once (the LC-3 runs its operating system's start-up code first).
  if (machine->programCounter() != program.entry) {
    int bp = machine->breakpoints().addExecute(program.entry, {}, "program entry");
    sim::RunLimits boot;
    boot.maxInstructions = program.bootLimit;
    sim::StopInfo stop = machine->run(boot);
    machine->breakpoints().remove(bp);
    if (stop.reason != sim::StopReason::Breakpoint || machine->programCounter() != program.entry) {
      return failedBuild(spec, result,
                         fmt::format("the machine did not reach the program's entry x{:04X} ({}: {})", program.entry,
                                     sim::stopReasonName(stop.reason), stop.message),
                         "start-failed");
    }
  }
  machine->clearOutput();
  auto atEntry = machine->saveSnapshot();
  for (const auto& test : spec.tests) {
    result.tests.push_back(runTest(spec, test, *machine, *atEntry, options));
    result.score += result.tests.back().score;
  }
  result.score = roundScore(result.score);
  return result;
}

}  // namespace asmlab::grader
