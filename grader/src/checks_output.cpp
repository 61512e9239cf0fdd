// Console output checks: exact, contains, regex and line similarity, with the first differing
// line named in every failure.
#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "run_context.hpp"

namespace asmlab::grader {
namespace {

std::string normalise(std::string text, const Check& check) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') {  // CR LF and lone CR both end a line
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      continue;
    }
    out += check.ignoreCase ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : c;
  }
  if (check.ignoreWhitespace) {
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
  if (a.empty() && b.empty()) return 1;
  // Edit distance over lines (Levenshtein with whole lines as symbols), two rows.
  std::vector<size_t> previous(b.size() + 1), current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitute = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitute});
    }
    std::swap(previous, current);
  }
  double distance = static_cast<double>(previous[b.size()]);
  return 1.0 - distance / static_cast<double>(std::max(a.size(), b.size()));
}

CheckResult evaluateOutput(const Check& check, const std::string& rawOutput, double maxScore) {
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
        std::regex re(check.texts.at(0), flags);
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
      double similarity = lineSimilarity(expected, output);
      r.passed = similarity >= 1.0 - 1e-12;
      if (similarity >= check.minSimilarity && check.minSimilarity < 1) {
        // Credit in proportion above the minimum: min gives 0, identical gives everything.
        r.score = maxScore * (similarity - check.minSimilarity) / (1.0 - check.minSimilarity);
      }
      if (similarity >= check.minSimilarity && check.minSimilarity >= 1) r.score = maxScore;
      if (!r.passed) {
        r.message = fmt::format("output is {:.1f}% similar (at least {:.1f}% needed for credit); {}", similarity * 100,
                                check.minSimilarity * 100, firstDifference(expected, output));
      }
      return r;
    }
  }
  if (r.passed) r.score = maxScore;
  return r;
}

}  // namespace asmlab::grader
