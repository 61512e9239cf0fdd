// Running tests on a (fake) machine: whole programs, subroutine calls with a return trap,
// register contracts, memory by label, limits, crashes, input scripts, partial credit.
#include <gtest/gtest.h>

#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

const char* kAddTwo = R"(
.ORIG x3000
  PUTS HELLO
  HALT
ADDTWO:
  LDI R3 0
  ADD R3 R0
  ADD R3 R1
  ST R3 RESULT
  RET
RESULT:
  WORD 0
HELLO:
  STRING "hello~"
)";

const char* kSpecHeader = "machine: lc3\nbuild: {submission: prog.asm}\n";

TEST(Runner, WholeProgramOutputAndHalt) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: hello
    points: 2
    checks:
      - output: {equals: "hello\n"}
      - stop: halted
)", kAddTwo);
  ASSERT_EQ(r.tests.size(), 1u);
  EXPECT_TRUE(r.buildOk);
  EXPECT_EQ(r.tests[0].status, "passed");
  EXPECT_EQ(r.tests[0].verdict, "halted");
  EXPECT_DOUBLE_EQ(r.score, 2);
  EXPECT_EQ(r.tests[0].output, "hello\n");
  // PUTS + HALT: two instructions from the program's entry (the boot stub is not counted).
  EXPECT_EQ(r.tests[0].instructions, 2u);
}

TEST(Runner, SubroutineCallReturnsThroughTrapWithContract) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: add
    points: 4
    start: {call: ADDTWO, args: {R0: 2, R1: 3}}
    checks:
      - stop: returned
      - registers: {R3: 5}
      - memory: {RESULT: 5}
      - preserved: [R0, R1, R2, R4, R5, R6]
)", kAddTwo);
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.verdict, "returned") << t.stopMessage;
  EXPECT_EQ(t.status, "passed");
  for (const auto& c : t.checks) EXPECT_TRUE(c.passed) << c.name << ": " << c.message;
  EXPECT_DOUBLE_EQ(t.score, 4);
  EXPECT_EQ(t.output, "") << "a subroutine test does not run the main program";
}

TEST(Runner, BrokenContractIsExplained) {
  std::string clobbers = std::string(kAddTwo);
  clobbers.replace(clobbers.find("  RET"), 5, "  ADDI R0 1\n  LDI R3 xFFFF\n  RET");
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: add
    points: 3
    start: {call: ADDTWO, args: {R0: 2, R1: 3}}
    checks:
      - registers: {R3: 5}
      - preserved: [R0, R1]
      - memory: {RESULT: 5}
)", clobbers);
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.status, "partial");
  EXPECT_DOUBLE_EQ(t.score, 1);  // only the memory check passes: 1 of 3 points
  const CheckResult* regs = findCheck(t, "registers");
  ASSERT_TRUE(regs);
  EXPECT_EQ(regs->message, "R3: expected x0005, got xFFFF (-1)");
  const CheckResult* kept = findCheck(t, "preserved");
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->message, "not preserved: R0 changed from x0002 to x0003");
}

TEST(Runner, MissingLabelFailsTheTestWithReason) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    start: {call: NOT_THERE}
    checks: [{stop: returned}]
)", kAddTwo);
  EXPECT_EQ(r.tests.at(0).verdict, "setup-failed");
  EXPECT_NE(r.tests[0].checks.at(0).message.find("label NOT_THERE is not defined in the submission"), std::string::npos);
  EXPECT_DOUBLE_EQ(r.score, 0);
}

TEST(Runner, EndlessLoopStopsAtTheLimitWithItsPlace) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    limits: {instructions: 1000}
    checks: [{stop: halted}]
)", ".ORIG x3000\nLOOP:\n  BR LOOP\n");
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.verdict, "instruction-limit");
  EXPECT_EQ(t.instructions, 1000u);
  EXPECT_NE(t.stopMessage.find("x3000 (LOOP)"), std::string::npos) << t.stopMessage;
  EXPECT_NE(t.checks[0].message.find("stopped by 'instruction-limit'"), std::string::npos) << t.checks[0].message;
}

TEST(Runner, CrashReportsTheAddress) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    checks: [{stop: halted}]
)", ".ORIG x3000\n  LDI R0 1\nBAD:\n  ILLEGAL\n");
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.verdict, "exception");
  EXPECT_NE(t.stopMessage.find("illegal opcode xFF00 at x3002"), std::string::npos) << t.stopMessage;
  EXPECT_NE(t.stopMessage.find("(BAD)"), std::string::npos) << t.stopMessage;
}

const char* kEcho = R"(
.ORIG x3000
LOOP:
  IN R0
  OUT R0
  BR LOOP
)";

TEST(Runner, InputEventsWhenWaitingThenWaitingVerdict) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    input:
      - keys: "ab"
      - line: "c"
      - {keys: "Z", at: start}
    checks:
      - output: {equals: "Zabc\n"}
      - stop: waiting-for-input
)", kEcho);
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.status, "passed") << t.checks[0].message << t.checks[1].message;
}

TEST(Runner, OutputFloodIsCapped) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    limits: {output: 100}
    checks: [{stop: halted}]
)", ".ORIG x3000\n  LDI R0 x41\nLOOP:\n  OUT R0\n  BR LOOP\n");
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.verdict, "output-limit");
  EXPECT_EQ(t.output, std::string(100, 'A'));
}

TEST(Runner, EfficiencyBoundsOnlyForFinishedRuns) {
  std::string spec = std::string(kSpecHeader) + R"(tests:
  - name: fast
    start: {call: ADDTWO, args: {R0: 1, R1: 1}}
    checks: [{instructions: {max: 5}}]
  - name: too slow
    start: {call: ADDTWO, args: {R0: 1, R1: 1}}
    checks: [{instructions: {max: 4}}]
)";
  auto r = gradeToy(spec, kAddTwo);
  EXPECT_EQ(r.tests.at(0).status, "passed");  // LDI, ADD, ADD, ST, RET = 5 instructions
  EXPECT_EQ(r.tests.at(1).status, "failed");
  EXPECT_EQ(r.tests[1].checks[0].message, "5 instructions: more than the maximum 4");
}

TEST(Runner, SeededRandomSetupIsDeterministic) {
  std::string spec = std::string(kSpecHeader) + R"(tests:
  - name: a
    seed: 1
    start: {call: ADDTWO}
    setup: {random: {registers: [R0, R1]}}
    checks: [{registers: {R3: 0}}]
  - name: b
    seed: 1
    start: {call: ADDTWO}
    setup: {random: {registers: [R0, R1]}}
    checks: [{registers: {R3: 0}}]
  - name: c
    seed: 2
    start: {call: ADDTWO}
    setup: {random: {registers: [R0, R1]}}
    checks: [{registers: {R3: 0}}]
)";
  auto r = gradeToy(spec, kAddTwo);
  // R3 = R0 + R1 of the random values: the messages show the value the seed produced.
  EXPECT_EQ(r.tests.at(0).checks[0].message, r.tests.at(1).checks[0].message);
  EXPECT_NE(r.tests.at(0).checks[0].message, r.tests.at(2).checks[0].message);
  auto again = gradeToy(spec, kAddTwo);
  EXPECT_EQ(again.tests.at(2).checks[0].message, r.tests.at(2).checks[0].message);
}

TEST(Runner, SetupMemoryAndRegistersByLabel) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    start: {call: ADDTWO}
    setup:
      registers: {R0: x10}
      memory: {RESULT: 7, x5000: [1, 2, 3], "HELLO+1": {string: "ey"}}
    checks:
      - memory: {RESULT: x10, x5001: [2, 3], HELLO: {string: "hey"}}
      - memory_unchanged: [{from: x5000, to: x5002}]
)", kAddTwo);
  const auto& t = r.tests.at(0);
  for (const auto& c : t.checks) EXPECT_TRUE(c.passed) << c.name << ": " << c.message;
}

TEST(Runner, MemoryChangesAreNamed) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    start: {call: ADDTWO, args: {R0: 1, R1: 1}}
    checks:
      - memory_unchanged: [{from: RESULT, to: RESULT}]
)", kAddTwo);
  EXPECT_EQ(r.tests.at(0).checks[0].message, "x300A (RESULT) changed from x0000 to x0002");
}

TEST(Runner, BuildFailureGradesZeroWithDiagnostics) {
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: a
    points: 3
    checks: [{stop: halted}]
  - name: b
    checks: [{stop: halted}]
)", ".ORIG x3000\n  FROB R1\n");
  EXPECT_FALSE(r.buildOk);
  EXPECT_DOUBLE_EQ(r.score, 0);
  EXPECT_DOUBLE_EQ(r.maxScore, 4);
  ASSERT_EQ(r.tests.size(), 2u);
  EXPECT_EQ(r.tests[0].verdict, "build-failed");
  EXPECT_NE(r.tests[1].output.find("line 2: unknown instruction FROB"), std::string::npos) << r.tests[1].output;
}

TEST(Runner, SimilarOutputGivesProportionalCredit) {
  // Expected 4 lines, the program prints 3 of them and one wrong line: 1 substitution in 4 lines,
  // similarity 0.75; with min 0.5, credit = (0.75 - 0.5) / (1 - 0.5) = half of the 4 points.
  auto r = gradeToy(std::string(kSpecHeader) + R"(tests:
  - name: t
    points: 4
    checks: [{output: {similar: "a\nb\nc\nd\n", min: 0.5}}]
)", ".ORIG x3000\n  PUTS S\n  HALT\nS:\n  STRING \"a~b~X~d~\"\n");
  EXPECT_DOUBLE_EQ(r.tests.at(0).score, 2);
  EXPECT_EQ(r.tests[0].status, "partial");
  EXPECT_NE(r.tests[0].checks[0].message.find("line 3 differs at column 1"), std::string::npos) << r.tests[0].checks[0].message;
}

}  // namespace
}  // namespace asmlab::grader::testing
