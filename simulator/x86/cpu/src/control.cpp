// Control transfer: Jcc, JMP, CALL, RET, LOOP/JCXZ, INT/INTO/IRET, group FEh/FFh.
// Intel 8086 Family User's Manual (1979), section 2.7 "Program transfer instructions".
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// Jcc (70h-7Fh) and the condition codes are in cpu_inline.hpp (hot path).

void Cpu::farTransfer(uint16_t segment, uint16_t offset) {
  loadSeg(CS, segment);
  ip_ = offset;
}

void Cpu::execControl(uint8_t op) {
  switch (op) {
    case 0x9A: {  // CALL far ptr16:16
      uint16_t offset = fetch16();
      uint16_t segment = fetch16();
      push16(sreg_[CS]);
      push16(ip_);
      farTransfer(segment, offset);
      clocks_ += timing::kCallFar;
      return;
    }
    case 0xC2: { uint16_t extra = fetch16(); ip_ = pop16(); gpr_[SP].w[0] = uint16_t(gpr_[SP].w[0] + extra); clocks_ += timing::kRetNearImm; return; }
    case 0xC3: ip_ = pop16(); clocks_ += timing::kRetNear; return;
    case 0xCA: {
      uint16_t extra = fetch16();
      uint16_t offset = pop16();
      uint16_t segment = pop16();
      farTransfer(segment, offset);
      gpr_[SP].w[0] = uint16_t(gpr_[SP].w[0] + extra);
      clocks_ += timing::kRetFarImm;
      return;
    }
    case 0xCB: {
      uint16_t offset = pop16();
      uint16_t segment = pop16();
      farTransfer(segment, offset);
      clocks_ += timing::kRetFar;
      return;
    }
    case 0xCC: clocks_ += timing::kInt3; enterInterrupt(3, ip_); return;
    case 0xCD: { uint8_t vector = fetch8(); clocks_ += timing::kIntN; enterInterrupt(vector, ip_); return; }
    case 0xCE:  // INTO: interrupt 4 when OF is set
      if (of_) { clocks_ += timing::kIntoTaken; enterInterrupt(4, ip_); }
      else clocks_ += timing::kIntoNotTaken;
      return;
    case 0xCF: {  // IRET
      uint16_t offset = pop16();
      uint16_t segment = pop16();
      farTransfer(segment, offset);
      setFlags(pop16());
      clocks_ += timing::kIret;
      return;
    }
    // E0h-E3h LOOPNE LOOPE LOOP JCXZ: Cpu::execLoop in cpu_inline.hpp (hot path).
    case 0xE8: {  // CALL near rel16
      uint16_t rel = fetch16();
      push16(ip_);
      ip_ = uint16_t(ip_ + rel);
      clocks_ += timing::kCallNear;
      return;
    }
    case 0xE9: { uint16_t rel = fetch16(); ip_ = uint16_t(ip_ + rel); clocks_ += timing::kJmpNear; return; }
    case 0xEA: {  // JMP far ptr16:16
      uint16_t offset = fetch16();
      uint16_t segment = fetch16();
      farTransfer(segment, offset);
      clocks_ += timing::kJmpFar;
      return;
    }
    default:  // EAh JMP far ptr16:16 (EBh JMP short: Cpu::execJmpShort in cpu_inline.hpp)
      break;
  }
}

// FEh: reg 0 INC r/m8, 1 DEC r/m8. FFh: 0 INC, 1 DEC, 2 CALL near, 3 CALL far, 4 JMP near,
// 5 JMP far, 6 PUSH, 7 PUSH (undocumented alias on the 8086/8088).
// The far forms with a register operand (mod = 11) are undefined; the 8086 then uses the
// last effective address it computed as the memory operand (docs/x86-cpu.md).
void Cpu::execGroup45(uint8_t op) {
  ModRM m;
  decodeModRM(m);
  if (m.reg <= 1) {
    withWidth(op & 1, op32_, [&](auto zero) {
      using T = decltype(zero);
      writeRM<T>(m, incDec<T>(readRM<T>(m), m.reg == 1));
    });
    if (m.isReg()) clocks_ += (op & 1) ? timing::kIncReg16 + 1 : timing::kIncReg8;
    else clocks_ += timing::kIncMem;
    return;
  }
  if (has186_ && (op == 0xFE || m.reg == 7)) { undefinedOpcode(); return; }
  switch (m.reg) {
    case 2: {
      uint16_t target = op == 0xFE ? readRM<uint8_t>(m) : readRM<uint16_t>(m);
      push16(ip_);
      ip_ = target;
      clocks_ += m.isReg() ? timing::kCallNearReg : timing::kCallNearMem;
      return;
    }
    case 3: case 5: {
      if (m.isReg()) {
        if (has186_) { undefinedOpcode(); return; }
        m.mod = 0;
        m.seg = uint8_t(dataSeg(DS));
        m.offset = lastEa_;
      }
      uint16_t offset = readMem<uint16_t>(m.seg, m.offset);
      uint16_t segment = readMem<uint16_t>(m.seg, uint16_t(m.offset + 2));
      if (m.reg == 3) {
        push16(sreg_[CS]);
        push16(ip_);
        clocks_ += timing::kCallFarMem;
      } else {
        clocks_ += timing::kJmpFarMem;
      }
      farTransfer(segment, offset);
      return;
    }
    case 4:
      ip_ = op == 0xFE ? readRM<uint8_t>(m) : readRM<uint16_t>(m);
      clocks_ += m.isReg() ? timing::kJmpNearReg : timing::kJmpNearMem;
      return;
    default: {  // PUSH r/m
      if (m.isReg() && m.rm == SP && !has286_) {
        // The 8086 pushes SP as it is after the decrement.
        uint16_t sp = uint16_t(gpr_[SP].w[0] - 2);
        gpr_[SP].w[0] = sp;
        writeMem<uint16_t>(SS, sp, sp);
      } else if (op32_) {
        push32(readRM<uint32_t>(m));
      } else {
        push16(readRM<uint16_t>(m));
      }
      clocks_ += m.isReg() ? timing::kPushReg : timing::kPushMem;
      return;
    }
  }
}

}  // namespace asmlab::x86
