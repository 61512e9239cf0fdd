// Decimal adjustment: DAA DAS (packed BCD), AAA AAS AAM AAD (unpacked BCD).
// Intel 8086 Family User's Manual (1979), section 2.7 "Arithmetic instructions"; flags the manual
// leaves undefined are set as the 8086 sets them (docs/x86-cpu.md, "Undefined flags").
#include "cpu_inline.hpp"
#include "muldiv_loops.hpp"

namespace asmlab::x86 {

template <TimingModel M>
void Cpu::daa() {
  const uint8_t oldAl = gpr_[AX].b[0];
  const uint8_t oldCf = cf_, oldAf = af();
  uint8_t al = oldAl;
  if ((al & 0x0F) > 9 || af()) { al = uint8_t(al + 6); setAf(true); }
  else setAf(false);
  // The 8086 compares the original AL with 9Fh instead of 99h when AF was set on entry.
  if (oldAl > (oldAf ? 0x9F : 0x99) || oldCf) { al = uint8_t(al + 0x60); cf_ = 1; }
  else cf_ = 0;
  gpr_[AX].b[0] = al;
  setSZP<uint8_t>(al);
  manual<M>(timing::kDaa);
  eu<M>(3);
}

template <TimingModel M>
void Cpu::das() {
  const uint8_t oldAl = gpr_[AX].b[0];
  const uint8_t oldCf = cf_, oldAf = af();
  uint8_t al = oldAl;
  if ((al & 0x0F) > 9 || af()) { al = uint8_t(al - 6); setAf(true); }
  else setAf(false);
  if (oldAl > (oldAf ? 0x9F : 0x99) || oldCf) { al = uint8_t(al - 0x60); cf_ = 1; }
  else cf_ = 0;
  gpr_[AX].b[0] = al;
  setSZP<uint8_t>(al);
  manual<M>(timing::kDas);
  eu<M>(3);
}

// AAA/AAS on the 8086 adjust AL and AH separately (AL + 6 does not carry into AH, unlike the
// 80286's AX + 106h).
template <TimingModel M>
void Cpu::aaa() {
  uint8_t& al = gpr_[AX].b[0];
  uint8_t& ah = gpr_[AX].b[1];
  const bool adjust = (al & 0x0F) > 9 || af();
  if (adjust) {
    if (has286_) gpr_[AX].w[0] = uint16_t(gpr_[AX].w[0] + 0x106);
    else { al = uint8_t(al + 6); ah = uint8_t(ah + 1); }
    cf_ = 1; setAf(true);
  } else {
    cf_ = 0; setAf(false);
  }
  setSZP<uint8_t>(al);
  al &= 0x0F;
  manual<M>(timing::kAaa);
  eu<M>(adjust ? 7 : 8);  // cycle model: the microcode skips a line when it adjusts
}

template <TimingModel M>
void Cpu::aas() {
  uint8_t& al = gpr_[AX].b[0];
  uint8_t& ah = gpr_[AX].b[1];
  const bool adjust = (al & 0x0F) > 9 || af();
  if (adjust) {
    if (has286_) gpr_[AX].w[0] = uint16_t(gpr_[AX].w[0] - 6), ah = uint8_t(ah - 1);
    else { al = uint8_t(al - 6); ah = uint8_t(ah - 1); }
    cf_ = 1; setAf(true);
  } else {
    cf_ = 0; setAf(false);
  }
  setSZP<uint8_t>(al);
  al &= 0x0F;
  manual<M>(timing::kAas);
  eu<M>(adjust ? 7 : 8);
}

// AAM imm8: AH = AL / imm, AL = AL % imm (D4h 0Ah is the documented form; any base works).
// A zero base raises the divide error.
template <TimingModel M>
void Cpu::aam(uint8_t base) {
  manual<M>(timing::kAam);
  if (base == 0) {
    // The division microcode's first step subtracts the divisor (0) from the upper half (0):
    // the flags of 0 - 0 (SF ZF PF as for a zero result; measured on the conformance suite,
    // with the flags pushed by the divide error).
    sub<uint8_t>(0, 0, 0);
    eu<M>(9);
    divideError<M>({.aam = true, .dividend = gpr_[AX].b[0]});
    return;
  }
  uint8_t al = gpr_[AX].b[0];
  if constexpr (M == kCycle) eu<M>(cordClocks<uint8_t>(0, al, base) + 10);  // the divide loop
  gpr_[AX].b[1] = uint8_t(al / base);
  gpr_[AX].b[0] = uint8_t(al % base);
  setSZP<uint8_t>(gpr_[AX].b[0]);
  cf_ = of_ = 0; setAf(false);
}

// AAD imm8: AL = AL + AH * imm, AH = 0.
template <TimingModel M>
void Cpu::aad(uint8_t base) {
  eu<M>(6 * 8 + popcount(base) + 8);  // the multiply loop over the immediate
  uint8_t al = uint8_t(gpr_[AX].b[0] + gpr_[AX].b[1] * base);
  gpr_[AX].w[0] = al;
  setSZP<uint8_t>(al);
  cf_ = of_ = 0; setAf(false);
  manual<M>(timing::kAad);
}

template <TimingModel M>
void Cpu::execBcd(uint8_t op) {
  switch (op) {
    case 0x27: daa<M>(); return;
    case 0x2F: das<M>(); return;
    case 0x37: aaa<M>(); return;
    case 0x3F: aas<M>(); return;
    case 0xD4: eu<M>(1); aam<M>(fetch8<M>()); return;  // cycle model: one clock, the base byte
    default: eu<M>(1); aad<M>(fetch8<M>()); return;
  }
}

}  // namespace asmlab::x86
