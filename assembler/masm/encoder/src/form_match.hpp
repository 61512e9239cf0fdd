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

// `screened`: the caller has already passed the row through mayFit, so the kind tests the
// screen decides (PatternFacts::kindChecks) are skipped. The result's `fail` is then only
// meaningful as None or not (a failing row may report a later reason than unscreened).
Match matchForm(const Form& form, const Instruction& insn, const Options& options, bool screened = false);

// A cheap screen in front of matchForm. Each operand falls in one class (one bit of 16: its kind
// and, for general registers and memory, its size); each row accepts, per operand position, the
// classes its pattern and width allow. A row's three accepted sets are packed into one 64-bit
// word (position i at bit 16*i), as are an instruction's three classes, so the screen is one AND
// and one compare per row. It is false only for rows that matchForm would reject for their
// operand count, an operand's kind or an operand's size, so a caller that only wants the rows
// that match can skip those rows without calling matchForm.
enum OperandClass : std::uint16_t {
  kClassNone = 1 << 0,  // no operand at this position
  kClassReg8 = 1 << 1, kClassAcc8 = 1 << 2,  // AL is the accumulator; AH is not
  kClassReg16 = 1 << 3, kClassAcc16 = 1 << 4,
  kClassReg32 = 1 << 5, kClassAcc32 = 1 << 6,
  kClassSreg = 1 << 7,
  kClassMemUnsized = 1 << 8, kClassMem8 = 1 << 9, kClassMem16 = 1 << 10, kClassMem32 = 1 << 11, kClassMemOther = 1 << 12,
  kClassImmediate = 1 << 13,
  kClassTarget = 1 << 14,
  kClassOtherReg = 1 << 15,  // not a register any pattern takes
};
inline std::uint16_t operandClass(const Operand& o) {
  using Kind = Operand::Kind;
  switch (o.kind) {
    case Kind::None: return kClassNone;
    case Kind::Register:
      switch (registerSize(o.reg)) {
        case 1: return o.reg == Reg::AL ? kClassAcc8 : kClassReg8;
        case 2:
          if (isSegmentRegister(o.reg)) return kClassSreg;
          return o.reg == Reg::AX ? kClassAcc16 : kClassReg16;
        case 4: return o.reg == Reg::EAX ? kClassAcc32 : kClassReg32;
        default: return kClassOtherReg;
      }
    case Kind::Memory:
      switch (o.mem.size) {
        case 0: return kClassMemUnsized;
        case 1: return kClassMem8;
        case 2: return kClassMem16;
        case 4: return kClassMem32;
        default: return kClassMemOther;
      }
    case Kind::Immediate: return kClassImmediate;
    case Kind::Target: return kClassTarget;
  }
  return kClassTarget;
}

// The instruction's classes packed as rowAccepts packs a row's; kClassNone past the operand count.
inline std::uint64_t operandClasses(const Instruction& insn) {
  std::uint64_t classes = 0;
  for (unsigned i = 0; i < 3; ++i) {
    const std::uint16_t c = i < insn.operandCount ? operandClass(insn.operands[i]) : std::uint16_t{kClassNone};
    classes |= std::uint64_t{c} << (16 * i);
  }
  return classes;
}

// The classes of operand a pattern can take in a row of the given width: a superset of what
// matchForm accepts. Size-carrying patterns take only the sizes the width allows (a B row a byte
// register or byte/unsized memory, a V row word or dword ...); a row without a width takes any.
constexpr std::uint16_t acceptedClasses(Pat pat, Width width) {
  constexpr std::uint16_t memAny = kClassMemUnsized | kClassMem8 | kClassMem16 | kClassMem32 | kClassMemOther;
  std::uint16_t regs = kClassReg8 | kClassAcc8 | kClassReg16 | kClassAcc16 | kClassReg32 | kClassAcc32;
  std::uint16_t accs = kClassAcc8 | kClassAcc16 | kClassAcc32;
  std::uint16_t mems = memAny;
  switch (width) {
    case Width::B: regs = kClassReg8 | kClassAcc8; accs = kClassAcc8; mems = kClassMemUnsized | kClassMem8; break;
    case Width::W: regs = kClassReg16 | kClassAcc16; accs = kClassAcc16; mems = kClassMemUnsized | kClassMem16; break;
    case Width::D: regs = kClassReg32 | kClassAcc32; accs = kClassAcc32; mems = kClassMemUnsized | kClassMem32; break;
    case Width::V:
      regs = kClassReg16 | kClassAcc16 | kClassReg32 | kClassAcc32;
      accs = kClassAcc16 | kClassAcc32;
      mems = kClassMemUnsized | kClassMem16 | kClassMem32;
      break;
    case Width::None: break;
  }
  switch (pat) {
    case Pat::None: return kClassNone;
    case Pat::R: return regs;
    case Pat::RM: return static_cast<std::uint16_t>(regs | mems);
    case Pat::M: case Pat::Moffs: return mems;
    case Pat::MAny: case Pat::MFar: case Pat::MFarExact: return memAny;
    case Pat::Acc: return accs;
    case Pat::RM8: return static_cast<std::uint16_t>(kClassReg8 | kClassAcc8 | memAny);
    case Pat::RM16: return static_cast<std::uint16_t>(kClassReg16 | kClassAcc16 | memAny);
    case Pat::I: case Pat::IS8: case Pat::I8: case Pat::I16: case Pat::One: case Pat::Three: return kClassImmediate;
    case Pat::RegCL: return kClassReg8;
    case Pat::RegDX: return kClassReg16;
    default: return kClassSreg;  // Sreg and the fixed segment registers
  }
}

constexpr std::uint64_t rowAccepts(const Form& form) {
  std::uint64_t accepts = 0;
  for (unsigned i = 0; i < 3; ++i) accepts |= std::uint64_t{acceptedClasses(form.ops[i], form.width)} << (16 * i);
  return accepts;
}

inline bool mayFit(std::uint64_t rowAccepts, std::uint64_t operandClasses) {
  return (rowAccepts & operandClasses) == operandClasses;
}

// What every row shares for one instruction: its memory operand, analysed once for all rows.
struct RowContext {
  const Operand* memory = nullptr;  // the first memory operand, if any
  AddressForm address;              // analyzeAddress(memory->mem, use32)
  ModRmPlan plan;                   // planModRm(memory->mem, address)
  unsigned prefixes = 0;            // prefixLength(): lock/rep, segment override, 67h
  bool use32 = false;               // Options::use32
};
RowContext makeRowContext(const Instruction& insn, const Options& options);

// True when a row of operand size `size` needs 66h in the segment (Options::use32): its operand
// is 32 bits in a USE16 segment or 16 bits in a USE32 one.
bool needsOperandPrefix(const Form& form, unsigned size, bool use32);

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
