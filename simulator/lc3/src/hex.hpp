// LC-3 style hexadecimal formatting for messages ("x3004").
#pragma once

#include <cstdint>
#include <string>

namespace asmlab::lc3sim {

inline std::string hex4(uint16_t v) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string s(4, '0');
  for (int i = 3; i >= 0; --i, v >>= 4) s[static_cast<size_t>(i)] = kDigits[v & 15];
  return s;
}

inline std::string hex2(uint8_t v) { return hex4(v).substr(2); }

}  // namespace asmlab::lc3sim
