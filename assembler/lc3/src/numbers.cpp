#include "numbers.hpp"

namespace asmlab::lc3::detail {

int64_t numberValue(std::string_view text, bool& overflow) {
  overflow = false;
  unsigned base = 10;
  if (!text.empty() && text[0] == '#') {
    text.remove_prefix(1);
  } else if (text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  } else if (!text.empty() && (text[0] == 'x' || text[0] == 'X')) {
    base = 16;
    text.remove_prefix(1);
  } else if (!text.empty() && (text[0] == 'b' || text[0] == 'B')) {
    base = 2;
    text.remove_prefix(1);
  }
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  int64_t value = 0;
  for (char c : text) {
    unsigned digit = c <= '9' ? unsigned(c - '0') : unsigned((c | 0x20) - 'a' + 10);
    value = value * base + digit;
    if (value > 0xFFFFFFFFll) {
      overflow = true;
      return 0;
    }
  }
  return negative ? -value : value;
}

}  // namespace asmlab::lc3::detail
