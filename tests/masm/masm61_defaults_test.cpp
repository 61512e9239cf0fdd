// MASM 6.1's defaults that course code relies on. Expected bytes come from the Intel 8086 Family
// User's Manual (table 4-12: JMP near E9 cw, Jcc 70+cc cb; ModRM table 4-8) and the 80386
// Programmer's Reference Manual (Jcc rel16 0F 80+cc cw); behaviour from the MASM 6.1 Programmer's
// Guide and Reference as cited in each test.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string nops(int count) { return " db " + std::to_string(count) + " dup (90h)\n"; }

// MASM 6.1 Reference, OPTION PROC: "If you do not use this option, the default visibility will
// be PUBLIC"; PRIVATE on the PROC line overrides it.
TEST(Masm61Defaults, ProceduresArePublicUnlessPrivate) {
  auto a = assembleText(".model small\n.code\nshown proc\n ret\nshown endp\nhidden proc private\n ret\nhidden endp\n"
                        "farp proc far public\n ret\nfarp endp\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  ASSERT_NE(a.publicSymbol("SHOWN"), nullptr);
  EXPECT_EQ(a.publicSymbol("SHOWN")->offset, 0u);
  EXPECT_EQ(a.publicSymbol("HIDDEN"), nullptr);
  ASSERT_NE(a.publicSymbol("FARP"), nullptr);
  EXPECT_EQ(a.publicSymbol("FARP")->offset, 2u);
}

TEST(Masm61Defaults, OptionProcSetsTheDefaultVisibility) {
  auto a = assembleText(".model small\noption proc:private\n.code\np1 proc\n ret\np1 endp\np2 proc public\n ret\np2 endp\n"
                        "option proc:public\np3 proc\n ret\np3 endp\noption proc:export\np4 proc\n ret\np4 endp\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.publicSymbol("P1"), nullptr);
  EXPECT_NE(a.publicSymbol("P2"), nullptr);
  EXPECT_NE(a.publicSymbol("P3"), nullptr);
  EXPECT_NE(a.publicSymbol("P4"), nullptr);
}

// MASM 6.1 Programmer's Guide ch. 7, "Jump Extending": a conditional jump out of range becomes the
// opposite short jump over a near JMP (OPTION LJMP, the default).
TEST(Masm61Defaults, OutOfRangeConditionalJumpsAreExtendedOn8086) {
  // jz at 0 -> jnz +3 (75 03) and jmp near (E9) to 205: 205 - (0 + 5) = 200 = 00C8h.
  auto forward = assembleText(".model small\n.code\n jz target\n" + nops(200) + "target: ret\nend\n");
  ASSERT_FALSE(forward.diags.hasErrors()) << forward.errors();
  auto bytes = forward.bytes("_TEXT");
  ASSERT_EQ(bytes.size(), 206u);
  EXPECT_EQ(hex({bytes.begin(), bytes.begin() + 5}), "75 03 E9 C8 00");
  // jc at 200 back to 0 -> jnc +3 (73 03), jmp near: 0 - (200 + 5) = -205 = FF33h.
  auto backward = assembleText(".model small\n.code\nback:\n" + nops(200) + " jc back\nend\n");
  ASSERT_FALSE(backward.diags.hasErrors()) << backward.errors();
  auto b = backward.bytes("_TEXT");
  ASSERT_EQ(b.size(), 205u);
  EXPECT_EQ(hex({b.begin() + 200, b.end()}), "73 03 E9 33 FF");
  // In range it stays the 2-byte short form.
  auto near = assembleText(".model small\n.code\n je t\n" + nops(10) + "t: ret\nend\n");
  auto n = near.bytes("_TEXT");
  ASSERT_EQ(n.size(), 13u);
  EXPECT_EQ(hex({n.begin(), n.begin() + 2}), "74 0A");
}

TEST(Masm61Defaults, OptionNoLjmpRefusesAndLoopIsNeverExtended) {
  auto a = assembleText(".model small\noption noljmp\n.code\n jz target\n" + nops(200) + "target: ret\nend\n");
  EXPECT_NE(a.errors().find("jump destination too far"), std::string::npos) << a.errors();
  auto b = assembleText(".model small\n.code\nl:\n" + nops(200) + " loop l\nend\n");
  EXPECT_NE(b.errors().find("LOOP and JCXZ have only a short form"), std::string::npos) << b.errors();
  auto c = assembleText(".model small\noption noljmp\noption ljmp\n.code\n jz target\n" + nops(200) + "target: ret\nend\n");
  EXPECT_FALSE(c.diags.hasErrors()) << c.errors();
}

TEST(Masm61Defaults, On386AConditionalJumpOutOfRangeIsTheNearForm) {
  // 80386: JZ rel16 = 0F 84 cw in a USE16 segment; 4 + 200 - 4 = 200 = 00C8h.
  auto a = assembleText(".model small\n.386\n.code\n jz target\n" + nops(200) + "target: ret\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  auto bytes = a.bytes("_TEXT");
  EXPECT_EQ(hex({bytes.begin(), bytes.begin() + 4}), "0F 84 C8 00");
}

// MASM 6.1 Programmer's Guide ch. 1: a line whose last character is a comma, or a backslash,
// continues on the next line.
TEST(Masm61Defaults, ACommaOrBackslashAtTheEndContinuesTheLine) {
  auto a = assembleText(".model small\n.data\ntable dw 1, 2,   ; first row\n   3, 4\nmsg db 'a', \\\n 'b'\n.code\n"
                        " mov ax, \n bx\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_DATA")), "01 00 02 00 03 00 04 00 61 62");
  EXPECT_EQ(hex(a.bytes("_TEXT")), "8B C3");  // mov ax,bx: 8B /r, ModRM 11 000 011
}

TEST(Masm61Defaults, EchoKeepsItsTrailingComma) {
  auto a = assembleText("echo one,\necho two\nend\n");
  ASSERT_EQ(a.result.messages.size(), 2u);
  EXPECT_EQ(a.result.messages[0], "one,");
}

TEST(Masm61Defaults, ALabelMayHaveBlanksBeforeItsColon) {
  auto a = assembleText(".model small\n.code\nstart :\n jmp start\nnext  : ret\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "EB FE C3");
}

TEST(Masm61Defaults, OffsetOfALabelMinusOffsetOfItsSegmentIsAConstant) {
  auto a = assembleText(".model small\n.data\nfirst db 1, 2, 3\nsecond dw 7\n.code\n mov ax, offset second - offset _DATA\n"
                        " mov bx, offset second - offset first\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "B8 03 00 BB 03 00");
  EXPECT_TRUE(a.result.module.fixups.empty());
}

// MASM 6.1 Programmer's Guide ch. 9: LOCAL must come first in a macro; blank and comment lines
// before it do not count.
TEST(Masm61Defaults, LocalAfterBlankAndCommentLines) {
  auto a = assembleText(".model small\n.code\nwait1 macro\n\n  ; a comment\n;; a macro comment\n  local again\n"
                        "again: loop again\nendm\n wait1\n wait1\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "E2 FE E2 FE");
}

TEST(Masm61Defaults, CtrlZEndsTheSource) {
  // The DOS end-of-file mark: what follows it is not read, not even the rest of its line.
  auto a = assembleText(".model small\n.code\n mov ax, 1\nend\n\x1a garbage that is not assembler\n\x1a\x1a");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 0u) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "B8 01 00");
  auto b = assembleText(".model small\n.code\n nop\x1a\x1a\n mov ax, 1\nend\n");
  EXPECT_EQ(hex(b.bytes("_TEXT")), "90");
  EXPECT_NE(b.errors().find("no END directive"), std::string::npos);
}

TEST(Masm61Defaults, CtrlZAfterAnExternIsBoundedAndLocated) {
  // Once an unbounded caret (std::bad_alloc); now the error points into its own line.
  auto a = assembleText(".model small\n.code\nextrn B:NEAR\x1a\x1a\x1a\nend\n");
  EXPECT_FALSE(a.diags.hasErrors()) << a.errors();
  auto b = assembleText(".model small\n.code\nextrn B:NEAR\x01\nend\n");
  ASSERT_EQ(b.diags.errorCount(), 1u);
  EXPECT_EQ(b.errors().substr(0, b.errors().find('\n')), "test.asm:3:9: error: unknown type 'NEAR\\x01' for external 'B'");
}

// MASM 6.1 Programmer's Guide ch. 9, "Expansion operator": % first on a line expands the text
// macros in it, also after ECHO.
TEST(Masm61Defaults, PercentFirstOnALineExpandsTextMacros) {
  auto a = assembleText("count textequ <42>\necho count\n% echo count\n%echo value count\n%out count\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  ASSERT_EQ(a.result.messages.size(), 4u);
  EXPECT_EQ(a.result.messages[0], "count");
  EXPECT_EQ(a.result.messages[1], "42");
  EXPECT_EQ(a.result.messages[2], "value 42");
  EXPECT_EQ(a.result.messages[3], "count");
}

TEST(Masm61Defaults, CoprocessorDirectivesLeaveTheProcessor) {
  // movzx needs .386; .387, .8087 and .NO87 choose the coprocessor only.
  auto a = assembleText(".model small\n.386\n.387\n.8087\n.no87\n.287\n.code\n movzx ax, bl\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "0F B6 C3");  // 0F B6 /r, ModRM 11 000 011
}

TEST(Masm61Defaults, ListingDirectivesAreAcceptedAndEmitNothing) {
  auto a = assembleText("title Lab 3: tic-tac-toe, (c) 1994\nsubttl Main program\nsubtitle again\npage 60,132\npage\n"
                        "page +\n.list\n.nolist\n.xlist\n.listall\n.listif\n.listmacro\n.listmacroall\n.nolistif\n"
                        ".nolistmacro\n.lall\n.sall\n.xall\n.cref\n.xcref\n.xcref foo, bar\n.nocref\n.tfcond\n.sfcond\n"
                        ".lfcond\n.model small\n.code\n nop\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 0u) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "90");
}

// MASM 6.1 Reference, .LISTMACRO (default): only expansion lines that make code or data;
// .LISTMACROALL / .LALL every line; .NOLISTMACRO / .SALL none.
TEST(Masm61Defaults, MacroListingFollowsTheListMacroDirectives) {
  const std::string body = "m macro\n x = 1\n nop\nendm\n.model small\n.code\n";
  Options o;
  o.listing = true;
  auto plain = assembleText(body + " m\nend\n", o);
  EXPECT_NE(plain.result.listing.find("1  nop"), std::string::npos) << plain.result.listing;
  EXPECT_EQ(plain.result.listing.find("x = 1"), std::string::npos) << plain.result.listing;
  auto all = assembleText(body + ".lall\n m\nend\n", o);
  EXPECT_NE(all.result.listing.find("x = 1"), std::string::npos) << all.result.listing;
  auto none = assembleText(body + ".sall\n m\nend\n", o);
  EXPECT_EQ(none.result.listing.find("1  nop"), std::string::npos) << none.result.listing;
}

// MASM 6.1 Programmer's Guide appendix E: "If you use .MODEL, a _TEXT segment is always defined";
// Microsoft KB Q68562: .MODEL orders the segments as DOSSEG does (its map lists _TEXT and _DATA of
// length 0 for a program that never opens them).
TEST(Masm61Defaults, ModelDefinesTextThenDataAndAsksForDosSegOrder) {
  auto a = assembleText(".model small\n.stack 100h\n.data\nv db 1\n.code\nstart: ret\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  const auto& m = a.result.module;
  ASSERT_EQ(m.segments.size(), 3u);
  EXPECT_EQ(m.segments[0].name, "_TEXT");
  EXPECT_EQ(m.segments[0].className, "CODE");
  EXPECT_EQ(m.segments[1].name, "_DATA");
  EXPECT_EQ(m.segments[2].name, "STACK");
  bool dosseg = false;
  for (const auto& c : m.comments) dosseg |= c.commentClass == 0x9E;
  EXPECT_TRUE(dosseg);
  auto medium = assembleText(".model medium\n.code\n ret\nend\n", {}, "game.asm");
  ASSERT_GE(medium.result.module.segments.size(), 3u);
  EXPECT_EQ(medium.result.module.segments[0].name, "_TEXT");
  EXPECT_EQ(medium.result.module.segments[0].length, 0u);
  EXPECT_EQ(medium.result.module.segments[2].name, "GAME_TEXT");
}

TEST(Masm61Defaults, OptionSegmentUse16AfterModelAppliesToItsSegments) {
  // TTT3.ASM's order: .386 before .MODEL, then OPTION SEGMENT:USE16, then .CODE.
  auto a = assembleText(".386\n.model small\noption segment:use16\n.code\n mov eax, 1\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_FALSE(a.result.module.segments[0].use32);
  EXPECT_EQ(hex(a.bytes("_TEXT")), "66 B8 01 00 00 00");
}

}  // namespace
}  // namespace asmlab::masm::test
