// Reading the checks that compare text (output, and strings in memory), count calls, or offer
// alternatives.
#include <regex>

#include <fmt/format.h>

#include "compiled_regex.hpp"
#include "spec_reader.hpp"

namespace asmlab::grader {

bool SpecReader::readOutputCheck(const YAML::Node& body, Check& check) {
  if (!expectMap(body, "output")) return false;
  checkKeys(body, "output", {"equals", "file", "contains", "not_contains", "regex", "similar", "min", "by", "ignore_case",
                             "ignore_whitespace", "ignore_punctuation"});
  return readTextComparison(body, check, "an output check");
}

// The comparison shared by output and string checks: one of equals, file, contains,
// not_contains, regex or similar, and the options that make it forgiving.
bool SpecReader::readTextComparison(const YAML::Node& body, Check& check, std::string_view what) {
  using M = Check::OutputMode;
  int modes = 0;
  if (body["equals"]) {
    check.outputMode = M::Equals;
    check.texts = {string(body["equals"], "equals").value_or("")};
    ++modes;
  }
  if (body["contains"]) {
    check.outputMode = M::Contains;
    check.texts = stringList(body["contains"], "contains");
    ++modes;
  }
  if (body["not_contains"]) {
    check.outputMode = M::NotContains;
    check.texts = stringList(body["not_contains"], "not_contains");
    ++modes;
  }
  if (body["regex"]) {
    check.outputMode = M::Regex;
    check.texts = {string(body["regex"], "regex").value_or("")};
    ++modes;  // compiled below, with ignore_case
  }
  if (body["similar"]) {
    check.outputMode = M::Similar;
    ++modes;
    if (body["similar"].IsScalar()) check.texts = {body["similar"].Scalar()};
  }
  if (body["file"]) {
    if (modes == 0) {
      check.outputMode = M::Equals;
      ++modes;
    }
    if (auto text = readCourseText(body["file"], "golden transcript")) {
      check.texts = {*text};
      check.textSource = body["file"].Scalar();
    }
  } else if (check.outputMode == M::Similar && check.texts.empty()) {
    error(body["similar"], "similar needs the expected text, or 'file:' with a golden transcript");
  }
  if (modes != 1) {
    error(body, fmt::format("{} needs exactly one of equals, file, contains, not_contains, regex or similar", what));
    return false;
  }
  if (body["min"]) {
    check.minSimilarity = real(body["min"], "min").value_or(0.9);
    if (check.outputMode != M::Similar) error(body["min"], "'min' applies to 'similar' checks");
    if (check.minSimilarity < 0 || check.minSimilarity > 1) error(body["min"], "min must be between 0 and 1");
  }
  if (body["by"]) {
    auto by = string(body["by"], "by");
    if (by == "characters") check.similarByCharacters = true;
    else if (by && *by != "lines") error(body["by"], fmt::format("by must be 'lines' or 'characters', not '{}'", *by));
    if (check.outputMode != M::Similar) error(body["by"], "'by' applies to 'similar' checks");
  }
  if (body["ignore_case"]) check.ignoreCase = boolean(body["ignore_case"], "ignore_case").value_or(false);
  if (const YAML::Node& blanks = body["ignore_whitespace"]) {
    if (blanks.IsScalar() && blanks.Scalar() == "all") check.ignoreAllWhitespace = true;
    else check.ignoreWhitespace = boolean(blanks, "ignore_whitespace (true, false or all)").value_or(false);
  }
  if (body["ignore_punctuation"]) {
    check.ignorePunctuation = boolean(body["ignore_punctuation"], "ignore_punctuation").value_or(false);
  }
  if (check.outputMode == M::Regex && body["regex"]) {
    auto flags = std::regex::ECMAScript;
    if (check.ignoreCase) flags |= std::regex::icase;
    check.compiledRegex = regex(body["regex"], check.texts.at(0), flags);
  }
  return true;
}

void SpecReader::readStringCheck(const YAML::Node& body, Check& check) {
  if (!expectMap(body, "string")) return;
  checkKeys(body, "string", {"at", "equals", "file", "contains", "not_contains", "regex", "similar", "min", "by",
                             "ignore_case", "ignore_whitespace", "ignore_punctuation", "terminator", "max_length"});
  if (!body["at"]) {
    error(body, "a string check needs 'at': where the string is (LABEL, [R0], [POINTER]+n, ...)");
  } else if (auto at = address(body["at"], "at")) {
    check.stringAt = *at;
  }
  if (body["terminator"]) check.terminator = number(body["terminator"], "terminator").value_or(0);
  if (body["max_length"]) {
    check.maxLength = count(body["max_length"], "max_length").value_or(1000);
    if (check.maxLength == 0 || check.maxLength > 65536) error(body["max_length"], "max_length must be 1-65536");
  }
  readTextComparison(body, check, "a string check");
}

void SpecReader::readCallsCheck(const YAML::Node& body, Check& check) {
  if (!expectMap(body, "calls")) return;
  for (auto it = body.begin(); it != body.end(); ++it) {
    CallCount call;
    call.label = string(it->first, "subroutine label").value_or("");
    call.place = place(it->first);
    YAML::Node bounds = it->second;
    if (bounds.IsMap()) {
      checkKeys(bounds, "a call count", {"min", "max"});
      if (bounds["min"]) call.min = count(bounds["min"], "min");
      if (bounds["max"]) call.max = count(bounds["max"], "max");
      if (!bounds["min"] && !bounds["max"]) error(bounds, "a call count needs a number, or 'min' or 'max'");
      if (call.min && call.max && *call.min > *call.max) error(bounds, "min is above max");
    } else if (auto n = count(bounds, fmt::format("calls of {}", call.label))) {
      call.min = call.max = *n;
    }
    if (!call.label.empty()) check.calls.push_back(call);
  }
  if (check.calls.empty()) error(body, "calls needs at least one LABEL: count");
}

void SpecReader::readAlternatives(const YAML::Node& body, Check& check) {
  if (!body.IsSequence() || body.size() < 2) {
    error(body, "any_of must be a list of at least two checks (the first that passes with most points scores)");
    return;
  }
  for (const auto& item : body) {
    if (auto alternative = readCheck(item)) check.alternatives.push_back(std::move(*alternative));
  }
  // With points on every alternative, the check is worth its best alternative.
  bool allExplicit = std::all_of(check.alternatives.begin(), check.alternatives.end(),
                                 [](const Check& a) { return a.points >= 0; });
  if (check.points < 0 && allExplicit) {
    for (const auto& a : check.alternatives) check.points = std::max(check.points, a.points);
  }
  for (size_t i = 0; i < check.alternatives.size(); ++i) {
    if (check.points >= 0 && check.alternatives[i].points > check.points + 1e-9) {
      error(body[i]["points"], fmt::format("an alternative's points ({}) exceed the check's ({})",
                                           check.alternatives[i].points, check.points));
    }
  }
}

}  // namespace asmlab::grader
