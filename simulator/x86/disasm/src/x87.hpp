// The 8087/80287/80387 coprocessor instructions behind the ESC opcodes D8h-DFh.
#pragma once

#include <optional>
#include <string>

#include "asmlab/x86/disassembler.hpp"

namespace asmlab::x86::dis::detail {

struct X87Form {
  std::string name;
  std::string operands;  // "st, st(1)", "" ; for memory forms: the size prefix ("dword ptr ") to put before the address
  bool memory = false;   // operands is a size prefix for the memory operand
};

// The instruction for ESC opcode `opcode` (D8..DF) with ModRM mod/reg/rm, or nullopt if the
// coprocessor has none there (the decoder then shows `esc n, r/m`).
std::optional<X87Form> x87Form(std::uint8_t opcode, std::uint8_t mod, std::uint8_t reg, std::uint8_t rm, Cpu cpu);

}  // namespace asmlab::x86::dis::detail
