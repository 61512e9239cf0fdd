// A VGA card on a flat 1 MiB bus (the BIOS data area lives in its RAM) with a settable clock.
#pragma once

#include <gtest/gtest.h>

#include "asmlab/x86/bus.hpp"
#include "asmlab/x86/cpu.hpp"
#include "asmlab/x86/pc/video/vga_card.hpp"

namespace asmlab::x86::pc::video::testing {

class FakeClock final : public ClockSource {
public:
  uint64_t now() const override { return clock; }
  uint64_t clocksPerSecond() const override { return 4772727; }
  uint64_t clock = 0;
};

class VideoTest : public ::testing::Test {
protected:
  void SetUp() override {
    // The adapter's ROM (fonts) at C0000h, as the PC machine maps it.
    const std::vector<uint8_t>& rom = card.romImage();
    for (size_t i = 0; i < rom.size(); ++i) bus.write8(static_cast<uint32_t>(0xC0000 + i), rom[i]);
    card.powerOn(bus, clock);
  }

  // INT 10h with AX, BX, CX, DX as given.
  void int10(uint16_t ax, uint16_t bx = 0, uint16_t cx = 0, uint16_t dx = 0) {
    cpu.setReg16(AX, ax);
    cpu.setReg16(BX, bx);
    cpu.setReg16(CX, cx);
    cpu.setReg16(DX, dx);
    card.int10(cpu);
  }
  uint8_t bda(uint32_t offset) const { return bus.peek8(0x400 + offset); }
  void out(uint16_t port, uint8_t value) { card.outPort(port, value); }
  uint8_t in(uint16_t port) { return card.inPort(port); }
  // Mode 13h turned into Mode X 320x240 as Michael Abrash's published set-up does: chain-4 and
  // doubleword mode off, byte mode on, 480-line timings with the 25 MHz clock and 2 scanlines a row.
  void enterModeX() {
    int10(0x0013);
    out(0x3C4, 0x04); out(0x3C5, 0x06);
    out(0x3C2, 0xE3);
    out(0x3D4, 0x11); out(0x3D5, 0x2C);  // unprotect CRTC 0-7
    const uint8_t regs[][2] = {{0x06, 0x0D}, {0x07, 0x3E}, {0x09, 0x41}, {0x10, 0xEA}, {0x11, 0xAC},
                               {0x12, 0xDF}, {0x14, 0x00}, {0x15, 0xE7}, {0x16, 0x06}, {0x17, 0xE3}};
    for (const auto& r : regs) { out(0x3D4, r[0]); out(0x3D5, r[1]); }
    out(0x3C4, 0x02); out(0x3C5, 0x0F);
    for (uint32_t a = 0xA0000; a < 0xB0000; ++a) card.writeMemory(a, 0);
  }

  FlatMemoryBus bus;
  Cpu cpu{bus};
  FakeClock clock;
  VgaCard card;
};

}  // namespace asmlab::x86::pc::video::testing
