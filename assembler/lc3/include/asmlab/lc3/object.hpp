// The LC-3 object model shared by the assembler, the loader and the simulator: blocks of words,
// each placed at its own origin (one per .ORIG), and the symbols that name addresses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asmlab::lc3 {

struct ObjectBlock {
  uint16_t origin = 0;
  std::vector<uint16_t> words;
};

struct ObjectSymbol {
  std::string name;
  uint16_t address = 0;
};

struct ObjectImage {
  std::vector<ObjectBlock> blocks;    // in source order
  std::vector<ObjectSymbol> symbols;  // in definition order
  // Entry point: the origin of the first block (LC-3 convention), if any block exists.
  uint16_t entry() const { return blocks.empty() ? 0x3000 : blocks.front().origin; }
};

}  // namespace asmlab::lc3
