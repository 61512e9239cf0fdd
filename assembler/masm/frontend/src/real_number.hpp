// Real-number initialisers (REAL4/REAL8/REAL10, DD/DQ/DT): decimal reals converted exactly to the
// IEEE 754 single, double and x87 double-extended formats, rounded to nearest with ties to even
// (IEEE 754-1985 section 4.1, the default rounding; 80387 Programmer's Reference Manual 2.2.2 for
// the 80-bit layout), and MASM's encoded reals (hex digits followed by R).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace asmlab::masm {

struct RealBytes {
  std::array<uint8_t, 10> bytes{};  // little-endian, `size` of them used
  std::string error;                // empty on success
};

// True if `text` reads as a decimal real: digits, a point, digits, an optional exponent
// (`3.14`, `1.`, `1.5e-3`, `2.0E+10`).
bool isDecimalReal(std::string_view text);
// The value of a decimal real, negated when `negative`, as `size` bytes: 4 (single), 8 (double)
// or 10 (double extended). A magnitude beyond the format's range is an error; one below its
// smallest denormal rounds to zero.
RealBytes encodeDecimalReal(std::string_view text, bool negative, unsigned size);
// MASM's encoded real (MASM 6.1 Programmer's Guide, ch. 6, "Declaring Floating-Point
// Variables"): `size` (4, 8 or 10) * 2 hex digits (one more if the first is 0) and an R suffix,
// the bytes written as they are. isEncodedReal: false if `text` is not of that shape at all.
bool isEncodedReal(std::string_view text);
RealBytes encodeEncodedReal(std::string_view text, unsigned size);

}  // namespace asmlab::masm
