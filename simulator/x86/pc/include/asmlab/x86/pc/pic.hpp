// The Intel 8259A programmable interrupt controller as wired in the IBM PC: one chip at ports
// 20h/21h, IRQ0 timer, IRQ1 keyboard, vector base 08h after the BIOS's initialisation.
// Intel 8259A data sheet: ICW1-ICW4, OCW1 (mask), OCW2 (EOI, rotate), OCW3 (read IRR/ISR).
#pragma once

#include <cstddef>  // bus.hpp uses size_t without including it
#include <cstdint>

#include "asmlab/x86/bus.hpp"

namespace asmlab::x86::pc {

class Pic8259 : public InterruptController {
public:
  void reset();
  // Edge-triggered request on line `irq` (0-7), as the PC's 8259A is programmed (ICW1 LTIM=0).
  void raise(unsigned irq) { irr_ |= static_cast<uint8_t>(1u << irq); }
  bool pending() const override { return highestRequest() >= 0; }
  uint8_t acknowledge() override;

  uint8_t in(uint16_t port);
  void out(uint16_t port, uint8_t value);
  uint8_t peek(uint16_t port) const;

  uint8_t irr() const { return irr_; }
  uint8_t isr() const { return isr_; }
  uint8_t imr() const { return imr_; }
  uint8_t vectorBase() const { return vectorBase_; }
  bool inService(unsigned irq) const { return isr_ & (1u << irq); }

  struct State {
    uint8_t irr, isr, imr, vectorBase, initStep;
    bool needIcw4, single, autoEoi, readIsr;
  };
  State state() const { return {irr_, isr_, imr_, vectorBase_, initStep_, needIcw4_, single_, autoEoi_, readIsr_}; }
  void setState(const State& s);

private:
  // Fully nested mode: IRQ0 highest. Returns the IRQ to acknowledge, or -1.
  int highestRequest() const;
  uint8_t irr_ = 0, isr_ = 0, imr_ = 0xFF, vectorBase_ = 0x08, initStep_ = 0;
  bool needIcw4_ = false, single_ = true, autoEoi_ = false, readIsr_ = false;
};

}  // namespace asmlab::x86::pc
