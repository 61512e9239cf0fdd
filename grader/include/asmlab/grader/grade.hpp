// Grading one submission: build it once, then run every test of the spec on a machine restored
// to the program's entry. Machine-neutral: the machine comes from a Builder, which the toolchain
// provides for each architecture (and tests replace with a fake).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "asmlab/grader/result.hpp"
#include "asmlab/grader/spec.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::grader {

// A built submission: a factory for fresh machines with the program loaded, and the address
// where the program itself starts (the LC-3 boots its OS first; the grader runs up to here).
struct BuiltProgram {
  bool ok = false;
  std::string diagnostics;  // the assembler's and linker's messages (also on success: warnings)
  std::function<std::unique_ptr<sim::Machine>()> newMachine;
  // A machine loaded with seeded randomisation (tests with `randomize: true`); the builder loads
  // those the spec needs before grading starts (running a submission reads no files). Null, or
  // returning nullptr, when the builder cannot randomise.
  std::function<std::unique_ptr<sim::Machine>(uint64_t seed)> newRandomizedMachine;
  uint64_t entry = 0;
  // Instructions the machine may run from reset to reach `entry` (boot code).
  uint64_t bootLimit = 1'000'000;
};

// The randomisation seed of a `randomize: true` test: its own seed mixed with the spec's
// (build.seed, which `asmlab grade --seed` replaces).
uint64_t randomizedMachineSeed(const Spec& spec, const TestSpec& test);

// Builds the submission at `submission` (a folder with the student's files, or one file standing
// for the spec's build.submission) for the spec's machine.
using Builder = std::function<BuiltProgram(const Spec& spec, const std::filesystem::path& submission)>;

// The builder for spec.machine from the toolchain (LC-3 now; the PC once its machine exists).
// Returns an empty function when this build of asmlab has no toolchain for that machine.
Builder defaultBuilder(const std::string& machine);

struct GradeOptions {
  std::optional<uint64_t> seed;    // replaces every test's seed (mixed with the test's own)
  size_t outputKept = 65536;       // bytes of program output kept in a test's result
  // Called once the submission is built, before any of its code runs (the batch runner confines
  // the grading process here: the build reads files, running the program needs none).
  std::function<void()> afterBuild;
};

// Grades one submission in this process. Never throws for anything a submission does.
SubmissionResult gradeSubmission(const Spec& spec, const std::filesystem::path& submission, const Builder& builder,
                                 const GradeOptions& options = {});

// Grades one test on a machine already at the program's entry state `atEntry`.
TestResult runTest(const Spec& spec, const TestSpec& test, sim::Machine& machine, const sim::MachineSnapshot& atEntry,
                   const GradeOptions& options);

}  // namespace asmlab::grader
