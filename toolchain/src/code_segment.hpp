// Which segments of an 8086 program hold code, by the conventions every DOS compiler and assembler
// follows: class CODE (`'CODE'`, `'FAR_CODE'`) or a name ending in TEXT (_TEXT, MAIN_TEXT).
#pragma once

#include <string_view>

namespace asmlab::toolchain {

// `tail` is upper case; ASCII letters of `s` compare without case, as std::toupper's "C" locale.
inline bool endsWithNoCase(std::string_view s, std::string_view tail) {
  if (s.size() < tail.size()) return false;
  for (size_t i = 0; i < tail.size(); ++i) {
    char c = s[s.size() - tail.size() + i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != tail[i]) return false;
  }
  return true;
}

inline bool isCodeSegment(std::string_view className, std::string_view name) {
  return endsWithNoCase(className, "CODE") || endsWithNoCase(name, "TEXT");
}

}  // namespace asmlab::toolchain
