// Matching typed operands against one row of the form table, and emitting a matched row.
#pragma once

#include "emit.hpp"
#include "forms.hpp"

namespace asmlab::x86::enc::detail {

// Why a row does not fit, ordered from "nothing like it" to "almost": when no row fits, the
// error reported comes from the row that got furthest.
enum class Fail : std::uint8_t { None, Count, Kind, SizeMismatch, SizeUnknown, ImmRange, Cpu };

struct Match {
  Fail fail = Fail::None;
  unsigned size = 0;       // the operand size S, once known
  int operand = -1;        // the operand at fault
  Cpu needed = Cpu::I8086; // for Fail::Cpu
};

Match matchForm(const Form& form, const Instruction& insn, const Options& options);

// A cheap screen in front of matchForm: one bit per operand class (none, general register, other
// register, memory, immediate, target). `mayFit` is false only for rows that matchForm would
// reject for their operand count or an operand's kind, so a caller that only wants the rows that
// match can skip those rows without calling matchForm.
inline constexpr std::uint8_t kClassNone = 1, kClassGeneral = 2, kClassOtherReg = 4, kClassMemory = 8,
                               kClassImmediate = 16, kClassTarget = 32;
std::uint8_t operandClass(const Operand& operand);

// The operand classes each pattern can accept (a superset of what matchForm accepts).
constexpr std::uint8_t acceptedClasses(Pat pat) {
  switch (pat) {
    case Pat::None: return kClassNone;
    case Pat::R: case Pat::Acc: return kClassGeneral;
    case Pat::RM: case Pat::RM8: case Pat::RM16: return kClassGeneral | kClassMemory;
    case Pat::M: case Pat::MAny: case Pat::MFar: case Pat::MFarExact: case Pat::Moffs: return kClassMemory;
    case Pat::I: case Pat::IS8: case Pat::I8: case Pat::I16: case Pat::One: case Pat::Three: return kClassImmediate;
    default: return kClassGeneral | kClassOtherReg;  // CL, DX, segment registers
  }
}

inline bool mayFit(const Form& form, unsigned operandCount, const std::uint8_t (&classes)[3]) {
  // Operands past the count have class 0, which no pattern accepts: a row with more patterns
  // than operands fails there, one with fewer at its first None.
  for (unsigned i = 0; i < 3; ++i) {
    if (form.ops[i] == Pat::None) return i == operandCount;
    if (!(acceptedClasses(form.ops[i]) & classes[i])) return false;
  }
  return operandCount == 3;
}

// What every row shares for one instruction: its memory operand, analysed once for all rows.
struct RowContext {
  const Operand* memory = nullptr;  // the first memory operand, if any
  AddressForm address;              // analyzeAddress(memory->mem)
  ModRmPlan plan;                   // planModRm(memory->mem, address)
  unsigned prefixes = 0;            // prefixLength(): lock/rep, segment override, 67h
};
RowContext makeRowContext(const Instruction& insn);

// The length emitForm gives a matched row, without emitting it. `ok` is false where emitForm
// would fail on an unencodable address; `length` is then what it would have written (prefixes
// and opcode), as in the Encoding it returns.
struct RowLength {
  unsigned length = 0;
  bool ok = true;
};
RowLength rowLength(const Form& form, const Instruction& insn, unsigned size, const RowContext& context);

// Writes a matched row's bytes into `out` (which must be empty). Sets out.error on an
// unencodable address.
void emitForm(const Form& form, const Instruction& insn, unsigned size, const RowContext& context, Encoding& out);

}  // namespace asmlab::x86::enc::detail
