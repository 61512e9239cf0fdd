// Data lines whose bytes cannot change between passes (`x DW ?`, `m DB 2 DUP (1)`) are laid out
// once and replayed (assembler/masm/frontend/src/data.cpp). These programs make later passes
// move such data, and check bytes, lengths and diagnostics against values worked out by hand
// (Intel SDM vol. 2: 0F 84 cw = JZ rel16 on the 386, B8 iw = MOV AX,imm16).
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

TEST(DataReplay, ConstantDataMovedByALaterPassKeepsItsBytesAndSizes) {
  // Pass 1 takes the forward JZ as short; it grows to 4 bytes, moving every item after it by 2:
  // v at 4, m at 6, w at 8, r at 12, x at 15, the NOPs at 16, target at 216 (rel16 = 216 - 4).
  auto a = assembleText(".386\nc segment use16\nassume cs:c\nstart: jz target\nv dw ?\nm db 2 dup (1)\n"
                        "w dd 1 dup (12345678h)\nr db 3 dup (?)\nx db 5\n db 200 dup (90h)\n"
                        "target: mov ax, lengthof m + sizeof w\n mov ax, length r + size r\n dw offset x\n"
                        "c ends\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_GE(a.result.passes, 2u);
  auto bytes = a.bytes("C");
  ASSERT_EQ(bytes.size(), 216u + 8u);
  EXPECT_EQ(hex({bytes.begin(), bytes.begin() + 16}), "0F 84 D4 00 00 00 01 01 78 56 34 12 00 00 00 05");
  EXPECT_EQ(hex({bytes.begin() + 216, bytes.end()}), "B8 06 00 B8 06 00 0F 00");
}

TEST(DataReplay, NumbersAreReadInTheRadixInForce) {
  auto a = assembleText("s segment\n db 2 dup (10)\n .radix 16\n db 2 dup (10)\n dw 1 dup (10)\n db 11\ns ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "0A 0A 10 10 10 00 11");
}

TEST(DataReplay, AValueThatDoesNotFitIsStillReported) {
  auto a = assembleText("s segment\n db 2 dup (300)\n dw 70000\ns ends\nend\n");
  EXPECT_NE(a.errors().find("value 300 does not fit in 1 byte(s)"), std::string::npos) << a.errors();
  EXPECT_NE(a.errors().find("value 70000 does not fit in 2 byte(s)"), std::string::npos) << a.errors();
}

TEST(DataReplay, ASegmentPast64KIsOneErrorWithItsSizeAndLine) {
  // From 0FFFEh the four bytes end at 10002h: the segment holds 65538 bytes, two more than the 64K
  // a 16-bit segment can, and the data line that crossed 64K is named once, however many follow.
  auto a = assembleText("s segment\n org 0FFFEh\n db 4 dup (1)\n db 100 dup (2)\n dw 7\ns ends\nend\n");
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
  std::string errors = a.errors();
  EXPECT_NE(errors.find("test.asm:3:1: error: segment 'S' is 65640 bytes (10068h)"), std::string::npos) << errors;
}

// Nested DUPs multiply: 60000 x 60000 one-byte items are 3,600,000,000 bytes (D693A400h). The
// repetitions past 64K only move the location counter, so the size is still exact, the error is
// one, and the data after it is placed where MASM would place it.
TEST(DataReplay, NestedDupsPast64KAreOneErrorWithTheExactSize) {
  auto a = assembleText("s segment\n db 60000 dup (60000 dup (1))\nafter dw 7\ns ends\nend\n");
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
  EXPECT_NE(a.errors().find("test.asm:2:1: error: segment 'S' is 3600000002 bytes (D693A402h)"), std::string::npos)
      << a.errors();
  // Within 64K every repetition is made: 300 x (2 + 3 x 1) bytes.
  auto fits = assembleText("s segment\n db 300 dup ('ab', 3 dup (7))\n dw $\ns ends\nend\n");
  ASSERT_FALSE(fits.diags.hasErrors()) << fits.errors();
  auto bytes = fits.bytes("S");
  ASSERT_EQ(bytes.size(), 1502u);
  EXPECT_EQ(hex({bytes.begin(), bytes.begin() + 5}), "61 62 07 07 07");
  EXPECT_EQ(hex({bytes.end() - 7, bytes.end()}), "61 62 07 07 07 DC 05");  // DW $ = 05DCh = 1500
}

// A 32-bit segment may pass 64K, but not the 1M bytes a real-mode PC addresses: a DUP that takes
// it past 1M is one error with the exact size (5000 x 5000 = 25,000,000 = 17D7840h), not gigabytes.
TEST(DataReplay, A32BitSegmentsDupPast1MIsAnError) {
  auto a = assembleText(".386\ns segment use32\n db 5000 dup (5000 dup (1))\ns ends\nend\n");
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
  EXPECT_TRUE(has(a,
                  "test.asm:3:1: error: segment 'S' is 25000000 bytes (17D7840h), more than the 1M (1048576 bytes) a "
                  "real-mode PC addresses; this statement goes past 1M"))
      << a.errors();
  auto fits = assembleText(".386\ns segment use32\n db 300 dup (300 dup (1))\ns ends\nend\n");
  ASSERT_FALSE(fits.diags.hasErrors()) << fits.errors();
  EXPECT_EQ(fits.bytes("S").size(), 90000u);
}

// Bytes far past the segment's end are one error and are not kept: an ORG to 0FFFFFFFh, or 16M
// uninitialised quadwords, followed by one initialised byte used to make the assembler fill a
// quarter or an eighth of a gigabyte with zeros before it.
TEST(DataReplay, BytesFarPastTheSegmentsEndAreOneErrorAndNotStored) {
  auto org = assembleText("s segment\n org 0FFFFFFFh\n db 1\ns ends\nend\n");
  EXPECT_EQ(org.diags.errorCount(), 1u) << org.errors();
  EXPECT_TRUE(has(org, "test.asm:3:1: error: segment 'S' is 268435456 bytes (10000000h), more than the 64K"))
      << org.errors();
  EXPECT_LE(org.bytes("S").size(), 0x10000u);

  // 1000000h x 8 = 128 MB of `?`, then a byte: the DUP line is the one that goes past 64K.
  auto dup = assembleText("s segment\n x dq 1000000h dup (?)\n db 1\ns ends\nend\n");
  EXPECT_EQ(dup.diags.errorCount(), 1u) << dup.errors();
  EXPECT_TRUE(has(dup, "test.asm:2:1: error: segment 'S' is 134217729 bytes (8000001h)")) << dup.errors();
  EXPECT_LE(dup.bytes("S").size(), 0x10000u);

  // A 32-bit segment keeps its bytes up to 1M: from 0FFFFFh, DB 1, 2 ends at 100001h.
  auto use32 = assembleText(".386\ns segment use32\n org 0FFFFFh\n db 1, 2\ns ends\nend\n");
  EXPECT_EQ(use32.diags.errorCount(), 1u) << use32.errors();
  EXPECT_TRUE(has(use32, "test.asm:4:1: error: segment 'S' is 1048577 bytes (100001h), more than the 1M"))
      << use32.errors();
  auto bytes = use32.bytes("S");
  ASSERT_EQ(bytes.size(), 0x100000u);
  EXPECT_EQ(bytes.back(), 1);
}

// An instruction past 64K is encoded again in each pass instead of being replayed from bytes that
// were not kept. The forward EQU makes a second pass; MOV AX,imm16 is B8 iw and MOV BX,imm16 BB iw,
// so the segment is 0FFFEh + 6 = 10004h bytes and holds the first two of them.
TEST(DataReplay, InstructionsPast64KAreOneErrorInEveryPass) {
  auto a = assembleText("s segment\nassume cs:s\n org 0FFFEh\n mov ax, n\n mov bx, n\nn equ 1234h\ns ends\nend\n");
  EXPECT_GE(a.result.passes, 2u);
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:4:1: error: segment 'S' is 65540 bytes (10004h), more than the 64K")) << a.errors();
  auto bytes = a.bytes("S");
  ASSERT_EQ(bytes.size(), 0x10000u);
  EXPECT_EQ(hex({bytes.end() - 2, bytes.end()}), "B8 34");
}

// A DUP whose repetition adds no byte is repeated once: the others would change nothing. TASM
// takes the empty string silently; MASM 6.1 refuses it, and asmlab warns (data.cpp).
TEST(DataReplay, ADupOfNothingIsRepeatedOnce) {
  // 0FFFFFFh x 0FFFFFFh repetitions of nothing, then a byte.
  auto tasmDup = assembleText("s segment\n db 0FFFFFFh dup (0FFFFFFh dup (''))\n db 1\ns ends\nend\n", tasm());
  EXPECT_FALSE(tasmDup.diags.hasErrors()) << tasmDup.errors();
  EXPECT_EQ(tasmDup.diags.warningCount(), 0u) << tasmDup.errors();
  EXPECT_EQ(hex(tasmDup.bytes("S")), "01");

  // The empty string's warning, once: the outer DUP's first repetition is copied for the others.
  auto masmDup = assembleText("s segment\n db 3 dup (1000000h dup (''), 7)\n dw $\ns ends\nend\n");
  EXPECT_FALSE(masmDup.diags.hasErrors()) << masmDup.errors();
  EXPECT_EQ(masmDup.diags.warningCount(), 1u) << masmDup.errors();
  EXPECT_TRUE(has(masmDup, "test.asm:2:")) << masmDup.errors();
  EXPECT_EQ(hex(masmDup.bytes("S")), "07 07 07 03 00");
}

// A DUP's repetitions are evaluated alike, so one that made only bytes is copied for the others
// (data.cpp, repeatLastBytes). The expected bytes are each repetition's, worked out by hand:
// DW is little-endian, REAL4 1.5 is 3FC00000h, a structure's fields are its initialisers.
TEST(DupCopies, EachCopyHasTheBytesOfOneRepetition) {
  auto a = assembleText(
      "pt struc\nx dw 1\ny db 2\npt ends\ns segment\n db 3 dup (1, 2)\n"
      " db 2 dup (3 dup (7), 'ab')\n dw 3 dup (1234h)\n db 4 dup (5, ?)\n db 9\n"
      " pt 2 dup (<>)\n pt 2 dup (<5>)\n dd 2 dup (1.5)\ns ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")),
            "01 02 01 02 01 02 07 07 07 61 62 07 07 07 61 62 34 12 34 12 34 12 05 00 05 00 05 00 05 00 09 "
            "01 00 02 01 00 02 05 00 02 05 00 02 00 00 C0 3F 00 00 C0 3F");
}

// Over bytes an earlier statement put there (ORG back), a repetition writes what it initialises
// and leaves the bytes of its `?` as they were, in every repetition.
TEST(DupCopies, RepetitionsOverEarlierBytesKeepWhatTheirQuestionMarksSkip) {
  auto a = assembleText(
      "s segment\n db 1, 2, 3, 4, 5, 6, 7, 8\n org 0\n db 3 dup (9, ?)\n org 0\n db 2 dup (0Ah)\n"
      "s ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "0A 0A 09 04 09 06 07 08");
}

// A repetition's error is said once for the line, as MASM says it, not once per copy.
TEST(DupCopies, AnErrorInARepetitionIsSaidOnce) {
  auto a = assembleText("s segment\n db 1000 dup (300)\n db 2 dup (ax)\ns ends\nend\n");
  EXPECT_EQ(a.diags.errorCount(), 2u) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:2:15: error: value 300 does not fit in 1 byte(s)")) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:3:12: error: a register cannot be used as a data value")) << a.errors();
}

// An address is not copied: each repetition has its own fixup, at its own offset.
TEST(DupCopies, EveryRepetitionOfAnAddressHasItsFixup) {
  auto a = assembleText("s segment\nx db 0\n dw 3 dup (offset x)\n dw 2 dup ($)\ns ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  std::vector<uint32_t> offsets;
  for (const auto& f : a.result.module.fixups) offsets.push_back(f.offset);
  EXPECT_EQ(offsets, (std::vector<uint32_t>{1, 3, 5, 7, 9}));
  // OFFSET x is 0; $ is the statement's start, 7, in both words.
  EXPECT_EQ(hex(a.bytes("S")), "00 00 00 00 00 00 00 07 00 07 00");
}

// Copies that reach 64K store up to it and count the rest: from 0FFFCh, five repetitions of two
// bytes end at 10006h, and the bytes stored are those of the first two.
TEST(DupCopies, CopiesStopAtWhatTheSegmentHolds) {
  auto a = assembleText("s segment\n org 0FFFCh\n db 5 dup (1, 2)\nafter dw 7\ns ends\nend\n");
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:3:1: error: segment 'S' is 65544 bytes (10008h)")) << a.errors();
  auto bytes = a.bytes("S");
  ASSERT_EQ(bytes.size(), 0x10000u);
  EXPECT_EQ(hex({bytes.end() - 4, bytes.end()}), "01 02 01 02");
}

}  // namespace
}  // namespace asmlab::masm::test
