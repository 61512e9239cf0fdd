// Intel 8259A data sheet, "Initialization command words" and "Operation command words".
#include "asmlab/x86/pc/pic.hpp"

namespace asmlab::x86::pc {

void Pic8259::reset() { *this = Pic8259{}; }

void Pic8259::setState(const State& s) {
  irr_ = s.irr; isr_ = s.isr; imr_ = s.imr; vectorBase_ = s.vectorBase; initStep_ = s.initStep;
  needIcw4_ = s.needIcw4; single_ = s.single; autoEoi_ = s.autoEoi; readIsr_ = s.readIsr;
}

int Pic8259::highestRequest() const {
  const uint8_t candidates = irr_ & static_cast<uint8_t>(~imr_);
  if (candidates == 0) return -1;
  for (int irq = 0; irq < 8; ++irq) {
    if (isr_ & (1u << irq)) return -1;  // an equal or higher priority is being serviced
    if (candidates & (1u << irq)) return irq;
  }
  return -1;
}

uint8_t Pic8259::acknowledge() {
  const int irq = highestRequest();
  // A request that vanished between INTR and INTA yields IRQ7 (the data sheet's spurious interrupt).
  if (irq < 0) return static_cast<uint8_t>(vectorBase_ | 7);
  irr_ &= static_cast<uint8_t>(~(1u << irq));
  if (!autoEoi_) isr_ |= static_cast<uint8_t>(1u << irq);
  return static_cast<uint8_t>(vectorBase_ + irq);
}

uint8_t Pic8259::peek(uint16_t port) const {
  if ((port & 1) == 0) return readIsr_ ? isr_ : irr_;
  return imr_;
}

uint8_t Pic8259::in(uint16_t port) { return peek(port); }

void Pic8259::out(uint16_t port, uint8_t value) {
  if ((port & 1) == 0) {
    if (value & 0x10) {  // ICW1: restart initialisation; mask and in-service cleared
      needIcw4_ = value & 0x01;
      single_ = value & 0x02;
      imr_ = 0; isr_ = 0; irr_ = 0; readIsr_ = false; autoEoi_ = false;
      initStep_ = 2;
      return;
    }
    if (value & 0x08) {  // OCW3: RR (bit 1) with RIS (bit 0) selects IRR or ISR for reads
      if (value & 0x02) readIsr_ = value & 0x01;
      return;
    }
    // OCW2: bits 7-5 = R SL EOI.
    const unsigned command = value >> 5;
    if (command == 1 || command == 5) {  // non-specific EOI (and rotate on non-specific EOI)
      for (unsigned irq = 0; irq < 8; ++irq) {
        if (isr_ & (1u << irq)) { isr_ &= static_cast<uint8_t>(~(1u << irq)); break; }
      }
    } else if (command == 3 || command == 7) {  // specific EOI (and rotate on specific EOI)
      isr_ &= static_cast<uint8_t>(~(1u << (value & 7)));
    }
    return;
  }
  switch (initStep_) {
    case 2:
      vectorBase_ = value & 0xF8;
      initStep_ = single_ ? (needIcw4_ ? 4 : 0) : 3;
      return;
    case 3:
      initStep_ = needIcw4_ ? 4 : 0;
      return;
    case 4:
      autoEoi_ = value & 0x02;
      initStep_ = 0;
      return;
    default:
      imr_ = value;  // OCW1
  }
}

}  // namespace asmlab::x86::pc
