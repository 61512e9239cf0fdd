// Diagnostics that stop, through the executable: every command lists at most --error-limit errors
// (default 20) and says how many more there were, for LC-3 and 8086 sources alike; a segment past
// 64K is one error; Ctrl-Z ends a source; no raw control bytes reach the terminal.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "../cli_run/cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

struct Result {
  int exit = -1;
  std::string err;  // stderr (stdout is discarded)
  size_t errorLines() const {
    size_t n = 0;
    for (size_t at = err.find(": error: "); at != std::string::npos; at = err.find(": error: ", at + 1)) ++n;
    return n;
  }
};

class CliErrors : public asmlab::clitest::ScratchFolderTest {
protected:
  // `asmlab ARGS` in the test's folder; stderr only.
  Result run(const std::string& args) {
    auto r = asmlabStderr(args);
    return {r.exit, std::move(r.text)};
  }
  // 30 undefined symbols in an 8086 program, one per line.
  std::string x86WithErrors(const std::string& name) {
    std::string text = ".model small\n.code\n";
    for (int i = 0; i < 30; ++i) text += " mov ax, missing" + std::to_string(i) + "\n";
    return write(name, text + "end\n");
  }
  // 30 unknown opcodes in an LC-3 program.
  std::string lc3WithErrors(const std::string& name) {
    std::string text = "    .ORIG x3000\n";
    for (int i = 0; i < 30; ++i) text += "    BOGUS R1, R2\n";
    return write(name, text + "    HALT\n    .END\n");
  }
};

TEST_F(CliErrors, AsmListsTwentyErrorsAndCountsTheRest) {
  for (const std::string& source : {x86WithErrors("many.asm"), lc3WithErrors("many3.asm")}) {
    auto r = run("asm " + source);
    EXPECT_EQ(r.exit, 1);
    EXPECT_EQ(r.errorLines(), 20u) << r.err;
    EXPECT_NE(r.err.find("note: 10 more errors not shown (the error limit is 20"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("30 errors and 0 warnings generated."), std::string::npos) << r.err;
  }
}

TEST_F(CliErrors, ErrorLimitOptionChangesItAndZeroShowsAll) {
  auto five = run("asm " + x86WithErrors("a.asm") + " --error-limit 5");
  EXPECT_EQ(five.errorLines(), 5u) << five.err;
  EXPECT_NE(five.err.find("note: 25 more errors not shown"), std::string::npos);
  auto all = run("asm " + lc3WithErrors("b.asm") + " --error-limit 0");
  EXPECT_EQ(all.errorLines(), 30u) << all.err;
}

TEST_F(CliErrors, BuildAndRunHonourTheLimit) {
  auto build = run("build " + x86WithErrors("c.asm") + " -o " + (dir_ / "c.exe").string());
  EXPECT_EQ(build.exit, 1);
  EXPECT_EQ(build.errorLines(), 20u) << build.err;
  EXPECT_FALSE(fs::exists(dir_ / "c.exe"));
  auto runX86 = run("run " + x86WithErrors("d.asm") + " --error-limit 3");
  EXPECT_EQ(runX86.exit, 1);
  EXPECT_EQ(runX86.errorLines(), 3u) << runX86.err;
  auto runLc3 = run("run " + lc3WithErrors("e.asm"));
  EXPECT_EQ(runLc3.exit, 1);
  EXPECT_EQ(runLc3.errorLines(), 20u) << runLc3.err;
}

TEST_F(CliErrors, ASegmentPast64KIsOneError) {
  auto r = run("asm " + write("big.asm", ".model small\n.data\nx db 60000 dup (1)\ny db 10000 dup (2)\nz dw 1, 2, 3\n"
                                         ".code\nend\n"));
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(r.errorLines(), 1u) << r.err.substr(0, 2000);
  EXPECT_NE(r.err.find("big.asm:4:1: error: segment '_DATA' is 70006 bytes"), std::string::npos) << r.err;
}

TEST_F(CliErrors, CtrlZAfterAnExternAssembles) {
  auto r = run("asm " + write("cz.asm", ".model small\n.code\nextrn B:NEAR\x1a\x1a\x1a\nend\n"));
  EXPECT_EQ(r.exit, 0) << r.err;
}

TEST_F(CliErrors, NoRawControlBytesReachTheTerminal) {
  static const char kSource[] = ".model small\n.code\n\x1b[2J\x07\x00\x9b bogus\nend\n";
  auto r = run("asm " + write("bin.asm", std::string(kSource, sizeof kSource - 1)));
  EXPECT_EQ(r.exit, 1);
  for (unsigned char c : r.err) EXPECT_TRUE(c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f)) << int(c) << r.err;
  EXPECT_NE(r.err.find("\\x1B[2J\\x07\\x00\\x9B bogus"), std::string::npos) << r.err;
}

TEST_F(CliErrors, M510SwitchOnAsmBuildAndRun) {
  const std::string source = write("old.asm",
                                   "cseg segment\nassume cs:cseg\nstart proc\n jmp .go\nstart endp\nother proc\n.go: mov "
                                   "ax, 4C00h\n int 21h\nother endp\ncseg ends\nsseg segment stack\n db 64 dup (?)\n"
                                   "sseg ends\nend start\n");
  EXPECT_EQ(run("asm " + source).exit, 1);
  EXPECT_EQ(run("asm " + source + " --m510 -o " + (dir_ / "old.obj").string()).exit, 0);
  EXPECT_EQ(run("build " + source + " --m510 -o " + (dir_ / "old.exe").string()).exit, 0);
  auto ran = run("run " + source + " --m510");
  EXPECT_EQ(ran.exit, 0) << ran.err;
  // The program's asmlab.yaml (build.m510) applies to asm, build and run as to the grader.
  write("asmlab.yaml", "machine: pc\nbuild: {submission: old.asm, m510: true}\ntests:\n  - name: t\n"
                       "    checks: [{exit_code: 0}]\n");
  auto fromSpec = run("asm " + source + " -o " + (dir_ / "spec.obj").string());
  EXPECT_EQ(fromSpec.exit, 0) << fromSpec.err;
  EXPECT_EQ(run("run " + source).exit, 0);
}

TEST_F(CliErrors, TheSpecsErrorLimitAppliesUnlessTheCommandLineSaysOtherwise) {
  // docs/grading.md: build.error_limit, read by asm, build and run as by the grader and debugger.
  write("asmlab.yaml", "machine: pc\nbuild: {submission: s.asm, error_limit: 4}\ntests:\n  - name: t\n"
                       "    checks: [{exit_code: 0}]\n");
  const std::string x86 = x86WithErrors("s.asm"), lc3 = lc3WithErrors("l.asm");
  EXPECT_EQ(run("asm " + x86).errorLines(), 4u);
  EXPECT_EQ(run("asm " + lc3).errorLines(), 4u);
  EXPECT_EQ(run("build " + x86 + " -o " + (dir_ / "s.exe").string()).errorLines(), 4u);
  EXPECT_EQ(run("run " + x86).errorLines(), 4u);
  auto typed = run("asm " + x86 + " --error-limit 7");
  EXPECT_EQ(typed.errorLines(), 7u) << typed.err;
  EXPECT_EQ(run("run " + lc3 + " --error-limit 0").errorLines(), 30u);
}

}  // namespace
