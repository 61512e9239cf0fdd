// Flag instructions (CLC STC CMC CLI STI CLD STD SAHF LAHF), the undocumented SALC (D6h), and
// processor control (HLT WAIT ESC).
// Intel 8086 Family User's Manual (1979), section 2.7 "Flag operations", "Processor control".
#include "cpu_inline.hpp"

namespace asmlab::x86 {

// Cycle model: one clock; SAHF 3, LAHF 1, SALC 2 (3 when CF is set).
template <TimingModel M>
void Cpu::execFlagOp(uint8_t op) {
  unsigned clocks = timing::kFlagOp, cycle = 1;
  switch (op) {
    case 0x9E: {  // SAHF: SF ZF AF PF CF from AH
      uint8_t ah = gpr_[AX].b[1];
      setZfSf((ah >> 6) & 1, (ah >> 7) & 1); setAf((ah >> 4) & 1); setPf((ah >> 2) & 1); cf_ = ah & 1;
      clocks = timing::kSahf;
      cycle = 3;
      break;
    }
    case 0x9F:  // LAHF
      gpr_[AX].b[1] = uint8_t(flags());
      clocks = timing::kLahf;
      break;
    case 0xD6:  // SALC: AL = CF ? FFh : 00h (undocumented, every model)
      gpr_[AX].b[0] = cf_ ? 0xFF : 0x00;
      clocks = timing::kSalc;
      cycle = cf_ ? 3 : 2;
      break;
    case 0xF5: cf_ ^= 1; break;
    case 0xF8: cf_ = 0; break;
    case 0xF9: cf_ = 1; break;
    case 0xFA: if_ = 0; syncSignals(); break;
    case 0xFB:
      // STI: interrupts are recognised only after the next instruction (manual, "STI").
      if (!if_) signals_.is.shadow = true;
      if_ = 1;
      syncSignals();
      break;
    case 0xFC: df_ = 0; break;
    default: df_ = 1; break;  // FDh STD
  }
  manual<M>(clocks);
  eu<M>(cycle);
}

template <TimingModel M>
void Cpu::execProcessorControl(uint8_t op) {
  if (op == 0x9B) {  // WAIT: the TEST pin is active (no coprocessor busy)
    manual<M>(timing::kWait);
    return;
  }
  if (op == 0xF4) {  // HLT: wait for NMI or INTR (or reset)
    // Cycle model: one clock, then the halt status on the bus (Cpu::haltBus).
    eu<M>(1);
    if constexpr (M == kCycle) haltBus();
    signals_.is.halted = true;
    manual<M>(timing::kHlt);
    return;
  }
  // D8h-DFh ESC: the CPU computes the operand address for a coprocessor and, on the 8086/8088,
  // reads the memory operand's first word onto the bus for it (Intel 8086 Family User's Manual,
  // ESC; the bus cycle is in the real-silicon traces). Without an 8087 nothing else happens.
  // Cycle model: the read, then 2 clocks.
  ModRM m;
  decodeModRM<M>(m);
  if (!m.isReg() && !has186_) {
    readMem<M, uint16_t>(m.seg, m.offset);
    eu<M>(2);
  }
  manual<M>(m.isReg() ? timing::kEscReg : timing::kEscMem);
}

}  // namespace asmlab::x86
