// TEST (84h/85h, A8h/A9h). AND OR XOR share the ALU encodings (arith.cpp) and NOT is in group F6h
// (arith.cpp); all use Cpu::logicResult: CF = OF = 0, SF ZF PF from the result, AF cleared
// (undefined in the manual; the 8086 clears it). Manual section 2.7 "Logical instructions".
#include "cpu_inline.hpp"

namespace asmlab::x86 {

void Cpu::execTest(uint8_t op) {
  if (op >= 0xA8) {  // TEST AL/AX,imm
    withWidth(op & 1, op32_, [&](auto zero) {
      using T = decltype(zero);
      logicResult<T>(T(getReg<T>(AX) & fetchImm<T>()));
    });
    clocks_ += timing::kTestAccImm;
    return;
  }
  ModRM m;
  decodeModRM(m);
  withWidth(op & 1, op32_, [&](auto zero) {
    using T = decltype(zero);
    logicResult<T>(T(readRM<T>(m) & getReg<T>(m.reg)));
  });
  clocks_ += m.isReg() ? timing::kTestRegReg : timing::kTestRegMem;
}

}  // namespace asmlab::x86
