// Parsed expressions in postfix form, and the data-initialiser trees of DB/DW/... statements.
// The Spirit X3 grammar (parser_x3.cpp) produces them once; every pass evaluates them again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab::masm {

struct Symbol;

enum class Op : uint8_t {
  Number, String, Identifier, Location /* $ */, Undefined /* ? */,
  // binary
  Add, Sub, Mul, Div, Mod, Shl, Shr, And, Or, Xor, Eq, Ne, Lt, Le, Gt, Ge,
  Ptr, Override /* seg:expr */, Index /* x[y] */, Member /* x.field */,
  // unary
  Neg, Not, Offset, Seg, Type, DotType, Size, Length, SizeOf, LengthOf, High, Low, HighWord, LowWord,
  Short, This, Bracket /* [x] */, Width, Mask, Near, Far,
};

struct ExprOp {
  Op op = Op::Number;
  uint16_t column = 0;        // 0-based offset of the token in the operand text
  int64_t value = 0;          // Number
  std::string text;           // Identifier name, String contents, Member field name
  // Identifier: what the name turned out to be, cached so later passes skip the lookups.
  // 0 = not yet known, 1 = register (value = register), 2 = type keyword, 3 = symbol (bound).
  mutable uint8_t resolved = 0;  // 4 = a symbol name not bound yet
  mutable uint8_t registerCode = 0;
  mutable uint8_t numberRadix = 0;   // Number: the radix `value` was converted with (0 = not yet)
  mutable Symbol* bound = nullptr;
};

struct Expr {
  std::vector<ExprOp> ops;
  uint16_t column = 0;        // where the expression starts in the line
  bool empty() const { return ops.empty(); }
};

// One item of a data definition: a value, `?`, `n DUP (items)`, or a <...>/{...} initialiser list.
struct DataItem {
  enum class Kind : uint8_t { Value, Undefined, Dup, List } kind = Kind::Value;
  Expr expr;                   // Value: the value; Dup: the count
  std::vector<DataItem> items; // Dup and List
};

struct ParseError {
  uint16_t column = 0;
  std::string message;
};

// Parses one expression (an instruction operand or a directive argument) that must fill `text`.
// `base` is added to every column so they count from the start of the line.
std::optional<Expr> parseExpression(std::string_view text, uint16_t base, ParseError& error);
// The common operand shapes without the grammar (parser_fast.cpp): true and the same operations
// parseExpression would give, or false when the text needs the full grammar.
bool parseSimpleExpression(std::string_view text, uint16_t base, Expr& out);
// The same for data initialisers: `?`, simple expressions and `n DUP (...)` lists of them.
bool parseSimpleDataItems(std::string_view text, uint16_t base, std::vector<DataItem>& out);
// Parses a comma-separated list of data items (DB 1,2 DUP (?),"text" / struct initialisers).
std::optional<std::vector<DataItem>> parseDataItems(std::string_view text, uint16_t base, ParseError& error);

// Number in MASM syntax: digits with an optional radix suffix (B Y O Q D T H), else `radix`.
std::optional<int64_t> parseNumber(std::string_view text, unsigned radix);

}  // namespace asmlab::masm
