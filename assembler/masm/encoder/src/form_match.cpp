#include "form_match.hpp"

#include <algorithm>

#include "emit.hpp"

namespace asmlab::x86::enc::detail {
namespace {

using Kind = Operand::Kind;

bool isMemory(const Operand& o) { return o.kind == Kind::Memory; }
bool isGeneral(const Operand& o) { return o.kind == Kind::Register && isGeneralRegister(o.reg); }
bool isPlainImmediate(const Operand& o) { return o.kind == Kind::Immediate && o.imm.reloc.kind == RelocKind::None; }

Reg fixedSegment(Pat pat) {
  switch (pat) {
    case Pat::SegES: return Reg::ES;
    case Pat::SegCS: return Reg::CS;
    case Pat::SegSS: return Reg::SS;
    case Pat::SegDS: return Reg::DS;
    case Pat::SegFS: return Reg::FS;
    case Pat::SegGS: return Reg::GS;
    default: return Reg::None;
  }
}

// Does the operand have the right kind for the pattern (sizes are checked afterwards)? A far
// pointer in memory is 4 bytes (16:16) in a USE16 segment and 6 (16:32) in a USE32 one.
bool kindFits(Pat pat, const Operand& o, bool use32) {
  switch (pat) {
    case Pat::None: return o.kind == Kind::None;
    case Pat::R: return isGeneral(o);
    case Pat::RM: return isGeneral(o) || isMemory(o);
    case Pat::M: case Pat::MAny: return isMemory(o);
    case Pat::MFar: return isMemory(o) && (o.mem.size == 0 || o.mem.size == 4 || o.mem.size == 6);
    case Pat::MFarExact: return isMemory(o) && o.mem.size == (use32 ? 6u : 4u);
    case Pat::RM8: return (isGeneral(o) && registerSize(o.reg) == 1) || (isMemory(o) && (o.mem.size == 0 || o.mem.size == 1));
    case Pat::RM16: return (isGeneral(o) && registerSize(o.reg) == 2) || (isMemory(o) && (o.mem.size == 0 || o.mem.size == 2));
    case Pat::Acc: return isGeneral(o) && registerNumber(o.reg) == 0 && o.reg != Reg::AH;
    case Pat::Moffs: return isMemory(o) && o.mem.base == Reg::None && o.mem.index == Reg::None;
    case Pat::I: return o.kind == Kind::Immediate;
    case Pat::IS8: case Pat::I8: case Pat::I16: return isPlainImmediate(o);
    case Pat::One: return isPlainImmediate(o) && o.imm.value == 1;
    case Pat::Three: return isPlainImmediate(o) && o.imm.value == 3;
    case Pat::RegCL: return o.kind == Kind::Register && o.reg == Reg::CL;
    case Pat::RegDX: return o.kind == Kind::Register && o.reg == Reg::DX;
    case Pat::Sreg: return o.kind == Kind::Register && isSegmentRegister(o.reg);
    default: return o.kind == Kind::Register && o.reg == fixedSegment(pat);
  }
}

unsigned operandSize(const Operand& o) {
  if (o.kind == Kind::Register) return registerSize(o.reg);
  if (o.kind == Kind::Memory) return o.mem.size;
  return 0;
}

// analyzeAddress gives 32-bit addressing only for a 32-bit base or index, or a direct address
// written as 32-bit; 16-bit addresses (nearly all) are answered without analysing them.
bool usesAddress32(const Operand& o) {
  if (!isMemory(o)) return false;
  const bool base32 = o.mem.base != Reg::None && registerSize(o.mem.base) == 4;
  const bool index32 = o.mem.index != Reg::None && registerSize(o.mem.index) == 4;
  if (!base32 && !index32 && !o.mem.address32) return false;
  return analyzeAddress(o.mem).address32;
}

}  // namespace

Match matchForm(const Form& form, const Instruction& insn, const Options& options, bool screened) {
  Match match;
  const PatternFacts& facts = form.facts;
  const unsigned patterns = facts.count;
  if (patterns != insn.operandCount) return {Fail::Count};
  const unsigned kindChecks = screened ? facts.kindChecks : 7u;
  for (unsigned i = 0; i < patterns; ++i)
    if ((kindChecks & (1u << i)) && !kindFits(form.ops[i], insn.operands[i], options.use32))
      return {Fail::Kind, 0, static_cast<int>(i)};

  // The operand size S: fixed by the width, or agreed by every operand that carries it.
  unsigned size = 0;
  int sizedOperand = -1;
  for (unsigned i = 0; i < patterns; ++i) {
    if (!(facts.carriers & (1u << i))) continue;
    const unsigned s = operandSize(insn.operands[i]);
    if (s == 0) continue;
    if (size != 0 && s != size) return {Fail::SizeMismatch, 0, static_cast<int>(i)};
    size = s;
    sizedOperand = static_cast<int>(i);
  }
  const unsigned fixed = form.width == Width::B ? 1 : form.width == Width::W ? 2 : form.width == Width::D ? 4 : 0;
  if (form.width == Width::V) {
    if (size == 0) {
      if (!(form.flags & kDefaultWord)) return {Fail::SizeUnknown, 0, 0};
      size = options.use32 ? 4 : 2;  // the segment's word
    }
    if (size != 2 && size != 4) return {Fail::SizeMismatch, 0, sizedOperand};
  } else if (fixed != 0) {
    if (size != 0 && size != fixed) return {Fail::SizeMismatch, 0, sizedOperand};
    if (size == 0 && facts.carriers != 0 && !(form.flags & kDefaultWord)) return {Fail::SizeUnknown, 0, 0};
    size = fixed;
  }
  // A far-pointer operand must match S (m16:16 for 16-bit registers, m16:32 for 32-bit).
  if (facts.farPointers)
    for (unsigned i = 0; i < patterns; ++i)
      if (form.ops[i] == Pat::MFar && insn.operands[i].mem.size != 0 && insn.operands[i].mem.size != size + 2)
        return {Fail::SizeMismatch, 0, static_cast<int>(i)};

  // Immediate ranges.
  if (facts.immediates)
    for (unsigned i = 0; i < patterns; ++i) {
      const Operand& o = insn.operands[i];
      const auto at = static_cast<int>(i);
      switch (form.ops[i]) {
        case Pat::I:
          if (o.imm.reloc.kind == RelocKind::FarPointer) return {Fail::Kind, 0, at};
          if (o.imm.reloc.kind != RelocKind::None && size == 1) return {Fail::ImmRange, size, at};
          if (o.imm.reloc.kind == RelocKind::Segment && size != 2) return {Fail::ImmRange, size, at};
          if (!fitsWidth(o.imm.value, size)) return {Fail::ImmRange, size, at};
          break;
        case Pat::IS8:
          if (!fitsWidth(o.imm.value, size) || !fitsSignExtendedByte(o.imm.value, size)) return {Fail::Kind, size, at};
          break;
        case Pat::I8:
          if (!fitsWidth(o.imm.value, 1)) return {Fail::ImmRange, 1, at};
          break;
        case Pat::I16:
          if (!fitsWidth(o.imm.value, 2)) return {Fail::ImmRange, 2, at};
          break;
        default: break;
      }
    }

  // CPU model: the row's own, 32-bit operands and 32-bit addresses need the 386.
  Cpu needed = form.cpu;
  if (form.width == Width::V && size == 4) needed = Cpu::I80386;
  if ((form.flags & kO32) || form.width == Width::D) needed = Cpu::I80386;
  for (unsigned i = 0; i < patterns; ++i) {
    const Operand& o = insn.operands[i];
    if (o.kind == Kind::Memory && usesAddress32(o)) needed = Cpu::I80386;
    if (o.kind == Kind::Register && (o.reg == Reg::FS || o.reg == Reg::GS)) needed = Cpu::I80386;
  }
  if (needed > options.cpu) return {Fail::Cpu, size, -1, needed};
  match.size = size;
  return match;
}

RowContext makeRowContext(const Instruction& insn, const Options& options) {
  RowContext context;
  context.use32 = options.use32;
  for (unsigned i = 0; i < insn.operandCount && i < insn.operands.size(); ++i) {
    if (insn.operands[i].kind != Kind::Memory) continue;
    context.memory = &insn.operands[i];
    context.address = analyzeAddress(context.memory->mem, options.use32);
    context.plan = planModRm(context.memory->mem, context.address);
    break;
  }
  context.prefixes = prefixLength(insn, context.memory ? &context.memory->mem : nullptr, &context.address, options.use32);
  return context;
}

bool needsOperandPrefix(const Form& form, unsigned size, bool use32) {
  const bool is32 = (form.width == Width::V && size == 4) || (form.flags & kO32) || form.width == Width::D;
  const bool is16 = (form.width == Width::V && size == 2) || (form.flags & kO16) || form.width == Width::W;
  return use32 ? is16 : is32;
}

namespace {

bool hasModRm(const Form& form) { return form.modrm >= 0 || form.modrm == static_cast<std::int8_t>(ModRm::Reg); }

constexpr unsigned kMaxLength = sizeof(Encoding::bytes);  // Emitter drops bytes past this

}  // namespace

RowLength rowLength(const Form& form, const Instruction& insn, unsigned size, const RowContext& context) {
  const PatternFacts& fields = form.facts;
  unsigned length = context.prefixes + (needsOperandPrefix(form, size, context.use32) ? 1u : 0u) + form.opcodeLength;
  if (hasModRm(form)) {
    const Operand& rm = (form.flags & kDupReg) ? insn.operands[fields.regIndex] : insn.operands[fields.rmIndex];
    if (rm.kind == Kind::Register) {
      length += 1;
    } else {
      const ModRmPlan plan =
          &rm == context.memory ? context.plan : planModRm(rm.mem, analyzeAddress(rm.mem, context.use32));
      if (plan.problem != ModRmProblem::None) return {std::min(length, kMaxLength), false};
      length += plan.length;
    }
  }
  if (!(fields.immediates | fields.moffs)) return {std::min(length, kMaxLength), true};
  for (unsigned i = 0; i < fields.count; ++i) {
    const Operand& o = insn.operands[i];
    switch (form.ops[i]) {
      case Pat::Moffs: {
        const bool address32 =
            &o == context.memory ? context.address.address32 : analyzeAddress(o.mem, context.use32).address32;
        length += address32 ? 4 : 2;
        break;
      }
      case Pat::I: length += size; break;
      case Pat::IS8: case Pat::I8: length += 1; break;
      case Pat::I16: length += 2; break;
      default: break;
    }
  }
  return {std::min(length, kMaxLength), true};
}

void emitForm(const Form& form, const Instruction& insn, unsigned size, const RowContext& context, Encoding& out) {
  Emitter emit(out);
  const int rmIndex = form.facts.rmIndex, regIndex = form.facts.regIndex;
  emitPrefixes(emit, insn, context.memory ? &context.memory->mem : nullptr, &context.address,
               needsOperandPrefix(form, size, context.use32), context.use32);
  for (unsigned i = 0; i < form.opcodeLength; ++i) {
    std::uint8_t b = form.opcode[i];
    if (i + 1 == form.opcodeLength && form.modrm == static_cast<std::int8_t>(ModRm::PlusReg))
      b = static_cast<std::uint8_t>(b + registerNumber(insn.operands[regIndex].reg));
    emit.byte(b);
  }
  if (hasModRm(form)) {
    const unsigned regField = form.modrm >= 0 ? static_cast<unsigned>(form.modrm)
                                              : registerNumber(insn.operands[regIndex].reg);
    const int at = (form.flags & kDupReg) ? regIndex : rmIndex;
    const Operand& rm = insn.operands[at];
    const bool ok = &rm == context.memory
                        ? emitMemoryModRm(emit, regField, rm.mem, context.address, context.plan, at, out.error)
                        : emitModRm(emit, regField, rm, at, out.error, context.use32);
    if (!ok) return;
  }
  if (!(form.facts.immediates | form.facts.moffs)) return;
  for (unsigned i = 0; i < form.facts.count; ++i) {
    const Operand& o = insn.operands[i];
    switch (form.ops[i]) {
      case Pat::Moffs: emitDirectAddress(emit, o.mem, context.use32); break;
      case Pat::I: emitImmediate(emit, o.imm, size); break;
      case Pat::IS8: case Pat::I8: emit.value(o.imm.value, 1); break;
      case Pat::I16: emit.value(o.imm.value, 2); break;
      default: break;
    }
  }
}

}  // namespace asmlab::x86::enc::detail
