// Instructions the 80186 added (also on the 80286 and 80386): PUSHA POPA BOUND PUSH imm
// IMUL r,r/m,imm INS OUTS ENTER LEAVE (shifts by imm8 are in shift_rotate.cpp).
// iAPX 86/88, 186/188 User's Manual, Programmer's Reference (1983), chapter 3.
#include "cpu_inline.hpp"

namespace asmlab::x86 {

template <TimingModel M, class T>
void Cpu::pusha() {
  const T sp = getReg<T>(SP);
  for (unsigned r = AX; r <= DI; ++r) pushValue<M, T>(r == SP ? sp : getReg<T>(r));
}

template <TimingModel M, class T>
void Cpu::popa() {
  for (int r = DI; r >= AX; --r) {
    T v = popValue<M, T>();
    if (r != SP) setReg<T>(unsigned(r), v);  // the stored SP is discarded
  }
}

// BOUND reg,m: interrupt 5 when the signed register lies outside [lower, upper]; the return
// address is the BOUND instruction itself.
template <TimingModel M, class T>
bool Cpu::bound(const ModRM& m) {
  using S = std::make_signed_t<T>;
  S value = S(getReg<T>(m.reg));
  S lower = S(readMem<M, T>(m.seg, m.offset));
  S upper = S(readMem<M, T>(m.seg, wrapOffset(m.offset + sizeof(T))));
  return value >= lower && value <= upper;
}

template <class T>
T Cpu::imul3(T a, T b) {
  using S = std::make_signed_t<T>;
  int64_t product = int64_t(S(a)) * int64_t(S(b));
  T r = T(product);
  cf_ = of_ = product != int64_t(S(r));
  setSZP<T>(r);
  return r;
}

// ENTER imm16,imm8: push BP, copy `level - 1` outer frame pointers, push the new frame pointer,
// then reserve imm16 bytes (level is taken modulo 32).
template <TimingModel M>
void Cpu::enter() {
  const uint16_t size = fetch16<M>();
  const unsigned level = fetch8<M>() & 0x1F;
  push16<M>(gpr_[BP].w[0]);
  const uint16_t frame = gpr_[SP].w[0];
  if (level > 0) {
    for (unsigned i = 1; i < level; ++i) {
      gpr_[BP].w[0] = uint16_t(gpr_[BP].w[0] - 2);
      push16<M>(readMem<M, uint16_t>(SS, gpr_[BP].w[0]));
    }
    push16<M>(frame);
  }
  gpr_[BP].w[0] = frame;
  gpr_[SP].w[0] = uint16_t(gpr_[SP].w[0] - size);
  manual<M>(timing::kEnter + (level > 1 ? 4 * (level - 1) : 0));
}

template <TimingModel M>
void Cpu::leave() {
  gpr_[SP].w[0] = gpr_[BP].w[0];
  gpr_[BP].w[0] = pop16<M>();
  manual<M>(timing::kLeave);
}

template <TimingModel M>
void Cpu::exec186(uint8_t op) {
  switch (op) {
    case 0x60:
      if (op32_) pusha<M, uint32_t>(); else pusha<M, uint16_t>();
      manual<M>(timing::kPusha);
      return;
    case 0x61:
      if (op32_) popa<M, uint32_t>(); else popa<M, uint16_t>();
      manual<M>(timing::kPopa);
      return;
    case 0x62: {
      ModRM m;
      decodeModRM<M>(m);
      if (m.isReg()) { undefinedOpcode<M>(); return; }
      manual<M>(timing::kBound);
      bool inside = op32_ ? bound<M, uint32_t>(m) : bound<M, uint16_t>(m);
      if (!inside) raiseException<M>(5, instrStart_);
      return;
    }
    case 0x68:
      if (op32_) push32<M>(fetch32<M>()); else push16<M>(fetch16<M>());
      manual<M>(timing::kPushImm);
      return;
    case 0x6A: {
      int8_t imm = int8_t(fetch8<M>());
      if (op32_) push32<M>(uint32_t(int32_t(imm))); else push16<M>(uint16_t(int16_t(imm)));
      manual<M>(timing::kPushImm);
      return;
    }
    case 0x69: case 0x6B: {  // IMUL reg,r/m,imm
      ModRM m;
      decodeModRM<M>(m);
      withWidth(true, op32_, [&](auto zero) {
        using T = decltype(zero);
        T a = readRM<M, T>(m);
        T b = op == 0x6B ? T(std::make_signed_t<T>(int8_t(fetch8<M>()))) : fetchImm<M, T>();
        setReg<T>(m.reg, imul3<T>(a, b));
      });
      manual<M>(m.isReg() ? timing::kImul3Reg : timing::kImul3Mem);
      return;
    }
    case 0x6C: case 0x6D: case 0x6E: case 0x6F:
      execString<M>(op);
      return;
    case 0xC8: enter<M>(); return;
    case 0xC9: leave<M>(); return;
    default:
      undefinedOpcode<M>();  // 63h (ARPL is protected-mode only), 64h-67h before the 80386
      return;
  }
}

}  // namespace asmlab::x86

namespace asmlab::x86 {
// IMUL reg,r/m (0Fh AFh, ext386.cpp) shares the three-operand body.
template uint16_t Cpu::imul3<uint16_t>(uint16_t, uint16_t);
template uint32_t Cpu::imul3<uint32_t>(uint32_t, uint32_t);
}  // namespace asmlab::x86
