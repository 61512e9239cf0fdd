#include "masm_command.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

#include "asmlab/link/omf_writer.hpp"
#include "asmlab/toolchain/search_paths.hpp"

namespace asmlab::cli {

void addMasmOptions(CLI::App& app, MasmArgs& args) {
  app.add_option("-I,--include", args.includePaths, "Directory searched for INCLUDE files (after the source's own)");
  app.add_option("-D,--define", args.defines, "Define a symbol: name or name=value (MASM /D)");
  app.add_option("--dialect", args.dialect, "Source dialect: masm or tasm (Turbo Assembler, MASM or Ideal mode)")
      ->check(CLI::IsMember({"masm", "tasm"}));
  app.add_option("--case", args.caseMode, "Symbol case: upper (/Cu, default), preserve (/Cp), public (/Cx)")
      ->check(CLI::IsMember({"upper", "preserve", "public"}));
  app.add_flag("--line-numbers", args.lineNumbers,
               "Record source line numbers in the object (MASM /Zd); the map file lists them");
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
  o.tasmMultiPass = args.multiPass;
  for (auto& dir : toolchain::defaultIncludePaths()) o.includePaths.push_back(dir);
  for (auto& d : args.defines) {
    auto eq = d.find('=');
    o.defines.emplace_back(d.substr(0, eq), eq == std::string::npos ? "" : d.substr(eq + 1));
  }
  return o;
}

namespace {
std::optional<link::Module> assembleLoaded(const std::shared_ptr<const SourceFile>& source, const std::string& path,
                                           const masm::Options& options, std::string* listing) {
  Diagnostics diags;
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

std::optional<link::Module> assembleMasmSource(const std::string& path, const masm::Options& options, std::string* listing) {
  return assembleLoaded(nullptr, path, options, listing);
}

int runMasmAssemble(const std::string& input, const std::string& output, const std::string& listingPath,
                    const MasmArgs& args) {
  std::string listing;
  auto module = assembleLoaded(nullptr, input, masmOptions(args), listingPath.empty() ? nullptr : &listing);
  return writeOutputs(input, module, output, listingPath, listing);
}

int runMasmAssembleSource(const std::shared_ptr<const SourceFile>& source, const std::string& output,
                          const std::string& listingPath, const MasmArgs& args) {
  std::string listing;
  auto module = assembleLoaded(source, source->name(), masmOptions(args), listingPath.empty() ? nullptr : &listing);
  return writeOutputs(source->name(), module, output, listingPath, listing);
}

namespace {
int writeOutputs(const std::string& input, const std::optional<link::Module>& module, const std::string& output,
                 const std::string& listingPath, const std::string& listing) {
  if (!module) return 1;
  std::string out = output.empty() ? std::filesystem::path(input).replace_extension(".obj").string() : output;
  link::LinkDiagnostics ld;
  if (!link::writeObjectFile(*module, out, ld)) {
    ld.render(std::cerr);
    return 1;
  }
  if (!listingPath.empty()) {
    std::vector<uint8_t> bytes(listing.begin(), listing.end());
    if (!link::writeFileAtomically(listingPath, bytes, ld)) {
      ld.render(std::cerr);
      return 1;
    }
  }
  return 0;
}
}  // namespace

}  // namespace asmlab::cli
