// The LC-3 disassembler (Patt & Patel Appendix A encodings).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace asmlab::lc3 {

using LabelLookup = std::function<std::optional<std::string>(uint16_t)>;

// One instruction as text, e.g. "ADD R1, R2, #-3" or "BRz LOOP". PC-relative targets show the
// label `labelAt` gives for the target address, else the address itself ("BRz x3005"): the form
// for traces and debuggers. Words that no instruction produces (opcode 1101, unused bits set,
// BR without condition codes and a non-zero offset) show as ".FILL xNNNN". x0000 shows as NOP.
std::string disassemble(uint16_t word, uint16_t address, const LabelLookup& labelAt = {});

// The same, in a form the assembler turns back into exactly `word` when placed at `address`:
// PC-relative targets without a label are written as the offset ("BRz #-3").
std::string disassembleSource(uint16_t word, uint16_t address, const LabelLookup& labelAt = {});

// The address a PC-relative instruction (BR, JSR, LD, LDI, LEA, ST, STI) refers to, if `word` is one.
std::optional<uint16_t> pcRelativeTarget(uint16_t word, uint16_t address);

}  // namespace asmlab::lc3
