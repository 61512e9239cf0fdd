// Shifts and rotates: D0h-D3h (by 1 and by CL), C0h/C1h (by imm8, 80186+).
// Intel 8086 Family User's Manual (1979), section 2.7 "Shift instructions", "Rotate instructions".
// The 8086 shifts one bit per microcode iteration and does not mask the count, so a count above
// the operand width is repeated literally; the flags are those of the last one-bit step. The
// 80186 and later mask the count to 5 bits.
#include "cpu_inline.hpp"

namespace asmlab::x86 {

template <class T>
T Cpu::shiftRotate(unsigned op, T v, unsigned count) {
  constexpr T msb = kSignBit<T>;
  for (unsigned i = 0; i < count; ++i) {
    switch (op) {
      case 0: {  // ROL
        cf_ = (v & msb) != 0;
        v = T((v << 1) | cf_);
        of_ = ((v & msb) != 0) ^ cf_;
        break;
      }
      case 1: {  // ROR
        cf_ = v & 1;
        v = T((v >> 1) | (cf_ ? msb : 0));
        of_ = ((v & msb) != 0) ^ ((v & (msb >> 1)) != 0);
        break;
      }
      case 2: {  // RCL
        uint8_t out = (v & msb) != 0;
        v = T((v << 1) | cf_);
        cf_ = out;
        of_ = ((v & msb) != 0) ^ cf_;
        break;
      }
      case 3: {  // RCR
        uint8_t out = v & 1;
        v = T((v >> 1) | (cf_ ? msb : 0));
        cf_ = out;
        of_ = ((v & msb) != 0) ^ ((v & (msb >> 1)) != 0);
        break;
      }
      case 4: case 6: {  // SHL/SAL (reg 6 is SAL on the 80186 and later)
        cf_ = (v & msb) != 0;
        v = T(v << 1);
        of_ = ((v & msb) != 0) ^ cf_;
        setAf((v & 0x10) != 0);
        setSZP<T>(v);
        break;
      }
      case 5: {  // SHR
        of_ = (v & msb) != 0;
        cf_ = v & 1;
        v = T(v >> 1);
        setAf(false);
        setSZP<T>(v);
        break;
      }
      default: {  // SAR
        cf_ = v & 1;
        v = T((v >> 1) | (v & msb));
        of_ = 0;
        setAf(false);
        setSZP<T>(v);
        break;
      }
    }
  }
  return v;
}

// reg 6 on the 8086/8088 is the undocumented SETMO (count 1) / SETMOC (count CL): the operand
// becomes all ones when the count is non-zero, flags as for OR with all ones.
template <class T>
T Cpu::setmo(T v, unsigned count) {
  if (count == 0) return v;
  v = T(~T(0));
  logicResult<T>(v);
  return v;
}

// Cycle model: by 1: register nothing, memory the read, 4 clocks, the write. By CL (the 8086
// repeats a 4-clock microcode loop CL times, the count not masked): register 6 + 4 * CL,
// memory the read, 9 + 4 * CL, the write.
template <TimingModel M>
void Cpu::execShiftGroup(uint8_t op) {
  ModRM m;
  decodeModRM<M>(m);
  unsigned count;
  if (op == 0xD0 || op == 0xD1) count = 1;
  else if (op == 0xD2 || op == 0xD3) count = gpr_[CX].b[0];
  else count = fetch8<M>();
  if (has186_) count &= 0x1F;
  const unsigned kind = m.reg;
  withWidth(op & 1, op32_, [&](auto zero) {
    using T = decltype(zero);
    T v = readRM<M, T>(m);
    T r = (kind == 6 && !has186_) ? setmo<T>(v, count) : shiftRotate<T>(kind, v, count);
    if (op == 0xD0 || op == 0xD1) eu<M>(m.isReg() ? 0 : 4);
    else eu<M>((m.isReg() ? 6 : 9) + 4 * count);
    writeRM<M, T>(m, r);
  });
  if (op == 0xD0 || op == 0xD1) manual<M>(m.isReg() ? timing::kShiftReg1 : timing::kShiftMem1);
  else if (op == 0xD2 || op == 0xD3)
    manual<M>((m.isReg() ? timing::kShiftRegCl : timing::kShiftMemCl) + timing::kShiftPerBit * count);
  else manual<M>((m.isReg() ? timing::kShiftImmReg : timing::kShiftImmMem) + count);
}

}  // namespace asmlab::x86
