// Control transfer, stack, flag and I/O instructions (Intel 8086 Family User's Manual, 2.7).
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

TEST(X86Control, NearCallAndReturn) {
  Harness h;
  h.run({0xE8, 0x10, 0x00});  // call 0113h
  EXPECT_EQ(h.cpu.ip(), 0x113);
  EXPECT_EQ(h.word(0x4000, 0x0FFE), 0x103);
  h.run({0xC3});  // ret
  EXPECT_EQ(h.cpu.ip(), 0x103);
  EXPECT_EQ(h.cpu.reg16(SP), 0x1000);
}

TEST(X86Control, FarCallAndReturnWithImmediate) {
  Harness h;
  h.run({0x9A, 0x34, 0x12, 0x00, 0x50});  // call 5000:1234
  EXPECT_EQ(h.cpu.seg(CS), 0x5000);
  EXPECT_EQ(h.cpu.ip(), 0x1234);
  EXPECT_EQ(h.word(0x4000, 0x0FFC), 0x105);
  EXPECT_EQ(h.word(0x4000, 0x0FFE), 0x1000);
  h.run({0xCA, 0x04, 0x00});  // retf 4
  EXPECT_EQ(h.cpu.seg(CS), 0x1000);
  EXPECT_EQ(h.cpu.ip(), 0x105);
  EXPECT_EQ(h.cpu.reg16(SP), 0x1004);
}

TEST(X86Control, LoopAndJcxz) {
  Harness h;
  h.cpu.setReg16(CX, 2);
  h.code({0xE2, 0xFE});  // loop $
  h.cpu.step();
  EXPECT_EQ(h.cpu.ip(), 0x100);
  EXPECT_EQ(h.cpu.reg16(CX), 1);
  h.cpu.step();
  EXPECT_EQ(h.cpu.ip(), 0x102);
  EXPECT_EQ(h.cpu.reg16(CX), 0);
  h.run({0xE3, 0x05});  // jcxz +5
  EXPECT_EQ(h.cpu.ip(), 0x109);
}

TEST(X86Control, ConditionalJumpsFollowTheFlags) {
  Harness h;
  h.cpu.setFlags(kSF);  // SF != OF: less
  h.run({0x7C, 0x10});  // jl
  EXPECT_EQ(h.cpu.ip(), 0x112);
  h.cpu.setFlags(kSF | kOF);
  h.run({0x7C, 0x10});
  EXPECT_EQ(h.cpu.ip(), 0x114);
  h.cpu.setFlags(kCF);
  h.run({0x76, 0x02});  // jbe: CF or ZF
  EXPECT_EQ(h.cpu.ip(), 0x118);
}

TEST(X86Control, IntAndIret) {
  Harness h;
  h.vector(0x21, 0x0070, 0x0010);
  h.cpu.setFlags(kIF | kCF);
  h.run({0xCD, 0x21});
  EXPECT_EQ(h.cpu.seg(CS), 0x0070);
  EXPECT_EQ(h.cpu.ip(), 0x0010);
  EXPECT_FALSE(h.flag(kIF));
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x102);
  EXPECT_EQ(h.word(0x4000, 0x0FFC), 0x1000);
  EXPECT_EQ(h.word(0x4000, 0x0FFE) & 0x0FFF, kIF | kCF | 0x0002);
  h.run({0xCF});  // iret
  EXPECT_EQ(h.cpu.seg(CS), 0x1000);
  EXPECT_EQ(h.cpu.ip(), 0x102);
  EXPECT_TRUE(h.flag(kIF));
  EXPECT_TRUE(h.flag(kCF));
}

TEST(X86Control, IntoOnlyWhenOverflow) {
  Harness h;
  h.vector(4, 0x0070, 0x0020);
  h.run({0xCE});
  EXPECT_EQ(h.cpu.ip(), 0x101);
  h.cpu.setFlags(kOF);
  h.run({0xCE});
  EXPECT_EQ(h.cpu.seg(CS), 0x0070);
  EXPECT_EQ(h.cpu.ip(), 0x0020);
}

TEST(X86Control, IndirectNearAndFarJumps) {
  Harness h;
  h.setWord(0x2000, 0x0080, 0x0400);
  h.cpu.setReg16(BX, 0x0080);
  h.run({0xFF, 0x17});  // call [bx]
  EXPECT_EQ(h.cpu.ip(), 0x0400);
  EXPECT_EQ(h.word(0x4000, 0x0FFE), 0x102);
  h.cpu.setReg16(AX, 0x0600);
  h.run({0xFF, 0xE0});  // jmp ax
  EXPECT_EQ(h.cpu.ip(), 0x0600);
  h.setWord(0x2000, 0x0090, 0x0011);
  h.setWord(0x2000, 0x0092, 0x2222);
  h.run({0xFF, 0x2E, 0x90, 0x00});  // jmp far [0090h]
  EXPECT_EQ(h.cpu.seg(CS), 0x2222);
  EXPECT_EQ(h.cpu.ip(), 0x0011);
}

TEST(X86Control, UndocumentedRetAliasesOn8086) {
  Harness h(CpuModel::i8086);
  h.setWord(0x4000, 0x1000, 0x0200);
  h.setWord(0x4000, 0x1002, 0x3000);
  h.run({0xC9});  // C9h = RETF on the 8086
  EXPECT_EQ(h.cpu.seg(CS), 0x3000);
  EXPECT_EQ(h.cpu.ip(), 0x0200);
  Harness g(CpuModel::i8086);
  g.setWord(0x4000, 0x1000, 0x0300);
  g.run({0xC0, 0x02, 0x00});  // C0h = RET imm16
  EXPECT_EQ(g.cpu.ip(), 0x0300);
  EXPECT_EQ(g.cpu.reg16(SP), 0x1004);
  Harness j(CpuModel::i8086);
  j.cpu.setFlags(kOF);
  j.run({0x60, 0x10});  // 60h = JO on the 8086
  EXPECT_EQ(j.cpu.ip(), 0x112);
}

TEST(X86Stack, PushPopAndPushSpDifference) {
  Harness h(CpuModel::i8086);
  h.cpu.setReg16(AX, 0xABCD);
  h.run({0x50});  // push ax
  h.run({0x5B});  // pop bx
  EXPECT_EQ(h.cpu.reg16(BX), 0xABCD);
  h.run({0x54});  // push sp: the 8086 pushes the decremented value
  EXPECT_EQ(h.word(0x4000, 0x0FFE), 0x0FFE);
  Harness g(CpuModel::i80286);
  g.run({0x54});  // the 80286 pushes the value before the push
  EXPECT_EQ(g.word(0x4000, 0x0FFE), 0x1000);
}

TEST(X86Stack, PopCsOnlyOnThe8086) {
  Harness h(CpuModel::i8086);
  h.setWord(0x4000, 0x1000, 0x5000);
  h.run({0x0F});  // pop cs
  EXPECT_EQ(h.cpu.seg(CS), 0x5000);
  EXPECT_EQ(h.cpu.ip(), 0x101);
}

TEST(X86Stack, PushfUpperBitsDependOnTheModel) {
  Harness h(CpuModel::i8086);
  h.run({0x9C});
  EXPECT_EQ(h.word(0x4000, 0x0FFE), 0xF002);
  Harness g(CpuModel::i80286);
  g.run({0x9C});
  EXPECT_EQ(g.word(0x4000, 0x0FFE), 0x0002);
  g.setWord(0x4000, 0x0FFE, 0xFFFF);
  g.run({0x9D});  // popf
  EXPECT_EQ(g.cpu.flags(), 0x0FD7);
}

TEST(X86Flags, FlagInstructionsAndSalc) {
  Harness h;
  h.run({0xF9});  // stc
  EXPECT_TRUE(h.flag(kCF));
  h.run({0xF5});  // cmc
  EXPECT_FALSE(h.flag(kCF));
  h.run({0xFD});  // std
  EXPECT_TRUE(h.flag(kDF));
  h.cpu.setReg8(AH, 0xD5);
  h.run({0x9E});  // sahf: SF ZF AF PF CF
  EXPECT_TRUE(h.flag(kSF) && h.flag(kZF) && h.flag(kAF) && h.flag(kPF) && h.flag(kCF));
  h.run({0xD6});  // salc
  EXPECT_EQ(h.cpu.reg8(AL), 0xFF);
  h.run({0xF8});  // clc
  h.run({0x9F});  // lahf
  EXPECT_EQ(h.cpu.reg8(AH), 0xD6);
  h.run({0xD6});
  EXPECT_EQ(h.cpu.reg8(AL), 0x00);
}

TEST(X86Io, InReadsTheBusOutWritesIt) {
  Harness h;
  h.run({0xE4, 0x60});  // in al,60h
  EXPECT_EQ(h.cpu.reg8(AL), 0xFF);
  EXPECT_EQ(h.bus.lastPortRead, 0x60);
  h.cpu.setReg8(AL, 0xB6);
  h.run({0xE6, 0x43});  // out 43h,al
  EXPECT_EQ(h.bus.lastPortWritten, 0x43);
  EXPECT_EQ(h.bus.lastValueWritten, 0xB6);
  h.cpu.setReg16(DX, 0x3C8);
  h.cpu.setReg16(AX, 0x1234);
  h.run({0xEF});  // out dx,ax: two byte writes, 3C8h then 3C9h
  EXPECT_EQ(h.bus.lastPortWritten, 0x3C9);
  EXPECT_EQ(h.bus.lastValueWritten, 0x12);
}

}  // namespace
}  // namespace asmlab::x86::test

namespace asmlab::x86::test {
namespace {

TEST(X86Prefixes, ASegmentFullOfPrefixesDoesNotHangAStep) {
  Harness h;
  for (uint32_t a = 0x10000; a < 0x20000; ++a) h.bus.ram()[a] = 0x26;  // ES: everywhere
  unsigned clocks = h.cpu.step();
  EXPECT_EQ(h.cpu.ip(), 0x100);  // wrapped around the segment
  EXPECT_EQ(clocks, 2u * 0xFFFFu);  // 65535 prefixes charged, the last byte fetched is left for the next step
}

}  // namespace
}  // namespace asmlab::x86::test
