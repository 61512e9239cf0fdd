// The textual macro layer: MACRO/ENDM, LOCAL, :REQ, :=default, VARARG, EXITM, repeat blocks,
// & % <> ! in arguments, ;; comments, text macros and INCLUDE.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string seg(const std::string& body) { return "s segment\n" + body + "\ns ends\nend\n"; }

TEST(MacroLayer, ParametersDefaultsAndVararg) {
  auto a = assembleText(seg("m macro x:req, y:=<7>, rest:vararg\n db x, y\n irp r,<rest>\n db r\n endm\n endm\n"
                            " m 1\n m 2, 3, 4, 5"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 07 02 03 04 05");
}

TEST(MacroLayer, RequiredParameterMissingIsAnError) {
  auto a = assembleText(seg("m macro x:req\n db x\n endm\n m"));
  EXPECT_NE(a.errors().find("missing argument for required parameter 'x'"), std::string::npos) << a.errors();
}

TEST(MacroLayer, LocalLabelsAreUniquePerExpansion) {
  auto a = assembleText(seg("m macro\n local l1\nl1: db 1\n dw l1\n endm\n m\n m"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // second expansion's label is at offset 3
  EXPECT_EQ(hex(a.bytes("S")), "01 00 00 01 03 00");
}

TEST(MacroLayer, RepeatBlocks) {
  auto a = assembleText(seg(" rept 3\n db 9\n endm\n irp v,<1,2>\n db v\n endm\n irpc c,ab\n db '&c'\n endm\n"
                            " forc c,<xy>\n db '&c'\n endm\n for v,<5>\n db v\n endm\n"
                            "n = 0\n while n lt 2\n db 0Ah\nn = n + 1\n endm"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "09 09 09 01 02 61 62 78 79 05 0A 0A");
}

// EXITM ends the innermost repeat or macro block (MASM 6.1 Reference, EXITM): inside a macro, a
// FOR or WHILE ends and the macro's next line is assembled; outside any macro it ends the loop.
TEST(MacroLayer, ExitmEndsTheInnermostRepeatBlock) {
  auto a =
      assembleText(seg("m macro\n for v,<1,2,3>\n if v eq 2\n exitm\n endif\n db v\n endm\n db 9\n endm\n m\n"
                       "n = 0\n while 1\nn = n + 1\n if n gt 3\n exitm\n endif\n db n\n endm\n"
                       " rept 4\n db 5\n exitm\n endm\n db 6"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 09 01 02 03 05 06");
  auto b = assembleText(seg(" rept 2\n exitm <1>\n endm"));
  EXPECT_NE(b.errors().find("it is ignored"), std::string::npos) << b.errors();
}

// REPT's count is read once, before its first repetition; a macro invoked in its body has fresh
// LOCAL names in each repetition.
TEST(MacroLayer, ReptCountIsReadOnceAndMacroLocalsAreFreshEachTime) {
  auto a = assembleText(seg("m macro\n local l\nl: db n\n dw l\n endm\nn = 2\n rept n\nn = n + 1\n m\n endm"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "03 00 00 04 03 00");
}

// An expansion reads the body it began with, its arguments and LOCAL names fixed at the call: a
// macro that redefines itself (a one-time setup) finishes its first expansion as it was written,
// and the next call expands the new body.
TEST(MacroLayer, AnExpansionFinishesTheBodyItBeganWith) {
  auto a =
      assembleText(seg("m macro x\n local l\nl: db x\nm macro y\n db 9, y\n endm\n db x+1\n dw l\n endm\n"
                       " m 1\n m 5\n irp v,<3,4>\n db v, m2\n endm\nm2 = 7"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 02 00 00 09 05 03 07 04 07");
}

TEST(MacroLayer, AmpersandPercentBracketsAndBang) {
  auto a = assembleText(seg("mk macro n, v\nlab&n db v\n endm\n mk 1, %(2+3)\n mk 2, <'a!>'>\n dw lab2"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "05 61 3E 01 00");
}

TEST(MacroLayer, ExitmEndsTheExpansion) {
  auto a = assembleText(seg("m macro x\n db 1\n ifb <x>\n exitm\n endif\n db 2\n endm\n m\n m 1"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 01 02");
}

TEST(MacroLayer, DoubleSemicolonCommentsAreDropped) {
  Options o;
  o.listing = true;
  auto a = assembleText(seg("m macro\n db 1 ;; private note\n endm\n m"), o);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.result.listing.find("private note"), std::string::npos);
}

TEST(MacroLayer, TextMacrosStandInForInstructions) {
  auto a = assembleText(seg("Doit textequ <db 4>\nTwo equ <db 2>\n Doit\n Two\nlbl: Doit"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "04 02 04");
}

TEST(MacroLayer, CommentBlocksAreSkipped) {
  auto a = assembleText(seg("comment ~\n db 1\n~\n db 2"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "02");
}

TEST(MacroLayer, IncludeIsCaseInsensitiveAndUsesIncludePath) {
  auto dir = std::filesystem::temp_directory_path() / "asmlab_masm_include_test";
  std::filesystem::create_directories(dir / "inc");
  std::ofstream(dir / "inc" / "pcmac.inc") << "fromInc equ 42\n";
  std::ofstream(dir / "main.asm") << "include PCMAC.INC\ns segment\n db fromInc\ns ends\nend\n";
  Options o;
  o.includePaths.push_back((dir / "inc").string());
  Diagnostics d;
  auto r = assembleFile((dir / "main.asm").string(), o, d);
  ASSERT_FALSE(d.hasErrors()) << d.renderToString();
  EXPECT_EQ(r.module.segments[0].data, std::vector<uint8_t>{42});
  std::filesystem::remove_all(dir);
}

// Sources written on DOS name included files with `\` between folders, and students' projects
// name them by the absolute path on their own machine (`include "C:\TASM\PROJ\GAME\EQU.ASM"`).
// The first is DOS's separator; the second is found by its tail, beside the source, with a warning.
TEST(MacroLayer, IncludeTakesDosSeparatorsAndTheTailOfADosPath) {
  auto dir = std::filesystem::temp_directory_path() / "asmlab_masm_dos_include_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "game");
  std::ofstream(dir / "game" / "equ.asm") << "one equ 1\n";
  std::ofstream(dir / "two.inc") << "two equ 2\n";
  std::ofstream(dir / "main.asm") << "include game\\EQU.ASM\ninclude \"C:\\TASM\\PROJ\\TWO.INC\"\n"
                                  << "include 'd:\\work\\Game\\equ.asm'\ns segment\n db one, two\ns ends\nend\n";
  Diagnostics d;
  auto r = assembleFile((dir / "main.asm").string(), {}, d);
  const std::string text = d.renderToString();
  ASSERT_FALSE(d.hasErrors()) << text;
  EXPECT_EQ(r.module.segments[0].data, (std::vector<uint8_t>{1, 2}));
  EXPECT_EQ(d.warningCount(), 2u) << text;
  EXPECT_NE(text.find("main.asm:2:10: warning: 'C:\\TASM\\PROJ\\TWO.INC' is a path on a DOS machine: 'TWO.INC' is "
                      "included instead"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("'Game/equ.asm' is included instead"), std::string::npos) << text;
  Diagnostics missing;
  std::ofstream(dir / "bad.asm") << "include \"C:\\TASM\\NONE.INC\"\nend\n";
  assembleFile((dir / "bad.asm").string(), {}, missing);
  EXPECT_NE(missing.renderToString().find("cannot find include file 'C:\\TASM\\NONE.INC'"), std::string::npos)
      << missing.renderToString();
  std::filesystem::remove_all(dir);
}

// Options::readInclude stands in for the file system (the fuzz target, unsaved buffers).
TEST(MacroLayer, IncludeReaderSuppliesTheFiles) {
  Options o;
  o.readInclude = [](const std::string& name, const SourceFile* includer,
                     std::string& why) -> std::shared_ptr<const SourceFile> {
    EXPECT_EQ(includer ? includer->name() : "", "test.asm");
    if (name == "consts.inc") return std::make_shared<const SourceFile>("consts.inc", "seven equ 7\n");
    if (name == "locked.inc") why = "permission denied";
    return nullptr;
  };
  auto a = assembleText("include consts.inc\n" + seg(" db seven"), o);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "07");
  auto missing = assembleText(seg(" include other.inc\n include locked.inc"), o);
  EXPECT_NE(missing.errors().find("cannot find include file 'other.inc'"), std::string::npos) << missing.errors();
  EXPECT_NE(missing.errors().find("cannot read include file 'locked.inc': permission denied"), std::string::npos)
      << missing.errors();
}

// An INCLUDE in a repeated block is looked up once: a thousand copies do not search the folders a
// thousand times, and a name that is not found is one lookup too (each copy still reports it).
TEST(MacroLayer, IncludeInARepeatedBlockIsReadOnce) {
  int reads = 0;
  Options o;
  o.readInclude = [&reads](const std::string& name, const SourceFile*,
                           std::string&) -> std::shared_ptr<const SourceFile> {
    ++reads;
    if (name == "one.inc") return std::make_shared<const SourceFile>("one.inc", " db 1\n");
    return nullptr;
  };
  auto a = assembleText(seg(" rept 1000\n include one.inc\n endm"), o);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.bytes("S").size(), 1000u);
  EXPECT_EQ(reads, 1);
  auto b = assembleText(seg(" rept 3\n include none.inc\n endm"), o);
  EXPECT_EQ(reads, 2);
  EXPECT_EQ(b.diags.errorCount(), 3u) << b.errors();
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

TEST(MacroLayer, MacroFunctionsReturnTextWithExitm) {
  auto a = assembleText("twice macro x\n exitm %((x) * 2)\n endm\nkind macro r\n if (.type (r)) and 10h\n exitm <1>\n endif\n"
                        " exitm <0>\n endm\nd segment\n db twice(21), kind(ax), kind(5)\n if twice(2) eq 4\n db 7\n endif\n"
                        "d ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "2A 01 00 07");
}

TEST(MacroLayer, PredefinedTextFunctions) {
  auto a = assembleText("d segment\n db @SizeStr(<hello>), @InStr(1, <abcd>, <cd>)\nnm textequ @CatStr(<1>, <2>)\n"
                        " db nm\nd ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "05 03 0C");
}

}  // namespace
}  // namespace asmlab::masm::test

// Lines that look ordinary to the macro layer's quick scan but still need its work.
namespace asmlab::masm::test {
namespace {

TEST(MacroLayerQuickScan, TextMacroNamedLikeAMnemonicIsReplaced) {
  // A replacement is rescanned: op -> inc -> dec (DEC AX is 48h, INC AX 40h; Intel SDM vol. 2).
  auto a = assembleText(seg("inc textequ <dec>\n inc ax\nop textequ <inc>\nlbl: op ax\n push ax"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "48 48 50");
}

TEST(MacroLayerQuickScan, TextMacrosInOperandsQuotesAndComments) {
  // Inside quotes and after the comment's ';' nothing is replaced; case does not matter.
  auto a = assembleText(seg("Seven textequ <7>\n db ';', SEVEN ; seven\n db \"seven\", seven\n db ';' ; ';', seven"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "3B 07 73 65 76 65 6E 07 3B");
}

TEST(MacroLayerQuickScan, LongNamesSharingFirstLetterAndLengthClass) {
  // Names of 63 characters and more share one length class in the quick filter (and these two
  // also their first and last letters): only the defined one is replaced.
  std::string text(70, 'q');
  std::string other = std::string(66, 'q') + "zzzq";
  auto a = assembleText(seg(text + " textequ <5>\n" + other + " equ 6\n db " + text + ", " + other));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "05 06");
}

TEST(MacroLayerQuickScan, ContinuationLinesAreScannedWhole) {
  auto a = assembleText(seg("two textequ <2>\n db 1, \\\n two ; comment \\\n db 3"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 02 03");
}

TEST(MacroLayerQuickScan, MacrosAfterLabelsAndAsFunctions) {
  // `again` is a macro; `mvv` has a mnemonic's first letter and length, and MOV AL,1 (B0 01)
  // is still an instruction. A macro function may have blanks before its '('.
  auto a = assembleText(seg("again macro\n db 9\n endm\nmvv macro\n db 8\n endm\nf macro a\n exitm <a+1>\n endm\n"
                            "x1: again\n again\n mov al, 1\n mvv\n db f(2), f (3)\n dw x1"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "09 09 B0 01 08 03 04 00 00");
}

TEST(MacroLayerQuickScan, TextMacroDefinedLaterIsSeenFromThen) {
  // Before its definition `later` is a plain (forward-referenced) constant name.
  auto a = assembleText(seg(" db later\nlater2 textequ <4>\n db later2\nlater = 1"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("S")), "01 04");
}

// A macro that invokes itself twice doubles its text at every level. Lines captured into a
// definition never reach the assembler, so the macro layer counts what expansions make.
std::string doublingMacro(const std::string& bodyLine, int depth) {
  return "deep macro n\n if n gt 0\n" + bodyLine + "\n deep %(n-1)\n deep %(n-1)\n endif\n endm\n"
         "s segment\n deep " + std::to_string(depth) + "\ns ends\nend\n";
}

TEST(MacroLayerBounds, LinesCapturedIntoDefinitionsCount) {
  Options options;
  options.maxLogicalLines = 5'000;
  // Each expansion defines a macro: its lines are captured, never assembled (2^20 definitions).
  auto a = assembleText(doublingMacro(" inner macro\n db 1\n db 2\n endm", 20), options);
  EXPECT_NE(a.errors().find("macro expansion made more than 5000 lines"), std::string::npos) << a.errors();
}

TEST(MacroLayerBounds, ExpandedTextIsBoundedInBytes) {
  Options options;
  options.maxExpansionBytes = 1u << 20;
  std::string wide = " db 1";
  for (int i = 0; i < 1500; ++i) wide += ",1";
  // 2^20 lines of 3 KB would be gigabytes of initialisers; the bound stops it at a megabyte of text.
  auto a = assembleText(doublingMacro(wide, 20), options);
  EXPECT_NE(a.errors().find("or 1048576 bytes; assembly stopped"), std::string::npos) << a.errors();
}

// A WHILE around nothing makes no line, yet each iteration is work: FORC over 500 characters of
// `WHILE 1` loops would be 500 x 65,536 conditions (fuzz_masm found one taking 10 s under the
// sanitizers). Its iterations count toward the line bound; a counting loop under it is unchanged.
TEST(MacroLayerBounds, WhileIterationsCountTowardTheLineBound) {
  Options options;
  options.maxLogicalLines = 5'000;
  auto a =
      assembleText("forc c, <" + std::string(500, 'a') + ">\n while 1\n endm\nendm\ns segment\ns ends\nend\n", options);
  EXPECT_NE(a.errors().find("macro expansion made more than 5000 lines or"), std::string::npos) << a.errors();
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
  auto b = assembleText("n = 0\ns segment\nwhile n lt 100\n db n\n n = n + 1\nendm\ns ends\nend\n", options);
  ASSERT_FALSE(b.diags.hasErrors()) << b.errors();
  EXPECT_EQ(b.bytes("S").size(), 100u);
}

TEST(MacroLayerBounds, ProgramsUnderTheBoundsAssembleWhole) {
  Options options;
  options.maxLogicalLines = 20'000;
  // 2^10 - 1 expansions of one `db` each, well under the bounds.
  auto a = assembleText(doublingMacro(" db 7", 10), options);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.bytes("S").size(), 1023u);
}

TEST(MacroLayerBounds, TextMacroNamingItselfStopsAtTheLineBound) {
  // Each replacement of `t` adds its 300-character value again; the line stops at 16 KiB with one
  // error, before the thousand replacements that end a plain recursion.
  std::string value = "t t" + std::string(300, ' ') + "1";
  auto a = assembleText(seg("t textequ <" + value + ">\n db t\n db t"));
  EXPECT_NE(a.errors().find("text macro expansion made the line longer than 16384 characters"), std::string::npos)
      << a.errors();
  EXPECT_EQ(a.diags.errorCount(), 2u) << a.errors();  // one per line
}

}  // namespace
}  // namespace asmlab::masm::test
