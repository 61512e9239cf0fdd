// JSON form of results: the report format `--format json` and the message the forked grading
// process sends its parent.
#include <nlohmann/json.hpp>

#include "asmlab/grader/result.hpp"

namespace asmlab::grader {

using nlohmann::json;

std::string toValidUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  static const char* hex = "0123456789ABCDEF";
  for (size_t i = 0; i < text.size();) {
    auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    unsigned char c = byte(i);
    size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool valid = length > 0 && i + length <= text.size();
    for (size_t k = 1; valid && k < length; ++k) valid = (byte(i + k) & 0xC0) == 0x80;
    if (valid && length == 2) valid = c >= 0xC2;                                         // no overlong forms
    if (valid && length == 3) valid = !(c == 0xE0 && byte(i + 1) < 0xA0) && !(c == 0xED && byte(i + 1) >= 0xA0);
    if (valid && length == 4) valid = !(c == 0xF0 && byte(i + 1) < 0x90) && !(c == 0xF4 && byte(i + 1) >= 0x90) && c <= 0xF4;
    if (valid) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
      ++i;
    }
  }
  return out;
}

json toJson(const SubmissionResult& r) {
  json tests = json::array();
  for (const auto& t : r.tests) {
    json checks = json::array();
    for (const auto& c : t.checks) {
      checks.push_back({{"name", c.name}, {"passed", c.passed}, {"score", c.score}, {"max_score", c.maxScore}, {"message", c.message}});
    }
    tests.push_back({{"name", t.name},
                     {"visibility", t.visibility},
                     {"score", t.score},
                     {"max_score", t.maxScore},
                     {"status", t.status},
                     {"verdict", t.verdict},
                     {"stop_message", t.stopMessage},
                     {"output", t.output},
                     {"output_truncated", t.outputTruncated},
                     {"instructions", t.instructions},
                     {"clocks", t.clocks},
                     {"summary", t.summary},
                     {"notes", t.notes},
                     {"checks", checks}});
  }
  json out = {{"submission", r.submission},
              {"score", r.score},
              {"max_score", r.maxScore},
              {"build", {{"ok", r.buildOk}, {"diagnostics", r.buildDiagnostics}}},
              {"tests", tests}};
  if (!r.failure.empty()) out["failure"] = {{"kind", r.failure}, {"message", r.failureMessage}};
  return out;
}

SubmissionResult submissionFromJson(const json& j) {
  SubmissionResult r;
  r.submission = j.at("submission").get<std::string>();
  r.score = j.at("score").get<double>();
  r.maxScore = j.at("max_score").get<double>();
  r.buildOk = j.at("build").at("ok").get<bool>();
  r.buildDiagnostics = j.at("build").at("diagnostics").get<std::string>();
  if (j.contains("failure")) {
    r.failure = j["failure"].at("kind").get<std::string>();
    r.failureMessage = j["failure"].at("message").get<std::string>();
  }
  for (const auto& jt : j.at("tests")) {
    TestResult t;
    t.name = jt.at("name").get<std::string>();
    t.visibility = jt.at("visibility").get<std::string>();
    t.score = jt.at("score").get<double>();
    t.maxScore = jt.at("max_score").get<double>();
    t.status = jt.at("status").get<std::string>();
    t.verdict = jt.at("verdict").get<std::string>();
    t.stopMessage = jt.at("stop_message").get<std::string>();
    t.output = jt.at("output").get<std::string>();
    t.outputTruncated = jt.at("output_truncated").get<bool>();
    t.instructions = jt.at("instructions").get<uint64_t>();
    t.clocks = jt.at("clocks").get<uint64_t>();
    t.summary = jt.at("summary").get<std::string>();
    if (jt.contains("notes")) t.notes = jt["notes"].get<std::vector<std::string>>();
    for (const auto& jc : jt.at("checks")) {
      t.checks.push_back({jc.at("name").get<std::string>(), jc.at("passed").get<bool>(), jc.at("score").get<double>(),
                          jc.at("max_score").get<double>(), jc.at("message").get<std::string>()});
    }
    r.tests.push_back(std::move(t));
  }
  return r;
}

}  // namespace asmlab::grader
