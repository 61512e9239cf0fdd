// TTT3.ASM (Randall Hyde's tic-tac-toe, a real course source) assembled unmodified from ../shared.
// Until the project's ucrlib.a exists, a test-local scaffold include supplies the UCR macros.
#include <filesystem>

#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

TEST(Ttt3, AssemblesUnmodifiedWithScaffoldInclude) {
  std::string path = std::string(ASMLAB_SHARED_DIR) + "/seeds/TTT3.ASM";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "course material not present at " << path;
  Options options;
  options.includePaths.push_back(ASMLAB_MASM_SCAFFOLD_DIR);
  options.listing = true;
  Diagnostics diags;
  auto result = assembleFile(path, options, diags);
  ASSERT_FALSE(diags.hasErrors()) << diags.renderToString();
  const auto& m = result.module;
  // Four segments with the attributes the source gives them.
  ASSERT_EQ(m.segments.size(), 4u);
  EXPECT_EQ(m.segments[0].name, "DSEG");
  EXPECT_EQ(m.segments[0].className, "data");
  EXPECT_EQ(m.segments[0].align, link::Align::Paragraph);
  EXPECT_EQ(m.segments[0].combine, link::Combine::Public);
  EXPECT_FALSE(m.segments[0].use32) << "option segment:use16 after .386";
  EXPECT_EQ(m.segments[2].name, "SSEG");
  EXPECT_EQ(m.segments[2].combine, link::Combine::Stack);
  EXPECT_EQ(m.segments[2].length, 512u);
  // dseg: MoveCntr (2) + GameBoard (10) + 20 OMoves and 33 XMoves entries of 10 bytes (counted
  // in the source with grep).
  EXPECT_EQ(m.segments[0].length, 2u + 10u + 200u + 330u);
  const auto& d = m.segments[0].data;
  ASSERT_GE(d.size(), 22u);
  EXPECT_EQ(d[2], ' ');
  EXPECT_EQ(d[11], 0);
  EXPECT_EQ(d[12], 0);       // OMoves: first entry position 0
  EXPECT_EQ(d[13], ' ');     // " OO......"
  EXPECT_EQ(d[14], 'O');
  // The code starts with _PSNum: putc " " = mov al,' ' (B0 20) then a far call to sl_putc (9A).
  const auto& c = m.segments[1].data;
  ASSERT_GE(c.size(), 7u);
  EXPECT_EQ(c[0], 0xB0);
  EXPECT_EQ(c[1], 0x20);
  EXPECT_EQ(c[2], 0x9A) << "far call with a 16-bit offset in a USE16 segment";
  // mov al, GameBoard[si] = 8A 84 disp16 (disp = 2, the offset of GameBoard in dseg).
  EXPECT_EQ(c[7], 0x8A);
  EXPECT_EQ(c[8], 0x84);
  EXPECT_EQ(c[9], 0x02);
  EXPECT_EQ(c[10], 0x00);
  // Externals of the UCR interface and the entry point Main.
  ASSERT_TRUE(m.entry.has_value());
  EXPECT_EQ(m.entry->target.kind, link::RefKind::Segment);
  EXPECT_EQ(m.entry->target.index, 1u);
  bool hasPrint = false;
  for (auto& e : m.externs) hasPrint |= e.name == "SL_PRINT";
  EXPECT_TRUE(hasPrint);
  ASSERT_EQ(m.defaultLibraries().size(), 1u);
  EXPECT_EQ(m.defaultLibraries()[0], "ucrlib.lib");
  EXPECT_NE(result.listing.find("GAMEBOARD"), std::string::npos);
}

}  // namespace
}  // namespace asmlab::masm::test
