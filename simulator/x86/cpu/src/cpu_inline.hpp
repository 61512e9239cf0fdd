// Small helpers every instruction family uses: register references, fetch, memory access with
// the 8086/8088 word penalties, and the arithmetic flag rules. Included by the family files only.
#pragma once

#include <type_traits>

#include "asmlab/x86/cpu.hpp"
#include "timing.hpp"

namespace asmlab::x86 {

// Parity flag: set when the low byte of a result has an even number of ones (manual, 2.3).
struct ParityTable {
  uint8_t even[256];
  constexpr ParityTable() : even{} {
    for (int i = 0; i < 256; ++i) {
      int ones = 0;
      for (int b = 0; b < 8; ++b) ones += (i >> b) & 1;
      even[i] = (ones & 1) == 0;
    }
  }
};
inline constexpr ParityTable kParity{};

template <class T> constexpr unsigned kBits = sizeof(T) * 8;
template <class T> constexpr T kSignBit = T(T(1) << (kBits<T> - 1));

template <class T>
inline T& Cpu::regRef(unsigned r) {
  if constexpr (sizeof(T) == 1) return gpr_[r & 3].b[r >> 2];
  else if constexpr (sizeof(T) == 2) return gpr_[r].w[0];
  else return gpr_[r].d;
}

inline uint8_t Cpu::readPhys8(uint32_t linear) {
  linear &= addressMask_;
  if (const uint8_t* page = fastRead_[linear >> Bus::kPageBits]) return page[linear & 0xFFF];
  if (bus_.hasWaitStates()) clk_ += bus_.waitStates(linear, false);
  return bus_.read8(linear);
}

inline void Cpu::writePhys8(uint32_t linear, uint8_t v) {
  linear &= addressMask_;
  if (uint8_t* page = fastWrite_[linear >> Bus::kPageBits]) { page[linear & 0xFFF] = v; return; }
  if (bus_.hasWaitStates()) clk_ += bus_.waitStates(linear, false);
  bus_.write8(linear, v);
}

inline uint8_t Cpu::fetch8() {
  uint8_t v = codeWindow_ != nullptr ? codeWindow_[ip_] : readPhys8(segBase_[CS] + ip_);
  ip_ = static_cast<uint16_t>(ip_ + 1);
  return v;
}

template <class T>
inline T Cpu::fetchImm() {
  if constexpr (sizeof(T) == 1) return fetch8();
  else if constexpr (sizeof(T) == 2) return fetch16();
  else return fetch32();
}

// A word transfer costs 4 extra clocks on the 8088 always and on the 8086 at an odd address
// (manual, "Instruction set reference data", note on table 2-21).
inline void Cpu::wordPenalty(uint32_t offset, unsigned bytes) {
  if (bytes < 2) return;
  unsigned transfers = bytes / 2;
  if (is8088_) clk_ += timing::kWordPenalty * transfers;
  else if (offset & 1) clk_ += timing::kWordPenalty * transfers;
}

// Multi-byte operands wrap inside the segment (offset FFFFh + 1 = 0000h), as on the 8086.
template <class T>
inline T Cpu::readMem(unsigned seg, uint32_t offset) {
  uint32_t base = segBase_[seg];
  if constexpr (sizeof(T) == 1) {
    return readPhys8(base + offset);
  } else {
    wordPenalty(offset, sizeof(T));
    T v = 0;
    for (unsigned i = 0; i < sizeof(T); ++i) v = T(v | (T(readPhys8(base + wrapOffset(offset + i))) << (8 * i)));
    return v;
  }
}

template <class T>
inline void Cpu::writeMem(unsigned seg, uint32_t offset, T v) {
  uint32_t base = segBase_[seg];
  if constexpr (sizeof(T) == 1) {
    writePhys8(base + offset, v);
  } else {
    wordPenalty(offset, sizeof(T));
    for (unsigned i = 0; i < sizeof(T); ++i) writePhys8(base + wrapOffset(offset + i), uint8_t(v >> (8 * i)));
  }
}

template <class T>
inline void Cpu::setSZP(T r) {
  zf_ = r == 0;
  sf_ = (r >> (kBits<T> - 1)) & 1;
  pf_ = kParity.even[r & 0xFF];
}

// ADD/ADC: manual, "ADD": CF carry out of the top bit, AF carry out of bit 3, OF signed overflow.
template <class T>
inline T Cpu::add(T a, T b, unsigned carry) {
  using W = std::conditional_t<sizeof(T) == 4, uint64_t, uint32_t>;
  W wide = W(a) + W(b) + carry;
  T r = T(wide);
  cf_ = (wide >> kBits<T>) & 1;
  af_ = ((a ^ b ^ r) >> 4) & 1;
  of_ = (((a ^ r) & (b ^ r)) >> (kBits<T> - 1)) & 1;
  setSZP(r);
  return r;
}

// SUB/SBB/CMP/NEG: CF is the borrow, AF the borrow out of bit 3.
template <class T>
inline T Cpu::sub(T a, T b, unsigned borrow) {
  using W = std::conditional_t<sizeof(T) == 4, uint64_t, uint32_t>;
  W wide = W(a) - W(b) - borrow;
  T r = T(wide);
  cf_ = (wide >> kBits<T>) & 1;
  af_ = ((a ^ b ^ r) >> 4) & 1;
  of_ = (((a ^ b) & (a ^ r)) >> (kBits<T> - 1)) & 1;
  setSZP(r);
  return r;
}

// AND/OR/XOR/TEST clear CF and OF; AF is undefined and the 8086 clears it.
template <class T>
inline T Cpu::logicResult(T r) {
  cf_ = 0; of_ = 0; af_ = 0;
  setSZP(r);
  return r;
}

template <class T>
inline T Cpu::alu(unsigned op, T a, T b) {
  switch (op & 7) {
    case 0: return add<T>(a, b, 0);
    case 1: return logicResult<T>(T(a | b));
    case 2: return add<T>(a, b, cf_);
    case 3: return sub<T>(a, b, cf_);
    case 4: return logicResult<T>(T(a & b));
    case 5: return sub<T>(a, b, 0);
    case 6: return logicResult<T>(T(a ^ b));
    default: return sub<T>(a, b, 0);  // CMP
  }
}

template <class T>
inline void Cpu::pushValue(T v) {
  if constexpr (sizeof(T) == 4) push32(v); else push16(uint16_t(v));
}
template <class T>
inline T Cpu::popValue() {
  if constexpr (sizeof(T) == 4) return pop32(); else return pop16();
}

inline void Cpu::push16(uint16_t v) {
  uint16_t sp = uint16_t(gpr_[SP].w[0] - 2);
  gpr_[SP].w[0] = sp;
  writeMem<uint16_t>(SS, sp, v);
}
inline uint16_t Cpu::pop16() {
  uint16_t sp = gpr_[SP].w[0];
  uint16_t v = readMem<uint16_t>(SS, sp);
  gpr_[SP].w[0] = uint16_t(sp + 2);
  return v;
}
inline void Cpu::push32(uint32_t v) {
  uint16_t sp = uint16_t(gpr_[SP].w[0] - 4);
  gpr_[SP].w[0] = sp;
  writeMem<uint32_t>(SS, sp, v);
}
inline uint32_t Cpu::pop32() {
  uint16_t sp = gpr_[SP].w[0];
  uint32_t v = readMem<uint32_t>(SS, sp);
  gpr_[SP].w[0] = uint16_t(sp + 4);
  return v;
}

}  // namespace asmlab::x86

namespace asmlab::x86 {

// Runs `body` with the operand type of an instruction: byte when !word, else word (dword under
// the 80386 operand-size prefix). The body is a generic lambda taking a zero of the type.
template <class Body>
inline void withWidth(bool word, bool op32, Body&& body) {
  if (!word) body(uint8_t{0});
  else if (op32) body(uint32_t{0});
  else body(uint16_t{0});
}

// INC/DEC: like ADD/SUB 1 but CF is preserved (manual, "INC").
template <class T>
inline T Cpu::incDec(T v, bool dec) {
  uint8_t carry = cf_;
  T r = dec ? sub<T>(v, T(1), 0) : add<T>(v, T(1), 0);
  cf_ = carry;
  return r;
}

}  // namespace asmlab::x86
