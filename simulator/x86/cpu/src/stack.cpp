// Stack instructions: PUSH/POP of registers, segment registers and memory, PUSHF/POPF.
// Intel 8086 Family User's Manual (1979), section 2.7 "Data transfer instructions".
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// After a load of SS (any segment register on the 8086/8088) interrupts wait one instruction,
// so that `mov ss,ax / mov sp,bx` is never split by an interrupt (manual, 2.8).
void Cpu::segmentLoaded(unsigned s) {
  if (s == SS || !has286_) signals_.is.shadow = true;
}

// 06h/0Eh/16h/1Eh PUSH ES/CS/SS/DS; 07h/17h/1Fh POP ES/SS/DS; 0Fh POP CS (8086/8088 only:
// undocumented; the 80186 raises interrupt 6, the 80286 and later decode 0Fh as an escape).
// Cycle model: PUSH 4 clocks and the write; POP 1 clock and the read.
template <TimingModel M>
void Cpu::execPushPopSeg(uint8_t op) {
  const unsigned s = (op >> 3) & 3;
  if ((op & 7) == 6) {
    eu<M>(4);
    push16<M>(sreg_[s]);
    manual<M>(timing::kPushSeg);
  } else {
    eu<M>(1);
    loadSeg(s, pop16<M>());
    segmentLoaded(s);
    manual<M>(timing::kPopSeg);
  }
}

template <TimingModel M>
void Cpu::pushRegister(unsigned r) {
  if (op32_) { push32<M>(gpr_[r].d); return; }
  if (r == SP && !has286_) {
    // The 8086/8088/80186 push the value SP has after the decrement; the 80286 and later push
    // the value before it (80286 manual, "PUSH"), the usual 8086-or-286 test.
    uint16_t sp = uint16_t(gpr_[SP].w[0] - 2);
    gpr_[SP].w[0] = sp;
    writeMem<M, uint16_t>(SS, sp, sp);
    return;
  }
  push16<M>(gpr_[r].w[0]);
}

// Cycle model: PUSH reg and PUSHF 4 clocks and the write; POP reg and POPF 1 clock and the
// read; POP r/m: register 1, the read, 1; memory after the EA 3, the read, 3, the write.
template <TimingModel M>
void Cpu::execStack(uint8_t op) {
  if (op >= 0x50 && op <= 0x57) {
    eu<M>(4);
    pushRegister<M>(op & 7);
    manual<M>(timing::kPushReg);
  } else if (op >= 0x58 && op <= 0x5F) {
    eu<M>(1);
    if (op32_) gpr_[op & 7].d = pop32<M>();
    else gpr_[op & 7].w[0] = pop16<M>();  // POP SP: SP gets the value read
    manual<M>(timing::kPopReg);
  } else if (op == 0x8F) {
    // POP r/m. The reg field is ignored on the 8086 (the 80186+ raise interrupt 6 for reg != 0).
    ModRM m;
    decodeModRM<M>(m);
    if (m.reg != 0 && has186_) { undefinedOpcode<M>(); return; }
    eu<M>(m.isReg() ? 1 : 3);
    if (op32_) {
      writeRM<M, uint32_t>(m, pop32<M>());
    } else {
      const uint16_t v = pop16<M>();
      eu<M>(m.isReg() ? 1 : 3);
      writeRM<M, uint16_t>(m, v);
    }
    manual<M>(m.isReg() ? timing::kPopReg : timing::kPopMem);
  } else if (op == 0x9C) {
    eu<M>(4);
    if (op32_) push32<M>(flags()); else push16<M>(flags());
    manual<M>(timing::kPushf);
  } else {  // 9Dh POPF
    eu<M>(1);
    setFlags(op32_ ? uint16_t(pop32<M>()) : pop16<M>());
    manual<M>(timing::kPopf);
  }
}

}  // namespace asmlab::x86
