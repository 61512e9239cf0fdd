// One LC-3 instruction word as assembly text, for debuggers and traces.
#pragma once

#include <cstdint>
#include <string>

#include "asmlab/sim/symbols.hpp"

namespace asmlab::lc3sim {

// PC-relative targets are shown by label when `symbols` names the address, else as xNNNN.
std::string disassembleWord(uint16_t word, uint16_t address, const sim::SymbolTable* symbols = nullptr);

}  // namespace asmlab::lc3sim
