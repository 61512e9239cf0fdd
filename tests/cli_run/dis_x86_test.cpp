// `asmlab dis` on 8086 programs: the MASM source it prints is assembled and linked by `asmlab
// build` into the same program, byte for byte, for the course programs in programs/x86 and the
// shared seeds (issue 14, part 4).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

using asmlab::clitest::Result;

class DisX86 : public asmlab::clitest::ScratchFolderTest {
protected:
  // dis, then build what it printed, and compare with the original program.
  void roundTrip(const std::string& program, const std::string& extra = "") {
    auto d = asmlab("dis " + program + " -o again.asm" + extra);
    ASSERT_EQ(d.exit, 0) << d.text;
    EXPECT_EQ(d.text.find("does not assemble back"), std::string::npos) << d.text;
    const std::string rebuilt = "again" + fs::path(program).extension().string();
    auto b = asmlab("build again.asm -o " + rebuilt);
    ASSERT_EQ(b.exit, 0) << b.text;
    EXPECT_TRUE(read(dir_ / program) == read(dir_ / rebuilt)) << program << " and " << rebuilt << " differ";
  }
  const fs::path programs_ = fs::path(ASMLAB_SOURCE_DIR) / "programs" / "x86";
};

}  // namespace

TEST_F(DisX86, GomokuComComesBackTheSame) {
  ASSERT_EQ(asmlab("build gomoku.asm -o " + (dir_ / "gomoku.com").string(), programs_ / "gomoku").exit, 0);
  roundTrip("gomoku.com");
}

TEST_F(DisX86, TheUcrTicTacToeExeComesBackTheSame) {
  ASSERT_EQ(asmlab("build tttucr.asm -o " + (dir_ / "ttt.exe").string(), programs_ / "ttt-ucr").exit, 0);
  roundTrip("ttt.exe");
}

// A run of one byte value (TASM writes a STACK segment placed before initialised data as zeros)
// is one DUP line, and the program still comes back the same; the emu8086 calculator too.
TEST_F(DisX86, RunsOfOneByteAreOneDupLine) {
  write("s.asm",
        "ideal\nmodel small\nstack 100h\ndataseg\nv db 7\ncodeseg\nstart: mov ax, @data\n mov ds, ax\n"
        " mov ax, 4C00h\n int 21h\nend start\n");
  ASSERT_EQ(asmlab("build s.asm --dialect tasm -o s.exe").exit, 0);
  auto d = asmlab("dis s.exe");
  EXPECT_NE(d.text.find("        db 256 dup(0)\n"), std::string::npos) << d.text;
  roundTrip("s.exe");
  ASSERT_EQ(asmlab("build calc.asm -o " + (dir_ / "calc.com").string(), programs_ / "emu8086-calc").exit, 0);
  roundTrip("calc.com");
}

TEST_F(DisX86, AMultiModuleExeWithALibraryComesBackTheSameWithItsPublics) {
  ASSERT_EQ(asmlab("build engine.asm player.asm sound.asm gfx.lib -o " + (dir_ / "ttt.exe").string() + " --map " +
                       (dir_ / "ttt.map").string(),
                   programs_ / "ttt-eecs2100")
                .exit,
            0);
  roundTrip("ttt.exe");
  // The map beside the program names the places its publics are.
  const std::string listing = read(dir_ / "again.asm");
  const std::string map = read(dir_ / "ttt.map");
  const auto byValue = map.find("Publics by Value");
  ASSERT_NE(byValue, std::string::npos);
  std::istringstream lines(map.substr(byValue));
  std::string line, name;
  std::getline(lines, line);
  while (std::getline(lines, line) && name.empty()) {
    std::istringstream words(line);
    std::string address, symbol, rest;
    if (words >> address >> symbol && !(words >> rest) && address.size() == 9 && address[4] == ':') name = symbol;
  }
  ASSERT_FALSE(name.empty()) << map;
  EXPECT_NE(listing.find(name), std::string::npos) << name;
}

TEST_F(DisX86, TheSeedsComeBackTheSame) {
  const fs::path shared(ASMLAB_SHARED_DIR);
  if (!fs::exists(shared / "seeds" / "TTT3.ASM")) GTEST_SKIP() << "../shared is not there";
  fs::copy_file(shared / "seeds" / "TTT3.ASM", dir_ / "TTT3.ASM");
  ASSERT_EQ(asmlab("build TTT3.ASM -o ttt3.exe").exit, 0);
  roundTrip("ttt3.exe");
  // SUM.EXE came from another linker: the program (image, relocations, CS:IP, SS:SP, memory) is
  // the same; only the header's checksum word (offset 12h) is ours.
  fs::copy_file(shared / "omf-samples" / "SUM.EXE", dir_ / "SUM.EXE");
  auto d = asmlab("dis SUM.EXE -o sum.asm");
  ASSERT_EQ(d.exit, 0) << d.text;
  ASSERT_EQ(asmlab("build sum.asm -o sum2.exe").exit, 0);
  std::string original = read(dir_ / "SUM.EXE"), rebuilt = read(dir_ / "sum2.exe");
  ASSERT_EQ(original.size(), rebuilt.size());
  original[0x12] = original[0x13] = rebuilt[0x12] = rebuilt[0x13] = 0;
  EXPECT_TRUE(original == rebuilt);
}

TEST_F(DisX86, WhatIsNotAProgramIsAClearError) {
  fs::create_directories(dir_ / "d.exe");
  auto r = asmlab("dis d.exe");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("is a directory"), std::string::npos) << r.text;
  std::ofstream(dir_ / "short.exe", std::ios::binary) << "MZ\x01";
  r = asmlab("dis short.exe");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("short.exe"), std::string::npos) << r.text;
  std::ofstream(dir_ / "t.asm") << ".model small\n.stack 100h\n.code\nstart: mov ax, 4C00h\nint 21h\nend start\n";
  ASSERT_EQ(asmlab("asm t.asm").exit, 0);
  // An OMF object is disassembled as a module (dis_omf_test.cpp), not refused.
  r = asmlab("dis t.obj");
  EXPECT_EQ(r.exit, 0) << r.text;
  EXPECT_NE(r.text.find("_TEXT segment"), std::string::npos) << r.text;
}
