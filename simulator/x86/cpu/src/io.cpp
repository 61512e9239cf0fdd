// IN and OUT with an immediate port (E4h-E7h) or the port in DX (ECh-EFh).
// Intel 8086 Family User's Manual (1979), section 2.7 "Input and output". A word access is one
// bus cycle on the 8086 at an even port and two otherwise (always two on the 8088).
#include "cpu_inline.hpp"

namespace asmlab::x86 {

template <TimingModel M, class T>
T Cpu::portIn(uint16_t port) {
  if constexpr (M == kCycle) {
    return busRead<T>(BusStatus::IoRead, ES, port);
  } else {
    if (bus_.hasWaitStates()) clocks_ += bus_.waitStates(port, true);
    wordPenalty(port, sizeof(T));
    T v;
    if constexpr (sizeof(T) == 1) v = bus_.in8(port);
    else if constexpr (sizeof(T) == 2) v = bus_.in16(port);
    else v = uint32_t(bus_.in16(port)) | (uint32_t(bus_.in16(uint16_t(port + 2))) << 16);
    armInterruptPoll();  // a device access may change INTR (Cpu::signals_)
    return v;
  }
}

template <TimingModel M, class T>
void Cpu::portOut(uint16_t port, T v) {
  if constexpr (M == kCycle) {
    busWrite<T>(BusStatus::IoWrite, ES, port, v);
  } else {
    if (bus_.hasWaitStates()) clocks_ += bus_.waitStates(port, true);
    wordPenalty(port, sizeof(T));
    if constexpr (sizeof(T) == 1) bus_.out8(port, v);
    else if constexpr (sizeof(T) == 2) bus_.out16(port, v);
    else { bus_.out16(port, uint16_t(v)); bus_.out16(uint16_t(port + 2), uint16_t(v >> 16)); }
    armInterruptPoll();  // a device access may change INTR (Cpu::signals_)
  }
}

// Cycle model: IN/OUT imm: one clock, the port byte, then IN 1 clock and the read, OUT 2 and
// the write; IN/OUT DX: IN 1 clock, OUT 2, and the bus cycle.
template <TimingModel M>
void Cpu::execIo(uint8_t op) {
  const bool viaDx = op >= 0xEC;
  const bool out = op & 2;
  eu<M>(viaDx ? 0 : 1);
  const uint16_t port = viaDx ? gpr_[DX].w[0] : fetch8<M>();
  eu<M>(out ? 2 : 1);
  withWidth(op & 1, op32_, [&](auto zero) {
    using T = decltype(zero);
    if (out) portOut<M, T>(port, getReg<T>(AX));
    else setReg<T>(AX, portIn<M, T>(port));
  });
  if (viaDx) manual<M>(out ? timing::kOutDx : timing::kInDx);
  else manual<M>(out ? timing::kOutImm : timing::kInImm);
}

}  // namespace asmlab::x86
