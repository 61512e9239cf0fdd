// LC-3: assemble .asm sources, read .obj files (with the .sym beside them), build an Lc3Machine.
#include <cstdio>
#include <fstream>

#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3/objfile.hpp"
#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/lc3sim/os.hpp"
#include "loaders.hpp"

namespace asmlab::toolchain {

namespace {

bool readObjectFile(const InputFile& file, lc3::ObjectImage& image, Diagnostics& diagnostics) {
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
  return machine;
}

}  // namespace asmlab::toolchain
