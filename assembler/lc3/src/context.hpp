// State shared by the two passes of the assembler and the instruction encoder.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/lc3/assembler.hpp"
#include "statement.hpp"

namespace asmlab::lc3::detail {

inline char foldCase(char c) { return static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c); }

// Labels are case-insensitive unless AssembleOptions::caseSensitiveLabels: the table hashes and
// compares folded characters, so lookups need no folded copy of the name. Keys are views into the
// source text.
struct FoldedHash {
  bool fold = true;
  size_t operator()(std::string_view s) const {
    size_t h = 1469598103934665603ull;
    for (char c : s) h = (h ^ static_cast<unsigned char>(fold ? foldCase(c) : c)) * 1099511628211ull;
    return h;
  }
};
struct FoldedEqual {
  bool fold = true;
  bool operator()(std::string_view a, std::string_view b) const {
    if (a.size() != b.size()) return false;
    if (!fold) return a == b;
    for (size_t i = 0; i < a.size(); ++i)
      if (foldCase(a[i]) != foldCase(b[i])) return false;
    return true;
  }
};


struct Symbol {
  uint16_t address = 0;
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t uses = 0;
  bool atBlockOrigin = false;
  bool aloneWithoutColon = false;  // "HLT" on a line of its own: perhaps a misspelt opcode
};

class Context {
public:
  // Diagnostics are collected in `found` (in the order the passes find them) and handed to the
  // caller's Diagnostics in line order at the end.
  Context(std::shared_ptr<const SourceFile> source, std::vector<Diagnostic>& found, const AssembleOptions& options)
      : source_(std::move(source)),
        found_(found),
        options_(options),
        symbols_(64, FoldedHash{!options.caseSensitiveLabels}, FoldedEqual{!options.caseSensitiveLabels}),
        hints_(16, FoldedHash{!options.caseSensitiveLabels}, FoldedEqual{!options.caseSensitiveLabels}) {}

  SourceLocation at(uint32_t line, uint32_t column, uint32_t length = 0) const { return {source_, line, column, length}; }
  SourceLocation at(uint32_t line, const Operand& op) const {
    return at(line, op.column, static_cast<uint32_t>(op.kind == OperandKind::String ? op.text.size() + 2 : op.text.size()));
  }
  Diagnostic& error(SourceLocation where, std::string message) {
    return found_.emplace_back(Diagnostic{Severity::Error, std::move(where), std::move(message), {}});
  }
  Diagnostic& warning(SourceLocation where, std::string message) {
    return found_.emplace_back(Diagnostic{Severity::Warning, std::move(where), std::move(message), {}});
  }
  const AssembleOptions& options() const { return options_; }
  const std::shared_ptr<const SourceFile>& source() const { return source_; }

  std::unordered_map<std::string_view, Symbol, FoldedHash, FoldedEqual>& symbols() { return symbols_; }
  void noteIgnoredLabel(std::string_view name, uint32_t line) { ignoredLabels_.try_emplace(name, line); }

  // The address of the label `op` names, counting the use. Reports an undefined label (with a
  // "did you mean" hint) and returns nothing.
  std::optional<uint16_t> resolve(uint32_t line, const Operand& op);

private:
  std::shared_ptr<const SourceFile> source_;
  std::vector<Diagnostic>& found_;
  const AssembleOptions& options_;
  std::unordered_map<std::string_view, Symbol, FoldedHash, FoldedEqual> symbols_;
  std::vector<std::string> labelNames_;  // built on the first undefined label, for hints
  static constexpr size_t kMaxHintLookups = 200;
  std::unordered_map<std::string_view, std::string, FoldedHash, FoldedEqual> hints_;
  // Labels on lines that are ignored (after .END, outside any block) and their lines: an undefined
  // label that is one of them gets a note saying so.
  std::unordered_map<std::string_view, uint32_t> ignoredLabels_;
};

// Encodes one instruction (not a pseudo-op) at `address`. Reports every problem with its operands
// and returns nothing if there was one.
std::optional<uint16_t> encodeInstruction(Context& context, const Statement& statement, uint16_t address);

// Checks the operand count of any statement; reports and returns false when it is wrong.
bool checkOperandCount(Context& context, const Statement& statement);

// "ADD", "BRz" ...: the mnemonic as the diagnostics name it (upper case, BR conditions lower).
std::string mnemonicName(const Statement& statement);

// Hex in the LC-3 style: x3000.
std::string hex4(uint32_t value);

}  // namespace asmlab::lc3::detail
