// One scan of a whole source's words, for the questions asked of it before or beside its
// assembly (is it emu8086's? does it name a segment? is this word a macro defined further on?).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <string_view>

#include "text_util.hpp"

namespace asmlab::masm {

// The words of a whole source as written, outside `;` comments, quoted strings and COMMENT blocks,
// with the closed strings and a `#` that starts a line: the one scan behind the questions asked
// of a source before it is assembled.
class SourceWords {
public:
  enum class Kind { Word, Quoted, LineHash };
  struct Token {
    Kind kind = Kind::Word;
    std::string_view text;
  };
  explicit SourceWords(std::string_view text) : text_(text) {}

  bool next(Token& token) {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '\n') {
        lineStart_ = true;
        ++at_;
      } else if (c == ';') {
        at_ = std::min(text_.size(), text_.find('\n', at_));
      } else if (c == '\'' || c == '"') {
        lineStart_ = false;
        const size_t start = at_ + 1;
        const size_t end = std::min(text_.size(), text_.find_first_of(c == '"' ? "\"\n" : "'\n", start));
        at_ = end;
        if (end < text_.size() && text_[end] == c) {
          ++at_;
          token = {Kind::Quoted, text_.substr(start, end - start)};
          return true;
        }
      } else if (isWordChar(c)) {
        lineStart_ = false;
        const size_t start = at_;
        while (at_ < text_.size() && isWordChar(text_[at_])) ++at_;
        token = {Kind::Word, text_.substr(start, at_ - start)};
        if (!iequals(token.text, "COMMENT")) return true;
        skipCommentBlock();
      } else {
        if (c == '#' && lineStart_) {
          ++at_;
          lineStart_ = false;
          token = {Kind::LineHash, text_.substr(at_ - 1, 1)};
          return true;
        }
        if (c != ' ' && c != '\t' && c != '\r') lineStart_ = false;
        ++at_;
      }
    }
    return false;
  }

private:
  static bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '@';
  }
  // MASM's COMMENT block (`COMMENT #` ... `#`): its text, a `#` at a line's start included, is no
  // source; the line of the closing delimiter ends it.
  void skipCommentBlock() {
    const size_t open = text_.find_first_not_of(" \t", at_);
    if (open == std::string_view::npos || text_[open] == '\n' || text_[open] == '\r') return;
    const size_t close = text_.find(text_[open], open + 1);
    at_ = close == std::string_view::npos ? text_.size() : std::min(text_.size(), text_.find('\n', close));
  }

  std::string_view text_;
  size_t at_ = 0;
  bool lineStart_ = true;
};

}  // namespace asmlab::masm
