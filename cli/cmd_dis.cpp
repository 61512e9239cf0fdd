// `asmlab dis FILE.obj [--sym FILE.sym] [--source]`: lists an LC-3 object file as address, word and
// instruction, naming addresses from the symbol table (FILE.sym beside the object is read when it
// exists). --source prints a program that `asmlab asm` turns back into the same words.
// `asmlab dis GAME.COM|GAME.EXE [--map F] [--cpu M]`: an 8086 DOS program as a MASM source that
// `asmlab build` turns back into the same program (toolchain/dos_disassembly.hpp).
// `asmlab dis MODULE.OBJ` / `asmlab dis COURSE.LIB [--member NAME | --out-dir DIR]`: an OMF module as
// a MASM source that `asmlab asm` turns back into an equivalent object (toolchain/omf_disassembly.hpp).
#include <cctype>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/lc3/disassembler.hpp"
#include "asmlab/lc3/objfile.hpp"
#include "asmlab/lc3/textobj.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/toolchain/dos_disassembly.hpp"
#include "asmlab/toolchain/file_names.hpp"
#include "asmlab/toolchain/omf_disassembly.hpp"
#include "asmlab/toolchain/program_settings.hpp"
#include "command.hpp"

namespace asmlab::cli {
namespace {

namespace fs = std::filesystem;

struct DisRequest {
  std::string file;
  std::string symPath;
  bool noSym = false;
  bool source = false;
  std::string mapPath;   // 8086: publics to name places with (default: FILE.map beside the program)
  std::string cpu;       // 8086: decoding model (default: asmlab.yaml's, else 8086)
  std::string output;    // -o: write the source here instead of stdout
  std::string member;    // .LIB: the module to disassemble (its name, or its number from 1)
  std::string outDir;    // .LIB: write every module as DIR/MODULE.asm
};

// Library member names compare as DOS file names do: case does not matter.
std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool isDosProgram(const std::string& path, const std::string& bytes) {
  const std::string ext = toolchain::lowerExtension(path);
  const bool mz = bytes.size() >= 2 && ((bytes[0] == 'M' && bytes[1] == 'Z') || (bytes[0] == 'Z' && bytes[1] == 'M'));
  return mz || ext == ".com" || ext == ".exe";
}

int disassembleDos(const DisRequest& request, const std::string& bytes) {
  Diagnostics diagnostics;
  toolchain::ExplicitSettings given;
  if (!request.cpu.empty()) given.x86Cpu = request.cpu;
  auto settings = toolchain::programSettings({request.file}, "", given, diagnostics);
  toolchain::DosDisassemblyOptions options;
  options.cpu = request.cpu.empty() ? settings && settings->x86Cpu ? *settings->x86Cpu : "8086" : request.cpu;
  if (settings && !settings->summary.empty()) std::cerr << "asmlab: " << settings->summary << "\n";
  std::string mapPath = request.mapPath;
  if (mapPath.empty()) {
    fs::path beside = fs::path(request.file).replace_extension(".map");
    std::error_code ec;
    if (fs::is_regular_file(beside, ec)) mapPath = beside.string();
  }
  if (!mapPath.empty()) {
    std::string text, error;
    if (!lc3::readFileBytes(mapPath, text, error)) {
      std::cerr << "asmlab dis: --map: " << error << "\n";
      return 2;
    }
    // Map addresses are load-image addresses; a .COM's image starts at offset 100h.
    const bool com =
        !(bytes.size() >= 2 && bytes[0] == 'M' && bytes[1] == 'Z') && toolchain::lowerExtension(request.file) == ".com";
    for (const auto& [address, name] : toolchain::readMapPublics(text))
      if (!com || address >= 0x100) options.names.emplace(com ? address - 0x100 : address, name);
  }
  auto result = toolchain::disassembleDosProgram(request.file, bytes, options, diagnostics);
  diagnostics.render(std::cerr);
  if (!result) return 1;
  if (!result->exact)
    std::cerr << fmt::format("asmlab dis: {}: warning: the listing does not assemble back to the same program ({})\n",
                             request.file, result->difference);
  if (request.output.empty()) {
    std::cout << result->source;
    return 0;
  }
  std::string error;
  if (!writeOutputFile(request.output, result->source, InputFiles({request.file, mapPath}), error)) {
    std::cerr << "asmlab dis: error: " << error << "\n";
    return 1;
  }
  return 0;
}

// An OMF module's source, with what a user needs to know about it on stderr.
std::string omfSource(const DisRequest& request, const link::Module& module, const std::string& label) {
  toolchain::OmfDisassemblyOptions options;
  options.cpu = request.cpu;
  options.file = label;
  const auto result = toolchain::disassembleOmfModule(module, options);
  if (!result.exact)
    std::cerr << fmt::format("asmlab dis: {}: warning: the listing does not assemble back to an equivalent object ({})\n",
                             label, result.difference);
  if (result.caseSensitive)
    std::cerr << fmt::format("asmlab dis: {}: note: its names keep their case: assemble the listing with --case preserve\n",
                             label);
  return result.source;
}

int writeSource(const DisRequest& request, const std::string& path, const std::string& source) {
  if (path.empty()) {
    std::cout << source;
    return 0;
  }
  std::string error;
  if (!writeOutputFile(path, source, InputFiles({request.file}), error)) {
    std::cerr << "asmlab dis: error: " << error << "\n";
    return 1;
  }
  return 0;
}

int disassembleObject(const DisRequest& request, const std::string& bytes) {
  link::LinkDiagnostics diagnostics;
  std::vector<uint8_t> data(bytes.begin(), bytes.end());
  auto module = link::readObject(data, request.file, diagnostics);
  diagnostics.render(std::cerr);
  if (!module) return 1;
  return writeSource(request, request.output, omfSource(request, *module, request.file));
}

// A library: one member (--member), every member into a folder (--out-dir), or every member one
// after the other on stdout.
int disassembleLibrary(const DisRequest& request, const std::string& bytes) {
  link::LinkDiagnostics diagnostics;
  auto library = link::Library::read(std::vector<uint8_t>(bytes.begin(), bytes.end()), request.file, diagnostics);
  if (!library) {
    diagnostics.render(std::cerr);
    return 1;
  }
  const auto& members = library->members();
  std::vector<size_t> chosen;
  if (!request.member.empty()) {
    for (size_t i = 0; i < members.size() && chosen.empty(); ++i)
      if (upper(members[i].name) == upper(request.member) || upper(fs::path(members[i].name).stem().string()) == upper(request.member) ||
          std::to_string(i + 1) == request.member)
        chosen.push_back(i);
    if (chosen.empty()) {
      std::string names;
      for (const auto& m : members) names += (names.empty() ? "" : ", ") + m.name;
      std::cerr << fmt::format("asmlab dis: error: {} has no member '{}' (its members: {})\n", request.file, request.member, names);
      return 1;
    }
  } else {
    for (size_t i = 0; i < members.size(); ++i) chosen.push_back(i);
  }
  if (chosen.size() > 1 && !request.output.empty()) {
    std::cerr << fmt::format("asmlab dis: error: {} has {} members: choose one with --member NAME, or write them all with "
                             "--out-dir DIR\n",
                             request.file, chosen.size());
    return 1;
  }
  std::set<std::string> written;
  int status = 0;
  for (size_t i : chosen) {
    link::LinkDiagnostics memberDiagnostics;
    auto module = library->loadMember(i, memberDiagnostics);
    memberDiagnostics.render(std::cerr);
    if (!module) return 1;
    const std::string source = omfSource(request, *module, library->memberLabel(i));
    if (!request.outDir.empty()) {
      std::string stem = fs::path(members[i].name).stem().string();
      if (stem.empty()) stem = fmt::format("member{}", i + 1);
      while (!written.insert(upper(stem)).second) stem += "_";
      std::error_code ec;
      fs::create_directories(request.outDir, ec);
      status |= writeSource(request, (fs::path(request.outDir) / (stem + ".asm")).string(), source);
    } else {
      status |= writeSource(request, request.output, source);
    }
  }
  return status;
}

bool inImage(const lc3::ObjectImage& image, uint16_t address) {
  for (const auto& block : image.blocks)
    if (address >= block.origin && uint32_t(address) < uint32_t(block.origin) + block.words.size()) return true;
  return false;
}

// For --source: only labels whose address the program defines can be written (a label from the
// .sym file that names an address outside every block would be undefined), plus generated labels
// for the targets the symbol table does not name, so the output stays readable. Names stay unique
// regardless of case, as the assembler requires.
void prepareSourceLabels(const lc3::ObjectImage& image, std::map<uint16_t, std::string>& labels) {
  std::set<std::string> taken;
  for (auto it = labels.begin(); it != labels.end();) {
    if (!inImage(image, it->first) || !taken.insert(upper(it->second)).second)
      it = labels.erase(it);
    else
      ++it;
  }
  for (const auto& block : image.blocks) {
    for (size_t i = 0; i < block.words.size(); ++i) {
      uint16_t address = static_cast<uint16_t>(block.origin + i);
      auto target = lc3::pcRelativeTarget(block.words[i], address);
      if (!target || !inImage(image, *target) || labels.count(*target)) continue;
      std::string name = fmt::format("L{:04X}", *target);
      while (!taken.insert(upper(name)).second) name += '_';
      labels[*target] = name;
    }
  }
}

// Strings are easier to spot with their characters beside the words.
std::string characterNote(uint16_t word) {
  if (word >= 0x20 && word < 0x7F) return fmt::format("   ; '{}'", static_cast<char>(word));
  if (word == '\n') return "   ; '\\n'";
  return "";
}

int runDis(const DisRequest& request) {
  std::string bytes, error;
  std::error_code ec;
  if (fs::is_directory(request.file, ec)) {
    std::cerr << "asmlab dis: error: '" << request.file << "' is a directory, not a program\n";
    return 1;
  }
  if (!lc3::readFileBytes(request.file, bytes, error)) {
    std::cerr << "asmlab dis: error: " << error << "\n";
    return 1;
  }
  if (isDosProgram(request.file, bytes)) return disassembleDos(request, bytes);
  // OMF: THEADR (80h) or LHEADR (82h) starts an object, the library header (F0h) a library.
  const uint8_t first = bytes.empty() ? 0 : static_cast<uint8_t>(bytes[0]);
  if (first == 0xF0 && toolchain::lowerExtension(request.file) != ".obj") return disassembleLibrary(request, bytes);
  if ((first == 0x80 || first == 0x82) && toolchain::lowerExtension(request.file) != ".bin" &&
      toolchain::lowerExtension(request.file) != ".hex")
    return disassembleObject(request, bytes);
  if (!request.member.empty() || !request.outDir.empty()) {
    std::cerr << "asmlab dis: error: --member and --out-dir are for OMF libraries (.lib)\n";
    return 1;
  }
  lc3::ObjectImage image;
  if (auto format = lc3::textObjectFormatFor(request.file)) {
    // .bin / .hex: words as text, as the course tools read them.
    Diagnostics diagnostics;
    if (!lc3::readTextObject(std::make_shared<const SourceFile>(request.file, bytes), *format, image, diagnostics)) {
      diagnostics.render(std::cerr);
      return 1;
    }
  } else if (!lc3::readObject(bytes, image, error)) {
    std::cerr << fmt::format("{}: error: {}\n", request.file, error);
    return 1;
  }
  std::map<uint16_t, std::string> labels;
  std::string symPath = request.symPath;
  if (symPath.empty() && !request.noSym) {
    fs::path beside = fs::path(request.file).replace_extension(".sym");
    std::error_code ec;
    if (fs::exists(beside, ec)) symPath = beside.string();
  }
  if (!symPath.empty()) {
    std::string text;
    std::vector<lc3::ObjectSymbol> symbols;
    if (!lc3::readFileBytes(symPath, text, error) || !lc3::readSymbols(text, symbols, error)) {
      std::cerr << fmt::format("{}: error: {}\n", symPath, error);
      return 1;
    }
    for (const auto& s : symbols) labels.emplace(s.address, s.name);
  }
  if (request.source) prepareSourceLabels(image, labels);
  auto labelAt = [&](uint16_t address) -> std::optional<std::string> {
    auto it = labels.find(address);
    if (it == labels.end()) return std::nullopt;
    return it->second;
  };
  size_t width = 0;
  for (const auto& [address, name] : labels) width = std::max(width, name.size());
  std::string out;
  for (const auto& block : image.blocks) {
    if (request.source) out += fmt::format("{:{}}  .ORIG x{:04X}\n", "", width, block.origin);
    for (size_t i = 0; i < block.words.size(); ++i) {
      uint16_t address = static_cast<uint16_t>(block.origin + i);
      uint16_t word = block.words[i];
      std::string label = labelAt(address).value_or("");
      if (request.source)
        out += fmt::format("{:{}}  {:<24} ; x{:04X}  x{:04X}\n", label, width, lc3::disassembleSource(word, address, labelAt),
                           address, word);
      else
        out += fmt::format("x{:04X}  x{:04X}  {:{}}  {}{}\n", address, word, label, width,
                           lc3::disassemble(word, address, labelAt), characterNote(word));
    }
    if (request.source) out += fmt::format("{:{}}  .END\n", "", width);
  }
  if (request.output.empty()) {
    std::cout << out;
    return 0;
  }
  if (!writeOutputFile(request.output, out, InputFiles({request.file, symPath}), error)) {
    std::cerr << "asmlab dis: error: " << error << "\n";
    return 1;
  }
  return 0;
}

CommandRegistration disCommand("dis", [](CLI::App& app) -> std::function<int()> {
  auto request = std::make_shared<DisRequest>();
  auto* cmd = app.add_subcommand(
      "dis", "Disassemble an LC-3 object file, or an 8086 DOS program (.COM, .EXE), OMF object (.OBJ) or library (.LIB) into MASM source");
  cmd->add_option("file", request->file,
                  "LC-3 object file (.obj) or words as text (.bin, .hex); or a DOS program (.com, .exe), OMF object (.obj) or library (.lib)")
      ->required();
  cmd->add_option("--member", request->member, "8086 library: the module to disassemble (its name, or its number from 1)");
  cmd->add_option("--out-dir", request->outDir, "8086 library: write every module as DIR/MODULE.asm");
  cmd->add_option("--map", request->mapPath, "8086: map file whose publics name places (default: FILE.map beside it)");
  cmd->add_option("--cpu", request->cpu,
                  "8086: decoding model 8086, 8088, 80186, 80286, 80386 (default: asmlab.yaml's, else 8086; for an object, the "
                  "lowest that decodes it)")
      ->check(CLI::IsMember({"8086", "8088", "80186", "80286", "80386"}));
  cmd->add_option("-o,--output", request->output, "Write the listing to this file instead of stdout");
  cmd->add_option("--sym", request->symPath, "Symbol table (default: FILE.sym beside the object, if present)");
  cmd->add_flag("--no-sym", request->noSym, "Do not read a symbol table");
  cmd->add_flag("--source", request->source, "Print a source program that assembles back to the same words");
  return [request] { return runDis(*request); };
});

}  // namespace
}  // namespace asmlab::cli
