// Machine::disassemble for the LC-3 through the lc3-asm disassembler, with program labels.
#include "asmlab/lc3/disassembler.hpp"
#include "decoded.hpp"

namespace asmlab::lc3sim {

std::string Lc3Machine::disassemble(uint64_t address, unsigned* length) const {
  if (length) *length = 1;
  const uint16_t a = static_cast<uint16_t>(address);
  return lc3::disassemble(static_cast<uint16_t>(peek(a)), a,
                          [this](uint16_t target) { return symbols().nameAt(target); });
}

}  // namespace asmlab::lc3sim
