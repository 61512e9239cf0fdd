// No command writes over one of its inputs, and a failed build leaves no output (issue 14, part 1):
// every writing command of the `asmlab` executable, with outputs that name an input by the same
// path, another spelling or a hard link.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

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

struct Result {
  int exit = -1;
  std::string err;
};

class OutputSafety : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("asmlab_safe_" + std::to_string(::getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) { return (dir_ / name).string(); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
  }
  std::string read(const std::string& name) {
    std::ifstream in(path(name), std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  // Runs `asmlab ARGS` in the test's folder; stdout is discarded, stderr kept.
  Result asmlab(const std::string& args) {
    Result r;
    const std::string command = "cd '" + dir_.string() + "' && " + ASMLAB_CLI + " " + args + " 2>&1 >/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.err.append(buf, n);
    const int status = pclose(pipe);
    r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
  }
  // Files left in the folder, temporary files included.
  size_t fileCount() { return static_cast<size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator())); }
  fs::path dir_;
};

}  // namespace

TEST_F(OutputSafety, BuildRefusesToWriteOverItsSource) {
  write("T.ASM", kMasmProgram);
  auto r = asmlab("build T.ASM -o T.ASM");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("refusing to write 'T.ASM'"), std::string::npos) << r.err;
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
  EXPECT_NE(r.err.find("no output written"), std::string::npos) << r.err;
  EXPECT_EQ(fileCount(), 1u);
}

TEST_F(OutputSafety, AFailedLinkLeavesNoOutput) {
  write("main.asm", ".model small\n.stack 100h\n.code\nextrn missing:far\nstart: call missing\nend start\n");
  ASSERT_EQ(asmlab("asm main.asm").exit, 0);
  auto r = asmlab("build main.obj -o main.exe");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("no output written"), std::string::npos) << r.err;
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
  EXPECT_EQ(r.exit, 0) << r.err;
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
  EXPECT_NE(r.err.find("'d.asm' is a directory, not a source file"), std::string::npos) << r.err;
  write("empty.asm", "\n  \n");
  r = asmlab("build empty.asm");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("empty.asm:1:1: error: the file is empty"), std::string::npos) << r.err;
  write("bin.asm", std::string("MZ\x90\0\x03\0", 6) + "junk");
  r = asmlab("build bin.asm");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("bin.asm:1:4: error: this is a binary file, not assembly source"), std::string::npos) << r.err;
  EXPECT_EQ(asmlab("asm --arch x86 empty.asm").exit, 1);
  EXPECT_EQ(fileCount(), 3u);
}
