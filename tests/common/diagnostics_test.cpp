#include <gtest/gtest.h>

#include "asmlab/asm/diagnostics.hpp"

using namespace asmlab;

TEST(SourceFile, LinesWithCrLfTabsAndNoFinalNewline) {
  SourceFile f("a.asm", "ADD R1,R1,#1\r\n\tHALT\r\nlast");
  EXPECT_EQ(f.lineCount(), 3u);
  EXPECT_EQ(f.line(1), "ADD R1,R1,#1");
  EXPECT_EQ(f.line(2), "\tHALT");
  EXPECT_EQ(f.line(3), "last");
  EXPECT_EQ(f.line(4), "");
  EXPECT_EQ(f.position(15), (std::pair<uint32_t, uint32_t>{2, 2}));
}

TEST(Diagnostics, FormatsLikeACompilerWithCaretUnderOperand) {
  auto f = std::make_shared<const SourceFile>("dots.asm", "LOOP\tADDD R1, R2, #3\n");
  Diagnostics d;
  d.error({f, 1, 6, 4}, "unknown opcode 'ADDD'; did you mean 'ADD'?");
  std::string s = formatDiagnostic(d.all()[0]);
  EXPECT_EQ(s,
            "dots.asm:1:6: error: unknown opcode 'ADDD'; did you mean 'ADD'?\n"
            "    1 | LOOP\tADDD R1, R2, #3\n"
            "      |     \t^~~~\n");
  EXPECT_EQ(d.errorCount(), 1u);
}

TEST(Diagnostics, BinaryBytesInQuotedLineAreMadePrintable) {
  auto f = std::make_shared<const SourceFile>("bin.asm", std::string("\x01\xff.ORIG", 7));
  Diagnostics d;
  d.error({f, 1, 1, 1}, "non-ASCII byte");
  EXPECT_NE(formatDiagnostic(d.all()[0]).find("??.ORIG"), std::string::npos);
}

TEST(Diagnostics, WarningsAsErrorsAndCounts) {
  Diagnostics d;
  d.setWarningsAsErrors(true);
  d.warning({}, "label 'X' is never used");
  EXPECT_EQ(d.errorCount(), 1u);
  EXPECT_EQ(d.warningCount(), 0u);
  EXPECT_NE(d.renderToString().find("[-Werror]"), std::string::npos);
}

TEST(Diagnostics, ErrorLimitDropsTheRestWithANote) {
  Diagnostics d;
  d.setErrorLimit(2);
  for (int i = 0; i < 5; ++i) d.error({}, "e" + std::to_string(i));
  EXPECT_EQ(d.all().size(), 2u);
  EXPECT_EQ(d.errorCount(), 5u);
  EXPECT_NE(d.renderToString().find("3 more errors not shown"), std::string::npos);
}

TEST(ClosestMatch, SuggestsLikelyTyposOnly) {
  std::vector<std::string> ops{"ADD", "AND", "BRnzp", "HALT", "LDR", "STR"};
  EXPECT_EQ(closestMatch("HLAT", ops), "HALT");  // transposition
  EXPECT_EQ(closestMatch("ADDD", ops), "ADD");
  EXPECT_EQ(closestMatch("XYZZY", ops), "");
  EXPECT_EQ(editDistance("abc", "ABC"), 0u);
}

// Textbook values of the optimal-string-alignment distance (Levenshtein plus adjacent transposition).
TEST(EditDistance, MatchesTheDefinition) {
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
  EXPECT_EQ(editDistance("abc", ""), 3u);
  EXPECT_EQ(editDistance("ca", "abc"), 3u);  // OSA does not edit a transposed pair again
  EXPECT_EQ(editDistance("ab", "ba"), 1u);
  EXPECT_EQ(editDistance("flaw", "lawn"), 2u);
}

TEST(ClosestMatch, AWordLongerThanAnyNameGetsNoSuggestion) {
  std::vector<std::string> names{std::string(300, 'A'), "MOV"};
  EXPECT_EQ(closestMatch(std::string(300, 'A') + "B", names), "");
  EXPECT_EQ(closestMatch("MOVV", names), "MOV");
}
