// `asmlab asm FILE... [-o OUT] [--listing[=F]] [--sym[=F]] [-Werror] [--arch lc3|x86]`: assembles each
// source beside itself (FILE.obj, FILE.sym, optionally FILE.lst); an LC-3 .bin or .hex becomes
// FILE.obj. Outputs are written only when a file
// assembles without errors, each through a temporary file and a rename, so a failed run never
// damages an earlier good output and never touches the source.
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/asm/output_file.hpp"
#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3/objfile.hpp"
#include "asmlab/lc3/textobj.hpp"
#include "asmlab/masm/assembler.hpp"
#include "asmlab/toolchain/loader.hpp"
#include "command.hpp"
#include "masm_command.hpp"
#include "options.hpp"

namespace asmlab::cli {
namespace {

namespace fs = std::filesystem;

struct AsmRequest {
  std::vector<std::string> files;
  std::string output;
  bool listing = false;
  std::string listingPath;
  std::string symPath;
  bool noSym = false;
  std::vector<std::string> warningFlags;  // -Werror, -Wno-unused-label, -Wno-fall-into-data
  std::string arch = "auto";
  bool strict = false;               // LC-3: reject the course tools' relaxed syntax
  bool caseSensitiveLabels = false;  // LC-3: `Loop` and `LOOP` are two labels
  MasmArgs masm;  // -I, -D, --dialect, --case, --m510, --error-limit (LC-3 sources too)
};

enum class Architecture { Lc3, X86 };

std::string withExtension(const std::string& path, const char* extension) {
  fs::path p(path);
  p.replace_extension(extension);
  return p.string();
}

bool color() { return isatty(2) && std::getenv("NO_COLOR") == nullptr; }

struct Output {
  std::string path;
  std::string bytes;
};

// Writes every output, or none when one of them would replace the source (or another output).
bool writeOutputs(const std::string& sourcePath, const std::vector<Output>& outputs) {
  const InputFiles inputs({sourcePath});
  std::vector<std::string> paths;
  for (const auto& out : outputs) paths.push_back(out.path);
  if (auto problem = checkOutputs(paths, inputs); !problem.empty()) {
    std::cerr << fmt::format("{}: error: {}; no output written\n", sourcePath, problem);
    return false;
  }
  for (const auto& out : outputs) {
    std::string error;
    if (!writeOutputFile(out.path, out.bytes, inputs, error)) {
      std::cerr << fmt::format("{}: error: {}\n", sourcePath, error);
      return false;
    }
  }
  return true;
}

int assembleLc3File(const AsmRequest& request, const std::shared_ptr<const SourceFile>& source) {
  MasmArgs settings = request.masm;  // the spec's build.error_limit applies to LC-3 sources too
  if (!applyProgramSettings({source->name()}, settings, toolchain::Architecture::Lc3)) return 1;
  Diagnostics diagnostics;
  diagnostics.setErrorLimit(settings.errorLimit);
  lc3::AssembleOptions options;
  const WarningFlags warnings = parseWarningFlags(request.warningFlags);
  diagnostics.setWarningsAsErrors(warnings.error);
  options.warnUnusedLabels = warnings.unusedLabel.value_or(true);
  options.warnFallIntoData = warnings.fallIntoData.value_or(true);
  options.listing = request.listing;
  options.strict = request.strict;
  options.caseSensitiveLabels = request.caseSensitiveLabels;
  lc3::Assembly assembly = lc3::assemble(source, diagnostics, options);
  diagnostics.render(std::cerr, color());
  if (diagnostics.hasErrors()) {
    std::cerr << fmt::format("{}: no output written\n", source->name());
    return 1;
  }
  std::string objectPath = request.output.empty() ? withExtension(source->name(), ".obj") : request.output;
  std::vector<Output> outputs{{objectPath, lc3::writeObject(assembly.image)}};
  if (!request.noSym)
    outputs.push_back({request.symPath.empty() ? withExtension(objectPath, ".sym") : request.symPath,
                       lc3::writeSymbols(assembly.image)});
  if (request.listing)
    outputs.push_back({request.listingPath.empty() ? withExtension(objectPath, ".lst") : request.listingPath,
                       lc3::renderListing(assembly)});
  return writeOutputs(source->name(), outputs) ? 0 : 1;
}

// .bin / .hex (words as text, textobj.hpp) become a classic .obj, as the course tools convert them
// (lc3convert, lc3tools' converter): the same words, no symbol table.
int convertTextObjectFile(const AsmRequest& request, const std::shared_ptr<const SourceFile>& source,
                          lc3::TextObjectFormat format) {
  Diagnostics diagnostics;
  lc3::ObjectImage image;
  const bool ok = lc3::readTextObject(source, format, image, diagnostics);
  diagnostics.render(std::cerr, color());
  if (!ok) {
    std::cerr << fmt::format("{}: no output written\n", source->name());
    return 1;
  }
  std::string objectPath = request.output.empty() ? withExtension(source->name(), ".obj") : request.output;
  return writeOutputs(source->name(), {{objectPath, lc3::writeObject(image)}}) ? 0 : 1;
}

// 8086 sources go to the MASM/TASM front end (cli/masm_command.cpp): an OMF object beside the
// source (or -o), and a listing with --listing.
int assembleX86File(const AsmRequest& request, const std::shared_ptr<const SourceFile>& source) {
  std::string objectPath = request.output.empty() ? withExtension(source->name(), ".obj") : request.output;
  std::string listingPath;
  if (request.listing) listingPath = request.listingPath.empty() ? withExtension(objectPath, ".lst") : request.listingPath;
  MasmArgs masm = request.masm;
  masm.warningsAsErrors = parseWarningFlags(request.warningFlags).error;
  if (!applyProgramSettings({source->name()}, masm)) return 1;
  return runMasmAssembleSource(source, objectPath, listingPath, masm);
}

int runAsm(const AsmRequest& request) {
  if (!request.output.empty() && request.files.size() > 1) {
    std::cerr << "asmlab asm: error: -o names one output, but " << request.files.size() << " sources were given\n";
    return 2;
  }
  if (!request.symPath.empty() && request.files.size() > 1) {
    std::cerr << "asmlab asm: error: --sym=FILE names one symbol table, but " << request.files.size()
              << " sources were given\n";
    return 2;
  }
  if (!request.listingPath.empty() && request.files.size() > 1) {
    std::cerr << "asmlab asm: error: --listing=FILE names one listing, but " << request.files.size()
              << " sources were given\n";
    return 2;
  }
  int status = 0;
  for (const auto& path : request.files) {
    std::string error;
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::cerr << "asmlab asm: error: '" << path << "' is a directory, not a source file\n";
      status = 1;
      continue;
    }
    auto source = SourceFile::load(path, error);
    if (!source) {
      std::cerr << "asmlab asm: error: " << error << "\n";
      status = 1;
      continue;
    }
    if (auto format = lc3::textObjectFormatFor(path)) {
      if (convertTextObjectFile(request, source, *format) != 0) status = 1;
      continue;
    }
    Architecture arch = request.arch == "lc3"   ? Architecture::Lc3
                        : request.arch == "x86" ? Architecture::X86
                        : request.masm.dialect == "tasm" && request.masm.dialectOption != nullptr &&
                                request.masm.dialectOption->count() > 0
                            ? Architecture::X86  // --dialect tasm names an 8086 source
                        : toolchain::sourceArchitecture(source->text()) == toolchain::Architecture::X86
                            ? Architecture::X86
                            : Architecture::Lc3;
    int result = arch == Architecture::Lc3 ? assembleLc3File(request, source) : assembleX86File(request, source);
    if (result != 0) status = 1;
  }
  return status;
}

CommandRegistration asmCommand("asm", [](CLI::App& app) -> std::function<int()> {
  auto request = std::make_shared<AsmRequest>();
  auto* cmd = app.add_subcommand("asm", "Assemble LC-3 (or 8086) sources into object files");
  cmd->add_option("files", request->files, "Source files")->required();
  cmd->add_option("-o,--output", request->output, "Object file to write (default: FILE.obj beside the source)");
  auto* listing = cmd->add_option("--listing", request->listingPath, "Also write a listing (default: FILE.lst)")
                      ->expected(0, 1);
  cmd->add_option("--sym", request->symPath, "Symbol table to write (default: FILE.sym beside the object file)");
  cmd->add_flag("--no-sym", request->noSym, "Do not write a symbol table");
  addWarningOption(*cmd, request->warningFlags);
  cmd->add_option("--arch", request->arch, "Source architecture (default: detected from the content)")
      ->check(CLI::IsMember({"auto", "lc3", "x86"}));
  cmd->add_flag("--strict", request->strict,
                "LC-3: reject what only the course tools accept (operands without commas, stray commas, "
                "punctuation in labels, text after .END, overlapping .ORIG blocks) instead of warning");
  cmd->add_flag("--case-sensitive-labels", request->caseSensitiveLabels,
                "LC-3: labels that differ in case are different labels (2nd-edition-era assemblers)");
  addMasmOptions(*cmd, request->masm);
  return [request, listing] {
    request->listing = listing->count() > 0;
    return runAsm(*request);
  };
});

}  // namespace
}  // namespace asmlab::cli
