// JUnit XML and Gradescope results.json.
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "asmlab/grader/report.hpp"

namespace asmlab::grader {
namespace {

// XML 1.0 text: escapes markup and drops characters XML cannot carry (control characters).
std::string xmlEscape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') out += fmt::format("\\x{:02X}", c);
        else out += static_cast<char>(c);
    }
  }
  return out;
}

std::string reasons(const TestResult& t) {
  std::string text;
  if (!t.stopMessage.empty()) text += "stopped: " + t.stopMessage + "\n";
  for (const auto& note : t.notes) text += "note: " + note + "\n";
  for (const auto& c : t.checks) {
    if (!c.passed) text += fmt::format("{} (lost {:g}): {}\n", c.name, roundScore(c.maxScore - c.score), c.message);
  }
  return text;
}

}  // namespace

namespace {

void junitSuite(std::ostringstream& out, const SubmissionResult& r) {
  size_t failures = 0;
  for (const auto& t : r.tests) failures += t.status != "passed";
  out << fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\">\n", xmlEscape(r.submission),
                     r.tests.size(), failures, r.failure.empty() ? 0 : 1);
  out << fmt::format("    <properties><property name=\"score\" value=\"{:g}\"/><property name=\"max_score\" value=\"{:g}\"/></properties>\n",
                     r.score, r.maxScore);
  for (const auto& t : r.tests) {
    out << fmt::format("    <testcase classname=\"{}\" name=\"{}\">\n", xmlEscape(r.submission), xmlEscape(t.name));
    if (t.status != "passed") {
      out << fmt::format("      <failure message=\"{} of {:g} points; {}\">{}</failure>\n", fmt::format("{:g}", t.score),
                         t.maxScore, xmlEscape(t.verdict), xmlEscape(reasons(t)));
    }
    if (!t.output.empty()) out << "      <system-out>" << xmlEscape(t.output) << "</system-out>\n";
    out << "    </testcase>\n";
  }
  out << "  </testsuite>\n";
}

}  // namespace

std::string renderJunit(const std::vector<SubmissionResult>& results) {
  size_t tests = 0, failures = 0;
  for (const auto& r : results) {
    tests += r.tests.size();
    for (const auto& t : r.tests) failures += t.status != "passed";
  }
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << fmt::format("<testsuites name=\"asmlab\" tests=\"{}\" failures=\"{}\">\n", tests, failures);
  for (const auto& r : results) junitSuite(out, r);
  out << "</testsuites>\n";
  return out.str();
}

std::string renderJunit(const SubmissionResult& r) { return renderJunit(std::vector<SubmissionResult>{r}); }

std::string renderGradescope(const SubmissionResult& r) {
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& t : r.tests) {
    std::string output;
    if (t.status != "passed") output += reasons(t);
    if (!t.summary.empty()) output += t.summary + "\n";
    if (!t.output.empty()) {
      output += (output.empty() ? "" : "\n") + std::string(r.buildOk ? "Program output:\n" : "Build diagnostics:\n") + t.output;
      if (t.outputTruncated) output += "\n[output truncated]";
    }
    // Gradescope's test status is "passed" or "failed"; partial credit shows in the score.
    tests.push_back({{"name", t.name},
                     {"score", t.score},
                     {"max_score", t.maxScore},
                     {"status", t.status == "passed" ? "passed" : "failed"},
                     {"output", output},
                     {"visibility", t.visibility}});
  }
  std::string summary;
  if (!r.buildOk) summary = "Your submission does not build:\n" + r.buildDiagnostics;
  if (!r.failure.empty()) summary = fmt::format("Grading stopped: {}: {}", r.failure, r.failureMessage);
  nlohmann::json out = {{"score", r.score}, {"tests", tests}, {"visibility", "visible"}, {"stdout_visibility", "hidden"}};
  if (!summary.empty()) out["output"] = summary;
  return dumpJson(out) + "\n";
}

}  // namespace asmlab::grader
