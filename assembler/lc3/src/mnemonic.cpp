#include "mnemonic.hpp"

namespace asmlab::lc3::detail {

const std::vector<MnemonicSpelling>& mnemonicSpellings() {
  // BR takes its condition codes in the order n, z, p (Patt & Patel A.3); bare BR means BRnzp.
  static const std::vector<MnemonicSpelling> spellings = {
      {"ADD", Mnemonic::Add, 0},     {"AND", Mnemonic::And, 0},     {"BR", Mnemonic::Br, 7},
      {"BRN", Mnemonic::Br, 4},      {"BRZ", Mnemonic::Br, 2},      {"BRP", Mnemonic::Br, 1},
      {"BRNZ", Mnemonic::Br, 6},     {"BRNP", Mnemonic::Br, 5},     {"BRZP", Mnemonic::Br, 3},
      {"BRNZP", Mnemonic::Br, 7},    {"JMP", Mnemonic::Jmp, 0},     {"JSR", Mnemonic::Jsr, 0},
      {"JSRR", Mnemonic::Jsrr, 0},   {"LD", Mnemonic::Ld, 0},       {"LDI", Mnemonic::Ldi, 0},
      {"LDR", Mnemonic::Ldr, 0},     {"LEA", Mnemonic::Lea, 0},     {"NOT", Mnemonic::Not, 0},
      {"RET", Mnemonic::Ret, 0},     {"RTI", Mnemonic::Rti, 0},     {"ST", Mnemonic::St, 0},
      {"STI", Mnemonic::Sti, 0},     {"STR", Mnemonic::Str, 0},     {"TRAP", Mnemonic::Trap, 0},
      {"NOP", Mnemonic::Nop, 0},     {"GETC", Mnemonic::Getc, 0},   {"OUT", Mnemonic::Out, 0},
      {"PUTC", Mnemonic::Putc, 0},   {"PUTS", Mnemonic::Puts, 0},   {"IN", Mnemonic::In, 0},
      {"PUTSP", Mnemonic::Putsp, 0}, {"HALT", Mnemonic::Halt, 0},   {".ORIG", Mnemonic::Orig, 0},
      {".FILL", Mnemonic::Fill, 0},  {".BLKW", Mnemonic::Blkw, 0},  {".STRINGZ", Mnemonic::Stringz, 0},
      {".END", Mnemonic::End, 0},
  };
  return spellings;
}

const std::vector<std::string>& mnemonicCandidates() {
  static const std::vector<std::string> candidates = [] {
    std::vector<std::string> out;
    for (const auto& s : mnemonicSpellings()) out.emplace_back(s.text);
    return out;
  }();
  return candidates;
}

}  // namespace asmlab::lc3::detail
