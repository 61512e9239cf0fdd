// Character classes and small string helpers shared by the lexer, the macro layer and the parser.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace asmlab::masm {

// Character classes, one table lookup each (the scanners test every character of every line).
namespace charclass {
enum : uint8_t { kIdentStart = 1, kIdentChar = 2, kBlank = 4 };
struct Table {
  uint8_t bits[256] = {};
  constexpr Table() {
    for (int c = 0; c < 256; ++c) {
      // MASM 6.1 Programmer's Guide, ch. 1 "Identifiers": letters, digits, _ @ $ ?, not starting with a digit.
      bool start = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '@' || c == '$' || c == '?';
      bool digit = c >= '0' && c <= '9';
      bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
      bits[c] = static_cast<uint8_t>((start ? kIdentStart : 0) | (start || digit ? kIdentChar : 0) | (blank ? kBlank : 0));
    }
  }
};
inline constexpr Table kTable{};
inline bool has(char c, uint8_t bit) { return (kTable.bits[static_cast<unsigned char>(c)] & bit) != 0; }
}  // namespace charclass

inline bool isIdentStart(char c) { return charclass::has(c, charclass::kIdentStart); }
inline bool isIdentChar(char c) { return charclass::has(c, charclass::kIdentChar); }
// A whole word that is a name: an identifier character first, and only those after it.
inline bool isName(std::string_view w) {
  if (w.empty() || !isIdentStart(w[0])) return false;
  for (char c : w)
    if (!isIdentChar(c)) return false;
  return true;
}
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
inline bool isBlank(char c) { return charclass::has(c, charclass::kBlank); }
inline char toUpper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c; }

inline std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = toUpper(c);
  return out;
}
inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (toUpper(a[i]) != toUpper(b[i])) return false;
  return true;
}
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && isBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
  return s;
}

// Index just past the comment-free part of a line: a ';' outside quotes starts a comment.
inline size_t commentStart(std::string_view line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == ';') {
      return i;
    }
  }
  return line.size();
}

// A cursor over one line that yields words the way MASM's first-field scanner sees them.
struct WordCursor {
  std::string_view text;
  size_t pos = 0;

  void skipBlanks() {
    const char* s = text.data();
    size_t n = text.size(), i = pos;
    // Lines are mostly indented with runs of spaces: eight at a time first.
    constexpr uint64_t kEightSpaces = 0x2020202020202020ull;
    for (uint64_t v; i + 8 <= n && (std::memcpy(&v, s + i, 8), v == kEightSpaces);) i += 8;
    while (i < n && isBlank(s[i])) ++i;
    pos = i;
  }
  bool atEnd() {
    skipBlanks();
    return pos >= text.size();
  }
  // An identifier, possibly a directive starting with '.', or a single punctuation character
  // ("=" included). Empty at the end of the line.
  // Inlined: the scanners call it for the first words of every line.
  [[gnu::always_inline]] std::string_view word() {
    skipBlanks();
    const char* s = text.data();
    size_t n = text.size(), i = pos;
    if (i >= n) return {};
    size_t start = i;
    char c = s[i++];
    if (c == '.' || c == '%' || isIdentStart(c))
      while (i < n && isIdentChar(s[i])) ++i;
    pos = i;
    return {s + start, i - start};
  }
  std::string_view peekWord() {
    size_t saved = pos;
    auto w = word();
    pos = saved;
    return w;
  }
  std::string_view rest() {
    skipBlanks();
    return trim(text.substr(pos));
  }
};

}  // namespace asmlab::masm
