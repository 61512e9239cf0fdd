// Control transfer: Jcc, JMP, CALL, RET, LOOP/JCXZ, INT/INTO/IRET, group FEh/FFh.
// Intel 8086 Family User's Manual (1979), section 2.7 "Program transfer instructions".
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// Jcc (70h-7Fh) and the condition codes are in cpu_inline.hpp (hot path).

// A far transfer: CS and IP change (the cycle model empties the queue: one clock).
template <TimingModel M>
void Cpu::farTransfer(uint16_t segment, uint16_t offset) {
  loadSeg(CS, segment);
  jumpTo<M>(offset);
}

// The far call's tail, shared by CALL far (9Ah, FFh /3): push CS, 4 clocks, jump, 2 clocks,
// push IP (the microcode pushes the return offset after the flush).
template <TimingModel M>
void Cpu::farCall(uint16_t segment, uint16_t offset, uint16_t returnIp) {
  push16<M>(sreg_[CS]);
  eu<M>(4);
  farTransfer<M>(segment, offset);
  eu<M>(2);
  push16<M>(returnIp);
}

// Cycle model timings below are per instruction, after the opcode byte; "SUSP" suspends
// prefetching (waiting for a code fetch on the bus to finish), a jump flushes the queue.
template <TimingModel M>
void Cpu::execControl(uint8_t op) {
  switch (op) {
    case 0x9A: {  // CALL far ptr16:16: 1, the four bytes, 1, SUSP, 2, then the far call's tail
      eu<M>(1);
      uint16_t offset = fetch16<M>();
      uint16_t segment = fetch16<M>();
      eu<M>(1);
      if constexpr (M == kCycle) suspendPrefetch();
      eu<M>(2);
      farCall<M>(segment, offset, ip_);
      manual<M>(timing::kCallFar);
      return;
    }
    case 0xC2: {  // RET imm16: 1, the two bytes, 1, read IP, SUSP, 1, jump
      eu<M>(1);
      uint16_t extra = fetch16<M>();
      eu<M>(1);
      const uint16_t target = pop16<M>();
      gpr_[SP].w[0] = uint16_t(gpr_[SP].w[0] + extra);
      if constexpr (M == kCycle) suspendPrefetch();
      eu<M>(1);
      jumpTo<M>(target);
      manual<M>(timing::kRetNearImm);
      return;
    }
    case 0xC3: {  // RET: SUSP, read IP, 1, jump
      if constexpr (M == kCycle) suspendPrefetch();
      const uint16_t target = pop16<M>();
      eu<M>(1);
      jumpTo<M>(target);
      manual<M>(timing::kRetNear);
      return;
    }
    case 0xCA: {  // RETF imm16: 1, the two bytes, 1, read IP, SUSP, 2, read CS, jump
      eu<M>(1);
      uint16_t extra = fetch16<M>();
      eu<M>(1);
      uint16_t offset = pop16<M>();
      if constexpr (M == kCycle) suspendPrefetch();
      eu<M>(2);
      uint16_t segment = pop16<M>();
      gpr_[SP].w[0] = uint16_t(gpr_[SP].w[0] + extra);
      farTransfer<M>(segment, offset);
      manual<M>(timing::kRetFarImm);
      return;
    }
    case 0xCB: {  // RETF: 3, read IP, SUSP, 2, read CS, jump
      eu<M>(3);
      uint16_t offset = pop16<M>();
      if constexpr (M == kCycle) suspendPrefetch();
      eu<M>(2);
      uint16_t segment = pop16<M>();
      farTransfer<M>(segment, offset);
      manual<M>(timing::kRetFar);
      return;
    }
    case 0xCC:  // INT 3: 5, then the interrupt sequence (Cpu::enterInterrupt)
      eu<M>(5);
      manual<M>(timing::kInt3);
      enterInterrupt<M>(3, ip_);
      return;
    case 0xCD: {  // INT imm8: 1, the vector byte, 2, the interrupt sequence
      eu<M>(1);
      uint8_t vector = fetch8<M>();
      eu<M>(2);
      manual<M>(timing::kIntN);
      enterInterrupt<M>(vector, ip_);
      return;
    }
    case 0xCE:  // INTO: interrupt 4 when OF is set: 6 and the sequence; else 3
      if (of_) {
        eu<M>(6);
        manual<M>(timing::kIntoTaken);
        enterInterrupt<M>(4, ip_);
      } else {
        eu<M>(3);
        manual<M>(timing::kIntoNotTaken);
      }
      return;
    case 0xCF: {  // IRET: 3, read IP, SUSP, 2, read CS, jump, 1, read FLAGS
      eu<M>(3);
      uint16_t offset = pop16<M>();
      if constexpr (M == kCycle) suspendPrefetch();
      eu<M>(2);
      uint16_t segment = pop16<M>();
      farTransfer<M>(segment, offset);
      eu<M>(1);
      setFlags(pop16<M>());
      manual<M>(timing::kIret);
      return;
    }
    // E0h-E3h LOOPNE LOOPE LOOP JCXZ: Cpu::execLoop in cpu_inline.hpp (hot path).
    case 0xE8: {  // CALL near rel16: 1, the two bytes, the relative jump, 2, push IP
      eu<M>(1);
      uint16_t rel = fetch16<M>();
      const uint16_t returnIp = ip_;
      relativeJump<M>(int16_t(rel));
      eu<M>(2);
      push16<M>(returnIp);
      manual<M>(timing::kCallNear);
      return;
    }
    case 0xE9: {  // JMP near rel16: 1, the two bytes, the relative jump
      eu<M>(1);
      uint16_t rel = fetch16<M>();
      relativeJump<M>(int16_t(rel));
      manual<M>(timing::kJmpNear);
      return;
    }
    case 0xEA: {  // JMP far ptr16:16: 1, the four bytes, SUSP, 1, jump
      eu<M>(1);
      uint16_t offset = fetch16<M>();
      uint16_t segment = fetch16<M>();
      if constexpr (M == kCycle) suspendPrefetch();
      eu<M>(1);
      farTransfer<M>(segment, offset);
      manual<M>(timing::kJmpFar);
      return;
    }
    default:  // EBh JMP short: Cpu::execJmpShort in cpu_inline.hpp
      break;
  }
}

// FEh: reg 0 INC r/m8, 1 DEC r/m8. FFh: 0 INC, 1 DEC, 2 CALL near, 3 CALL far, 4 JMP near,
// 5 JMP far, 6 PUSH, 7 PUSH (undocumented alias on the 8086/8088).
// The far forms with a register operand (mod = 11) are undefined; the 8086 then uses the
// last effective address it computed as the memory operand (docs/x86-cpu.md).
// Cycle model, after the ModRM byte and EA: INC/DEC: register 1; memory the read, 4, the write.
// CALL: register 1 / memory the read and 2; SUSP, 3, jump, 2, push IP. JMP: register 1 / memory
// the read and 2; SUSP, jump. CALL far: read IP, 3, read CS, 1, SUSP, 2, the far call's tail.
// JMP far: read IP, 3, SUSP, read CS, jump. PUSH: register 4 / memory the read and 5, the write.
template <TimingModel M>
void Cpu::execGroup45(uint8_t op) {
  ModRM m;
  decodeModRM<M>(m);
  if (m.reg <= 1) {
    withWidth(op & 1, op32_, [&](auto zero) {
      using T = decltype(zero);
      const T v = incDec<T>(readRM<M, T>(m), m.reg == 1);
      eu<M>(m.isReg() ? 1 : 4);
      writeRM<M, T>(m, v);
    });
    if (m.isReg()) manual<M>((op & 1) ? timing::kIncReg16 + 1 : timing::kIncReg8);
    else manual<M>(timing::kIncMem);
    return;
  }
  if (has186_ && (op == 0xFE || m.reg == 7)) { undefinedOpcode<M>(); return; }
  switch (m.reg) {
    case 2: {
      uint16_t target = op == 0xFE ? readRM<M, uint8_t>(m) : readRM<M, uint16_t>(m);
      const uint16_t returnIp = ip_;
      eu<M>(m.isReg() ? 1 : 2);
      if constexpr (M == kCycle) suspendPrefetch();
      eu<M>(3);
      jumpTo<M>(target);
      eu<M>(2);
      push16<M>(returnIp);
      manual<M>(m.isReg() ? timing::kCallNearReg : timing::kCallNearMem);
      return;
    }
    case 3: case 5: {
      if (m.isReg()) {
        if (has186_) { undefinedOpcode<M>(); return; }
        m.mod = 0;
        m.seg = uint8_t(dataSeg(DS));
        m.offset = lastEa_;
      }
      uint16_t offset = readMem<M, uint16_t>(m.seg, m.offset);
      eu<M>(3);
      if (m.reg == 3) {
        uint16_t segment = readMem<M, uint16_t>(m.seg, uint16_t(m.offset + 2));
        eu<M>(1);
        if constexpr (M == kCycle) suspendPrefetch();
        eu<M>(2);
        farCall<M>(segment, offset, ip_);
        manual<M>(timing::kCallFarMem);
      } else {
        if constexpr (M == kCycle) suspendPrefetch();
        uint16_t segment = readMem<M, uint16_t>(m.seg, uint16_t(m.offset + 2));
        farTransfer<M>(segment, offset);
        manual<M>(timing::kJmpFarMem);
      }
      return;
    }
    case 4: {
      const uint16_t target = op == 0xFE ? readRM<M, uint8_t>(m) : readRM<M, uint16_t>(m);
      eu<M>(m.isReg() ? 1 : 2);
      if constexpr (M == kCycle) suspendPrefetch();
      jumpTo<M>(target);
      manual<M>(m.isReg() ? timing::kJmpNearReg : timing::kJmpNearMem);
      return;
    }
    default: {  // PUSH r/m
      if (m.isReg() && m.rm == SP && !has286_) {
        // The 8086 pushes SP as it is after the decrement.
        eu<M>(4);
        uint16_t sp = uint16_t(gpr_[SP].w[0] - 2);
        gpr_[SP].w[0] = sp;
        writeMem<M, uint16_t>(SS, sp, sp);
      } else if (op32_) {
        push32<M>(readRM<M, uint32_t>(m));
      } else {
        const uint16_t v = readRM<M, uint16_t>(m);
        eu<M>(m.isReg() ? 4 : 5);
        push16<M>(v);
      }
      manual<M>(m.isReg() ? timing::kPushReg : timing::kPushMem);
      return;
    }
  }
}

}  // namespace asmlab::x86
