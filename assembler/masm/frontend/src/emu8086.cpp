// The shapes of programs written for emu8086, which many courses use and MASM 6.1 refuses: lines
// of its compiler directives (`#make_COM#`) and code and data before any segment (its .COM
// template starts with `ORG 100h` and an instruction). Each is assembled as emu8086 runs it, with
// a warning that says what MASM wants instead. (Its .COM programs without an END label start at
// 100h, as DOS starts any .COM: the linker says so.)
#include <cctype>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "assembler_impl.hpp"
#include "text_util.hpp"

namespace asmlab::masm {
// True when the text writes one of the words (upper case) outside comments and strings.
bool sourceWrites(std::string_view text, std::initializer_list<std::string_view> words) {
  std::string word;
  char quote = 0;
  bool comment = false;
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : '\n';
    if (c == '\n') {
      comment = false;
      quote = 0;
    }
    if (comment) continue;
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '@') {
      word += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      continue;
    }
    for (std::string_view w : words)
      if (word == w) return true;
    word.clear();
    if (c == ';') comment = true;
    if (c == '\'' || c == '"') quote = c;
  }
  return false;
}

// A source written for emu8086 rather than MASM: a line of its compiler directives (`#make_COM#`)
// or its library included before any model or ASSUME, code or simplified segments with nothing
// written about SEGMENT or MODEL (its .COM template), or full segments with no ASSUME and no model
// (its .EXE template, whose variables MASM cannot reach without an ASSUME: error A2074). The scan
// stops at the first model, coprocessor directive or ASSUME after a SEGMENT: a MASM program's
// first lines decide.
bool emu8086Shaped(std::string_view text) {
  bool segment = false, assume = false;
  char quote = 0;
  size_t quoteStart = 0, wordStart = 0;
  bool comment = false, lineStart = true, inWord = false;
  const auto isWordChar = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '@';
  };
  for (size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : '\n';
    if (quote) {
      if (c == quote && iequals(text.substr(quoteStart, i - quoteStart), "emu8086.inc")) return true;
      if (c == quote || c == '\n') quote = 0;
      if (c != '\n') continue;
    }
    if (c == '\n') {
      comment = false;
      lineStart = true;
    }
    if (comment) continue;
    if (isWordChar(c)) {
      if (!inWord) wordStart = i;
      inWord = true;
      lineStart = false;
      continue;
    }
    if (inWord) {
      const std::string_view word = text.substr(wordStart, i - wordStart);
      if (iequals(word, "MODEL") || iequals(word, ".MODEL")) return false;
      // A coprocessor directive: emu8086's 8086 has no 8087.
      if (iequals(word, ".8087") || iequals(word, ".287") || iequals(word, ".387")) return false;
      if (iequals(word, "EMU8086.INC")) return true;
      segment |= iequals(word, "SEGMENT");
      assume |= iequals(word, "ASSUME");
      if (segment && assume) return false;
      inWord = false;
      if (iequals(word, "COMMENT")) {
        // MASM's COMMENT block (`COMMENT #` ... `#`): its text, a `#` at a line's start included,
        // is no source; the line of the closing delimiter ends it.
        const size_t open = text.find_first_not_of(" \t", i);
        if (open == std::string_view::npos || text[open] == '\n' || text[open] == '\r') continue;
        const size_t close = text.find(text[open], open + 1);
        if (close == std::string_view::npos) break;
        const size_t lineEnd = text.find('\n', close);
        if (lineEnd == std::string_view::npos) break;
        i = lineEnd - 1;  // the loop's ++i reaches the newline, which starts the next line
        continue;
      }
    }
    if (c == '#' && lineStart) return true;
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') lineStart = false;
    if (c == ';') comment = true;
    if (c == '\'' || c == '"') {
      quote = c;
      quoteStart = i + 1;
    }
  }
  return true;
}

// emu8086's short size prefixes, `b.[bx]` for BYTE PTR [bx] and `w.[bx]` for WORD PTR [bx]
// (emu8086's documentation, "Memory access"): where the first begins in the operand (not inside
// a string or a longer name), or npos.
size_t sizeDotColumn(std::string_view operand) {
  char quote = 0;
  for (size_t i = 0; i + 1 < operand.size(); ++i) {
    const char c = operand[i];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    const char size = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if ((size != 'B' && size != 'W') || operand[i + 1] != '.') continue;
    const unsigned char before = i > 0 ? static_cast<unsigned char>(operand[i - 1]) : ' ';
    if (std::isalnum(before) || std::strchr("_@$?.", before)) continue;
    const size_t next = operand.find_first_not_of(" \t", i + 2);
    if (next != std::string_view::npos && operand[next] == '[') return i;
  }
  return std::string_view::npos;
}

// `#make_COM#`, `#make_EXE#`, `#start=...#`: emu8086 reads these from the source; asmlab makes a
// .COM of a TINY program or of code outside segments, so the line only earns a warning.
bool Assembler::emu8086Directive(const LogicalLine& line) {
  const std::string_view text = line.text;
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos || text[first] != '#') return false;
  const size_t last = text.find_last_not_of(" \t");
  const std::string_view directive = text.substr(first, last - first + 1);
  result_.emu8086 = true;
  // `#start=robot.exe#` starts one of emu8086's devices, which a program of emu8086's always has
  // here (docs/emu8086.md, "Devices"); the others choose the output's form.
  const bool startsDevice = directive.size() > 7 && iequals(directive.substr(0, 7), "#start=");
  warning(line, static_cast<uint32_t>(first) + 1,
          startsDevice ? fmt::format("'{}' starts one of emu8086's devices: its devices are always there for a "
                                     "program written for emu8086 (docs/emu8086.md, \"Devices\")",
                                     directive)
                       : fmt::format("'{}' is an emu8086 directive: ignored (a TINY program, or code outside any "
                                     "segment, builds into a .COM, any other program into an .EXE)",
                                     directive));
  return true;
}

// The first instruction, code label, procedure or data of a source that has opened no segment, chosen no
// model and writes neither anywhere: as emu8086 assembles its .COM template, a TINY program's code
// segment from 100h (an `ORG 100h` before it, outside any segment, does nothing). MASM 6.1 refuses
// code outside a segment (error A2034).
void Assembler::openImpliedSegment(const LogicalLine& line) {
  if (current >= 0 || model != Model::None || !segments.empty()) return;
  // A MASM program, whose code before its first segment is a mistake MASM's error should name.
  if (!namesSegmentsOrModel) namesSegmentsOrModel = sourceWrites(mainText, {"SEGMENT", "MODEL", ".MODEL"});
  if (*namesSegmentsOrModel) return;
  result_.emu8086 = true;
  warning(line, 1,
          "code outside any segment: assuming .MODEL TINY, .CODE and ORG 100h, as emu8086 does for a .COM program "
          "(MASM 6.1 requires a segment)");
  defineModel(Model::Tiny, line, false);  // a .COM is 16-bit code, whatever CPU directive came before
  handleDirective(line, {}, ".CODE", {}, 0, 1, 1, false);
  handleDirective(line, {}, "ORG", "100h", 0, 1, 1, false);
}

// Code after the last ENDS of a program written for emu8086 (its library's DEFINE_ macros written
// after `code ends`, before END: they begin by jumping over their procedure, so that they may sit
// anywhere): the segment of the latest instruction goes on, as MASM continues a segment opened again
// by name, said once. MASM 6.1 refuses code outside a segment (error A2034).
void Assembler::continueCodeSegment(const LogicalLine& line) {
  if (current >= 0 || !emu8086Source || model != Model::None || lastCodeSegment < 0 || openStruct) return;
  const std::string name = segments[static_cast<size_t>(lastCodeSegment)].name;
  if (!continuedCodeSegment)
    warning(line, 1,
            fmt::format("code outside any segment: put at the end of segment '{}', where the code before it is, "
                        "as emu8086 assembles it (MASM 6.1 requires a segment; said once)",
                        name));
  continuedCodeSegment = true;
  handleDirective(line, name, "SEGMENT", {}, 1, 1, 1, true);
}

}  // namespace asmlab::masm
