// A hand-written parser for the operand shapes most lines use: registers, names, numbers,
// `[bx+si+4]`, `name[si]`, `OFFSET name`, sums and differences of those, and data initialisers
// of such values, `?` and DUP. It produces exactly the
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
  // `text` is already the store's copy: names and numbers are views of it.
  SimpleParser(std::string_view text, uint16_t base, ExprStore& store) : text_(text), base_(base), store_(store) {}

  // Sum of terms filling the whole text.
  bool whole() { return sum() && (skipBlanks(), pos_ == text_.size()); }

private:
  std::string_view text_;
  uint16_t base_;
  ExprStore& store_;
  size_t pos_ = 0;
  size_t end_ = 0;  // just after the last token taken (blanks after it not included)
  // Brackets nest this parser's recursion; deeper than any common operand, it leaves the text to
  // the grammar, which bounds nesting with an error (parser_x3.cpp).
  static constexpr int kMaxBrackets = 8;
  int brackets_ = 0;

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
    ExprOp& o = store_.ops.emplace();
    o.op = op;
    o.column = static_cast<uint16_t>(base_ + end_);
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
    if (start < text_.size() && toUpper(text_[start]) != 'O') return postfix();  // not OFFSET
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
      if (++brackets_ > kMaxBrackets || !sum() || peek() != ']') return false;
      --brackets_;
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
      if (++brackets_ > kMaxBrackets || !sum() || peek() != ']') return false;
      --brackets_;
      end_ = ++pos_;
      push(Op::Bracket);
      return true;
    }
    if (isDigit(c)) {
      size_t end = start + 1;
      while (end < text_.size() &&
             (isDigit(text_[end]) || text_[end] == '_' || (toUpper(text_[end]) >= 'A' && toUpper(text_[end]) <= 'Z')))
        ++end;
      if (end < text_.size() && isIdentChar(text_[end])) return false;  // `1@`, `1$`: the grammar's
      ExprOp& o = store_.ops.emplace();
      o.op = Op::Number;
      o.numberRadix = 0;  // the member of ExprOp's union a Number uses
      o.column = static_cast<uint16_t>(base_ + start);
      o.setText(text_.substr(start, end - start));
      store_.noteNumber(o.text(), o.column);
      pos_ = end_ = end;
      return true;
    }
    // `$`, `?` and names starting with them, and the prefix keywords, are left to the grammar.
    if (!isIdentStart(c) || c == '$' || c == '?') return false;
    size_t end = start + 1;
    while (end < text_.size() && isIdentChar(text_[end])) ++end;
    std::string_view word = text_.substr(start, end - start);
    if (isPrefixKeyword(word)) return false;
    ExprOp& o = store_.ops.emplace();
    o.op = Op::Identifier;
    o.bound = nullptr;  // the member of ExprOp's union an Identifier uses
    o.column = static_cast<uint16_t>(base_ + start);
    o.setText(word);
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

// Data initialisers made of `?`, simple expressions and `n DUP (...)` of those (`tab dw ?`,
// `buf db 80 dup (0)`), with the items and columns the grammar's data list would give.
class SimpleDataParser {
public:
  SimpleDataParser(ExprStore& store, std::string_view text, uint16_t base) : store_(store), text_(text), base_(base) {}

  bool whole(std::vector<DataItem>& items) { return list(items) && (skipBlanks(), pos_ == text_.size()); }

private:
  ExprStore& store_;
  std::string_view text_;
  uint16_t base_;
  size_t pos_ = 0;

  void skipBlanks() {
    while (pos_ < text_.size() && isBlank(text_[pos_])) ++pos_;
  }
  bool isDupAt(size_t at) const {
    return at + 3 <= text_.size() && iequals(text_.substr(at, 3), "DUP") && (at == 0 || !isIdentChar(text_[at - 1])) &&
           (at + 3 == text_.size() || !isIdentChar(text_[at + 3]));
  }

  // A lone number (`?`, `1`, `0FFh`: the commonest values), as SimpleParser would give it: one
  // Number operation at the start of the expression.
  bool lone(std::string_view exprText, uint16_t column, Expr& out) {
    if (!isDigit(exprText[0])) return false;
    for (char c : exprText)
      if (!isDigit(c) && !(toUpper(c) >= 'A' && toUpper(c) <= 'Z')) return false;
    store_.ops.begin();
    ExprOp& o = store_.ops.emplace();
    o.op = Op::Number;
    o.numberRadix = 0;  // the member of ExprOp's union a Number uses
    o.column = column;
    o.setText(exprText);
    out = Expr{};
    out.ops = ExprOps(store_.ops.finish());
    out.column = column;
    return true;
  }

  bool list(std::vector<DataItem>& items) {
    for (;;) {
      if (!item(items)) return false;
      skipBlanks();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      return true;
    }
  }

  bool item(std::vector<DataItem>& items) {
    skipBlanks();
    if (pos_ >= text_.size()) return false;
    DataItem& it = items.emplace_back();
    it.expr.column = static_cast<uint16_t>(base_ + pos_);
    char c = text_[pos_];
    if (c == '?' && (pos_ + 1 == text_.size() || !isIdentChar(text_[pos_ + 1]))) {
      it.kind = DataItem::Kind::Undefined;
      ++pos_;
      return true;
    }
    // The expression runs to a comma, a closing parenthesis or DUP outside brackets; strings,
    // <...> and {...} lists and parentheses are the grammar's.
    size_t end = pos_;
    int depth = 0;
    bool dup = false;
    for (; end < text_.size(); ++end) {
      char e = text_[end];
      if (e == '"' || e == '\'' || e == '<' || e == '>' || e == '{' || e == '}' || e == '(') return false;
      if (e == '[') ++depth;
      else if (e == ']') --depth;
      else if (depth == 0 && (e == ',' || e == ')')) break;
      else if (depth == 0 && (e == 'd' || e == 'D') && isDupAt(end)) {
        dup = true;
        break;
      }
    }
    std::string_view exprText = trim(text_.substr(pos_, end - pos_));
    if (exprText.empty()) return false;
    if (!lone(exprText, static_cast<uint16_t>(base_ + pos_), it.expr) &&
        !parseSimpleKept(store_, exprText, static_cast<uint16_t>(base_ + pos_), it.expr))
      return false;
    pos_ = end;
    if (!dup) return true;
    pos_ += 3;
    skipBlanks();
    if (pos_ >= text_.size() || text_[pos_] != '(') return false;
    ++pos_;
    it.kind = DataItem::Kind::Dup;
    if (!list(it.items)) return false;
    skipBlanks();
    if (pos_ >= text_.size() || text_[pos_] != ')') return false;
    ++pos_;
    return true;
  }
};

}  // namespace

bool parseSimpleDataItems(ExprStore& store, std::string_view text, uint16_t base, std::vector<DataItem>& out) {
  out.clear();
  auto mark = store.mark();
  SimpleDataParser p(store, store.keepText(text), base);
  if (p.whole(out)) return true;
  out.clear();
  store.release(mark);
  return false;
}

// The operations are pushed straight into the store's open run, which becomes the expression
// (no vector grown one push at a time); a text the shortcut gives up on leaves nothing behind.
bool parseSimpleKept(ExprStore& store, std::string_view kept, uint16_t base, Expr& out) {
  out = Expr{};
  out.column = base;
  auto mark = store.ops.mark();
  store.ops.begin();
  SimpleParser p(kept, base, store);
  if (p.whole()) {
    out.ops = ExprOps(store.ops.finish());
    return true;
  }
  store.ops.release(mark);
  return false;
}

bool parseSimpleExpression(ExprStore& store, std::string_view text, uint16_t base, Expr& out) {
  auto mark = store.mark();
  if (parseSimpleKept(store, store.keepText(text), base, out)) return true;
  store.release(mark);
  return false;
}

}  // namespace asmlab::masm
