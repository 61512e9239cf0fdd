// Character classes and small string helpers shared by the lexer, the macro layer and the parser.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace asmlab::masm {

// MASM 6.1 Programmer's Guide, ch. 1 "Identifiers": letters, digits, _ @ $ ?, not starting with a digit.
inline bool isIdentStart(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '@' || c == '$' || c == '?';
}
inline bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
inline bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
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
    while (pos < text.size() && isBlank(text[pos])) ++pos;
  }
  bool atEnd() {
    skipBlanks();
    return pos >= text.size();
  }
  // An identifier, possibly a directive starting with '.', or a single punctuation character
  // ("=" included). Empty at the end of the line.
  std::string_view word() {
    skipBlanks();
    if (pos >= text.size()) return {};
    size_t start = pos;
    if (text[pos] == '.' || text[pos] == '%') {
      ++pos;
      while (pos < text.size() && isIdentChar(text[pos])) ++pos;
      return text.substr(start, pos - start);
    }
    if (isIdentStart(text[pos])) {
      while (pos < text.size() && isIdentChar(text[pos])) ++pos;
      return text.substr(start, pos - start);
    }
    ++pos;
    return text.substr(start, 1);
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
