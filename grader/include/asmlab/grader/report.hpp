// Reports of graded submissions: text for people, JSON, JUnit XML, Gradescope's results.json, the
// batch summary table and the CSV of scores.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "asmlab/grader/result.hpp"

namespace asmlab::grader {

enum class ReportFormat { Text, Json, Junit, Gradescope };

std::optional<ReportFormat> parseReportFormat(std::string_view name);
std::string_view reportExtension(ReportFormat format);  // "txt", "json", "xml", "json"

std::string renderReport(const SubmissionResult& result, ReportFormat format);
std::string renderText(const SubmissionResult& result);
std::string renderJunit(const SubmissionResult& result);
std::string renderJunit(const std::vector<SubmissionResult>& results);  // one <testsuite> each
std::string renderGradescope(const SubmissionResult& result);

// One row per submission: name, score, max, passed tests, and the failure if any.
std::string renderSummaryTable(const std::vector<SubmissionResult>& results);
// submission,score,max_score,<one column per test>; test names in the order of the first result.
std::string renderCsv(const std::vector<SubmissionResult>& results);

// JSON text that survives any bytes in program output (invalid UTF-8 is replaced, never thrown).
std::string dumpJson(const nlohmann::json& json, int indent = 2);

}  // namespace asmlab::grader
