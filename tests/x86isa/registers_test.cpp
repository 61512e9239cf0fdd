// Register names: parseRegister is a hash lookup, so every name (either case) must come back as
// its register, and near misses must not. Field numbers: 80386 Programmer's Reference Manual,
// 17.2.1, table 17-2 (AL/AX/EAX = 0 ... BH/DI/EDI = 7); segment registers ES=0 CS=1 SS=2 DS=3
// FS=4 GS=5.
#include <gtest/gtest.h>

#include <string>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86 {
namespace {

using enc::Reg;

struct Expected {
  const char* name;
  Reg reg;
  unsigned size;
  unsigned number;
};

constexpr Expected kRegisters[] = {
    {"al", Reg::AL, 1, 0},   {"cl", Reg::CL, 1, 1},   {"dl", Reg::DL, 1, 2},   {"bl", Reg::BL, 1, 3},
    {"ah", Reg::AH, 1, 4},   {"ch", Reg::CH, 1, 5},   {"dh", Reg::DH, 1, 6},   {"bh", Reg::BH, 1, 7},
    {"ax", Reg::AX, 2, 0},   {"cx", Reg::CX, 2, 1},   {"dx", Reg::DX, 2, 2},   {"bx", Reg::BX, 2, 3},
    {"sp", Reg::SP, 2, 4},   {"bp", Reg::BP, 2, 5},   {"si", Reg::SI, 2, 6},   {"di", Reg::DI, 2, 7},
    {"eax", Reg::EAX, 4, 0}, {"ecx", Reg::ECX, 4, 1}, {"edx", Reg::EDX, 4, 2}, {"ebx", Reg::EBX, 4, 3},
    {"esp", Reg::ESP, 4, 4}, {"ebp", Reg::EBP, 4, 5}, {"esi", Reg::ESI, 4, 6}, {"edi", Reg::EDI, 4, 7},
    {"es", Reg::ES, 2, 0},   {"cs", Reg::CS, 2, 1},   {"ss", Reg::SS, 2, 2},   {"ds", Reg::DS, 2, 3},
    {"fs", Reg::FS, 2, 4},   {"gs", Reg::GS, 2, 5},
};

TEST(Registers, EveryNameInEitherCaseParsesToItsRegister) {
  for (const Expected& e : kRegisters) {
    std::string upper = e.name;
    for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
    std::string mixed = upper;
    mixed[0] = e.name[0];
    for (const std::string& text : {std::string(e.name), upper, mixed}) {
      const auto reg = enc::parseRegister(text);
      ASSERT_TRUE(reg.has_value()) << text;
      EXPECT_EQ(*reg, e.reg) << text;
    }
    EXPECT_EQ(enc::registerSize(e.reg), e.size) << e.name;
    EXPECT_EQ(enc::registerNumber(e.reg), e.number) << e.name;
    EXPECT_EQ(enc::registerName(e.reg), e.name);
  }
}

// The x87 stack: "st" is st(0), and st(i) is register i of the ModRM rm field (80387
// Programmer's Reference Manual, opcode map: D9 C0+i is FLD ST(i)).
TEST(Registers, FpuStackRegistersParseWithTheirNumber) {
  for (unsigned i = 0; i < 8; ++i) {
    const std::string name = "st(" + std::to_string(i) + ")";
    const auto reg = enc::parseRegister(name);
    ASSERT_TRUE(reg.has_value()) << name;
    EXPECT_TRUE(enc::isFpuRegister(*reg)) << name;
    EXPECT_EQ(enc::registerNumber(*reg), i) << name;
    EXPECT_EQ(enc::registerSize(*reg), 0u) << name;  // not a general register of any size
    EXPECT_FALSE(enc::isGeneralRegister(*reg)) << name;
    EXPECT_EQ(enc::registerName(*reg), i == 0 ? "st" : name);
  }
  EXPECT_EQ(enc::parseRegister("ST"), Reg::ST0);
  EXPECT_EQ(enc::parseRegister("St(3)"), Reg::ST3);
  for (const char* text : {"st(8)", "st(", "st()", "st1", "st(1", "sti", "stx"})
    EXPECT_FALSE(enc::parseRegister(text).has_value()) << text;
}

TEST(Registers, NearMissesAreNotRegisters) {
  for (const char* text : {"", "a", "x", "axe", "eaxx", "ex", "esx", "bpx", "ip", "eip", "cr0", "s", "al:", "a l"})
    EXPECT_FALSE(enc::parseRegister(text).has_value()) << text;
  EXPECT_FALSE(enc::parseRegister(std::string("\0\0", 2)).has_value());
  EXPECT_FALSE(enc::parseRegister(std::string("a\0", 2)).has_value());
  EXPECT_FALSE(enc::isGeneralRegister(Reg::ES));
  EXPECT_TRUE(enc::isSegmentRegister(Reg::GS));
  EXPECT_EQ(enc::registerSize(Reg::None), 0u);
}

}  // namespace
}  // namespace asmlab::x86
