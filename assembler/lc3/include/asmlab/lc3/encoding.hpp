// Which 16-bit words are LC-3 instructions. Patt & Patel 3rd ed. Appendix A (Figure A.2) fixes
// bits in several formats (ADD/AND register form bits 4-3, NOT bits 5-0, JMP/JSRR/RET bits 11-9 and
// 5-0, RTI bits 11-0, TRAP bits 11-8) and leaves opcode 1101 unused. The course simulator (UT Austin
// lc3tools) decodes a word only when every fixed bit matches and raises the illegal-opcode
// exception otherwise; asmlab's simulator, disassembler and debugger use this one rule.
#pragma once

#include <cstdint>

namespace asmlab::lc3 {

constexpr bool isValidInstruction(uint16_t word) {
  switch (word >> 12) {
    case 0x1:  // ADD
    case 0x5:  // AND: bit 5 selects imm5; the register form has bits 4-3 zero
      return (word & 0x0020) != 0 || (word & 0x0018) == 0;
    case 0x9: return (word & 0x003F) == 0x003F;           // NOT: bits 5-0 all ones
    case 0xC: return (word & 0x0E3F) == 0;                // JMP, RET
    case 0x4: return (word & 0x0800) != 0 || (word & 0x0E3F) == 0;  // JSR any offset; JSRR
    case 0x8: return word == 0x8000;                      // RTI
    case 0xF: return (word & 0x0F00) == 0;                // TRAP: bits 11-8 zero
    case 0xD: return false;                               // reserved opcode
    default: return true;  // BR (any n z p, any offset), LD, LDI, LDR, LEA, ST, STI, STR
  }
}

}  // namespace asmlab::lc3
