// `asmlab build main.asm other.asm lib.lib -o game.exe`: assembles the sources, reads the objects
// and libraries given, and links them into a DOS .EXE or .COM in one step.
#include <filesystem>
#include <iostream>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "asmlab/toolchain/file_names.hpp"
#include "asmlab/toolchain/program_link.hpp"
#include "asmlab/toolchain/search_paths.hpp"
#include "command.hpp"
#include "masm_command.hpp"
#include "options.hpp"

namespace asmlab::cli {
namespace {

struct BuildArgs {
  std::vector<std::string> inputs;
  std::string output;
  std::string map;
  std::vector<std::string> libraryPaths;
  bool keepObjects = false;
  bool com = false;
  bool listing = false;
  std::string listingPath;                // --listing=FILE (one source)
  std::vector<std::string> warnings;      // -W names
  MasmArgs masm;
};

int runBuild(const BuildArgs& args) {
  using namespace asmlab::link;
  LinkDiagnostics diag;
  std::vector<InputModule> modules;
  std::vector<Library> libraries;
  std::vector<std::string> libraryPaths = args.libraryPaths;
  bool tiny = false;
  bool failed = false;
  std::vector<std::pair<std::string, Module>> keptObjects;  // --keep-obj: written only when the build succeeds
  MasmArgs masmArgs = args.masm;
  if (!applyProgramSettings(args.inputs, masmArgs)) return 2;
  libraryPaths.insert(libraryPaths.end(), masmArgs.specLibraryPaths.begin(), masmArgs.specLibraryPaths.end());
  masm::Options options = masmOptions(masmArgs);
  options.listing = args.listing;
  const bool warningsAsErrors = parseWarningFlags(args.warnings).error;
  std::vector<std::pair<std::string, std::string>> listings;  // path, text: written only when the build succeeds
  for (const auto& path : args.inputs) {
    std::string ext = toolchain::lowerExtension(path);
    if (ext == ".asm" || ext == ".inc" || ext == ".s") {
      auto dir = std::filesystem::path(path).parent_path().string();
      libraryPaths.push_back(dir.empty() ? "." : dir);
      Diagnostics diags;
      diags.setErrorLimit(masmArgs.errorLimit);
      diags.setWarningsAsErrors(warningsAsErrors);
      auto result = masm::assembleFile(path, options, diags);
      for (auto& m : result.messages) std::cout << m << "\n";
      diags.render(std::cerr);
      if (diags.hasErrors()) {
        failed = true;
        continue;
      }
      tiny |= result.tinyModel;
      if (args.listing)
        listings.emplace_back(args.listingPath.empty() ? std::filesystem::path(path).replace_extension(".lst").string()
                                                      : args.listingPath,
                              std::move(result.listing));
      if (args.keepObjects) {
        if (!validateModule(result.module, path, diag)) failed = true;
        keptObjects.emplace_back(std::filesystem::path(path).replace_extension(".obj").string(), result.module);
      }
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
    std::cerr << "asmlab build: no output written\n";
    return 1;
  }
  std::string output = args.output;
  if (output.empty())
    output = std::filesystem::path(args.inputs.front()).replace_extension(tiny || args.com ? ".com" : ".exe").string();
  LinkOptions linkOptions;
  // A TINY-model program links as a .COM (ORG 100h, no segment fixups: TLINK /t) when it can be
  // one, else as an .EXE (TLINK without /t), unless a .COM was asked for.
  const bool comRequired = args.com || (!args.output.empty() && toolchain::lowerExtension(args.output) == ".com");
  linkOptions.format = comRequired || tiny ? OutputFormat::Com : OutputFormat::Exe;
  for (auto& dir : toolchain::defaultLibraryPaths()) libraryPaths.push_back(dir);
  linkOptions.libraryPaths = libraryPaths;
  linkOptions.outputName = output;
  const InputFiles inputs(args.inputs);
  std::vector<std::string> outputs{output, args.map};
  for (const auto& [path, module] : keptObjects) outputs.push_back(path);
  for (const auto& [path, text] : listings) outputs.push_back(path);
  if (auto problem = checkOutputs(outputs, inputs); !problem.empty()) {
    std::cerr << "asmlab build: error: " << problem << "; no output written\n";
    return 1;
  }
  auto program = toolchain::linkProgram(std::move(modules), libraries, linkOptions, comRequired, diag);
  diag.render(std::cerr);
  if (!program || diag.hasErrors()) {
    std::cerr << "asmlab build: no output written\n";
    return 1;
  }
  const bool com = linkOptions.format == OutputFormat::Com;
  if (!com && args.output.empty()) {  // the name chosen for a .COM, now an .EXE
    output = std::filesystem::path(output).replace_extension(".exe").string();
    if (auto problem = checkOutputs({output}, inputs); !problem.empty()) {
      std::cerr << "asmlab build: error: " << problem << "; no output written\n";
      return 1;
    }
  }
  std::string error;
  bool written = writeOutputFile(output, com ? writeCom(*program) : writeMz(*program), inputs, error);
  if (written && !args.map.empty()) written = writeOutputFile(args.map, writeMap(*program), inputs, error);
  for (const auto& [path, module] : keptObjects)
    if (written) written = writeOutputFile(path, writeObject(module), inputs, error);
  for (const auto& [path, text] : listings)
    if (written) written = writeOutputFile(path, text, inputs, error);
  if (!written) {
    std::cerr << "asmlab build: error: " << error << "\n";
    return 1;
  }
  // DOS runs a file by its content (an .EXE starts with "MZ"), so a .COM image named .exe runs,
  // but the name misleads whoever reads it.
  if (com && toolchain::lowerExtension(output) == ".exe")
    std::cerr << "asmlab build: note: " << output
              << " holds a .COM image (a TINY program: no header, code from 100h), which DOS runs whatever its "
                 "name; name it .com to say so\n";
  return 0;
}

CommandRegistration buildCommand("build", [](CLI::App& app) -> std::function<int()> {
  auto args = std::make_shared<BuildArgs>();
  auto* sub = app.add_subcommand("build", "Assemble 8086 sources (MASM/TASM) and link them with objects and libraries");
  sub->add_option("inputs", args->inputs, "Sources (.asm), objects (.obj) and libraries (.lib)")->required();
  sub->add_option("-o,--output", args->output, "Program to write (.exe or .com; default: first input's name)");
  sub->add_option("--map", args->map, "Also write a map file");
  sub->add_option("-L,--libpath", args->libraryPaths, "Directory searched for INCLUDELIB libraries");
  sub->add_flag("--keep-obj", args->keepObjects, "Keep each source's .obj beside it");
  sub->add_flag("--com", args->com, "Write a .COM (TINY model, ORG 100h, no segment fixups)");
  auto* listing = sub->add_option("--listing", args->listingPath, "Also write each source's listing (default: SOURCE.lst)")
                      ->expected(0, 1);
  addWarningOption(*sub, args->warnings);
  addMasmOptions(*sub, args->masm);
  return [args, listing] {
    args->listing = listing->count() > 0;
    int sources = 0;
    for (const auto& input : args->inputs) {
      const std::string ext = toolchain::lowerExtension(input);
      sources += ext == ".asm" || ext == ".inc" || ext == ".s";
    }
    if (!args->listingPath.empty() && sources > 1) {
      std::cerr << "asmlab build: error: --listing=FILE names one listing, but " << sources << " sources were given\n";
      return 2;
    }
    return runBuild(*args);
  };
});

}  // namespace
}  // namespace asmlab::cli
