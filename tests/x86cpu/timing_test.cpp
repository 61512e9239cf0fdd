// Clock counts from the Intel 8086 Family User's Manual (1979), tables 2-20 and 2-21, with the
// worked examples of ../shared/reference/pc-platform.md computed by hand.
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

unsigned clocksOf(CpuModel model, std::initializer_list<uint8_t> code, uint16_t bx = 0, uint16_t si = 0,
                  uint16_t di = 0, uint16_t bp = 0) {
  Harness h(model);
  h.cpu.setReg16(BX, bx);
  h.cpu.setReg16(SI, si);
  h.cpu.setReg16(DI, di);
  h.cpu.setReg16(BP, bp);
  return h.run(code);
}

TEST(X86Timing, ManualWorkedExamples8086) {
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x8B, 0x0F}, 0x0100), 13u);            // mov cx,[bx]: 8 + 5
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x89, 0x0C}, 0, 0x0100), 14u);         // mov [si],cx: 9 + 5
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x01, 0x8D, 0xE8, 0x03}), 25u);        // add [di+1000],cx: 16 + 9
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x03, 0x92, 0xE9, 0x03}), 25u);        // add dx,[bp+si+1001]: 9 + 12 + 4 (odd)
}

TEST(X86Timing, ManualWorkedExamples8088) {
  EXPECT_EQ(clocksOf(CpuModel::i8088, {0x8B, 0x0F}, 0x0100), 17u);            // every word transfer + 4
  EXPECT_EQ(clocksOf(CpuModel::i8088, {0x01, 0x8D, 0xE8, 0x03}), 33u);        // read and write: + 8
}

TEST(X86Timing, EffectiveAddressTimes) {
  // mov al,[...] is 8 + EA (byte: no word penalty).
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x8A, 0x06, 0x00, 0x10}), 8u + 6u);    // [disp16]
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x8A, 0x00}), 8u + 7u);                // [bx+si]
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x8A, 0x01}), 8u + 8u);                // [bx+di]
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x8A, 0x47, 0x10}), 8u + 9u);          // [bx+disp]
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x8A, 0x41, 0x10}), 8u + 12u);         // [bx+di+disp]
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x26, 0x8A, 0x07}), 2u + 8u + 5u);     // es:[bx]: override + 2
}

TEST(X86Timing, RegisterFormsAndBranches) {
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x01, 0xD8}), 3u);   // add ax,bx
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x4A}), 2u);         // dec dx
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x75, 0x10}), 16u);  // jnz taken (ZF clear)
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0x74, 0x10}), 4u);   // jz not taken
  EXPECT_EQ(clocksOf(CpuModel::i8086, {0xB8, 0x34, 0x12}), 4u);
}

TEST(X86Timing, StackWordPenalties) {
  Harness h(CpuModel::i8086);
  h.cpu.setReg16(SP, 0x1001);  // odd stack pointer: the push is two bus cycles
  EXPECT_EQ(h.run({0x50}), 11u + 4u);
  Harness g(CpuModel::i8088);
  EXPECT_EQ(g.run({0x50}), 15u);  // 8088: push reg 15
}

TEST(X86Timing, InterruptEntry) {
  Harness h(CpuModel::i8086);
  EXPECT_EQ(h.run({0xCD, 0x21}), 51u);
  Harness g(CpuModel::i8088);
  EXPECT_EQ(g.run({0xCD, 0x21}), 71u);  // three pushes and two vector words, +4 each
}

TEST(X86Timing, MultiplyWithinTheManualRange) {
  unsigned mul8 = clocksOf(CpuModel::i8086, {0xF6, 0xE3});
  EXPECT_GE(mul8, 70u);
  EXPECT_LE(mul8, 77u);
  unsigned div16 = clocksOf(CpuModel::i8086, {0xF7, 0xF3}, 1);
  EXPECT_GE(div16, 144u);
  EXPECT_LE(div16, 162u);
}

}  // namespace
}  // namespace asmlab::x86::test
