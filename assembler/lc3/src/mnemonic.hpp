// The opcodes, aliases and pseudo-ops of the LC-3 dialect.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab::lc3::detail {

enum class Mnemonic : uint8_t {
  None,
  Add, And, Br, Jmp, Jsr, Jsrr, Ld, Ldi, Ldr, Lea, Not, Ret, Rti, St, Sti, Str, Trap, Nop,
  Getc, Out, Putc, Puts, In, Putsp, Halt,
  Orig, Fill, Blkw, Stringz, End,
};

inline bool isPseudoOp(Mnemonic m) { return m >= Mnemonic::Orig; }

// Every spelling the grammar accepts (upper case), with its mnemonic and, for BR, its n/z/p bits.
struct MnemonicSpelling {
  const char* text;
  Mnemonic mnemonic;
  uint8_t conditions;
};
const std::vector<MnemonicSpelling>& mnemonicSpellings();

// All spellings, for "did you mean" hints.
const std::vector<std::string>& mnemonicCandidates();

}  // namespace asmlab::lc3::detail
