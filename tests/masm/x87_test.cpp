// Coprocessor code through the front end: ST(i) operands, variables of REAL4/REAL8/REAL10 size,
// FWAIT per coprocessor directive; and real-number initialisers, encoded exactly as IEEE 754
// (single, double) and the 80387 double-extended format, rounded to nearest with ties to even.
// The expected bytes are worked out by hand (shown in the comments) from the formats: sign,
// biased exponent (127, 1023, 16383), fraction (the 80-bit format keeps its integer bit).
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string dataBytes(const std::string& lines, Options options = {}) {
  auto a = assembleText("d segment\n" + lines + "d ends\nend\n", options);
  if (a.diags.hasErrors()) return "error: " + a.errors();
  return hex(a.bytes("D"));
}

TEST(RealData, SingleDoubleAndExtended) {
  // 1.0 = 1.0 * 2^0: single 3F800000 (exponent 127), double 3FF0000000000000, extended exponent
  // 3FFFh with significand 8000000000000000h.
  EXPECT_EQ(dataBytes("dd 1.0\n"), "00 00 80 3F");
  EXPECT_EQ(dataBytes("real4 1.0\n"), "00 00 80 3F");
  EXPECT_EQ(dataBytes("dq 1.0\n"), "00 00 00 00 00 00 F0 3F");
  EXPECT_EQ(dataBytes("real8 1.0\n"), "00 00 00 00 00 00 F0 3F");
  EXPECT_EQ(dataBytes("dt 1.0\n"), "00 00 00 00 00 00 00 80 FF 3F");
  EXPECT_EQ(dataBytes("real10 1.0\n"), "00 00 00 00 00 00 00 80 FF 3F");
  // -2.5 = -1.25 * 2^1: double sign 1, exponent 400h, fraction .01b -> C004000000000000.
  EXPECT_EQ(dataBytes("real8 -2.5\n"), "00 00 00 00 00 00 04 C0");
  // 0.5 = 1.0 * 2^-1: single 3F000000.
  EXPECT_EQ(dataBytes("real4 0.5\n"), "00 00 00 3F");
  // 0.1 = 1.6 * 2^-4, 1.6 = 1.100110011001...b: the fraction's next bits 1100... round up.
  // Single 3DCCCCCD; double 3FB999999999999A; extended 3FFB CCCCCCCCCCCCCCCD.
  EXPECT_EQ(dataBytes("real4 0.1\n"), "CD CC CC 3D");
  EXPECT_EQ(dataBytes("real8 0.1\n"), "9A 99 99 99 99 99 B9 3F");
  EXPECT_EQ(dataBytes("real10 0.1\n"), "CD CC CC CC CC CC CC CC FB 3F");
  // 3.14 = 1.57 * 2^1: double 40091EB851EB851F; 1.5e-3 = 1.536 * 2^-10: single exponent 117 (75h),
  // fraction round(0.536 * 2^23) = 449BA6h -> 3AC49BA6.
  EXPECT_EQ(dataBytes("dq 3.14\n"), "1F 85 EB 51 B8 1E 09 40");
  EXPECT_EQ(dataBytes("real4 1.5e-3\n"), "A6 9B C4 3A");
  EXPECT_EQ(dataBytes("real4 15.0E-4\n"), "A6 9B C4 3A");  // the same value, spelt otherwise
  EXPECT_EQ(dataBytes("real4 2.\n"), "00 00 00 40");
  // Several items, DUP, and a negative zero (the sign bit alone).
  EXPECT_EQ(dataBytes("real4 1.0, -1.0, 2 dup (0.5)\n"), "00 00 80 3F 00 00 80 BF 00 00 00 3F 00 00 00 3F");
  EXPECT_EQ(dataBytes("real4 -0.0\n"), "00 00 00 80");
}

// Ties round to the even significand (IEEE 754 default rounding): 2^24+1 lies halfway between
// 2^24 and 2^24+2 and goes to 2^24 (4B800000); 2^24+3 goes to 2^24+4 (4B800002). The same for
// double at 2^53+1 (4340000000000000) and extended at 2^64+1 (exponent 403Fh, 8000...h).
TEST(RealData, TiesRoundToEven) {
  EXPECT_EQ(dataBytes("real4 16777217.0\n"), "00 00 80 4B");
  EXPECT_EQ(dataBytes("real4 16777219.0\n"), "02 00 80 4B");
  EXPECT_EQ(dataBytes("real4 16777218.0\n"), "01 00 80 4B");  // exact
  EXPECT_EQ(dataBytes("real8 9007199254740993.0\n"), "00 00 00 00 00 00 40 43");
  EXPECT_EQ(dataBytes("real10 18446744073709551617.0\n"), "00 00 00 00 00 00 00 80 3F 40");
  EXPECT_EQ(dataBytes("real10 18446744073709551615.0\n"), "FF FF FF FF FF FF FF FF 3E 40");  // 2^64-1 fits exactly
}

// Below the smallest normal the format's denormals take over: 2^-149 (about 1.401e-45) is the
// smallest single, 00000001; a value under half of it rounds to zero; 2^-126 is the smallest
// normal, 00800000. Too large a value is an error.
TEST(RealData, DenormalsAndRange) {
  EXPECT_EQ(dataBytes("real4 1.4e-45\n"), "01 00 00 00");
  EXPECT_EQ(dataBytes("real4 7.0e-46\n"), "00 00 00 00");
  EXPECT_EQ(dataBytes("real4 1.1754943508222875e-38\n"), "00 00 80 00");
  EXPECT_EQ(dataBytes("real4 3.4028235e38\n"), "FF FF 7F 7F");  // the largest single
  EXPECT_NE(dataBytes("real4 1.0e39\n").find("real number too large for REAL4"), std::string::npos);
  EXPECT_EQ(dataBytes("real8 1.0e308\n"), "A0 C8 EB 85 F3 CC E1 7F");
  EXPECT_NE(dataBytes("real8 1.0e309\n").find("too large for REAL8"), std::string::npos);
  // 2^1026 < 1e309 < 2^1027: the 80-bit exponent field is 16383 + 1026 = 4401h.
  const std::string big = dataBytes("real10 1.0e309\n");
  EXPECT_EQ(big.substr(big.size() - 5), "01 44") << big;
}

// MASM's encoded reals: the hex digits of the bytes and an R (8, 16 or 20 digits, one more when
// the first is 0), stored as written.
TEST(RealData, EncodedReals) {
  EXPECT_EQ(dataBytes("real4 3F800000r\n"), "00 00 80 3F");
  EXPECT_EQ(dataBytes("dd 0BF800000r\n"), "00 00 80 BF");
  EXPECT_EQ(dataBytes("real8 3FF0000000000000R\n"), "00 00 00 00 00 00 F0 3F");
  EXPECT_EQ(dataBytes("real10 3FFF8000000000000000r\n"), "00 00 00 00 00 00 00 80 FF 3F");
  EXPECT_NE(dataBytes("real4 3F8000r\n").find("has 8 hex digits"), std::string::npos);
  EXPECT_NE(dataBytes("real4 -3F800000r\n").find("takes no sign"), std::string::npos);
  EXPECT_NE(dataBytes("dw 3F80r\n").find("needs REAL4 (DD), REAL8 (DQ) or REAL10 (DT)"), std::string::npos);
}

TEST(RealData, OnlyAsDataOfFourEightOrTenBytes) {
  const std::string word = dataBytes("dw 1.0\n");
  EXPECT_NE(word.find("test.asm:2:4: error: a real number needs REAL4 (DD), REAL8 (DQ) or REAL10 (DT)"),
            std::string::npos)
      << word;
  auto a = assembleText("c segment\n mov ax, 1.5\n fld 1.0\nc ends\nend\n");
  EXPECT_NE(a.errors().find("test.asm:2:10: error: a real number is only allowed as a data initialiser"),
            std::string::npos)
      << a.errors();
  // One error for the operand: the encoder's view of its stand-in value is not reported as well.
  EXPECT_EQ(a.diags.errorCount(), 2u) << a.errors();
}

std::string codeBytes(const std::string& lines, Options options = {}) {
  auto a = assembleText("d segment\nf4 real4 1.0\nf8 real8 1.0\nf10 real10 1.0\nw dw 0\ndd0 dd 0\nd ends\n"
                        "c segment\nassume cs:c, ds:d\n" +
                            lines + "c ends\nend\n",
                        options);
  if (a.diags.hasErrors()) return "error: " + a.errors();
  return hex(a.bytes("C"));
}

// The size of a variable picks the x87 form (80387 manual opcode map): REAL4/DWORD D9 /0,
// REAL8 DD /0, REAL10 DB /5, WORD integer DF /0, DWORD integer DB /0; ds:disp16 is mod 00 rm 110.
// The default coprocessor is the 8087: FWAIT (9B) before each instruction.
TEST(X87Code, VariablesPickTheFormAndTheDefaultIs8087) {
  EXPECT_EQ(codeBytes(" fld f4\n fld f8\n fld f10\n fild w\n fistp dd0\n fstp st(1)\n fninit\n"),
            "9B D9 06 00 00 9B DD 06 04 00 9B DB 2E 0C 00 9B DF 06 16 00 9B DB 1E 18 00 9B DD D9 DB E3");
}

TEST(X87Code, CoprocessorDirectivesDecideTheWaits) {
  EXPECT_EQ(codeBytes(".287\n fld st(1)\n finit\n fstsw ax\n fnstsw ax\n"), "D9 C1 9B DB E3 9B DF E0 DF E0");
  EXPECT_EQ(codeBytes(".286\n fld st(1)\n"), "D9 C1");          // .286 implies .287
  EXPECT_EQ(codeBytes(".386\n fsin\n fld st(7)\n"), "D9 FE D9 C7");  // .386 implies .387
  EXPECT_EQ(codeBytes(".8087\n fld st(1)\n"), "9B D9 C1");
  EXPECT_NE(codeBytes(".NO87\n fld st(1)\n").find(".NO87 is in force"), std::string::npos);
  EXPECT_NE(codeBytes(" fsin\n").find("instruction requires .387"), std::string::npos);
  Options tasm;
  tasm.dialect = Dialect::Tasm;
  EXPECT_EQ(codeBytes("P287\n fld st(1)\n", tasm), "D9 C1");
}

TEST(X87Code, StackRegistersAndSizes) {
  EXPECT_EQ(codeBytes(".387\n fadd st, st(7)\n fadd st(3), st\n faddp st(1), st\n fxch st(2)\n fld ST(0)\n"),
            "D8 C7 DC C3 DE C1 D9 CA D9 C0");
  const std::string noSize = codeBytes(".387\n fld [bx]\n");
  EXPECT_NE(noSize.find("test.asm:11:6: error: instruction operand must have size: use DWORD PTR, QWORD PTR, TBYTE PTR"),
            std::string::npos)
      << noSize;
  EXPECT_EQ(codeBytes(".387\n fld qword ptr [bx]\n fld real4 ptr [si]\n fld tbyte ptr es:[di]\n"),
            "DD 07 D9 04 26 DB 2D");
  EXPECT_NE(codeBytes(".387\n fld st(8)\n").find("st(0) to st(7)"), std::string::npos);
}

}  // namespace
}  // namespace asmlab::masm::test
