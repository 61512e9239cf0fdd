// Console output checks: exact, contains, regex and line similarity, with the first differing
// line named in every failure.
#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "compiled_regex.hpp"
#include "run_context.hpp"

namespace asmlab::grader {
namespace {

// Text as the check compares it: line ends normalised to \n, and what the check ignores removed.
std::string normalise(std::string_view text, const Check& check) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') {  // CR LF and lone CR both end a line
      c = '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    }
    const auto u = static_cast<unsigned char>(c);
    if (check.ignorePunctuation && u < 0x80 && std::ispunct(u)) continue;
    if (check.ignoreAllWhitespace && u < 0x80 && std::isspace(u)) continue;
    out += check.ignoreCase ? static_cast<char>(std::tolower(u)) : c;
  }
  if (check.ignoreWhitespace && !check.ignoreAllWhitespace) {
    // Runs of blanks become one space; blanks at line ends and blank lines at the end vanish.
    std::string squeezed;
    for (size_t i = 0; i < out.size(); ++i) {
      char c = out[i];
      if (c == ' ' || c == '\t') {
        size_t j = i;
        while (j < out.size() && (out[j] == ' ' || out[j] == '\t')) ++j;
        if (j < out.size() && out[j] != '\n' && !squeezed.empty() && squeezed.back() != '\n') squeezed += ' ';
        i = j - 1;
        continue;
      }
      squeezed += c;
    }
    while (!squeezed.empty() && squeezed.back() == '\n') squeezed.pop_back();
    out = squeezed;
  }
  return out;
}

// Edit distance (Levenshtein) between two sequences, computed only within `limit` of the
// diagonal (Ukkonen's band): nullopt when the distance is above `limit`, which is all a
// similarity threshold needs to know, at a cost of O(length x limit) instead of O(length^2).
template <typename Sequence>
std::optional<size_t> boundedEditDistance(const Sequence& a, const Sequence& b, size_t limit) {
  const size_t n = a.size(), m = b.size();
  if ((n > m ? n - m : m - n) > limit) return std::nullopt;
  const size_t infinity = limit + 1;
  std::vector<size_t> previous(m + 1, infinity), current(m + 1, infinity);
  for (size_t j = 0; j <= std::min(m, limit); ++j) previous[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    const size_t from = i > limit ? i - limit : 1;
    const size_t to = std::min(m, i + limit);
    // Cells just outside the band read as "too far"; the rest of the row is never read.
    current[from - 1] = from == 1 && i <= limit ? i : infinity;
    if (to < m) current[to + 1] = infinity;
    size_t best = current[from - 1];
    for (size_t j = from; j <= to; ++j) {
      size_t value = std::min(previous[j] + 1, current[j - 1] + 1);
      value = std::min(value, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
      current[j] = std::min(value, infinity);
      best = std::min(best, current[j]);
    }
    if (best > limit) return std::nullopt;
    std::swap(previous, current);
  }
  if (previous[m] > limit) return std::nullopt;
  return previous[m];
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      if (start < text.size()) lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// Makes control characters visible in messages.
std::string visible(std::string_view text, size_t maxLength = 120) {
  std::string out;
  for (unsigned char c : text) {
    if (out.size() >= maxLength) {
      out += "...";
      break;
    }
    if (c == '\t') out += "\\t";
    else if (c < 0x20 || c == 0x7F) out += fmt::format("\\x{:02X}", c);
    else out += static_cast<char>(c);
  }
  return out;
}

std::string firstDifference(const std::string& expected, const std::string& actual) {
  auto want = splitLines(expected), got = splitLines(actual);
  size_t n = std::max(want.size(), got.size());
  for (size_t i = 0; i < n; ++i) {
    if (got.empty()) return fmt::format("the program printed nothing; expected line 1: \"{}\"", visible(want[0]));
    if (i >= got.size()) {
      return fmt::format("output ends after line {}; expected line {}: \"{}\"", got.size(), i + 1, visible(want[i]));
    }
    if (i >= want.size()) {
      return fmt::format("extra output from line {}: \"{}\"", i + 1, visible(got[i]));
    }
    if (want[i] != got[i]) {
      size_t col = 0;
      while (col < want[i].size() && col < got[i].size() && want[i][col] == got[i][col]) ++col;
      return fmt::format("line {} differs at column {}:\n  expected: \"{}\"\n  actual:   \"{}\"", i + 1, col + 1,
                         visible(want[i]), visible(got[i]));
    }
  }
  // Same lines: the difference is the final newline.
  return expected.size() > actual.size() ? "output lacks the final newline" : "output has an extra final newline";
}

}  // namespace

double lineSimilarity(const std::string& expected, const std::string& actual) {
  auto a = splitLines(expected), b = splitLines(actual);
  size_t longest = std::max(a.size(), b.size());
  if (longest == 0) return 1;
  size_t distance = boundedEditDistance(a, b, longest).value_or(longest);
  return 1.0 - static_cast<double>(distance) / static_cast<double>(longest);
}

double characterSimilarity(const std::string& expected, const std::string& actual) {
  size_t longest = std::max(expected.size(), actual.size());
  if (longest == 0) return 1;
  size_t distance = boundedEditDistance(expected, actual, longest).value_or(longest);
  return 1.0 - static_cast<double>(distance) / static_cast<double>(longest);
}

namespace {

// Similarity of the check's kind, or nullopt when it is below `min` (then it earns nothing and
// its exact value is not worth computing).
std::optional<double> similarityAtLeast(const Check& check, const std::string& expected, const std::string& actual) {
  if (check.similarByCharacters) {
    size_t longest = std::max(expected.size(), actual.size());
    if (longest == 0) return 1.0;
    auto limit = static_cast<size_t>((1.0 - check.minSimilarity) * static_cast<double>(longest) + 1e-9);
    auto distance = boundedEditDistance(expected, actual, limit);
    if (!distance) return std::nullopt;
    return 1.0 - static_cast<double>(*distance) / static_cast<double>(longest);
  }
  double similarity = lineSimilarity(expected, actual);
  if (similarity < check.minSimilarity) return std::nullopt;
  return similarity;
}

}  // namespace

CheckResult evaluateOutput(const Check& check, std::string_view rawOutput, double maxScore) {
  CheckResult r{check.describe(), false, 0, maxScore, {}};
  std::string output = normalise(rawOutput, check);
  using M = Check::OutputMode;
  switch (check.outputMode) {
    case M::Equals: {
      std::string expected = normalise(check.texts.at(0), check);
      r.passed = output == expected;
      if (!r.passed) r.message = firstDifference(expected, output);
      break;
    }
    case M::Contains: {
      size_t from = 0;
      r.passed = true;
      for (const auto& raw : check.texts) {
        std::string text = normalise(raw, check);
        size_t at = output.find(text, from);
        if (at == std::string::npos) {
          r.passed = false;
          bool elsewhere = from > 0 && output.find(text) != std::string::npos;
          r.message = fmt::format("output does not contain \"{}\"{}", visible(text),
                                  elsewhere ? " after the previous expected text (found earlier, out of order)" : "");
          break;
        }
        from = at + text.size();
      }
      break;
    }
    case M::NotContains: {
      r.passed = true;
      for (const auto& raw : check.texts) {
        std::string text = normalise(raw, check);
        size_t at = output.find(text);
        if (at != std::string::npos) {
          r.passed = false;
          size_t line = static_cast<size_t>(std::count(output.begin(), output.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
          r.message = fmt::format("output contains \"{}\" (line {})", visible(text), line);
          break;
        }
      }
      break;
    }
    case M::Regex: {
      auto flags = std::regex::ECMAScript;
      if (check.ignoreCase) flags |= std::regex::icase;
      try {
        std::optional<std::regex> local;
        if (!check.compiledRegex) local.emplace(compileRegex(check.texts.at(0), flags));
        const std::regex& re = check.compiledRegex ? check.compiledRegex->expression : *local;
        r.passed = std::regex_search(output, re);
      } catch (const std::exception& e) {  // regex_error, or the library running out of stack
        r.passed = false;
        r.message = fmt::format("regular expression could not be evaluated: {}", e.what());
        break;
      }
      if (!r.passed) r.message = fmt::format("output does not match /{}/", check.texts[0]);
      break;
    }
    case M::Similar: {
      std::string expected = normalise(check.texts.at(0), check);
      auto similarity = similarityAtLeast(check, expected, output);
      r.passed = similarity && *similarity >= 1.0 - 1e-12;
      if (similarity && check.minSimilarity < 1) {
        // Credit in proportion above the minimum: min gives 0, identical gives everything.
        r.score = maxScore * (*similarity - check.minSimilarity) / (1.0 - check.minSimilarity);
      }
      if (similarity && check.minSimilarity >= 1) r.score = maxScore;
      if (!r.passed) {
        const char* unit = check.similarByCharacters ? "character" : "line";
        r.message = similarity ? fmt::format("{} similarity {:.1f}% (credit from {:.1f}% up); {}", unit, *similarity * 100,
                                             check.minSimilarity * 100, firstDifference(expected, output))
                               : fmt::format("{} similarity below the {:.1f}% needed for credit; {}", unit,
                                             check.minSimilarity * 100, firstDifference(expected, output));
      }
      return r;
    }
  }
  if (r.passed) r.score = maxScore;
  return r;
}

CheckResult evaluateString(const Check& check, const RunContext& ctx, double maxScore) {
  const auto& m = ctx.machine;
  std::string error;
  auto at = resolveAddress(check.stringAt, m, error);
  if (!at) return {check.describe(), false, 0, maxScore, error};
  // One character per memory unit (LC-3 word, PC byte), up to the terminator.
  std::string text;
  const uint64_t unitMask = m.memoryUnitBits() >= 32 ? 0xFFFFFFFFull : (1ull << m.memoryUnitBits()) - 1;
  const uint64_t terminator = static_cast<uint64_t>(check.terminator) & unitMask;
  bool terminated = false;
  for (uint64_t i = 0; i < check.maxLength && *at + i < m.memorySize(); ++i) {
    uint32_t unit = m.peek(*at + i);
    if (unit == terminator) {
      terminated = true;
      break;
    }
    text += unit <= 0xFF ? static_cast<char>(unit) : '?';
  }
  CheckResult r = evaluateOutput(check, text, maxScore);
  r.name = check.describe();
  if (!r.passed) {
    std::string where = describeAddress(m, *at);
    if (!terminated) where += fmt::format(", no terminator within {} units", check.maxLength);
    r.message = fmt::format("the string at {} is \"{}\"; {}", where, visible(text), r.message);
  }
  return r;
}

}  // namespace asmlab::grader
