// Compiler-style diagnostics: `file:line:col: error: message`, the source line and a caret.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "asmlab/asm/source.hpp"

namespace asmlab {

enum class Severity { Note, Warning, Error };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceLocation location;
  std::string message;
  std::vector<Diagnostic> notes;  // attached notes, printed after the diagnostic
};

// Collects every diagnostic of a run so a tool can report all errors at once.
class Diagnostics {
public:
  Diagnostic& error(SourceLocation where, std::string message);
  Diagnostic& warning(SourceLocation where, std::string message);
  Diagnostic& note(SourceLocation where, std::string message);
  Diagnostic& add(Diagnostic d);

  size_t errorCount() const { return errors_; }
  size_t warningCount() const { return warnings_; }
  bool hasErrors() const { return errors_ != 0; }
  const std::vector<Diagnostic>& all() const { return list_; }
  void clear();

  // Treat warnings as errors (counted as errors, printed as "error: ... [-Werror]").
  void setWarningsAsErrors(bool on) { warningsAsErrors_ = on; }
  // Stop recording after this many errors (0 = unlimited); a final note says how many were dropped.
  // Every command sets kDefaultErrorLimit unless told otherwise (--error-limit N).
  static constexpr size_t kDefaultErrorLimit = 20;
  void setErrorLimit(size_t limit) { errorLimit_ = limit; }
  size_t errorLimit() const { return errorLimit_; }
  // True once as many errors as the limit allows were recorded: more are only counted.
  bool errorLimitReached() const { return errorLimit_ != 0 && errors_ >= errorLimit_; }
  // Counting stops too: a front end whose few lines can make a million (macros, REPT) stops
  // reading once this many errors were found, listed or counted (MASM stops at 100), unless the
  // limit is 0 (all errors, however many). stopped() adds the note that says so.
  static constexpr size_t kErrorsBeforeStopping = 1000;
  bool shouldStop() const { return errorLimit_ != 0 && errors_ >= std::max(errorLimit_, kErrorsBeforeStopping); }
  void stopped(SourceLocation where, std::string_view what);
  // Whether a diagnostic of this severity would be recorded, not only counted, when added after
  // `errorsAhead` more errors (held back by a front end, added later): a front end skips the notes
  // and "did you mean" hints of one that would not.
  bool keeps(Severity severity, size_t errorsAhead = 0) const {
    const bool error = severity == Severity::Error || (severity == Severity::Warning && warningsAsErrors_);
    return !error || errorLimit_ == 0 || errors_ + errorsAhead < errorLimit_;
  }
  size_t droppedErrors() const { return dropped_; }
  // A warning with the message and place of one already recorded (a macro body line, once per
  // expansion) is only counted; render() says how many.
  bool repeatsAWarning(const Diagnostic& d) const;
  // keeps() for a diagnostic whose place and message are known: false for a repeated warning too.
  bool keeps(const Diagnostic& d) const { return keeps(d.severity) && !repeatsAWarning(d); }
  size_t repeatedWarnings() const { return repeatedWarnings_; }

  // Renders every diagnostic in order, followed by a count line if anything was reported.
  void render(std::ostream& out, bool color = false) const;
  std::string renderToString() const;

private:
  std::vector<Diagnostic> list_;
  size_t errors_ = 0;
  size_t warnings_ = 0;
  size_t dropped_ = 0;
  size_t repeatedWarnings_ = 0;
  // What add() returns for a diagnostic that is only counted (the caller may still attach notes):
  // owned here, so nothing outlives the Diagnostics that counted it.
  Diagnostic discarded_;
  std::unordered_set<std::string> warningPlaces_;  // file, line, column and message of each one kept
  size_t errorLimit_ = 0;
  bool warningsAsErrors_ = false;
};

// Text safe to print on a terminal: control bytes, DEL, C1 controls and bytes that are not UTF-8
// become \xHH (tabs stay, newlines too with keepNewlines). With `columns`, the display column of
// each byte of `text` is appended, and the column after the last.
std::string escapeForTerminal(std::string_view text, std::vector<uint32_t>* columns = nullptr,
                              bool keepNewlines = true);

// Formats one diagnostic (and its notes) as the compilers do.
std::string formatDiagnostic(const Diagnostic& d, bool color = false);

// The closest candidate by edit distance (case-insensitive), or "" if none is close enough
// to be a likely typo. Used for "did you mean" hints.
std::string closestMatch(std::string_view word, const std::vector<std::string>& candidates);

// Damerau-Levenshtein (optimal string alignment) distance, case-insensitive.
size_t editDistance(std::string_view a, std::string_view b);
// The same, or `limit + 1` as soon as the distance is known to exceed `limit` (for the hint search,
// which rejects most names after a row or two).
size_t editDistance(std::string_view a, std::string_view b, size_t limit);

}  // namespace asmlab
