// The instruction-form table: one row per encoding, auditable against the Intel opcode maps
// (Intel 8086 Family User's Manual table 4-12; 80386 Programmer's Reference Manual appendix A).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86::enc::detail {

// Operand patterns. "S" is the form's operand size (from its Width and the operands).
enum class Pat : std::uint8_t {
  None,
  R,       // general register of size S (ModRM reg field, or the opcode's low bits for +r forms)
  RM,      // general register or memory of size S (ModRM r/m field)
  M,       // memory only, size S or unknown
  MAny,    // memory, any declared size (LEA)
  MFar,    // memory holding a far pointer: 4 bytes (6 with a 32-bit operand), or unknown
  MFarExact,  // memory declared DWORD (far pointer) for far indirect JMP/CALL
  RM8,     // register or memory, always 8-bit (MOVZX source, SETcc)
  RM16,    // register or memory, always 16-bit (MOVZX source, MOV to/from Sreg, SMSW)
  Acc,     // AL / AX / EAX as S
  Moffs,   // direct memory address, no base or index (MOV accumulator forms A0-A3)
  I,       // immediate of size S (imm32 when S is 4)
  IS8,     // immediate that sign-extends from a byte to S
  I8,      // immediate byte (shift counts, INT, port numbers, ENTER nesting level)
  I16,     // immediate word (RET n, ENTER frame size)
  One,     // the constant 1 (shift and rotate by one)
  Three,   // the constant 3 (INT 3 -> CC)
  RegCL, RegDX,
  Sreg,    // a segment register (ModRM reg field)
  SegES, SegCS, SegSS, SegDS, SegFS, SegGS,  // one fixed segment register (PUSH/POP sreg)
};

enum class Width : std::uint8_t {
  None,  // no sized operand (NOP, RET n, INT n)
  B,     // byte
  W,     // word only (no 66h form)
  D,     // dword only (66h always)
  V,     // word, or dword with 66h on the 386
};

enum class ModRm : std::int8_t { Reg = -1, NoModRm = -2, PlusReg = -3 };  // otherwise /0../7

enum FormFlags : std::uint8_t {
  kDefaultWord = 1,  // with no sized operand, the operand size is the segment's word (PUSH imm, JMP [bx])
  kO32 = 2,          // a 32-bit operand whatever the operands (CWDE, PUSHAD, ...): 66h in a USE16 segment
  kDupReg = 4,       // the R operand also fills r/m (IMUL r, imm = IMUL r, r, imm)
  kO16 = 8,          // a 16-bit operand whatever the operands (CBW, PUSHA, MOV sreg): 66h in a USE32 segment
};

// Patterns whose operand carries the form's size S.
constexpr bool carriesSize(Pat pat) {
  return pat == Pat::R || pat == Pat::RM || pat == Pat::M || pat == Pat::Acc || pat == Pat::Moffs;
}
constexpr bool isRmPattern(Pat pat) {
  return pat == Pat::RM || pat == Pat::M || pat == Pat::MAny || pat == Pat::MFar || pat == Pat::MFarExact ||
         pat == Pat::RM8 || pat == Pat::RM16;
}
constexpr bool isImmediatePattern(Pat pat) {
  return pat == Pat::I || pat == Pat::IS8 || pat == Pat::I8 || pat == Pat::I16;
}

// Patterns whose kind test in matchForm adds nothing once the row screen (acceptedClasses in
// form_match.hpp) has passed the operand: any general register, memory, accumulator, immediate,
// segment register, or no operand. The others test a particular register, a value, a relocation,
// a memory size or the absence of base and index registers.
constexpr bool screenDecidesKind(Pat pat) {
  return pat == Pat::None || pat == Pat::R || pat == Pat::RM || pat == Pat::M || pat == Pat::MAny ||
         pat == Pat::Acc || pat == Pat::I || pat == Pat::Sreg;
}

// Facts about a row's patterns that the encoder would otherwise work out for every instruction.
struct PatternFacts {
  std::uint8_t count = 0;       // patterns before the first None
  std::uint8_t carriers = 0;    // bit i: operand i carries the size S
  std::uint8_t immediates = 0;  // bit i: operand i is I, IS8, I8 or I16 (range-checked, emitted after ModRM)
  std::uint8_t farPointers = 0; // bit i: operand i is MFar
  std::uint8_t moffs = 0;       // bit i: operand i is Moffs
  std::uint8_t kindChecks = 0;  // bit i: operand i's kind still needs testing after the screen
  std::int8_t rmIndex = -1;     // the operand in the ModRM r/m field (the last r/m pattern)
  std::int8_t regIndex = -1;    // the operand in the ModRM reg field or +r (the last R or Sreg)
};
constexpr PatternFacts patternFacts(const std::array<Pat, 3>& ops) {
  PatternFacts facts;
  while (facts.count < 3 && ops[facts.count] != Pat::None) ++facts.count;
  for (unsigned i = 0; i < facts.count; ++i) {
    const auto bit = static_cast<std::uint8_t>(1u << i);
    if (carriesSize(ops[i])) facts.carriers |= bit;
    if (isImmediatePattern(ops[i])) facts.immediates |= bit;
    if (ops[i] == Pat::MFar) facts.farPointers |= bit;
    if (ops[i] == Pat::Moffs) facts.moffs |= bit;
    if (!screenDecidesKind(ops[i])) facts.kindChecks |= bit;
    if (isRmPattern(ops[i])) facts.rmIndex = static_cast<std::int8_t>(i);
    if (ops[i] == Pat::R || ops[i] == Pat::Sreg) facts.regIndex = static_cast<std::int8_t>(i);
  }
  return facts;
}

constexpr std::uint8_t minimumLength(const std::array<Pat, 3>& ops, Width width, std::uint8_t opcodeLength,
                                     std::int8_t modrm, std::uint8_t flags) {
  unsigned length = opcodeLength;
  if (modrm >= 0 || modrm == static_cast<std::int8_t>(ModRm::Reg)) ++length;
  (void)flags;  // 66h depends on the segment (USE16/USE32), so it is not part of the minimum
  const unsigned sizeMin = width == Width::B ? 1 : width == Width::D ? 4 : width == Width::None ? 0 : 2;
  for (Pat pat : ops) {
    switch (pat) {
      case Pat::I: length += sizeMin; break;
      case Pat::IS8: case Pat::I8: length += 1; break;
      case Pat::I16: case Pat::Moffs: length += 2; break;
      default: break;
    }
  }
  return static_cast<std::uint8_t>(length);
}

struct Form {
  std::string_view mnemonic;
  std::array<Pat, 3> ops;
  Width width;
  std::array<std::uint8_t, 3> opcode;
  std::uint8_t opcodeLength;
  std::int8_t modrm;  // ModRm value or 0..7 (/digit)
  Cpu cpu;
  std::uint8_t flags;
  // Derived (the table's rows leave these out):
  PatternFacts facts = patternFacts(ops);
  // No encoding of this row is shorter, whatever the operands and segment (prefixes the
  // instruction needs for its address, operand size or LOCK come on top): opcode, ModRM, the
  // smallest immediates.
  std::uint8_t minLength = minimumLength(ops, width, opcodeLength, modrm, flags);
};

// All rows for a mnemonic (lower-case), in table order; empty if none.
std::span<const Form* const> formsFor(std::string_view lowerMnemonic);
// The same rows with each row's rowAccepts() screen word (form_match.hpp), in the same order,
// and for each class of first operand (bit number of the OperandClass) the positions, ascending,
// of the rows whose first pattern can take it: the only rows the screen can pass.
struct MnemonicRows {
  std::span<const Form* const> forms;
  const std::uint64_t* accepts = nullptr;
  const std::array<std::vector<std::uint8_t>, 16>* byFirstClass = nullptr;
};
MnemonicRows rowsFor(std::string_view lowerMnemonic);
// Every row (for tests that walk the table).
std::span<const Form> allForms();
// "mov r/m8, r8"-style text for error messages and docs.
std::string formSignature(const Form& form);

}  // namespace asmlab::x86::enc::detail
