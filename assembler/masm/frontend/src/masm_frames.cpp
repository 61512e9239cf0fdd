// MASM 6's `name PROC ... USES reglist`: the registers are pushed by a prologue before the
// procedure's first instruction (or first code label) and popped by an epilogue before each RET
// or IRET in it; RETN and RETF return without it (MASM 6.1 Programmer's Guide, ch. 7, "Generating
// Prologue and Epilogue Code"). The pushes and pops are Turbo Assembler's frame code
// (tasm_frames.cpp: startFrame, emitEpilogue) on a frame without BP.
#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {

namespace {
// What PUSH takes: a 16- or 32-bit general register or a segment register.
bool pushable(enc::Reg r) { return r >= enc::Reg::AX && r <= enc::Reg::GS; }
}  // namespace

bool Assembler::procUsesList(const LogicalLine& line, WordCursor& c, std::string_view rest, uint32_t restColumn,
                             std::vector<std::string>& uses) {
  const auto columnOf = [&](std::string_view word) {
    return restColumn + static_cast<uint32_t>(word.data() - rest.data());
  };
  while (!c.atEnd()) {
    const size_t before = c.pos;
    std::string_view word = c.word();
    if (word == ",") {
      // A comma starts MASM's parameter list; registers after it are the list written with
      // commas, as students (and emu8086) write it: taken, with a warning.
      std::string_view next = c.peekWord();
      auto r = enc::parseRegister(next);
      if (!r || !pushable(*r)) {
        c.pos = before;
        return true;
      }
      warning(line, columnOf(word),
              fmt::format("USES registers are separated by blanks: MASM 6.1 reads a comma as the start of the "
                          "parameters; '{}' is saved as a register",
                          next));
      continue;
    }
    auto r = enc::parseRegister(word);
    if (!r || !pushable(*r)) {
      error(line, columnOf(word),
            fmt::format("USES lists registers to save (16-bit, 32-bit or segment registers), not '{}'", word));
      return false;
    }
    uses.emplace_back(word);
  }
  if (uses.empty()) {
    error(line, restColumn + static_cast<uint32_t>(rest.size()), "USES needs the registers to save");
    return false;
  }
  return true;
}

void Assembler::procPrologueAndEpilogue(const LogicalLine& line, std::string_view mnemonic) {
  if (!tasmState.frame.started) startFrame(line);
  if (iequals(mnemonic, "RET") || iequals(mnemonic, "IRET") || iequals(mnemonic, "IRETD")) emitEpilogue(line);
}

}  // namespace asmlab::masm
