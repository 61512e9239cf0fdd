// String instructions with and without REP (Intel 8086 Family User's Manual, section 2.7
// "String instructions"); expected values by hand.
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

TEST(X86String, RepMovsbCopiesCxBytesForward) {
  Harness h;
  for (int i = 0; i < 5; ++i) h.mem(0x2000, uint16_t(0x10 + i)) = uint8_t(i + 1);
  h.cpu.setReg16(SI, 0x10);
  h.cpu.setReg16(DI, 0x20);
  h.cpu.setReg16(CX, 5);
  unsigned clocks = h.run({0xF3, 0xA4});  // rep movsb
  for (int i = 0; i < 5; ++i) EXPECT_EQ(h.mem(0x3000, uint16_t(0x20 + i)), i + 1);
  EXPECT_EQ(h.cpu.reg16(CX), 0);
  EXPECT_EQ(h.cpu.reg16(SI), 0x15);
  EXPECT_EQ(h.cpu.reg16(DI), 0x25);
  EXPECT_EQ(h.cpu.ip(), 0x102);
  EXPECT_EQ(clocks, 2u + 9u + 17u * 5u);  // prefix 2, then 9 + 17 per repetition
}

TEST(X86String, MovswBackwardWithDirectionFlag) {
  Harness h;
  h.setWord(0x2000, 0x10, 0x1111);
  h.setWord(0x2000, 0x0E, 0x2222);
  h.cpu.setReg16(SI, 0x10);
  h.cpu.setReg16(DI, 0x20);
  h.cpu.setReg16(CX, 2);
  h.cpu.setFlags(kDF);
  h.run({0xF3, 0xA5});
  EXPECT_EQ(h.word(0x3000, 0x20), 0x1111);
  EXPECT_EQ(h.word(0x3000, 0x1E), 0x2222);
  EXPECT_EQ(h.cpu.reg16(SI), 0x0C);
  EXPECT_EQ(h.cpu.reg16(DI), 0x1C);
}

TEST(X86String, RepeCmpsbStopsAtTheFirstDifference) {
  Harness h;
  const char a[] = "ABCD", b[] = "ABXD";
  for (int i = 0; i < 4; ++i) {
    h.mem(0x2000, uint16_t(0x10 + i)) = uint8_t(a[i]);
    h.mem(0x3000, uint16_t(0x20 + i)) = uint8_t(b[i]);
  }
  h.cpu.setReg16(SI, 0x10);
  h.cpu.setReg16(DI, 0x20);
  h.cpu.setReg16(CX, 4);
  h.run({0xF3, 0xA6});  // repe cmpsb
  EXPECT_EQ(h.cpu.reg16(CX), 1);
  EXPECT_FALSE(h.flag(kZF));
  EXPECT_EQ(h.cpu.reg16(SI), 0x13);
  EXPECT_TRUE(h.flag(kCF));  // 'C' < 'X'
}

TEST(X86String, RepneScasbFindsTheByte) {
  Harness h;
  const char s[] = "hello";
  for (int i = 0; i < 5; ++i) h.mem(0x3000, uint16_t(0x20 + i)) = uint8_t(s[i]);
  h.cpu.setReg16(DI, 0x20);
  h.cpu.setReg16(CX, 5);
  h.cpu.setReg8(AL, 'l');
  h.run({0xF2, 0xAE});  // repne scasb
  EXPECT_TRUE(h.flag(kZF));
  EXPECT_EQ(h.cpu.reg16(CX), 2);
  EXPECT_EQ(h.cpu.reg16(DI), 0x23);
}

TEST(X86String, SegmentOverrideAppliesToTheSourceOnly) {
  Harness h;
  h.mem(0x3000, 0x10) = 0x77;  // ES:SI
  h.mem(0x2000, 0x10) = 0x11;  // DS:SI
  h.cpu.setReg16(SI, 0x10);
  h.cpu.setReg16(DI, 0x30);
  h.run({0x26, 0xA4});  // es: movsb
  EXPECT_EQ(h.mem(0x3000, 0x30), 0x77);
}

TEST(X86String, LodsAndStos) {
  Harness h;
  h.setWord(0x2000, 0x40, 0xCAFE);
  h.cpu.setReg16(SI, 0x40);
  h.run({0xAD});  // lodsw
  EXPECT_EQ(h.cpu.reg16(AX), 0xCAFE);
  EXPECT_EQ(h.cpu.reg16(SI), 0x42);
  h.cpu.setReg16(DI, 0x50);
  h.cpu.setReg16(CX, 3);
  h.run({0xF3, 0xAB});  // rep stosw
  EXPECT_EQ(h.word(0x3000, 0x50), 0xCAFE);
  EXPECT_EQ(h.word(0x3000, 0x54), 0xCAFE);
  EXPECT_EQ(h.cpu.reg16(DI), 0x56);
}

TEST(X86String, RepWithZeroCountDoesNothing) {
  Harness h;
  h.cpu.setReg16(CX, 0);
  h.cpu.setReg16(DI, 0x50);
  h.run({0xF3, 0xAA});
  EXPECT_EQ(h.cpu.reg16(DI), 0x50);
  EXPECT_EQ(h.mem(0x3000, 0x50), 0);
}

}  // namespace
}  // namespace asmlab::x86::test
