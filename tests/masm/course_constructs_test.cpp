// One test per construct listed in reference/masm.md ("What real course sources rely on").
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

TEST(CourseConstructs, UpperCaseFoldingOfPublicNames) {
  auto a = assembleText("public gcolor\nc segment\ngcolor: nop\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_NE(a.publicSymbol("GCOLOR"), nullptr);
}

TEST(CourseConstructs, OperandSizeFromSymbolType) {
  // cmp byte [mem], imm8 = 80 3E disp16 ib
  auto a = assembleText("d segment\nboard db 9 dup (' ')\nd ends\nc segment\nassume cs:c, ds:d\n cmp board, ' '\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "80 3E 00 00 20");
}

TEST(CourseConstructs, WordPtrWithDisplacementAndEsNothing) {
  auto a = assembleText("d segment\nx dd 0\nd ends\nc segment\nassume cs:c, ds:d, es:nothing\n mov ax, word ptr x+2\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "A1 02 00");
}

TEST(CourseConstructs, ThirtyTwoBitRegistersIn16BitCode) {
  // mov ebx,imm32 in a USE16 segment: 66 BB id; dec ebx: 66 4B
  auto a = assembleText(".386\noption segment:use16\nc segment\n mov ebx, 7FFFFh\n dec ebx\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "66 BB FF FF 07 00 66 4B");
}

TEST(CourseConstructs, TypeOperatorsInConditionals) {
  auto a = assembleText("d segment\nv dd 0\n if (.type (ax)) and 10000b\n db 1\n endif\n if type v eq 4\n db 2\n endif\nd ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "00 00 00 00 01 02");
}

TEST(CourseConstructs, IfidniWithAmpersandArguments) {
  auto a = assembleText("m macro opt\n ifidni <&opt&>,<noEcho>\n db 1\n else\n db 2\n endif\n endm\n"
                        "d segment\n m NOECHO\n m other\nd ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "01 02");
}

TEST(CourseConstructs, SegAndOffsetOperators) {
  auto a = assembleText("d segment\nv db 0\nd ends\nc segment\nassume cs:c\n mov ax, seg v\n mov dx, offset v\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "B8 00 00 BA 00 00");
  EXPECT_EQ(a.result.module.fixups.size(), 2u);
}

TEST(CourseConstructs, QuestionMarkInsideNames) {
  auto b = assembleText("is?ok = 3\nd segment\n db is?ok\nd ends\nend\n");
  ASSERT_FALSE(b.diags.hasErrors()) << b.errors();
  EXPECT_EQ(hex(b.bytes("D")), "03");
}

TEST(CourseConstructs, IndexedOperandsLikeTtt3) {
  // mov al, GameBoard[si-3] = 8A 84 disp16; mov al,[si+1][bx] = 8A 40 01
  auto a = assembleText("d segment\nx db 5 dup (0)\nGameBoard db 9 dup (' ')\nd ends\nc segment\nassume cs:c, ds:d\n"
                        " mov al, GameBoard[si-3]\n mov al, [si+1][bx]\n mov byte ptr [si], 'O'\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "8A 84 02 00 8A 40 01 C6 04 4F");
}

TEST(CourseConstructs, ForwardJumpsBecomeShort) {
  auto a = assembleText("c segment\nassume cs:c\n jmp fwd\n nop\nfwd: jne back\nback: ret\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "EB 01 90 75 00 C3");
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

TEST(CourseConstructs, Later186And386InstructionsIn16BitCode) {
  // Intel SDM: pusha 60, popa 61, ror al,2 = C0 C8 02, shl bx,3 = C1 E3 03, push 1234h = 68 34 12,
  // imul ax,bx,10 = 6B C3 0A, movzx ax,bl = 0F B6 C3 (no 66h: 16-bit destination in a USE16 segment)
  auto a = assembleText(".586\noption segment:use16\nc segment\n pusha\n popa\n ror al, 2\n shl bx, 3\n push 1234h\n"
                        " imul ax, bx, 10\n movzx ax, bl\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "60 61 C0 C8 02 C1 E3 03 68 34 12 6B C3 0A 0F B6 C3");
}

TEST(CourseConstructs, ExternalByteVariableGivesTheOperandSize) {
  // cmp byte ptr [board], ' ' = 80 3E disp16 20, with the displacement filled by the linker
  auto a = assembleText("extrn board:byte\nc segment\n cmp board, ' '\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "80 3E 00 00 20");
  ASSERT_EQ(a.result.module.fixups.size(), 1u);
  EXPECT_EQ(a.result.module.fixups[0].target.kind, link::RefKind::Extern);
}

TEST(CourseConstructs, ListingControlAndGlobalPlusOffsets) {
  auto a = assembleText(".xlist\nd segment\nGameBoard db 9 dup (' ')\n.list\nd ends\nc segment\nassume cs:c, ds:d\n"
                        " cmp GameBoard+4, ' '\n mov GameBoard, 'O'\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // cmp byte [0004], 20h = 80 3E 04 00 20; mov byte [0000], 4Fh = C6 06 00 00 4F
  EXPECT_EQ(hex(a.bytes("C")), "80 3E 04 00 20 C6 06 00 00 4F");
}

}  // namespace
}  // namespace asmlab::masm::test
