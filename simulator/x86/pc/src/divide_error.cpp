#include "divide_error.hpp"

#include <cstdint>
#include <cstdio>

namespace asmlab::x86::pc {

namespace {

struct Registers {
  const char *pair, *high, *low, *quotient, *clear, *extend;
};

Registers registersOf(unsigned bits) {
  if (bits == 8) return {"AX", "AH", "AL", "AL", "MOV AH, 0", "CBW"};
  if (bits == 16) return {"DX:AX", "DX", "AX", "AX", "XOR DX, DX", "CWD"};
  return {"EDX:EAX", "EDX", "EAX", "EAX", "XOR EDX, EDX", "CDQ"};
}

std::string hex(uint64_t value, unsigned bits) {
  char text[24];
  std::snprintf(text, sizeof text, "%0*llXh", static_cast<int>(bits / 4), static_cast<unsigned long long>(value));
  return text;
}

// The value of the low `bits` of `value` read as a two's complement number.
int64_t signedOf(uint64_t value, unsigned bits) {
  const uint64_t sign = uint64_t{1} << (bits - 1);
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  value &= mask;
  return (value & sign) ? static_cast<int64_t>(value | ~mask) : static_cast<int64_t>(value);
}

}  // namespace

std::string explainDivideFault(const Cpu::DivideFault& fault) {
  if (fault.aam) return "AAM divided AL = " + hex(fault.dividend & 0xFF, 8) + " by its base, 0";
  const unsigned bits = fault.bits;
  const Registers r = registersOf(bits);
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const uint64_t high = fault.dividend >> bits, low = fault.dividend & mask;
  const char* op = fault.isSigned ? "IDIV" : "DIV";
  const int64_t signedDividend = signedOf(fault.dividend, 2 * bits), signedDivisor = signedOf(fault.divisor, bits);
  const std::string dividend = fault.isSigned ? std::to_string(signedDividend) : std::to_string(fault.dividend);
  const std::string divisor = fault.isSigned ? std::to_string(signedDivisor) : std::to_string(fault.divisor);
  std::string text = (bits == 8 ? "an " : "a ") + std::to_string(bits) + "-bit " + op + " divided " + r.pair + " = " +
                     dividend + " (" + r.high + " = " + hex(high, bits) + ", " + r.low + " = " + hex(low, bits) +
                     ") by " + divisor;
  if (fault.divisor == 0) return text;
  std::string range;
  if (fault.isSigned) {
    // The one quotient a host int64_t cannot hold: -2^63 / -1.
    const std::string quotient = signedDividend == INT64_MIN && signedDivisor == -1
                                     ? std::string("9223372036854775808")
                                     : std::to_string(signedDividend / signedDivisor);
    range = quotient + ", which does not fit in " + r.quotient + " (" + std::to_string(-(int64_t{1} << (bits - 1))) +
            " to " + std::to_string((int64_t{1} << (bits - 1)) - 1) + ")";
  } else {
    range = std::to_string(fault.dividend / fault.divisor) + ", which does not fit in " + r.quotient + " (0 to " +
            std::to_string(mask) + ")";
  }
  text += ": the quotient is " + range;
  if (!fault.isSigned) {
    // A quotient that does not fit means the upper half is at least the divisor.
    return text + "; " + r.high + ", the dividend's upper half, must be below the divisor (" + r.clear +
           " before DIV clears it)";
  }
  const bool extended = signedOf(low, bits) < 0 ? high == mask : high == 0;
  if (!extended)
    text += std::string("; ") + r.high + " is not " + r.low + "'s sign extension (" + r.extend +
            " before IDIV makes it so)";
  return text;
}

}  // namespace asmlab::x86::pc
