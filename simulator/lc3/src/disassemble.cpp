// Machine::disassemble for the LC-3, with symbol names for PC-relative targets.
#include "asmlab/lc3sim/disassemble.hpp"

#include "decoded.hpp"
#include "hex.hpp"

namespace asmlab::lc3sim {

namespace {
int signExtend(uint16_t value, unsigned bits) {
  const int v = value & ((1 << bits) - 1);
  return (v & (1 << (bits - 1))) ? v - (1 << bits) : v;
}
std::string reg(unsigned r) { return "R" + std::to_string(r & 7); }
std::string imm(int v) { return "#" + std::to_string(v); }
}  // namespace

std::string disassembleWord(uint16_t w, uint16_t address, const sim::SymbolTable* symbols) {
  const unsigned dr = (w >> 9) & 7, sr1 = (w >> 6) & 7;
  auto target = [&](unsigned bits) {
    const uint16_t t = static_cast<uint16_t>(address + 1 + signExtend(w, bits));
    if (symbols) {
      if (auto name = symbols->nameAt(t)) return *name;
    }
    return "x" + hex4(t);
  };
  switch (w >> 12) {
    case 0x1:
    case 0x5: {
      const std::string op = (w >> 12) == 1 ? "ADD " : "AND ";
      return op + reg(dr) + ", " + reg(sr1) + ", " + ((w & 0x20) ? imm(signExtend(w, 5)) : reg(w & 7));
    }
    case 0x9: return "NOT " + reg(dr) + ", " + reg(sr1);
    case 0x0: {
      if (dr == 0) return "NOP";
      std::string op = "BR";
      if (dr & 4) op += 'n';
      if (dr & 2) op += 'z';
      if (dr & 1) op += 'p';
      return op + " " + target(9);
    }
    case 0xC: return sr1 == 7 ? "RET" : "JMP " + reg(sr1);
    case 0x4: return (w & 0x800) ? "JSR " + target(11) : "JSRR " + reg(sr1);
    case 0x2: return "LD " + reg(dr) + ", " + target(9);
    case 0xA: return "LDI " + reg(dr) + ", " + target(9);
    case 0x6: return "LDR " + reg(dr) + ", " + reg(sr1) + ", " + imm(signExtend(w, 6));
    case 0xE: return "LEA " + reg(dr) + ", " + target(9);
    case 0x3: return "ST " + reg(dr) + ", " + target(9);
    case 0xB: return "STI " + reg(dr) + ", " + target(9);
    case 0x7: return "STR " + reg(dr) + ", " + reg(sr1) + ", " + imm(signExtend(w, 6));
    case 0x8: return "RTI";
    case 0xF:
      switch (w & 0xFF) {
        case 0x20: return "GETC";
        case 0x21: return "OUT";
        case 0x22: return "PUTS";
        case 0x23: return "IN";
        case 0x24: return "PUTSP";
        case 0x25: return "HALT";
        default: return "TRAP x" + hex2(static_cast<uint8_t>(w & 0xFF));
      }
    default: return ".FILL x" + hex4(w);  // 1101: reserved
  }
}

std::string Lc3Machine::disassemble(uint64_t address, unsigned* length) const {
  if (length) *length = 1;
  const uint16_t a = static_cast<uint16_t>(address);
  return disassembleWord(static_cast<uint16_t>(peek(a)), a, &symbols());
}

}  // namespace asmlab::lc3sim
