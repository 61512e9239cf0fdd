// Case-insensitive string maps with heterogeneous lookup (no allocation to look a word up).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

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

namespace asmlab::masm {

// Words of up to 16 characters, upper-cased and packed into two integers: the key of
// FoldedWordTable. Hashing and comparing it costs a few instructions, against a character loop,
// a division and a string compare for NameMap (keyword tables are looked up for every line).
struct FoldedWord {
  uint64_t low = 0, high = 0;
  static constexpr size_t kMaxLength = 16;
  // False for the empty word and words longer than kMaxLength.
  static bool make(std::string_view s, FoldedWord& out) {
    if (s.empty() || s.size() > kMaxLength) return false;
    char bytes[kMaxLength] = {};
    for (size_t i = 0; i < s.size(); ++i) bytes[i] = toUpper(s[i]);
    std::memcpy(&out.low, bytes, 8);
    std::memcpy(&out.high, bytes + 8, 8);
    return true;
  }
  size_t hash() const {
    uint64_t h = (low * 0x9E3779B97F4A7C15ull) ^ (high * 0xC2B2AE3D27D4EB4Full);
    return static_cast<size_t>(h ^ (h >> 32));
  }
  bool operator==(const FoldedWord&) const = default;
};

// A case-insensitive map from short words to small values (open addressing, linear probing).
// Words too long for FoldedWord are not stored: find() returns nullptr for them.
template <typename T>
class FoldedWordTable {
public:
  const T* find(std::string_view word) const {
    FoldedWord key;
    if (slots_.empty() || !FoldedWord::make(word, key)) return nullptr;
    for (size_t i = key.hash() & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.key == key) return &s.value;
    }
  }
  // Adds or replaces; false if the word is too long to be stored.
  bool insert(std::string_view word, T value) {
    FoldedWord key;
    if (!FoldedWord::make(word, key)) return false;
    if ((count_ + 1) * 2 > slots_.size()) grow();
    for (size_t i = key.hash() & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.used) {
        s = Slot{key, std::move(value), true};
        ++count_;
        return true;
      }
      if (s.key == key) {
        s.value = std::move(value);
        return true;
      }
    }
  }

private:
  struct Slot {
    FoldedWord key;
    T value{};
    bool used = false;
  };
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t count_ = 0;

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
    mask_ = slots_.size() - 1;
    count_ = 0;
    for (Slot& s : old)
      if (s.used)
        for (size_t i = s.key.hash() & mask_;; i = (i + 1) & mask_)
          if (!slots_[i].used) {
            slots_[i] = std::move(s);
            ++count_;
            break;
          }
  }
};

}  // namespace asmlab::masm
