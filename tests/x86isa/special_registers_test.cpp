// MOV to and from the 80386's control, debug and test registers. Expected bytes from the 80386
// Programmer's Reference Manual, "MOV -- Move to/from Special Registers": 0F 22 /r MOV CRn,r32,
// 0F 20 /r MOV r32,CRn, 0F 23 /r MOV DRn,r32, 0F 21 /r MOV r32,DRn, 0F 26 /r MOV TRn,r32,
// 0F 24 /r MOV r32,TRn; the special register in the ModRM reg field, the general register in r/m
// with mod = 11 (table 17-3: EAX 000, ECX 001, EDX 010, EBX 011, ESP 100, EBP 101, ESI 110,
// EDI 111). The move is always 32 bits: no 66h in a USE16 segment.
#include <gtest/gtest.h>

#include <string>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86 {
namespace {

using enc::Reg;

std::string hex(const enc::Encoding& e) {
  std::string s;
  for (std::uint8_t b : e.view()) {
    static const char digits[] = "0123456789ABCDEF";
    if (!s.empty()) s += ' ';
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

enc::Encoding mov(Reg to, Reg from, enc::Cpu cpu = enc::Cpu::I80386, bool use32 = false) {
  enc::Instruction in;
  in.mnemonic = "mov";
  in.add(enc::Operand::reg_(to)).add(enc::Operand::reg_(from));
  enc::Options options;
  options.cpu = cpu;
  options.use32 = use32;
  return enc::encode(in, options);
}

TEST(SpecialRegisters, ControlRegisters) {
  EXPECT_EQ(hex(mov(Reg::EAX, Reg::CR0)), "0F 20 C0");
  EXPECT_EQ(hex(mov(Reg::CR0, Reg::EAX)), "0F 22 C0");
  EXPECT_EQ(hex(mov(Reg::EBX, Reg::CR3)), "0F 20 DB");  // 11 011 011
  EXPECT_EQ(hex(mov(Reg::CR3, Reg::EBX)), "0F 22 DB");
  EXPECT_EQ(hex(mov(Reg::CR2, Reg::ESP)), "0F 22 D4");  // 11 010 100
  EXPECT_EQ(hex(mov(Reg::EDI, Reg::CR2)), "0F 20 D7");  // 11 010 111
}

TEST(SpecialRegisters, DebugRegisters) {
  EXPECT_EQ(hex(mov(Reg::DR0, Reg::EAX)), "0F 23 C0");
  EXPECT_EQ(hex(mov(Reg::DR7, Reg::EAX)), "0F 23 F8");  // 11 111 000
  EXPECT_EQ(hex(mov(Reg::EAX, Reg::DR6)), "0F 21 F0");  // 11 110 000
  EXPECT_EQ(hex(mov(Reg::ESI, Reg::DR3)), "0F 21 DE");  // 11 011 110
}

TEST(SpecialRegisters, TestRegisters) {
  EXPECT_EQ(hex(mov(Reg::TR6, Reg::ECX)), "0F 26 F1");  // 11 110 001
  EXPECT_EQ(hex(mov(Reg::EDX, Reg::TR7)), "0F 24 FA");  // 11 111 010
}

TEST(SpecialRegisters, NoOperandSizePrefixInEitherSegment) {
  EXPECT_EQ(hex(mov(Reg::EAX, Reg::CR0, enc::Cpu::I80386, true)), "0F 20 C0");
  EXPECT_EQ(hex(mov(Reg::EAX, Reg::CR0, enc::Cpu::I80386, false)), "0F 20 C0");
}

TEST(SpecialRegisters, WhatIsRefused) {
  EXPECT_EQ(mov(Reg::EAX, Reg::CR0, enc::Cpu::I80286).error.code, enc::ErrorCode::RequiresCpu);
  const enc::Encoding word = mov(Reg::AX, Reg::CR0);
  EXPECT_EQ(word.error.code, enc::ErrorCode::InvalidOperands);
  EXPECT_EQ(word.error.operand, 0);
  EXPECT_NE(word.error.message.find("32-bit general register"), std::string::npos) << word.error.message;
  EXPECT_EQ(mov(Reg::CR0, Reg::DR7).error.code, enc::ErrorCode::InvalidOperands);
  EXPECT_EQ(mov(Reg::CR0, Reg::DS).error.code, enc::ErrorCode::InvalidOperands);
  enc::Instruction push;
  push.mnemonic = "push";
  push.add(enc::Operand::reg_(Reg::CR0));
  enc::Options options;
  options.cpu = enc::Cpu::I80386;
  const enc::Encoding p = enc::encode(push, options);
  EXPECT_EQ(p.error.code, enc::ErrorCode::InvalidOperands);
  EXPECT_NE(p.error.message.find("CR0 can only be moved"), std::string::npos) << p.error.message;
  // A memory operand cannot take a special register as its base.
  enc::Instruction load;
  load.mnemonic = "mov";
  enc::Memory m;
  m.base = Reg::CR0;
  load.add(enc::Operand::reg_(Reg::EAX)).add(enc::Operand::mem_(m));
  EXPECT_FALSE(enc::encode(load, options).ok());
}

TEST(SpecialRegisters, NamesAreSpecialNotGeneral) {
  EXPECT_EQ(enc::parseSpecialRegister("CR0"), Reg::CR0);
  EXPECT_EQ(enc::parseSpecialRegister("cr3"), Reg::CR3);
  EXPECT_EQ(enc::parseSpecialRegister("Dr5"), Reg::DR5);
  EXPECT_EQ(enc::parseSpecialRegister("tr7"), Reg::TR7);
  for (const char* text : {"cr4", "tr5", "tr3", "dr8", "cr", "crx", "cr00", "eax"})
    EXPECT_FALSE(enc::parseSpecialRegister(text).has_value()) << text;
  EXPECT_FALSE(enc::parseRegister("cr0").has_value());  // only .386 code makes it a register
  EXPECT_EQ(enc::registerName(Reg::DR6), "dr6");
  EXPECT_EQ(enc::registerName(Reg::TR6), "tr6");
  EXPECT_EQ(enc::registerSize(Reg::CR0), 0u);
}

}  // namespace
}  // namespace asmlab::x86
