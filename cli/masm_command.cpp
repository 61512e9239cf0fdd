#include "masm_command.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

#include <fmt/format.h>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "asmlab/toolchain/program_settings.hpp"
#include "asmlab/toolchain/search_paths.hpp"

namespace asmlab::cli {

void addMasmOptions(CLI::App& app, MasmArgs& args) {
  app.add_option("-I,--include", args.includePaths, "Directory searched for INCLUDE files (after the source's own)");
  app.add_option("-D,--define", args.defines, "Define a symbol: name or name=value (MASM /D)");
  args.dialectOption = app.add_option("--dialect", args.dialect,
                                      "Source dialect: masm or tasm (Turbo Assembler, MASM or Ideal mode); default: asmlab.yaml's, "
                                      "else tasm for a source with TASM-only directives, else masm")
                           ->check(CLI::IsMember({"masm", "tasm"}));
  app.add_option("--spec", args.spec, "Settings file (asmlab.yaml); default: the one beside the first source")
      ->check(CLI::ExistingFile);
  app.add_option("--case", args.caseMode, "Symbol case: upper (/Cu, default), preserve (/Cp), public (/Cx)")
      ->check(CLI::IsMember({"upper", "preserve", "public"}));
  app.add_flag("--line-numbers", args.lineNumbers,
               "Record source line numbers in the object (MASM /Zd); the map file lists them");
  app.add_flag("--m510", args.masm510, "MASM 5.1 compatibility, as ML /Zm or OPTION M510 (docs/masm-assembler.md)");
  args.errorLimitOption =
      app.add_option("--error-limit", args.errorLimit,
                     "List at most N errors per source, count the rest (0: all); default: asmlab.yaml's, else 20")
          ->capture_default_str();
  app.add_flag("--multi-pass", args.multiPass,
               "TASM /m: size forward jumps to their targets (TASM's default is one pass: NOP-padded forward jumps)");
}

masm::Options masmOptions(const MasmArgs& args) {
  masm::Options o;
  o.dialect = args.dialect == "tasm" ? masm::Dialect::Tasm : masm::Dialect::Masm;
  o.caseMode = args.caseMode == "preserve" ? masm::CaseMode::Preserve
               : args.caseMode == "public" ? masm::CaseMode::PreservePublic
                                           : masm::CaseMode::Upper;
  o.includePaths = args.includePaths;
  o.lineNumbers = args.lineNumbers;
  o.masm510 = args.masm510;
  o.tasmMultiPass = args.multiPass;
  for (auto& dir : toolchain::defaultIncludePaths()) o.includePaths.push_back(dir);
  for (auto& d : args.defines) {
    auto eq = d.find('=');
    o.defines.emplace_back(d.substr(0, eq), eq == std::string::npos ? "" : d.substr(eq + 1));
  }
  return o;
}

bool applyProgramSettings(const std::vector<std::string>& files, MasmArgs& args, toolchain::Architecture architecture) {
  toolchain::ExplicitSettings given;
  given.architecture = architecture;
  if (args.dialectOption != nullptr && args.dialectOption->count() > 0) given.masmDialect = args.dialect;
  if (args.errorLimitOption != nullptr && args.errorLimitOption->count() > 0) given.errorLimit = args.errorLimit;
  given.running = false;  // assembling follows the source's own processor directives
  Diagnostics diagnostics;
  auto settings = toolchain::programSettings(files, args.spec, given, diagnostics);
  diagnostics.render(std::cerr, isatty(2) != 0);
  if (!settings) return false;
  if (!settings->summary.empty()) std::cerr << "asmlab: " << settings->summary << "\n";
  toolchain::LoadOptions resolved;
  resolved.masmDialect = args.dialect;
  resolved.errorLimit = args.errorLimit;
  resolved.masm510 = args.masm510;
  resolved.tasmMultiPass = args.multiPass;
  toolchain::applySettings(*settings, given, resolved);
  args.dialect = resolved.masmDialect;
  args.errorLimit = resolved.errorLimit;
  args.masm510 = resolved.masm510;
  args.multiPass = resolved.tasmMultiPass;
  args.includePaths.insert(args.includePaths.end(), settings->includePaths.begin(), settings->includePaths.end());
  args.specLibraryPaths = settings->libraryPaths;
  return true;
}

namespace {
std::optional<link::Module> assembleLoaded(const std::shared_ptr<const SourceFile>& source, const std::string& path,
                                           const masm::Options& options, size_t errorLimit, std::string* listing,
                                           bool warningsAsErrors = false) {
  Diagnostics diags;
  diags.setErrorLimit(errorLimit);
  diags.setWarningsAsErrors(warningsAsErrors);
  masm::Options o = options;
  o.listing = listing != nullptr;
  auto result = source ? masm::assemble(source, o, diags) : masm::assembleFile(path, o, diags);
  for (auto& m : result.messages) std::cout << m << "\n";
  diags.render(std::cerr, isatty(2) != 0);
  if (diags.hasErrors()) return std::nullopt;
  if (listing) *listing = std::move(result.listing);
  return std::move(result.module);
}

int writeOutputs(const std::string& input, const std::optional<link::Module>& module, const std::string& output,
                 const std::string& listingPath, const std::string& listing);
}  // namespace

std::optional<link::Module> assembleMasmSource(const std::string& path, const masm::Options& options,
                                               size_t errorLimit, std::string* listing) {
  return assembleLoaded(nullptr, path, options, errorLimit, listing);
}

int runMasmAssemble(const std::string& input, const std::string& output, const std::string& listingPath,
                    const MasmArgs& args) {
  std::string listing;
  auto module = assembleLoaded(nullptr, input, masmOptions(args), args.errorLimit,
                               listingPath.empty() ? nullptr : &listing, args.warningsAsErrors);
  return writeOutputs(input, module, output, listingPath, listing);
}

int runMasmAssembleSource(const std::shared_ptr<const SourceFile>& source, const std::string& output,
                          const std::string& listingPath, const MasmArgs& args) {
  std::string listing;
  auto module = assembleLoaded(source, source->name(), masmOptions(args), args.errorLimit,
                               listingPath.empty() ? nullptr : &listing, args.warningsAsErrors);
  return writeOutputs(source->name(), module, output, listingPath, listing);
}

namespace {
int writeOutputs(const std::string& input, const std::optional<link::Module>& module, const std::string& output,
                 const std::string& listingPath, const std::string& listing) {
  if (!module) {
    std::cerr << fmt::format("{}: no output written\n", input);
    return 1;
  }
  std::string out = output.empty() ? std::filesystem::path(input).replace_extension(".obj").string() : output;
  const InputFiles inputs({input});
  if (auto problem = checkOutputs({out, listingPath}, inputs); !problem.empty()) {
    std::cerr << fmt::format("{}: error: {}; no output written\n", input, problem);
    return 1;
  }
  link::LinkDiagnostics ld;
  std::string error;
  if (!link::validateModule(*module, out, ld)) {
    ld.render(std::cerr);
    return 1;
  }
  if (!writeOutputFile(out, link::writeObject(*module), inputs, error) ||
      (!listingPath.empty() && !writeOutputFile(listingPath, listing, inputs, error))) {
    std::cerr << fmt::format("{}: error: {}\n", input, error);
    return 1;
  }
  return 0;
}
}  // namespace

}  // namespace asmlab::cli
