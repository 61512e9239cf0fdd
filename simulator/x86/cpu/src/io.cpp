// IN and OUT with an immediate port (E4h-E7h) or the port in DX (ECh-EFh).
// Intel 8086 Family User's Manual (1979), section 2.7 "Input and output". A word access is one
// bus cycle on the 8086 at an even port and two otherwise (always two on the 8088).
#include "cpu_inline.hpp"

namespace asmlab::x86 {

template <class T>
T Cpu::portIn(uint16_t port) {
  if (bus_.hasWaitStates()) clocks_ += bus_.waitStates(port, true);
  wordPenalty(port, sizeof(T));
  T v;
  if constexpr (sizeof(T) == 1) v = bus_.in8(port);
  else if constexpr (sizeof(T) == 2) v = bus_.in16(port);
  else v = uint32_t(bus_.in16(port)) | (uint32_t(bus_.in16(uint16_t(port + 2))) << 16);
  armInterruptPoll();  // a device access may change INTR (Cpu::signals_)
  return v;
}

template <class T>
void Cpu::portOut(uint16_t port, T v) {
  if (bus_.hasWaitStates()) clocks_ += bus_.waitStates(port, true);
  wordPenalty(port, sizeof(T));
  if constexpr (sizeof(T) == 1) bus_.out8(port, v);
  else if constexpr (sizeof(T) == 2) bus_.out16(port, v);
  else { bus_.out16(port, uint16_t(v)); bus_.out16(uint16_t(port + 2), uint16_t(v >> 16)); }
  armInterruptPoll();  // a device access may change INTR (Cpu::signals_)
}

template uint8_t Cpu::portIn<uint8_t>(uint16_t);
template uint16_t Cpu::portIn<uint16_t>(uint16_t);
template uint32_t Cpu::portIn<uint32_t>(uint16_t);
template void Cpu::portOut<uint8_t>(uint16_t, uint8_t);
template void Cpu::portOut<uint16_t>(uint16_t, uint16_t);
template void Cpu::portOut<uint32_t>(uint16_t, uint32_t);

void Cpu::execIo(uint8_t op) {
  const bool viaDx = op >= 0xEC;
  const uint16_t port = viaDx ? gpr_[DX].w[0] : fetch8();
  const bool out = op & 2;
  withWidth(op & 1, op32_, [&](auto zero) {
    using T = decltype(zero);
    if (out) portOut<T>(port, getReg<T>(AX));
    else setReg<T>(AX, portIn<T>(port));
  });
  if (viaDx) clocks_ += out ? timing::kOutDx : timing::kInDx;
  else clocks_ += out ? timing::kOutImm : timing::kInImm;
}

}  // namespace asmlab::x86
