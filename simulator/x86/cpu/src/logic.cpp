// TEST (84h/85h, A8h/A9h). AND OR XOR share the ALU encodings (arith.cpp) and NOT is in group F6h
// (arith.cpp); all use Cpu::logicResult: CF = OF = 0, SF ZF PF from the result, AF cleared
// (undefined in the manual; the 8086 clears it). Manual section 2.7 "Logical instructions".
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// Cycle model: TEST acc,imm: one clock and the immediate; r/m,reg as CMP (cpu_inline.hpp):
// register one clock, memory the read and 3 clocks.
template <TimingModel M>
void Cpu::execTest(uint8_t op) {
  if (op >= 0xA8) {  // TEST AL/AX,imm
    eu<M>(1);
    withWidth(op & 1, op32_, [&](auto zero) {
      using T = decltype(zero);
      logicResult<T>(T(getReg<T>(AX) & immediate<M, T>()));
    });
    manual<M>(timing::kTestAccImm);
    return;
  }
  ModRM m;
  decodeModRM<M>(m);
  withWidth(op & 1, op32_, [&](auto zero) {
    using T = decltype(zero);
    logicResult<T>(T(readRM<M, T>(m) & getReg<T>(m.reg)));
  });
  eu<M>(m.isReg() ? 1 : 3);
  manual<M>(m.isReg() ? timing::kTestRegReg : timing::kTestRegMem);
}

}  // namespace asmlab::x86
