// `asmlab lib`: build an OMF library (.LIB) from object files, as MS LIB and TLIB do.
#include <iostream>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "command.hpp"

namespace asmlab::cli {
namespace {

struct LibArgs {
  std::string output;
  std::vector<std::string> inputs;
  uint32_t pageSize = 0;
  bool caseSensitive = false;
};

int runLib(const LibArgs& args) {
  using namespace asmlab::link;
  LinkDiagnostics diag;
  std::vector<Module> modules;
  for (const auto& path : args.inputs) {
    std::vector<uint8_t> bytes;
    if (!readFileBytes(path, bytes, diag)) continue;
    if (!bytes.empty() && bytes[0] == 0xF0) {
      // Members of an existing library are copied in (LIB's "+OLD.LIB").
      if (auto lib = Library::read(std::move(bytes), path, diag))
        for (size_t i = 0; i < lib->members().size(); ++i)
          if (auto m = lib->loadMember(i, diag)) modules.push_back(std::move(*m));
    } else if (auto m = readObject(bytes, path, diag)) {
      modules.push_back(std::move(*m));
    }
  }
  const InputFiles inputs(args.inputs);
  if (auto problem = checkOutputs({args.output}, inputs); !problem.empty()) {
    std::cerr << "asmlab lib: error: " << problem << "; no output written\n";
    return 1;
  }
  std::optional<std::vector<uint8_t>> bytes;
  if (!diag.hasErrors()) {
    LibraryWriteOptions options;
    options.pageSize = args.pageSize;
    options.caseSensitive = args.caseSensitive;
    bytes = writeLibrary(modules, options, diag, args.output);
  }
  diag.render(std::cerr);
  if (!bytes || diag.hasErrors()) {
    std::cerr << "asmlab lib: no output written\n";
    return 1;
  }
  std::string error;
  if (!writeOutputFile(args.output, *bytes, inputs, error)) {
    std::cerr << "asmlab lib: error: " << error << "\n";
    return 1;
  }
  return 0;
}

CommandRegistration libCommand("lib", [](CLI::App& app) -> std::function<int()> {
  auto args = std::make_shared<LibArgs>();
  auto* cmd = app.add_subcommand("lib", "Build an OMF library (.LIB) from object files and other libraries");
  cmd->add_option("-o,--output", args->output, "Library to write")->required();
  cmd->add_option("inputs", args->inputs, "Object files (and libraries whose members to include)")->required();
  cmd->add_option("--page-size", args->pageSize, "Page size (power of two, 16..32768; default: smallest that fits)");
  cmd->add_flag("--case-sensitive", args->caseSensitive, "Mark the dictionary case-sensitive");
  return [args] { return runLib(*args); };
});

}  // namespace
}  // namespace asmlab::cli
