// Shared helpers for the LC-3 assembler tests.
#pragma once

#include <string>
#include <vector>

#include "asmlab/lc3/assembler.hpp"

namespace asmlab::lc3::testing {

struct Assembled {
  Diagnostics diagnostics;
  Assembly assembly;
  // The words of the first block (most tests have one).
  std::vector<uint16_t> words() const {
    return assembly.image.blocks.empty() ? std::vector<uint16_t>{} : assembly.image.blocks.front().words;
  }
  std::string text() const { return diagnostics.renderToString(); }
};

inline AssembleOptions quiet() {
  AssembleOptions o;
  o.warnUnusedLabels = false;
  o.warnFallIntoData = false;
  return o;
}

// The errors of today's dialect, without the course tools' relaxed syntax (asmlab asm --strict).
inline AssembleOptions strictQuiet() {
  AssembleOptions o = quiet();
  o.strict = true;
  return o;
}

inline Assembled assembleSource(const std::string& text, const AssembleOptions& options = quiet()) {
  Assembled a;
  a.assembly = assembleText("test.asm", text, a.diagnostics, options);
  return a;
}

// Assembles one line inside `.ORIG x3000 ... .END` and returns its words; fails the test on errors.
inline std::vector<uint16_t> wordsOf(const std::string& line) {
  Assembled a = assembleSource(".ORIG x3000\n" + line + "\n.END\n");
  EXPECT_FALSE(a.diagnostics.hasErrors()) << line << "\n" << a.text();
  return a.words();
}

inline uint16_t wordOf(const std::string& line) {
  auto w = wordsOf(line);
  EXPECT_EQ(w.size(), 1u) << line;
  return w.empty() ? 0xDEAD : w[0];
}

}  // namespace asmlab::lc3::testing
