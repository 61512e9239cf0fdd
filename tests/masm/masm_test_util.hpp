// Helpers for the MASM front-end tests: assemble a source held in a string.
#pragma once

#include <string>
#include <vector>

#include "asmlab/masm/assembler.hpp"

namespace asmlab::masm::test {

struct Assembled {
  AssemblyResult result;
  Diagnostics diags;
  std::string errors() const { return diags.renderToString(); }
  // The bytes of a segment by name (empty if absent).
  std::vector<uint8_t> bytes(const std::string& segment) const;
  const link::Public* publicSymbol(const std::string& name) const;
};

Assembled assembleText(const std::string& text, Options options = {}, const std::string& name = "test.asm");
// True when the assembly's diagnostics, rendered, hold the text.
inline bool has(const Assembled& a, const std::string& text) { return a.errors().find(text) != std::string::npos; }
// The options of `--dialect tasm`.
inline Options tasm() {
  Options o;
  o.dialect = Dialect::Tasm;
  return o;
}
// Bytes as "B8 01 00" for readable expectations.
std::string hex(const std::vector<uint8_t>& bytes);

}  // namespace asmlab::masm::test
