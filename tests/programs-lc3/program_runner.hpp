// Assembles one of programs/lc3/* with the project's assembler and runs it on the LC-3 simulator
// under the project's operating system, as `asmlab run` would.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "asmlab/lc3/object.hpp"
#include "asmlab/lc3sim/machine.hpp"

namespace asmlab::testing {

// The text of a file below programs/lc3/ (e.g. "dots/games/p1-wins.in"); fails the test if absent.
std::string readProgramFile(const std::string& relativePath);

struct AssembledProgram {
  lc3::ObjectImage image;
  std::string diagnostics;  // rendered errors and warnings
  bool ok = false;
  // Address of a label; fails the test if the program has no such label.
  uint16_t symbol(const std::string& name) const;
};

AssembledProgram assembleProgram(const std::string& relativePath);

// A machine of the given edition with the built-in OS and the program loaded, ready at its entry;
// on the micro engine when the environment has ASMLAB_TEST_LC3_ENGINE=micro.
std::unique_ptr<lc3sim::Lc3Machine> bootProgram(const AssembledProgram& program, lc3sim::Edition edition);

}  // namespace asmlab::testing
