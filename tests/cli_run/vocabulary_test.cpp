// One vocabulary across commands (docs/cli.md, "Options of every command"): every option of every
// command is in the table, shared options keep their defaults, run leaves unused-label warnings
// out unless asked, link errors are said once, and grade's -o is a file.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

class Vocabulary : public asmlab::clitest::ScratchFolderTest {};
using CliDocs = Vocabulary;

}  // namespace

TEST_F(CliDocs, EveryOptionOfEveryCommandIsInTheTable) {
  const std::string doc = read(fs::path(ASMLAB_SOURCE_DIR) / "docs" / "cli.md");
  const auto start = doc.find("## Options of every command");
  ASSERT_NE(start, std::string::npos);
  const std::string table = doc.substr(start, doc.find("\n## ", start + 1) - start);
  const std::regex option(R"((^|[ ,])(--?[A-Za-z][A-Za-z0-9-]*))");
  for (const char* command : {"asm", "build", "link", "lib", "dis", "objdump", "run", "grade", "test", "conformance"}) {
    const std::string help = asmlab(std::string(command) + " --help").text;
    std::istringstream lines(help);
    for (std::string line; std::getline(lines, line);) {
      // Option lines start with spaces and a dash: "  -o,--output TEXT   ...".
      std::smatch m;
      const std::string head = line.substr(0, line.find("  ", line.find_first_not_of(' ')));
      if (line.find_first_not_of(' ') == std::string::npos || line[line.find_first_not_of(' ')] != '-') continue;
      for (auto it = std::sregex_iterator(head.begin(), head.end(), option); it != std::sregex_iterator(); ++it) {
        const std::string name = (*it)[2];
        if (name == "-h" || name == "--help") continue;
        EXPECT_NE(table.find("`" + name), std::string::npos) << "asmlab " << command << " " << name << " is not in docs/cli.md";
      }
    }
  }
}

TEST_F(CliDocs, GradeAndTestShareTheDefaultTimeout) {
  const std::regex timeout(R"(--timeout[^\n]*default (\d+))");
  std::smatch grade, test;
  const std::string gradeHelp = asmlab("grade --help").text, testHelp = asmlab("test --help").text;
  ASSERT_TRUE(std::regex_search(gradeHelp, grade, timeout));
  ASSERT_TRUE(std::regex_search(testHelp, test, timeout));
  EXPECT_EQ(grade[1], test[1]);
}

TEST_F(Vocabulary, RunLeavesUnusedLabelWarningsOutUnlessAsked) {
  const auto program = write("u.asm", ".ORIG x3000\nADD R0, R0, #1\nUNUSED ADD R0, R0, #1\nHALT\n.END\n");
  EXPECT_EQ(asmlab("run " + program).text.find("never used"), std::string::npos);
  EXPECT_NE(asmlab("run " + program + " -Wunused-label").text.find("label 'UNUSED' is never used"), std::string::npos);
  EXPECT_EQ(asmlab("run " + program + " -Wno-unused-label").exit, 0);
  EXPECT_NE(asmlab("asm " + program).text.find("never used"), std::string::npos);  // asm keeps it
  EXPECT_EQ(asmlab("run " + program + " -Wunused-label -Werror").exit, 1);
}

// A TASM source written with its dotless directives (MODEL, STACK, DATASEG, CODESEG) is an 8086
// source for asm, as it is for build; --dialect tasm says so too.
TEST_F(Vocabulary, AsmTakesTasmDotlessDirectivesAsAnX86Source) {
  write("t.asm", "MODEL small\nSTACK 100h\nDATASEG\nmsg db 'hi$'\nCODESEG\nstart: mov ax, @data\n"
                 "mov ds, ax\nmov ax, 4C00h\nint 21h\nEND start\n");
  auto detected = asmlab("asm t.asm");
  EXPECT_EQ(detected.exit, 0) << detected.text;
  EXPECT_TRUE(fs::exists(dir_ / "t.obj"));
  auto named = asmlab("asm t.asm --dialect tasm -o named.obj");
  EXPECT_EQ(named.exit, 0) << named.text;
}

TEST_F(Vocabulary, AnObjectFileErrorIsSaidOnce) {
  write("t.asm", ".model small\n.stack 100h\n.code\nstart: mov ax, 4C00h\nint 21h\nend start\n");
  ASSERT_EQ(asmlab("asm t.asm").exit, 0);
  const std::string object = read(dir_ / "t.obj");
  write("trunc.obj", object.substr(0, object.size() - 5));  // the last record cut short
  auto r = asmlab("run trunc.obj");
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.text.find("trunc.obj: error: "), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("error: trunc.obj: error"), std::string::npos) << r.text;
}

TEST_F(Vocabulary, BuildTakesListingAsAsmDoes) {
  write("t.asm", ".model small\n.stack 100h\n.code\nstart: mov ax, 4C00h\nint 21h\nend start\n");
  auto r = asmlab("build t.asm --listing");
  EXPECT_EQ(r.exit, 0) << r.text;
  EXPECT_NE(read(dir_ / "t.lst").find("mov ax, 4C00h"), std::string::npos);
  EXPECT_EQ(asmlab("build t.asm --listing=one.lst").exit, 0);
  EXPECT_TRUE(fs::exists(dir_ / "one.lst"));
}

TEST_F(Vocabulary, GradeDashOIsAFileAndOutDirAFolder) {
  write("l.asm", ".ORIG x3000\nHALT\n.END\n");
  write("asmlab.yaml", "machine: lc3\nbuild: {submission: l.asm}\ntests:\n  - name: halts\n    checks:\n      - stop: halted\n");
  auto r = asmlab("grade asmlab.yaml l.asm --single -q -o report.txt");
  EXPECT_EQ(r.exit, 0) << r.text;
  EXPECT_NE(read(dir_ / "report.txt").find("halts"), std::string::npos);
  r = asmlab("grade asmlab.yaml l.asm --single -q --out-dir reports");
  EXPECT_EQ(r.exit, 0) << r.text;
  EXPECT_TRUE(fs::is_directory(dir_ / "reports"));
  EXPECT_FALSE(fs::is_empty(dir_ / "reports"));
  // The old spellings still work: --out DIR, and -o with a folder.
  EXPECT_EQ(asmlab("grade asmlab.yaml l.asm --single -q --out old").exit, 0);
  EXPECT_FALSE(fs::is_empty(dir_ / "old"));
  fs::create_directories(dir_ / "older");
  EXPECT_EQ(asmlab("grade asmlab.yaml l.asm --single -q -o older").exit, 0);
  EXPECT_FALSE(fs::is_empty(dir_ / "older"));
}

// The verdict is on a line of its own even when the program's output does not end with one, on
// both machines.
TEST_F(Vocabulary, TheVerdictIsOnALineOfItsOwn) {
  write("lc3.asm", ".ORIG x3000\nLD R0, CH\nOUT\nHALT\nCH .FILL x41\n.END\n");
  auto r = asmlab("run lc3.asm --no-halt-banner");
  EXPECT_NE(r.text.find("A\nasmlab: halted"), std::string::npos) << r.text;
  write("dos.asm", ".model small\n.stack 100h\n.data\nmsg db 'hi$'\n.code\nstart: mov ax, @data\nmov ds, ax\n"
                   "mov ah, 9\nmov dx, offset msg\nint 21h\nmov ax, 4C00h\nint 21h\nend start\n");
  r = asmlab("run dos.asm");
  EXPECT_NE(r.text.find("hi\nasmlab: halted"), std::string::npos) << r.text;
}

// --input is keys typed in order on the PC too.
TEST_F(Vocabulary, InputIsTypedKeysOnThePcToo) {
  write("echo.asm", ".model small\n.stack 100h\n.code\nstart: mov ah, 1\nint 21h\nmov dl, al\nmov ah, 2\nint 21h\n"
                    "mov ax, 4C00h\nint 21h\nend start\n");
  auto r = asmlab("run echo.asm --input z");
  EXPECT_EQ(r.exit, 0) << r.text;
  EXPECT_NE(r.text.find("zz"), std::string::npos) << r.text;  // echoed by AH=01h, then written by AH=02h
}
