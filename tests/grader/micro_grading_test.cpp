// The grader's clock checks scoped to an instruction, a subroutine or an opcode, its states
// checks, and grading a student's control store. Expected clocks are counted from the Appendix C
// state sequences (3rd edition, M = 5: fetch 4+M = 9, ADD 10, BR 10 or 11 when taken, JSR 11,
// JMP/RET 10; 2nd edition one clock less per fetch), expected states from Figure C.2.
#include <gtest/gtest.h>

#include "asmlab/grader/report.hpp"
#include "asmlab/lc3sim/machine.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

SubmissionResult gradeLc3(const std::string& yaml, const std::string& source) {
  TempDir dir;
  Spec spec = specFrom(yaml, dir.path());
  auto file = dir.write("student/prog.asm", source);
  return gradeSubmission(spec, file.parent_path(), defaultBuilder("lc3"), {});
}

const char* kProgram = R"(
        .ORIG x3000
        AND R1, R1, #0
        ADD R1, R1, #3
LOOP    ADD R1, R1, #-1
        BRp LOOP
        JSR TWICE
        HALT
TWICE   ADD R2, R2, R2
        ADD R2, R2, R2
        RET
        .END
)";

const CheckResult& check(const TestResult& t, size_t i) { return t.checks.at(i); }

TEST(Lc3MicroGrading, ClocksOfAnInstructionASubroutineAndAnOpcode) {
  for (const char* engine : {"fast", "micro"}) {
    auto r = gradeLc3(std::string("machine: lc3\nbuild: {submission: prog.asm, engine: ") + engine + R"(}
tests:
  - name: clocks
    checks:
      - clocks: {instruction: LOOP, equals: 10}
      - clocks: {instruction: LOOP+1, at_most: 10}
      - clocks: {subroutine: TWICE, equals: 30}
      - clocks: {opcode: BR, at_least: 10, at_most: 11}
      - clocks: {opcode: LDR, at_most: 5}
      - clocks: {at_most: 100000}
      - clocks: {subroutine: LOOP, at_most: 5}
)", kProgram);
    ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
    const TestResult& t = r.tests.at(0);
    SCOPED_TRACE(engine);
    EXPECT_TRUE(check(t, 0).passed) << check(t, 0).message;
    EXPECT_FALSE(check(t, 1).passed);
    EXPECT_EQ(check(t, 1).message, "x3003 (LOOP+1) took 11 clocks in its 1st execution; at most 10 expected");
    EXPECT_TRUE(check(t, 2).passed) << check(t, 2).message;
    EXPECT_TRUE(check(t, 3).passed) << check(t, 3).message;
    // The OS's HALT routine runs LDRs: 7+2M = 17 clocks each.
    EXPECT_EQ(check(t, 4).message, "LDR took 17 clocks in its 1st execution; at most 5 expected");
    EXPECT_TRUE(check(t, 5).passed) << check(t, 5).message;
    EXPECT_EQ(check(t, 6).message, "LOOP was never called (or never returned)");
  }
}

TEST(Lc3MicroGrading, SecondEditionCountsItsShorterFetch) {
  auto r = gradeLc3(R"(machine: lc3
build: {submission: prog.asm, edition: 2}
tests:
  - name: clocks
    checks:
      - clocks: {instruction: LOOP, equals: 10}
      - clocks: {subroutine: TWICE, equals: 27}
)", kProgram);
  const TestResult& t = r.tests.at(0);
  EXPECT_EQ(check(t, 0).message, "x3002 (LOOP) took 9 clocks in its 1st execution; 10 expected every time");
  EXPECT_TRUE(check(t, 1).passed) << check(t, 1).message;
}

TEST(Lc3MicroGrading, SubroutineCalledByTheTest) {
  auto r = gradeLc3(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: twice
    start: {call: TWICE, args: {R2: 3}}
    checks:
      - registers: {R2: 12}
      - clocks: {subroutine: TWICE, at_most: 30}
      - clocks: {subroutine: TWICE, at_most: 29}
)", kProgram);
  const TestResult& t = r.tests.at(0);
  EXPECT_EQ(t.verdict, "returned");
  EXPECT_TRUE(check(t, 1).passed) << check(t, 1).message;
  EXPECT_EQ(check(t, 2).message, "TWICE took 30 clocks in its 1st call; at most 29 expected");
}

TEST(Lc3MicroGrading, StateSequences) {
  auto r = gradeLc3(R"(machine: lc3
build: {submission: prog.asm, engine: micro}
tests:
  - name: states
    checks:
      - states: {instruction: LOOP+1, sequence: [18, 33, "28*M", 30, 32, 0, 22]}
      - states: {instruction: LOOP+1, execution: 3, sequence: [18, 33, "28*5", 30, 32, 0]}
      - states: {opcode: JSR, sequence: [18, 33, "28*M", 30, 32, 4, 21]}
      - states: {opcode: RET, sequence: [18, 33, "28*M", 30, 32, 12, 18]}
)", kProgram);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const TestResult& t = r.tests.at(0);
  EXPECT_TRUE(check(t, 0).passed) << check(t, 0).message;
  EXPECT_TRUE(check(t, 1).passed) << check(t, 1).message;
  EXPECT_TRUE(check(t, 2).passed) << check(t, 2).message;
  EXPECT_FALSE(check(t, 3).passed);
  EXPECT_EQ(check(t, 3).message, "states of RET (1st execution): expected 18 33 28x5 30 32 12 18; got 18 33 28x5 30 32 12");
}

TEST(Lc3MicroGrading, EachRunIsMeasuredOnItsOwn) {
  for (const char* engine : {"fast", "micro"}) {
    auto r = gradeLc3(std::string("machine: lc3\nbuild: {submission: prog.asm, engine: ") + engine + R"(}
tests:
  - name: two runs
    runs:
      - checks:
          - clocks: {instruction: LOOP, equals: 10}
          - clocks: {subroutine: TWICE, equals: 30}
      - start: {call: TWICE, args: {R2: 3}}
        checks:
          - clocks: {instruction: LOOP, at_most: 10}
          - clocks: {subroutine: TWICE, at_most: 29}
          - any_of: [{clocks: {opcode: ADD, at_most: 9}}, {clocks: {opcode: ADD, equals: 10}}]
)", kProgram);
    ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
    SCOPED_TRACE(engine);
    const TestResult& t = r.tests.at(0);
    ASSERT_EQ(t.checks.size(), 5u) << renderText(r);
    EXPECT_TRUE(check(t, 0).passed) << check(t, 0).message;
    EXPECT_TRUE(check(t, 1).passed) << check(t, 1).message;
    // The second run only calls TWICE: the loop of the first run is not counted in it.
    EXPECT_EQ(check(t, 2).message, "the instruction at x3002 (LOOP) never ran");
    EXPECT_EQ(check(t, 3).message, "TWICE took 30 clocks in its 1st call; at most 29 expected");
    EXPECT_TRUE(check(t, 4).passed) << check(t, 4).message;
  }
}

TEST(Lc3MicroGrading, AnInputStepJudgesTheClocksSoFar) {
  auto r = gradeLc3(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: steps
    input:
      - {keys: "a", expect: [{clocks: {instruction: FIRST, equals: 10}}, {clocks: {instruction: SECOND, equals: 10}}]}
      - {keys: "b", expect: [{clocks: {instruction: SECOND, equals: 10}}]}
    checks: [{stop: halted}]
)", R"(
        .ORIG x3000
        GETC
FIRST   ADD R1, R0, #0
        GETC
SECOND  ADD R2, R0, #0
        HALT
        .END
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const TestResult& t = r.tests.at(0);
  ASSERT_EQ(t.checks.size(), 4u) << renderText(r);
  EXPECT_TRUE(check(t, 0).passed) << check(t, 0).message;
  // After the first key the program waits at the second GETC: SECOND has not run yet.
  EXPECT_EQ(check(t, 1).message, "the instruction at x3003 (SECOND) never ran");
  EXPECT_TRUE(check(t, 2).passed) << check(t, 2).message;
  EXPECT_TRUE(check(t, 3).passed) << check(t, 3).message;
}

TEST(Lc3MicroGrading, SpecErrorsAreLocated) {
  TempDir dir;
  Diagnostics d;
  auto spec = parseSpec(R"(machine: lc3
build: {submission: prog.asm, engine: turbo}
tests:
  - name: t
    checks:
      - states: {instruction: LOOP, sequence: [18, 99]}
      - clocks: {opcode: LDD, at_most: 3}
      - clocks: {instruction: LOOP}
)", "spec.yaml", dir.path(), d);
  EXPECT_FALSE(spec.has_value());
  const std::string text = d.renderToString();
  EXPECT_NE(text.find("spec.yaml:2:39: error: unknown engine 'turbo'"), std::string::npos) << text;
  EXPECT_NE(text.find("spec.yaml:6:17: error: states are the micro engine's"), std::string::npos) << text;
  EXPECT_NE(text.find("'99' is not a state (0-63)"), std::string::npos) << text;
  EXPECT_NE(text.find("spec.yaml:7:26: error: 'LDD' is not an LC-3 instruction; did you mean"), std::string::npos) << text;
  EXPECT_NE(text.find("clocks needs at_most, at_least or equals"), std::string::npos) << text;
}

// A microcode assignment: the course supplies the test programs, the student the control store.
class StudentMicrocode : public ::testing::Test {
protected:
  static constexpr const char* kSpec = R"(machine: lc3
build:
  submission: [ucode.txt]
  sources: [course.asm]
  microcode: ucode.txt
tests:
  - name: AND masks
    points: 2
    checks:
      - registers: {R3: x0104}
      - stop: halted
  - name: branches taken
    points: 2
    checks:
      - registers: {R4: 2}
  - name: AND is one state
    checks:
      - states: {opcode: AND, sequence: [18, 33, "28*M", 30, 32, 5]}
      - clocks: {opcode: AND, equals: 10}
)";
  // R3 <- x0F3C AND x01C4 = x0104 (hand-computed); R4 counts two taken branches.
  static constexpr const char* kCourse = R"(
        .ORIG x3000
        LD R1, A
        LD R2, B
        AND R3, R1, R2
        AND R4, R4, #0
        BRz ONE
        HALT
ONE     ADD R4, R4, #1
        BRp TWO
        HALT
TWO     ADD R4, R4, #1
        HALT
A       .FILL x0F3C
B       .FILL x01C4
        .END
)";

  SubmissionResult grade(const std::string& ucode) {
    TempDir dir;
    dir.write("course.asm", kCourse);
    Spec spec = specFrom(kSpec, dir.path());
    dir.write("student/ucode.txt", ucode);
    return gradeSubmission(spec, dir.path() / "student", defaultBuilder("lc3"), {});
  }
  static std::string store(void (*change)(lc3sim::ControlStore&)) {
    lc3sim::ControlStore s = lc3sim::standardControlStore(lc3sim::Edition::Third);
    change(s);
    return lc3sim::formatControlStore(s, lc3sim::Edition::Third);
  }
};

TEST_F(StudentMicrocode, TheBookStoreGetsFullMarks) {
  auto r = grade(store([](lc3sim::ControlStore&) {}));
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.score, 5) << renderText(r);
}

TEST_F(StudentMicrocode, AnAndStateThatAddsLosesTheAndTest) {
  // State 5 with ALUK = ADD: R3 = x0F3C + x01C4 = x1100; the branches still work.
  auto r = grade(store([](lc3sim::ControlStore& s) { s.rows[5][lc3sim::MicroField::Aluk] = lc3sim::mux::kAdd; }));
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "partial");  // wrong R3, but it halts
  EXPECT_EQ(r.tests.at(0).checks.at(0).message, "R3: expected x0104, got x1100");
  EXPECT_EQ(r.tests.at(1).status, "passed");
  EXPECT_EQ(r.tests.at(2).status, "passed");  // the state sequence is right, the ALU operation is not
  EXPECT_EQ(r.score, 4);
}

TEST_F(StudentMicrocode, ABranchStateThatNeverReturnsIsARunawayNotAHang) {
  // State 22 goes back to itself: the first taken branch never finishes.
  auto r = grade(store([](lc3sim::ControlStore& s) { s.rows[22].j = 22; }));
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const TestResult& t = r.tests.at(1);
  EXPECT_EQ(t.verdict, "clock-limit");
  EXPECT_NE(t.stopMessage.find("never returns to the fetch in state 18"), std::string::npos) << t.stopMessage;
  // R3 is right before the branch; the run never halts, R4 stays 0; AND itself is fine.
  EXPECT_EQ(r.tests.at(0).status, "partial");
  EXPECT_EQ(r.tests.at(1).status, "failed");
  EXPECT_EQ(r.tests.at(2).status, "passed");
  EXPECT_EQ(r.score, 2);
}

TEST_F(StudentMicrocode, AFileWithAMistakeFailsTheBuildWithItsPlace) {
  std::string text = store([](lc3sim::ControlStore&) {});
  const size_t row = text.find("  # 5:");
  const size_t start = text.rfind('\n', row) + 1;
  text[start + 12] = '2';
  auto r = grade(text);
  EXPECT_FALSE(r.buildOk);
  EXPECT_NE(r.buildDiagnostics.find("ucode.txt:10:13: error: '2' in the row of state 5: a row is 0s and 1s"),
            std::string::npos)
      << r.buildDiagnostics;
}

}  // namespace
}  // namespace asmlab::grader::testing
