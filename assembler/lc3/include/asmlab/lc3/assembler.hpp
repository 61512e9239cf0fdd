// The LC-3 assembler: Patt & Patel's dialect (Appendix A opcodes, the .ORIG/.FILL/.BLKW/.STRINGZ/.END
// pseudo-ops, trap aliases), every error of a file reported in one run. See docs/lc3-assembler.md.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/asm/source.hpp"
#include "asmlab/lc3/object.hpp"

namespace asmlab::lc3 {

struct AssembleOptions {
  // Warn about a label that no instruction or .FILL refers to (labels at a block's origin are
  // exempt: they name the entry point).
  bool warnUnusedLabels = true;
  // Warn when an instruction that can fall through is directly followed by .FILL/.BLKW/.STRINGZ.
  bool warnFallIntoData = true;
  // Record one ListingLine per source line (needed by renderListing).
  bool listing = true;
  // Reject what only the course tools accept (operands without commas, a comma after the opcode
  // or after the last operand, punctuation in labels, text after .END, overlapping .ORIG
  // blocks) instead of warning about it (docs/lc3-assembler.md, "Relaxed syntax").
  bool strict = false;
  // `Loop` and `LOOP` are two labels, as in assemblers of the 2nd-edition era.
  bool caseSensitiveLabels = false;
};

// One source line in the listing: the words it produced are
// image.blocks[block].words[firstWord .. firstWord + wordCount).
struct ListingLine {
  uint32_t sourceLine = 0;  // 1-based
  uint16_t address = 0;     // address of the first word (meaningful when wordCount > 0 or hasAddress)
  bool hasAddress = false;  // the line lies inside a .ORIG block
  uint32_t block = 0;
  uint32_t firstWord = 0;
  uint32_t wordCount = 0;
};

struct Assembly {
  std::shared_ptr<const SourceFile> source;
  ObjectImage image;  // valid only when the run reported no errors
  std::vector<ListingLine> listing;
  uint32_t statementCount = 0;  // lines that held a label, an instruction or a pseudo-op
};

// Assembles a whole source file. Every error and warning goes to `diagnostics`; the image is
// complete only when diagnostics.hasErrors() is false after the call.
Assembly assemble(std::shared_ptr<const SourceFile> source, Diagnostics& diagnostics, const AssembleOptions& options = {});

// Convenience for tools that build programs from text (tests, the simulator's OS build):
// assembles `text` under the name `name`.
Assembly assembleText(std::string name, std::string text, Diagnostics& diagnostics, const AssembleOptions& options = {});

// The listing as text: address, word (hex and binary), line number and the source line.
std::string renderListing(const Assembly& assembly);

}  // namespace asmlab::lc3
