// The build keys that change how submissions are assembled: error_limit (how many errors the
// report lists, default 20 as every command) and m510 (MASM 5.1 compatibility, ML's /Zm).
#include <gtest/gtest.h>

#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

size_t errorLines(const std::string& text) {
  size_t n = 0;
  for (size_t at = text.find(": error: "); at != std::string::npos; at = text.find(": error: ", at + 1)) ++n;
  return n;
}

SubmissionResult grade(const std::string& yaml, const std::string& source) {
  TempDir dir;
  Spec spec = specFrom(yaml, dir.path());
  auto path = dir.write("student/prog.asm", source);
  return gradeSubmission(spec, path.parent_path(), defaultBuilder(spec.machine), {});
}

std::string lc3WithErrors() {
  std::string text = "    .ORIG x3000\n";
  for (int i = 0; i < 30; ++i) text += "    BOGUS R1\n";
  return text + "    HALT\n    .END\n";
}

const char* const kTest = "tests:\n  - name: t\n    checks: [{stop: halted}]\n";

TEST(BuildOptions, BuildDiagnosticsListTwentyErrorsByDefault) {
  auto r = grade(std::string("machine: lc3\nbuild: {submission: prog.asm}\n") + kTest, lc3WithErrors());
  EXPECT_FALSE(r.buildOk);
  EXPECT_EQ(errorLines(r.buildDiagnostics), 20u) << r.buildDiagnostics;
  EXPECT_NE(r.buildDiagnostics.find("note: 10 more errors not shown"), std::string::npos) << r.buildDiagnostics;
}

TEST(BuildOptions, ErrorLimitKeySetsIt) {
  auto r = grade(std::string("machine: lc3\nbuild: {submission: prog.asm, error_limit: 3}\n") + kTest, lc3WithErrors());
  EXPECT_EQ(errorLines(r.buildDiagnostics), 3u) << r.buildDiagnostics;
  auto all = grade(std::string("machine: lc3\nbuild: {submission: prog.asm, error_limit: 0}\n") + kTest, lc3WithErrors());
  EXPECT_EQ(errorLines(all.buildDiagnostics), 30u);
}

TEST(BuildOptions, M510BuildsMasm51Code) {
  // A label of one procedure jumped to from another: global in MASM 5.1, local to its PROC in 6.1.
  const std::string source = "cseg segment\nassume cs:cseg\nstart proc\n jmp done\nstart endp\nother proc\n"
                             "done: mov ax, 4C05h\n int 21h\nother endp\ncseg ends\nsseg segment stack\n"
                             " db 64 dup (?)\nsseg ends\nend start\n";
  const std::string test = "tests:\n  - name: t\n    checks: [{exit_code: 5}]\n";
  auto old = grade("machine: pc\nbuild: {submission: prog.asm, m510: true}\n" + test, source);
  ASSERT_TRUE(old.buildOk) << old.buildDiagnostics;
  EXPECT_DOUBLE_EQ(old.score, old.maxScore);
  auto now = grade("machine: pc\nbuild: {submission: prog.asm}\n" + test, source);
  EXPECT_FALSE(now.buildOk);
  EXPECT_NE(now.buildDiagnostics.find("--m510"), std::string::npos) << now.buildDiagnostics;
}

// build.emu8086_step_delay: emu8086's devices see that many ms pass with every instruction, as in
// emu8086 run with that step delay. The robot looks at its command port every 117 ms: with 150 ms
// an instruction it has examined what is in front of it by the program's next reading; on the
// CPU's clock (0) the program's hundred readings take a few thousand clocks, long before.
TEST(BuildOptions, Emu8086StepDelayIsTheTimeEmu8086sDevicesSee) {
  const std::string source = R"(
#make_COM#
org 100h
        mov al, 4
        out 9, al               ; the robot: examine
        mov cx, 100
wait:   in al, 11
        test al, 1              ; data ready?
        jnz ready
        loop wait
        mov dl, 'N'
        jmp show
ready:  mov dl, 'Y'
show:   mov ah, 2
        int 21h
        hlt
)";
  const std::string test = "tests:\n  - name: t\n    checks: [{output: {equals: \"Y\"}}]\n";
  auto slow = grade("machine: pc\nbuild: {submission: prog.asm, emu8086_step_delay: 150}\n" + test, source);
  ASSERT_TRUE(slow.buildOk) << slow.buildDiagnostics;
  EXPECT_TRUE(slow.tests.at(0).checks.at(0).passed) << slow.tests.at(0).checks.at(0).message;
  auto clock = grade("machine: pc\nbuild: {submission: prog.asm}\n" + test, source);
  EXPECT_FALSE(clock.tests.at(0).checks.at(0).passed);
  Diagnostics d;
  parseSpec(std::string("machine: lc3\nbuild: {submission: prog.asm, emu8086_step_delay: 5}\n") + kTest, "spec.yaml",
            ".", d);
  EXPECT_NE(d.renderToString().find("build.emu8086_step_delay applies to machine pc only"), std::string::npos)
      << d.renderToString();
}

TEST(BuildOptions, M510IsForThePcOnly) {
  Diagnostics d;
  auto spec = parseSpec(std::string("machine: lc3\nbuild: {submission: prog.asm, m510: true}\n") + kTest, "spec.yaml", ".", d);
  EXPECT_NE(d.renderToString().find("build.m510 applies to machine pc only"), std::string::npos) << d.renderToString();
}

}  // namespace
}  // namespace asmlab::grader::testing
