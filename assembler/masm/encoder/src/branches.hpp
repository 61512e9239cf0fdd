// Direct jumps and calls to a Target: short/near/far forms, jump sizing across passes, TASM JUMPS.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86::enc::detail {

enum class BranchKind : std::uint8_t { Jmp, Call, Jcc, ShortOnly };

struct BranchInfo {
  BranchKind kind;
  std::uint8_t opcode;    // EB/E8, 70+cc for Jcc, E0-E3 for the short-only ones
  bool address32 = false; // JECXZ: tests ECX (67h in a USE16 segment)
  bool address16 = false; // JCXZ: tests CX (67h in a USE32 segment)
};

std::optional<BranchInfo> branchInfo(std::string_view lowerMnemonic);
// Every branch mnemonic (for the mnemonic index).
std::vector<std::string_view> branchMnemonics();

Encoding encodeBranch(const BranchInfo& info, const Instruction& insn, const Options& options);

}  // namespace asmlab::x86::enc::detail
