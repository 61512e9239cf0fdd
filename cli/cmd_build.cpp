// `asmlab build main.asm other.asm lib.lib -o game.exe`: assembles the sources, reads the objects
// and libraries given, and links them into a DOS .EXE or .COM in one step.
#include <cctype>
#include <filesystem>
#include <iostream>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "command.hpp"
#include "masm_command.hpp"
#include "asmlab/toolchain/search_paths.hpp"

namespace asmlab::cli {
namespace {

struct BuildArgs {
  std::vector<std::string> inputs;
  std::string output;
  std::string map;
  std::vector<std::string> libraryPaths;
  bool keepObjects = false;
  bool com = false;
  MasmArgs masm;
};

std::string extensionOf(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

int runBuild(const BuildArgs& args) {
  using namespace asmlab::link;
  LinkDiagnostics diag;
  std::vector<InputModule> modules;
  std::vector<Library> libraries;
  std::vector<std::string> libraryPaths = args.libraryPaths;
  bool tiny = false;
  bool failed = false;
  masm::Options options = masmOptions(args.masm);
  for (const auto& path : args.inputs) {
    std::string ext = extensionOf(path);
    if (ext == ".asm" || ext == ".inc" || ext == ".s") {
      auto dir = std::filesystem::path(path).parent_path().string();
      libraryPaths.push_back(dir.empty() ? "." : dir);
      Diagnostics diags;
      diags.setErrorLimit(args.masm.errorLimit);
      auto result = masm::assembleFile(path, options, diags);
      for (auto& m : result.messages) std::cout << m << "\n";
      diags.render(std::cerr);
      if (diags.hasErrors()) {
        failed = true;
        continue;
      }
      tiny |= result.tinyModel;
      if (args.keepObjects &&
          !writeObjectFile(result.module, std::filesystem::path(path).replace_extension(".obj").string(), diag))
        failed = true;
      modules.push_back(InputModule{std::move(result.module), path});
    } else if (ext == ".lib") {
      if (auto lib = Library::load(path, diag)) libraries.push_back(std::move(*lib));
    } else {
      std::vector<uint8_t> bytes;
      if (!readFileBytes(path, bytes, diag)) continue;
      if (auto m = readObject(bytes, path, diag)) modules.push_back(InputModule{std::move(*m), path});
    }
  }
  if (failed || diag.hasErrors()) {
    diag.render(std::cerr);
    return 1;
  }
  std::string output = args.output;
  if (output.empty())
    output = std::filesystem::path(args.inputs.front()).replace_extension(tiny || args.com ? ".com" : ".exe").string();
  LinkOptions linkOptions;
  // A TINY-model program links as a .COM: ORG 100h and no segment fixups (TLINK /t).
  bool com = args.com || tiny || extensionOf(output) == ".com";
  linkOptions.format = com ? OutputFormat::Com : OutputFormat::Exe;
  for (auto& dir : toolchain::defaultLibraryPaths()) libraryPaths.push_back(dir);
  linkOptions.libraryPaths = libraryPaths;
  auto program = link::link(std::move(modules), libraries, linkOptions, diag);
  if (program) {
    auto bytes = com ? writeCom(*program) : writeMz(*program);
    writeFileAtomically(output, bytes, diag);
    if (!args.map.empty()) {
      std::string text = writeMap(*program);
      writeFileAtomically(args.map, std::vector<uint8_t>(text.begin(), text.end()), diag);
    }
  }
  diag.render(std::cerr);
  return diag.hasErrors() || !program ? 1 : 0;
}

CommandRegistration registration("build", [](CLI::App& app) -> std::function<int()> {
  auto args = std::make_shared<BuildArgs>();
  auto* sub = app.add_subcommand("build", "Assemble 8086 sources (MASM/TASM) and link them with objects and libraries");
  sub->add_option("inputs", args->inputs, "Sources (.asm), objects (.obj) and libraries (.lib)")->required();
  sub->add_option("-o,--output", args->output, "Program to write (.exe or .com; default: first input's name)");
  sub->add_option("--map", args->map, "Also write a map file");
  sub->add_option("-L,--libpath", args->libraryPaths, "Directory searched for INCLUDELIB libraries");
  sub->add_flag("--keep-obj", args->keepObjects, "Keep each source's .obj beside it");
  sub->add_flag("--com", args->com, "Write a .COM (TINY model, ORG 100h, no segment fixups)");
  addMasmOptions(*sub, args->masm);
  return [args] { return runBuild(*args); };
});

}  // namespace
}  // namespace asmlab::cli
