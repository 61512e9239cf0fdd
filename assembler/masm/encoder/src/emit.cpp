// ModRM, SIB and displacement encoding: Intel 8086 Family User's Manual table 4-10 (16-bit r/m
// combinations) and 80386 Programmer's Reference Manual 17.2.1, tables 17-3 and 17-4 (32-bit).
#include "emit.hpp"

#include <cstdio>

namespace asmlab::x86::enc::detail {

void Emitter::relocated(std::int64_t v, unsigned width, FixupKind kind, std::uint32_t symbol) {
  out_.fixups.push_back(Fixup{position(), static_cast<std::uint8_t>(width), kind, symbol});
  value(v, width);
}

bool fitsWidth(std::int64_t value, unsigned width) {
  const std::int64_t bits = 8 * static_cast<std::int64_t>(width);
  return value >= -(std::int64_t{1} << (bits - 1)) && value <= (std::int64_t{1} << bits) - 1;
}

bool fitsSignExtendedByte(std::int64_t value, unsigned width) {
  const unsigned bits = 8 * width;
  const std::uint64_t mask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
  std::uint64_t truncated = static_cast<std::uint64_t>(value) & mask;
  // Sign-extend the truncated value from `bits` to 64 and see whether it is a signed byte.
  const std::uint64_t sign = 1ULL << (bits - 1);
  const auto extended = static_cast<std::int64_t>((truncated ^ sign) - sign);
  return extended >= -128 && extended <= 127;
}

std::string hexText(std::int64_t value) {
  const bool negative = value < 0;
  // Negated in unsigned arithmetic: -value overflows for the most negative value (1 SHL 63).
  const auto magnitude =
      negative ? 0ULL - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
  char digits[24];
  std::snprintf(digits, sizeof digits, "%llX", magnitude);
  std::string text = negative ? "-" : "";
  if (magnitude < 10) return text + digits;
  if (digits[0] >= 'A') text += '0';
  return text + digits + "h";
}

std::uint8_t segmentPrefix(Reg segment) {
  switch (segment) {
    case Reg::ES: return 0x26;
    case Reg::CS: return 0x2E;
    case Reg::SS: return 0x36;
    case Reg::DS: return 0x3E;
    case Reg::FS: return 0x64;
    case Reg::GS: return 0x65;
    default: return 0;
  }
}

AddressForm analyzeAddress(const Memory& mem, bool use32) {
  AddressForm form;
  Reg base = mem.base, index = mem.index;
  const unsigned baseSize = base == Reg::None ? 0 : registerSize(base);
  const unsigned indexSize = index == Reg::None ? 0 : registerSize(index);
  auto fail = [&](AddressProblem why, Reg offending = Reg::None) {
    form.valid = false;
    form.problem = why;
    form.offending = offending;
    return form;
  };
  if (isFpuRegister(base) || isFpuRegister(index)) return fail(AddressProblem::FpuRegister);
  if ((base != Reg::None && !isGeneralRegister(base)) || (index != Reg::None && !isGeneralRegister(index)))
    return fail(AddressProblem::SegmentRegister);
  if (baseSize == 1 || indexSize == 1) return fail(AddressProblem::ByteRegister);
  if (mem.scale != 1 && mem.scale != 2 && mem.scale != 4 && mem.scale != 8) return fail(AddressProblem::BadScale);
  const bool any32 = baseSize == 4 || indexSize == 4;
  const bool any16 = baseSize == 2 || indexSize == 2;
  if (any32 && any16) return fail(AddressProblem::MixedSizes);
  if (any32 || ((mem.address32 || use32) && !any16)) {
    form.address32 = true;
    // [esi] written as an index alone is a base; ESP can only be a base.
    if (base == Reg::None && mem.scale == 1 && index != Reg::None) std::swap(base, index);
    if (index == Reg::ESP) {
      if (mem.scale != 1 || base == Reg::ESP) return fail(AddressProblem::EspIndex);
      std::swap(base, index);
    }
    form.base = base;
    form.index = index;
    form.defaultSegment = (base == Reg::EBP || base == Reg::ESP) ? Reg::SS : Reg::DS;
    return form;
  }
  if (mem.scale != 1) return fail(AddressProblem::ScaleNeeds386);
  // 16-bit: one of BX/BP and one of SI/DI, in either order.
  auto isBase = [](Reg r) { return r == Reg::BX || r == Reg::BP; };
  auto isIndex = [](Reg r) { return r == Reg::SI || r == Reg::DI; };
  Reg b = Reg::None, i = Reg::None;
  for (Reg r : {mem.base, mem.index}) {
    if (r == Reg::None) continue;
    if (isBase(r) && b == Reg::None) b = r;
    else if (isIndex(r) && i == Reg::None) i = r;
    else if (isBase(r) || isIndex(r))
      return fail(AddressProblem::TwoBasesOrIndexes);
    else
      return fail(AddressProblem::NotAnAddressRegister, r);
  }
  form.base = b;
  form.index = i;
  form.defaultSegment = b == Reg::BP ? Reg::SS : Reg::DS;
  return form;
}

std::string addressProblemText(const AddressForm& form) {
  switch (form.problem) {
    case AddressProblem::None: return {};
    case AddressProblem::SegmentRegister: return "a segment register cannot address memory";
    case AddressProblem::FpuRegister: return "an x87 register (st) cannot address memory";
    case AddressProblem::ByteRegister: return "an 8-bit register cannot address memory";
    case AddressProblem::BadScale: return "scale must be 1, 2, 4 or 8";
    case AddressProblem::MixedSizes: return "16-bit and 32-bit registers cannot be mixed in an address";
    case AddressProblem::EspIndex: return "ESP cannot be an index register";
    case AddressProblem::ScaleNeeds386: return "a scale factor needs 32-bit registers (.386)";
    case AddressProblem::TwoBasesOrIndexes: return "an address may use one of BX/BP and one of SI/DI";
    case AddressProblem::NotAnAddressRegister:
      return std::string("16-bit addresses use only BX, BP, SI and DI, not ") + std::string(registerName(form.offending));
  }
  return {};
}

namespace {

void emitDisplacement(Emitter& out, const Memory& mem, unsigned width) {
  if (mem.reloc.kind != RelocKind::None)
    out.relocated(mem.displacement, width, width == 4 ? FixupKind::Offset32 : FixupKind::Offset16, mem.reloc.symbol);
  else
    out.value(mem.displacement, width);
}

std::uint8_t modrm(unsigned mod, unsigned reg, unsigned rm) {
  return static_cast<std::uint8_t>((mod << 6) | ((reg & 7) << 3) | (rm & 7));
}

}  // namespace

void emitDirectAddress(Emitter& out, const Memory& mem, bool use32) {
  emitDisplacement(out, mem, analyzeAddress(mem, use32).address32 ? 4 : 2);
}

ModRmPlan planModRm(const Memory& mem, const AddressForm& form) {
  ModRmPlan plan;
  if (!form.valid) {
    plan.problem = ModRmProblem::Address;
    return plan;
  }
  const bool relocated = mem.reloc.kind != RelocKind::None;
  const bool hasRegisters = form.base != Reg::None || form.index != Reg::None;
  const unsigned fullWidth = form.address32 ? 4 : 2;
  if (!fitsWidth(mem.displacement, fullWidth)) {
    plan.problem = ModRmProblem::DisplacementFull;
    return plan;
  }
  // Shortest displacement: none, then a sign-extended byte, then full. [BP] alone and an EBP base
  // have no "no displacement" encoding (that slot means a direct address), so they take a byte 0.
  unsigned mod = 2;
  if (!hasRegisters) {
    mod = 0;
  } else if (relocated || mem.dispSize == DispSize::Full) {
    mod = 2;
  } else if (mem.dispSize == DispSize::Byte) {
    if (mem.displacement < -128 || mem.displacement > 127) {
      plan.problem = ModRmProblem::DisplacementByte;
      return plan;
    }
    mod = 1;
  } else if (mem.displacement == 0 && !(form.base == Reg::BP && form.index == Reg::None) && form.base != Reg::EBP) {
    mod = 0;
  } else if (mem.displacement >= -128 && mem.displacement <= 127) {
    mod = 1;
  }
  const unsigned dispWidth = mod == 0 ? (hasRegisters ? 0 : fullWidth) : mod == 1 ? 1 : fullWidth;
  plan.mod = static_cast<std::uint8_t>(mod);
  plan.dispWidth = static_cast<std::uint8_t>(dispWidth);
  const bool needSib = form.address32 && hasRegisters && (form.index != Reg::None || form.base == Reg::ESP);
  // With a SIB and no base the displacement is always 32 bits (SIB base 101, mod 00).
  plan.length = static_cast<std::uint8_t>(needSib ? 2 + (form.base == Reg::None ? 4 : dispWidth) : 1 + dispWidth);
  return plan;
}

bool emitMemoryModRm(Emitter& out, unsigned regField, const Memory& mem, const AddressForm& form, const ModRmPlan& plan,
                     int operandIndex, Error& error) {
  auto fail = [&](std::string why) {
    error = Error{ErrorCode::InvalidAddress, operandIndex, std::move(why)};
    return false;
  };
  switch (plan.problem) {
    case ModRmProblem::None: break;
    case ModRmProblem::Address: return fail(addressProblemText(form));
    case ModRmProblem::DisplacementFull:
      return fail("displacement " + hexText(mem.displacement) + " does not fit in " + (form.address32 ? "32 bits" : "16 bits"));
    case ModRmProblem::DisplacementByte:
      return fail("displacement " + hexText(mem.displacement) + " does not fit in a byte");
  }
  const bool hasRegisters = form.base != Reg::None || form.index != Reg::None;
  const unsigned mod = plan.mod;
  const unsigned dispWidth = plan.dispWidth;

  if (!form.address32) {
    unsigned rmField = 6;
    const Reg b = form.base, i = form.index;
    if (b == Reg::BX && i == Reg::SI) rmField = 0;
    else if (b == Reg::BX && i == Reg::DI) rmField = 1;
    else if (b == Reg::BP && i == Reg::SI) rmField = 2;
    else if (b == Reg::BP && i == Reg::DI) rmField = 3;
    else if (b == Reg::None && i == Reg::SI) rmField = 4;
    else if (b == Reg::None && i == Reg::DI) rmField = 5;
    else if (b == Reg::BP && i == Reg::None) rmField = 6;
    else if (b == Reg::BX && i == Reg::None) rmField = 7;
    out.byte(modrm(mod, regField, rmField));
  } else {
    const bool needSib = form.index != Reg::None || form.base == Reg::ESP;
    if (!hasRegisters) {
      out.byte(modrm(0, regField, 5));  // disp32 alone
    } else if (!needSib) {
      out.byte(modrm(mod, regField, registerNumber(form.base)));
    } else {
      unsigned scaleBits = mem.scale == 8 ? 3 : mem.scale == 4 ? 2 : mem.scale == 2 ? 1 : 0;
      unsigned indexField = form.index == Reg::None ? 4 : registerNumber(form.index);
      unsigned baseField = 5;
      unsigned sibMod = mod;
      unsigned width = dispWidth;
      if (form.base == Reg::None) {
        sibMod = 0;  // SIB base 101 with mod 00: no base, disp32
        width = 4;
      } else {
        baseField = registerNumber(form.base);
      }
      out.byte(modrm(sibMod, regField, 4));
      out.byte(static_cast<std::uint8_t>((scaleBits << 6) | (indexField << 3) | baseField));
      emitDisplacement(out, mem, width);
      return true;
    }
  }
  if (dispWidth) emitDisplacement(out, mem, dispWidth);
  return true;
}

bool emitModRm(Emitter& out, unsigned regField, const Operand& rm, int operandIndex, Error& error, bool use32) {
  if (rm.kind == Operand::Kind::Register) {
    out.byte(modrm(3, regField, registerNumber(rm.reg)));
    return true;
  }
  const AddressForm form = analyzeAddress(rm.mem, use32);
  return emitMemoryModRm(out, regField, rm.mem, form, planModRm(rm.mem, form), operandIndex, error);
}

void emitImmediate(Emitter& out, const Immediate& imm, unsigned width) {
  switch (imm.reloc.kind) {
    case RelocKind::None: out.value(imm.value, width); break;
    case RelocKind::Offset:
      out.relocated(imm.value, width, width == 4 ? FixupKind::Offset32 : FixupKind::Offset16, imm.reloc.symbol);
      break;
    case RelocKind::Segment: out.relocated(imm.value, width, FixupKind::Segment16, imm.reloc.symbol); break;
    case RelocKind::FarPointer: out.relocated(imm.value, width, FixupKind::FarPointer16, imm.reloc.symbol); break;
  }
}

}  // namespace asmlab::x86::enc::detail
