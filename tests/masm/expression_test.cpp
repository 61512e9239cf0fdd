// Numbers in every radix and the MASM operators (values by hand from the MASM 6.1 reference).
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string seg(const std::string& body) { return "s segment\n" + body + "\ns ends\nend\n"; }

TEST(Expressions, Radixes) {
  auto a = assembleText(seg(" db 10, 10h, 10b, 10o, 10q, 10t, 0FFh, 10y\n .radix 16\n db 10, 10t"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "0A 10 02 08 08 0A FF 02 10 0A");
}

TEST(Expressions, ArithmeticLogicAndComparison) {
  auto a = assembleText(seg(" db 7 mod 3, 1 shl 3, 80h shr 4, 0F0h and 3Ch, 1 or 6, 5 xor 1, not 0FEh and 0FFh\n"
                            " dw 1 eq 1, 1 ne 1, 2 lt 3, 3 le 2, high 1234h, low 1234h, (2+3)*4"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 08 08 30 07 04 01 FF FF 00 00 FF FF 00 00 12 00 34 00 14 00");
}

// A shift count of 64 or more, or a negative one (a huge count, read unsigned), shifts every bit
// out: 0 (fuzz_masm found a negative count, undefined behaviour in C++: shift-by-a-negative-count).
TEST(Expressions, ShiftsByHugeOrNegativeCountsGiveZero) {
  auto a = assembleText(seg(" db 1 shl (0 - 1), 80h shr -2, 1 shl 64, 1 shl 7"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "00 00 00 80");
}

// Each level of brackets or parentheses is a level of the grammar's recursion: a hundred levels
// are an expression, deeper is one located error, never a stack overflow (fuzz_masm found 800 `[`).
TEST(Expressions, NestingIsBoundedAtAHundredLevels) {
  auto a = assembleText(seg(" db " + std::string(100, '(') + "7" + std::string(100, ')')));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "07");
  auto b = assembleText(seg(" db " + std::string(101, '(') + "7" + std::string(101, ')')));
  EXPECT_TRUE(has(b, "test.asm:2:105: error: expression nested more than 100 levels deep")) << b.errors();
  auto c = assembleText(seg(" mov ax, " + std::string(5000, '[') + "bx"));
  EXPECT_TRUE(has(c, "error: expression nested more than 100 levels deep")) << c.errors();
  EXPECT_EQ(c.diags.errorCount(), 1u) << c.errors();
}

TEST(Expressions, TypeSizeLengthOperators) {
  auto a = assembleText(seg("arr dw 5 dup (0)\nb db 1,2,3\n db type arr, length arr, size arr, sizeof b, lengthof b,"
                            " lengthof arr, type b, type word\n db (.type al) and 10h, (.type arr) and 2"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  auto bytes = a.bytes("S");
  ASSERT_EQ(bytes.size(), 13u + 10u);
  EXPECT_EQ(hex(std::vector<uint8_t>(bytes.begin() + 13, bytes.end())), "02 05 0A 03 03 05 01 02 10 02");
}

TEST(Expressions, TypeOfEveryTypeKeywordInAnyCase) {
  // MASM 6.1 Reference, TYPE: the size in bytes of a data type; 0FF02h for NEAR, 0FF05h for FAR.
  // Keywords are case-insensitive; a name that only starts like one (`words`, `far32`) is not one.
  auto a = assembleText(seg(" dw type byte, type SByte, type word, type sword, type dword, type SDWORD, type real4,"
                            " type fword, type QWORD, type real8, type tbyte, type Real10\n"
                            " dw type near, type NEAR16, type far, type Far16\nwords = 7\nfar32 = 9\n dw words, far32"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 00 01 00 02 00 02 00 04 00 04 00 04 00 06 00 08 00 08 00 0A 00 0A 00 "
                               "02 FF 02 FF 05 FF 05 FF 07 00 09 00");
}

TEST(Expressions, LocationCounterAndDifferences) {
  auto a = assembleText(seg("t db 1,2,3,4\ncnt = ($-t)/2\n db cnt"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.bytes("S").back(), 2);
}

}  // namespace
}  // namespace asmlab::masm::test
