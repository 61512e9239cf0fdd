// The x86 (MASM/TASM) path of `asmlab asm`, and the assembling step of `asmlab build`.
// cmd_asm.cpp's architecture dispatch calls runMasmAssemble for 8086 sources.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "asmlab/link/omf.hpp"
#include "asmlab/masm/assembler.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace asmlab::cli {

struct MasmArgs {
  std::vector<std::string> includePaths;  // -I
  std::vector<std::string> defines;       // -D name[=value]
  std::string dialect = "masm";           // --dialect masm|tasm
  std::string caseMode = "upper";         // --case upper|preserve|public (MASM /Cu /Cp /Cx)
  bool color = false;
  bool lineNumbers = false;               // --line-numbers (MASM /Zd): LINNUM records in the object
  bool multiPass = false;                 // --multi-pass (TASM /m): no one-pass NOP padding
  bool warningsAsErrors = false;          // -Werror
  std::string spec;                       // --spec: asmlab.yaml to read (default: beside the first source)
  CLI::Option* dialectOption = nullptr;   // to tell a typed --dialect from the default
  std::vector<std::string> specLibraryPaths;  // library_paths of the spec
  bool masm510 = false;                   // --m510 (ML /Zm): MASM 5.1 compatibility
  size_t errorLimit = 20;                 // --error-limit N: errors listed per source (0: all)
  CLI::Option* errorLimitOption = nullptr;  // to tell a typed --error-limit from the default
};

// Adds -I, -D, --dialect, --case, --line-numbers, --m510, --error-limit and --multi-pass to a
// subcommand.
void addMasmOptions(CLI::App& app, MasmArgs& args);
masm::Options masmOptions(const MasmArgs& args);

// Reads the program's settings (asmlab.yaml beside the first file, or --spec) and what the sources
// ask for, fills in what the command line left open, and says so on stderr in one line. False
// (after located errors) when a spec named with --spec is wrong. `architecture`: the sources'
// machine (an LC-3 source's directives suggest no dialect or CPU).
bool applyProgramSettings(const std::vector<std::string>& files, MasmArgs& args,
                          toolchain::Architecture architecture = toolchain::Architecture::X86);

// Assembles one source: prints diagnostics and %OUT messages, returns the module on success.
std::optional<link::Module> assembleMasmSource(const std::string& path, const masm::Options& options,
                                               size_t errorLimit, std::string* listing = nullptr);

// `asmlab asm file.asm [-o file.obj] [--listing file.lst]` for 8086 sources: writes the OMF object
// (default: the source's name with .obj) and, when listingPath is not empty, the listing.
// Exit code 0 or 1. cmd_asm.cpp's assembleX86File calls this after detecting an 8086 source.
int runMasmAssemble(const std::string& input, const std::string& output, const std::string& listingPath,
                    const MasmArgs& args);
int runMasmAssembleSource(const std::shared_ptr<const SourceFile>& source, const std::string& output,
                          const std::string& listingPath, const MasmArgs& args);

}  // namespace asmlab::cli
