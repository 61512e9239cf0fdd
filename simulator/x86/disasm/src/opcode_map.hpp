// The decoding tables: one row per opcode of the one-byte map and the 80286/80386 two-byte (0Fh)
// map, with operands in the Intel opcode-map notation (80386 Programmer's Reference Manual,
// appendix A: E = ModRM r/m, G = ModRM reg, I = immediate, J = relative, O = direct offset,
// M = memory only, S = segment register; b = byte, w = word, v = word or dword by operand size).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "asmlab/x86/disassembler.hpp"

namespace asmlab::x86::dis::detail {

enum class Opd : std::uint8_t {
  None,
  Eb, Ev, Ew, Gb, Gv, Gw, Sw,
  Ib, Iv, Iw, IbS,  // IbS: a byte sign-extended to the operand size (83, 6A, 6B)
  Jb, Jv, Ap,
  M,                // memory, no size shown (LEA)
  Mp,               // far pointer in memory: dword ptr (fword ptr with 66h)
  Ma,               // BOUND's pair: dword ptr (qword ptr with 66h)
  Ms,               // 6-byte descriptor-table pointer (SGDT...): fword ptr
  Ob, Ov,           // direct address (A0-A3)
  AL, eAX, CL, DX, One,
  Zb, Zv,           // register in the opcode's low three bits
  ES, CS, SS, DS, FS, GS,
  Rd, Cd, Dd, Td,   // MOV to/from control, debug and test registers (386)
};

enum class Kind : std::uint8_t {
  Normal,
  Group,     // `group` selects a row by the ModRM reg field
  Prefix,
  String,    // MOVS/CMPS/...: suffix b/w/d, operands only to show an override
  Invalid,
};

struct Row {
  std::string_view name;    // 16-bit operand size (or the only) mnemonic
  std::string_view name32;  // with 66h (cwde, pushad, ...); empty if the same
  std::array<Opd, 3> ops;
  Kind kind = Kind::Normal;
  std::uint8_t group = 0;
  Cpu cpu = Cpu::I8086;
  Flow flow = Flow::Sequential;
};

const Row& oneByteRow(std::uint8_t opcode);
const Row& twoByteRow(std::uint8_t opcode);  // after 0Fh
// Group rows: group 1..5 (80-83, C0-D3, F6/F7, FE, FF), 6 (0F 00), 7 (0F 01), 8 (0F BA), 9 (8F), 10 (C6/C7)
Row groupRow(std::uint8_t group, std::uint8_t opcode, std::uint8_t reg);

}  // namespace asmlab::x86::dis::detail
