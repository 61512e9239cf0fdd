#include <random>

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

TEST(Diagnostics, BinaryBytesInQuotedLineAreEscapedAndTheCaretFollows) {
  // \x01 and a lone \xFF (not UTF-8) are written as four characters each; the caret under '.ORIG'
  // moves over both escapes; 'é' (UTF-8) stays one character.
  auto f = std::make_shared<const SourceFile>("bin.asm", std::string("\x01\xff.ORIG \xc3\xa9x", 11));
  Diagnostics d;
  d.error({f, 1, 3, 5}, "bad \x1b[2J message");
  d.error({f, 1, 11, 1}, "after the accent");
  EXPECT_EQ(formatDiagnostic(d.all()[0]),
            "bin.asm:1:3: error: bad \\x1B[2J message\n"
            "    1 | \\x01\\xFF.ORIG \xc3\xa9x\n"
            "      |         ^~~~~\n");
  std::string second = formatDiagnostic(d.all()[1]);
  EXPECT_EQ(second.substr(second.rfind('|')), "|" + std::string(16, ' ') + "^\n");
}

TEST(Diagnostics, CaretStaysOnTheLineWhateverTheColumnAndLength) {
  auto f = std::make_shared<const SourceFile>("a.asm", "mov ax\n");
  Diagnostics d;
  d.error({f, 1, 4000000000u, 4000000000u}, "far away");
  d.error({f, 1, 5, 4000000000u}, "long");
  EXPECT_EQ(formatDiagnostic(d.all()[0]), "a.asm:1:4000000000: error: far away\n    1 | mov ax\n      |       ^\n");
  EXPECT_EQ(formatDiagnostic(d.all()[1]), "a.asm:1:5: error: long\n    1 | mov ax\n      |     ^~\n");
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

// What add() hands back for an error past the limit belongs to that collector: another one's
// dropped error does not overwrite it (a front end may still be attaching notes), and it goes
// with its collector (the fuzz targets' leak checks ran every input twice while one was shared).
TEST(Diagnostics, ADroppedDiagnosticBelongsToItsCollector) {
  Diagnostics a, b;
  a.setErrorLimit(1);
  b.setErrorLimit(1);
  a.error({}, "a0");
  b.error({}, "b0");
  Diagnostic& droppedA = a.error({}, "a1");
  Diagnostic& droppedB = b.error({}, "b1");
  EXPECT_NE(&droppedA, &droppedB);
  EXPECT_EQ(droppedA.message, "a1");
  droppedA.notes.push_back({Severity::Note, {}, "in expansion of macro 'm'", {}});
  EXPECT_EQ(a.all().size(), 1u);
  EXPECT_EQ(a.renderToString().find("in expansion"), std::string::npos);
}

// keeps(): whether the next diagnostic of a severity is recorded (front ends skip the notes and
// hints of one that is only counted).
TEST(Diagnostics, KeepsSaysWhetherTheNextDiagnosticIsRecorded) {
  Diagnostics d;
  d.setErrorLimit(2);
  d.error({}, "e0");
  EXPECT_TRUE(d.keeps(Severity::Error));
  d.error({}, "e1");
  EXPECT_FALSE(d.keeps(Severity::Error));
  EXPECT_TRUE(d.keeps(Severity::Warning));
  EXPECT_TRUE(d.keeps(Severity::Note));
  d.setWarningsAsErrors(true);
  EXPECT_FALSE(d.keeps(Severity::Warning));  // it would be an error past the limit
  Diagnostics unlimited;
  for (int i = 0; i < 100; ++i) unlimited.error({}, "e");
  EXPECT_TRUE(unlimited.keeps(Severity::Error));
}

// A warning at the place and with the words of one already recorded (a macro body line, once
// per expansion) is counted, not listed again; a different line, column or message is new.
TEST(Diagnostics, RepeatedWarningsAreCountedOnce) {
  auto file = std::make_shared<const SourceFile>("m.asm", "m macro\n db x\n endm\n");
  auto at = [&](uint32_t line, uint32_t column) { return SourceLocation{file, line, column, 0}; };
  Diagnostics d;
  for (int i = 0; i < 4; ++i) d.warning(at(2, 5), "value truncated");
  Diagnostic repeat{Severity::Warning, at(2, 5), "value truncated", {}};
  EXPECT_TRUE(d.repeatsAWarning(repeat));
  EXPECT_FALSE(d.keeps(repeat));
  d.warning(at(2, 6), "value truncated");
  d.warning(at(3, 5), "value truncated");
  d.warning(at(2, 5), "another");
  EXPECT_EQ(d.all().size(), 4u);
  EXPECT_EQ(d.warningCount(), 7u);
  EXPECT_EQ(d.repeatedWarnings(), 3u);
  const std::string out = d.renderToString();
  EXPECT_NE(out.find("note: 3 more warnings not shown: each repeats one above"), std::string::npos) << out;
  EXPECT_NE(out.find("0 errors and 7 warnings generated."), std::string::npos) << out;
  d.setWarningsAsErrors(true);  // then each is an error of its own, under the error limit
  d.warning(at(2, 5), "value truncated");
  EXPECT_EQ(d.errorCount(), 1u);
  d.clear();
  d.setWarningsAsErrors(false);
  d.warning(at(2, 5), "value truncated");
  EXPECT_EQ(d.all().size(), 1u);
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

// The bounded distance stops early; it must agree with the whole table wherever it answers.
TEST(EditDistance, BoundedAgreesWithTheWholeTable) {
  std::mt19937 random(7);
  auto word = [&] {
    std::string w(random() % 12, 'a');
    for (char& c : w) c = "abcAB"[random() % 5];  // a small alphabet, so pairs are often close
    return w;
  };
  for (int trial = 0; trial < 20000; ++trial) {
    std::string a = word(), b = word();
    size_t limit = random() % 6;
    size_t whole = editDistance(a, b);
    ASSERT_EQ(editDistance(a, b, limit), std::min(whole, limit + 1)) << a << " / " << b << " limit " << limit;
  }
  std::string longer(100, 'x');  // past the rows kept on the stack
  EXPECT_EQ(editDistance(longer, longer + "yz", 5), 2u);
  EXPECT_EQ(editDistance(longer, std::string(100, 'y'), 5), 6u);
}

TEST(ClosestMatch, AWordLongerThanAnyNameGetsNoSuggestion) {
  std::vector<std::string> names{std::string(300, 'A'), "MOV"};
  EXPECT_EQ(closestMatch(std::string(300, 'A') + "B", names), "");
  EXPECT_EQ(closestMatch("MOVV", names), "MOV");
}
