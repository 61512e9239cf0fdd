// The program loader shared by `asmlab run`, the grader and the debugger: it detects each file's
// architecture, assembles sources, reads object files (and the .sym beside them), and builds the
// machine with the chosen options.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/lc3sim/microcode.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::toolchain {

enum class Architecture { Auto, Lc3, X86 };

struct LoadOptions {
  Architecture architecture = Architecture::Auto;  // Auto: decided from the first file
  // Seeded randomisation of the initial machine (registers and free memory); unset = zeros.
  std::optional<uint64_t> seed;

  // LC-3
  int lc3Edition = 3;                 // 2 or 3 (Patt & Patel edition semantics)
  unsigned lc3MemoryLatency = 5;      // clocks per memory access (Appendix C)
  bool lc3OperatingSystem = true;     // false: bare machine without vector tables
  bool lc3HaltBanner = true;          // HALT prints "--- Halting the LC-3 ---"
  bool lc3RunBootCode = false;        // start at the OS boot code (x0200) instead of the program
  // The microcoded engine (one microinstruction per clock) instead of the fast one, and its
  // control store (nullptr = the edition's standard store; a store implies the micro engine).
  bool lc3Microcoded = false;
  std::shared_ptr<const lc3sim::ControlStore> lc3ControlStore;
  bool lc3Strict = false;             // reject the course tools' relaxed syntax (AssembleOptions::strict)
  bool lc3CaseSensitiveLabels = false;
  // Where the program starts: a label or an address (x3000); empty = the first .ORIG, as the
  // course simulator does. An unknown label is a load error.
  std::string lc3Start;
  // The privilege it starts in; "" = by the course simulator's rule (user mode in x3000-xFDFF,
  // supervisor mode elsewhere), or "user" / "supervisor".
  std::string lc3Privilege;
  bool warningsAsErrors = false;
  // At most this many errors are listed (0: all); the rest are counted (Diagnostics::setErrorLimit).
  size_t errorLimit = Diagnostics::kDefaultErrorLimit;
  bool warnUnusedLabels = true;       // LC-3 sources: labels nothing refers to (-Wno-unused-label)
  bool warnFallIntoData = true;       // LC-3 sources: code that runs on into data (-Wno-fall-into-data)

  // 8086 (IBM PC)
  std::string x86Cpu = "8086";        // 8086, 8088, 80186, 80286, 80386
  // x86Cpu was chosen (--cpu, the spec's build.cpu, the debugger's menu): an emu8086 program's
  // 80186 instructions do not raise it (masm::AssemblyResult::instructionsCpu).
  bool x86CpuChosen = false;
  std::string x86Timing = "manual";   // manual (the Intel manual's clocks) or cycle (8086/8088)
  std::string dosDirectory;           // DOS file services confined here; empty = refused
  unsigned emu8086StepDelayMs = 0;    // emu8086's devices: ms of their time per instruction (0: the clock)
  std::string commandTail;            // the program's command line (PSP:0080h)
  std::string masmDialect = "masm";   // masm or tasm (Turbo Assembler, MASM or Ideal mode) for 8086 sources
  bool masm510 = false;               // MASM 5.1 compatibility (OPTION M510, ML's /Zm)
  bool tasmMultiPass = false;         // TASM /m: forward jumps sized to their targets (masm::Options)
  // Searched for INCLUDE files (after the including file's folder) and INCLUDELIB libraries (after
  // the first source's folder), before the bundled runtime's directory (search_paths.hpp).
  std::vector<std::string> includePaths;
  std::vector<std::string> libraryPaths;
};

// What the loader found out about one file.
struct DetectedFile {
  Architecture architecture = Architecture::Auto;  // Auto = could not tell
  bool isObject = false;                           // an object file rather than source
};

// Decides the architecture of one file from its name and its first bytes.
DetectedFile detectFile(const std::string& path, const std::string& bytes);
// The architecture of a source: LC-3 with .ORIG; 8086 with a segment, model, procedure or TASM
// directive, or emu8086's ORG or #make_COM#; LC-3 otherwise (its diagnostics say what is missing).
Architecture sourceArchitecture(std::string_view text);

// Loads every file into one machine. Returns nullptr when anything failed, with located errors in
// `diagnostics` (assembly errors as file:line:col; unreadable or malformed files by name).
std::unique_ptr<sim::Machine> loadProgram(const std::vector<std::string>& paths, const LoadOptions& options,
                                          Diagnostics& diagnostics);

// Where a word of the loaded program came from: its source file and 1-based line.
struct SourceLocation {
  std::string file;
  uint32_t line = 0;
};
// Where each source line's code starts, for debuggers, keyed by Machine::programCounter(): LC-3
// addresses (from the assembler's listing), or for the PC the linear address CS*16+IP of the
// loaded program, from the line numbers (MASM /Zd, OMF LINNUM) the MASM front end records and the
// linker resolves, or that object files carry. A line of an included file names that file; code
// from a macro expansion maps to the line that invoked the macro. Programs given as .COM/.EXE
// and LC-3 object files give an empty map.
using SourceMap = std::map<uint64_t, SourceLocation>;

// As above, and fills `sourceMap` (cleared first).
std::unique_ptr<sim::Machine> loadProgram(const std::vector<std::string>& paths, const LoadOptions& options,
                                          Diagnostics& diagnostics, SourceMap& sourceMap);

std::string_view architectureName(Architecture a);
// Whether `x86Timing = "cycle"` can run this CPU (--cpu's spelling): the 8086 and 8088.
bool hasCycleTiming(const std::string& x86Cpu);

}  // namespace asmlab::toolchain
