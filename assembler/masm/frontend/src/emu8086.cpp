// The shapes of programs written for emu8086, which many courses use and MASM 6.1 refuses: lines
// of its compiler directives (`#make_COM#`) and code and data before any segment (its .COM
// template starts with `ORG 100h` and an instruction). Each is assembled as emu8086 runs it, with
// a warning that says what MASM wants instead. (Its .COM programs without an END label start at
// 100h, as DOS starts any .COM: the linker says so.)
#include <cctype>
#include <string>

#include <fmt/format.h>

#include "assembler_impl.hpp"

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

// `#make_COM#`, `#make_EXE#`, `#start=...#`: emu8086 reads these from the source; asmlab makes a
// .COM of a TINY program or of code outside segments, so the line only earns a warning.
bool Assembler::emu8086Directive(const LogicalLine& line) {
  const std::string_view text = line.text;
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos || text[first] != '#') return false;
  const size_t last = text.find_last_not_of(" \t");
  result_.emu8086 = true;
  warning(line, static_cast<uint32_t>(first) + 1,
          fmt::format("'{}' is an emu8086 directive: ignored (a TINY program, or code outside any segment, "
                      "builds into a .COM)",
                      text.substr(first, last - first + 1)));
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

}  // namespace asmlab::masm
