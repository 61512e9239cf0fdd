// LC-3: assemble .asm sources, read .obj files (with the .sym beside them), build an Lc3Machine.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>

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

}  // namespace

std::unique_ptr<sim::Machine> loadLc3(std::vector<InputFile>& files, const LoadOptions& options,
                                      Diagnostics& diagnostics, SourceMap* sourceMap) {
  if (options.lc3Edition != 2 && options.lc3Edition != 3) {
    diagnostics.error({}, "LC-3 edition " + std::to_string(options.lc3Edition) + " does not exist; use 2 or 3");
    return nullptr;
  }
  std::vector<lc3::ObjectImage> images;
  for (auto& file : files) {
    lc3::ObjectImage image;
    if (file.detected.isObject) {
      if (!readObjectFile(file, image, diagnostics)) return nullptr;
    } else {
      auto source = std::make_shared<SourceFile>(file.path, file.bytes);
      lc3::AssembleOptions assembleOptions;
      assembleOptions.listing = sourceMap != nullptr;  // the listing gives address -> line
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
      image = std::move(assembly.image);
    }
    if (image.blocks.empty()) {
      diagnostics.error({}, file.path + ": the program holds no code");
      return nullptr;
    }
    for (const auto& block : image.blocks) {
      const uint32_t end = block.origin + static_cast<uint32_t>(block.words.size());
      if (!block.words.empty() && (block.origin < 0x3000 || end > 0xFE00)) {
        char range[32];
        std::snprintf(range, sizeof range, "x%04X-x%04X", block.origin, static_cast<unsigned>(end - 1));
        diagnostics.warning({}, file.path + ": the block at " + range +
                                    " overlaps system space (x0000-x2FFF) or the device registers (xFE00-xFFFF); "
                                    "user programs belong in x3000-xFDFF");
      }
    }
    images.push_back(std::move(image));
  }
  if (options.warningsAsErrors && diagnostics.warningCount() != 0) return nullptr;

  lc3sim::Options machineOptions;
  machineOptions.edition = options.lc3Edition == 2 ? lc3sim::Edition::Second : lc3sim::Edition::Third;
  machineOptions.memoryLatency = options.lc3MemoryLatency;
  machineOptions.randomSeed = options.seed;
  machineOptions.haltBanner = options.lc3HaltBanner;
  machineOptions.runBootCode = options.lc3RunBootCode;
  machineOptions.engine =
      options.lc3Microcoded || options.lc3ControlStore ? lc3sim::Engine::Micro : lc3sim::Engine::Fast;
  machineOptions.controlStore = options.lc3ControlStore;
  machineOptions.operatingSystem =
      options.lc3OperatingSystem ? &lc3sim::builtinOperatingSystem(machineOptions.edition) : nullptr;
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
