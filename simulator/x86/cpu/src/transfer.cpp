// Data transfer: MOV (all forms), XCHG, LEA, LDS/LES, XLAT.
// Intel 8086 Family User's Manual (1979), section 2.7 "Data transfer instructions".
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// The segment register named by a ModRM reg field. The 8086/8088/80186 decode only two bits
// (so 8Ch/8Eh with reg 4-7 reach ES..DS); the 80386 adds FS and GS; other values are undefined.
int Cpu::segmentField(unsigned reg) const {
  if (!has286_) return int(reg & 3);
  if (reg < 4 || (has386_ && reg < 6)) return int(reg);
  return -1;
}

void Cpu::execTransfer(uint8_t op) {
  switch (op) {
    case 0x86: case 0x87: {  // XCHG r/m,reg
      ModRM m;
      decodeModRM(m);
      withWidth(op & 1, op32_, [&](auto zero) {
        using T = decltype(zero);
        T a = readRM<T>(m);
        T b = getReg<T>(m.reg);
        writeRM<T>(m, b);
        setReg<T>(m.reg, a);
      });
      clocks_ += m.isReg() ? timing::kXchgRegReg : timing::kXchgMemReg;
      return;
    }
    // 88h-8Bh MOV r/m,reg and reg,r/m: Cpu::execMov in cpu_inline.hpp (hot path).
    case 0x8C: {  // MOV r/m16,sreg
      ModRM m;
      decodeModRM(m);
      int s = segmentField(m.reg);
      if (s < 0) { undefinedOpcode(); return; }
      if (m.isReg() && op32_) setReg<uint32_t>(m.rm, sreg_[s]);
      else writeRM<uint16_t>(m, sreg_[s]);
      clocks_ += m.isReg() ? timing::kMovSegReg : timing::kMovMemSeg;
      return;
    }
    case 0x8D: {  // LEA reg,m
      ModRM m;
      decodeModRM(m);
      if (m.isReg()) {
        if (has186_) { undefinedOpcode(); return; }
        m.offset = lastEa_;  // undefined form: the 8086 stores the last address it computed
      }
      if (op32_) setReg<uint32_t>(m.reg, m.offset);
      else setReg<uint16_t>(m.reg, uint16_t(m.offset));
      clocks_ += timing::kLea;
      return;
    }
    case 0x8E: {  // MOV sreg,r/m16 (CS is accepted by the 8086/8088 only)
      ModRM m;
      decodeModRM(m);
      int s = segmentField(m.reg);
      if (s < 0 || (s == CS && has286_)) { undefinedOpcode(); return; }
      loadSeg(unsigned(s), readRM<uint16_t>(m));
      segmentLoaded(unsigned(s));
      clocks_ += m.isReg() ? timing::kMovSegReg : timing::kMovSegMem;
      return;
    }
    case 0xA0: case 0xA1: case 0xA2: case 0xA3: {  // MOV AL/AX,[moffs] and [moffs],AL/AX
      uint32_t offset = addr32_ ? fetch32() : fetch16();
      const unsigned seg = dataSeg(DS);
      withWidth(op & 1, op32_, [&](auto zero) {
        using T = decltype(zero);
        if (op & 2) writeMem<T>(seg, offset, getReg<T>(AX));
        else setReg<T>(AX, readMem<T>(seg, offset));
      });
      clocks_ += timing::kMovAccMem;
      return;
    }
    case 0xC4: case 0xC5: {  // LES / LDS reg,m16:16
      ModRM m;
      decodeModRM(m);
      if (m.isReg()) {
        if (has186_) { undefinedOpcode(); return; }
        m.offset = lastEa_;  // undefined form, as for LEA
      }
      uint16_t offset = readMem<uint16_t>(m.seg, m.offset);
      uint16_t segment = readMem<uint16_t>(m.seg, uint16_t(m.offset + 2));
      setReg<uint16_t>(m.reg, offset);
      loadSeg(op == 0xC4 ? ES : DS, segment);
      clocks_ += timing::kLdsLes;
      return;
    }
    case 0xC6: case 0xC7: {  // MOV r/m,imm (the 8086 ignores the reg field)
      ModRM m;
      decodeModRM(m);
      if (m.reg != 0 && has186_) { undefinedOpcode(); return; }
      withWidth(op & 1, op32_, [&](auto zero) {
        using T = decltype(zero);
        writeRM<T>(m, fetchImm<T>());
      });
      clocks_ += m.isReg() ? timing::kMovRegImm : timing::kMovMemImm;
      return;
    }
    case 0xD7: {  // XLAT: AL = [seg:BX + AL]
      uint32_t offset = addr32_ ? gpr_[BX].d + gpr_[AX].b[0] : uint16_t(gpr_[BX].w[0] + gpr_[AX].b[0]);
      gpr_[AX].b[0] = readMem<uint8_t>(dataSeg(DS), offset);
      clocks_ += timing::kXlat;
      return;
    }
    default:
      break;
  }
  // 90h-97h XCHG AX,reg (90h is NOP). B0h-BFh MOV reg,imm: Cpu::execMovRegImm in cpu_inline.hpp.
  if (op32_) std::swap(gpr_[AX].d, gpr_[op & 7].d);
  else std::swap(gpr_[AX].w[0], gpr_[op & 7].w[0]);
  clocks_ += timing::kXchgAccReg;
}

}  // namespace asmlab::x86
