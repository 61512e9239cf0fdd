// The CPU without a coprocessor (Intel 8086 Family User's Manual, ESC and WAIT): ESC computes its
// operand's address and, on the 8086/8088, reads the operand for the coprocessor; nothing else
// changes. WAIT finds TEST active (no coprocessor is busy) and goes on.
#include <gtest/gtest.h>

#include <vector>

#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

// Flat RAM whose memory reads all go through read8 (no fast pages), so each one is seen.
struct WatchedBus : FlatMemoryBus {
  uint8_t read8(uint32_t address) override {
    reads.push_back(address);
    return FlatMemoryBus::read8(address);
  }
  uint8_t* fastReadPage(uint32_t) override { return nullptr; }
  std::vector<uint32_t> reads;
};

std::vector<uint32_t> operandReads(CpuModel model, std::initializer_list<uint8_t> code) {
  WatchedBus bus;
  Cpu cpu(bus, model);
  cpu.setSeg(CS, 0x1000);
  cpu.setIp(0x0100);
  cpu.setSeg(DS, 0x2000);
  cpu.setReg16(BX, 0x0010);
  uint32_t at = 0x10100;
  for (uint8_t b : code) bus.ram()[at++] = b;
  const uint16_t flags = cpu.flags();
  cpu.step();
  EXPECT_EQ(cpu.ip(), 0x0100 + code.size());
  EXPECT_EQ(cpu.flags(), flags);
  EXPECT_EQ(cpu.reg16(BX), 0x0010);
  std::vector<uint32_t> data;
  for (uint32_t a : bus.reads)
    if (a < 0x10000 || a >= 0x10200) data.push_back(a);  // not the instruction bytes
  return data;
}

TEST(X86Coprocessor, EscReadsItsMemoryOperandOnThe8086) {
  // D9 07 = FLD DWORD PTR [BX] to an 8087: DS:0010h is physical 20010h.
  EXPECT_EQ(operandReads(CpuModel::i8086, {0xD9, 0x07}), (std::vector<uint32_t>{0x20010, 0x20011}));
  EXPECT_EQ(operandReads(CpuModel::i8088, {0xD9, 0x07}), (std::vector<uint32_t>{0x20010, 0x20011}));
  // A register form has no operand to read.
  EXPECT_TRUE(operandReads(CpuModel::i8086, {0xD9, 0xC1}).empty());
}

TEST(X86Coprocessor, WaitDoesNotBlock) {
  Harness h;
  h.run({0x9B});
  EXPECT_EQ(h.cpu.ip(), 0x0101);
  EXPECT_FALSE(h.cpu.halted());
}

}  // namespace
}  // namespace asmlab::x86::test
