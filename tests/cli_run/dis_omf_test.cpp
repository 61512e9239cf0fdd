// `asmlab dis` on OMF objects and libraries: the MASM source it prints is assembled by `asmlab asm`
// into an object equivalent to the original (toolchain::compareModules: the same segments, bytes,
// publics, externals, groups, start address, and fixups as the linker computes them), for the
// objects of an independent MASM-compatible toolchain (../shared/omf-samples, JWasm), of the course
// programs in programs/x86, and the members of gfx.lib and ucrlib.lib (issue 14, part 4).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "asmlab/link/omf_library.hpp"
#include "cli_fixture.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "asmlab/toolchain/omf_disassembly.hpp"

namespace fs = std::filesystem;

namespace {

using asmlab::clitest::Result;

class DisOmf : public asmlab::clitest::ScratchFolderTest {
protected:
  std::optional<asmlab::link::Module> module(const fs::path& path) {
    asmlab::link::LinkDiagnostics d;
    std::vector<uint8_t> bytes;
    if (!asmlab::link::readFileBytes(path.string(), bytes, d)) return std::nullopt;
    return asmlab::link::readObject(bytes, path.string(), d);
  }
  // The listing of `object` assembled again, compared with `original`.
  void expectEquivalent(const asmlab::link::Module& original, const fs::path& listing) {
    const std::string text = read(listing);
    const std::string caseOption = text.find("casemap:none") != std::string::npos ? " --case preserve" : "";
    const fs::path again = fs::path(listing).replace_extension(".again.obj");
    auto a = asmlab("asm '" + listing.string() + "' -o '" + again.string() + "'" + caseOption);
    ASSERT_EQ(a.exit, 0) << a.text << text;
    auto reassembled = module(again);
    ASSERT_TRUE(reassembled) << again;
    auto difference = asmlab::toolchain::compareModules(original, *reassembled);
    EXPECT_FALSE(difference) << listing << ": " << (difference ? difference->what : "") << "\n" << text;
  }
  // dis of an .OBJ, then asm of what it printed.
  void roundTrip(const fs::path& object) {
    const fs::path listing = dir_ / (object.stem().string() + ".dis.asm");
    auto d = asmlab("dis '" + object.string() + "' -o '" + listing.string() + "'");
    ASSERT_EQ(d.exit, 0) << d.text;
    EXPECT_EQ(d.text.find("does not assemble back"), std::string::npos) << d.text;
    auto original = module(object);
    ASSERT_TRUE(original) << object;
    expectEquivalent(*original, listing);
  }
  const fs::path programs_ = fs::path(ASMLAB_SOURCE_DIR) / "programs" / "x86";
  const fs::path samples_ = fs::path(ASMLAB_SHARED_DIR) / "omf-samples";
};

}  // namespace

// MAIN.OBJ and ADDTWO.OBJ came from JWasm (../shared/omf-samples/README.md); MAIN.ASM calls the far
// routine ADDTWO, loads @data and the offset of msg, and reads the word RESULT of the other module.
TEST_F(DisOmf, TheIndependentAssemblersObjectsComeBackEquivalent) {
  if (!fs::exists(samples_ / "MAIN.OBJ")) GTEST_SKIP() << "../shared is not there";
  roundTrip(samples_ / "MAIN.OBJ");
  roundTrip(samples_ / "ADDTWO.OBJ");
  const std::string main = read(dir_ / "MAIN.dis.asm");
  EXPECT_NE(main.find("extrn ADDTWO:far"), std::string::npos) << main;
  EXPECT_NE(main.find("call far ptr ADDTWO"), std::string::npos) << main;
  EXPECT_NE(main.find("RESULT"), std::string::npos) << main;
  EXPECT_NE(main.find("mov dx, OFFSET "), std::string::npos) << main;
  EXPECT_NE(main.find("DGROUP group _DATA, STACK"), std::string::npos) << main;
  const std::string addtwo = read(dir_ / "ADDTWO.dis.asm");
  EXPECT_NE(addtwo.find("public ADDTWO"), std::string::npos) << addtwo;
  EXPECT_NE(addtwo.find("public RESULT"), std::string::npos) << addtwo;
  // The two listings, assembled and linked, are the program the README describes.
  ASSERT_EQ(asmlab("link MAIN.dis.again.obj ADDTWO.dis.again.obj -o sum.exe").exit, 0);
  auto run = asmlab("run sum.exe");
  EXPECT_EQ(run.exit, 0) << run.text;
  EXPECT_NE(run.text.find("Sum=7"), std::string::npos) << run.text;
  EXPECT_NE(run.text.find("exit code 7"), std::string::npos) << run.text;
}

TEST_F(DisOmf, TheCourseProgramsObjectsComeBackEquivalent) {
  const std::pair<const char*, const char*> sources[] = {
      {"gomoku", "gomoku.asm"},       {"ttt-ucr", "tttucr.asm"},       {"scores", "scores.asm"},
      {"scores", "numio.asm"},        {"ttt-eecs2100", "engine.asm"}, {"ttt-eecs2100", "player.asm"},
      {"ttt-eecs2100", "sound.asm"},
  };
  for (const auto& [folder, file] : sources) {
    SCOPED_TRACE(file);
    const fs::path object = dir_ / (fs::path(file).stem().string() + ".obj");
    auto a = asmlab(std::string("asm ") + file + " -o '" + object.string() + "'", programs_ / folder);
    ASSERT_EQ(a.exit, 0) << a.text;
    roundTrip(object);
  }
}

// Every member of a library: --out-dir writes each as MODULE.asm; --member picks one.
TEST_F(DisOmf, LibraryMembersComeBackEquivalent) {
  const fs::path libraries[] = {programs_ / "ttt-eecs2100" / "gfx.lib",
                                fs::path(ASMLAB_BINARY_DIR) / "share" / "asmlab" / "ucrlib" / "ucrlib.lib"};
  for (const fs::path& file : libraries) {
    SCOPED_TRACE(file.string());
    asmlab::link::LinkDiagnostics diagnostics;
    auto library = asmlab::link::Library::load(file.string(), diagnostics);
    ASSERT_TRUE(library) << diagnostics.renderToString();
    ASSERT_GE(library->members().size(), 2u);
    const fs::path out = dir_ / file.stem();
    auto d = asmlab("dis '" + file.string() + "' --out-dir '" + out.string() + "'");
    ASSERT_EQ(d.exit, 0) << d.text;
    EXPECT_EQ(d.text.find("does not assemble back"), std::string::npos) << d.text;
    for (size_t i = 0; i < library->members().size(); ++i) {
      auto member = library->loadMember(i, diagnostics);
      ASSERT_TRUE(member);
      const fs::path listing = out / (fs::path(library->members()[i].name).stem().string() + ".asm");
      ASSERT_TRUE(fs::exists(listing)) << listing;
      expectEquivalent(*member, listing);
    }
    // One member by name, on stdout.
    const std::string first = fs::path(library->members()[0].name).stem().string();
    auto one = asmlab("dis '" + file.string() + "' --member " + first);
    EXPECT_EQ(one.exit, 0) << one.text;
    EXPECT_NE(one.text.find(" segment "), std::string::npos) << one.text;
    // -o takes one source: a library of several modules needs --member or --out-dir.
    auto many = asmlab("dis '" + file.string() + "' -o all.asm");
    EXPECT_EQ(many.exit, 1);
    EXPECT_NE(many.text.find("--member"), std::string::npos) << many.text;
    EXPECT_FALSE(fs::exists(dir_ / "all.asm"));
    auto missing = asmlab("dis '" + file.string() + "' --member NOSUCHMODULE");
    EXPECT_EQ(missing.exit, 1);
    EXPECT_NE(missing.text.find("no member 'NOSUCHMODULE'"), std::string::npos) << missing.text;
  }
}

TEST_F(DisOmf, ABrokenObjectIsAClearError) {
  std::ofstream(dir_ / "cut.obj", std::ios::binary) << std::string("\x80\x05\x00\x03MAI", 7);
  auto r = asmlab("dis cut.obj");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("cut.obj"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("error"), std::string::npos) << r.text;
}

// LINNUM records (MASM /Zd, `asm --line-numbers`) become `; line N` comments on the instruction
// that source line N produced; the listing still assembles back to an equivalent object.
TEST_F(DisOmf, LineNumbersBecomeComments) {
  std::ofstream(dir_ / "lines.asm") << ".model small\n"      // 1
                                       ".stack 100h\n"        // 2
                                       ".code\n"              // 3
                                       "start:\n"             // 4
                                       "  mov ax, 4C03h\n"    // 5
                                       "\n"                   // 6
                                       "  int 21h\n"          // 7
                                       "end start\n";         // 8
  ASSERT_EQ(asmlab("asm lines.asm --line-numbers -o lines.obj").exit, 0);
  const fs::path listing = dir_ / "lines.dis.asm";
  auto d = asmlab("dis lines.obj -o '" + listing.string() + "'");
  ASSERT_EQ(d.exit, 0) << d.text;
  const std::string text = read(listing);
  const auto mov = text.find("mov ax, 4C03h");
  const auto interrupt = text.find("int 21h");
  ASSERT_NE(mov, std::string::npos) << text;
  ASSERT_NE(interrupt, std::string::npos) << text;
  EXPECT_NE(text.substr(mov, text.find('\n', mov) - mov).find("; line 5"), std::string::npos) << text;
  EXPECT_NE(text.substr(interrupt, text.find('\n', interrupt) - interrupt).find("; line 7"), std::string::npos) << text;
  auto original = module(dir_ / "lines.obj");
  ASSERT_TRUE(original);
  expectEquivalent(*original, listing);
}
