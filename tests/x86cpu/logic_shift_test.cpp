// Logical instructions, shifts and rotates (Intel 8086 Family User's Manual, section 2.7
// "Logical", "Shift", "Rotate"); expected values computed by hand.
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

TEST(X86Logic, AndClearsCarryAndOverflow) {
  Harness h;
  h.cpu.setReg8(AL, 0xF3);
  h.cpu.setFlags(kCF | kOF);
  h.run({0x24, 0x0F});  // and al,0Fh
  EXPECT_EQ(h.cpu.reg8(AL), 0x03);
  EXPECT_FALSE(h.flag(kCF));
  EXPECT_FALSE(h.flag(kOF));
  EXPECT_TRUE(h.flag(kPF));
  EXPECT_FALSE(h.flag(kZF));
}

TEST(X86Logic, XorSelfIsZero) {
  Harness h;
  h.cpu.setReg16(AX, 0x1234);
  h.run({0x31, 0xC0});  // xor ax,ax
  EXPECT_EQ(h.cpu.reg16(AX), 0);
  EXPECT_TRUE(h.flag(kZF));
  EXPECT_TRUE(h.flag(kPF));
}

TEST(X86Logic, TestOrNot) {
  Harness h;
  h.cpu.setReg8(AL, 0x80);
  h.run({0xA8, 0x80});  // test al,80h
  EXPECT_TRUE(h.flag(kSF));
  EXPECT_FALSE(h.flag(kZF));
  EXPECT_EQ(h.cpu.reg8(AL), 0x80);
  h.cpu.setReg16(BX, 0x0F00);
  h.cpu.setReg16(CX, 0x00F0);
  h.run({0x09, 0xCB});  // or bx,cx
  EXPECT_EQ(h.cpu.reg16(BX), 0x0FF0);
  h.cpu.setFlags(kCF);
  h.cpu.setReg16(AX, 0x00FF);
  h.run({0xF7, 0xD0});  // not ax: no flags
  EXPECT_EQ(h.cpu.reg16(AX), 0xFF00);
  EXPECT_TRUE(h.flag(kCF));
}

struct ShiftCase { uint8_t modrm; uint8_t in; uint8_t carryIn; uint8_t out; bool cf; bool of; };

TEST(X86Shift, OneBitShiftsAndRotates) {
  const ShiftCase cases[] = {
      {0xE0, 0x81, 0, 0x02, true, true},   // shl al,1: OF = CF xor new MSB
      {0xE8, 0x81, 0, 0x40, true, true},   // shr al,1: OF = old MSB
      {0xF8, 0x80, 0, 0xC0, false, false}, // sar al,1
      {0xC0, 0x81, 0, 0x03, true, true},   // rol al,1
      {0xC8, 0x01, 0, 0x80, true, true},   // ror al,1: OF = bit7 xor bit6 of the result
      {0xD0, 0x80, 0, 0x00, true, true},   // rcl al,1
      {0xD8, 0x01, 1, 0x80, true, true},   // rcr al,1
  };
  for (const auto& c : cases) {
    Harness h;
    h.cpu.setReg8(AL, c.in);
    h.cpu.setFlags(c.carryIn ? kCF : 0);
    h.run({0xD0, c.modrm});
    EXPECT_EQ(h.cpu.reg8(AL), c.out) << std::hex << int(c.modrm);
    EXPECT_EQ(h.flag(kCF), c.cf) << std::hex << int(c.modrm);
    EXPECT_EQ(h.flag(kOF), c.of) << std::hex << int(c.modrm);
  }
}

TEST(X86Shift, RotatesLeaveZeroFlagAlone) {
  Harness h;
  h.cpu.setReg8(AL, 0x80);
  h.run({0xD0, 0xD0});  // rcl al,1 -> 0 but ZF is not a rotate flag
  EXPECT_EQ(h.cpu.reg8(AL), 0);
  EXPECT_FALSE(h.flag(kZF));
}

TEST(X86Shift, ShiftByClLastBitGoesToCarry) {
  Harness h;
  h.cpu.setReg16(AX, 0x1234);
  h.cpu.setReg8(CL, 4);
  unsigned clocks = h.run({0xD3, 0xE0});  // shl ax,cl
  EXPECT_EQ(h.cpu.reg16(AX), 0x2340);
  EXPECT_TRUE(h.flag(kCF));  // bit 12 of 1234h
  EXPECT_EQ(clocks, 8u + 4u * 4u);  // manual: 8 + 4 per bit
}

TEST(X86Shift, CountZeroChangesNothing) {
  Harness h;
  h.cpu.setReg16(AX, 0x1234);
  h.cpu.setReg8(CL, 0);
  h.cpu.setFlags(kCF | kZF);
  h.run({0xD3, 0xE0});
  EXPECT_EQ(h.cpu.reg16(AX), 0x1234);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kZF));
}

TEST(X86Shift, The8086DoesNotMaskTheCountThe80186Does) {
  Harness h(CpuModel::i8086);
  h.cpu.setReg16(AX, 0x1234);
  h.cpu.setReg8(CL, 33);
  h.run({0xD3, 0xE0});
  EXPECT_EQ(h.cpu.reg16(AX), 0);
  Harness g(CpuModel::i80186);
  g.cpu.setReg16(AX, 0x1234);
  g.cpu.setReg8(CL, 33);  // 33 & 31 = 1
  g.run({0xD3, 0xE0});
  EXPECT_EQ(g.cpu.reg16(AX), 0x2468);
}

TEST(X86Shift, Reg6IsSetmoOn8086AndShlOnLaterModels) {
  Harness h(CpuModel::i8086);
  h.cpu.setReg8(AL, 0x11);
  h.run({0xD0, 0xF0});
  EXPECT_EQ(h.cpu.reg8(AL), 0xFF);
  Harness g(CpuModel::i80286);
  g.cpu.setReg8(AL, 0x11);
  g.run({0xD0, 0xF0});
  EXPECT_EQ(g.cpu.reg8(AL), 0x22);
}

TEST(X86Shift, ShiftByImmediateOn80186) {
  Harness h(CpuModel::i80186);
  h.cpu.setReg8(AL, 0x11);
  h.run({0xC0, 0xE0, 0x03});  // shl al,3
  EXPECT_EQ(h.cpu.reg8(AL), 0x88);
  EXPECT_EQ(h.cpu.ip(), 0x103);
}

}  // namespace
}  // namespace asmlab::x86::test
