#include "asmlab/asm/diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

namespace asmlab {
namespace {

const char* severityName(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

const char* severityColor(Severity s) {
  switch (s) {
    case Severity::Note: return "\x1b[1;36m";
    case Severity::Warning: return "\x1b[1;35m";
    case Severity::Error: return "\x1b[1;31m";
  }
  return "";
}

// Non-printable bytes in a quoted source line are shown as '?', so a binary file cannot
// corrupt the terminal; the caret column still lines up because each byte becomes one column.
std::string printable(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (unsigned char c : line) out += (c == '\t' || (c >= 0x20 && c < 0x7f)) ? static_cast<char>(c) : '?';
  return out;
}

void formatOne(std::string& out, const Diagnostic& d, bool color) {
  const auto& loc = d.location;
  const char* bold = color ? "\x1b[1m" : "";
  const char* reset = color ? "\x1b[0m" : "";
  if (loc.file && loc.line == 0) {
    out += fmt::format("{}{}: {}", bold, loc.file->name(), reset);  // a whole file (an object, a library)
  } else if (loc.file) {
    out += fmt::format("{}{}:{}:{}: {}", bold, loc.file->name(), loc.line, loc.column, reset);
  }
  out += fmt::format("{}{}:{} {}{}{}\n", color ? severityColor(d.severity) : "", severityName(d.severity), reset, bold,
                     d.message, reset);
  if (loc.file && loc.line >= 1 && loc.line <= loc.file->lineCount()) {
    std::string text = printable(loc.file->line(loc.line));
    out += fmt::format("{:>5} | {}\n", loc.line, text);
    // The caret line copies tabs from the source so it lines up under the operand.
    std::string pad;
    for (uint32_t i = 1; i < loc.column && i - 1 < text.size(); ++i) pad += text[i - 1] == '\t' ? '\t' : ' ';
    // A place past the end of the line is drawn just after it: the caret line is never longer
    // than the source line it marks, whatever column or length a front end computed.
    std::string marks = "^";
    const size_t column = std::min<size_t>(std::max<uint32_t>(loc.column, 1), text.size() + 1);
    if (loc.length > 1) marks.append(std::min<size_t>(loc.length, text.size() + 2 - column) - 1, '~');
    out += fmt::format("      | {}{}{}{}\n", pad, color ? "\x1b[1;32m" : "", marks, reset);
  }
}

}  // namespace

Diagnostic& Diagnostics::add(Diagnostic d) {
  if (d.severity == Severity::Warning && warningsAsErrors_) {
    d.severity = Severity::Error;
    d.message += " [-Werror]";
  }
  if (d.severity == Severity::Error) {
    ++errors_;
    if (errorLimit_ != 0 && errors_ > errorLimit_) {
      ++dropped_;
      static thread_local Diagnostic sink;
      sink = std::move(d);
      return sink;
    }
  } else if (d.severity == Severity::Warning) {
    ++warnings_;
  }
  list_.push_back(std::move(d));
  return list_.back();
}

Diagnostic& Diagnostics::error(SourceLocation where, std::string message) {
  return add({Severity::Error, std::move(where), std::move(message), {}});
}
Diagnostic& Diagnostics::warning(SourceLocation where, std::string message) {
  return add({Severity::Warning, std::move(where), std::move(message), {}});
}
Diagnostic& Diagnostics::note(SourceLocation where, std::string message) {
  return add({Severity::Note, std::move(where), std::move(message), {}});
}

void Diagnostics::clear() {
  list_.clear();
  errors_ = warnings_ = dropped_ = 0;
}

std::string formatDiagnostic(const Diagnostic& d, bool color) {
  std::string out;
  formatOne(out, d, color);
  for (const auto& n : d.notes) formatOne(out, n, color);
  return out;
}

void Diagnostics::render(std::ostream& out, bool color) const {
  for (const auto& d : list_) out << formatDiagnostic(d, color);
  if (dropped_) out << fmt::format("note: {} more errors not shown (error limit reached)\n", dropped_);
  if (errors_ || warnings_) {
    out << fmt::format("{} error{} and {} warning{} generated.\n", errors_, errors_ == 1 ? "" : "s", warnings_,
                       warnings_ == 1 ? "" : "s");
  }
}

std::string Diagnostics::renderToString() const {
  std::ostringstream s;
  render(s);
  return s.str();
}

size_t editDistance(std::string_view a, std::string_view b) {
  // Three rows of the optimal-string-alignment table: the current one, and the two before it for
  // transpositions.
  const size_t m = b.size();
  std::vector<size_t> before(m + 1), previous(m + 1), current(m + 1);
  for (size_t j = 0; j <= m; ++j) previous[j] = j;
  auto eq = [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); };
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (size_t j = 1; j <= m; ++j) {
      size_t cost = eq(a[i - 1], b[j - 1]) ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && eq(a[i - 1], b[j - 2]) && eq(a[i - 2], b[j - 1])) current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[m];
}

std::string closestMatch(std::string_view word, const std::vector<std::string>& candidates) {
  // Names are short (MASM allows 247 characters, the LC-3 tools 20); a longer "word" is garbage
  // that no suggestion helps, and comparing it with every name would cost its length squared.
  constexpr size_t kLongestName = 247;
  if (word.size() > kLongestName) return {};
  // A typo is at most a third of the word (at least one edit), and never the whole word.
  const size_t allowed = std::max<size_t>(1, word.size() / 3);
  std::string best;
  size_t bestDistance = SIZE_MAX;
  for (const auto& c : candidates) {
    // The distance is at least the difference in length: most names are ruled out unread.
    const size_t lengthGap = c.size() > word.size() ? c.size() - word.size() : word.size() - c.size();
    if (lengthGap > allowed || lengthGap >= bestDistance) continue;
    size_t dist = editDistance(word, c);
    if (dist < bestDistance) {
      bestDistance = dist;
      best = c;
    }
  }
  if (bestDistance == 0 || bestDistance > allowed || bestDistance >= word.size()) return {};
  return best;
}

}  // namespace asmlab
