// One parsed source line, as the Spirit X3 statement grammar (grammar.cpp) produces it and the two
// assembler passes consume it. Text members are views into the SourceFile, which outlives them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "mnemonic.hpp"

namespace asmlab::lc3::detail {

enum class OperandKind : uint8_t { Register, Number, Identifier, String };

struct Operand {
  OperandKind kind = OperandKind::Number;
  bool overflow = false;  // a number too large for 32 bits
  int64_t value = 0;      // register number or numeric value
  std::string_view text;  // the token as written (a string's contents without the quotes)
  uint32_t column = 0;    // 1-based
};

inline constexpr int kMaxOperands = 3;

struct Statement {
  uint32_t line = 0;
  std::string_view label;  // empty if none
  uint32_t labelColumn = 0;
  bool labelHasColon = false;
  std::string_view mnemonicText;  // empty if the line holds only a label
  uint32_t mnemonicColumn = 0;
  Mnemonic mnemonic = Mnemonic::None;  // None with non-empty text: unknown opcode
  uint8_t conditions = 0;              // BR: n=4 z=2 p=1
  uint8_t operandCount = 0;            // may exceed kMaxOperands (extra ones are not stored)
  uint32_t extraOperandColumn = 0;     // column of the first operand beyond kMaxOperands
  Operand operands[kMaxOperands];
  // Separators the course tools accept but portable LC-3 source does not (0 = none): a comma
  // right after the opcode, an operand not preceded by a comma, a comma after a comma, a comma
  // after the last operand. Each is the column of the first such place.
  uint32_t commaAfterOpcodeColumn = 0;
  uint32_t missingCommaColumn = 0;
  uint32_t repeatedCommaColumn = 0;
  uint32_t trailingCommaColumn = 0;
};

// What the grammar made of one line.
struct LineParse {
  enum class Result { Blank, Statement, Error } result = Result::Blank;
  std::string error;          // for Result::Error
  uint32_t errorColumn = 0;   // 1-based
  uint32_t errorLength = 0;
};

// Parses one line (without its line ending, and with any comment already removed; every byte is
// printable ASCII or a tab). Fills `statement` (whose `line` the caller sets). Operands may be
// separated by commas, blanks or both (as in the UT Austin tools); the statement records where the
// separators differ from the portable form, for the caller to warn or reject.
//
// Labels are any run of printable characters other than blanks, ',', ':', ';' and '"' that does
// not start with a digit, '#', '+', '-' or '.' (the UT tools accept 'What?' or 'a>b'); the portable
// spelling is a letter or '_' followed by letters, digits and '_' (isPortableLabel).
LineParse parseStatement(std::string_view line, Statement& statement);

// Whether a label name is spelled as every LC-3 assembler accepts: [A-Za-z_][A-Za-z0-9_]*.
bool isPortableLabel(std::string_view name);

}  // namespace asmlab::lc3::detail
