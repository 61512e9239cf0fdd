// The shapes of programs written for emu8086, which many courses use and MASM 6.1 refuses: lines
// of its compiler directives (`#make_COM#`) and code and data before any segment (its .COM
// template starts with `ORG 100h` and an instruction). Each is assembled as emu8086 runs it, with
// a warning that says what MASM wants instead. (Its .COM programs without an END label start at
// 100h, as DOS starts any .COM: the linker says so.)
#include <string>

#include <fmt/format.h>

#include "assembler_impl.hpp"
#include "source_words.hpp"
#include "text_util.hpp"

namespace asmlab::masm {
// A source written for emu8086 rather than MASM: a line of its compiler directives (`#make_COM#`)
// or its library included before any model or ASSUME, code or simplified segments with nothing
// written about SEGMENT or MODEL (its .COM template), or full segments with no ASSUME and no model
// (its .EXE template, whose variables MASM cannot reach without an ASSUME: error A2074). The scan
// stops at the first model, coprocessor directive or ASSUME after a SEGMENT: a MASM program's
// first lines decide.
bool emu8086Shaped(std::string_view text) {
  bool segment = false, assume = false;
  SourceWords scan(text);
  SourceWords::Token token;
  while (scan.next(token)) {
    const std::string_view word = token.text;
    if (token.kind == SourceWords::Kind::LineHash) return true;
    if (token.kind == SourceWords::Kind::Quoted) {
      if (iequals(word, "emu8086.inc")) return true;
      continue;
    }
    if (iequals(word, "MODEL") || iequals(word, ".MODEL")) return false;
    // A coprocessor directive: emu8086's 8086 has no 8087.
    if (iequals(word, ".8087") || iequals(word, ".287") || iequals(word, ".387")) return false;
    if (iequals(word, "EMU8086.INC")) return true;
    segment |= iequals(word, "SEGMENT");
    assume |= iequals(word, "ASSUME");
    if (segment && assume) return false;
  }
  return true;
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

// An instruction, code label, procedure or data outside any segment. The first of a source that has
// opened no segment, chosen no model and writes neither anywhere: as emu8086 assembles its .COM
// template, a TINY program's code segment from 100h (an `ORG 100h` before it, outside any segment,
// does nothing). After segments: continueCodeSegment. MASM 6.1 refuses code outside a segment
// (error A2034).
void Assembler::openImpliedSegment(const LogicalLine& line) {
  if (current >= 0) return;
  if (model != Model::None || !segments.empty() || openStruct) return continueCodeSegment(line);
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
