// The .obj and .sym formats: exact bytes for hand-built images, round trips, and every way a file
// can fail to be an object file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "asmlab/lc3/objfile.hpp"
#include "asmlab/lc3/textobj.hpp"
#include "helpers.hpp"

namespace asmlab::lc3::testing {
namespace {

std::string bytes(std::initializer_list<int> values) {
  std::string s;
  for (int v : values) s += static_cast<char>(v);
  return s;
}

TEST(Lc3ObjectFile, OneBlockIsTheClassicLayout) {
  ObjectImage image;
  image.blocks.push_back({0x3000, {0x1234, 0xABCD}});
  EXPECT_EQ(writeObject(image), bytes({0x30, 0x00, 0x12, 0x34, 0xAB, 0xCD}));
}

TEST(Lc3ObjectFile, SeveralBlocksUseTheMarkedLayout) {
  ObjectImage image;
  image.blocks.push_back({0x3000, {0x0001}});
  image.blocks.push_back({0x4000, {0x0002, 0x0003}});
  std::string expected = bytes({0xFF, 0xFF, 0x4C, 0x33, 0x00, 0x02, 0x30, 0x00, 0x00, 0x01, 0x00, 0x01, 0x40, 0x00,
                                0x00, 0x02, 0x00, 0x02, 0x00, 0x03});
  EXPECT_EQ(writeObject(image), expected);
  ObjectImage back;
  std::string error;
  ASSERT_TRUE(readObject(expected, back, error)) << error;
  ASSERT_EQ(back.blocks.size(), 2u);
  EXPECT_EQ(back.blocks[1].origin, 0x4000);
  EXPECT_EQ(back.blocks[1].words, (std::vector<uint16_t>{2, 3}));
}

TEST(Lc3ObjectFile, ReadsAClassicFile) {
  ObjectImage image;
  std::string error;
  ASSERT_TRUE(readObject(bytes({0x30, 0x00, 0xF0, 0x25}), image, error)) << error;
  ASSERT_EQ(image.blocks.size(), 1u);
  EXPECT_EQ(image.blocks[0].origin, 0x3000);
  EXPECT_EQ(image.blocks[0].words, (std::vector<uint16_t>{0xF025}));
  // A classic one-word block at xFFFF is not mistaken for the several-block layout.
  ASSERT_TRUE(readObject(bytes({0xFF, 0xFF, 0x4C, 0x33}), image, error)) << error;
  EXPECT_EQ(image.blocks[0].origin, 0xFFFF);
  EXPECT_EQ(image.blocks[0].words, (std::vector<uint16_t>{0x4C33}));
}

TEST(Lc3ObjectFile, AssembledProgramsRoundTrip) {
  auto a = assembleSource(".ORIG x3000\nLD R0, V\nHALT\nV .FILL xBEEF\n.END\n.ORIG x5000\n.STRINGZ \"ok\"\n.END\n");
  ASSERT_FALSE(a.diagnostics.hasErrors());
  ObjectImage back;
  std::string error;
  ASSERT_TRUE(readObject(writeObject(a.assembly.image), back, error)) << error;
  ASSERT_EQ(back.blocks.size(), 2u);
  EXPECT_EQ(back.blocks[0].words, (std::vector<uint16_t>{0x2001, 0xF025, 0xBEEF}));
  EXPECT_EQ(back.blocks[1].origin, 0x5000);
  EXPECT_EQ(back.blocks[1].words, (std::vector<uint16_t>{'o', 'k', 0}));
}

TEST(Lc3ObjectFile, BadFilesGiveClearErrors) {
  ObjectImage image;
  std::string error;
  EXPECT_FALSE(readObject("", image, error));
  EXPECT_EQ(error, "the file is empty (an LC-3 object file holds at least its origin word)");
  EXPECT_FALSE(readObject(bytes({0x30, 0x00, 0xF0}), image, error));
  EXPECT_EQ(error, "not an LC-3 object file: its size (3 bytes) is odd, but it must be a whole number of 16-bit words (truncated?)");
  EXPECT_FALSE(readObject(".ORIG x3000\nHALT\n.END\n", image, error));
  EXPECT_EQ(error, "not an LC-3 object file: this is a text file (an assembly source? assemble it with 'asmlab asm')");
  EXPECT_FALSE(readObject(bytes({0xFF, 0xF8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), image, error));
  EXPECT_EQ(error, "not an LC-3 object file: 11 words loaded at xFFF8 would run past the end of memory (xFFFF)");
  // Several-block files cut short or with trailing bytes.
  std::string good = bytes({0xFF, 0xFF, 0x4C, 0x33, 0x00, 0x02, 0x30, 0x00, 0x00, 0x01, 0x00, 0x01, 0x40, 0x00,
                            0x00, 0x02, 0x00, 0x02, 0x00, 0x03});
  EXPECT_FALSE(readObject(good.substr(0, good.size() - 2), image, error));
  EXPECT_EQ(error, "truncated LC-3 object file: block 2 of 2 (at x4000) declares 2 words, only 1 are present");
  EXPECT_FALSE(readObject(good.substr(0, 12), image, error));
  EXPECT_EQ(error, "truncated LC-3 object file: the header of block 2 of 2 is missing");
  EXPECT_FALSE(readObject(good + bytes({0, 0}), image, error));
  EXPECT_EQ(error, "not a valid LC-3 object file: 2 bytes follow the last of its 2 blocks");
  EXPECT_FALSE(readObject(bytes({0xFF, 0xFF, 0x12, 0x34, 0x00, 0x00}), image, error));
  EXPECT_EQ(error, "not an LC-3 object file: it starts at xFFFF and runs past the end of memory");
}

TEST(Lc3SymbolFile, ClassicLayout) {
  ObjectImage image;
  image.symbols = {{"START", 0x3000}, {"LOOP", 0x3004}};
  EXPECT_EQ(writeSymbols(image),
            "// Symbol table\n"
            "// Scope level 0:\n"
            "//\tSymbol Name       Page Address\n"
            "//\t----------------  ------------\n"
            "//\tSTART             3000\n"
            "//\tLOOP              3004\n"
            "\n");
  std::vector<ObjectSymbol> back;
  std::string error;
  ASSERT_TRUE(readSymbols(writeSymbols(image), back, error)) << error;
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].name, "LOOP");
  EXPECT_EQ(back[1].address, 0x3004);
}

TEST(Lc3SymbolFile, ReadsCrLfAndRejectsOtherText) {
  std::vector<ObjectSymbol> symbols;
  std::string error;
  ASSERT_TRUE(readSymbols("// Symbol table\r\n//\tA   00FF\r\n//  b_2    FE00\r\n", symbols, error)) << error;
  ASSERT_EQ(symbols.size(), 2u);
  EXPECT_EQ(symbols[0].address, 0x00FF);
  EXPECT_EQ(symbols[1].name, "b_2");
  EXPECT_FALSE(readSymbols("// Symbol table\nSTART 3000\n", symbols, error));
  EXPECT_EQ(error, "line 2: not a symbol table line (expected '//' followed by a name and an address)");
}

TEST(Lc3Files, AtomicWriteReplacesOrLeavesNothing) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("asmlab-lc3asm-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                              "-" + std::to_string(reinterpret_cast<uintptr_t>(&dir)));
  fs::create_directories(dir);
  std::string path = (dir / "out.obj").string(), error, read;
  ASSERT_TRUE(writeFileAtomically(path, "first", error)) << error;
  ASSERT_TRUE(writeFileAtomically(path, "second", error)) << error;
  ASSERT_TRUE(readFileBytes(path, read, error));
  EXPECT_EQ(read, "second");
  EXPECT_FALSE(writeFileAtomically((dir / "missing" / "x.obj").string(), "x", error));
  EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  EXPECT_FALSE(readFileBytes((dir / "nope.obj").string(), read, error));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace asmlab::lc3::testing

// .bin and .hex words as text (textobj.hpp): blanks inside .bin lines, comments, blank lines, the
// origin first; malformed lines located.
TEST(Lc3TextObject, BinaryAndHexWords) {
  using asmlab::lc3::readTextObject;
  using asmlab::lc3::TextObjectFormat;
  asmlab::Diagnostics d;
  asmlab::lc3::ObjectImage image;
  auto bin = std::make_shared<const asmlab::SourceFile>("p.bin", "; x\n0100 0000 0000 0000\n\n1111000000100101 ; HALT\r\n");
  ASSERT_TRUE(readTextObject(bin, TextObjectFormat::Binary, image, d)) << d.renderToString();
  ASSERT_EQ(image.blocks.size(), 1u);
  EXPECT_EQ(image.blocks[0].origin, 0x4000);
  EXPECT_EQ(image.blocks[0].words, std::vector<uint16_t>({0xF025}));

  auto hex = std::make_shared<const asmlab::SourceFile>("p.hex", "x3000\n  xF025  \nx-8000\nx-1\n");
  ASSERT_TRUE(readTextObject(hex, TextObjectFormat::Hex, image, d)) << d.renderToString();
  EXPECT_EQ(image.blocks[0].words, std::vector<uint16_t>({0xF025, 0x8000, 0xFFFF}));

  asmlab::Diagnostics bad;
  auto past = std::make_shared<const asmlab::SourceFile>("p.hex", "xFFFF\n1\n2\n");
  EXPECT_FALSE(readTextObject(past, TextObjectFormat::Hex, image, bad));
  ASSERT_EQ(bad.errorCount(), 1u);
  EXPECT_EQ(bad.all()[0].location.line, 3u);
  EXPECT_EQ(bad.all()[0].message, "this word would load past xFFFF (the origin xFFFF is on line 1)");
  EXPECT_EQ(asmlab::lc3::textObjectFormatFor("dir.x/PROG.BIN"), TextObjectFormat::Binary);
  EXPECT_EQ(asmlab::lc3::textObjectFormatFor("dir.bin/prog"), std::nullopt);
}
