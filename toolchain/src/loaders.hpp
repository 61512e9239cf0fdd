// Per-architecture load functions behind loadProgram().
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "asmlab/sim/symbols.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace asmlab::x86::pc {
class PcMachine;
}

namespace asmlab::toolchain {

struct InputFile {
  std::string path;
  std::string bytes;
  DetectedFile detected;
};

std::unique_ptr<sim::Machine> loadLc3(std::vector<InputFile>& files, const LoadOptions& options,
                                      Diagnostics& diagnostics, SourceMap* sourceMap);

std::unique_ptr<sim::Machine> loadX86(std::vector<InputFile>& files, const LoadOptions& options,
                                      Diagnostics& diagnostics, SourceMap* sourceMap);

// Adds the segments and PUBLIC names of the linker's map beside a DOS program (NAME.MAP, as MS
// LINK /MAP and `asmlab link --map` write it), placed at `loadBase`; false when there is none;
// map_symbols.cpp.
bool readMapSymbols(const std::string& program, uint32_t loadBase, sim::SymbolTable& symbols);

// Fills the registers DOS leaves undefined and the memory past the loaded image from a seeded
// generator (LoadOptions::seed); x86_randomize.cpp.
void randomizeDosProgram(x86::pc::PcMachine& machine, const std::vector<uint8_t>& program, uint64_t seed);

}  // namespace asmlab::toolchain
