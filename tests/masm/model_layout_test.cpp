// The load image of simplified-segment programs, linked: .MODEL defines _TEXT and _DATA first and
// orders segments as DOSSEG does (MASM 6.1 Programmer's Guide appendix E; Microsoft KB Q68562,
// "\.MODEL Directive Forces DOSSEG Segment Ordering in MASM", MASM 5.0-6.11, with LINK's map).
#include <gtest/gtest.h>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::optional<link::LinkedProgram> linkOne(const link::Module& m, link::OutputFormat format, link::LinkDiagnostics& diag) {
  link::LinkOptions options;
  options.format = format;
  options.useDefaultLibraries = false;
  return link::link({link::InputModule{m, "test.asm"}}, {}, options, diag);
}

const link::LinkedSegment* segment(const link::LinkedProgram& p, const std::string& name) {
  for (const auto& s : p.segments)
    if (s.name == name) return &s;
  return nullptr;
}

// KB Q68562's program and the map LINK wrote for it:
//   00000H 00000H 00000H _TEXT CODE / 00000H 00002H 00003H B CODE / 00004H 00004H 00000H _DATA DATA
//   00004H 00005H 00002H A DATA / 00010H 0010FH 00100H STACK STACK
TEST(ModelLayout, Q68562SegmentsStartWhereLinksMapPutsThem) {
  auto a = assembleText(".MODEL medium\n.286\n.SEQ\n.STACK 100h\nA SEGMENT WORD PUBLIC 'DATA'\ntest_data DW 10\nA ENDS\n"
                        "B SEGMENT WORD PUBLIC 'CODE'\nmov ax,1\nB ENDS\nEND\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  link::LinkDiagnostics diag;
  auto p = linkOne(a.result.module, link::OutputFormat::Exe, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  struct Expected {
    const char* name;
    uint32_t start, length;
  };
  for (const Expected& e : {Expected{"_TEXT", 0, 0}, Expected{"B", 0, 3}, Expected{"_DATA", 4, 0}, Expected{"A", 4, 2},
                            Expected{"STACK", 0x10, 0x100}}) {
    const auto* s = segment(*p, e.name);
    ASSERT_NE(s, nullptr) << e.name;
    EXPECT_EQ(s->length, e.length) << e.name;
    if (e.length) {
      EXPECT_EQ(s->start, e.start) << e.name;
    }
  }
}

TEST(ModelLayout, DataBeforeCodeStillPutsCodeFirstInTheImage) {
  // A small-model program that opens .DATA first: the image starts with the code (mov ax,DGROUP =
  // B8 + segment fixup), as MASM's .MODEL and DOSSEG order make it, and the entry point is 0.
  auto a = assembleText(".model small\n.stack 100h\n.data\nmsg db 'hi$'\n.code\nstart: mov ax, @data\n mov ds, ax\n"
                        " mov ax, 4C00h\n int 21h\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  link::LinkDiagnostics diag;
  auto p = linkOne(a.result.module, link::OutputFormat::Exe, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  EXPECT_EQ(segment(*p, "_TEXT")->start, 0u);
  EXPECT_EQ(segment(*p, "_DATA")->start, 10u);  // word-aligned after 10 bytes of code
  EXPECT_EQ(p->ip, 0u);
}

// emu8086's programs open .DATA, .STACK and .CODE with no .MODEL (MASM 6.1: error A2013). They
// assemble as .MODEL SMALL ones, with one warning at the first directive: the same layout,
// DGROUP for @data, and the same bytes as with the .MODEL line written.
TEST(ModelLayout, SimplifiedSegmentsWithoutModelAreSmallWithAWarning) {
  const std::string body =
      ".data\nmsg db 'hi$'\n.stack\n.code\nstart: mov ax, @data\n mov ds, ax\n mov dl, msg\n"
      " mov ax, 4C00h\n int 21h\nend start\n";
  auto implied = assembleText(body);
  auto written = assembleText(".model small\n" + body);
  ASSERT_FALSE(implied.diags.hasErrors()) << implied.errors();
  EXPECT_EQ(implied.diags.warningCount(), 1u) << implied.errors();
  EXPECT_NE(implied.errors().find("test.asm:1:1: warning: .DATA without .MODEL: assuming .MODEL SMALL"),
            std::string::npos)
      << implied.errors();
  EXPECT_EQ(hex(implied.bytes("_TEXT")), hex(written.bytes("_TEXT")));
  EXPECT_EQ(hex(implied.bytes("_TEXT")), "B8 00 00 8E D8 8A 16 00 00 B8 00 4C CD 21");
  link::LinkDiagnostics diag;
  auto p = linkOne(implied.result.module, link::OutputFormat::Exe, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  EXPECT_EQ(segment(*p, "_TEXT")->start, 0u);
  EXPECT_EQ(segment(*p, "_DATA")->start, 14u);
}

TEST(ModelLayout, TinyWithDataBeforeCodeLinksAsAComStartingWithCode) {
  // mov dx,010Ch (BA 0C 01): 12 bytes of code from 100h, then msg; mov ah,9 (B4 09); int 21h (CD 21);
  // mov ax,4C00h (B8 00 4C); int 21h.
  auto a = assembleText(".model tiny\n.data\nmsg db 'Hello$'\n.code\norg 100h\nstart: mov dx, offset msg\n mov ah, 9\n"
                        " int 21h\n mov ax, 4C00h\n int 21h\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  ASSERT_TRUE(a.result.tinyModel);
  link::LinkDiagnostics diag;
  auto p = linkOne(a.result.module, link::OutputFormat::Com, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  auto com = link::writeCom(*p);
  EXPECT_EQ(hex(com), "BA 0C 01 B4 09 CD 21 B8 00 4C CD 21 48 65 6C 6C 6F 24");
}

// A near procedure in _DATA, called from _TEXT of a TINY program: CS is ASSUMEd to DGROUP, which
// holds both, so the call is near and relative (MASM 6.1 Programmer's Guide ch. 7), E8 cw, and
// the image a .COM: 7 bytes of code from 100h, a byte to the word-aligned _DATA at 108h, msg, then
// show at 10Bh (call at 103h: 10Bh - 106h = 5).
TEST(ModelLayout, ANearProcedureInAnotherSegmentOfTheCsGroupIsCalledNear) {
  auto a = assembleText(
      ".model tiny\n.data\nmsg db 'hi$'\nshow proc\n mov ah, 9\n int 21h\n ret\nshow endp\n"
      ".code\norg 100h\nstart: mov dx, offset msg\n call show\n ret\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  link::LinkDiagnostics diag;
  auto p = linkOne(a.result.module, link::OutputFormat::Com, diag);
  ASSERT_TRUE(p) << diag.renderToString();
  EXPECT_EQ(hex(link::writeCom(*p)), "BA 08 01 E8 05 00 C3 00 68 69 24 B4 09 CD 21 C3");
}

}  // namespace
}  // namespace asmlab::masm::test
