// Grading many submissions, each in its own forked process with memory, CPU and wall-clock
// limits, so that a submission that crashes, hangs or exhausts memory (or a simulator bug it
// triggers) costs only that submission. Results come back over a pipe as JSON.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "asmlab/grader/grade.hpp"

namespace asmlab::grader {

struct BatchOptions {
  unsigned jobs = 1;
  double timeoutSeconds = 120;                  // wall clock per submission
  uint64_t memoryLimitBytes = 2ull << 30;       // address space per grading process
  bool isolate = true;                          // false: grade in this process (tests, debugging)
  GradeOptions grade;
  // Called in the parent after each submission, in completion order.
  std::function<void(size_t done, size_t total, const SubmissionResult& result)> progress;
};

// The submissions in `path`: the path itself when it is a file or directly holds the spec's
// submission file; otherwise every entry of the directory (not starting with '.'), sorted.
std::vector<std::filesystem::path> listSubmissions(const Spec& spec, const std::filesystem::path& path, std::string& error);

// Grades every submission; results are in the order of `submissions` whatever the completion order.
std::vector<SubmissionResult> gradeBatch(const Spec& spec, const std::vector<std::filesystem::path>& submissions,
                                         const Builder& builder, const BatchOptions& options);

// One submission against one spec; a batch may mix specs (`asmlab test` grades many programs).
struct GradeJob {
  const Spec* spec = nullptr;
  std::filesystem::path submission;
  Builder builder;
};
std::vector<SubmissionResult> gradeJobs(const std::vector<GradeJob>& jobs, const BatchOptions& options);

}  // namespace asmlab::grader
