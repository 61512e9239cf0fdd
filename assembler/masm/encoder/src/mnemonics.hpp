// What the encoder needs to know about a mnemonic before it looks at the operands (is it a
// prefix, a branch, a string instruction, which form-table rows it has), from one lookup.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "branches.hpp"
#include "forms.hpp"
#include "x87.hpp"

namespace asmlab::x86::enc::detail {

struct MnemonicInfo {
  MnemonicRows rows;                 // form-table rows; empty if none
  std::optional<BranchInfo> branch;  // branchInfo()
  std::uint8_t prefix = 0;           // F3h/F2h/F0h for REP/REPE/REPZ, REPNE/REPNZ, LOCK written alone; else 0
  bool string = false;               // isStringMnemonic()
  bool operandString = false;        // isOperandStringMnemonic()
  const X87Rows* x87 = nullptr;      // x87Rows(): a coprocessor instruction
};

// `lower` is a lower-case mnemonic. Names the encoder does not know give an empty MnemonicInfo.
// A hash lookup for names of up to 8 characters (every mnemonic); longer names (none is a
// mnemonic) are described into `scratch`, which the result then points to.
const MnemonicInfo& mnemonicInfo(std::string_view lower, MnemonicInfo& scratch);

}  // namespace asmlab::x86::enc::detail
