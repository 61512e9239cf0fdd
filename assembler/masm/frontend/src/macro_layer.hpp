// The textual layer in front of the parser: source files and INCLUDE, comments (`;`, `;;` in
// macro bodies, COMMENT blocks), conditional assembly, macros and repeat blocks, text macros
// (TEXTEQU, EQU <...>, CATSTR ...), %OUT/ECHO and .ERR. It yields logical lines, each with the
// place in the original file it came from and, for expansions, the chain of macro invocations.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/masm/assembler.hpp"
#include "name_map.hpp"

namespace asmlab::masm {

// One level of macro expansion, for the "in expansion of macro X" notes.
struct ExpansionInfo {
  std::string macroName;
  SourceLocation invokedAt;
  std::shared_ptr<const ExpansionInfo> parent;
};

struct LogicalLine {
  std::string text;              // comment-free, text macros and parameters substituted
  SourceLocation location;       // the line in the file (or macro body) it came from
  std::shared_ptr<const ExpansionInfo> expansion;
  bool fromFile = true;          // false for lines produced by an expansion
};

// What the macro layer needs from the assembler: constant expressions (IF, REPT, WHILE, %expr)
// and whether a symbol is defined (IFDEF).
class MacroHost {
public:
  virtual ~MacroHost() = default;
  virtual std::optional<int64_t> evaluateConstant(std::string_view expression, const LogicalLine& where) = 0;
  virtual bool isSymbolDefined(std::string_view name) = 0;
  virtual std::string formatNumber(int64_t value) = 0;  // in the current .RADIX
  virtual void message(std::string text) = 0;            // %OUT and ECHO
  // A line produced while a macro function runs inside another line: assemble it now.
  virtual void processNestedLine(const LogicalLine& line) = 0;
};

class MacroLayer {
public:
  MacroLayer(MacroHost& host, Diagnostics& diags, const Options& options);
  ~MacroLayer();

  void pushFile(std::shared_ptr<const SourceFile> file);
  // Defines a text macro (for /D and predefined names such as ??VERSION).
  void defineText(std::string name, std::string value);
  bool isTextMacro(std::string_view name) const;
  std::optional<std::string> textMacro(std::string_view name) const;
  bool isMacro(std::string_view name) const;
  // OPTION SETIF2:TRUE (part of OPTION M510): IF2, ELSEIF2 and .ERR2 act as in MASM 5.1's second pass.
  void setIf2(bool on);
  // TASM Ideal mode (IDEAL .. MASM): `MACRO name params` and EQU that always defines text.
  void setIdealMode(bool on);

  // The next logical line, or false at the end of the input (or after END).
  bool next(LogicalLine& line);

  // Adds the "in expansion of macro" notes of `line` to a diagnostic.
  static void addExpansionNotes(Diagnostic& d, const LogicalLine& line);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Splits macro arguments: top-level commas, <...> literal groups, ! escapes, quoted strings.
// `%expr` arguments are left for the caller (evaluate = nullptr) or evaluated through it.
std::vector<std::string> splitMacroArguments(std::string_view text, MacroHost* evaluate, const LogicalLine* where);

}  // namespace asmlab::masm
