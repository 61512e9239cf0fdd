// A hand-written parser for the operand shapes most lines use: registers, names, numbers,
// `[bx+si+4]`, `name[si]`, `OFFSET name`, sums and differences of those. It produces exactly the
// postfix operations the Spirit X3 grammar (parser_x3.cpp) would, columns included, and gives up
// on anything else (keywords, other operators, strings, errors), which the grammar then parses.
// Most operands never reach the grammar, whose ~35 keyword tests per operand dominated pass 1.
#include "expr.hpp"
#include "name_map.hpp"
#include "text_util.hpp"

namespace asmlab::masm {
namespace {

class SimpleParser {
public:
  SimpleParser(std::string_view text, uint16_t base, std::vector<ExprOp>& ops) : text_(text), base_(base), ops_(ops) {}

  // Sum of terms filling the whole text.
  bool whole() { return sum() && (skipBlanks(), pos_ == text_.size()); }

private:
  std::string_view text_;
  uint16_t base_;
  std::vector<ExprOp>& ops_;
  size_t pos_ = 0;
  size_t end_ = 0;  // just after the last token taken (blanks after it not included)

  void skipBlanks() {
    while (pos_ < text_.size() && isBlank(text_[pos_])) ++pos_;
  }
  char peek() {
    skipBlanks();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  // The grammar's action columns are where the parse stood after the operation's last operand
  // (before any blank), so operations are pushed with the end of the last token taken.
  void push(Op op) {
    ExprOp o;
    o.op = op;
    o.column = static_cast<uint16_t>(base_ + end_);
    ops_.push_back(std::move(o));
  }

  bool sum() {
    if (!term()) return false;
    for (;;) {
      char c = peek();
      if (c != '+' && c != '-') return true;
      ++pos_;
      if (!term()) return false;
      push(c == '+' ? Op::Add : Op::Sub);
    }
  }

  // [OFFSET] primary followed by [index] groups.
  bool term() {
    skipBlanks();
    size_t start = pos_;
    size_t end = start;
    while (end < text_.size() && isIdentChar(text_[end])) ++end;
    std::string_view word = text_.substr(start, end - start);
    if (iequals(word, "OFFSET")) {
      pos_ = end;
      if (pos_ >= text_.size() || !isBlank(text_[pos_])) return false;
      if (!postfix()) return false;
      push(Op::Offset);
      return true;
    }
    return postfix();
  }

  bool postfix() {
    if (!primary()) return false;
    // After a name or number only an index, an operator or the end may follow: anything else
    // (PTR, MOD, a segment override, a field) is the grammar's.
    while (peek() == '[') {
      ++pos_;
      if (!sum() || peek() != ']') return false;
      end_ = ++pos_;
      push(Op::Index);
    }
    char c = peek();
    return c == '\0' || c == '+' || c == '-' || c == ']';
  }

  bool primary() {
    skipBlanks();
    if (pos_ >= text_.size()) return false;
    char c = text_[pos_];
    size_t start = pos_;
    if (c == '[') {
      ++pos_;
      if (!sum() || peek() != ']') return false;
      end_ = ++pos_;
      push(Op::Bracket);
      return true;
    }
    if (isDigit(c)) {
      size_t end = start + 1;
      while (end < text_.size() && (isDigit(text_[end]) || (toUpper(text_[end]) >= 'A' && toUpper(text_[end]) <= 'Z')))
        ++end;
      if (end < text_.size() && isIdentChar(text_[end])) return false;  // `1_2`, `1@`: the grammar's
      ExprOp o;
      o.op = Op::Number;
      o.column = static_cast<uint16_t>(base_ + start);
      o.text.assign(text_.substr(start, end - start));
      ops_.push_back(std::move(o));
      pos_ = end_ = end;
      return true;
    }
    // `$`, `?` and names starting with them, and the prefix keywords, are left to the grammar.
    if (!isIdentStart(c) || c == '$' || c == '?') return false;
    size_t end = start + 1;
    while (end < text_.size() && isIdentChar(text_[end])) ++end;
    std::string_view word = text_.substr(start, end - start);
    if (isPrefixKeyword(word)) return false;
    ExprOp o;
    o.op = Op::Identifier;
    o.column = static_cast<uint16_t>(base_ + start);
    o.text.assign(word);
    ops_.push_back(std::move(o));
    pos_ = end_ = end;
    return true;
  }

  // Words the grammar reads as an operator when they start an operand (MASM 6.1 Programmer's
  // Guide, table 1.2), plus DUP.
  static bool isPrefixKeyword(std::string_view w) {
    static const FoldedWordTable<bool> words = [] {
      FoldedWordTable<bool> t;
      for (const char* k : {"SHORT", "NOT", "HIGHWORD", "LOWWORD", "HIGH", "LOW", "OFFSET", "SEG", "TYPE", "THIS",
                            "SIZEOF", "LENGTHOF", "SIZE", "LENGTH", "WIDTH", "MASK", "DUP"})
        t.insert(k, true);
      return t;
    }();
    return w.size() >= 3 && w.size() <= 8 && words.find(w) != nullptr;
  }
};

}  // namespace

bool parseSimpleExpression(std::string_view text, uint16_t base, Expr& out) {
  out.ops.clear();
  out.ops.reserve(4);  // `[bp+4]`, `tab[si]`: one allocation for the usual operand
  out.column = base;
  SimpleParser p(text, base, out.ops);
  if (p.whole()) return true;
  out.ops.clear();
  return false;
}

}  // namespace asmlab::masm
