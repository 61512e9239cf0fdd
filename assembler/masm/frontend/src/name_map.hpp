// Case-insensitive string maps with heterogeneous lookup (no allocation to look a word up).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

#include "text_util.hpp"

namespace asmlab::masm {

struct CaseInsensitiveHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept {
    size_t h = 14695981039346656037ull;
    for (char c : s) h = (h ^ static_cast<unsigned char>(toUpper(c))) * 1099511628211ull;
    return h;
  }
};
struct CaseInsensitiveEqual {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const noexcept { return iequals(a, b); }
};
struct ExactHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
struct ExactEqual {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const noexcept { return a == b; }
};

template <typename T>
using NameMap = std::unordered_map<std::string, T, CaseInsensitiveHash, CaseInsensitiveEqual>;

}  // namespace asmlab::masm
