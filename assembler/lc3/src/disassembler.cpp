// The disassembler: the inverse of encoder.cpp (Patt & Patel 3rd ed. Appendix A, Figure A.2).
// Only words the assembler can produce disassemble to instructions; everything else (opcode 1101,
// unused bits set, a BR that tests no condition yet has an offset) shows as .FILL, so the text
// always assembles back to the same word.
#include "asmlab/lc3/disassembler.hpp"

#include <fmt/format.h>

#include "asmlab/lc3/encoding.hpp"

namespace asmlab::lc3 {
namespace {

int signExtend(uint16_t value, int bits) {
  int shift = 32 - bits;
  return static_cast<int32_t>(static_cast<uint32_t>(value) << shift) >> shift;
}

const char* trapAlias(uint16_t vector) {
  switch (vector) {
    case 0x20: return "GETC";
    case 0x21: return "OUT";
    case 0x22: return "PUTS";
    case 0x23: return "IN";
    case 0x24: return "PUTSP";
    case 0x25: return "HALT";
    default: return nullptr;
  }
}

std::string fill(uint16_t word) { return fmt::format(".FILL x{:04X}", word); }

std::string render(uint16_t word, uint16_t address, const LabelLookup& labelAt, bool asSource) {
  unsigned opcode = word >> 12;
  unsigned r9 = (word >> 9) & 7, r6 = (word >> 6) & 7;
  if (!isValidInstruction(word)) return fill(word);
  auto target = [&](int bits) {
    int offset = signExtend(word & ((1u << bits) - 1), bits);
    uint16_t to = static_cast<uint16_t>(address + 1 + offset);
    if (labelAt)
      if (auto label = labelAt(to)) return *label;
    return asSource ? fmt::format("#{}", offset) : fmt::format("x{:04X}", to);
  };
  switch (opcode) {
    case 0x1:
    case 0x5: {
      const char* name = opcode == 0x1 ? "ADD" : "AND";
      if (word & 0x20) return fmt::format("{} R{}, R{}, #{}", name, r9, r6, signExtend(word & 0x1F, 5));
      return fmt::format("{} R{}, R{}, R{}", name, r9, r6, word & 7);
    }
    case 0x0: {
      if (word == 0) return "NOP";
      if (r9 == 0) return fill(word);
      std::string name = "BR";
      if (word & 0x800) name += 'n';
      if (word & 0x400) name += 'z';
      if (word & 0x200) name += 'p';
      return name + " " + target(9);
    }
    case 0xC:
      return r6 == 7 ? std::string("RET") : fmt::format("JMP R{}", r6);
    case 0x4:
      if (word & 0x800) return "JSR " + target(11);
      return fmt::format("JSRR R{}", r6);
    case 0x2: return fmt::format("LD R{}, {}", r9, target(9));
    case 0xA: return fmt::format("LDI R{}, {}", r9, target(9));
    case 0xE: return fmt::format("LEA R{}, {}", r9, target(9));
    case 0x3: return fmt::format("ST R{}, {}", r9, target(9));
    case 0xB: return fmt::format("STI R{}, {}", r9, target(9));
    case 0x6:
    case 0x7:
      return fmt::format("{} R{}, R{}, #{}", opcode == 0x6 ? "LDR" : "STR", r9, r6, signExtend(word & 0x3F, 6));
    case 0x9:
      return fmt::format("NOT R{}, R{}", r9, r6);
    case 0x8: return "RTI";
    case 0xF: {
      if (const char* alias = trapAlias(word & 0xFF)) return alias;
      return fmt::format("TRAP x{:02X}", word & 0xFF);
    }
    default: return fill(word);  // 1101: reserved (A.3)
  }
}

}  // namespace

std::string disassemble(uint16_t word, uint16_t address, const LabelLookup& labelAt) {
  return render(word, address, labelAt, false);
}

std::string disassembleSource(uint16_t word, uint16_t address, const LabelLookup& labelAt) {
  return render(word, address, labelAt, true);
}

std::optional<uint16_t> pcRelativeTarget(uint16_t word, uint16_t address) {
  unsigned opcode = word >> 12;
  auto at = [&](int bits) { return static_cast<uint16_t>(address + 1 + signExtend(word & ((1u << bits) - 1), bits)); };
  switch (opcode) {
    case 0x0: return ((word >> 9) & 7) ? std::optional<uint16_t>(at(9)) : std::nullopt;
    case 0x4: return (word & 0x800) ? std::optional<uint16_t>(at(11)) : std::nullopt;
    case 0x2:
    case 0xA:
    case 0xE:
    case 0x3:
    case 0xB: return at(9);
    default: return std::nullopt;
  }
}

}  // namespace asmlab::lc3
