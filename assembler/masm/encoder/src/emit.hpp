// Byte emission shared by the table-driven forms, branches and string instructions:
// prefixes, ModRM/SIB with displacement, immediates, and the fixups they need.
#pragma once

#include <cstdint>
#include <string>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86::enc::detail {

// Appends bytes and fixups to an Encoding; over-long instructions set `overflow` instead of writing.
class Emitter {
public:
  explicit Emitter(Encoding& out) : out_(out) {}
  // Inline: every emitted byte goes through here.
  void byte(std::uint8_t value) {
    if (out_.length < out_.bytes.size()) out_.bytes[out_.length++] = value;
  }
  void value(std::int64_t value, unsigned width) {  // little-endian, width 1, 2 or 4
    for (unsigned i = 0; i < width; ++i) byte(static_cast<std::uint8_t>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
  }
  // A fixup at the current position, followed by the value itself.
  void relocated(std::int64_t value, unsigned width, FixupKind kind, std::uint32_t symbol);
  std::uint8_t position() const { return out_.length; }
  Encoding& encoding() { return out_; }

private:
  Encoding& out_;
};

// What a memory operand's registers mean: 16- or 32-bit addressing, the segment used by default
// (SS for BP/EBP/ESP bases, DS otherwise; Intel 8086 Family User's Manual table 2-2) and whether
// the register combination is encodable at all. A direct address takes the segment's address
// size (`use32`: a USE32 segment).
enum class AddressProblem : std::uint8_t {
  None, SegmentRegister, FpuRegister, ByteRegister, BadScale, MixedSizes, EspIndex, ScaleNeeds386, TwoBasesOrIndexes, NotAnAddressRegister,
};
struct AddressForm {
  bool valid = true;
  bool address32 = false;
  Reg defaultSegment = Reg::DS;
  Reg base = Reg::None;   // normalised: base/index as the ModRM tables need them
  Reg index = Reg::None;
  AddressProblem problem = AddressProblem::None;  // why it is not valid
  Reg offending = Reg::None;                      // the register named in NotAnAddressRegister
};
AddressForm analyzeAddress(const Memory& mem, bool use32 = false);
// The error text for an invalid AddressForm (built only when the error is reported).
std::string addressProblemText(const AddressForm& form);

// How a memory operand's ModRM byte, SIB and displacement come out: the part of emitModRm that
// does not depend on the row, so the encoder can size every matching row before emitting one.
enum class ModRmProblem : std::uint8_t { None, Address, DisplacementFull, DisplacementByte };
struct ModRmPlan {
  ModRmProblem problem = ModRmProblem::None;
  std::uint8_t mod = 0;
  std::uint8_t dispWidth = 0;  // displacement bytes written after ModRM (and SIB)
  std::uint8_t length = 0;     // ModRM + SIB + displacement bytes
};
ModRmPlan planModRm(const Memory& mem, const AddressForm& form);

// Segment override byte for a register (26h ES, 2Eh CS, 36h SS, 3Eh DS, 64h FS, 65h GS).
std::uint8_t segmentPrefix(Reg segment);


// ModRM (+SIB, +displacement) with `regField` in bits 5..3 and `rm` a register or memory operand.
// Returns false with `error` set if the address cannot be encoded.
bool emitModRm(Emitter& out, unsigned regField, const Operand& rm, int operandIndex, Error& error, bool use32 = false);
// The same with the memory operand's analysis and plan already made (`rm` must be memory).
bool emitMemoryModRm(Emitter& out, unsigned regField, const Memory& mem, const AddressForm& form, const ModRmPlan& plan,
                     int operandIndex, Error& error);

// The prefixes emitPrefixes writes, counted: lock/rep, a segment override, 67h (not 66h). 67h
// is needed when the address size differs from the segment's (80386 Programmer's Reference
// Manual 17.1.2: 16-bit addressing in a USE32 segment, 32-bit addressing in a USE16 one).
inline unsigned prefixLength(const Instruction& insn, const Memory* memory, const AddressForm* form, bool use32) {
  unsigned length = (insn.lock ? 1u : 0u) + (insn.rep != RepPrefix::None ? 1u : 0u);
  if (memory) {
    if (memory->segment != Reg::None && memory->segment != form->defaultSegment) ++length;
    if (form->address32 != use32) ++length;
  }
  return length;
}

// Writes the instruction prefixes in the order lock/rep, segment override, 67h, 66h; `form` is
// analyzeAddress(*memory) (unused without a memory operand); `operandPrefix`: the operand size
// is not the segment's. Inline: once per encoding.
inline void emitPrefixes(Emitter& out, const Instruction& insn, const Memory* memory, const AddressForm* form,
                         bool operandPrefix, bool use32) {
  if (insn.lock) out.byte(0xF0);
  if (insn.rep == RepPrefix::Rep || insn.rep == RepPrefix::Repe) out.byte(0xF3);
  if (insn.rep == RepPrefix::Repne) out.byte(0xF2);
  bool addressPrefix = false;
  if (memory) {
    addressPrefix = form->address32 != use32;
    // MASM leaves out an override naming the segment the address uses anyway.
    if (memory->segment != Reg::None && memory->segment != form->defaultSegment)
      out.byte(segmentPrefix(memory->segment));
  }
  if (addressPrefix) out.byte(0x67);
  if (operandPrefix) out.byte(0x66);
}


// A direct address (moffs) of 2 or 4 bytes with its relocation.
void emitDirectAddress(Emitter& out, const Memory& mem, bool use32 = false);

// An immediate of `width` bytes with its relocation (caller has checked its range).
void emitImmediate(Emitter& out, const Immediate& imm, unsigned width);

// -2^(8w-1) <= v <= 2^(8w)-1: the values MASM accepts for a `width`-byte field.
bool fitsWidth(std::int64_t value, unsigned width);
// The immediate, truncated to `width` bytes, sign-extends from a byte (83 /n ib, 6A, 6B).
bool fitsSignExtendedByte(std::int64_t value, unsigned width);

std::string hexText(std::int64_t value);  // MASM style: 0FFh, 12h, -80h

}  // namespace asmlab::x86::enc::detail
