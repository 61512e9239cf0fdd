// The 8087/80287/80387 coprocessor instructions (ESC opcodes D8h-DFh) and MASM's FWAIT insertion.
#pragma once

#include <string_view>
#include <vector>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86::enc::detail {

struct X87Rows;  // the forms of one mnemonic

// The forms of a lower-case x87 mnemonic, or nullptr if it is not one.
const X87Rows* x87Rows(std::string_view lowerMnemonic);
// Every x87 mnemonic (for the mnemonic index and the tests).
std::vector<std::string_view> x87Mnemonics();

Encoding encodeX87(std::string_view name, const X87Rows& rows, const Instruction& insn, const Options& options);

}  // namespace asmlab::x86::enc::detail
