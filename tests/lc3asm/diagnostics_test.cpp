// Every diagnostic: its message, line and column (columns counted by hand from the test sources).
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace asmlab::lc3::testing {
namespace {

struct Expected {
  Severity severity;
  uint32_t line;
  uint32_t column;
  std::string message;
};

void expectDiagnostics(const std::string& source, const std::vector<Expected>& expected,
                       const AssembleOptions& options = quiet()) {
  auto a = assembleSource(source, options);
  const auto& all = a.diagnostics.all();
  ASSERT_EQ(all.size(), expected.size()) << a.text();
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(all[i].severity, expected[i].severity) << i << ": " << all[i].message;
    EXPECT_EQ(all[i].location.line, expected[i].line) << i << ": " << all[i].message;
    EXPECT_EQ(all[i].location.column, expected[i].column) << i << ": " << all[i].message;
    EXPECT_EQ(all[i].message, expected[i].message) << i;
  }
}

std::string program(const std::string& body) { return ".ORIG x3000\n" + body + "\n.END\n"; }

constexpr auto E = Severity::Error;
constexpr auto W = Severity::Warning;

TEST(Lc3Diagnostics, UnknownOpcodeSuggestsTheClosestOne) {
  expectDiagnostics(program("    ADDD R1, R2, R3"), {{E, 2, 5, "unknown opcode 'ADDD'; did you mean 'ADD'?"}});
  expectDiagnostics(program("LOOP HLAT"), {{E, 2, 6, "unknown opcode 'HLAT'; did you mean 'HALT'?"}});
  expectDiagnostics(program("  BRZZ DONE\nDONE HALT"), {{E, 2, 3, "unknown opcode 'BRZZ'; did you mean 'BRz'?"}});
  expectDiagnostics(program("  .FILLL 3"), {{E, 2, 3, "unknown opcode '.FILLL'; did you mean '.FILL'?"}});
  expectDiagnostics(program("  FROB R1"), {{E, 2, 3, "unknown opcode 'FROB'"}});
  expectDiagnostics(program("  BRpz DONE\nDONE HALT"), {{E, 2, 3, "unknown opcode 'BRpz'; did you mean 'BRzp'? (BR takes its conditions in the order n, z, p)"}});
  expectDiagnostics(program("ADD .FILL 5"), {{E, 2, 1, "'ADD' is an opcode, so it cannot be a label"}});
}

TEST(Lc3Diagnostics, UndefinedLabelSuggestsTheClosestOne) {
  expectDiagnostics(program("LOOP BR LOPP"), {{E, 2, 9, "undefined label 'LOPP'; did you mean 'LOOP'?"}});
  expectDiagnostics(program("  LD R0, NOWHERE"), {{E, 2, 10, "undefined label 'NOWHERE'"}});
}

TEST(Lc3Diagnostics, OffsetOutOfRangeNamesTheLabelTheDistanceAndTheRange) {
  std::string body = "  BRz FAR\n  .BLKW 300\nFAR HALT";
  expectDiagnostics(program(body),
                    {{E, 2, 7,
                      "label 'FAR' (x312D) is +300 words from the incremented PC (x3001): out of the range -256..255 "
                      "of BRz's 9-bit PC offset"}});
  expectDiagnostics(program("  LDR R0, R1, #32"), {{E, 2, 15, "offset #32 does not fit in 6 bits (range -32..31)"}});
  expectDiagnostics(program("  BR #256"), {{E, 2, 6, "PC offset #256 does not fit in 9 bits (range -256..255)"}});
}

TEST(Lc3Diagnostics, OperandErrors) {
  expectDiagnostics(program("  ADD R1, R2, #16"), {{E, 2, 15, "immediate #16 does not fit in 5 bits (range -16..15)"}});
  expectDiagnostics(program("  ADD R1, R2"), {{E, 2, 3, "'ADD' takes 3 operands (DR, SR1, SR2 or DR, SR1, #imm5), found 2"}});
  expectDiagnostics(program("  NOT R1, R2, R3"), {{E, 2, 15, "'NOT' takes 2 operands (DR, SR), found 3"}});
  expectDiagnostics(program("  HALT R1"), {{E, 2, 8, "'HALT' takes no operands, found 1"}});
  expectDiagnostics(program("  ADD R1, #2, R3"), {{E, 2, 11, "expected a register R0-R7 as first source, found '#2'"}});
  expectDiagnostics(program("  ADD R8, R1, R3"), {{E, 2, 7, "expected a register R0-R7 as destination, found 'R8'"}});
  expectDiagnostics(program("  JMP LOOP\nLOOP HALT"), {{E, 2, 7, "expected a register R0-R7 as base register, found 'LOOP'"}});
  expectDiagnostics(program("  TRAP x100"), {{E, 2, 8, "trap vector x100 does not fit in 8 bits (x00..xFF)"}});
  expectDiagnostics(program("  .FILL x10000"), {{E, 2, 9, ".FILL value x10000 does not fit in 16 bits (-32768..65535)"}});
  expectDiagnostics(program("  LD R0, R1"), {{E, 2, 10, "expected a label, found 'R1'"}});
}

TEST(Lc3Diagnostics, SyntaxErrors) {
  expectDiagnostics(program("  .STRINGZ \"abc"), {{E, 2, 16, "missing closing '\"' at the end of the string"}});
  expectDiagnostics(program("  .STRINGZ \"a\\qb\""), {{E, 2, 14, "unknown escape '\\q' (known: \\n \\r \\t \\\\ \\\" \\0)"}});
  expectDiagnostics(program("  ADD R1, R1, #1x"), {{E, 2, 15, "unexpected '#1x': not a register, number, string or label"}});
  expectDiagnostics(program("  R1, R2"), {{E, 2, 3, "expected a label or an opcode before 'R1'"}});
}

// Numbers written as other tools or languages write them (seen in public course programs): the
// first operand of a pseudo-op is told what it is not, and how the LC-3 tools spell it.
TEST(Lc3Diagnostics, NumbersSpeltAnotherWayAreExplained) {
  const char* const kNot = ": not a register, number, string or label";
  expectDiagnostics(program("A .FILL -xF"), {{E, 2, 9,
                                              std::string("unexpected '-xF'") + kNot +
                                                  "; a negative hex number is written x-F (or #-15 in decimal)"}});
  expectDiagnostics(
      program("  ADD R1, R1, -x1"),
      {{E, 2, 15,
        std::string("unexpected '-x1'") + kNot + "; a negative hex number is written x-F (or #-15 in decimal)"}});
  expectDiagnostics(program("  .FILL +x5"),
                    {{E, 2, 9, std::string("unexpected '+x5'") + kNot + "; a hex number has no sign: x5"}});
  expectDiagnostics(program("  .FILL 0b11"),
                    {{E, 2, 9, std::string("unexpected '0b11'") + kNot + "; binary is written b101 (without the 0)"}});
  expectDiagnostics(
      program("  .BLKW #"),
      {{E, 2, 9, std::string("unexpected '#'") + kNot + "; '#' is followed by a decimal number, e.g. #-15"}});
  expectDiagnostics(program("  .FILL 1x"), {{E, 2, 9, std::string("unexpected '1x'") + kNot}});
}

// What the UT Austin tools accept is a warning naming the portable spelling; --strict keeps the
// errors of the portable dialect.
TEST(Lc3Diagnostics, SeparatorsTheCourseToolsAcceptAreWarningsOrStrictErrors) {
  expectDiagnostics(program("  ADD R1 R2, R3"),
                    {{W, 2, 10, "operands separated by blanks; the portable spelling is 'ADD R1, R2, R3'"}});
  expectDiagnostics(program("  ADD R1 R2, R3"), {{E, 2, 10, "unexpected 'R2': operands are separated by ','"}},
                    strictQuiet());
  expectDiagnostics(program("  ADD R1, R2, R3,"),
                    {{W, 2, 17, "comma after the last operand; the portable spelling is 'ADD R1, R2, R3'"}});
  expectDiagnostics(program("  ADD R1, R2,"), {{E, 2, 14, "expected an operand after ','"}}, strictQuiet());
  expectDiagnostics(program("  LDR, R4, R3, #0"),
                    {{W, 2, 6, "comma after the opcode; the portable spelling is 'LDR R4, R3, #0'"}});
  expectDiagnostics(program("  LDR, R4, R3, #0"), {{E, 2, 6, "unexpected ',' after the opcode"}}, strictQuiet());
  expectDiagnostics(program("  ADD R1,, R2, R3"),
                    {{W, 2, 10, "two commas in a row; the portable spelling is 'ADD R1, R2, R3'"}});
  expectDiagnostics(program("  AND, R1 R1 #0,"),
                    {{W, 2, 6,
                      "comma after the opcode and operands separated by blanks and comma after the last operand; the "
                      "portable spelling is 'AND R1, R1, #0'"}});
}

TEST(Lc3Diagnostics, DuplicateLabelPointsAtTheFirstDefinition) {
  auto a = assembleSource(program("LOOP ADD R0, R0, #1\nloop BR LOOP"));
  ASSERT_EQ(a.diagnostics.all().size(), 1u) << a.text();
  const auto& d = a.diagnostics.all()[0];
  EXPECT_EQ(d.message, "duplicate label 'loop'");
  EXPECT_EQ(d.location.line, 3u);
  EXPECT_EQ(d.location.column, 1u);
  ASSERT_EQ(d.notes.size(), 2u);
  EXPECT_EQ(d.notes[0].message, "'LOOP' was first defined here");
  EXPECT_EQ(d.notes[0].location.line, 2u);
  EXPECT_EQ(d.notes[1].message,
            "labels are case-insensitive; with --case-sensitive-labels 'LOOP' and 'loop' are two labels, as in "
            "assemblers of the 2nd edition's time");
}

TEST(Lc3Diagnostics, BlockStructure) {
  expectDiagnostics("  ADD R1, R1, #1\n.ORIG x3000\n.END\n",
                    {{E, 1, 3, "'ADD' comes before any .ORIG; a program starts with .ORIG and an address, e.g. '.ORIG x3000'"}});
  expectDiagnostics(".ORIG x3000\nHALT\n.END\nX .FILL 1\n", {{E, 4, 3, "'.FILL' is outside any .ORIG block (after .END)"}},
                    strictQuiet());
  expectDiagnostics(".ORIG x3000\nHALT\n.END\nX .FILL 1\nY ADDD R1\n.END\n",
                    {{W, 4, 1,
                      "'X' is after .END (line 3), outside any .ORIG block: it and every line up to the next .ORIG "
                      "are ignored; the portable spelling puts code before .END"},
                     {W, 6, 1,
                      "second .END ignored (the block that starts on line 1 ended on line 3); the portable spelling "
                      "has one .END per .ORIG"}});
  expectDiagnostics(".END\n", {{E, 1, 1, ".END without a matching .ORIG"}});
  expectDiagnostics(".ORIG x3000\nHALT\n.END\n.END\n", {{E, 4, 1, ".END without a matching .ORIG"}}, strictQuiet());
  expectDiagnostics(".ORIG x3000\nHALT\n", {{W, 2, 5, "missing .END at the end of the file; the block that starts on line 1 ends here"}});
  expectDiagnostics(".ORIG x3000\nHALT\n.ORIG x4000\nHALT\n.END\n",
                    {{W, 3, 1, "missing .END before this .ORIG; the block that starts on line 1 ends here"}});
  expectDiagnostics(".ORIG LABEL\n.END\n", {{E, 1, 7, "expected an address such as x3000 after .ORIG, found 'LABEL'"}});
  expectDiagnostics(".ORIG x10000\n.END\n", {{E, 1, 7, ".ORIG address x10000 is outside memory (x0000..xFFFF)"}});
  expectDiagnostics(".ORIG x3000\n.BLKW 4\n.END\n.ORIG x3002\nHALT\n.END\n",
                    {{E, 4, 1, "this block (x3002..x3002) overlaps the block x3000..x3003 that starts on line 1"}},
                    strictQuiet());
  expectDiagnostics(".ORIG x3000\n.BLKW 4\n.END\n.ORIG x3002\nHALT\n.END\n",
                    {{W, 4, 1,
                      "this block (x3002..x3002) overlaps the block x3000..x3003 that starts on line 1; its words "
                      "replace the earlier block's there, as the course tools load them; the portable spelling keeps "
                      "blocks apart"}});
}

TEST(Lc3Diagnostics, RunningPastTheEndOfMemory) {
  expectDiagnostics(".ORIG x3000\n  .BLKW 65535\n.END\n",
                    {{E, 2, 3, "'.BLKW' at x3000 runs past the end of memory (xFFFF) by 12287 words; the block starts at x3000 on line 1"}});
  expectDiagnostics(".ORIG xFFFF\n  HALT\n  HALT\n.END\n",
                    {{E, 3, 3, "'HALT' at x10000 runs past the end of memory (xFFFF) by 1 word; the block starts at xFFFF on line 1"}});
  expectDiagnostics(".ORIG x3000\n  .BLKW 0\n.END\n", {{E, 2, 9, ".BLKW count 0 is outside 1..65535"}});
}

TEST(Lc3Diagnostics, WarningsForSuspiciousCode) {
  AssembleOptions loud;
  expectDiagnostics(program("  ADD R0, R0, #1\nDATA .FILL 5\nSPARE .FILL 6\n  LD R1, DATA"),
                    {{W, 3, 6, "code runs into data: 'ADD' on line 2 can fall through into this .FILL; put HALT or a branch before the data"},
                     {W, 4, 1, "label 'SPARE' is never used"}},
                    loud);
  // No fall-through warning after HALT, BR (unconditional), JMP, RET or RTI; the label at the
  // origin names the entry point and is not reported.
  expectDiagnostics(program("MAIN HALT\nA .FILL 1\n BR MAIN\nB .FILL A\n RET\n .BLKW 1\n JMP R1\n .STRINGZ \"\"\n RTI\nC .FILL B\n LD R0, C"),
                    {}, loud);
  expectDiagnostics(program(" BRz X\nX .FILL 1"), {{W, 3, 3, "code runs into data: 'BRz' on line 2 can fall through into this .FILL; put HALT or a branch before the data"}},
                    loud);
}

TEST(Lc3Diagnostics, ALabelAloneThatLooksLikeAnOpcode) {
  expectDiagnostics(program("  ADD R0, R0, #1\n  HLT"),
                    {{W, 3, 3, "'HLT' alone on a line is a label; did you mean the opcode 'HALT'? (write 'HLT:' if a label was meant)"}});
  expectDiagnostics(program("  ADD R0, R0, #1\nHLT:\n  BR HLT"), {});
  expectDiagnostics(program("  ADD R0, R0, #1\nHLT\n  BR HLT"), {});  // used, so meant as a label
  AssembleOptions loud;  // one warning, not also "never used"
  expectDiagnostics(program("  BR DONE\nDONE PUTS\n  puts\n  HALTT"),
                    {{W, 5, 3, "'HALTT' alone on a line is a label; did you mean the opcode 'HALT'? (write 'HALTT:' if a label was meant)"}},
                    loud);
}

TEST(Lc3Diagnostics, ReportsEveryErrorOfTheFileInLineOrder) {
  auto a = assembleSource(program("  ADDD R1\n  BR NOWHERE\n  ADD R1, R2, #99\n  LD R0, ALSO_NOWHERE\n  .FILL \"x\""));
  EXPECT_EQ(a.diagnostics.errorCount(), 5u) << a.text();
  uint32_t previous = 0;
  for (const auto& d : a.diagnostics.all()) {
    EXPECT_GE(d.location.line, previous);
    previous = d.location.line;
  }
}

TEST(Lc3Diagnostics, RenderedWithTheSourceLineAndACaret) {
  auto a = assembleSource(program("\tLD R0, MISSING"));
  EXPECT_EQ(a.text(),
            "test.asm:2:9: error: undefined label 'MISSING'\n"
            "    2 | \tLD R0, MISSING\n"
            "      | \t       ^~~~~~~\n"
            "1 error and 0 warnings generated.\n");
}

TEST(Lc3Diagnostics, WarningsBecomeErrorsWithWerror) {
  Assembled a;
  a.diagnostics.setWarningsAsErrors(true);
  a.assembly = assembleText("t.asm", ".ORIG x3000\nHALT\nX HALT\n.END\n", a.diagnostics);
  EXPECT_EQ(a.diagnostics.errorCount(), 1u);
  EXPECT_EQ(a.diagnostics.all()[0].message, "label 'X' is never used [-Werror]");
}

}  // namespace
}  // namespace asmlab::lc3::testing
