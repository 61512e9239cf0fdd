// Text reports, the summary table and the CSV of scores.
#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "asmlab/grader/report.hpp"

namespace asmlab::grader {

std::optional<ReportFormat> parseReportFormat(std::string_view name) {
  if (name == "text") return ReportFormat::Text;
  if (name == "json") return ReportFormat::Json;
  if (name == "junit") return ReportFormat::Junit;
  if (name == "gradescope") return ReportFormat::Gradescope;
  return std::nullopt;
}

std::string_view reportExtension(ReportFormat format) {
  switch (format) {
    case ReportFormat::Text: return "txt";
    case ReportFormat::Json: return "json";
    case ReportFormat::Junit: return "xml";
    case ReportFormat::Gradescope: return "json";
  }
  return "txt";
}

std::string dumpJson(const nlohmann::json& json, int indent) {
  return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string renderReport(const SubmissionResult& result, ReportFormat format) {
  switch (format) {
    case ReportFormat::Text: return renderText(result);
    case ReportFormat::Json: return dumpJson(toJson(result)) + "\n";
    case ReportFormat::Junit: return renderJunit(result);
    case ReportFormat::Gradescope: return renderGradescope(result);
  }
  return {};
}

namespace {

std::string score(double s) { return fmt::format("{:g}", s); }

std::string indent(const std::string& text, const std::string& prefix) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += prefix + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string renderText(const SubmissionResult& r) {
  std::ostringstream out;
  out << fmt::format("{}: {} / {}\n", r.submission, score(r.score), score(r.maxScore));
  if (!r.failure.empty()) out << fmt::format("  grading failed: {}: {}\n", r.failure, r.failureMessage);
  if (!r.buildOk) {
    out << "  the submission does not build:\n" << indent(r.buildDiagnostics, "    ");
  }
  for (const auto& t : r.tests) {
    const char* mark = t.status == "passed" ? "PASS" : t.status == "partial" ? "PART" : "FAIL";
    out << fmt::format("  {} {} ({} / {})", mark, t.name, score(t.score), score(t.maxScore));
    if (!r.buildOk) {
      out << "\n";
      continue;
    }
    out << fmt::format(" [{}; {} instructions]\n", t.verdict, t.instructions);
    if (!t.summary.empty()) out << "       " << t.summary << "\n";
    if (t.status == "passed") continue;
    if (!t.stopMessage.empty()) out << "       stopped: " << t.stopMessage << "\n";
    for (const auto& note : t.notes) out << "       note: " << note << "\n";
    for (const auto& c : t.checks) {
      if (c.passed && c.score >= c.maxScore - 1e-9) continue;
      out << fmt::format("     - {} (lost {}):\n", c.name, score(roundScore(c.maxScore - c.score)));
      out << indent(c.message.empty() && c.passed ? std::string("passed, but the test gives no credit (see above)") : c.message,
                    "         ");
    }
  }
  return out.str();
}

std::string renderSummaryTable(const std::vector<SubmissionResult>& results) {
  size_t nameWidth = 10;
  for (const auto& r : results) nameWidth = std::max(nameWidth, r.submission.size());
  nameWidth = std::min<size_t>(nameWidth, 40);
  std::ostringstream out;
  out << fmt::format("{:<{}}  {:>8}  {:>8}  {:>7}  {}\n", "submission", nameWidth, "score", "max", "passed", "note");
  out << std::string(nameWidth + 40, '-') << "\n";
  double total = 0, max = 0;
  for (const auto& r : results) {
    size_t passed = static_cast<size_t>(std::count_if(r.tests.begin(), r.tests.end(), [](const TestResult& t) { return t.status == "passed"; }));
    std::string note = !r.failure.empty() ? r.failure : !r.buildOk ? "does not build" : "";
    out << fmt::format("{:<{}}  {:>8}  {:>8}  {:>3}/{:<3}  {}\n", r.submission.substr(0, nameWidth), nameWidth,
                       score(r.score), score(r.maxScore), passed, r.tests.size(), note);
    total += r.score;
    max += r.maxScore;
  }
  if (!results.empty()) {
    out << std::string(nameWidth + 40, '-') << "\n";
    out << fmt::format("{} submissions, mean score {:.2f} / {}\n", results.size(), total / static_cast<double>(results.size()),
                       score(max / static_cast<double>(results.size())));
  }
  return out.str();
}

namespace {
std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}
}  // namespace

std::string renderCsv(const std::vector<SubmissionResult>& results) {
  std::vector<std::string> testNames;
  for (const auto& r : results) {
    if (r.tests.size() > testNames.size()) {
      testNames.clear();
      for (const auto& t : r.tests) testNames.push_back(t.name);
    }
  }
  std::string out = "submission,score,max_score";
  for (const auto& n : testNames) out += "," + csvField(n);
  out += ",status\n";
  for (const auto& r : results) {
    out += csvField(r.submission) + "," + score(r.score) + "," + score(r.maxScore);
    for (const auto& n : testNames) {
      auto it = std::find_if(r.tests.begin(), r.tests.end(), [&](const TestResult& t) { return t.name == n; });
      out += "," + (it == r.tests.end() ? std::string("0") : score(it->score));
    }
    out += "," + (!r.failure.empty() ? r.failure : !r.buildOk ? std::string("build-failed") : std::string("graded")) + "\n";
  }
  return out;
}

}  // namespace asmlab::grader
