// MUL IMUL DIV IDIV (group F6h/F7h, reg 4-7) and the divide error.
// Intel 8086 Family User's Manual (1979), section 2.7 "Multiplication", "Division", table 2-21.
#include <cstdint>

#include "cpu_inline.hpp"

namespace asmlab::x86 {

namespace {
template <class T> using Wide = std::conditional_t<sizeof(T) == 4, uint64_t, uint32_t>;
template <class T> using SWide = std::make_signed_t<Wide<T>>;
template <class T> using Signed = std::make_signed_t<T>;
// The signed type of the double-width dividend (AX for bytes, DX:AX for words, EDX:EAX).
template <class T> using SDouble = std::conditional_t<sizeof(T) == 1, int16_t, std::conditional_t<sizeof(T) == 2, int32_t, int64_t>>;
}  // namespace

// Divide error (interrupt 0). The 8086/8088 push the address of the next instruction; the 80286
// and later push the address of the faulting instruction so that it can be restarted.
template <TimingModel M>
void Cpu::divideError() {
  manual<M>(timing::kDivideErrorEntry);
  raiseException<M>(0, has286_ ? instrStart_ : ip_);
}

template <TimingModel M, class T>
void Cpu::mulDiv(const ModRM& m, unsigned kind) {
  constexpr unsigned bits = kBits<T>;
  const T src = readRM<M, T>(m);
  // The accumulator pair: AL/AH:AL for bytes, AX/DX:AX for words, EAX/EDX:EAX for dwords.
  T& lo = regRef<T>(AX);
  T& hi = regRef<T>(sizeof(T) == 1 ? unsigned(AH) : unsigned(DX));
  // An 8086 quirk: a REP prefix flips the sign of an IMUL product or IDIV quotient, because the
  // microcode uses the prefix's flag as its sign latch (see docs/x86-cpu.md).
  const bool repNegates = !has186_ && rep_ != 0;
  switch (kind) {
    case 4: {  // MUL: CF = OF = upper half non-zero
      Wide<T> product = Wide<T>(lo) * Wide<T>(src);
      lo = T(product);
      hi = T(product >> bits);
      cf_ = of_ = hi != 0;
      setSZP<T>(hi);
      setZf(product == 0);
      break;
    }
    case 5: {  // IMUL: CF = OF = upper half is not the sign extension of the lower half
      SWide<T> product = SWide<T>(Signed<T>(lo)) * SWide<T>(Signed<T>(src));
      if (repNegates) product = -product;
      lo = T(product);
      hi = T(Wide<T>(product) >> bits);
      cf_ = of_ = product != SWide<T>(Signed<T>(lo));
      setSZP<T>(hi);
      setZf(product == 0);
      break;
    }
    case 6: {  // DIV: quotient must fit in the low half
      Wide<T> dividend = (Wide<T>(hi) << bits) | lo;
      if (src == 0 || dividend / src > Wide<T>(T(~T(0)))) { divideError<M>(); return; }
      Wide<T> quotient = dividend / src;
      Wide<T> remainder = dividend % src;
      lo = T(quotient);
      hi = T(remainder);
      break;
    }
    default: {  // IDIV: quotient truncated toward zero, remainder has the dividend's sign
      // In 64 bits, so that the host never divides its most negative value by -1 (a trap).
      int64_t dividend = SDouble<T>((Wide<T>(hi) << bits) | lo);
      int64_t divisor = Signed<T>(src);
      if (divisor == 0) { divideError<M>(); return; }
      if (sizeof(T) == 4 && divisor == -1 && dividend == INT64_MIN) { divideError<M>(); return; }
      int64_t quotient = dividend / divisor;
      int64_t remainder = dividend % divisor;
      if (repNegates) quotient = -quotient;
      // The 8086/8088 reject the most negative quotient too (-128 / -32768); the 80186 and
      // later accept it (80186 manual, IDIV).
      const int64_t maxQ = int64_t((uint64_t(1) << (bits - 1)) - 1);
      const int64_t minQ = has186_ ? -maxQ - 1 : -maxQ;
      if (quotient > maxQ || quotient < minQ) { divideError<M>(); return; }
      lo = T(quotient);
      hi = T(remainder);
      break;
    }
  }
}

template <TimingModel M>
void Cpu::execMulDiv(const ModRM& m, bool word) {
  const unsigned kind = m.reg;
  static constexpr unsigned byteClocks[4] = {timing::kMul8, timing::kImul8, timing::kDiv8, timing::kIdiv8};
  static constexpr unsigned wordClocks[4] = {timing::kMul16, timing::kImul16, timing::kDiv16, timing::kIdiv16};
  manual<M>((word ? wordClocks : byteClocks)[kind - 4] + (m.isReg() ? 0 : timing::kMulDivMemExtra));
  withWidth(word, op32_, [&](auto zero) { mulDiv<M, decltype(zero)>(m, kind); });
}

}  // namespace asmlab::x86
