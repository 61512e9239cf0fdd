#include "compiled_regex.hpp"

#include <cctype>

namespace asmlab::grader {

namespace {

// Digits from `at` on.
size_t digitsAt(const std::string& pattern, size_t at) {
  size_t end = at;
  while (end < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[end]))) ++end;
  return end - at;
}

struct NumberTooLong : std::regex_error {
  explicit NumberTooLong(std::regex_constants::error_type code) : std::regex_error(code) {}
  const char* what() const noexcept override {
    return "a back-reference or repeat count of more than six digits";
  }
};

}  // namespace

std::regex compileRegex(const std::string& pattern, std::regex::flag_type flags) {
  // ECMAScript numbers: `\N` back-references and `{N}`, `{N,}`, `{N,M}` counts (outside a class).
  constexpr size_t kMostDigits = 6;
  bool inClass = false, inCount = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\\') {
      if (!inClass && digitsAt(pattern, i + 1) > kMostDigits) throw NumberTooLong(std::regex_constants::error_backref);
      ++i;  // the escaped character
    } else if (inClass) {
      inClass = c != ']';
    } else if (c == '[') {
      inClass = true;
    } else if (c == '{') {
      inCount = true;
    } else if (c == '}') {
      inCount = false;
    } else if (inCount && digitsAt(pattern, i) > kMostDigits) {
      throw NumberTooLong(std::regex_constants::error_badbrace);
    }
  }
  return std::regex(pattern, flags);
}

}  // namespace asmlab::grader
