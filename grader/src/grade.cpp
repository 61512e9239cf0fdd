// Grading one submission in this process: build once, run to the program's entry once, then each
// test from a snapshot of that state.
#include <cmath>
#include <map>

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

// Runs the machine from reset to the program's entry (the LC-3 runs its operating system's
// start-up code first) and returns the snapshot every test starts from; null with `problem`.
std::unique_ptr<sim::MachineSnapshot> bootToEntry(sim::Machine& machine, const BuiltProgram& program, std::string& problem) {
  if (machine.programCounter() != program.entry) {
    int bp = machine.breakpoints().addExecute(program.entry, {}, "program entry");
    sim::RunLimits boot;
    boot.maxInstructions = program.bootLimit;
    sim::StopInfo stop = machine.run(boot);
    machine.breakpoints().remove(bp);
    if (stop.reason != sim::StopReason::Breakpoint || machine.programCounter() != program.entry) {
      problem = fmt::format("the machine did not reach the program's entry x{:04X} ({}: {})", program.entry,
                            sim::stopReasonName(stop.reason), stop.message);
      return nullptr;
    }
  }
  machine.clearOutput();
  return machine.saveSnapshot();
}

// The machines of `randomize: true` tests, one per seed, each booted to the program's entry once.
// Tests with the same seed share one (its entry snapshot is restored for each test, as for the
// common machine): the builder loads each seeded machine once, before grading is sandboxed, and
// could not load it again from the sandbox.
struct SeededMachine {
  std::unique_ptr<sim::Machine> machine;
  std::unique_ptr<sim::MachineSnapshot> atEntry;
  std::string problem;
};

TestResult runRandomized(const Spec& spec, const TestSpec& test, const BuiltProgram& program, const GradeOptions& options,
                         std::map<uint64_t, SeededMachine>& seeded) {
  uint64_t seed = randomizedMachineSeed(spec, test);
  auto [found, fresh] = seeded.try_emplace(seed);
  SeededMachine& entry = found->second;
  if (fresh) {
    entry.machine = program.newRandomizedMachine ? program.newRandomizedMachine(seed) : nullptr;
    entry.problem = fmt::format("no machine with seeded randomisation (seed {}) could be made", seed);
    if (entry.machine) entry.atEntry = bootToEntry(*entry.machine, program, entry.problem);
  }
  if (!entry.atEntry) {
    TestResult t;
    t.name = test.name;
    t.visibility = test.visibility;
    t.maxScore = test.points;
    t.status = "failed";
    t.verdict = "setup-failed";
    t.stopMessage = entry.problem;
    t.checks.push_back({"randomized machine", false, 0, test.points, entry.problem});
    return t;
  }
  return runTest(spec, test, *entry.machine, *entry.atEntry, options);
}

}  // namespace

uint64_t randomizedMachineSeed(const Spec& spec, const TestSpec& test) {
  // SplitMix64's finaliser over both seeds: distinct tests get unrelated machines.
  uint64_t z = test.seed * 0x9E3779B97F4A7C15ull + spec.build.randomSeed;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

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
  std::string problem;
  auto atEntry = machine ? bootToEntry(*machine, program, problem) : nullptr;
  if (!atEntry) return failedBuild(spec, result, machine ? problem : "the program could not be loaded again", "start-failed");
  std::map<uint64_t, SeededMachine> seeded;
  for (const auto& test : spec.tests) {
    if (!test.randomize) {
      result.tests.push_back(runTest(spec, test, *machine, *atEntry, options));
    } else {
      result.tests.push_back(runRandomized(spec, test, program, options, seeded));
    }
    result.score += result.tests.back().score;
  }
  result.score = roundScore(result.score);
  return result;
}

}  // namespace asmlab::grader
