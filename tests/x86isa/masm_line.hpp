// Test helper: a small reader for the MASM text the disassembler prints (and the tests write),
// turning "mov ax, word ptr es:[bx+si+12h]" into an encoder Instruction. Not the real front end:
// it knows no symbols, only registers, numbers, PTR, SHORT/NEAR PTR/FAR PTR and [..] addresses.
#pragma once

#include <memory>
#include <string>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86::test {

struct ParsedLine {
  std::string mnemonic;
  enc::Instruction insn;
  std::string error;  // non-empty if the text could not be read

  // The instruction with its mnemonic view pointing into this object.
  enc::Instruction instruction() const {
    enc::Instruction copy = insn;
    copy.mnemonic = mnemonic;
    return copy;
  }
};

// `address` is the instruction's offset, used for branch targets written as numbers.
ParsedLine parseLine(const std::string& text, std::uint32_t address = 0x100);

std::string hexBytes(std::span<const std::uint8_t> bytes);  // "8B C3"

}  // namespace asmlab::x86::test
