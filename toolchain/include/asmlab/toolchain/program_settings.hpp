// What a program needs to be built and run the way its course intends, without the user typing it
// again: the `build:` keys of the asmlab.yaml beside the program (or one named with --spec), and
// what the sources themselves say (.386 / P386 need a CPU that runs them; TASM-only directives need
// the TASM dialect). Shared by `asmlab run/build/asm/dis` and the debugger.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace asmlab::toolchain {

// Settings given explicitly (command-line options, the debugger's menus): they win over the spec
// and over what the sources suggest.
struct ExplicitSettings {
  std::optional<int> lc3Edition;
  std::optional<std::string> x86Cpu;       // 8086, 8088, 80186, 80286, 80386
  std::optional<std::string> masmDialect;  // masm, tasm
  std::optional<size_t> errorLimit;        // --error-limit N
  std::optional<unsigned> emu8086StepDelayMs;  // --emu8086-step-delay MS
  bool running = true;                     // false for assembling only: no CPU is chosen or checked
  // The sources' machine when the command knows it; Auto: each source's own (sourceArchitecture).
  // Only 8086 sources give hints: an LC-3 label may be named STACK, DISPLAY or P386.
  Architecture architecture = Architecture::Auto;
};

struct ProgramSettings {
  std::string specPath;  // the asmlab.yaml read, or "" when there was none
  std::optional<int> lc3Edition;
  std::optional<std::string> x86Cpu, masmDialect;
  bool x86CpuFromSpec = false;          // build.cpu chose x86Cpu (not a source's .186 .. .486)
  bool masm510 = false;                 // build.m510: MASM 5.1 compatibility (a command line's --m510 adds to it)
  bool tasmMultiPass = false;           // build.multi_pass: TASM /m (a command line's --multi-pass adds to it)
  std::optional<size_t> errorLimit;     // build.error_limit: errors listed per source (0: all)
  std::optional<unsigned> emu8086StepDelayMs;           // build.emu8086_step_delay (docs/emu8086.md, "Devices")
  std::vector<std::string> includePaths, libraryPaths;  // from the spec, resolved against its folder
  // One line for stderr: where each setting came from ("" when everything is a default).
  std::string summary;
};

// What the sources ask for, by their directives.
struct SourceHints {
  std::optional<std::string> x86Cpu;       // the CPU a .186/.286/.386/.486 or P186..P486 needs
  std::string cpuDirective;                // the directive that asked for it, e.g. ".386"
  bool tasmOnly = false;                   // a directive only TASM knows (P8086, IDEAL, CODESEG, ...)
  std::string tasmDirective;
};
SourceHints sourceHints(const std::string& text);

// The spec beside the first file (asmlab.yaml in its folder), or "" when there is none.
std::string specBeside(const std::vector<std::string>& files);

// Reads `specPath` (or the spec beside the files when it is empty), then fills in from the sources
// what neither the spec nor `given` decides. Returns nullopt with located errors when the spec is
// wrong; a spec that is only beside the program and unreadable is a warning and is ignored.
std::optional<ProgramSettings> programSettings(const std::vector<std::string>& files, const std::string& specPath,
                                               const ExplicitSettings& given, Diagnostics& diagnostics);

// The settings applied to loader options: explicit values first, then the spec, then the hints.
void applySettings(const ProgramSettings& settings, const ExplicitSettings& given, LoadOptions& options);

}  // namespace asmlab::toolchain
