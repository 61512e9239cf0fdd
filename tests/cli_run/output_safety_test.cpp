// No command writes over one of its inputs, and a failed build leaves no output (issue 14, part 1):
// every writing command of the `asmlab` executable, with outputs that name an input by the same
// path, another spelling or a hard link.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

const char* const kMasmProgram = R"(
        .model small
        .stack 100h
        .code
start:  mov ax, 4C00h
        int 21h
        end start
)";

const char* const kLc3Program = ".ORIG x3000\nHALT\n.END\n";

using asmlab::clitest::Result;

class OutputSafety : public asmlab::clitest::ScratchFolderTest {
protected:
  std::string path(const std::string& name) { return (dir_ / name).string(); }
  std::string read(const std::string& name) { return ScratchFolderTest::read(dir_ / name); }
  // `asmlab ARGS` in the test's folder; `text` is stderr only.
  Result asmlab(const std::string& args) { return asmlabStderr(args); }
  // Files left in the folder, temporary files included.
  size_t fileCount() { return static_cast<size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator())); }
};

}  // namespace

TEST_F(OutputSafety, BuildRefusesToWriteOverItsSource) {
  write("T.ASM", kMasmProgram);
  auto r = asmlab("build T.ASM -o T.ASM");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("refusing to write 'T.ASM'"), std::string::npos) << r.text;
  EXPECT_EQ(read("T.ASM"), kMasmProgram);
  EXPECT_EQ(fileCount(), 1u);
}

TEST_F(OutputSafety, BuildRefusesAnotherSpellingAndAHardLink) {
  write("t.asm", kMasmProgram);
  fs::create_hard_link(path("t.asm"), path("T.ASM"));
  EXPECT_EQ(asmlab("build t.asm -o ./T.ASM").exit, 1);
  EXPECT_EQ(asmlab("build ./t.asm -o t.asm").exit, 1);
  EXPECT_EQ(read("t.asm"), kMasmProgram);
}

TEST_F(OutputSafety, BuildRefusesAMapOverItsSourceAndWritesNothing) {
  write("t.asm", kMasmProgram);
  auto r = asmlab("build t.asm -o t.exe --map t.asm");
  EXPECT_EQ(r.exit, 1);
  EXPECT_FALSE(fs::exists(path("t.exe")));
  EXPECT_EQ(read("t.asm"), kMasmProgram);
}

TEST_F(OutputSafety, AFailedBuildLeavesNoOutputAndSaysSo) {
  write("bad.asm", ".model small\n.code\nstart: mov ax, nosuchsymbol\nend start\n");
  auto r = asmlab("build bad.asm -o bad.exe --map bad.map --keep-obj");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("no output written"), std::string::npos) << r.text;
  EXPECT_EQ(fileCount(), 1u);
}

TEST_F(OutputSafety, AFailedLinkLeavesNoOutput) {
  write("main.asm", ".model small\n.stack 100h\n.code\nextrn missing:far\nstart: call missing\nend start\n");
  ASSERT_EQ(asmlab("asm main.asm").exit, 0);
  auto r = asmlab("build main.obj -o main.exe");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("no output written"), std::string::npos) << r.text;
  EXPECT_FALSE(fs::exists(path("main.exe")));
  EXPECT_EQ(asmlab("link main.obj -o main.exe").exit, 1);
  EXPECT_FALSE(fs::exists(path("main.exe")));
}

TEST_F(OutputSafety, AsmRefusesToWriteOverItsSourceForBothMachines) {
  write("m.asm", kMasmProgram);
  write("l.asm", kLc3Program);
  EXPECT_EQ(asmlab("asm m.asm -o ./m.asm").exit, 1);
  EXPECT_EQ(asmlab("asm m.asm --listing=m.asm").exit, 1);
  EXPECT_EQ(asmlab("asm l.asm -o l.asm").exit, 1);
  EXPECT_EQ(asmlab("asm l.asm --sym=./l.asm").exit, 1);
  EXPECT_EQ(read("m.asm"), kMasmProgram);
  EXPECT_EQ(read("l.asm"), kLc3Program);
  EXPECT_EQ(fileCount(), 2u);
}

TEST_F(OutputSafety, LinkAndLibRefuseToWriteOverTheObject) {
  write("t.asm", kMasmProgram);
  ASSERT_EQ(asmlab("asm t.asm").exit, 0);
  const std::string object = read("t.obj");
  fs::create_hard_link(path("t.obj"), path("T.OBJ"));
  EXPECT_EQ(asmlab("link t.obj -o t.obj").exit, 1);
  EXPECT_EQ(asmlab("link t.obj -o T.OBJ").exit, 1);
  EXPECT_EQ(asmlab("link t.obj -o t.exe --map t.obj").exit, 1);
  EXPECT_EQ(asmlab("lib -o t.obj t.obj").exit, 1);
  EXPECT_EQ(asmlab("lib -o ./T.OBJ t.obj").exit, 1);
  EXPECT_EQ(read("t.obj"), object);
  EXPECT_FALSE(fs::exists(path("t.exe")));
}

TEST_F(OutputSafety, RunRefusesToWriteOverTheProgramOrItsInputs) {
  write("t.asm", kMasmProgram);
  write("keys.txt", "wait A\n");
  write("l.asm", kLc3Program);
  EXPECT_EQ(asmlab("run l.asm --trace-file l.asm").exit, 2);
  EXPECT_EQ(asmlab("run t.asm --screenshot t.asm").exit, 2);
  EXPECT_EQ(asmlab("run t.asm --speaker-log ./keys.txt --keys keys.txt").exit, 2);
  EXPECT_EQ(asmlab("run t.asm --wav t.asm").exit, 2);
  EXPECT_EQ(asmlab("run t.asm --screenshot-at 100:t.asm").exit, 2);
  EXPECT_EQ(read("t.asm"), kMasmProgram);
  EXPECT_EQ(read("l.asm"), kLc3Program);
  EXPECT_EQ(read("keys.txt"), "wait A\n");
  EXPECT_EQ(fileCount(), 3u);
}

TEST_F(OutputSafety, RunWritesItsOutputsWhole) {
  write("l.asm", kLc3Program);
  auto r = asmlab("run l.asm --trace-file trace.txt");
  EXPECT_EQ(r.exit, 0) << r.text;
  EXPECT_NE(read("trace.txt").find("HALT"), std::string::npos);
  EXPECT_EQ(fileCount(), 2u);
}

TEST_F(OutputSafety, GradeAndTestRefuseToWriteOverTheSpec) {
  write("l.asm", kLc3Program);
  const std::string spec = "machine: lc3\nbuild: {submission: l.asm}\ntests:\n  - name: halts\n    checks:\n      - stop: halted\n";
  write("asmlab.yaml", spec);
  EXPECT_EQ(asmlab("grade asmlab.yaml l.asm --single --csv asmlab.yaml").exit, 2);
  EXPECT_EQ(asmlab("grade asmlab.yaml l.asm --single --csv l.asm").exit, 2);
  EXPECT_EQ(asmlab("test . --junit ./asmlab.yaml").exit, 2);
  EXPECT_EQ(read("asmlab.yaml"), spec);
  EXPECT_EQ(read("l.asm"), kLc3Program);
}

// Directories, empty and binary files are not sources: one clear error each and nothing built
// (the LC-3 front end's wording).
TEST_F(OutputSafety, ADirectoryAnEmptyOrABinaryFileBuildsNothing) {
  fs::create_directories(path("d.asm"));
  auto r = asmlab("build d.asm");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("'d.asm' is a directory, not a source file"), std::string::npos) << r.text;
  write("empty.asm", "\n  \n");
  r = asmlab("build empty.asm");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("empty.asm:1:1: error: the file is empty"), std::string::npos) << r.text;
  write("bin.asm", std::string("MZ\x90\0\x03\0", 6) + "junk");
  r = asmlab("build bin.asm");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("bin.asm:1:4: error: this is a binary file, not assembly source"), std::string::npos) << r.text;
  EXPECT_EQ(asmlab("asm --arch x86 empty.asm").exit, 1);
  EXPECT_EQ(fileCount(), 3u);
}

// A directory named where an object or library goes (no .asm suffix) is read by the OMF reader,
// whose first read of it fails: one error, no crash, nothing written, for each command taking one.
TEST_F(OutputSafety, ADirectoryGivenAsAnObjectOrLibraryBuildsNothing) {
  fs::create_directories(path("d"));
  for (const char* command : {"build d", "link d -o p.exe", "lib d -o p.lib", "objdump d"}) {
    auto r = asmlab(command);
    EXPECT_EQ(r.exit, 1) << command << "\n" << r.text;
    EXPECT_NE(r.text.find("d: error: is a directory, not an object module or library"), std::string::npos)
        << command << "\n"
        << r.text;
  }
  EXPECT_EQ(fileCount(), 1u);
}

// A directory where `run` reads keys, a script or the input is refused before the run, on both
// machines; read as an empty file, it would run the program with no input and no word of why.
TEST_F(OutputSafety, RunRefusesADirectoryAsItsInput) {
  write("l.asm", kLc3Program);
  write("p.asm", kMasmProgram);
  fs::create_directories(path("d"));
  for (const char* command :
       {"run l.asm --input-file d", "run p.asm --input-file d", "run p.asm --keys d", "run p.asm --mouse d"}) {
    auto r = asmlab(command);
    EXPECT_EQ(r.exit, 2) << command << "\n" << r.text;
    EXPECT_NE(r.text.find("'d' is a directory, not a file"), std::string::npos) << command << "\n" << r.text;
  }
}
