// The two-byte opcodes (0Fh xx) of the 80286 and 80386 that real-mode programs with 16-bit
// segments use, and 32-bit addressing (67h prefix).
// 80386 Programmer's Reference Manual (1986), chapter 17 and appendix A.
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// 32-bit ModRM/SIB addressing (80386 manual, 17.2.1). The effective address is not checked
// against the 64 KiB real-mode limit (the 80386 would raise interrupt 13); docs/x86-cpu.md.
template <TimingModel M>
Cpu::ModRM Cpu::decodeModRM32(ModRM m) {
  unsigned seg = DS;
  uint32_t offset = 0;
  unsigned base = m.rm;
  if (base == 4) {  // SIB byte
    uint8_t sib = fetch8<M>();
    const unsigned scale = sib >> 6, index = (sib >> 3) & 7;
    base = sib & 7;
    if (index != 4) offset = gpr_[index].d << scale;
    if (base == 5 && m.mod == 0) {
      offset += fetch32<M>();
    } else {
      offset += gpr_[base].d;
      if (base == SP || base == BP) seg = SS;
    }
  } else if (base == 5 && m.mod == 0) {
    offset = fetch32<M>();
  } else {
    offset = gpr_[base].d;
    if (base == BP) seg = SS;
  }
  if (m.mod == 1) offset += uint32_t(int32_t(int8_t(fetch8<M>())));
  else if (m.mod == 2) offset += fetch32<M>();
  m.seg = uint8_t(dataSeg(seg));
  m.offset = offset;
  lastEa_ = offset;
  manual<M>(timing::kEaBaseOrIndex + (m.mod != 0 ? 4 : 0));
  return m;
}

template <TimingModel M>
void Cpu::setcc(unsigned cc) {
  ModRM m;
  decodeModRM<M>(m);
  writeRM<M, uint8_t>(m, condition(cc) ? 1 : 0);
  manual<M>(timing::kSetcc);
}

// MOVZX/MOVSX reg,r/m8 or r/m16.
template <TimingModel M>
void Cpu::movExtend(bool byteSource, bool isSigned) {
  ModRM m;
  decodeModRM<M>(m);
  uint32_t v;
  if (byteSource) { uint8_t b = readRM<M, uint8_t>(m); v = isSigned ? uint32_t(int32_t(int8_t(b))) : b; }
  else { uint16_t w = readRM<M, uint16_t>(m); v = isSigned ? uint32_t(int32_t(int16_t(w))) : w; }
  if (op32_) setReg<uint32_t>(m.reg, v); else setReg<uint16_t>(m.reg, uint16_t(v));
  manual<M>(timing::kMovx);
}

// BT BTS BTR BTC (op 4-7 as in group 0FBAh). With a register bit offset and a memory operand
// the offset may address bits outside the operand (80386 manual, "BT").
template <TimingModel M, class T>
void Cpu::bitTest(unsigned op, ModRM m, uint32_t bitOffset, bool registerOffset) {
  constexpr unsigned bits = kBits<T>;
  if (!m.isReg() && registerOffset) {
    int32_t signedOffset = sizeof(T) == 4 ? int32_t(bitOffset) : int32_t(int16_t(bitOffset));
    m.offset = wrapOffset(uint32_t(int32_t(m.offset) + (signedOffset >> (sizeof(T) == 4 ? 5 : 4)) * int32_t(sizeof(T))));
  }
  const unsigned bit = bitOffset & (bits - 1);
  T v = readRM<M, T>(m);
  cf_ = (v >> bit) & 1;
  T mask = T(T(1) << bit);
  switch (op) {
    case 5: writeRM<M, T>(m, T(v | mask)); break;
    case 6: writeRM<M, T>(m, T(v & ~mask)); break;
    case 7: writeRM<M, T>(m, T(v ^ mask)); break;
    default: break;
  }
  manual<M>(timing::kBitOp);
}

template <TimingModel M, class T>
void Cpu::bitScan(bool reverse) {
  ModRM m;
  decodeModRM<M>(m);
  T v = readRM<M, T>(m);
  manual<M>(timing::kBitScan);
  if (v == 0) { setZf(true); return; }
  setZf(false);
  unsigned index = 0;
  if (reverse) { index = kBits<T> - 1; while (!((v >> index) & 1)) --index; }
  else { while (!((v >> index) & 1)) ++index; }
  setReg<T>(m.reg, T(index));
}

// SHLD/SHRD r/m,reg,imm8|CL: the count is taken modulo 32; flags as for SHL/SHR by that count.
template <TimingModel M, class T>
void Cpu::doubleShift(bool left, bool byCl) {
  ModRM m;
  decodeModRM<M>(m);
  unsigned count = (byCl ? gpr_[CX].b[0] : fetch8<M>()) & 0x1F;
  manual<M>(timing::kDoubleShift);
  if (count == 0) return;
  constexpr unsigned bits = kBits<T>;
  T dst = readRM<M, T>(m);
  T src = getReg<T>(m.reg);
  uint64_t r;
  if (left) {
    uint64_t combined = (uint64_t(dst) << bits) | src;
    cf_ = count <= bits ? (dst >> (bits - count)) & 1 : 0;
    r = (combined << count) >> bits;
  } else {
    uint64_t combined = (uint64_t(src) << bits) | dst;
    cf_ = (combined >> (count - 1)) & 1;
    r = combined >> count;
  }
  T result = T(r);
  of_ = ((result ^ dst) >> (bits - 1)) & 1;
  setSZP<T>(result);
  writeRM<M, T>(m, result);
}

template <TimingModel M>
void Cpu::dispatch0F() {
  const uint8_t op = fetch8<M>();
  if (op == 0x01) {  // 80286 group 7: only SMSW is meaningful in real mode
    ModRM m;
    decodeModRM<M>(m);
    if (m.reg == 4) {  // SMSW: PE = 0; the 80286 reads the reserved bits as ones
      writeRM<M, uint16_t>(m, has386_ ? 0x0010 : 0xFFF0);
      manual<M>(3);
      return;
    }
    undefinedOpcode<M>();
    return;
  }
  if (!has386_) { undefinedOpcode<M>(); return; }
  if (op >= 0x80 && op <= 0x8F) {  // Jcc rel16/rel32
    uint32_t rel = op32_ ? fetch32<M>() : fetch16<M>();
    if (condition(op & 0x0F)) { ip_ = uint16_t(ip_ + rel); manual<M>(timing::kJccNear); }
    else manual<M>(3);
    return;
  }
  if (op >= 0x90 && op <= 0x9F) { setcc<M>(op & 0x0F); return; }
  switch (op) {
    case 0xA0: push16<M>(sreg_[FS]); manual<M>(timing::kPushSeg); return;
    case 0xA1: loadSeg(FS, pop16<M>()); manual<M>(timing::kPopSeg); return;
    case 0xA8: push16<M>(sreg_[GS]); manual<M>(timing::kPushSeg); return;
    case 0xA9: loadSeg(GS, pop16<M>()); manual<M>(timing::kPopSeg); return;
    case 0xB6: movExtend<M>(true, false); return;
    case 0xB7: movExtend<M>(false, false); return;
    case 0xBE: movExtend<M>(true, true); return;
    case 0xBF: movExtend<M>(false, true); return;
    case 0xA3: case 0xAB: case 0xB3: case 0xBB: {
      ModRM m;
      decodeModRM<M>(m);
      const unsigned kind = 4 + ((op >> 3) & 3);
      if (op32_) bitTest<M, uint32_t>(kind, m, gpr_[m.reg].d, true);
      else bitTest<M, uint16_t>(kind, m, gpr_[m.reg].w[0], true);
      return;
    }
    case 0xBA: {
      ModRM m;
      decodeModRM<M>(m);
      if (m.reg < 4) { undefinedOpcode<M>(); return; }
      uint8_t bit = fetch8<M>();
      if (op32_) bitTest<M, uint32_t>(m.reg, m, bit, false);
      else bitTest<M, uint16_t>(m.reg, m, bit, false);
      return;
    }
    case 0xBC: case 0xBD:
      if (op32_) bitScan<M, uint32_t>(op == 0xBD); else bitScan<M, uint16_t>(op == 0xBD);
      return;
    case 0xA4: case 0xA5: case 0xAC: case 0xAD:
      if (op32_) doubleShift<M, uint32_t>(op < 0xAC, op & 1); else doubleShift<M, uint16_t>(op < 0xAC, op & 1);
      return;
    case 0xAF: {  // IMUL reg,r/m
      ModRM m;
      decodeModRM<M>(m);
      withWidth(true, op32_, [&](auto zero) {
        using T = decltype(zero);
        setReg<T>(m.reg, imul3<T>(getReg<T>(m.reg), readRM<M, T>(m)));
      });
      manual<M>(timing::kImul3Reg);
      return;
    }
    default:
      undefinedOpcode<M>();
      return;
  }
}

}  // namespace asmlab::x86
