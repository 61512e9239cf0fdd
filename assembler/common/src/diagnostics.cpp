#include "asmlab/asm/diagnostics.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
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

}  // namespace

namespace {

bool isPlainByte(unsigned char c, bool keepNewlines) {
  return c == '\t' || (keepNewlines && c == '\n') || (c >= 0x20 && c < 0x7f);
}

// escapeForTerminal's work, appended to `out`. Runs of plain bytes are copied whole: rendering is
// done for every diagnostic, and the fuzz targets render every input's.
void appendEscaped(std::string& out, std::string_view text, std::vector<uint32_t>* columns, bool keepNewlines) {
  out.reserve(out.size() + text.size());
  if (columns) columns->reserve(columns->size() + text.size() + 1);
  uint32_t column = 0;
  auto mark = [&](size_t count) {
    if (columns)
      for (size_t k = 0; k < count; ++k) columns->push_back(column);
  };
  size_t i = 0;
  while (i < text.size()) {
    auto c = static_cast<unsigned char>(text[i]);
    if (isPlainByte(c, keepNewlines)) {
      size_t end = i + 1;
      while (end < text.size() && isPlainByte(static_cast<unsigned char>(text[end]), keepNewlines)) ++end;
      out.append(text.substr(i, end - i));
      for (; i < end; ++i) {
        mark(1);
        column = text[i] == '\n' ? 0 : column + 1;
      }
      continue;
    }
    // A complete UTF-8 sequence of a printable character (not U+0080..U+009F) is kept as it is.
    size_t length = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    bool valid = length != 0 && i + length <= text.size();
    for (size_t k = 1; valid && k < length; ++k) valid = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (valid && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) valid = false;
    if (valid) {
      mark(length);
      out.append(text.substr(i, length));
      ++column;
      i += length;
      continue;
    }
    mark(1);
    static constexpr char kHex[] = "0123456789ABCDEF";
    const char escaped[4] = {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    out.append(escaped, 4);
    column += 4;
    ++i;
  }
  if (columns) columns->push_back(column);
}

void appendNumber(std::string& out, uint32_t value, size_t width = 0) {
  const std::string digits = std::to_string(value);
  if (digits.size() < width) out.append(width - digits.size(), ' ');
  out += digits;
}

}  // namespace

// Terminal-safe text: control bytes, DEL, C1 controls and bytes that are not UTF-8 are written as
// \xHH, so a binary file (or a Ctrl-Z from a DOS editor) cannot corrupt the terminal. `columns`
// (when given) receives, for each byte of `text`, the display column where it starts, and one more
// entry for the end of the text, so a caret can be placed under any byte.
std::string escapeForTerminal(std::string_view text, std::vector<uint32_t>* columns, bool keepNewlines) {
  std::string out;
  appendEscaped(out, text, columns, keepNewlines);
  return out;
}

namespace {

// One diagnostic as `file:line:col: severity: message`, then the source line and a caret.
void formatOne(std::string& out, const Diagnostic& d, bool color) {
  const auto& loc = d.location;
  const char* bold = color ? "\x1b[1m" : "";
  const char* reset = color ? "\x1b[0m" : "";
  if (loc.file) {
    out += bold;
    appendEscaped(out, loc.file->name(), nullptr, false);
    if (loc.line != 0) {  // else a whole file (an object, a library)
      out += ':';
      appendNumber(out, loc.line);
      out += ':';
      appendNumber(out, loc.column);
    }
    out += ": ";
    out += reset;
  }
  out += color ? severityColor(d.severity) : "";
  out += severityName(d.severity);
  out += ':';
  out += reset;
  out += ' ';
  out += bold;
  appendEscaped(out, d.message, nullptr, true);
  out += reset;
  out += '\n';
  if (loc.file && loc.line >= 1 && loc.line <= loc.file->lineCount()) {
    std::string_view raw = loc.file->line(loc.line);
    std::vector<uint32_t> columns;
    appendNumber(out, loc.line, 5);
    out += " | ";
    appendEscaped(out, raw, &columns, false);
    out += '\n';
    // The caret stays on the line: a column past its end points just after the last byte, and
    // the marks stop there too, however large the location's numbers are.
    size_t first = std::min<size_t>(loc.column ? loc.column - 1 : 0, raw.size());
    size_t last = std::min<size_t>(first + std::max<uint32_t>(loc.length, 1), raw.size() + 1);
    // The caret line copies tabs from the source so it lines up under the operand.
    out += "      | ";
    for (size_t i = 0; i < first; ++i) {
      if (raw[i] == '\t')
        out += '\t';
      else
        out.append(columns[i + 1] - columns[i], ' ');
    }
    uint32_t width = last > first + 1 ? columns[std::min(last, raw.size())] - columns[first] : 1;
    out += color ? "\x1b[1;32m" : "";
    out += '^';
    if (width > 1) out.append(width - 1, '~');
    out += reset;
    out += '\n';
  }
}

// A diagnostic and its notes, appended to `out`.
void appendDiagnostic(std::string& out, const Diagnostic& d, bool color) {
  formatOne(out, d, color);
  for (const auto& n : d.notes) formatOne(out, n, color);
}

}  // namespace

namespace {
std::string warningPlace(const Diagnostic& d) {
  return fmt::format("{}\n{}:{}\n{}", d.location.file ? d.location.file->name() : std::string(), d.location.line,
                     d.location.column, d.message);
}
}  // namespace

bool Diagnostics::repeatsAWarning(const Diagnostic& d) const {
  return d.severity == Severity::Warning && !warningsAsErrors_ && warningPlaces_.contains(warningPlace(d));
}

Diagnostic& Diagnostics::add(Diagnostic d) {
  if (d.severity == Severity::Warning && warningsAsErrors_) {
    d.severity = Severity::Error;
    d.message += " [-Werror]";
  }
  bool kept = true;
  if (d.severity == Severity::Error) {
    ++errors_;
    kept = errorLimit_ == 0 || errors_ <= errorLimit_;
    dropped_ += !kept;
  } else if (d.severity == Severity::Warning) {
    ++warnings_;
    kept = warningPlaces_.insert(warningPlace(d)).second;
    repeatedWarnings_ += !kept;
  }
  if (!kept) {
    discarded_ = std::move(d);
    return discarded_;
  }
  list_.push_back(std::move(d));
  return list_.back();
}

void Diagnostics::stopped(SourceLocation where, std::string_view what) {
  list_.push_back({Severity::Note,
                   std::move(where),
                   fmt::format("{} stopped here, after {} errors (--error-limit 0 goes on to the end)", what, errors_),
                   {}});
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
  warningPlaces_.clear();
  errors_ = warnings_ = dropped_ = repeatedWarnings_ = 0;
}

std::string formatDiagnostic(const Diagnostic& d, bool color) {
  std::string out;
  appendDiagnostic(out, d, color);
  return out;
}

void Diagnostics::render(std::ostream& stream, bool color) const {
  std::string out;
  for (const auto& d : list_) appendDiagnostic(out, d, color);
  auto put = std::back_inserter(out);
  if (dropped_)
    fmt::format_to(put, "note: {} more error{} not shown (the error limit is {}; --error-limit 0 shows all)\n",
                   dropped_, dropped_ == 1 ? "" : "s", errorLimit_);
  if (repeatedWarnings_)
    fmt::format_to(put,
                   "note: {} more warning{} not shown: each repeats one above at the same place (as in every "
                   "expansion of a macro)\n",
                   repeatedWarnings_, repeatedWarnings_ == 1 ? "" : "s");
  if (errors_ || warnings_) {
    fmt::format_to(put, "{} error{} and {} warning{} generated.\n", errors_, errors_ == 1 ? "" : "s", warnings_,
                   warnings_ == 1 ? "" : "s");
  }
  stream << out;
}

std::string Diagnostics::renderToString() const {
  std::ostringstream s;
  render(s);
  return s.str();
}

size_t editDistance(std::string_view a, std::string_view b) { return editDistance(a, b, SIZE_MAX - 1); }

size_t editDistance(std::string_view a, std::string_view b, size_t limit) {
  // Three rows of the optimal-string-alignment table: the current one, and the two before it for
  // transpositions. Every cell comes from one of the two rows above it, never by subtracting, so
  // once two rows in a row exceed the limit no later cell can come back under it.
  const size_t m = b.size();
  std::array<size_t, 3 * 64> onStack;  // names are short: no allocation for them
  std::vector<size_t> onHeap;
  size_t* rows = onStack.data();
  if (3 * (m + 1) > onStack.size()) {
    onHeap.resize(3 * (m + 1));
    rows = onHeap.data();
  }
  size_t* before = rows;
  size_t* previous = rows + (m + 1);
  size_t* current = rows + 2 * (m + 1);
  for (size_t j = 0; j <= m; ++j) previous[j] = before[j] = j;
  auto eq = [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); };
  size_t previousLowest = 0;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    size_t lowest = i;
    for (size_t j = 1; j <= m; ++j) {
      size_t cost = eq(a[i - 1], b[j - 1]) ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && eq(a[i - 1], b[j - 2]) && eq(a[i - 2], b[j - 1])) current[j] = std::min(current[j], before[j - 2] + 1);
      lowest = std::min(lowest, current[j]);
    }
    if (lowest > limit && previousLowest > limit) return limit + 1;
    previousLowest = lowest;
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return std::min(previous[m], limit + 1);
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
    size_t dist = editDistance(word, c, std::min(allowed, bestDistance - 1));
    if (dist < bestDistance) {
      bestDistance = dist;
      best = c;
    }
  }
  if (bestDistance == 0 || bestDistance > allowed || bestDistance >= word.size()) return {};
  return best;
}

}  // namespace asmlab
