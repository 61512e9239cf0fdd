// Per-architecture load functions behind loadProgram().
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "asmlab/toolchain/loader.hpp"

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

}  // namespace asmlab::toolchain
