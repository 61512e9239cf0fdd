// Results of grading: per check, per test and per submission, with JSON round trips (the forked
// grading process hands its result to the parent as JSON).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>  // json.hpp costs 2-3 s of compile in each includer

namespace asmlab::grader {

struct CheckResult {
  std::string name;
  bool passed = false;
  double score = 0;
  double maxScore = 0;
  std::string message;  // why points were lost (empty when passed)
};

struct TestResult {
  std::string name;
  std::string visibility = "visible";
  double score = 0;
  double maxScore = 0;
  std::string status;   // passed | failed | partial
  std::string verdict;  // how the run ended: halted, returned, instruction-limit, ... build-failed
  std::string stopMessage;
  std::string output;   // the program's output (capped), or the build diagnostics
  bool outputTruncated = false;
  std::vector<CheckResult> checks;
  uint64_t instructions = 0;
  uint64_t clocks = 0;
  std::string summary;  // exhaustive play: games explored and results
  std::vector<std::string> notes;  // what the program asked of the machine and did not get (Machine::notes)
};

struct SubmissionResult {
  std::string submission;
  double score = 0;
  double maxScore = 0;
  bool buildOk = true;
  std::string buildDiagnostics;
  std::string failure;  // crashed | timeout | out-of-memory | internal-error (the grading process failed)
  std::string failureMessage;
  std::vector<TestResult> tests;
};

nlohmann::json toJson(const SubmissionResult& result);
SubmissionResult submissionFromJson(const nlohmann::json& json);

// Text that is valid UTF-8: valid sequences are kept, every other byte becomes "\xNN". Program
// output and anything quoting it pass through this, so reports and the JSON between the grading
// process and its parent carry it losslessly.
std::string toValidUtf8(std::string_view text);

// Scores are rounded to 1/1000 of a point so that sums print and compare exactly.
double roundScore(double score);

}  // namespace asmlab::grader
