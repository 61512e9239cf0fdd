// Multiply, divide (with the divide error) and decimal adjust; expected values by hand from
// the Intel 8086 Family User's Manual (1979), section 2.7.
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

TEST(X86MulDiv, MulSetsCarryWhenUpperHalfUsed) {
  Harness h;
  h.cpu.setReg8(AL, 0x80);
  h.cpu.setReg8(BL, 2);
  h.run({0xF6, 0xE3});  // mul bl
  EXPECT_EQ(h.cpu.reg16(AX), 0x0100);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kOF));
  h.cpu.setReg16(AX, 0x1000);
  h.cpu.setReg16(BX, 0x0010);
  h.run({0xF7, 0xE3});  // mul bx
  EXPECT_EQ(h.cpu.reg16(DX), 0x0001);
  EXPECT_EQ(h.cpu.reg16(AX), 0x0000);
  EXPECT_TRUE(h.flag(kCF));
}

TEST(X86MulDiv, ImulCarryWhenResultNeedsUpperHalf) {
  Harness h;
  h.cpu.setReg8(AL, 0xFE);  // -2
  h.cpu.setReg8(BL, 3);
  h.run({0xF6, 0xEB});  // imul bl
  EXPECT_EQ(h.cpu.reg16(AX), 0xFFFA);
  EXPECT_FALSE(h.flag(kCF));
  EXPECT_FALSE(h.flag(kOF));
  h.cpu.setReg8(AL, 0x40);
  h.run({0xF6, 0xEB});  // 64 * 3 = 192 does not fit in a signed byte
  EXPECT_EQ(h.cpu.reg16(AX), 0x00C0);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kOF));
}

TEST(X86MulDiv, DivAndIdiv) {
  Harness h;
  h.cpu.setReg16(AX, 257);
  h.cpu.setReg8(BL, 2);
  h.run({0xF6, 0xF3});  // div bl
  EXPECT_EQ(h.cpu.reg8(AL), 128);
  EXPECT_EQ(h.cpu.reg8(AH), 1);
  h.cpu.setReg16(AX, uint16_t(-7));
  h.run({0xF6, 0xFB});  // idiv bl: -7 / 2 = -3 rem -1 (truncation toward zero)
  EXPECT_EQ(h.cpu.reg8(AL), 0xFD);
  EXPECT_EQ(h.cpu.reg8(AH), 0xFF);
}

TEST(X86MulDiv, DivideByZeroOn8086PushesTheNextInstruction) {
  Harness h(CpuModel::i8086);
  h.vector(0, 0x0050, 0x0000);
  h.cpu.setReg8(BL, 0);
  h.cpu.setFlags(kIF);
  h.run({0xF6, 0xF3});  // div bl
  EXPECT_EQ(h.cpu.seg(CS), 0x0050);
  EXPECT_EQ(h.cpu.ip(), 0x0000);
  EXPECT_EQ(h.cpu.reg16(SP), 0x1000 - 6);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x0102);  // return IP: after the DIV
  EXPECT_EQ(h.word(0x4000, 0x0FFC), 0x1000);  // return CS
  EXPECT_FALSE(h.flag(kIF));
  EXPECT_EQ(h.cpu.exceptionCount(), 1u);
}

TEST(X86MulDiv, DivideErrorOn80286PushesTheFaultingInstruction) {
  Harness h(CpuModel::i80286);
  h.vector(0, 0x0050, 0x0000);
  h.cpu.setReg16(AX, 0x0200);
  h.cpu.setReg8(BL, 2);  // quotient 256 does not fit in AL
  h.run({0xF6, 0xF3});
  EXPECT_EQ(h.cpu.seg(CS), 0x0050);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x0100);
}

TEST(X86MulDiv, IdivMinus128IsAnErrorOnlyOnThe8086) {
  Harness h(CpuModel::i8086);
  h.vector(0, 0x0050, 0x0000);
  h.cpu.setReg16(AX, uint16_t(-256));
  h.cpu.setReg8(BL, 2);
  h.run({0xF6, 0xFB});
  EXPECT_EQ(h.cpu.seg(CS), 0x0050);
  Harness g(CpuModel::i80186);
  g.cpu.setReg16(AX, uint16_t(-256));
  g.cpu.setReg8(BL, 2);
  g.run({0xF6, 0xFB});
  EXPECT_EQ(g.cpu.seg(CS), 0x1000);
  EXPECT_EQ(g.cpu.reg8(AL), 0x80);
  EXPECT_EQ(g.cpu.reg8(AH), 0);
}

TEST(X86MulDiv, MostNegativeDividendByMinusOneIsADivideError) {
  Harness h(CpuModel::i80186);
  h.vector(0, 0x0050, 0x0000);
  h.cpu.setReg16(DX, 0x8000);
  h.cpu.setReg16(AX, 0x0000);
  h.cpu.setReg16(BX, 0xFFFF);
  h.run({0xF7, 0xFB});  // idiv bx: -2^31 / -1 = 2^31 does not fit
  EXPECT_EQ(h.cpu.seg(CS), 0x0050);
  Harness g(CpuModel::i80386);
  g.vector(0, 0x0050, 0x0000);
  g.cpu.setReg32(DX, 0x80000000u);
  g.cpu.setReg32(AX, 0);
  g.cpu.setReg32(BX, 0xFFFFFFFFu);
  g.run({0x66, 0xF7, 0xFB});  // idiv ebx
  EXPECT_EQ(g.cpu.seg(CS), 0x0050);
}

TEST(X86MulDiv, RepPrefixNegatesImulOn8086) {
  // SingleStepTests 8086 README: a REP prefix before IMUL/IDIV negates the result.
  Harness h(CpuModel::i8086);
  h.cpu.setReg8(AL, 2);
  h.cpu.setReg8(BL, 3);
  h.run({0xF3, 0xF6, 0xEB});
  EXPECT_EQ(h.cpu.reg16(AX), 0xFFFA);
}

TEST(X86Bcd, AamAndAad) {
  Harness h;
  h.cpu.setReg8(AL, 63);
  h.run({0xD4, 0x0A});
  EXPECT_EQ(h.cpu.reg8(AH), 6);
  EXPECT_EQ(h.cpu.reg8(AL), 3);
  h.run({0xD5, 0x0A});
  EXPECT_EQ(h.cpu.reg16(AX), 63);
}

TEST(X86Bcd, DaaAfterPackedAdd) {
  Harness h;
  h.cpu.setReg8(AL, 0x15);
  h.run({0x04, 0x27});  // 15h + 27h = 3Ch
  h.run({0x27});        // daa -> 42h (15 + 27 = 42 decimal)
  EXPECT_EQ(h.cpu.reg8(AL), 0x42);
  EXPECT_TRUE(h.flag(kAF));
  EXPECT_FALSE(h.flag(kCF));
  h.cpu.setReg8(AL, 0x99);
  h.run({0x04, 0x01});  // 99h + 1 = 9Ah
  h.run({0x27});        // -> 00h with carry (99 + 1 = 100)
  EXPECT_EQ(h.cpu.reg8(AL), 0x00);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kZF));
}

TEST(X86Bcd, DasAfterPackedSubtract) {
  Harness h;
  h.cpu.setReg8(AL, 0x42);
  h.run({0x2C, 0x15});  // 42h - 15h = 2Dh, AF set
  h.run({0x2F});        // das -> 27h
  EXPECT_EQ(h.cpu.reg8(AL), 0x27);
  EXPECT_FALSE(h.flag(kCF));
}

TEST(X86Bcd, AaaAndAasOnUnpackedDigits) {
  Harness h;
  h.cpu.setReg16(AX, 0x0008);
  h.run({0x04, 0x09});  // 8 + 9 = 11h, AF set
  h.run({0x37});        // aaa -> AH 1, AL 7
  EXPECT_EQ(h.cpu.reg16(AX), 0x0107);
  EXPECT_TRUE(h.flag(kCF));
  h.cpu.setReg16(AX, 0x0103);
  h.run({0x2C, 0x05});  // 03h - 5 = FEh, AF set
  h.run({0x3F});        // aas -> 13 - 5 = 8
  EXPECT_EQ(h.cpu.reg16(AX), 0x0008);
  EXPECT_TRUE(h.flag(kCF));
}

}  // namespace
}  // namespace asmlab::x86::test
