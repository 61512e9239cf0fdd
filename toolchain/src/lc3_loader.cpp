// LC-3: assemble .asm sources, read .obj files (with the .sym beside them), build an Lc3Machine.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3/objfile.hpp"
#include "asmlab/lc3/textobj.hpp"
#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/lc3sim/os.hpp"
#include "loaders.hpp"

namespace asmlab::toolchain {

namespace {

bool readObjectFile(const InputFile& file, lc3::ObjectImage& image, Diagnostics& diagnostics) {
  if (auto format = lc3::textObjectFormatFor(file.path)) {
    // .bin / .hex: the words as text, read like the course tools convert them to .obj.
    return lc3::readTextObject(std::make_shared<const SourceFile>(file.path, file.bytes), *format, image, diagnostics);
  }
  std::string error;
  if (!lc3::readObject(file.bytes, image, error)) {
    diagnostics.error({}, file.path + ": " + error);
    return false;
  }
  // The symbol table beside it (prog.obj -> prog.sym) is optional.
  std::string symPath = file.path.substr(0, file.path.size() - 4) + ".sym";
  std::string text;
  std::string ignored;
  if (lc3::readFileBytes(symPath, text, ignored)) {
    std::vector<lc3::ObjectSymbol> symbols;
    if (lc3::readSymbols(text, symbols, error)) {
      image.symbols = std::move(symbols);
    } else {
      diagnostics.warning({}, symPath + ": symbol table ignored: " + error);
    }
  }
  return true;
}

// A label of the loaded program (any case) or an address: x3000, 0x3000, #12288, 12288.
std::optional<uint16_t> startAddress(const std::string& text, const lc3sim::Lc3Machine& machine) {
  if (auto address = machine.symbols().find(text)) return static_cast<uint16_t>(*address);
  std::string digits = text;
  int base = 10;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    digits = digits.substr(2);
    base = 16;
  } else if (digits.size() > 1 && (digits[0] == 'x' || digits[0] == 'X')) {
    digits = digits.substr(1);
    base = 16;
  } else if (digits.size() > 1 && digits[0] == '#') {
    digits = digits.substr(1);
  }
  if (digits.empty() || digits.size() > 6) return std::nullopt;
  char* end = nullptr;
  const long value = std::strtol(digits.c_str(), &end, base);
  if (*end != '\0' || value < 0 || value > 0xFFFF) return std::nullopt;
  return static_cast<uint16_t>(value);
}

// Where each block of an assembled source starts: its .ORIG statement (the statement before the
// block's first placed one), with a caret on the directive when the line has one.
std::vector<asmlab::SourceLocation> blockOrigins(const lc3::Assembly& assembly) {
  std::vector<asmlab::SourceLocation> origins(assembly.image.blocks.size());
  const auto& listing = assembly.listing;
  for (size_t i = 0; i < listing.size(); ++i) {
    if (!listing[i].hasAddress || listing[i].block >= origins.size() || origins[listing[i].block].file) continue;
    asmlab::SourceLocation& where = origins[listing[i].block];
    where.file = assembly.source;
    where.line = i > 0 && !listing[i - 1].hasAddress ? listing[i - 1].sourceLine : listing[i].sourceLine;
    std::string text(assembly.source->line(where.line));
    for (auto& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (const size_t column = text.find(".ORIG"); column != std::string::npos) {
      where.column = static_cast<uint32_t>(column + 1);
      where.length = 5;
    }
  }
  return origins;
}

std::string hexWord(uint32_t value) {
  char text[8];
  std::snprintf(text, sizeof text, "x%04X", value & 0xFFFFu);
  return text;
}

// What is wrong with loading `block`: words over the operating system's code and data (not its
// vector tables, where a program installs its own service routines, as interrupt assignments do;
// nor the rest of system space, where they put those routines), or words in the device registers,
// which memory does not keep. Empty when nothing is.
std::string loadProblem(const lc3::ObjectBlock& block, const lc3::ObjectImage* os) {
  const uint32_t start = block.origin, end = start + static_cast<uint32_t>(block.words.size());
  const std::string range = hexWord(start) + "-" + hexWord(end - 1);
  if (os != nullptr) {
    for (const auto& osBlock : os->blocks) {
      const uint32_t osStart = osBlock.origin, osEnd = osStart + static_cast<uint32_t>(osBlock.words.size());
      if (osStart < 0x0200) continue;  // the trap and interrupt vector tables
      const uint32_t from = std::max(start, osStart), to = std::min(end, osEnd);
      if (from >= to) continue;
      const lc3::ObjectSymbol* routine = nullptr;
      for (const auto& symbol : os->symbols)
        if (symbol.address <= from && symbol.address >= osStart && (!routine || symbol.address > routine->address))
          routine = &symbol;
      return "this block (" + range + ") writes over the operating system at " + hexWord(from) + "-" + hexWord(to - 1) +
             (routine ? " (" + routine->name + ")" : "") +
             ", so the traps and exceptions it serves would run the program's words; system code belongs in " +
             hexWord(osEnd) + "-x2FFF, user programs in x3000-xFDFF";
    }
  }
  if (end > 0xFE00)
    return "this block (" + range +
           ") reaches the device registers (xFE00-xFFFF), where loaded words are not kept; "
           "user programs belong in x3000-xFDFF";
  return "";
}

}  // namespace

std::unique_ptr<sim::Machine> loadLc3(std::vector<InputFile>& files, const LoadOptions& options,
                                      Diagnostics& diagnostics, SourceMap* sourceMap) {
  if (options.lc3Edition != 2 && options.lc3Edition != 3) {
    diagnostics.error({}, "LC-3 edition " + std::to_string(options.lc3Edition) + " does not exist; use 2 or 3");
    return nullptr;
  }
  const lc3sim::Edition edition = options.lc3Edition == 2 ? lc3sim::Edition::Second : lc3sim::Edition::Third;
  const lc3::ObjectImage* os = options.lc3OperatingSystem ? &lc3sim::builtinOperatingSystem(edition) : nullptr;
  std::vector<lc3::ObjectImage> images;
  for (auto& file : files) {
    lc3::ObjectImage image;
    std::vector<asmlab::SourceLocation> origins;  // of each block, for a source
    if (file.detected.isObject) {
      if (!readObjectFile(file, image, diagnostics)) return nullptr;
    } else {
      auto source = std::make_shared<SourceFile>(file.path, file.bytes);
      lc3::AssembleOptions assembleOptions;
      assembleOptions.listing = true;  // address -> line for the source map, and each block's .ORIG
      assembleOptions.warnUnusedLabels = options.warnUnusedLabels;
      assembleOptions.warnFallIntoData = options.warnFallIntoData;
      assembleOptions.strict = options.lc3Strict;
      assembleOptions.caseSensitiveLabels = options.lc3CaseSensitiveLabels;
      const size_t errorsBefore = diagnostics.errorCount();
      auto assembly = lc3::assemble(source, diagnostics, assembleOptions);
      if (diagnostics.errorCount() != errorsBefore) return nullptr;
      if (sourceMap)
        for (const lc3::ListingLine& line : assembly.listing)
          if (line.wordCount > 0) (*sourceMap)[line.address] = {file.path, line.sourceLine};
      origins = blockOrigins(assembly);
      image = std::move(assembly.image);
    }
    if (image.blocks.empty()) {
      diagnostics.error({}, file.path + ": the program holds no code");
      return nullptr;
    }
    for (size_t b = 0; b < image.blocks.size(); ++b) {
      if (image.blocks[b].words.empty()) continue;
      const std::string problem = loadProblem(image.blocks[b], os);
      if (problem.empty()) continue;
      if (b < origins.size() && origins[b].file)
        diagnostics.warning(origins[b], problem);
      else
        diagnostics.warning({}, file.path + ": " + problem);
    }
    images.push_back(std::move(image));
  }
  if (options.warningsAsErrors && diagnostics.warningCount() != 0) return nullptr;

  lc3sim::Options machineOptions;
  machineOptions.edition = edition;
  machineOptions.memoryLatency = options.lc3MemoryLatency;
  machineOptions.randomSeed = options.seed;
  machineOptions.haltBanner = options.lc3HaltBanner;
  machineOptions.runBootCode = options.lc3RunBootCode;
  machineOptions.engine =
      options.lc3Microcoded || options.lc3ControlStore ? lc3sim::Engine::Micro : lc3sim::Engine::Fast;
  machineOptions.controlStore = options.lc3ControlStore;
  machineOptions.operatingSystem = os;
  auto machine = std::make_unique<lc3sim::Lc3Machine>(machineOptions);
  for (const auto& image : images) machine->loadProgram(image);
  if (!options.lc3Start.empty() || !options.lc3Privilege.empty()) {
    lc3sim::Privilege privilege = lc3sim::Privilege::Auto;
    if (options.lc3Privilege == "user") privilege = lc3sim::Privilege::User;
    else if (options.lc3Privilege == "supervisor") privilege = lc3sim::Privilege::Supervisor;
    else if (!options.lc3Privilege.empty()) {
      diagnostics.error({}, "unknown privilege '" + options.lc3Privilege + "'; use user or supervisor");
      return nullptr;
    }
    uint16_t start = machine->startAddress();
    if (!options.lc3Start.empty()) {
      auto address = startAddress(options.lc3Start, *machine);
      if (!address) {
        diagnostics.error({}, "cannot start at '" + options.lc3Start +
                                  "': not a label of the program or an address such as x3000");
        return nullptr;
      }
      start = *address;
    }
    machine->setStart(start, privilege);
  }
  return machine;
}

}  // namespace asmlab::toolchain
