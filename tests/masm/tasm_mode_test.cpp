// TASM's MASM-mode additions.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

Options tasm() {
  Options o;
  o.dialect = Dialect::Tasm;
  return o;
}

TEST(TasmMode, VersionSymbolOnlyUnderTasm) {
  std::string src = "d segment\n ifdef ??version\n db 1\n else\n db 2\n endif\nd ends\nend\n";
  EXPECT_EQ(hex(assembleText(src, tasm()).bytes("D")), "01");
  EXPECT_EQ(hex(assembleText(src).bytes("D")), "02");
}

TEST(TasmMode, LocalsWithAtAtLabels) {
  auto a = assembleText("locals\nc segment\nassume cs:c\np1 proc\n@@l: jmp @@l\np1 endp\np2 proc\n@@l: jmp @@l\np2 endp\n"
                        "c ends\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "EB FE EB FE");
}

TEST(TasmMode, ModelCodesegDatasegStartupExit) {
  auto a = assembleText("model small\np286\nstack 100h\ndataseg\nv db 1\ncodeseg\nstartupcode\n mov al, v\n exitcode\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.module.entry.has_value());
  auto code = a.bytes("_TEXT");
  ASSERT_GE(code.size(), 4u);
  EXPECT_EQ(code[0], 0xBA);  // mov dx, DGROUP
}

TEST(TasmMode, JumpsExtendsOutOfRangeConditionalJumps) {
  std::string src = "c segment\nassume cs:c\n je far_away\n db 200 dup (90h)\nfar_away: ret\nc ends\nend\n";
  auto plain = assembleText(src, tasm());
  EXPECT_TRUE(plain.diags.hasErrors());
  auto a = assembleText("jumps\n" + src, tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // reversed short jump over a near jmp: 75 03 E9 cw
  auto code = a.bytes("C");
  ASSERT_GE(code.size(), 5u);
  EXPECT_EQ(hex(std::vector<uint8_t>(code.begin(), code.begin() + 5)), "75 03 E9 C8 00");
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

TEST(TasmMode, AtAtLabelsAreScopedBetweenOrdinaryLabels) {
  auto a = assembleText("locals\n%title \"x\"\n%nolist\nc segment\nassume cs:c\nfirst:\n@@x: jmp @@x\nsecond:\n@@x: jmp @@x\n"
                        "c ends\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "EB FE EB FE");
}

TEST(TasmMode, ModelTinyWithStartupcode) {
  auto a = assembleText("model tiny\ncodeseg\nstartupcode\n mov ah, 4Ch\n int 21h\nudataseg\nbuf db 4 dup (?)\nend\n", tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.tinyModel);
  ASSERT_TRUE(a.result.module.entry.has_value());
  EXPECT_EQ(a.result.module.entry->displacement, 0x100u) << "STARTUPCODE in TINY starts at ORG 100h";
}

}  // namespace
}  // namespace asmlab::masm::test
