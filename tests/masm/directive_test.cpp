// Segments, groups, PROC/ENDP, scoping, data, structures, records, ORG/EVEN, simplified segments.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

TEST(Directives, SegmentAttributesAndGroup) {
  auto a = assembleText("d segment word public 'DATA'\nx db 1\nd ends\nst segment para stack 'STACK'\n db 16 dup (?)\n"
                        "st ends\ng group d, st\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  auto& m = a.result.module;
  ASSERT_EQ(m.segments.size(), 2u);
  EXPECT_EQ(m.segments[0].align, link::Align::Word);
  EXPECT_EQ(m.segments[0].className, "DATA");
  EXPECT_EQ(m.segments[1].combine, link::Combine::Stack);
  EXPECT_EQ(m.segments[1].length, 16u);
  EXPECT_TRUE(m.segments[1].data.empty()) << "DUP (?) is uninitialised";
  ASSERT_EQ(m.groups.size(), 1u);
  EXPECT_EQ(m.groups[0].segments.size(), 2u);
}

TEST(Directives, FarProcReturnsWithRetfAndLabelsAreProcLocal) {
  // Intel SDM: RET near = C3, RET far = CB. Both procedures define `nine:` (MASM 6 scoping).
  auto a = assembleText("c segment\nassume cs:c\nf proc far\nnine: ret\nf endp\nn proc near\nnine: ret\nglob:: ret\nn endp\n"
                        " jmp glob\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "CB C3 C3 EB FD");
}

TEST(Directives, NestedDupStringsAndUninitialised) {
  auto a = assembleText("d segment\n db 2 dup (1, 2 dup (3)), \"ab\", 0\n dw ?, 1234h\n dd 12345678h\nd ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "01 03 03 01 03 03 61 62 00 00 00 34 12 78 56 34 12");
}

TEST(Directives, StructWithBraceAndAngleInitialisers) {
  auto a = assembleText("pt struct\n x dw 1\n y db 2\npt ends\nd segment\np1 pt {}\np2 pt <5,6>\n db sizeof pt\n"
                        " mov ax, p2.x\nd ends\nend\n");
  // mov ax, p2.x in a data segment without ASSUME is an error; only the data is checked here.
  auto bytes = a.bytes("D");
  ASSERT_GE(bytes.size(), 7u);
  EXPECT_EQ(hex(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 7)), "01 00 02 05 00 06 03");
}

TEST(Directives, RecordFieldsPackFromTheTop) {
  auto a = assembleText("r record hi:4, lo:4=3\nd segment\nv r <2>\n db width hi, mask lo, hi\nd ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "23 04 0F 04");
}

TEST(Directives, OrgAndEven) {
  auto a = assembleText("c segment\n org 4\n db 1\n even\n db 2\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "00 00 00 00 01 00 02");
}

TEST(Directives, SimplifiedModelSmall) {
  auto a = assembleText(".model small\n.stack 200h\n.data\nv dw 5\n.code\nstart: mov ax, @data\n mov ds, ax\n"
                        " mov ax, v\n.exit\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // mov ax,imm16 (B8) with a segment fixup, mov ds,ax (8E D8), mov ax,moffs16 (A1), mov ah,4Ch, int 21h
  EXPECT_EQ(hex(a.bytes("_TEXT")), "B8 00 00 8E D8 A1 00 00 B4 4C CD 21");
  auto& m = a.result.module;
  ASSERT_TRUE(m.findGroup("DGROUP").has_value());
  ASSERT_TRUE(m.entry.has_value());
  int base16 = 0;
  for (auto& f : m.fixups) base16 += f.kind == link::FixupKind::Base16;
  EXPECT_EQ(base16, 1);
}

TEST(Directives, MediumModelProcsAreFar) {
  auto a = assembleText(".model medium\n.code\np proc\n ret\np endp\nend\n", {}, "prog.asm");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("PROG_TEXT")), "CB");
}

TEST(Directives, Cpu386BeforeModelMakesSegments32Bit) {
  auto a = assembleText(".386\n.model small\n.code\n nop\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.module.segments[0].use32);
  auto b = assembleText(".model small\n.386\n.code\n nop\nend\n");
  EXPECT_FALSE(b.result.module.segments[0].use32);
}

TEST(Directives, PublicAndExternals) {
  auto a = assembleText("extrn far1:far, b1:byte\npublic here\nc segment\nassume cs:c\nhere: call far1\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  auto& m = a.result.module;
  ASSERT_EQ(m.externs.size(), 2u);
  EXPECT_EQ(m.externs[0].name, "FAR1");
  ASSERT_NE(m.findPublic("HERE"), nullptr);
  EXPECT_EQ(a.bytes("C")[0], 0x9A);
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

TEST(Directives, AssumeChoosesTheSegmentOverride) {
  // The variable's segment is reached only through ES: an ES: prefix (26h) is added.
  // mov al, [x] with ES = 26 A0 disp16.
  auto a = assembleText("e segment\nx db 1\ne ends\nc segment\nassume cs:c, es:e\n mov al, x\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "26 A0 00 00");
  // No register reaches it: MASM's error A2074; asmlab reads it through DS, as emu8086 does, and warns.
  auto b = assembleText("e segment\nx db 1\ne ends\nc segment\nassume cs:c\n mov al, x\nc ends\nend\n");
  ASSERT_FALSE(b.diags.hasErrors()) << b.errors();
  EXPECT_EQ(hex(b.bytes("C")), "A0 00 00");
  EXPECT_NE(b.errors().find("test.asm:6:10: warning: no ASSUME reaches 'X' in segment 'E': assuming DS holds it"),
            std::string::npos)
      << b.errors();
}

TEST(Directives, OptionM510MakesCodeLabelsGlobal) {
  std::string body = "c segment\nassume cs:c\np1 proc\nnine: ret\np1 endp\np2 proc\nnine: ret\np2 endp\nc ends\nend\n";
  EXPECT_FALSE(assembleText(body).diags.hasErrors());
  EXPECT_NE(assembleText("option m510\n" + body).errors().find("already defined"), std::string::npos);
  EXPECT_NE(assembleText("option noscoped\n" + body).errors().find("already defined"), std::string::npos);
}

TEST(Directives, LabelThisAndAlign) {
  auto a = assembleText("d segment\n db 1\n align 4\nw label word\nb db 2, 3\n dw w, b\nt equ this byte\n db type t\nd ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "01 00 00 00 02 03 04 00 04 00 01");
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

TEST(Directives, DossegAsksTheLinkerForDosOrder) {
  auto a = assembleText("dosseg\n.model small\n.code\n nop\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  bool dosseg = false;
  for (auto& c : a.result.module.comments) dosseg |= c.commentClass == 0x9E;
  EXPECT_TRUE(dosseg);
}

}  // namespace
}  // namespace asmlab::masm::test
