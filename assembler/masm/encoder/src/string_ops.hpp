// String instructions written with operands (movs dest, src; lods src; xlat table): the operands
// only give the size and the source's segment override; the registers are fixed (SI, DI, BX).
#pragma once

#include <string_view>
#include <vector>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86::enc::detail {

bool isStringMnemonic(std::string_view lowerMnemonic);       // any form, with or without operands
bool isOperandStringMnemonic(std::string_view lowerMnemonic); // movs, cmps, ... taking operands
// Every string mnemonic, with and without operands (for the mnemonic index).
std::vector<std::string_view> stringMnemonics();
Encoding encodeStringWithOperands(std::string_view lowerMnemonic, const Instruction& insn, const Options& options);

}  // namespace asmlab::x86::enc::detail
