// `asmlab dis FILE.obj [--sym FILE.sym] [--source]`: lists an LC-3 object file as address, word and
// instruction, naming addresses from the symbol table (FILE.sym beside the object is read when it
// exists). --source prints a program that `asmlab asm` turns back into the same words.
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "asmlab/lc3/disassembler.hpp"
#include "asmlab/lc3/objfile.hpp"
#include "asmlab/lc3/textobj.hpp"
#include "command.hpp"

namespace asmlab::cli {
namespace {

namespace fs = std::filesystem;

struct DisRequest {
  std::string file;
  std::string symPath;
  bool noSym = false;
  bool source = false;
};

bool inImage(const lc3::ObjectImage& image, uint16_t address) {
  for (const auto& block : image.blocks)
    if (address >= block.origin && uint32_t(address) < uint32_t(block.origin) + block.words.size()) return true;
  return false;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
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
  if (!lc3::readFileBytes(request.file, bytes, error)) {
    std::cerr << "asmlab dis: error: " << error << "\n";
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
  std::cout << out;
  return 0;
}

CommandRegistration registration("dis", [](CLI::App& app) -> std::function<int()> {
  auto request = std::make_shared<DisRequest>();
  auto* cmd = app.add_subcommand("dis", "Disassemble an LC-3 object file");
  cmd->add_option("file", request->file, "Object file (.obj), or words as text (.bin, .hex)")->required();
  cmd->add_option("--sym", request->symPath, "Symbol table (default: FILE.sym beside the object, if present)");
  cmd->add_flag("--no-sym", request->noSym, "Do not read a symbol table");
  cmd->add_flag("--source", request->source, "Print a source program that assembles back to the same words");
  return [request] { return runDis(*request); };
});

}  // namespace
}  // namespace asmlab::cli
