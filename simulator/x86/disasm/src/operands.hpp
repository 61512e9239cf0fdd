// Operand decoding and MASM text: ModRM/SIB addresses, registers, immediates, targets.
#pragma once

#include <string>

#include "asmlab/x86/disassembler.hpp"
#include "opcode_map.hpp"

namespace asmlab::x86::dis::detail {

// The state of one decode: where the next byte comes from and what the prefixes said.
struct Cursor {
  const FetchByte& fetch;
  const DecodeOptions& options;
  std::uint32_t position = 0;
  int segment = -1;        // override: 0 ES, 1 CS, 2 SS, 3 DS, 4 FS, 5 GS; -1 none
  bool operand32 = false;  // 66h
  bool address32 = false;  // 67h

  std::uint8_t next() { return fetch(position++); }
  std::uint32_t nextValue(unsigned width);
};

struct ModRm {
  std::uint8_t mod = 0, reg = 0, rm = 0;
  bool memory = false;
  bool direct = false;         // a plain displacement, no registers
  int defaultSegment = 3;      // DS, or SS for BP/EBP/ESP bases
  std::string address;         // "bx+si+12h", "1234h" (direct), "eax+ecx*4"
  std::string registers;       // the registers alone: "bx+si", "eax+ecx*4"
  bool wideDisplacement = false;  // a 16- or 32-bit displacement (may be a variable's offset)
  std::uint32_t displacement = 0;
};

// Reads ModRM (+SIB, +displacement) at the cursor.
ModRm readModRm(Cursor& cursor);

std::string_view registerName(unsigned size, unsigned number);  // size 1, 2, 4
std::string_view segmentName(unsigned number);                  // es cs ss ds fs gs

// Formats a memory operand: "word ptr es:[bx+2]"; `size` 0 shows no "ptr" (LEA, ESC).
std::string memoryText(const Cursor& cursor, const ModRm& modrm, unsigned size, Instruction& out);
std::string sizePtr(unsigned size);  // "byte ptr ", "word ptr ", ... "" for 0

}  // namespace asmlab::x86::dis::detail
