// Reserved words used to name symbols (`HIGH = 2`, `size db 0`, `word db 80 dup (?)`): Turbo
// Assembler takes them with its warning "Reserved word used as symbol" (TASM 4.1 listing Voikgrib
// TEST.LST defines HIGH = 2h and uses it), MASM 5.1 warned the same (A4016, Microsoft KB Q35128)
// and MASM 6.1 refuses them. Either way the symbol is defined, so only its definition is reported
// and every use reads it (parseExpression reads a prefix operator's word as the name where no
// operand follows it).
#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {
namespace {

enum class Reserved : uint8_t { Operator, PrefixOperator, Type };

const Reserved* reservedWord(std::string_view name) {
  static const FoldedWordTable<Reserved> words = [] {
    FoldedWordTable<Reserved> t;
    for (const char* w : {"HIGH", "LOW", "HIGHWORD", "LOWWORD", "OFFSET", "SEG", "TYPE", "THIS", "SIZE", "SIZEOF",
                          "LENGTH", "LENGTHOF", "WIDTH", "MASK"})
      t.insert(w, Reserved::PrefixOperator);
    for (const char* w : {"SHORT", "PTR", "MOD", "EQ", "NE", "LT", "LE", "GT", "GE", "DUP"}) t.insert(w, Reserved::Operator);
    for (const char* w : {"BYTE", "SBYTE", "WORD", "SWORD", "DWORD", "SDWORD", "FWORD", "QWORD", "TBYTE", "NEAR", "FAR"})
      t.insert(w, Reserved::Type);
    return t;
  }();
  return name.size() >= 2 && name.size() <= 8 ? words.find(name) : nullptr;
}

}  // namespace

void Assembler::checkReservedName(const LogicalLine& line, std::string_view name, uint32_t column) {
  const Reserved* word = reservedWord(name);
  if (!word) return;
  if (*word == Reserved::PrefixOperator) exprs.operatorWordSymbols = true;
  if (*word == Reserved::Type) typeWordSymbols = true;
  if (options.dialect == Dialect::Tasm) {
    warning(line, column, fmt::format("Reserved word used as symbol: {}", name));
    return;
  }
  if (emu8086Source || masm510) {
    warning(line, column,
            fmt::format("reserved word used as symbol: {} ({} takes it; MASM 6.1 does not)", name,
                        emu8086Source ? "emu8086" : "MASM 5.1"));
    return;
  }
  error(line, column,
        fmt::format("'{}' is a reserved word ({}) and cannot name a symbol in MASM 6.1 (MASM 5.1 warned \"Reserved "
                    "word used as symbol\"); rename it, or {}",
                    name, *word == Reserved::Type ? "a type" : "an operator", tasmDialectHint()),
        static_cast<uint32_t>(name.size()));
}

}  // namespace asmlab::masm
