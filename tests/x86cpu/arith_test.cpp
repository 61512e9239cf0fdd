// Binary arithmetic and data transfer; expected values computed by hand from the Intel 8086
// Family User's Manual (1979), section 2.7 and the flag definitions of section 2.3.
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

TEST(X86Arith, AddByteSignedOverflowSetsOfSfAf) {
  Harness h;
  h.cpu.setReg8(AL, 0x7F);
  h.run({0x04, 0x01});  // add al,1
  EXPECT_EQ(h.cpu.reg8(AL), 0x80);
  EXPECT_TRUE(h.flag(kOF));
  EXPECT_TRUE(h.flag(kSF));
  EXPECT_TRUE(h.flag(kAF));
  EXPECT_FALSE(h.flag(kCF));
  EXPECT_FALSE(h.flag(kZF));
  EXPECT_FALSE(h.flag(kPF));  // 80h has one bit set: odd parity
  EXPECT_EQ(h.cpu.ip(), 0x102);
}

TEST(X86Arith, AddWordCarryAndZero) {
  Harness h;
  h.cpu.setReg16(AX, 0xFFFF);
  h.cpu.setReg16(BX, 0x0001);
  h.run({0x01, 0xD8});  // add ax,bx
  EXPECT_EQ(h.cpu.reg16(AX), 0x0000);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kZF));
  EXPECT_TRUE(h.flag(kPF));
  EXPECT_TRUE(h.flag(kAF));
  EXPECT_FALSE(h.flag(kOF));
  EXPECT_FALSE(h.flag(kSF));
}

TEST(X86Arith, AdcAddsTheCarry) {
  Harness h;
  h.cpu.setReg8(AL, 0xFF);
  h.cpu.setFlags(kCF);
  h.run({0x14, 0x00});  // adc al,0
  EXPECT_EQ(h.cpu.reg8(AL), 0x00);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kZF));
  EXPECT_TRUE(h.flag(kAF));
}

TEST(X86Arith, SubBorrowAndSignedOverflow) {
  Harness h;
  h.cpu.setReg8(AL, 0x00);
  h.run({0x2C, 0x01});  // sub al,1
  EXPECT_EQ(h.cpu.reg8(AL), 0xFF);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kSF));
  EXPECT_TRUE(h.flag(kAF));
  EXPECT_TRUE(h.flag(kPF));
  EXPECT_FALSE(h.flag(kOF));

  Harness g;
  g.cpu.setReg8(AL, 0x80);
  g.run({0x2C, 0x01});  // -128 - 1 overflows to +127
  EXPECT_EQ(g.cpu.reg8(AL), 0x7F);
  EXPECT_TRUE(g.flag(kOF));
  EXPECT_FALSE(g.flag(kCF));
  EXPECT_FALSE(g.flag(kPF));  // 7 bits set
}

TEST(X86Arith, SbbSubtractsTheBorrow) {
  Harness h;
  h.cpu.setReg16(AX, 0x1000);
  h.cpu.setReg16(BX, 0x0001);
  h.cpu.setFlags(kCF);
  h.run({0x19, 0xD8});  // sbb ax,bx
  EXPECT_EQ(h.cpu.reg16(AX), 0x0FFE);
  EXPECT_FALSE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kAF));
  EXPECT_FALSE(h.flag(kOF));
}

TEST(X86Arith, CmpSetsFlagsWithoutWriting) {
  Harness h;
  h.cpu.setReg16(BX, 0x0010);
  h.cpu.setReg16(AX, 5);
  h.setWord(0x2000, 0x0010, 5);
  h.run({0x39, 0x07});  // cmp [bx],ax
  EXPECT_TRUE(h.flag(kZF));
  EXPECT_EQ(h.word(0x2000, 0x0010), 5);
}

TEST(X86Arith, IncAndDecPreserveCarry) {
  Harness h;
  h.cpu.setReg16(AX, 0xFFFF);
  h.cpu.setFlags(kCF);
  h.run({0x40});  // inc ax
  EXPECT_EQ(h.cpu.reg16(AX), 0);
  EXPECT_TRUE(h.flag(kZF));
  EXPECT_TRUE(h.flag(kCF));
  h.cpu.setReg8(BL, 0x80);
  h.run({0xFE, 0xCB});  // dec bl
  EXPECT_EQ(h.cpu.reg8(BL), 0x7F);
  EXPECT_TRUE(h.flag(kOF));
  EXPECT_TRUE(h.flag(kCF));
}

TEST(X86Arith, NegCarryUnlessZero) {
  Harness h;
  h.cpu.setReg8(AL, 0);
  h.run({0xF6, 0xD8});  // neg al
  EXPECT_EQ(h.cpu.reg8(AL), 0);
  EXPECT_FALSE(h.flag(kCF));
  h.cpu.setReg8(AL, 0x80);
  h.run({0xF6, 0xD8});
  EXPECT_EQ(h.cpu.reg8(AL), 0x80);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kOF));
}

TEST(X86Arith, Group83SignExtendsTheImmediate) {
  Harness h;
  h.cpu.setReg16(AX, 5);
  h.run({0x83, 0xC0, 0xFF});  // add ax,-1
  EXPECT_EQ(h.cpu.reg16(AX), 4);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_FALSE(h.flag(kOF));
}

TEST(X86Arith, Opcode82IsAnAliasOf80) {
  Harness h;
  h.cpu.setReg8(CL, 0x10);
  h.run({0x82, 0xE9, 0x01});  // sub cl,1 through the undocumented 82h
  EXPECT_EQ(h.cpu.reg8(CL), 0x0F);
  EXPECT_TRUE(h.flag(kAF));
}

TEST(X86Arith, CbwAndCwdSignExtend) {
  Harness h;
  h.cpu.setReg16(AX, 0x1280);
  h.run({0x98});
  EXPECT_EQ(h.cpu.reg16(AX), 0xFF80);
  h.cpu.setReg16(AX, 0x8000);
  h.run({0x99});
  EXPECT_EQ(h.cpu.reg16(DX), 0xFFFF);
}

TEST(X86Transfer, MovFormsAndSegmentOverride) {
  Harness h;
  h.setWord(0x3000, 0x0020, 0xBEEF);
  h.cpu.setReg16(BX, 0x0020);
  h.run({0x26, 0x8B, 0x07});  // mov ax,es:[bx]
  EXPECT_EQ(h.cpu.reg16(AX), 0xBEEF);
  h.run({0xA3, 0x34, 0x12});  // mov [1234h],ax
  EXPECT_EQ(h.word(0x2000, 0x1234), 0xBEEF);
  h.run({0xC6, 0x06, 0x00, 0x05, 0x7A});  // mov byte [0500h],7Ah
  EXPECT_EQ(h.mem(0x2000, 0x0500), 0x7A);
  h.run({0xB4, 0x99});  // mov ah,99h
  EXPECT_EQ(h.cpu.reg16(AX), 0x99EF);
}

TEST(X86Transfer, WordAtOffsetFFFFWrapsInsideTheSegment) {
  Harness h;
  h.mem(0x2000, 0xFFFF) = 0x34;
  h.mem(0x2000, 0x0000) = 0x12;
  h.run({0xA1, 0xFF, 0xFF});  // mov ax,[FFFFh]
  EXPECT_EQ(h.cpu.reg16(AX), 0x1234);
}

TEST(X86Transfer, AddressesWrapAtOneMegabyte) {
  Harness h;
  h.cpu.setSeg(DS, 0xFFFF);
  h.bus.ram()[0x00005] = 0x42;  // FFFF:0015 = 100005h wraps to 00005h
  h.run({0xA0, 0x15, 0x00});    // mov al,[0015h]
  EXPECT_EQ(h.cpu.reg8(AL), 0x42);
}

TEST(X86Transfer, XchgLeaLdsXlat) {
  Harness h;
  h.cpu.setReg16(AX, 1);
  h.cpu.setReg16(CX, 2);
  h.run({0x91});  // xchg ax,cx
  EXPECT_EQ(h.cpu.reg16(AX), 2);
  EXPECT_EQ(h.cpu.reg16(CX), 1);
  h.cpu.setReg16(BX, 0x1000);
  h.cpu.setReg16(SI, 0x0234);
  h.run({0x8D, 0x50, 0x10});  // lea dx,[bx+si+10h]
  EXPECT_EQ(h.cpu.reg16(DX), 0x1244);
  h.setWord(0x2000, 0x0040, 0x5678);
  h.setWord(0x2000, 0x0042, 0x9ABC);
  h.run({0xC5, 0x3E, 0x40, 0x00});  // lds di,[0040h]
  EXPECT_EQ(h.cpu.reg16(DI), 0x5678);
  EXPECT_EQ(h.cpu.seg(DS), 0x9ABC);
  h.cpu.setSeg(DS, 0x2000);
  h.cpu.setReg16(BX, 0x0300);
  h.cpu.setReg8(AL, 0x05);
  h.mem(0x2000, 0x0305) = 0xAA;
  h.run({0xD7});  // xlat
  EXPECT_EQ(h.cpu.reg8(AL), 0xAA);
}

}  // namespace
}  // namespace asmlab::x86::test
