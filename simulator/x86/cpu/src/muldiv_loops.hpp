// The cycle model's timing of the 8086's multiply and divide microcode loops; used by MUL/IMUL/
// DIV/IDIV (muldiv.cpp) and AAM/AAD (bcd.cpp). Included by those files only.
#pragma once

#include <cstdint>
#include <type_traits>

#include "cpu_inline.hpp"

namespace asmlab::x86 {

// The 8086 multiplies and divides in microcode loops (K. Shirriff, "Reverse-engineering the
// multiplication algorithm in the Intel 8086 processor" and "... the division microcode"): CORX
// takes one bit of the multiplier per iteration, 6 clocks, one more when the bit is set (an add);
// CORD takes one quotient bit per iteration of a restoring division, 8 clocks, one more when the
// trial subtraction succeeds without the dividend's top bit having been shifted out (a taken
// jump), and 2 more at the end when the last quotient bit is one. The constants around the loops
// (the operand moves, the sign handling of IMUL and IDIV, the flags) were measured on the
// SingleStepTests records, 500 tests per form.
template <class T> inline unsigned popcount(T v) { return unsigned(__builtin_popcount(unsigned(v))); }

// The CORD loop dividing hi:lo (unsigned, hi < divisor) by divisor: its clocks, and the minuend
// of its last trial subtraction that set the flags (the microcode line after the subtraction
// updates the flags, except on the path where the dividend's top bit went out).
template <class T>
struct CordLoop {
  unsigned clocks = 0;
  T lastMinuend = 0;
};

template <class T>
inline CordLoop<T> cordLoop(T hi, T lo, T divisor) {
  constexpr unsigned bits = kBits<T>;
  using W = std::conditional_t<sizeof(T) == 4, uint64_t, uint32_t>;
  CordLoop<T> loop;
  loop.clocks = 8 * bits;
  W rem = hi;
  bool lastOne = false;
  for (int i = int(bits) - 1; i >= 0; --i) {
    const bool topOut = (rem >> (bits - 1)) & 1;
    rem = (rem << 1) | ((lo >> i) & 1);
    const W shifted = rem & T(~T(0));
    if (topOut) {                       // the top bit went out: the subtraction cannot borrow
      rem = T(shifted - divisor);
      lastOne = true;
      continue;
    }
    loop.lastMinuend = T(shifted);
    if (shifted >= divisor) {           // the subtraction succeeds: one more clock
      rem = shifted - divisor;
      ++loop.clocks;
      lastOne = true;
    } else {
      rem = shifted;
      lastOne = false;
    }
  }
  loop.clocks += lastOne ? 2 : 0;
  return loop;
}

template <class T>
inline unsigned cordClocks(T hi, T lo, T divisor) { return cordLoop<T>(hi, lo, divisor).clocks; }

}  // namespace asmlab::x86
