// 80186/80286/80386 real-mode additions, enabled only on the models that have them, and what
// each model does with an opcode it lacks (80186 manual ch. 3; 80386 manual ch. 17).
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

TEST(X86Models, Opcode68IsJnsOn8086AndPushImmOn80186) {
  Harness h(CpuModel::i8086);
  h.run({0x68, 0x05});  // alias of 78h (JS): SF clear, not taken
  EXPECT_EQ(h.cpu.ip(), 0x102);
  Harness g(CpuModel::i80186);
  g.run({0x68, 0x34, 0x12});
  EXPECT_EQ(g.word(0x4000, 0x0FFE), 0x1234);
  g.run({0x6A, 0xFE});  // push -2
  EXPECT_EQ(g.word(0x4000, 0x0FFC), 0xFFFE);
}

TEST(X86Models, PushaPopa) {
  Harness h(CpuModel::i80186);
  for (unsigned r = AX; r <= DI; ++r) h.cpu.setReg16(Reg16(r), uint16_t(r == SP ? 0x1000 : 0x100 * (r + 1)));
  h.run({0x60});
  EXPECT_EQ(h.cpu.reg16(SP), 0x1000 - 16);
  EXPECT_EQ(h.word(0x4000, 0x0FFE), 0x0100);  // AX first
  EXPECT_EQ(h.word(0x4000, 0x0FF6), 0x1000);  // the original SP
  EXPECT_EQ(h.word(0x4000, 0x0FF0), 0x0800);  // DI last
  for (unsigned r = AX; r <= DI; ++r) if (r != SP) h.cpu.setReg16(Reg16(r), 0);
  h.run({0x61});
  EXPECT_EQ(h.cpu.reg16(AX), 0x0100);
  EXPECT_EQ(h.cpu.reg16(DI), 0x0800);
  EXPECT_EQ(h.cpu.reg16(SP), 0x1000);
}

TEST(X86Models, ImulThreeOperand) {
  Harness h(CpuModel::i80186);
  h.cpu.setReg16(BX, 7);
  h.run({0x6B, 0xC3, 0xFB});  // imul ax,bx,-5
  EXPECT_EQ(h.cpu.reg16(AX), 0xFFDD);
  EXPECT_FALSE(h.flag(kCF));
  h.run({0x69, 0xC3, 0x00, 0x40});  // imul ax,bx,4000h: 7 * 16384 overflows
  EXPECT_TRUE(h.flag(kOF));
}

TEST(X86Models, EnterLeave) {
  Harness h(CpuModel::i80186);
  h.cpu.setReg16(BP, 0xAAAA);
  h.run({0xC8, 0x08, 0x00, 0x00});  // enter 8,0
  EXPECT_EQ(h.cpu.reg16(BP), 0x0FFE);
  EXPECT_EQ(h.cpu.reg16(SP), 0x0FF6);
  EXPECT_EQ(h.word(0x4000, 0x0FFE), 0xAAAA);
  h.run({0xC9});  // leave
  EXPECT_EQ(h.cpu.reg16(BP), 0xAAAA);
  EXPECT_EQ(h.cpu.reg16(SP), 0x1000);
  h.run({0xC8, 0x00, 0x00, 0x01});  // enter 0,1: also pushes the new frame pointer
  EXPECT_EQ(h.cpu.reg16(BP), 0x0FFE);
  EXPECT_EQ(h.cpu.reg16(SP), 0x0FFC);
  EXPECT_EQ(h.word(0x4000, 0x0FFC), 0x0FFE);
}

TEST(X86Models, BoundRaisesInterrupt5AtTheInstruction) {
  Harness h(CpuModel::i80186);
  h.vector(5, 0x0060, 0x0000);
  h.setWord(0x2000, 0x0010, 10);
  h.setWord(0x2000, 0x0012, 20);
  h.cpu.setReg16(AX, 15);
  h.run({0x62, 0x06, 0x10, 0x00});  // bound ax,[0010h]: inside
  EXPECT_EQ(h.cpu.ip(), 0x104);
  h.cpu.setReg16(AX, 21);
  h.run({0x62, 0x06, 0x10, 0x00});
  EXPECT_EQ(h.cpu.seg(CS), 0x0060);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x104);
}

TEST(X86Models, UndefinedOpcodeRaisesInt6From80186) {
  Harness h(CpuModel::i80186);
  h.vector(6, 0x0060, 0x0000);
  h.run({0x0F});  // not POP CS any more
  EXPECT_EQ(h.cpu.seg(CS), 0x0060);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x100);
  Harness g(CpuModel::i80286);
  g.vector(6, 0x0060, 0x0000);
  g.run({0x0F, 0xB6, 0xC3});  // MOVZX is an 80386 instruction
  EXPECT_EQ(g.cpu.seg(CS), 0x0060);
}

TEST(X86Models, SmswOn80286) {
  Harness h(CpuModel::i80286);
  h.run({0x0F, 0x01, 0xE0});  // smsw ax
  EXPECT_EQ(h.cpu.reg16(AX), 0xFFF0);
}

TEST(X86Models, MovzxMovsxSetccJccNearOn80386) {
  Harness h(CpuModel::i80386);
  h.cpu.setReg8(BL, 0xF0);
  h.run({0x0F, 0xB6, 0xC3});  // movzx ax,bl
  EXPECT_EQ(h.cpu.reg16(AX), 0x00F0);
  h.run({0x66, 0x0F, 0xBE, 0xC3});  // movsx eax,bl
  EXPECT_EQ(h.cpu.reg32(AX), 0xFFFFFFF0u);
  h.cpu.setFlags(kZF);
  h.run({0x0F, 0x94, 0xC1});  // setz cl
  EXPECT_EQ(h.cpu.reg8(CL), 1);
  h.run({0x0F, 0x84, 0x00, 0x10});  // jz near +1000h
  EXPECT_EQ(h.cpu.ip(), 0x10E + 0x1000);  // the jump ends at 010Eh
}

TEST(X86Models, OperandSizePrefixReaches32BitRegisters) {
  Harness h(CpuModel::i80386);
  h.run({0x66, 0xB8, 0xFF, 0xFF, 0xFF, 0xFF});  // mov eax,FFFFFFFFh
  h.run({0x66, 0xBB, 0x01, 0x00, 0x00, 0x00});  // mov ebx,1
  h.run({0x66, 0x01, 0xD8});                    // add eax,ebx
  EXPECT_EQ(h.cpu.reg32(AX), 0u);
  EXPECT_TRUE(h.flag(kCF));
  EXPECT_TRUE(h.flag(kZF));
  h.run({0x66, 0x53});  // push ebx
  EXPECT_EQ(h.cpu.reg16(SP), 0x0FFC);
  h.run({0x66, 0x59});  // pop ecx
  EXPECT_EQ(h.cpu.reg32(CX), 1u);
  Harness g(CpuModel::i8086);
  g.cpu.setFlags(kZF);
  g.run({0x66, 0x05});  // on the 8086, 66h is an alias of 76h (JBE): ZF set, taken
  EXPECT_EQ(g.cpu.ip(), 0x107);
}

TEST(X86Models, A20OnlyFromThe80286) {
  Harness h(CpuModel::i80286);
  h.cpu.setA20(true);
  h.bus.ram()[0x100005] = 0x11;
  h.bus.ram()[0x000005] = 0x22;
  h.cpu.setSeg(DS, 0xFFFF);
  h.run({0xA0, 0x15, 0x00});
  EXPECT_EQ(h.cpu.reg8(AL), 0x11);
  h.cpu.setA20(false);
  h.run({0xA0, 0x15, 0x00});
  EXPECT_EQ(h.cpu.reg8(AL), 0x22);
  Harness g(CpuModel::i8086);
  g.cpu.setA20(true);  // no effect
  EXPECT_FALSE(g.cpu.a20());
}

}  // namespace
}  // namespace asmlab::x86::test

namespace asmlab::x86::test {
namespace {

TEST(X86Models, AddressSizePrefixWithA20ReachesBeyondOneMegabyte) {
  Harness h(CpuModel::i80386);
  h.cpu.setA20(true);
  h.cpu.setSeg(DS, 0);
  h.cpu.setReg32(BX, 0x00100010u);  // 1 MiB + 16: physical 100010h with A20 on
  h.bus.ram()[0x100010] = 0x5C;
  h.run({0x67, 0x8A, 0x03});  // mov al,[ebx]
  EXPECT_EQ(h.cpu.reg8(AL), 0x5C);
  h.cpu.setReg32(BX, 0x7FFFFFF0u);  // far beyond the bus: wraps to the 21-bit space, no crash
  h.run({0x67, 0x8A, 0x03});
  EXPECT_EQ(h.cpu.ip(), 0x106);
}

}  // namespace
}  // namespace asmlab::x86::test
