// The MASM 6 / TASM (MASM and Ideal modes) assembler for 8086..Pentium real-mode sources.
//
//   asmlab::Diagnostics diags;
//   asmlab::masm::Options options;
//   auto result = asmlab::masm::assembleFile("main.asm", options, diags);
//   if (!diags.hasErrors()) asmlab::link::writeObject(result.module);
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/asm/source.hpp"
#include "asmlab/link/omf.hpp"

namespace asmlab::masm {

enum class Dialect { Masm, Tasm };

// How symbol names are compared and written to the object (MASM /Cu, /Cp, /Cx).
enum class CaseMode {
  Upper,          // /Cu (MASM default): names are case-insensitive and made upper case
  Preserve,       // /Cp: names are case-sensitive
  PreservePublic, // /Cx: case-insensitive, publics and externals keep their spelling
};

enum class Cpu { I8086, I186, I286, I386, I486, I586 };

struct Options {
  Dialect dialect = Dialect::Masm;
  CaseMode caseMode = CaseMode::Upper;
  Cpu cpu = Cpu::I8086;                              // until a .186 .. .586 / P286 .. directive
  std::vector<std::string> includePaths;             // searched after the including file's folder
  // Reads the file an INCLUDE names (quotes removed) for the file holding the INCLUDE; on failure
  // returns null and says why, or leaves `why` empty for "not found". Empty: the host file system,
  // beside the including file and then along includePaths. Each name is read once per assembly.
  using IncludeReader = std::function<std::shared_ptr<const SourceFile>(const std::string& name,
                                                                        const SourceFile* includer, std::string& why)>;
  IncludeReader readInclude;
  std::vector<std::pair<std::string, std::string>> defines;  // /Dname[=value]
  bool listing = false;                              // produce the listing text
  // MASM /Zd: record the source line of each statement that emits bytes in module.lines (macro
  // expansions under the line that invoked them, included files by their own name). Off by default.
  bool lineNumbers = false;
  // MASM 5.1 compatibility from the first line, as ML's /Zm or OPTION M510 at the top of the source
  // (MASM 6.1 Programmer's Guide, appendix A).
  bool masm510 = false;
  // Turbo Assembler's /m: assemble in several passes, so a forward jump takes the size its
  // target needs. Without it (TASM's default, one pass) a forward JMP keeps three bytes and a
  // forward conditional jump under .386 four, padded with NOPs when short (Dialect::Tasm only).
  bool tasmMultiPass = false;
  unsigned maxPasses = 30;                           // jump sizing gives up after this many
  unsigned maxMacroDepth = 200;                      // nested macro expansion limit
  // Lines after macro expansion: a macro that invokes itself twice per expansion doubles its
  // output at every level, which the depth limit alone lets grow to 2^200 lines.
  size_t maxLogicalLines = 1'000'000;
  // Text made by macro expansion (repeat blocks and WHILE included): a few lines of thousands of
  // initialisers each, invoked twice per level, make gigabytes of statements within the line bound.
  size_t maxExpansionBytes = 128u << 20;
};

struct AssemblyResult {
  link::Module module;                 // the OMF object model (asmlab/link/omf.hpp)
  bool tinyModel = false;              // .MODEL TINY: link as a .COM (ORG 100h, no segment fixups)
  // The source was written for emu8086 (docs/emu8086.md: code or simplified segments without
  // .MODEL, a #make_...# line, segments without ASSUME, emu8086.inc, its b./w. or 0x spellings):
  // run it as emu8086 does, which stops at HLT.
  bool emu8086 = false;
  // The CPU its instructions need beyond what its directives chose: an emu8086 program's 80186
  // instructions (PUSH 5, SHL AX,4, PUSHA), which emu8086 assembles and runs without .186. The
  // loader runs the program on that CPU.
  Cpu instructionsCpu = Cpu::I8086;
  std::string listing;                 // when Options::listing: offsets, bytes, source, symbols
  std::vector<std::string> messages;   // %OUT and ECHO output, in order
  // Every label and variable with its segment (index into module.segments) and offset, PUBLIC or
  // not: for debuggers; the object file carries only the publics.
  std::vector<link::Public> labels;
  unsigned passes = 0;                 // passes needed until jump sizes settled
  size_t logicalLines = 0;             // lines after macro expansion
};

// Words only Turbo Assembler knows as the first word of a statement (P8086, IDEAL, CODESEG, LOCALS,
// ...): a source that uses them needs Dialect::Tasm. One list for the assembler's diagnostics and
// for front ends that infer the dialect from a source.
bool isTasmOnlyDirective(std::string_view word);
// The advice given with such a word under Dialect::Masm (names `--dialect tasm`).
std::string_view tasmDialectHint();

AssemblyResult assemble(std::shared_ptr<const SourceFile> source, const Options& options, Diagnostics& diags);
AssemblyResult assembleFile(const std::string& path, const Options& options, Diagnostics& diags);

}  // namespace asmlab::masm
