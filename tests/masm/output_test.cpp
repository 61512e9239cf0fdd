// Outputs: OMF objects (written and read back), .COM and MZ .EXE through the linker, listings,
// and the command-line options that change names (/Cp) and symbols (/D).
#include <gtest/gtest.h>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::optional<link::LinkedProgram> linkOne(const link::Module& m, link::OutputFormat format, link::LinkDiagnostics& diag) {
  link::LinkOptions options;
  options.format = format;
  options.useDefaultLibraries = false;
  return link::link({link::InputModule{m, "test.asm"}}, {}, options, diag);
}

TEST(Output, TinyModelLinksAsComStartingAt100h) {
  auto a = assembleText(".model tiny\n.code\norg 100h\nstart: mov dx, offset msg\n mov ah, 9\n int 21h\n ret\n"
                        "msg db 'hi$'\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.tinyModel);
  link::LinkDiagnostics diag;
  auto program = linkOne(a.result.module, link::OutputFormat::Com, diag);
  ASSERT_TRUE(program) << diag.renderToString();
  auto com = link::writeCom(*program);
  // mov dx,0108h (BA 08 01): msg follows 8 bytes of code that start at 100h; mov ah,9; int 21h; ret
  ASSERT_GE(com.size(), 11u);
  EXPECT_EQ(hex(std::vector<uint8_t>(com.begin(), com.begin() + 11)), "BA 08 01 B4 09 CD 21 C3 68 69 24");
}

TEST(Output, ComRejectsSegmentFixups) {
  auto a = assembleText(".model tiny\n.code\norg 100h\nstart: mov ax, seg start\n ret\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  link::LinkDiagnostics diag;
  auto program = linkOne(a.result.module, link::OutputFormat::Com, diag);
  EXPECT_FALSE(program.has_value());
  EXPECT_TRUE(diag.hasErrors());
}

TEST(Output, ExeHasARelocationForMovAxData) {
  auto a = assembleText(".model small\n.stack 100h\n.data\nv db 1\n.code\nstart: mov ax, @data\n mov ds, ax\n"
                        " mov ax, 4C00h\n int 21h\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  link::LinkDiagnostics diag;
  auto program = linkOne(a.result.module, link::OutputFormat::Exe, diag);
  ASSERT_TRUE(program) << diag.renderToString();
  EXPECT_EQ(program->relocations.size(), 1u);
  EXPECT_TRUE(program->hasEntry);
  EXPECT_TRUE(program->hasStack);
  EXPECT_EQ(program->sp, 0x100);
}

TEST(Output, ObjectRoundTripsThroughOmf) {
  auto a = assembleText("extrn ext:far\npublic entry\nc segment public 'CODE'\nassume cs:c\nentry: call ext\n ret\nc ends\n"
                        "end entry\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  auto bytes = link::writeObject(a.result.module);
  link::LinkDiagnostics diag;
  auto back = link::readObject(bytes, "t.obj", diag);
  ASSERT_TRUE(back) << diag.renderToString();
  EXPECT_EQ(back->segments[0].data, a.result.module.segments[0].data);
  ASSERT_EQ(back->externs.size(), 1u);
  EXPECT_EQ(back->externs[0].name, "EXT");
  ASSERT_EQ(back->fixups.size(), 1u);
  EXPECT_EQ(back->fixups[0].kind, link::FixupKind::Pointer32);
  EXPECT_TRUE(back->entry.has_value());
}

TEST(Output, ListingShowsOffsetsBytesSourceAndSymbols) {
  Options o;
  o.listing = true;
  auto a = assembleText("c segment\nassume cs:c\nstart: mov ax, bx\n ret\nc ends\nend start\n", o);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  const std::string& l = a.result.listing;
  EXPECT_NE(l.find("0000     8BC3"), std::string::npos) << l;
  EXPECT_NE(l.find("0002     C3"), std::string::npos) << l;
  EXPECT_NE(l.find("START"), std::string::npos) << l;
  EXPECT_NE(l.find("L NEAR"), std::string::npos) << l;
}

TEST(Output, CaseModes) {
  std::string src = "public MixedCase\nc segment\nMixedCase: nop\nc ends\nend\n";
  EXPECT_NE(assembleText(src).publicSymbol("MIXEDCASE"), nullptr);
  Options preserve;
  preserve.caseMode = CaseMode::Preserve;
  EXPECT_NE(assembleText(src, preserve).publicSymbol("MixedCase"), nullptr);
  auto wrongCase = assembleText("c segment\nLbl: jmp lbl\nc ends\nend\n", preserve);
  EXPECT_TRUE(wrongCase.diags.hasErrors()) << "/Cp: lbl and Lbl differ";
  Options publicCase;
  publicCase.caseMode = CaseMode::PreservePublic;
  EXPECT_NE(assembleText(src, publicCase).publicSymbol("MixedCase"), nullptr);
}

TEST(Output, CommandLineDefines) {
  Options o;
  o.defines.emplace_back("DEBUG", "");
  o.defines.emplace_back("LEVEL", "3");
  auto a = assembleText("d segment\n ifdef DEBUG\n db LEVEL\n endif\nd ends\nend\n", o);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "03");
}

}  // namespace
}  // namespace asmlab::masm::test
