// Pseudo-ops and number forms.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace asmlab::lc3::testing {
namespace {

TEST(Lc3PseudoOps, NumberForms) {
  EXPECT_EQ(wordOf(".FILL x1F"), 0x001F);
  EXPECT_EQ(wordOf(".FILL X1f"), 0x001F);
  EXPECT_EQ(wordOf(".FILL 0x1F"), 0x001F);
  EXPECT_EQ(wordOf(".FILL #-5"), 0xFFFB);
  EXPECT_EQ(wordOf(".FILL #12"), 12);
  EXPECT_EQ(wordOf(".FILL 12"), 12);
  EXPECT_EQ(wordOf(".FILL -1"), 0xFFFF);
  EXPECT_EQ(wordOf(".FILL b101"), 5);
  EXPECT_EQ(wordOf(".FILL B1111000011110000"), 0xF0F0);
  EXPECT_EQ(wordOf(".FILL x-1"), 0xFFFF);
  EXPECT_EQ(wordOf(".FILL 65535"), 0xFFFF);
  EXPECT_EQ(wordOf(".FILL #-32768"), 0x8000);
  EXPECT_EQ(wordOf("ADD R1, R1, b11"), 0x1263);
}

TEST(Lc3PseudoOps, FillWithALabelHoldsItsAddress) {
  auto a = assembleSource(".ORIG x4000\nPTR .FILL TARGET\nTARGET .FILL PTR\n.END\n");
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0x4001, 0x4000}));
}

// Georgia Tech's complx takes a character literal in .FILL; the word is its ASCII code ('A' is
// x41, '\n' x0A: ASCII table), with a warning naming the portable form.
TEST(Lc3PseudoOps, FillWithACharacterLiteral) {
  auto a = assembleSource(".ORIG x3000\nA .FILL 'A'\nB .FILL '\\n'\nC .FILL ' '\n.END\n");
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  EXPECT_EQ(a.words(), (std::vector<uint16_t>{0x41, 0x0A, 0x20}));
  EXPECT_NE(a.text().find(".FILL x41"), std::string::npos) << a.text();
  EXPECT_EQ(a.text().find("''A''"), std::string::npos) << a.text();
  auto two = assembleSource(".ORIG x3000\n.FILL 'AB'\n.END\n");
  EXPECT_TRUE(two.diagnostics.hasErrors());
  EXPECT_NE(two.text().find("not one character in quotes"), std::string::npos) << two.text();
}

TEST(Lc3PseudoOps, BlkwReservesZeroedWordsOrAFillValue) {
  EXPECT_EQ(wordsOf(".BLKW 3"), (std::vector<uint16_t>{0, 0, 0}));
  EXPECT_EQ(wordsOf(".BLKW 2, #5"), (std::vector<uint16_t>{5, 5}));
  EXPECT_EQ(wordsOf(".BLKW 2, x-1"), (std::vector<uint16_t>{0xFFFF, 0xFFFF}));
  auto a = assembleSource(".ORIG x3000\nX .BLKW 4\nY .FILL X\n.END\n");
  ASSERT_FALSE(a.diagnostics.hasErrors());
  EXPECT_EQ(a.words().size(), 5u);
  EXPECT_EQ(a.words()[4], 0x3000);
}

TEST(Lc3PseudoOps, StringzWritesOneCharacterPerWordAndATerminator) {
  EXPECT_EQ(wordsOf(".STRINGZ \"Hi\""), (std::vector<uint16_t>{'H', 'i', 0}));
  EXPECT_EQ(wordsOf(".STRINGZ \"\""), (std::vector<uint16_t>{0}));
  EXPECT_EQ(wordsOf(R"(.STRINGZ "a\n\"\\\t\r\0;")"),
            (std::vector<uint16_t>{'a', 10, '"', '\\', 9, 13, 0, ';', 0}));
}

TEST(Lc3PseudoOps, SeveralOrigBlocks) {
  auto a = assembleSource(".ORIG x3000\nA LD R0, B2\n.END\n; between\n.ORIG x3002\nB2 .FILL A\n.END\n");
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text();
  ASSERT_EQ(a.assembly.image.blocks.size(), 2u);
  EXPECT_EQ(a.assembly.image.blocks[0].origin, 0x3000);
  EXPECT_EQ(a.assembly.image.blocks[0].words, (std::vector<uint16_t>{0x2001}));  // x3002 - x3001
  EXPECT_EQ(a.assembly.image.blocks[1].origin, 0x3002);
  EXPECT_EQ(a.assembly.image.blocks[1].words, (std::vector<uint16_t>{0x3000}));
  EXPECT_EQ(a.assembly.image.entry(), 0x3000);
}

TEST(Lc3PseudoOps, BlkwOfTheWholeMemoryFitsFromAddressZero) {
  auto a = assembleSource(".ORIG x0000\n.BLKW 65535\n.FILL 7\n.END\n");
  EXPECT_FALSE(a.diagnostics.hasErrors()) << a.text();
  ASSERT_EQ(a.words().size(), 65536u);
  EXPECT_EQ(a.words()[65535], 7);
}

TEST(Lc3PseudoOps, ListingShowsAddressWordAndSource) {
  auto a = assembleSource(".ORIG x3000\nLOOP ADD R1, R1, #1 ; count\n.STRINGZ \"ab\"\n.END\n");
  ASSERT_FALSE(a.diagnostics.hasErrors());
  std::string listing = renderListing(a.assembly);
  EXPECT_NE(listing.find(" x3000 x1261 0001001001100001     2  LOOP ADD R1, R1, #1 ; count\n"), std::string::npos)
      << listing;
  EXPECT_NE(listing.find(" x3001 x0061 0000000001100001     3  .STRINGZ \"ab\"\n"), std::string::npos) << listing;
  EXPECT_NE(listing.find(" x3003 x0000 0000000000000000\n"), std::string::npos) << listing;
}

}  // namespace
}  // namespace asmlab::lc3::testing
