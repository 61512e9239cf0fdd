// Splitting the source into lines, rejecting bytes that are not ASCII text, and parsing each line
// once with the X3 statement grammar.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "passes.hpp"

namespace asmlab::lc3::detail {
namespace {


bool isBlank(char c) { return c == ' ' || c == '\t'; }

// Finds where the code of a line ends (at a ';' outside a string) and the first byte that is not
// printable ASCII or a tab before it. Comments may hold any text.
struct LineScan {
  size_t codeEnd;
  size_t badByte = std::string_view::npos;
};
LineScan scanLine(std::string_view line) {
  LineScan scan{line.size()};
  bool inString = false;
  for (size_t i = 0; i < line.size(); ++i) {
    auto c = static_cast<unsigned char>(line[i]);
    if (c >= 0x7F || (c < 0x20 && c != '\t')) {
      scan.badByte = i;
      return scan;
    }
    if (inString) {
      if (c == '\\' && i + 1 < line.size() && static_cast<unsigned char>(line[i + 1]) >= 0x20 &&
          static_cast<unsigned char>(line[i + 1]) < 0x7F)
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == ';') {
      scan.codeEnd = i;
      return scan;
    }
  }
  return scan;
}

std::string describeByte(unsigned char c) {
  if (c == '\r') return "unexpected carriage return inside a line (only CR LF line endings are accepted)";
  if (c >= 0x80) return fmt::format("unexpected byte 0x{:02X}: not ASCII (only comments may hold other text)", c);
  return fmt::format("unexpected control character 0x{:02X}", c);
}

void shiftColumns(Statement& st, LineParse& result, uint32_t shift) {
  if (st.labelColumn) st.labelColumn += shift;
  if (st.mnemonicColumn) st.mnemonicColumn += shift;
  if (st.extraOperandColumn) st.extraOperandColumn += shift;
  for (auto& op : st.operands)
    if (op.column) op.column += shift;
  result.errorColumn += shift;
}

// The statement as every LC-3 assembler reads it: "OPCODE op, op, op" (the label is not shown).
std::string portableSpelling(const Statement& st) {
  std::string text(st.mnemonicText);
  for (int i = 0; i < std::min<int>(st.operandCount, kMaxOperands); ++i) {
    const Operand& op = st.operands[i];
    text += i == 0 ? " " : ", ";
    if (op.kind == OperandKind::String) text += '"';
    text += op.text;
    if (op.kind == OperandKind::String) text += '"';
  }
  return text;
}

}  // namespace

// Operands separated by blanks, a comma after the opcode, a doubled or a trailing comma: the UT
// Austin tools accept them all (docs/lc3-assembler.md, "Relaxed syntax"), so they are warnings
// that show the portable spelling, or errors with --strict (then returns false).
bool Assembler::reportSeparators(const Statement& st) {
  if ((st.commaAfterOpcodeColumn | st.missingCommaColumn | st.repeatedCommaColumn | st.trailingCommaColumn) == 0)
    return true;  // the usual line
  struct Irregular {
    uint32_t column;
    const char* what;
    const char* strictMessage;
  };
  const Irregular found[] = {
      {st.commaAfterOpcodeColumn, "comma after the opcode", "unexpected ',' after the opcode"},
      {st.missingCommaColumn, "operands separated by blanks", nullptr},
      {st.repeatedCommaColumn, "two commas in a row", "expected an operand after ',', found ','"},
      {st.trailingCommaColumn, "comma after the last operand", "expected an operand after ','"},
  };
  std::string what;
  uint32_t first = 0;
  for (const auto& f : found) {
    if (f.column == 0) continue;
    if (ctx_.options().strict) {
      std::string message = f.strictMessage ? std::string(f.strictMessage) : std::string();
      if (!f.strictMessage) {
        // Today's message names the operand that lacks its comma.
        std::string_view token;
        for (int i = 1; i < std::min<int>(st.operandCount, kMaxOperands); ++i)
          if (st.operands[i].column == f.column) token = st.operands[i].text;
        message = fmt::format("unexpected '{}': operands are separated by ','", token);
      }
      // After a trailing comma the operand is missing at the end of the line, past the comma.
      const uint32_t column = f.column == st.trailingCommaColumn ? f.column + 1 : f.column;
      ctx_.error(ctx_.at(st.line, column, 1), std::move(message));
      return false;
    }
    if (first == 0 || f.column < first) first = f.column;
    what += what.empty() ? f.what : fmt::format(" and {}", f.what);
  }
  if (first == 0) return true;
  ctx_.warning(ctx_.at(st.line, first, 1),
               fmt::format("{}; the portable spelling is '{}'", what, portableSpelling(st)));
  return true;
}

void Assembler::parse() {
  const std::string& text = source_->text();
  statements_.reserve(source_->lineCount());
  const char* data = text.data();
  size_t size = text.size(), pos = 0;
  uint32_t lineNumber = 0;
  Statement st;
  while (pos < size) {
    ++lineNumber;
    const char* newline = static_cast<const char*>(std::memchr(data + pos, '\n', size - pos));
    size_t end = newline ? size_t(newline - data) : size;
    std::string_view line(data + pos, end - pos);
    pos = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // Editors on Windows often begin a file with a UTF-8 byte order mark; it is not part of the text.
    uint32_t columnShift = 0;
    if (lineNumber == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") {
      line.remove_prefix(3);
      columnShift = 3;
    }
    LineScan scan = scanLine(line);
    if (scan.badByte != std::string_view::npos) {
      ctx_.error(ctx_.at(lineNumber, uint32_t(scan.badByte + 1) + columnShift),
                 describeByte(static_cast<unsigned char>(line[scan.badByte])));
      continue;
    }
    std::string_view code = line.substr(0, scan.codeEnd);
    while (!code.empty() && isBlank(code.back())) code.remove_suffix(1);
    if (code.empty()) continue;
    st = Statement{};
    st.line = lineNumber;
    LineParse result = parseStatement(code, st);
    if (columnShift) shiftColumns(st, result, columnShift);
    if (result.result == LineParse::Result::Error) {
      ctx_.error(ctx_.at(lineNumber, result.errorColumn, result.errorLength), std::move(result.error));
    } else if (result.result == LineParse::Result::Statement) {
      // With --strict a line whose separators are wrong is a syntax error and places nothing.
      if (reportSeparators(st)) statements_.push_back(st);
    }
  }
}

}  // namespace asmlab::lc3::detail
