// MUL IMUL DIV IDIV (group F6h/F7h, reg 4-7) and the divide error.
// Intel 8086 Family User's Manual (1979), section 2.7 "Multiplication", "Division", table 2-21.
#include <cstdint>

#include "cpu_inline.hpp"
#include "muldiv_loops.hpp"

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
void Cpu::divideError(DivideFault fault) {
  manual<M>(timing::kDivideErrorEntry);
  fault.cs = sreg_[CS];
  fault.ip = has286_ ? instrStart_ : ip_;
  raiseException<M>(0, fault.ip);
  fault.exception = exceptions_;
  divideFault_ = fault;
}

template <TimingModel M, class T>
void Cpu::mulDiv(const ModRM& m, unsigned kind) {
  constexpr unsigned bits = kBits<T>;
  const T src = readRM<M, T>(m);
  // The cycle model's clocks after the operand (the ModRM byte, or the read's T4) differ between
  // the register and memory forms by the microcode's move of the operand.
  const unsigned memoryExtra = m.isReg() ? 0 : 1;
  // The accumulator pair: AL/AH:AL for bytes, AX/DX:AX for words, EAX/EDX:EAX for dwords.
  T& lo = regRef<T>(AX);
  T& hi = regRef<T>(sizeof(T) == 1 ? unsigned(AH) : unsigned(DX));
  // An 8086 quirk: a REP prefix flips the sign of an IMUL product or IDIV quotient, because the
  // microcode uses the prefix's flag as its sign latch (see docs/x86-cpu.md).
  const bool repNegates = !has186_ && rep_ != 0;
  constexpr T signBit = kSignBit<T>;
  // What a divide error reports: the operands as read (built only on that path).
  auto fault = [&] {
    return DivideFault{.bits = bits, .isSigned = kind == 7, .dividend = (uint64_t(hi) << bits) | lo, .divisor = src};
  };
  switch (kind) {
    case 4: {  // MUL: CF = OF = upper half non-zero
      const T multiplier = lo;
      Wide<T> product = Wide<T>(lo) * Wide<T>(src);
      lo = T(product);
      hi = T(product >> bits);
      cf_ = of_ = hi != 0;
      setSZP<T>(hi);
      setZf(product == 0);
      eu<M>(6 * bits + popcount(multiplier) + 19 + (cf_ ? 0 : 1) + memoryExtra);
      break;
    }
    case 5: {  // IMUL: CF = OF = upper half is not the sign extension of the lower half
      const bool accNegative = (lo & signBit) != 0, srcNegative = (src & signBit) != 0;
      const T multiplier = accNegative ? T(-lo) : lo;
      SWide<T> product = SWide<T>(Signed<T>(lo)) * SWide<T>(Signed<T>(src));
      if (repNegates) product = -product;
      lo = T(product);
      hi = T(Wide<T>(product) >> bits);
      cf_ = of_ = product != SWide<T>(Signed<T>(lo));
      setSZP<T>(hi);
      setZf(product == 0);
      // The microcode makes both operands positive (negating the accumulator costs 2 clocks, a
      // negative source saves one, and one more when it stays negative: the most negative
      // value), multiplies, and negates the product when the signs differ (the REP prefix's
      // flag inverts that): 12 clocks.
      const bool negate = (accNegative != srcNegative) != repNegates;
      eu<M>(6 * bits + popcount(multiplier) + 29 + (cf_ ? 0 : 1) + (accNegative ? 2 : 0) - (srcNegative ? 1 : 0) -
            (src == signBit ? 1 : 0) + (negate ? 12 : 0) + memoryExtra);
      break;
    }
    case 6: {  // DIV: quotient must fit in the low half
      Wide<T> dividend = (Wide<T>(hi) << bits) | lo;
      if (src == 0 || dividend / src > Wide<T>(T(~T(0)))) {
        // The microcode's first step subtracts the divisor from the upper half; no borrow means
        // the quotient cannot fit: interrupt 0, with the flags of that subtraction (as pushed
        // on the stack in the SingleStepTests records).
        sub<T>(hi, src, 0);
        eu<M>(12 + memoryExtra);
        divideError<M>(fault());
        return;
      }
      if constexpr (M == kCycle) eu<M>(cordClocks<T>(hi, lo, src) + 14 + memoryExtra);
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
      // Cycle model: the operands are made positive first (a negative dividend costs 4 clocks, a
      // negative divisor saves one); the loop divides the magnitudes.
      const bool dividendNegative = dividend < 0, divisorNegative = divisor < 0;
      const unsigned signs = (dividendNegative ? 4 : 0) - (divisorNegative ? 1 : 0) + memoryExtra;
      // Negated as unsigned: -2^63 (EDX:EAX = 8000000000000000h) has no signed negation.
      const uint64_t magnitude = dividendNegative ? 0 - uint64_t(dividend) : uint64_t(dividend);
      const uint64_t divisorMagnitude = divisorNegative ? 0 - uint64_t(divisor) : uint64_t(divisor);
      if (divisor == 0 || (magnitude >> bits) >= divisorMagnitude) {
        sub<T>(T(magnitude >> bits), T(divisorMagnitude), 0);  // as for DIV, on the magnitudes
        eu<M>(22 + signs);
        divideError<M>(fault());
        return;
      }
      const CordLoop<T> loop = cordLoop<T>(T(magnitude >> bits), T(magnitude), T(divisorMagnitude));
      if (sizeof(T) == 4 && divisor == -1 && dividend == INT64_MIN) {
        divideError<M>(fault());
        return;
      }
      int64_t quotient = dividend / divisor;
      int64_t remainder = dividend % divisor;
      if (repNegates) quotient = -quotient;
      // The 8086/8088 reject the most negative quotient too (-128 / -32768); the 80186 and
      // later accept it (80186 manual, IDIV).
      const int64_t maxQ = int64_t((uint64_t(1) << (bits - 1)) - 1);
      const int64_t minQ = has186_ ? -maxQ - 1 : -maxQ;
      if (quotient > maxQ || quotient < minQ) {
        // The quotient's sign test after the loop fails: interrupt 0, with the flags of the
        // loop's last trial subtraction and CF clear (as pushed in the SingleStepTests records).
        sub<T>(loop.lastMinuend, T(divisorMagnitude), 0);
        cf_ = 0;
        eu<M>(loop.clocks + 29 + signs);
        divideError<M>(fault());
        return;
      }
      eu<M>(loop.clocks + 35 + signs);
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
