// Binary arithmetic and the ALU opcode groups: ADD ADC SUB SBB CMP (and AND OR XOR through the
// same encodings), INC DEC NEG, group 80h-83h, group F6h/F7h, CBW CWD.
// Intel 8086 Family User's Manual (1979), section 2.7 "Arithmetic instructions", table 2-21.
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// 00h-3Dh (ADD OR ADC SBB AND SUB XOR CMP in their six forms) are Cpu::execAlu<opcode> in
// cpu_inline.hpp, inlined into the opcode switch because they dominate real programs.


// 80h r/m8,imm8; 81h r/m16,imm16; 82h = 80h (undocumented alias); 83h r/m16,imm8 sign-extended.
void Cpu::execGroup1(uint8_t op) {
  ModRM m;
  decodeModRM(m);
  const bool writes = m.reg != 7;
  withWidth(op & 1, op32_, [&](auto zero) {
    using T = decltype(zero);
    T a = readRM<T>(m);
    T b = op == 0x83 ? T(std::make_signed_t<T>(int8_t(fetch8()))) : fetchImm<T>();
    T r = alu<T>(m.reg, a, b);
    if (writes) writeRM<T>(m, r);
  });
  if (m.isReg()) clocks_ += timing::kAluRegImm;
  else clocks_ += writes ? timing::kAluMemImm : timing::kCmpMemImm;
}

// 40h-4Fh INC/DEC r16 are Cpu::execIncDecReg in cpu_inline.hpp (hot path).

// 98h CBW (CWDE), 99h CWD (CDQ): sign extension, no flags.
void Cpu::execConvert(uint8_t op) {
  if (op == 0x98) {
    if (op32_) gpr_[AX].d = uint32_t(int32_t(int16_t(gpr_[AX].w[0])));
    else gpr_[AX].w[0] = uint16_t(int16_t(int8_t(gpr_[AX].b[0])));
    clocks_ += timing::kCbw;
  } else {
    if (op32_) gpr_[DX].d = (gpr_[AX].d & 0x80000000u) ? 0xFFFFFFFFu : 0;
    else gpr_[DX].w[0] = (gpr_[AX].w[0] & 0x8000) ? 0xFFFF : 0;
    clocks_ += timing::kCwd;
  }
}

// F6h/F7h: reg 0 TEST r/m,imm (1 is an undocumented alias), 2 NOT, 3 NEG, 4 MUL, 5 IMUL, 6 DIV,
// 7 IDIV. The multiply and divide bodies are in muldiv.cpp.
void Cpu::execGroup3(uint8_t op) {
  ModRM m;
  decodeModRM(m);
  const bool word = op & 1;
  switch (m.reg) {
    case 0: case 1:
      withWidth(word, op32_, [&](auto zero) {
        using T = decltype(zero);
        T a = readRM<T>(m);
        logicResult<T>(T(a & fetchImm<T>()));
      });
      clocks_ += m.isReg() ? timing::kTestRegImm : timing::kTestMemImm;
      return;
    case 2:  // NOT: no flags
      withWidth(word, op32_, [&](auto zero) {
        using T = decltype(zero);
        writeRM<T>(m, T(~readRM<T>(m)));
      });
      clocks_ += m.isReg() ? timing::kNegNotReg : timing::kNegNotMem;
      return;
    case 3:  // NEG: 0 - x; CF set unless the operand was zero
      withWidth(word, op32_, [&](auto zero) {
        using T = decltype(zero);
        writeRM<T>(m, sub<T>(T(0), readRM<T>(m), 0));
      });
      clocks_ += m.isReg() ? timing::kNegNotReg : timing::kNegNotMem;
      return;
    default:
      execMulDiv(m, word);
      return;
  }
}

}  // namespace asmlab::x86
