// A CPU on flat RAM with code loaded at 1000:0100, for hand-written instruction tests.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>

#include "asmlab/x86/cpu.hpp"

namespace asmlab::x86::test {

struct Harness {
  explicit Harness(CpuModel model = CpuModel::i8086) : cpu(bus, model) {
    cpu.setSeg(CS, 0x1000);
    cpu.setSeg(DS, 0x2000);
    cpu.setSeg(ES, 0x3000);
    cpu.setSeg(SS, 0x4000);
    cpu.setReg16(SP, 0x1000);
    cpu.setIp(0x0100);
    cpu.setFlags(0);
  }
  // Places code at CS:IP.
  void code(std::initializer_list<uint8_t> bytes) {
    uint32_t at = (uint32_t{cpu.seg(CS)} << 4) + cpu.ip();
    for (uint8_t b : bytes) bus.ram()[at++] = b;
  }
  uint8_t& mem(uint16_t seg, uint16_t off) { return bus.ram()[((uint32_t{seg} << 4) + off) & 0xFFFFF]; }
  uint16_t word(uint16_t seg, uint16_t off) { return uint16_t(mem(seg, off) | (mem(seg, uint16_t(off + 1)) << 8)); }
  void setWord(uint16_t seg, uint16_t off, uint16_t v) { mem(seg, off) = uint8_t(v); mem(seg, uint16_t(off + 1)) = uint8_t(v >> 8); }
  // Interrupt vector `n` -> seg:off, with a HLT at the handler.
  void vector(uint8_t n, uint16_t seg, uint16_t off) {
    setWord(0, uint16_t(n * 4), off);
    setWord(0, uint16_t(n * 4 + 2), seg);
    mem(seg, off) = 0xF4;
  }
  bool flag(uint16_t f) const { return (cpu.flags() & f) != 0; }
  unsigned run(std::initializer_list<uint8_t> bytes) { code(bytes); return cpu.step(); }

  FlatMemoryBus bus;
  Cpu cpu;
};

}  // namespace asmlab::x86::test
