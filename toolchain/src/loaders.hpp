// Per-architecture load functions behind loadProgram().
#pragma once

#include <memory>
#include <string>
#include <vector>

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

// Fills the registers DOS leaves undefined and the memory past the loaded image from a seeded
// generator (LoadOptions::seed); x86_randomize.cpp.
void randomizeDosProgram(x86::pc::PcMachine& machine, const std::vector<uint8_t>& program, uint64_t seed);

}  // namespace asmlab::toolchain
