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

// Cycle model, after the opcode (and ModRM byte and EA): XCHG r/m,reg: register 2; memory the
// read, 6, the write. MOV r/m,sreg: register nothing; memory 3 and the write. LEA: 2. MOV
// sreg,r/m: register nothing; memory the read and 2. MOV acc,moffs: 1, the offset, the read;
// MOV moffs,acc: 1, the offset, 1, the write. LES/LDS: the read, 4, the read. MOV r/m,imm:
// register the immediate; memory 2, the immediate, 1, the write. XLAT: 4, the read. XCHG
// AX,reg and NOP: 2.
template <TimingModel M>
void Cpu::execTransfer(uint8_t op) {
  switch (op) {
    case 0x86: case 0x87: {  // XCHG r/m,reg
      ModRM m;
      decodeModRM<M>(m);
      withWidth(op & 1, op32_, [&](auto zero) {
        using T = decltype(zero);
        T a = readRM<M, T>(m);
        T b = getReg<T>(m.reg);
        eu<M>(m.isReg() ? 2 : 6);
        writeRM<M, T>(m, b);
        setReg<T>(m.reg, a);
      });
      manual<M>(m.isReg() ? timing::kXchgRegReg : timing::kXchgMemReg);
      return;
    }
    // 88h-8Bh MOV r/m,reg and reg,r/m: Cpu::execMov in cpu_inline.hpp (hot path).
    case 0x8C: {  // MOV r/m16,sreg
      ModRM m;
      decodeModRM<M>(m);
      int s = segmentField(m.reg);
      if (s < 0) { undefinedOpcode<M>(); return; }
      if (m.isReg() && op32_) {
        setReg<uint32_t>(m.rm, sreg_[s]);
      } else if (m.isReg()) {
        setReg<uint16_t>(m.rm, sreg_[s]);
      } else {
        eu<M>(3);
        writeMem<M, uint16_t>(m.seg, m.offset, sreg_[s]);
      }
      manual<M>(m.isReg() ? timing::kMovSegReg : timing::kMovMemSeg);
      return;
    }
    case 0x8D: {  // LEA reg,m
      ModRM m;
      decodeModRM<M>(m);
      if (m.isReg()) {
        if (has186_) { undefinedOpcode<M>(); return; }
        m.offset = lastEa_;  // undefined form: the 8086 stores the last address it computed
      }
      if (op32_) setReg<uint32_t>(m.reg, m.offset);
      else setReg<uint16_t>(m.reg, uint16_t(m.offset));
      eu<M>(2);
      manual<M>(timing::kLea);
      return;
    }
    case 0x8E: {  // MOV sreg,r/m16 (CS is accepted by the 8086/8088 only)
      ModRM m;
      decodeModRM<M>(m);
      int s = segmentField(m.reg);
      if (s < 0 || (s == CS && has286_)) { undefinedOpcode<M>(); return; }
      const uint16_t v = readRM<M, uint16_t>(m);
      if (!m.isReg()) eu<M>(2);
      loadSeg(unsigned(s), v);
      segmentLoaded(unsigned(s));
      manual<M>(m.isReg() ? timing::kMovSegReg : timing::kMovSegMem);
      return;
    }
    case 0xA0: case 0xA1: case 0xA2: case 0xA3: {  // MOV AL/AX,[moffs] and [moffs],AL/AX
      eu<M>(1);
      uint32_t offset = addr32_ ? fetch32<M>() : fetch16<M>();
      const unsigned seg = dataSeg(DS);
      withWidth(op & 1, op32_, [&](auto zero) {
        using T = decltype(zero);
        if (op & 2) {
          eu<M>(1);
          writeMem<M, T>(seg, offset, getReg<T>(AX));
        } else {
          setReg<T>(AX, readMem<M, T>(seg, offset));
        }
      });
      manual<M>(timing::kMovAccMem);
      return;
    }
    case 0xC4: case 0xC5: {  // LES / LDS reg,m16:16
      ModRM m;
      decodeModRM<M>(m);
      if (m.isReg()) {
        if (has186_) { undefinedOpcode<M>(); return; }
        m.offset = lastEa_;  // undefined form, as for LEA
      }
      uint16_t offset = readMem<M, uint16_t>(m.seg, m.offset);
      eu<M>(4);
      uint16_t segment = readMem<M, uint16_t>(m.seg, uint16_t(m.offset + 2));
      setReg<uint16_t>(m.reg, offset);
      loadSeg(op == 0xC4 ? ES : DS, segment);
      manual<M>(timing::kLdsLes);
      return;
    }
    case 0xC6: case 0xC7: {  // MOV r/m,imm (the 8086 ignores the reg field)
      ModRM m;
      decodeModRM<M>(m);
      if (m.reg != 0 && has186_) { undefinedOpcode<M>(); return; }
      withWidth(op & 1, op32_, [&](auto zero) {
        using T = decltype(zero);
        if (m.isReg()) {
          setReg<T>(m.rm, immediate<M, T>());
        } else {
          eu<M>(2);
          const T v = immediate<M, T>();
          eu<M>(1);
          writeMem<M, T>(m.seg, m.offset, v);
        }
      });
      manual<M>(m.isReg() ? timing::kMovRegImm : timing::kMovMemImm);
      return;
    }
    case 0xD7: {  // XLAT: AL = [seg:BX + AL]
      eu<M>(4);
      uint32_t offset = addr32_ ? gpr_[BX].d + gpr_[AX].b[0] : uint16_t(gpr_[BX].w[0] + gpr_[AX].b[0]);
      gpr_[AX].b[0] = readMem<M, uint8_t>(dataSeg(DS), offset);
      manual<M>(timing::kXlat);
      return;
    }
    default:
      break;
  }
  // 90h-97h XCHG AX,reg (90h is NOP). B0h-BFh MOV reg,imm: Cpu::execMovRegImm in cpu_inline.hpp.
  if (op32_) std::swap(gpr_[AX].d, gpr_[op & 7].d);
  else std::swap(gpr_[AX].w[0], gpr_[op & 7].w[0]);
  eu<M>(2);
  manual<M>(timing::kXchgAccReg);
}

}  // namespace asmlab::x86
