// MASM 5.1 compatibility: OPTION M510 and ML's /Zm (Options::masm510), as the MASM 6.1
// Programmer's Guide appendix A ("Compatibility Between MASM 5.1 and 6.1") and the MASM 6.1
// Reference (OPTION M510, OLDSTRUCTS, DOTNAME, SETIF2, PROC, OFFSET) describe them. Bytes from the
// Intel 8086 Family User's Manual (ModRM table 4-8, JMP short EB cb, JNZ 75 cb, DEC CX 49).
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

Options zm() {
  Options o;
  o.masm510 = true;
  return o;
}

const char* const kTwoProcedures =
    "cseg segment\nassume cs:cseg\np1 proc\ninner: nop\n ret\np1 endp\np2 proc\n jmp inner\np2 endp\ncseg ends\nend\n";

TEST(Masm51Compat, CodeLabelsAreGlobalAcrossProcedures) {
  // jmp inner at 2 to 0: EB, 0 - (2 + 2) = -4 = FCh.
  auto a = assembleText(kTwoProcedures, zm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "90 C3 EB FC");
  auto b = assembleText(std::string("option m510\n") + kTwoProcedures);
  ASSERT_FALSE(b.diags.hasErrors()) << b.errors();
  EXPECT_EQ(hex(b.bytes("CSEG")), "90 C3 EB FC");
}

TEST(Masm51Compat, WithoutItTheErrorSaysWhyAndSuggestsM510) {
  auto a = assembleText(kTwoProcedures);
  ASSERT_EQ(a.diags.errorCount(), 1u);
  EXPECT_NE(a.errors().find("undefined symbol 'inner'; a code label 'inner' is local to the procedure around test.asm:4"),
            std::string::npos)
      << a.errors();
  EXPECT_NE(a.errors().find("OPTION M510 or --m510"), std::string::npos);
  EXPECT_NE(a.errors().find("for Turbo Assembler code --dialect tasm"), std::string::npos);
  auto turbo = assembleText(kTwoProcedures, tasm());  // TASM keeps them global (no LOCALS)
  EXPECT_FALSE(turbo.diags.hasErrors()) << turbo.errors();
}

// Reference, OPTION PROC: "With OPTION M510, the default visibility with no defined language
// type is PRIVATE. If you specify a language type in a .MODEL or OPTION LANGUAGE statement, the
// default visibility is PUBLIC. ... place the directive OPTION PROC:PUBLIC after OPTION M510."
TEST(Masm51Compat, ProceduresArePrivateWithoutALanguageType) {
  auto a = assembleText(".model small\n.code\np proc\n ret\np endp\nend\n", zm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.publicSymbol("P"), nullptr);
  auto withLanguage = assembleText(".model small, pascal\n.code\np proc\n ret\np endp\nend\n", zm());
  EXPECT_NE(withLanguage.publicSymbol("P"), nullptr);
  auto optionLanguage = assembleText("option language:c\n.model small\n.code\np proc\n ret\np endp\nend\n", zm());
  EXPECT_NE(optionLanguage.publicSymbol("P"), nullptr);
  auto procPublic =
      assembleText("option m510\noption proc:public\n.model small\n.code\np proc\n ret\np endp\nend\n");
  EXPECT_NE(procPublic.publicSymbol("P"), nullptr);
  auto explicitPublic = assembleText(".model small\n.code\np proc public\n ret\np endp\nend\n", zm());
  EXPECT_NE(explicitPublic.publicSymbol("P"), nullptr);
}

// Reference, OPTION DOTNAME (enabled by M510): names may begin with a dot.
TEST(Masm51Compat, NamesMayStartWithADot) {
  const std::string source = "cseg segment\nassume cs:cseg\n.again: dec cx\n jnz .again\ncseg ends\nend\n";
  auto a = assembleText(source, zm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "49 75 FD");
  auto b = assembleText("option dotname\n" + source);
  EXPECT_FALSE(b.diags.hasErrors()) << b.errors();
  // A dot label in front of a macro call is split off as any label is.
  auto c = assembleText("twice macro\n dec cx\n dec cx\nendm\ncseg segment\n.top: twice\n jnz .top\ncseg ends\nend\n", zm());
  ASSERT_FALSE(c.diags.hasErrors()) << c.errors();
  EXPECT_EQ(hex(c.bytes("CSEG")), "49 49 75 FC");
  auto refused = assembleText(source);
  EXPECT_NE(refused.errors().find("'.again' starts with a dot"), std::string::npos) << refused.errors();
  EXPECT_NE(refused.errors().find("--m510"), std::string::npos);
}

// Reference, OPTION OLDSTRUCTS (enabled by M510): "the dot operator acts exactly like a plus".
TEST(Masm51Compat, ADotAfterAnOperandIsAPlus) {
  // mov ax,[bx]+0: 8B 07 (mod 00, reg AX, r/m [bx]); [bx]+2: 8B 47 02; [bp+si]+1: 8A 42 01;
  // table+3 with table at 1: A1 04 00 (mov ax,moffs16).
  const std::string source = "dseg segment\n db 0\ntable dw 1, 2, 3\ndseg ends\ncseg segment\nassume cs:cseg, ds:dseg\n"
                             " mov ax, [bx].0\n mov ax, [bx].2\n mov al, [bp+si].1\n mov ax, table.3\ncseg ends\nend\n";
  auto a = assembleText(source, zm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "8B 07 8B 47 02 8A 42 01 A1 04 00");
  auto b = assembleText("option oldstructs\n" + source);
  EXPECT_FALSE(b.diags.hasErrors()) << b.errors();
  auto refused = assembleText(source);
  EXPECT_EQ(refused.diags.errorCount(), 4u);
  EXPECT_NE(refused.errors().find("'.0' after an operand is MASM 5.1's '+0'"), std::string::npos) << refused.errors();
}

TEST(Masm51Compat, ARealNumberIsNotReadAsAPlus) {
  auto a = assembleText("cseg segment\n mov ax, 1.5\ncseg ends\nend\n", zm());
  EXPECT_TRUE(a.diags.hasErrors());
}

// Reference, OPTION SETIF2 (M510: TRUE): IF2 and .ERR2 act as in MASM 5.1's second pass.
TEST(Masm51Compat, If2HoldsUnderM510) {
  const std::string source = "cseg segment\nif2\n db 2\nendif\nif1\n db 1\nendif\ncseg ends\nend\n";
  EXPECT_EQ(hex(assembleText(source, zm()).bytes("CSEG")), "02 01");
  EXPECT_EQ(hex(assembleText(source).bytes("CSEG")), "01");
  auto forced = assembleText(".err2 <second pass>\nend\n", zm());
  EXPECT_TRUE(forced.diags.hasErrors());
}

// Reference, OPTION OFFSET (M510 without .MODEL: SEGMENT): OFFSET is relative to the segment, not to
// its group, as MASM 5.1 computed it.
TEST(Masm51Compat, OffsetIsSegmentRelativeWithoutModel) {
  const std::string source = "d1 segment\n db 16 dup (0)\nd1 ends\nd2 segment\nv dw 0\nd2 ends\ndg group d1, d2\n"
                             "cseg segment\nassume cs:cseg\n mov ax, offset v\ncseg ends\nend\n";
  auto old = assembleText(source, zm());
  ASSERT_FALSE(old.diags.hasErrors()) << old.errors();
  ASSERT_EQ(old.result.module.fixups.size(), 1u);
  EXPECT_EQ(old.result.module.fixups[0].frame.kind, link::RefKind::Target);
  auto now = assembleText(source);
  ASSERT_EQ(now.result.module.fixups.size(), 1u);
  EXPECT_EQ(now.result.module.fixups[0].frame.kind, link::RefKind::Group);
  // With .MODEL, simplified segments keep DGROUP-relative offsets under M510 too.
  auto model = assembleText(".model small\n.data\nv dw 0\n.code\n mov ax, offset v\nend\n", zm());
  ASSERT_EQ(model.result.module.fixups.size(), 1u);
  EXPECT_EQ(model.result.module.fixups[0].frame.kind, link::RefKind::Group);
}

TEST(Masm51Compat, OptionNoM510RestoresMasm61) {
  auto a = assembleText(std::string("option m510\noption nom510\n") + kTwoProcedures);
  EXPECT_TRUE(a.diags.hasErrors());
}

}  // namespace
}  // namespace asmlab::masm::test
