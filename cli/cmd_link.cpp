// `asmlab link`: OMF objects and libraries into a DOS .EXE or .COM, optionally with a map file.
#include <iostream>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "asmlab/toolchain/file_names.hpp"
#include "asmlab/toolchain/search_paths.hpp"
#include "command.hpp"

namespace asmlab::cli {
namespace {

struct LinkArgs {
  std::vector<std::string> inputs;
  std::string output;
  std::string map;
  bool tiny = false;
  bool dosseg = false;
  bool noDefaultLibraries = false;
  std::vector<std::string> libraryPaths;
  uint16_t maxAlloc = 0xFFFF;
};

int runLink(const LinkArgs& args) {
  using namespace asmlab::link;
  LinkDiagnostics diag;
  std::vector<InputModule> modules;
  std::vector<Library> libraries;
  for (const auto& path : args.inputs) {
    std::vector<uint8_t> bytes;
    if (!readFileBytes(path, bytes, diag)) continue;
    if (!bytes.empty() && bytes[0] == 0xF0) {
      if (auto lib = Library::read(std::move(bytes), path, diag)) libraries.push_back(std::move(*lib));
    } else if (auto m = readObject(bytes, path, diag)) {
      modules.push_back(InputModule{std::move(*m), path});
    }
  }
  LinkOptions options;
  bool com = args.tiny || toolchain::lowerExtension(args.output) == ".com";
  options.format = com ? OutputFormat::Com : OutputFormat::Exe;
  options.dosseg = args.dosseg;
  options.useDefaultLibraries = !args.noDefaultLibraries;
  options.libraryPaths = args.libraryPaths;
  for (auto& dir : toolchain::defaultLibraryPaths()) options.libraryPaths.push_back(dir);
  options.maxAlloc = args.maxAlloc;
  options.outputName = args.output;
  const InputFiles inputs(args.inputs);
  if (auto problem = checkOutputs({args.output, args.map}, inputs); !problem.empty()) {
    std::cerr << "asmlab link: error: " << problem << "; no output written\n";
    return 1;
  }
  std::optional<LinkedProgram> program;
  if (!diag.hasErrors()) program = asmlab::link::link(std::move(modules), libraries, options, diag);
  diag.render(std::cerr);
  if (!program || diag.hasErrors()) {
    std::cerr << "asmlab link: no output written\n";
    return 1;
  }
  std::string error;
  bool written = writeOutputFile(args.output, com ? writeCom(*program) : writeMz(*program), inputs, error);
  if (written && !args.map.empty()) written = writeOutputFile(args.map, writeMap(*program), inputs, error);
  if (!written) {
    std::cerr << "asmlab link: error: " << error << "\n";
    return 1;
  }
  return 0;
}

CommandRegistration linkCommand("link", [](CLI::App& app) -> std::function<int()> {
  auto args = std::make_shared<LinkArgs>();
  auto* cmd = app.add_subcommand("link", "Link OMF objects (.OBJ) and libraries (.LIB) into a DOS .EXE or .COM");
  cmd->add_option("inputs", args->inputs, "Object files and libraries, in link order")->required();
  cmd->add_option("-o,--output", args->output, "Output program (.EXE, or .COM for a tiny-model program)")->required();
  cmd->add_option("--map", args->map, "Write a map file (segments, groups, publics, entry point)");
  cmd->add_flag("--tiny", args->tiny, "Produce a .COM program (also implied by a .COM output name)");
  cmd->add_flag("--dosseg", args->dosseg, "Order segments as DOSSEG does (code, other, DGROUP: data, BSS, stack)");
  cmd->add_flag("--nodefaultlib", args->noDefaultLibraries, "Ignore libraries named by INCLUDELIB in the objects");
  cmd->add_option("-L,--libpath", args->libraryPaths, "Directory to search for INCLUDELIB libraries");
  cmd->add_option("--maxalloc", args->maxAlloc, "MZ header maximum allocation, in paragraphs (default FFFFh)");
  return [args] { return runLink(*args); };
});

}  // namespace
}  // namespace asmlab::cli
