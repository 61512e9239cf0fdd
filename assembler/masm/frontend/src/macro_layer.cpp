#include "macro_layer.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <unordered_map>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <fmt/format.h>

namespace asmlab::masm {
namespace {

namespace fs = std::filesystem;

struct BodyLine {
  std::string text;
  SourceLocation location;
};

struct MacroParam {
  std::string name;
  bool required = false;
  bool vararg = false;
  std::string defaultValue;
};

struct MacroDef {
  std::string name;
  std::vector<MacroParam> params;
  std::vector<std::string> locals;
  std::vector<BodyLine> body;
  SourceLocation definedAt;
};

enum class BlockKind { Macro, Rept, Irp, Irpc, While };

// A macro definition or repeat block being collected until its ENDM.
struct Capture {
  BlockKind kind = BlockKind::Macro;
  int depth = 1;
  MacroDef def;                    // for Macro; body lines for the repeat blocks too
  std::string header;              // the repeat block's operands
  LogicalLine opener;
  bool bodyHasCode = false;        // LOCAL may follow only blank and comment lines
};

struct Frame {
  bool isFile = true;
  std::shared_ptr<const SourceFile> file;
  uint32_t nextLine = 1;
  // A Ctrl-Z (1Ah, the DOS end-of-file mark) ends the file: nothing after it is read. lastLine is
  // the line holding it (or the file's last line), cut to lastLineLength bytes.
  uint32_t lastLine = 0;
  size_t lastLineLength = SIZE_MAX;
  static Frame forFile(std::shared_ptr<const SourceFile> source) {
    Frame f;
    f.lastLine = source->lineCount();
    if (size_t eof = source->text().find('\x1a'); eof != std::string::npos) {
      auto [line, column] = source->position(eof);
      f.lastLine = line;
      f.lastLineLength = column - 1;
    }
    f.file = std::move(source);
    return f;
  }
  std::string_view fileLine(uint32_t number) const {
    std::string_view text = file->line(number);
    return number == lastLine ? text.substr(0, std::min(text.size(), lastLineLength)) : text;
  }
  // Expansions: `substitutions.size()` copies of the definition's body (a FOR or IRP makes one
  // per item), each line substituted when it is read, so the lines an expansion never reaches (a
  // recursion stopped by a bound, an EXITM) cost nothing.
  std::shared_ptr<const MacroDef> def;
  std::vector<NameMap<std::string>> substitutions;
  size_t index = 0;
  size_t lineCount() const { return def ? def->body.size() * substitutions.size() : 0; }
  std::shared_ptr<const ExpansionInfo> info;
  bool isMacro = false;
  // A macro function called inside a line: reading stops (returns false) when it ends, and
  // EXITM <text> stores its value here.
  bool isFunction = false;
  std::string* functionResult = nullptr;
  size_t conditionDepth = 0;       // conditional stack depth when the frame started (EXITM unwinds to it)
  // REPT reads its one copy of the body again for each repetition (a repeat block has no LOCAL
  // and no parameter, so every copy would be the same): a count of a million over a long body is
  // never copied whole before the expansion bound is met.
  int64_t repeatsLeft = 0;
  // WHILE re-evaluates its condition each time its body is exhausted.
  bool isWhile = false;
  std::string whileCondition;
  LogicalLine whileOpener;
  uint32_t whileIterations = 0;
};

struct Conditional {
  bool parentActive = true;
  bool active = true;
  bool taken = false;
  bool sawElse = false;
};

bool isBlockOpener(std::string_view w) {
  static const char* openers[] = {"MACRO", "REPT", "REPEAT", "IRP", "IRPC", "FOR", "FORC", "WHILE"};
  for (auto* o : openers)
    if (iequals(w, o)) return true;
  return false;
}


const NameMap<bool>& conditionalWords() {
  static const NameMap<bool> words = [] {
    NameMap<bool> m;
    for (const char* w : {"IF", "IFE", "IF1", "IF2", "IFDEF", "IFNDEF", "IFB", "IFNB", "IFIDN", "IFIDNI", "IFDIF",
                          "IFDIFI", "ELSEIF", "ELSEIFE", "ELSEIF1", "ELSEIF2", "ELSEIFDEF", "ELSEIFNDEF", "ELSEIFB",
                          "ELSEIFNB", "ELSEIFIDN", "ELSEIFIDNI", "ELSEIFDIF", "ELSEIFDIFI", "ELSE", "ENDIF"})
      m.emplace(w, true);
    return m;
  }();
  return words;
}

// Words the macro layer itself acts on in the first position of a statement.
const NameMap<bool>& layerKeywords() {
  static const NameMap<bool> words = [] {
    NameMap<bool> m;
    for (const char* w : {"REPT", "REPEAT", "IRP", "FOR", "IRPC", "FORC", "WHILE", "ENDM", "ENDR", "EXITM", "GOTO",
                          "LOCAL", "INCLUDE", "COMMENT", "%OUT", "ECHO", "PURGE", "END"})
      m.emplace(w, true);
    return m;
  }();
  return words;
}

// Second words that make the first one a name being defined (not replaced by its text value).
const NameMap<bool>& definingWords() {
  static const NameMap<bool> words = [] {
    NameMap<bool> m;
    for (const char* w : {"TEXTEQU", "EQU", "CATSTR", "SUBSTR", "SIZESTR", "INSTR", "MACRO", "=", "LABEL", "PROC",
                          "ENDP", "SEGMENT", "ENDS", "STRUCT", "STRUC", "UNION", "RECORD", "GROUP", "TYPEDEF"})
      m.emplace(w, true);
    return m;
  }();
  return words;
}

// A quick superset test for "is this identifier one of a set of names" (case-insensitive): one
// bit per (first character, length) and per (last character, length) pair. Names are only ever
// added, so a purged name stays a candidate and is then looked up in vain. Most identifiers of
// most lines fail this test, which costs a few table loads against hashing the word.
class NameFilter {
public:
  NameFilter() {
    for (char c : {';', '"', '\''}) addStop(c, kQuoteOrSemicolon);
  }
  void add(std::string_view name) {
    if (name.empty()) return;
    byFirst_[index(name.front())] |= bit(name.size());
    byLast_[index(name.back())] |= bit(name.size());
    char first = toUpper(name.front());
    addStop(first, kFirstOfName);
    if (first >= 'A' && first <= 'Z') addStop(static_cast<char>(first + 32), kFirstOfName);
  }
  [[gnu::always_inline]] bool mayContain(char first, char last, size_t length) const {
    uint64_t b = bit(length);
    return (byFirst_[index(first)] & b) && (byLast_[index(last)] & b);
  }
  [[gnu::always_inline]] bool mayContain(std::string_view name) const {
    return !name.empty() && mayContain(name.front(), name.back(), name.size());
  }
  // Characters a line scan must stop at: quotes, ';' and the first characters of the names.
  enum : uint8_t { kQuoteOrSemicolon = 1, kFirstOfName = 2 };
  uint8_t stopBits(char c) const { return stops_[static_cast<unsigned char>(c)]; }
  // The first stop character from p on (or `end`) in the text [begin, end), which lies in a
  // buffer that may be read up to `readable` (>= end).
  const char* skipToStop(const char* begin, const char* p, const char* end, const char* readable) const {
#if defined(__SSE2__)
    // Sixteen characters per step while the stop set is small (it usually holds ; " ' @).
    if (stopCount_ <= 4) return skipToStopVector<4>(begin, p, end, readable);
    if (stopCount_ <= kVectorStops) return skipToStopVector<kVectorStops>(begin, p, end, readable);
#endif
    while (p < end && !stopBits(*p)) ++p;
    return p;
  }

private:
#if defined(__SSE2__)
  // The unused entries of stopVectors_ repeat the first stop, so a fixed count of compares (which
  // the compiler unrolls) tests the set.
  template <size_t kCount>
  const char* skipToStopVector(const char* begin, const char* p, const char* end, const char* readable) const {
    while (p < end) {
      const char* from = p;
      unsigned keep = 0xFFFFu;  // the bits of the characters wanted from the block at `from`
      if (readable - p < 16) {
        if (end - begin < 16) break;  // too short: character by character below
        from = end - 16;              // the last sixteen characters, less those before p
        keep <<= p - from;
      } else if (end - p < 16) {
        keep >>= 16 - (end - p);      // the buffer goes on past the text: drop what follows it
      }
      __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from));
      __m128i hit = _mm_setzero_si128();
      for (size_t k = 0; k < kCount; ++k) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(block, stopVectors_[k]));
      if (unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit)) & keep) return from + __builtin_ctz(mask);
      if (end - from <= 16) return end;
      p = from + 16;
    }
    while (p < end && !stopBits(*p)) ++p;
    return p;
  }
#endif

  std::array<uint64_t, 256> byFirst_{};
  std::array<uint64_t, 256> byLast_{};
  std::array<uint8_t, 256> stops_{};
  static constexpr size_t kVectorStops = 8;
  size_t stopCount_ = 0;  // distinct stop characters; the first kVectorStops of them, 16 times over:
#if defined(__SSE2__)
  __m128i stopVectors_[kVectorStops] = {};
#endif
  void addStop(char c, uint8_t bit) {
    uint8_t& s = stops_[static_cast<unsigned char>(c)];
    if (!s) {
#if defined(__SSE2__)
      if (stopCount_ == 0)
        for (auto& v : stopVectors_) v = _mm_set1_epi8(c);
      else if (stopCount_ < kVectorStops)
        stopVectors_[stopCount_] = _mm_set1_epi8(c);
#endif
      ++stopCount_;
    }
    s |= bit;
  }
  static size_t index(char c) { return static_cast<unsigned char>(toUpper(c)); }
  static uint64_t bit(size_t length) { return uint64_t{1} << (length < 63 ? length : 63); }
};

// One lookup gives every role a word plays for the macro layer.
// kLayerDefinition: second words of the definitions the macro layer itself makes (MACRO, EQU and
// the text directives); PROC, SEGMENT and the like go on to the statement layer.
enum KeywordBit : uint32_t {
  kCond = 1,
  kLayer = 2,
  kDefining = 4,
  kNoSubstitution = 8,
  kTextDirective = 16,
  kLayerDefinition = 32
};
struct KeywordIndex {
  FoldedWordTable<uint32_t> table;
  NameFilter filter;  // mnemonics, registers and names mostly differ from every keyword here
  KeywordIndex() {
    NameMap<uint32_t> m;
    for (auto& [k, v] : conditionalWords()) m[k] |= kCond;
    for (auto& [k, v] : layerKeywords()) m[k] |= kLayer;
    for (auto& [k, v] : definingWords()) m[k] |= kDefining;
    // ARG and LOCAL (TASM's procedure frames) define the names they list, which may be redefined.
    for (const char* w : {"INCLUDE", "INCLUDELIB", "PURGE", "%OUT", "ECHO", "COMMENT", "ARG", "LOCAL", "TITLE", "SUBTTL",
                          "SUBTITLE"})
      m[w] |= kNoSubstitution;
    for (const char* w : {"TEXTEQU", "CATSTR", "SUBSTR", "SIZESTR", "INSTR"}) m[w] |= kTextDirective | kLayerDefinition;
    for (const char* w : {"MACRO", "EQU"}) m[w] |= kLayerDefinition;
    for (auto& [k, v] : m) {
      table.insert(k, v);  // every keyword fits a FoldedWord
      filter.add(k);
    }
  }
};
const KeywordIndex kKeywords;  // built at start-up: no guard on each of the lookups
[[gnu::always_inline]] inline uint32_t keywordBits(std::string_view w) {
  if (!kKeywords.filter.mayContain(w)) return 0;
  const uint32_t* bits = kKeywords.table.find(w);
  return bits ? *bits : 0;
}

// One pass over a line: where its comment starts (a ';' outside quotes, as commentStart) and
// whether any identifier in it, quoted or not, passes `names` (so it may need substitution).
// It stops only at quotes, ';' and the first characters of the names; from such a character it
// tests the run of identifier characters there (a superset of the identifiers that begin there).
struct LineScan {
  size_t end = 0;
  bool mayHaveName = false;
};
LineScan scanLine(std::string_view text, const NameFilter& names, const char* readable = nullptr) {
  const char* const begin = text.data();
  const char* const stop = begin + text.size();
  if (readable < stop) readable = stop;
  const char* p = begin;
  bool may = false;
  char quote = 0;
  for (;;) {
    p = names.skipToStop(begin, p, stop, readable);
    if (p == stop) break;
    char c = *p;
    uint8_t bits = names.stopBits(c);
    if (bits & NameFilter::kQuoteOrSemicolon) {
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == ';') {
        return {static_cast<size_t>(p - begin), may};
      } else {
        quote = c;
      }
      ++p;
      continue;
    }
    const char* start = p++;
    while (p < stop && isIdentChar(*p)) ++p;
    if (names.mayContain(c, p[-1], static_cast<size_t>(p - start))) may = true;
  }
  return {text.size(), may};
}

// A word that can be a label before a ':' (names start with a dot only under OPTION DOTNAME, which
// the statement layer checks).
bool startsLabel(std::string_view w) { return isIdentStart(w[0]) || (w[0] == '.' && w.size() > 1); }

// Strips one level of <...> from a conditional/argument operand.
std::string unbracket(std::string_view s) {
  s = trim(s);
  if (s.size() >= 2 && s.front() == '<' && s.back() == '>') return std::string(s.substr(1, s.size() - 2));
  return std::string(s);
}

}  // namespace

std::vector<std::string> splitMacroArguments(std::string_view text, MacroHost* host, const LogicalLine* where) {
  std::vector<std::string> args;
  std::string current;
  bool bracketed = false;
  auto finish = [&] {
    std::string value = bracketed ? current : std::string(trim(current));
    if (bracketed) {
      // Text around a <...> group (usually blanks) is trimmed, the group itself is kept verbatim.
      value = current;
      size_t a = 0, b = value.size();
      while (a < b && isBlank(value[a])) ++a;
      while (b > a && isBlank(value[b - 1])) --b;
      value = value.substr(a, b - a);
    }
    args.push_back(std::move(value));
    current.clear();
    bracketed = false;
  };
  size_t i = 0;
  bool any = false;
  while (i < text.size()) {
    char c = text[i];
    any = true;
    if (c == ',') {
      finish();
      ++i;
      continue;
    }
    if (c == '<') {
      // Literal group: commas and blanks inside are part of the argument; nested <> kept.
      int depth = 1;
      ++i;
      bracketed = true;
      while (i < text.size() && depth > 0) {
        char d = text[i];
        if (d == '!' && i + 1 < text.size()) {
          current += text[i + 1];
          i += 2;
          continue;
        }
        if (d == '<') ++depth;
        if (d == '>' && --depth == 0) {
          ++i;
          break;
        }
        current += d;
        ++i;
      }
      continue;
    }
    if (c == '!' && i + 1 < text.size()) {
      current += text[i + 1];
      i += 2;
      continue;
    }
    if (c == '"' || c == '\'') {
      size_t end = text.find(c, i + 1);
      if (end == std::string_view::npos) end = text.size() - 1;
      current.append(text.substr(i, end - i + 1));
      i = end + 1;
      continue;
    }
    if (c == '%' && host && where && trim(current).empty()) {
      // %expr: the argument is the value of the expression (MASM 6.1 Programmer's Guide, ch. 9).
      size_t end = i + 1;
      int paren = 0;
      while (end < text.size() && (text[end] != ',' || paren > 0)) {
        if (text[end] == '(') ++paren;
        if (text[end] == ')') --paren;
        ++end;
      }
      auto value = host->evaluateConstant(trim(text.substr(i + 1, end - i - 1)), *where);
      current = value ? host->formatNumber(*value) : std::string();
      bracketed = true;
      i = end;
      continue;
    }
    current += c;
    ++i;
  }
  if (any || !args.empty()) finish();
  return args;
}

struct MacroLayer::Impl {
  MacroHost& host;
  Diagnostics& diags;
  const Options& options;
  std::vector<Frame> frames;
  std::string substituted;  // readRaw's copy of a body line with its parameters replaced
  std::vector<Conditional> conditions;
  NameMap<std::string> textMacros;
  // Filters of the names defined (most identifiers cannot be one, and the filter is cheaper
  // than hashing every word of every line): text macros, macros, and any name substitution may
  // act on (those two and the predefined text functions).
  NameFilter textNames;
  NameFilter macroNames;
  NameFilter substitutable = [] {
    NameFilter f;
    for (const char* builtin : {"@CatStr", "@SizeStr", "@SubStr", "@InStr"}) f.add(builtin);
    return f;
  }();

  void setText(std::string name, std::string value) {
    textNames.add(name);
    substitutable.add(name);
    textMacros[std::move(name)] = std::move(value);
  }
  NameMap<std::shared_ptr<MacroDef>> macros;
  std::optional<Capture> capture;
  char commentDelimiter = 0;
  SourceLocation commentBlockStart;
  std::vector<LogicalLine> pending;   // lines queued ahead (a label split from a macro call)
  uint32_t localCounter = 0;
  bool ended = false;
  bool if2 = false;  // OPTION SETIF2:TRUE
  bool ideal = false;  // TASM Ideal mode: MACRO before the name, EQU always text (setIdealMode)
  size_t totalExpandedLines = 0;
  size_t totalExpandedBytes = 0;
  // INCLUDE lookups by including folder and name, failed ones too: an INCLUDE inside a repeated
  // macro reads its file (and searches the folders) once, and every copy sees the same text.
  struct IncludeLookup {
    std::shared_ptr<const SourceFile> file;
    std::string error;    // empty when found
    std::string warning;  // a DOS path found elsewhere: where
  };
  std::unordered_map<std::string, IncludeLookup> includeLookups;

  Impl(MacroHost& h, Diagnostics& d, const Options& o) : host(h), diags(d), options(o) {}

  bool active() const { return conditions.empty() || conditions.back().active; }

  void error(const LogicalLine& line, std::string message, uint32_t column = 0) {
    report(Severity::Error, line, std::move(message), column);
  }
  void warning(const LogicalLine& line, std::string message, uint32_t column = 0) {
    report(Severity::Warning, line, std::move(message), column);
  }
  void report(Severity severity, const LogicalLine& line, std::string message, uint32_t column) {
    Diagnostic d;
    d.severity = severity;
    d.location = line.location;
    if (column) d.location.column = column;
    d.message = std::move(message);
    if (diags.keeps(d)) addExpansionNotes(d, line);
    diags.add(std::move(d));
  }

  uint32_t columnOf(const LogicalLine& line, std::string_view word) {
    if (!line.location.file || word.empty()) return line.location.column;
    auto text = line.location.file->line(line.location.line);
    auto up = upper(text);
    auto pos = up.find(upper(word));
    return pos == std::string::npos ? line.location.column : static_cast<uint32_t>(pos + 1);
  }

  // MASM 6.1 continues a line whose code ends in a backslash (which is dropped) or in a comma (a list
  // of operands, initialisers or arguments goes on); text lines such as ECHO keep their comma
  // (MASM 6.1 Programmer's Guide ch. 1, "Statements").
  [[gnu::always_inline]] static bool continues(std::string_view code) {
    size_t end = code.size();
    while (end != 0 && isBlank(code[end - 1])) --end;
    if (end == 0 || (code[end - 1] != '\\' && code[end - 1] != ',')) return false;
    return code[end - 1] == '\\' || commaContinues(code);
  }
  static bool commaContinues(std::string_view code) {
    WordCursor c{code};
    std::string_view first = c.word();
    for (const char* textual : {"ECHO", "%OUT", "TITLE", "SUBTTL", "SUBTITLE", "COMMENT", "%TITLE", "%SUBTTL"})
      if (iequals(first, textual)) return false;
    return true;
  }

  // The next lines of the file are joined on while the line continues.
  static void joinContinuations(std::string& text, Frame& f) {
    while (text.find_first_of("\\,") != std::string::npos &&
           continues(std::string_view(text).substr(0, commentStart(text))) && f.nextLine <= f.lastLine) {
      auto body = trim(std::string_view(text).substr(0, commentStart(text)));
      if (body.ends_with('\\')) body.remove_suffix(1);
      text = std::string(body) + " " + std::string(f.fileLine(f.nextLine++));
    }
  }

  // Reads the next line from the frame stack, or false when all is read. With `code`, the line's
  // comment is left out and `code` says what scanLine found in it; without, the line is raw (for
  // macro bodies being captured and COMMENT blocks).
  bool readRaw(LogicalLine& out, LineScan* code) {
    while (!frames.empty()) {
      Frame& f = frames.back();
      if (f.isFile) {
        if (f.nextLine > f.lastLine) {
          frames.pop_back();
          continue;
        }
        uint32_t number = f.nextLine++;
        std::string_view text = f.fileLine(number);
        if (!code) {
          out.text.assign(text);
          joinContinuations(out.text, f);
        } else {
          // Scanned in place, and only the code is copied, unless a backslash ends it.
          // The file's text may be read past the line (sixteen characters at a time).
          *code = scanLine(text, substitutable, f.file->text().data() + f.file->text().size());
          if (!continues(std::string_view(text.data(), code->end)) || f.nextLine > f.lastLine) {
            out.text.clear();  // append copies with less ado than assign
            out.text.append(text.data(), code->end);
          } else {
            out.text.assign(text);
            joinContinuations(out.text, f);
            *code = scanLine(out.text, substitutable);
            out.text.resize(code->end);
          }
        }
        // The file pointer is shared: set it only when the file changes (no reference-count
        // traffic for every line).
        if (out.location.file != f.file) out.location.file = f.file;
        out.location.line = number;
        out.location.column = 1;
        out.location.length = 0;
        if (out.expansion) out.expansion = nullptr;
        out.fromFile = true;
        return true;
      }
      if (f.index >= f.lineCount()) {
        if (f.isFunction) {
          unwindConditions(f.conditionDepth);
          frames.pop_back();
          return false;
        }
        if (f.repeatsLeft > 0) {
          --f.repeatsLeft;
          f.index = 0;
          continue;
        }
        if (f.isWhile && ++f.whileIterations < 65536) {
          // An iteration is work even when its body makes no line (`WHILE 1` around nothing, in
          // a FORC over a long string): it counts toward the expansion bound as a line does.
          if (++totalExpandedLines > options.maxLogicalLines) {
            error(f.whileOpener, fmt::format("macro expansion made more than {} lines or {} bytes; assembly stopped "
                                             "(a WHILE loop's iterations count as lines)",
                                             options.maxLogicalLines, options.maxExpansionBytes));
            frames.clear();
            return false;
          }
          auto value = host.evaluateConstant(f.whileCondition, f.whileOpener);
          if (value && *value != 0) {
            f.index = 0;
            continue;
          }
        } else if (f.isWhile) {
          error(f.whileOpener, "WHILE loop did not end after 65536 iterations");
        }
        unwindConditions(f.conditionDepth);
        frames.pop_back();
        continue;
      }
      const size_t bodyLines = f.def->body.size();
      const BodyLine& b = f.def->body[f.index % bodyLines];
      const NameMap<std::string>& subst = f.substitutions[f.index / bodyLines];
      ++f.index;
      const std::string* text = &b.text;
      if (!subst.empty()) {
        substituteParams(b.text, subst, substituted);
        text = &substituted;
      }
      if (code) {
        *code = scanLine(*text, substitutable);
        out.text.assign(*text, 0, code->end);
      } else {
        out.text = *text;
      }
      out.location = b.location;
      out.expansion = f.info;
      out.fromFile = false;
      // Every line an expansion makes counts, also those captured into a definition or skipped
      // by a conditional, which never reach the assembler's own count of lines.
      totalExpandedBytes += out.text.size();
      if (++totalExpandedLines > options.maxLogicalLines || totalExpandedBytes > options.maxExpansionBytes) {
        error(out, fmt::format("macro expansion made more than {} lines or {} bytes; assembly stopped (does a "
                               "macro invoke itself more than once?)",
                               options.maxLogicalLines, options.maxExpansionBytes));
        frames.clear();
        return false;
      }
      return true;
    }
    return false;
  }

  void unwindConditions(size_t depth) {
    if (conditions.size() > depth) conditions.resize(depth);
  }

  // True when [begin, end) is a whole operand of a text directive (between the directive or a
  // comma and a comma or the end), not part of an expression such as `%n*2` or `n+1`.
  static bool wholeItem(const std::string& text, size_t begin, size_t end, size_t from) {
    size_t before = begin;
    while (before > from && isBlank(text[before - 1])) --before;
    bool starts = before == from || text[before - 1] == ',';
    if (!starts && isIdentChar(text[before - 1])) {
      size_t word = before;
      while (word > 0 && isIdentChar(text[word - 1])) --word;
      starts = (keywordBits(std::string_view(text).substr(word, before - word)) & kTextDirective) != 0;
    }
    size_t after = end;
    while (after < text.size() && isBlank(text[after])) ++after;
    return starts && (after == text.size() || text[after] == ',' || text[after] == ';');
  }

  static constexpr size_t kLongestExpandedLine = 16 * 1024;  // substituteText's bound

  // Replaces text macros in `text` from position `from` on (identifiers outside quotes).
  // `bracketResults`: the line is a text directive (TEXTEQU, CATSTR ...), whose operands are text
  // items, so a function's value is written as <value>.
  // Returns true when the text changed.
  bool substituteText(std::string& text, size_t from, const LogicalLine& where, size_t statementStart = SIZE_MAX,
                      bool bracketResults = false) {
    // Most lines hold no identifier that can be a text macro, a macro function or a predefined
    // @function: the name filter rules them out.
    if (!scanLine(std::string_view(text).substr(std::min(from, text.size())), substitutable).mayHaveName) return false;
    int replacements = 0;
    // A text macro naming itself more than once grows the line at every replacement: the line is
    // bounded (MASM 6.1 stops at 512 characters, "line too long"), so the rescans stay cheap.
    const size_t longest = std::max(text.size(), kLongestExpandedLine);
    size_t i = from;
    char quote = 0;
    while (i < text.size()) {
      if (text.size() > longest) {
        error(where, fmt::format("text macro expansion made the line longer than {} characters", longest));
        text.resize(std::min(from, text.size()));  // one error for the line, not one per fragment
        return true;
      }
      char c = text[i];
      if (quote) {
        if (c == quote) quote = 0;
        ++i;
        continue;
      }
      if (c == '"' || c == '\'') {
        quote = c;
        ++i;
        continue;
      }
      if (c == ';') break;
      if (isIdentStart(c) && (i == 0 || (!isIdentChar(text[i - 1]) && text[i - 1] != '.'))) {
        size_t e = i;
        while (e < text.size() && isIdentChar(text[e])) ++e;
        auto it = textNames.mayContain(c, text[e - 1], e - i) ? textMacros.find(std::string_view(text).substr(i, e - i))
                                                 : textMacros.end();
        if (it != textMacros.end()) {
          if (++replacements > 1000) {
            error(where, fmt::format("text macro '{}' expands recursively", it->first));
            return true;
          }
          if (bracketResults && wholeItem(text, i, e, from)) {
            // A text directive's operand that is a text macro's name is that macro's value as a
            // text item (`len SIZESTR abc`), taken as it is.
            std::string quoted = "<";
            for (char ch : it->second) {
              if (ch == '>' || ch == '<' || ch == '!') quoted += '!';
              quoted += ch;
            }
            quoted += '>';
            text.replace(i, e - i, quoted);
            i += quoted.size();
            continue;
          }
          text.replace(i, e - i, it->second);
          continue;  // rescan the replacement: text macros may name other text macros
        }
        // name(arguments): a macro function (MASM 6.1 Programmer's Guide ch. 9) or a predefined
        // text function (@CatStr, @SizeStr, @SubStr, @InStr). At the start of a statement the
        // name is an ordinary macro call instead.
        size_t open = e;
        while (open < text.size() && isBlank(text[open])) ++open;
        if (open < text.size() && text[open] == '(' && i != statementStart &&
            (c == '@' || macroNames.mayContain(c, text[e - 1], e - i))) {
          std::string_view name = std::string_view(text).substr(i, e - i);
          size_t close = matchingParen(text, open);
          if (close != std::string::npos) {
            std::string args = text.substr(open + 1, close - open - 1);
            std::optional<std::string> value;
            if (auto m = macros.find(name); m != macros.end()) {
              auto def = m->second;
              value = callFunction(def, args, where);
            } else {
              value = builtinFunction(name, args, where);
            }
            if (value) {
              if (++replacements > 1000) return true;
              if (bracketResults) {
                std::string quoted = "<";
                for (char ch : *value) {
                  if (ch == '>' || ch == '<' || ch == '!') quoted += '!';
                  quoted += ch;
                }
                value = quoted + ">";
                text.replace(i, close + 1 - i, *value);
                i += value->size();
                continue;
              }
              text.replace(i, close + 1 - i, *value);
              continue;
            }
          }
        }
        i = e;
        continue;
      }
      ++i;
    }
    return replacements > 0;
  }

  // ---- Definitions -------------------------------------------------------------------------

  void beginMacro(const LogicalLine& line, std::string_view name, std::string_view params) {
    Capture c;
    c.kind = BlockKind::Macro;
    c.def.name = std::string(name);
    c.def.definedAt = line.location;
    c.opener = line;
    for (auto& p : splitMacroArguments(params, nullptr, nullptr)) {
      if (trim(p).empty()) continue;
      MacroParam mp;
      auto colon = p.find(':');
      mp.name = std::string(trim(std::string_view(p).substr(0, colon)));
      if (colon != std::string::npos) {
        auto attr = trim(std::string_view(p).substr(colon + 1));
        if (iequals(attr, "REQ")) mp.required = true;
        else if (iequals(attr, "VARARG")) mp.vararg = true;
        else if (attr.starts_with("=")) mp.defaultValue = unbracket(attr.substr(1));
        else error(line, fmt::format("unknown macro parameter attribute '{}'", attr), columnOf(line, attr));
      }
      c.def.params.push_back(std::move(mp));
    }
    capture = std::move(c);
  }

  void beginRepeat(const LogicalLine& line, BlockKind kind, std::string_view operands) {
    Capture c;
    c.kind = kind;
    c.header = std::string(operands);
    c.opener = line;
    c.def.definedAt = line.location;
    capture = std::move(c);
  }

  // Called for each line while a definition is being captured.
  void captureLine(const LogicalLine& line) {
    std::string_view text = line.text;
    WordCursor cur{text};
    auto w1 = cur.word();
    auto w2 = cur.peekWord();
    if (iequals(w1, "ENDM") || iequals(w1, "ENDR")) {
      if (--capture->depth == 0) {
        finishCapture();
        return;
      }
    } else if (isBlockOpener(w1) || isBlockOpener(w2)) {
      ++capture->depth;
    }
    // MASM 6.1: `;;` comments are not kept in the macro's text.
    std::string kept = line.text;
    {
      char quote = 0;
      for (size_t i = 0; i + 1 < kept.size(); ++i) {
        char c = kept[i];
        if (quote) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == ';' && kept[i + 1] == ';') {
          kept.resize(i);
          break;
        }
      }
    }
    if (capture->kind == BlockKind::Macro && !capture->bodyHasCode && capture->depth == 1 &&
        iequals(WordCursor{kept}.word(), "LOCAL")) {
      WordCursor c2{kept};
      c2.word();
      for (auto& n : splitMacroArguments(c2.rest(), nullptr, nullptr))
        if (!trim(n).empty()) capture->def.locals.emplace_back(trim(n));
      return;
    }
    if (!trim(std::string_view(kept).substr(0, commentStart(kept))).empty()) capture->bodyHasCode = true;
    capture->def.body.push_back({std::move(kept), line.location});
  }

  void finishCapture() {
    Capture c = std::move(*capture);
    capture.reset();
    const LogicalLine& opener = c.opener;
    if (c.kind == BlockKind::Macro) {
      std::string name = c.def.name;  // copied first: the right-hand side moves c.def
      textMacros.erase(name);
      macroNames.add(name);
      substitutable.add(name);
      macros[name] = std::make_shared<MacroDef>(std::move(c.def));
      return;
    }
    auto info = std::make_shared<ExpansionInfo>();
    info->macroName = c.kind == BlockKind::Rept ? "REPT" : c.kind == BlockKind::While ? "WHILE" : "FOR";
    info->invokedAt = opener.location;
    info->parent = opener.expansion;
    Frame f;
    f.isFile = false;
    f.info = info;
    f.conditionDepth = conditions.size();
    if (c.kind == BlockKind::Rept) {
      auto count = host.evaluateConstant(c.header, opener);
      if (!count) return;
      if (*count < 0 || *count > 1'000'000) {
        error(opener, fmt::format("REPT count {} is out of range (0 to 1000000)", *count));
        return;
      }
      if (*count == 0) return;
      f.repeatsLeft = *count - 1;
      f.substitutions.push_back(substitutionsFor(c.def, {}, {}));
    } else if (c.kind == BlockKind::While) {
      auto value = host.evaluateConstant(c.header, opener);
      if (!value || *value == 0) return;
      f.isWhile = true;
      f.whileCondition = c.header;
      f.whileOpener = opener;
      f.substitutions.push_back(substitutionsFor(c.def, {}, {}));
    } else {
      // IRP/FOR name,<a,b,c>   IRPC/FORC name,text
      auto comma = c.header.find(',');
      if (comma == std::string::npos) {
        error(opener, "expected 'parameter, <list>' after the repeat directive");
        return;
      }
      std::string param(trim(std::string_view(c.header).substr(0, comma)));
      if (auto colon = param.find(':'); colon != std::string::npos) param = std::string(trim(param.substr(0, colon)));
      std::string_view list = trim(std::string_view(c.header).substr(comma + 1));
      std::vector<std::string> items;
      if (c.kind == BlockKind::Irp) {
        std::string inner = unbracket(list);
        items = splitMacroArguments(inner, &host, &opener);
      } else {
        std::string chars = unbracket(list);
        for (char ch : chars) items.emplace_back(1, ch);
      }
      for (auto& item : items) f.substitutions.push_back(substitutionsFor(c.def, {param}, {item}));
    }
    f.def = std::make_shared<const MacroDef>(std::move(c.def));
    if (f.lineCount() != 0 || f.isWhile) frames.push_back(std::move(f));
  }

  // What one copy of a body replaces: parameters by arguments and LOCAL names by fresh ??nnnn
  // names (numbered when the copy is made, as MASM does).
  NameMap<std::string> substitutionsFor(const MacroDef& def, const std::vector<std::string>& names,
                                        const std::vector<std::string>& values) {
    NameMap<std::string> subst;
    for (size_t i = 0; i < names.size(); ++i) subst[names[i]] = i < values.size() ? values[i] : std::string();
    for (auto& l : def.locals) subst[l] = fmt::format("??{:04X}", localCounter++);
    return subst;
  }

  // MASM 6.1 Programmer's Guide ch. 9: parameters are replaced as whole words; `&` joins a
  // parameter to surrounding text and is removed; inside quotes only &-marked names are replaced.
  static void substituteParams(const std::string& text, const NameMap<std::string>& subst, std::string& out) {
    out.clear();
    out.reserve(text.size() + 16);
    char quote = 0;
    size_t i = 0;
    while (i < text.size()) {
      char c = text[i];
      if (isIdentStart(c) && (i == 0 || !isIdentChar(text[i - 1]))) {
        size_t e = i;
        while (e < text.size() && isIdentChar(text[e])) ++e;
        auto it = subst.find(std::string_view(text).substr(i, e - i));
        bool ampBefore = !out.empty() && out.back() == '&';
        bool ampAfter = e < text.size() && text[e] == '&';
        if (it != subst.end() && (!quote || ampBefore || ampAfter)) {
          if (ampBefore) out.pop_back();
          out += it->second;
          i = ampAfter ? e + 1 : e;
          continue;
        }
        out.append(text, i, e - i);
        i = e;
        continue;
      }
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      }
      out += c;
      ++i;
    }
  }

  void expandMacro(const LogicalLine& line, const std::shared_ptr<MacroDef>& def, std::string_view argText) {
    if (frames.size() > options.maxMacroDepth) {
      error(line, fmt::format("macro '{}' nested more than {} levels deep", def->name, options.maxMacroDepth));
      return;
    }
    auto args = splitMacroArguments(argText, &host, &line);
    std::vector<std::string> names, values;
    for (size_t i = 0; i < def->params.size(); ++i) {
      const auto& p = def->params[i];
      names.push_back(p.name);
      std::string value;
      if (p.vararg) {
        for (size_t j = i; j < args.size(); ++j) value += (j > i ? "," : "") + args[j];
      } else if (i < args.size()) {
        value = args[i];
      }
      if (trim(value).empty()) {
        if (p.required) {
          error(line, fmt::format("missing argument for required parameter '{}' of macro '{}'", p.name, def->name),
                columnOf(line, def->name));
        }
        value = p.defaultValue;
      }
      values.push_back(std::move(value));
    }
    bool hasVararg = !def->params.empty() && def->params.back().vararg;
    if (!hasVararg && args.size() > def->params.size() && !(def->params.empty() && args.size() == 1 && args[0].empty()))
      // MASM 6.1 expands the call without the extra arguments, with warning A4006.
      warning(line,
              fmt::format("too many arguments in macro call: '{}' takes {}, {} given; the extra ones are ignored",
                          def->name, def->params.size(), args.size()),
              columnOf(line, def->name));
    auto info = std::make_shared<ExpansionInfo>();
    info->macroName = def->name;
    info->invokedAt = line.location;
    info->parent = line.expansion;
    Frame f;
    f.isFile = false;
    f.isMacro = true;
    f.info = info;
    f.conditionDepth = conditions.size();
    f.substitutions.push_back(substitutionsFor(*def, names, values));
    f.def = def;
    frames.push_back(std::move(f));
  }

  // ---- Conditionals ------------------------------------------------------------------------

  std::optional<bool> evaluateCondition(std::string_view kind, std::string_view operand, const LogicalLine& line) {
    std::string k = upper(kind);
    if (k.starts_with("ELSE")) k = k.substr(4);
    if (k == "IF" || k == "IFE") {
      std::string expr(operand);
      substituteText(expr, 0, line);
      auto v = host.evaluateConstant(expr, line);
      if (!v) return std::nullopt;
      return k == "IF" ? *v != 0 : *v == 0;
    }
    // MASM 6 assembles conditionals once: IF1 holds, and IF2 only under OPTION SETIF2:TRUE (M510).
    if (k == "IF1") return true;
    if (k == "IF2") return if2;
    if (k == "IFDEF" || k == "IFNDEF") {
      auto name = trim(operand);
      bool defined = textMacros.count(name) || macros.count(name) || host.isSymbolDefined(name);
      return k == "IFDEF" ? defined : !defined;
    }
    if (k == "IFB" || k == "IFNB") {
      bool blank = trim(unbracket(operand)).empty();
      return k == "IFB" ? blank : !blank;
    }
    if (k == "IFIDN" || k == "IFIDNI" || k == "IFDIF" || k == "IFDIFI") {
      auto args = splitMacroArguments(operand, nullptr, nullptr);
      if (args.size() != 2) {
        error(line, fmt::format("{} needs two arguments: <text>,<text>", k), columnOf(line, kind));
        return std::nullopt;
      }
      bool insensitive = k.back() == 'I';
      bool same = insensitive ? iequals(args[0], args[1]) : args[0] == args[1];
      return k.starts_with("IFIDN") ? same : !same;
    }
    error(line, fmt::format("unknown conditional directive '{}'", kind));
    return std::nullopt;
  }

  // Handles IF/ELSE/ENDIF lines; returns true when the line was one of them.
  bool handleConditional(std::string_view w1, std::string_view rest, const LogicalLine& line) {
    if (!conditionalWords().count(w1)) return false;
    std::string k = upper(w1);
    if (trim(rest).starts_with(':')) {
      // `if: mov ax, 1`: a label named with a conditional directive's word. MASM reads the
      // directive, so the label is refused here and no conditional block is opened.
      if (active())
        error(line, fmt::format("'{}' is the {} directive and cannot be a label: rename the label", w1, k),
              columnOf(line, w1));
      return true;
    }
    if (k == "ENDIF") {
      if (conditions.empty() || conditions.size() <= currentFrameConditionBase())
        error(line, "ENDIF without a matching IF", columnOf(line, w1));
      else
        conditions.pop_back();
      return true;
    }
    if (k == "ELSE" || k.starts_with("ELSEIF")) {
      if (conditions.empty() || conditions.size() <= currentFrameConditionBase()) {
        error(line, fmt::format("{} without a matching IF", k), columnOf(line, w1));
        return true;
      }
      Conditional& c = conditions.back();
      if (c.sawElse) error(line, fmt::format("{} after ELSE", k), columnOf(line, w1));
      if (k == "ELSE") {
        c.sawElse = true;
        c.active = c.parentActive && !c.taken;
        c.taken = true;
        return true;
      }
      if (!c.parentActive || c.taken) {
        c.active = false;
        return true;
      }
      auto v = evaluateCondition(k, rest, line);
      c.active = v.value_or(false);
      c.taken = c.active;
      return true;
    }
    Conditional c;
    c.parentActive = active();
    if (c.parentActive) {
      auto v = evaluateCondition(k, rest, line);
      c.active = v.value_or(false);
    } else {
      c.active = false;
    }
    c.taken = c.active;
    conditions.push_back(c);
    return true;
  }

  size_t currentFrameConditionBase() const {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
      if (!it->isFile) return it->conditionDepth;
    return 0;
  }

  // ---- INCLUDE -----------------------------------------------------------------------------

  // MASM looks the name up relative to the including file, then along the include path; DOS
  // names are case-insensitive, so a directory entry matching without regard to case is taken.
  // A DOS name separates folders with `\` (`OpenS\OpenEqu.asm`). A DOS absolute path
  // (`C:\TASM\PROJ\EQU.ASM`, written on the student's machine) is looked up as its tail, from
  // the longest down to the file name alone, and `dosPathTail` says which tail was found.
  std::optional<fs::path> findInclude(const std::string& name, const SourceLocation& from, std::string& dosPathTail) {
    std::string dosName = name;
    std::replace(dosName.begin(), dosName.end(), '\\', '/');
    const bool drive = dosName.size() >= 2 && dosName[1] == ':' && std::isalpha(static_cast<unsigned char>(dosName[0]));
    if (!drive && !dosName.starts_with('/')) return findRelative(fs::path(dosName), from);
    std::error_code ec;
    if (!drive && fs::is_regular_file(dosName, ec)) return fs::path(dosName);  // a path on this machine
    std::vector<fs::path> parts;
    for (const fs::path& part : fs::path(dosName.substr(drive ? 2 : 0)).relative_path()) parts.push_back(part);
    for (size_t first = 0; first < parts.size(); ++first) {
      fs::path tail;
      for (size_t i = first; i < parts.size(); ++i) tail /= parts[i];
      if (auto found = findRelative(tail, from)) {
        dosPathTail = tail.generic_string();
        return found;
      }
    }
    return std::nullopt;
  }

  std::optional<fs::path> findRelative(const fs::path& requested, const SourceLocation& from) {
    std::vector<fs::path> dirs;
    if (from.file) dirs.push_back(fs::path(from.file->name()).parent_path());
    for (auto& p : options.includePaths) dirs.emplace_back(p);
    for (auto& dir : dirs) {
      fs::path base = dir.empty() ? fs::path(".") : dir;
      std::error_code ec;
      fs::path exact = base / requested;
      if (fs::is_regular_file(exact, ec)) return exact;
      // Walk each component case-insensitively.
      fs::path current = base;
      bool found = true;
      for (auto& part : requested) {
        bool matched = false;
        for (auto it = fs::directory_iterator(current, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
          if (iequals(it->path().filename().string(), part.string())) {
            current = it->path();
            matched = true;
            break;
          }
        }
        if (!matched) {
          found = false;
          break;
        }
      }
      if (found && fs::is_regular_file(current, ec)) return current;
    }
    return std::nullopt;
  }

  IncludeLookup lookUpInclude(const std::string& name, const SourceLocation& from) {
    IncludeLookup found;
    std::string why;
    if (options.readInclude) {
      found.file = options.readInclude(name, from.file.get(), why);
      if (!found.file)
        found.error = why.empty() ? fmt::format("cannot find include file '{}'", name)
                                  : fmt::format("cannot read include file '{}': {}", name, why);
      return found;
    }
    std::string dosPathTail;
    auto path = findInclude(name, from, dosPathTail);
    if (path && !dosPathTail.empty())
      found.warning = fmt::format("'{}' is a path on a DOS machine: '{}' is included instead ({})", name, dosPathTail,
                                  path->string());
    if (!path) {
      found.error = fmt::format("cannot find include file '{}'", name);
      // asmlab bundles its own emu8086.inc (docs/emu8086.md) in the runtime folder the toolchain
      // adds to the include path; without that folder, say where it should have come from.
      if (iequals(name, "emu8086.inc"))
        found.error +=
            " (emu8086's macro library: asmlab's copy is in the share/asmlab/ucrlib folder of its build "
            "or installation, which is not on the include path here)";
      return found;
    }
    found.file = SourceFile::load(path->string(), why);
    if (!found.file) found.error = fmt::format("cannot read include file '{}': {}", path->string(), why);
    return found;
  }

  void include(const LogicalLine& line, std::string_view operand) {
    std::string name = unbracket(operand);
    name = std::string(trim(name));
    if (name.size() >= 2 && (name.front() == '"' || name.front() == '\'') && name.back() == name.front())
      name = name.substr(1, name.size() - 2);
    if (name.empty()) {
      error(line, "INCLUDE needs a file name");
      return;
    }
    size_t fileDepth = std::count_if(frames.begin(), frames.end(), [](const Frame& f) { return f.isFile; });
    if (fileDepth > 50) {
      error(line, fmt::format("INCLUDE nested more than 50 deep (does '{}' include itself?)", name));
      return;
    }
    const SourceFile* includer = line.location.file.get();
    std::string key = (includer ? fs::path(includer->name()).parent_path().string() : std::string()) + '\n' + name;
    auto [entry, isNew] = includeLookups.try_emplace(std::move(key));
    if (isNew) entry->second = lookUpInclude(name, line.location);
    if (!entry->second.file) {
      error(line, entry->second.error, columnOf(line, name));
      return;
    }
    if (!entry->second.warning.empty()) warning(line, entry->second.warning, columnOf(line, name));
    frames.push_back(Frame::forFile(entry->second.file));
  }

  // ---- Text macro directives -----------------------------------------------------------------

  // The value of a text item: <text>, a text macro name, or %expr.
  std::optional<std::string> textItem(std::string_view item, const LogicalLine& line) {
    item = trim(item);
    if (item.starts_with("<")) return unbracket(item);
    if (item.starts_with("%")) {
      auto v = host.evaluateConstant(item.substr(1), line);
      if (!v) return std::nullopt;
      return host.formatNumber(*v);
    }
    auto it = textMacros.find(item);
    if (it != textMacros.end()) return it->second;
    if (item.size() >= 2 && (item.front() == '"' || item.front() == '\'') && item.back() == item.front())
      return std::string(item.substr(1, item.size() - 1 - 1));
    error(line, fmt::format("expected <text>, a text macro or %expression, found '{}'", item), columnOf(line, item));
    return std::nullopt;
  }

  // name TEXTEQU / CATSTR / SUBSTR / SIZESTR / INSTR. Returns true when handled.
  bool textDirective(std::string_view name, std::string_view directive, std::string_view operands,
                     const LogicalLine& line) {
    const std::string upperDirective = upper(directive);
    const std::string_view d = upperDirective;
    if (d == "TEXTEQU" || d == "CATSTR") {
      std::string value;
      // Items are separated by commas outside <> (splitMacroArguments would strip the brackets).
      size_t i = 0;
      std::string_view ops = trim(operands);
      while (i <= ops.size()) {
        size_t start = i;
        int depth = 0;
        char quote = 0;
        while (i < ops.size()) {
          char c = ops[i];
          if (quote) {
            if (c == quote) quote = 0;
          } else if (c == '"' || c == '\'') quote = c;
          else if (c == '<') ++depth;
          else if (c == '>') --depth;
          else if (c == '!' ) { ++i; }
          else if (c == ',' && depth == 0) break;
          ++i;
        }
        auto item = trim(ops.substr(start, std::min(i, ops.size()) - start));
        if (!item.empty()) {
          auto v = textItem(item, line);
          if (!v) return true;
          value += *v;
        }
        ++i;
      }
      setText(std::string(name), value);
      return true;
    }
    if (d == "SIZESTR") {
      auto v = textItem(operands, line);
      if (v) setText(std::string(name), host.formatNumber(static_cast<int64_t>(v->size())));
      return true;
    }
    if (d == "SUBSTR" || d == "INSTR") {
      auto args = splitMacroArguments(operands, nullptr, nullptr);
      // Re-split keeping brackets is unnecessary: items are <text> or names; unbracketing loses
      // the distinction, so look the raw pieces up.
      std::vector<std::string> raw;
      {
        std::string cur;
        int depth = 0;
        for (char c : operands) {
          if (c == '<') ++depth;
          if (c == '>') --depth;
          if (c == ',' && depth == 0) {
            raw.push_back(cur);
            cur.clear();
          } else {
            cur += c;
          }
        }
        raw.push_back(cur);
      }
      if (d == "SUBSTR") {
        if (raw.size() < 2) {
          error(line, "SUBSTR needs text and a start position");
          return true;
        }
        auto text = textItem(raw[0], line);
        auto start = host.evaluateConstant(raw[1], line);
        if (!text || !start) return true;
        int64_t len = static_cast<int64_t>(text->size()) - (*start - 1);
        if (raw.size() > 2) {
          auto l = host.evaluateConstant(raw[2], line);
          if (!l) return true;
          len = *l;
        }
        if (*start < 1 || *start - 1 + len > static_cast<int64_t>(text->size()) || len < 0) {
          error(line, "SUBSTR position or length is outside the text");
          return true;
        }
        setText(std::string(name), text->substr(static_cast<size_t>(*start - 1), static_cast<size_t>(len)));
        return true;
      }
      // INSTR [start,] text, search
      size_t base = raw.size() == 3 ? 1 : 0;
      int64_t start = 1;
      if (base) {
        auto s = host.evaluateConstant(raw[0], line);
        if (!s) return true;
        start = *s;
      }
      if (raw.size() < base + 2) {
        error(line, "INSTR needs the text and the text to search for");
        return true;
      }
      auto text = textItem(raw[base], line);
      auto what = textItem(raw[base + 1], line);
      if (!text || !what) return true;
      size_t pos = start >= 1 ? text->find(*what, static_cast<size_t>(start - 1)) : std::string::npos;
      setText(std::string(name), host.formatNumber(pos == std::string::npos ? 0 : static_cast<int64_t>(pos + 1)));
      return true;
    }
    return false;
  }

  // ---- Main loop ---------------------------------------------------------------------------

  bool next(LogicalLine& out) {
    if (!pending.empty()) {
      out = std::move(pending.front());
      pending.erase(pending.begin());
      return true;
    }
    // The caller's line object is filled in place so its buffer is reused from line to line.
    LogicalLine& line = out;
    for (;;) {
      if (ended) break;
      // Macro bodies being captured and COMMENT blocks see the raw line; all others its code.
      LineScan scan;
      bool raw = commentDelimiter || capture;
      if (!readRaw(line, raw ? nullptr : &scan)) break;
      if (commentDelimiter) {
        if (line.text.find(commentDelimiter) != std::string::npos) commentDelimiter = 0;
        continue;
      }
      if (capture) {
        captureLine(line);
        continue;
      }
      if (Quick q = quickLine(line.text, scan); q != Quick::General) {
        if (q == Quick::Deliver) return true;
        continue;
      }
      // `%` first on a line: its text macros and macro functions are expanded everywhere, even after
      // ECHO, %OUT or TITLE (MASM 6.1 Programmer's Guide ch. 9, "Expansion operator"). `%OUT` and
      // TASM's %TITLE, %NOLIST... are directives, not this operator.
      bool expandAll = false;
      size_t at = 0;
      while (at < line.text.size() && isBlank(line.text[at])) ++at;
      if (at < line.text.size() && line.text[at] == '%') {
        std::string_view after = std::string_view(line.text).substr(at + 1);
        bool directive = after.size() >= 3 && iequals(after.substr(0, 3), "OUT") &&
                         (after.size() == 3 || !isIdentChar(after[3]));
        if (options.dialect == Dialect::Tasm && !after.empty() && isIdentStart(after[0])) directive = true;
        if (!directive) {
          line.text[at] = ' ';
          expandAll = true;
        }
      }
      WordCursor cur{line.text};
      std::string_view w1 = cur.word();
      if (w1.empty()) continue;
      size_t afterW1 = cur.pos;
      std::string_view w2 = cur.peekWord();

      uint32_t bits1 = keywordBits(w1);
      if ((bits1 & kCond) && handleConditional(w1, cur.rest(), line)) continue;
      if (!active()) continue;

      // A label in front of a macro call or text macro: `PutCell: putc`.
      size_t bodyStart = 0;
      std::string_view labelWord;
      if (startsLabel(w1) && w2.size() == 1 && w2[0] == ':') {
        WordCursor c2{line.text, afterW1};
        c2.word();  // ':'
        if (c2.pos < line.text.size() && line.text[c2.pos] == ':') ++c2.pos;
        bodyStart = c2.pos;
        labelWord = w1;
      }

      // Names being defined are not replaced by their old text-macro values.
      uint32_t bitsFirst = bits1, bitsSecond = 0;
      bool substituted = false;
      // The statement's first two words (after a label); without a label they are w1 and w2.
      WordCursor body{line.text, bodyStart};
      std::string_view first = bodyStart == 0 ? w1 : body.word();
      if (bodyStart == 0) body.pos = afterW1;
      size_t afterFirst = body.pos;
      std::string_view second = bodyStart == 0 ? w2 : body.peekWord();
      {
        if (bodyStart != 0) bitsFirst = keywordBits(first);
        bitsSecond = keywordBits(second);
        size_t substituteFrom = bodyStart;
        if (bitsSecond & kDefining) substituteFrom = afterFirst;
        // INCLUDE names, %OUT text and the like are not substituted.
        if (expandAll || (scan.mayHaveName && !(bitsFirst & kNoSubstitution))) {
          size_t firstStart = static_cast<size_t>(first.data() - line.text.data());
          substituted = substituteText(line.text, substituteFrom, line, firstStart, (bitsSecond & kTextDirective) != 0);
        }
      }
      if (substituted) {  // the words moved with the text
        body = WordCursor{line.text, bodyStart};
        first = body.word();
        afterFirst = body.pos;
        second = body.peekWord();
      }
      if (first.empty()) {
        return true;
      }
      if (substituted) {
        bitsFirst = keywordBits(first);
        bitsSecond = keywordBits(second);
      }
      // Most lines are instructions: skip the directive checks unless a word calls for them.
      bool keyword = (bitsFirst & kLayer) || (first[0] == '.' && first.size() >= 4 && iequals(first.substr(0, 4), ".ERR")) ||
                     (ideal && (bitsFirst & kLayerDefinition));
      bool definition = (bitsSecond & kLayerDefinition) != 0;
      if (!keyword && !definition) {
        if (!macroNames.mayContain(first)) return true;
        auto mit = macros.find(first);
        if (mit == macros.end()) {
          return true;
        }
      }
      // Compared with many literals below: a string_view compares lengths before bytes.
      const std::string upperFirst = upper(first);
      const std::string_view F = upperFirst;
      if (ideal && F == "MACRO" && bodyStart == 0) {
        // Ideal mode: MACRO name [parameters] (Turbo Assembler User's Guide, Ideal-mode syntax).
        WordCursor c4{line.text, afterFirst};
        std::string_view name = c4.word();
        beginMacro(line, name, c4.rest());
        continue;
      }
      if (iequals(second, "MACRO") && bodyStart == 0) {
        WordCursor c4{line.text, afterFirst};
        c4.word();
        beginMacro(line, first, c4.rest());
        continue;
      }
      if (F == "REPT" || F == "REPEAT") { beginRepeat(line, BlockKind::Rept, body.rest()); continue; }
      if (F == "IRP" || F == "FOR") { beginRepeat(line, BlockKind::Irp, body.rest()); continue; }
      if (F == "IRPC" || F == "FORC") { beginRepeat(line, BlockKind::Irpc, body.rest()); continue; }
      if (F == "WHILE") { beginRepeat(line, BlockKind::While, body.rest()); continue; }
      if (F == "ENDM" || F == "ENDR") {
        error(line, fmt::format("{} without a matching MACRO or repeat block", F), columnOf(line, first));
        continue;
      }
      if (F == "EXITM") {
        exitMacro(line, body.rest());
        continue;
      }
      if (F == "GOTO") {
        error(line, "GOTO is not supported", columnOf(line, first));
        continue;
      }
      if (F == "LOCAL" && !line.fromFile) {
        error(line, "LOCAL must come first in a macro body", columnOf(line, first));
        continue;
      }
      if (F == "INCLUDE") {
        include(line, body.rest());
        continue;
      }
      if (F == "COMMENT") {
        auto rest = body.rest();
        if (rest.empty()) {
          error(line, "COMMENT needs a delimiter character");
          continue;
        }
        char delim = rest[0];
        if (rest.substr(1).find(delim) == std::string_view::npos) {
          commentDelimiter = delim;
          commentBlockStart = line.location;
        }
        continue;
      }
      if (F == "%OUT" || F == "ECHO") {
        std::string text(body.rest());
        host.message(text);
        continue;
      }
      if (F == "PURGE") {
        for (auto& n : splitMacroArguments(body.rest(), nullptr, nullptr)) macros.erase(std::string(trim(n)));
        continue;
      }
      if (F.starts_with(".ERR")) {
        if (handleForcedError(upperFirst, body.rest(), line, first)) continue;
      }
      if (bodyStart == 0 && textDirective(first, second, [&] {
            WordCursor c5{line.text, afterFirst};
            c5.word();
            return c5.rest();
          }(), line))
        continue;
      if (bodyStart == 0 && iequals(second, "EQU")) {
        WordCursor c5{line.text, afterFirst};
        c5.word();
        auto value = c5.rest();
        if (ideal) {
          // In Ideal mode EQU always defines a text macro; `%expr` is the expression's value
          // (Turbo Assembler User's Guide, EQU: `abc6 equ 3+2+1` is "3+2+1", `abc7 equ %3+2+1` "6").
          if (value.starts_with("%")) {
            auto v = host.evaluateConstant(value.substr(1), line);
            if (v) setText(std::string(first), host.formatNumber(*v));
          } else {
            setText(std::string(first), value.starts_with("<") && value.ends_with(">") ? unbracket(value) : std::string(value));
          }
          continue;
        }
        if (value.starts_with("<")) {
          setText(std::string(first), unbracket(value));
          continue;
        }
        // EQU with a non-constant value is a text macro (MASM 6.1 Programmer's Guide, ch. 1).
        auto v = isNumericEquate(value);
        if (!v) {
          setText(std::string(first), std::string(value));
          continue;
        }
      }
      auto mit = macros.find(first);
      if (mit != macros.end()) {
        if (!labelWord.empty()) {
          std::string labelText = line.text.substr(0, bodyStart);
          auto def = mit->second;
          expandMacro(line, def, body.rest());
          line.text = std::move(labelText);
          return true;
        }
        auto def = mit->second;
        expandMacro(line, def, body.rest());
        continue;
      }
      if (F == "END" && bodyStart == 0) ended = true;
      return true;
    }
    if (ended || frames.empty()) finish();
    return false;
  }

  // Most lines are decided by their first two words alone: nothing in them can be substituted,
  // the first word is not the layer's, no label stands before it, and the second does not make
  // a definition the layer keeps. The answer is what the general path in next() would give.
  enum class Quick { Deliver, Skip, General };
  Quick quickLine(std::string_view text, const LineScan& scan) {
    if (scan.mayHaveName) return Quick::General;
    WordCursor cur{text};
    std::string_view w1 = cur.word();
    if (w1.empty()) return Quick::Skip;
    if (w1[0] == '%') return Quick::General;  // `%` expansion or %OUT
    uint32_t bits1 = keywordBits(w1);
    if (bits1 & kCond) return Quick::General;
    if (!active()) return Quick::Skip;
    std::string_view w2 = cur.peekWord();
    if (startsLabel(w1) && w2.size() == 1 && w2[0] == ':') {
      // `name:` or `name::` first: the statement is what follows.
      cur.word();
      if (cur.pos < text.size() && text[cur.pos] == ':') ++cur.pos;
      w1 = cur.word();
      if (w1.empty()) return Quick::Deliver;
      bits1 = keywordBits(w1);
      w2 = cur.peekWord();
    }
    if ((bits1 & kLayer) || (w1[0] == '.' && w1.size() >= 4 && iequals(w1.substr(0, 4), ".ERR"))) return Quick::General;
    if (ideal && (bits1 & kLayerDefinition)) return Quick::General;
    if (keywordBits(w2) & kLayerDefinition) return Quick::General;
    if (macroNames.mayContain(w1)) return Quick::General;
    return Quick::Deliver;
  }

  // EQU's value is numeric when it is an expression of numbers and known symbols; anything that
  // mentions a register or brackets (`arg EQU [bp+4]`) or is not one expression is text: a list
  // (`row EQU ' ', wall, 8 dup (' ')`, for DB) or a DUP.
  std::optional<bool> isNumericEquate(std::string_view value) {
    if (value.empty()) return std::nullopt;
    if (value.find('[') != std::string_view::npos || value.find('"') != std::string_view::npos) return std::nullopt;
    for (size_t i = 0; i < value.size(); ++i) {
      if (value[i] == '\'') {
        const size_t close = value.find('\'', i + 1);
        if (close == std::string_view::npos) break;
        i = close;
      } else if (value[i] == ',') {
        return std::nullopt;
      }
    }
    // Registers, PTR and DUP make it text as well.
    WordCursor c{value};
    while (!c.atEnd()) {
      auto w = c.word();
      static const char* textual[] = {"PTR", "AX",  "BX",  "CX",  "DX",  "SI",  "DI",  "BP",  "SP",  "AL", "AH",
                                      "BL",  "BH",  "CL",  "CH",  "DL",  "DH",  "CS",  "DS",  "ES",  "SS", "FS",
                                      "GS",  "EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP", "DUP"};
      for (auto* t : textual)
        if (iequals(w, t)) return std::nullopt;
    }
    return true;
  }

  bool handleForcedError(const std::string& F, std::string_view rest, const LogicalLine& line, std::string_view word) {
    bool fire = false;
    std::string detail;
    if (F == ".ERR" || F == ".ERR1") fire = true;
    else if (F == ".ERR2") fire = if2;
    else if (F == ".ERRE" || F == ".ERRNZ") {
      auto comma = rest.find(',');
      auto v = host.evaluateConstant(rest.substr(0, comma), line);
      if (!v) return true;
      fire = F == ".ERRE" ? *v == 0 : *v != 0;
      if (comma != std::string_view::npos) detail = std::string(trim(rest.substr(comma + 1)));
    } else if (F == ".ERRB" || F == ".ERRNB") {
      bool blank = trim(unbracket(rest)).empty();
      fire = F == ".ERRB" ? blank : !blank;
    } else if (F == ".ERRDEF" || F == ".ERRNDEF") {
      auto name = trim(rest);
      bool defined = textMacros.count(name) || macros.count(name) || host.isSymbolDefined(name);
      fire = F == ".ERRDEF" ? defined : !defined;
    } else if (F == ".ERRIDN" || F == ".ERRIDNI" || F == ".ERRDIF" || F == ".ERRDIFI") {
      auto args = splitMacroArguments(rest, nullptr, nullptr);
      if (args.size() >= 2) {
        bool same = F.back() == 'I' ? iequals(args[0], args[1]) : args[0] == args[1];
        fire = F.starts_with(".ERRIDN") ? same : !same;
      }
    } else {
      return false;
    }
    if (fire) {
      if (detail.empty() && F == ".ERR") detail = std::string(trim(rest));
      error(line, detail.empty() ? fmt::format("forced error ({})", F) : fmt::format("forced error ({}): {}", F, detail),
            columnOf(line, word));
    }
    return true;
  }

  static size_t matchingParen(const std::string& text, size_t open) {
    int depth = 0;
    char quote = 0;
    for (size_t k = open; k < text.size(); ++k) {
      char ch = text[k];
      if (quote) {
        if (ch == quote) quote = 0;
      } else if (ch == '"' || ch == '\'') {
        quote = ch;
      } else if (ch == '(') {
        ++depth;
      } else if (ch == ')' && --depth == 0) {
        return k;
      }
    }
    return std::string::npos;
  }

  // Runs a macro function to its end (its lines go to the assembler as they come) and returns
  // the text its EXITM gave, or nothing.
  std::optional<std::string> callFunction(const std::shared_ptr<MacroDef>& def, const std::string& args,
                                          const LogicalLine& where) {
    size_t before = frames.size();
    expandMacro(where, def, args);
    if (frames.size() == before) return std::nullopt;
    std::string result;
    frames.back().isFunction = true;
    frames.back().functionResult = &result;
    LogicalLine inner;
    while (next(inner)) host.processNestedLine(inner);
    return result;
  }

  std::optional<std::string> builtinFunction(std::string_view name, const std::string& args, const LogicalLine& where) {
    std::string n = upper(name);
    if (n != "@CATSTR" && n != "@SIZESTR" && n != "@SUBSTR" && n != "@INSTR") return std::nullopt;
    std::string temp = "??BUILTIN";
    std::string directive = n.substr(1);
    if (!textDirective(temp, directive, args, where)) return std::nullopt;
    auto it = textMacros.find(temp);
    if (it == textMacros.end()) return std::nullopt;
    std::string value = it->second;
    textMacros.erase(it);
    return value;
  }

  void exitMacro(const LogicalLine& line, std::string_view valueText) {
    // EXITM "terminates expansion of the current repeat or macro block" (MASM 6.1 Reference;
    // TASM's likewise): the innermost one, so a REPT, FOR or WHILE inside a macro ends and the
    // macro's next line follows.
    if (frames.empty() || frames.back().isFile) {
      error(line, "EXITM outside a macro or repeat block", columnOf(line, "EXITM"));
      return;
    }
    Frame& f = frames.back();
    unwindConditions(f.conditionDepth);
    if (f.isFunction) {
      // The function frame stays as an exhausted barrier so the caller's loop stops there.
      if (f.functionResult && !trim(valueText).empty()) {
        if (auto v = textItem(valueText, line)) *f.functionResult = *v;
      }
      f.index = f.lineCount();
      return;
    }
    if (!f.isMacro && !trim(valueText).empty())
      warning(line, "EXITM's text is a macro function's value: ending a repeat block, it is ignored",
              columnOf(line, "EXITM"));
    frames.pop_back();
  }

  void finish() {
    if (capture) {
      error(capture->opener, capture->kind == BlockKind::Macro
                                 ? fmt::format("macro '{}' has no ENDM", capture->def.name)
                                 : std::string("repeat block has no ENDM"));
      capture.reset();
    }
    if (commentDelimiter) {
      LogicalLine l;
      l.location = commentBlockStart;
      error(l, fmt::format("COMMENT block has no closing '{}'", commentDelimiter));
      commentDelimiter = 0;
    }
    if (!conditions.empty()) {
      LogicalLine l;
      error(l, "IF without ENDIF at the end of the source");
      conditions.clear();
    }
  }
};

MacroLayer::MacroLayer(MacroHost& host, Diagnostics& diags, const Options& options)
    : impl_(std::make_unique<Impl>(host, diags, options)) {}
MacroLayer::~MacroLayer() = default;

void MacroLayer::pushFile(std::shared_ptr<const SourceFile> file) { impl_->frames.push_back(Frame::forFile(std::move(file))); }
void MacroLayer::defineText(std::string name, std::string value) { impl_->setText(std::move(name), std::move(value)); }
bool MacroLayer::isTextMacro(std::string_view name) const { return impl_->textMacros.count(name) != 0; }
std::optional<std::string> MacroLayer::textMacro(std::string_view name) const {
  auto it = impl_->textMacros.find(name);
  if (it == impl_->textMacros.end()) return std::nullopt;
  return it->second;
}
void MacroLayer::setIdealMode(bool on) { impl_->ideal = on; }
bool MacroLayer::isMacro(std::string_view name) const { return impl_->macros.count(name) != 0; }
bool MacroLayer::next(LogicalLine& line) { return impl_->next(line); }
void MacroLayer::setIf2(bool on) { impl_->if2 = on; }

void MacroLayer::addExpansionNotes(Diagnostic& d, const LogicalLine& line) {
  // As clang's -fmacro-backtrace-limit (default 6): the innermost and outermost expansions are
  // shown and the middle of a deep recursion is counted, so an error inside 200 nested expansions
  // costs six notes, not two hundred.
  constexpr size_t kShown = 6;
  size_t depth = 0;
  for (auto e = line.expansion; e; e = e->parent) ++depth;
  size_t index = 0;
  for (auto e = line.expansion; e; e = e->parent, ++index) {
    if (depth > kShown && index >= kShown / 2 && index < depth - kShown / 2) {
      if (index == kShown / 2) {
        Diagnostic n;
        n.severity = Severity::Note;
        n.location = e->invokedAt;
        n.message = fmt::format("({} more macro expansions not shown)", depth - kShown);
        d.notes.push_back(std::move(n));
      }
      continue;
    }
    Diagnostic n;
    n.severity = Severity::Note;
    n.location = e->invokedAt;
    n.message = fmt::format("in expansion of macro '{}' from {}:{}", e->macroName,
                            e->invokedAt.file ? e->invokedAt.file->name() : std::string("?"), e->invokedAt.line);
    d.notes.push_back(std::move(n));
  }
}

}  // namespace asmlab::masm
