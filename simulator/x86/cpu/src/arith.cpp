// Binary arithmetic and the ALU opcode groups: ADD ADC SUB SBB CMP (and AND OR XOR through the
// same encodings), INC DEC NEG, group 80h-83h, group F6h/F7h, CBW CWD.
// Intel 8086 Family User's Manual (1979), section 2.7 "Arithmetic instructions", table 2-21.
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// 00h-3Dh (ADD OR ADC SBB AND SUB XOR CMP in their six forms) are Cpu::execAlu<opcode> in
// cpu_inline.hpp, inlined into the opcode switch because they dominate real programs.


// 80h r/m8,imm8; 81h r/m16,imm16; 82h = 80h (undocumented alias); 83h r/m16,imm8 sign-extended.
// Cycle model: register: the immediate; memory: the read, 2 clocks, the immediate, then the
// write after 2 clocks (CMP: one clock and the end).
template <TimingModel M>
void Cpu::execGroup1(uint8_t op) {
  ModRM m;
  decodeModRM<M>(m);
  const bool writes = m.reg != 7;
  withWidth(op & 1, op32_, [&](auto zero) {
    using T = decltype(zero);
    T a = readRM<M, T>(m);
    if (!m.isReg()) eu<M>(2);
    T b = op == 0x83 ? T(std::make_signed_t<T>(int8_t(immediate<M, uint8_t>()))) : immediate<M, T>();
    T r = alu<T>(m.reg, a, b);
    if (m.isReg()) {
      if (writes) setReg<T>(m.rm, r);
    } else if (writes) {
      eu<M>(2);
      writeMem<M, T>(m.seg, m.offset, r);
    } else {
      eu<M>(1);
    }
  });
  if (m.isReg()) manual<M>(timing::kAluRegImm);
  else manual<M>(writes ? timing::kAluMemImm : timing::kCmpMemImm);
}

// 40h-4Fh INC/DEC r16 are Cpu::execIncDecReg in cpu_inline.hpp (hot path).

// 98h CBW (CWDE), 99h CWD (CDQ): sign extension, no flags. Cycle model: CBW 1 clock; CWD 4,
// one more when AX is negative (the microcode branches on the sign).
template <TimingModel M>
void Cpu::execConvert(uint8_t op) {
  if (op == 0x98) {
    if (op32_) gpr_[AX].d = uint32_t(int32_t(int16_t(gpr_[AX].w[0])));
    else gpr_[AX].w[0] = uint16_t(int16_t(int8_t(gpr_[AX].b[0])));
    eu<M>(1);
    manual<M>(timing::kCbw);
  } else {
    const bool negative = (gpr_[AX].w[0] & 0x8000) != 0;
    if (op32_) gpr_[DX].d = (gpr_[AX].d & 0x80000000u) ? 0xFFFFFFFFu : 0;
    else gpr_[DX].w[0] = negative ? 0xFFFF : 0;
    eu<M>(negative ? 5 : 4);
    manual<M>(timing::kCwd);
  }
}

// F6h/F7h: reg 0 TEST r/m,imm (1 is an undocumented alias), 2 NOT, 3 NEG, 4 MUL, 5 IMUL, 6 DIV,
// 7 IDIV. The multiply and divide bodies are in muldiv.cpp. Cycle model: TEST: register: one
// clock and the immediate; memory: the read, 2 clocks, the immediate, 1 clock. NOT and NEG:
// register: one clock; memory: the read, 4 clocks, the write.
template <TimingModel M>
void Cpu::execGroup3(uint8_t op) {
  ModRM m;
  decodeModRM<M>(m);
  const bool word = op & 1;
  switch (m.reg) {
    case 0: case 1:
      withWidth(word, op32_, [&](auto zero) {
        using T = decltype(zero);
        T a = readRM<M, T>(m);
        eu<M>(m.isReg() ? 1 : 2);
        logicResult<T>(T(a & immediate<M, T>()));
        if (!m.isReg()) eu<M>(1);
      });
      manual<M>(m.isReg() ? timing::kTestRegImm : timing::kTestMemImm);
      return;
    case 2:  // NOT: no flags
      withWidth(word, op32_, [&](auto zero) {
        using T = decltype(zero);
        const T v = T(~readRM<M, T>(m));
        eu<M>(m.isReg() ? 1 : 4);
        writeRM<M, T>(m, v);
      });
      manual<M>(m.isReg() ? timing::kNegNotReg : timing::kNegNotMem);
      return;
    case 3:  // NEG: 0 - x; CF set unless the operand was zero
      withWidth(word, op32_, [&](auto zero) {
        using T = decltype(zero);
        const T v = sub<T>(T(0), readRM<M, T>(m), 0);
        eu<M>(m.isReg() ? 1 : 4);
        writeRM<M, T>(m, v);
      });
      manual<M>(m.isReg() ? timing::kNegNotReg : timing::kNegNotMem);
      return;
    default:
      execMulDiv<M>(m, word);
      return;
  }
}

}  // namespace asmlab::x86
