// The grader on the real LC-3 (assembler, loader, machine with its OS): subroutines graded alone
// through the return trap, whole programs, and submissions that misbehave in every way the issue
// lists. Expected values are hand-computed from the programs below.
#include <gtest/gtest.h>

#include "asmlab/grader/batch.hpp"
#include "asmlab/grader/report.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

SubmissionResult gradeLc3(const std::string& yaml, const std::string& source, const std::string& name = "student") {
  TempDir dir;
  Spec spec = specFrom(yaml, dir.path());
  auto file = dir.write(name + "/prog.asm", source);
  return gradeSubmission(spec, file.parent_path(), defaultBuilder("lc3"), {});
}

const char* kHeader = "machine: lc3\nbuild: {submission: prog.asm}\n";

// Prints a prompt, echoes one key, halts. SUM3 adds R0, R1 and R2 into R3 and stores it in TOTAL.
const char* kProgram = R"(
        .ORIG x3000
        LEA R0, PROMPT
        PUTS
        GETC
        OUT
        HALT
PROMPT  .STRINGZ "Key? "
SUM3    ADD R3, R0, R1
        ADD R3, R3, R2
        ST R3, TOTAL
        RET
TOTAL   .FILL #0
        .END
)";

TEST(Lc3Grading, WholeProgramWithInput) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: echo
    input: "k"
    checks:
      - output: {contains: "Key? k"}
      - stop: halted
)", kProgram);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
}

TEST(Lc3Grading, SubroutineThroughReturnTrap) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: sum
    points: 3
    start: {call: SUM3, args: {R0: 1, R1: 2, R2: x7FFF}}
    setup: {random: {registers: [R4, R5, R6]}}
    checks:
      - stop: returned
      - registers: {R3: x8002}
      - memory: {TOTAL: x8002}
      - preserved: [R0, R1, R2, R4, R5, R6]
      - instructions: {max: 4}
)", kProgram);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.verdict, "returned") << t.stopMessage;
  EXPECT_EQ(t.status, "passed") << renderText(r);
  EXPECT_EQ(t.instructions, 4u);  // ADD, ADD, ST, RET
}

// ADDR_OF leaves the address of TOTAL + 1 in R3; LOAD reads the word at the address in R0.
const char* kAddresses = R"(
        .ORIG x3000
        HALT
ADDR_OF LEA R3, TOTAL
        ADD R3, R3, #1
        RET
LOAD    LDR R3, R0, #0
        RET
TOTAL   .FILL #7
        .FILL #9
        .END
)";

TEST(Lc3Grading, RegisterValuesAsLabelExpressions) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: an address as a label expression
    start: {call: ADDR_OF}
    checks:
      - registers: {R3: "TOTAL+1"}
  - name: the same address as a number (TOTAL is x3006)
    start: {call: ADDR_OF}
    checks:
      - registers: {R3: x3007}
  - name: a wrong label expression fails with both values
    start: {call: ADDR_OF}
    checks:
      - registers: {R3: "TOTAL-1"}
  - name: an argument given by label
    start: {call: LOAD, args: {R0: "TOTAL+1"}}
    checks:
      - registers: {R3: 9}
  - name: an unknown label names the spec's line
    start: {call: ADDR_OF}
    checks:
      - registers: {R3: TOTL}
  - name: an unknown label in an argument fails the setup
    start: {call: LOAD, args: {R0: TOTL}}
    checks:
      - registers: {R3: 9}
)", kAddresses);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "passed") << renderText(r);
  ASSERT_EQ(r.tests.at(2).status, "failed");
  EXPECT_EQ(r.tests.at(2).checks.at(0).message, "R3: expected x3005, got x3007");
  EXPECT_EQ(r.tests.at(3).status, "passed") << renderText(r);
  ASSERT_EQ(r.tests.at(4).status, "failed");
  EXPECT_EQ(r.tests.at(4).checks.at(0).message,
            "spec.yaml:23:25: label TOTL is not defined in the submission (the value of R3)");
  EXPECT_EQ(r.tests.at(5).verdict, "setup-failed");
  EXPECT_NE(r.tests.at(5).stopMessage.find("spec.yaml:25:36: label TOTL is not defined"), std::string::npos)
      << r.tests.at(5).stopMessage;
}

TEST(Lc3Grading, RandomizedMachineFillsUninitialisedMemory) {
  // LOAD of a word past the program (x4000) reads 0 on the plain machine, a seeded value on a
  // randomised one (1 chance in 65,536 of 0 per seed), the same value for the same seed.
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: plain
    start: {call: LOAD, args: {R0: x4000}}
    checks: [{registers: {R3: 0}}]
  - name: seed 5
    randomize: true
    seed: 5
    start: {call: LOAD, args: {R0: x4000}}
    checks: [{registers: {R3: 0}}]
  - name: seed 5 again
    randomize: true
    seed: 5
    start: {call: LOAD, args: {R0: x4000}}
    checks: [{registers: {R3: 0}}]
  - name: seed 6
    randomize: true
    seed: 6
    start: {call: LOAD, args: {R0: x4000}}
    checks: [{registers: {R3: 0}}]
)", kAddresses);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "failed");
  EXPECT_EQ(r.tests.at(1).checks.at(0).message, r.tests.at(2).checks.at(0).message);
  EXPECT_NE(r.tests.at(1).checks.at(0).message, r.tests.at(3).checks.at(0).message);
}

TEST(Lc3Grading, DoesNotAssembleGradesZeroWithDiagnostics) {
  auto r = gradeLc3(std::string(kHeader) + "tests:\n  - name: t\n    checks: [{stop: halted}]\n",
                    "        .ORIG x3000\n        ADD R9, R0, R0\n        .END\n");
  EXPECT_FALSE(r.buildOk);
  EXPECT_DOUBLE_EQ(r.score, 0);
  EXPECT_NE(r.buildDiagnostics.find("prog.asm:2:"), std::string::npos) << r.buildDiagnostics;
  EXPECT_NE(r.tests.at(0).output.find("error"), std::string::npos);
}

TEST(Lc3Grading, EndlessLoopAndFlood) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: loop
    start: {call: SPIN}
    limits: {instructions: 5000}
    checks: [{stop: returned}]
  - name: flood
    start: {call: FLOOD}
    limits: {instructions: 100000000}
    checks: [{stop: returned}]
  - name: clocks
    start: {call: SPIN}
    limits: {clocks: 1000}
    checks: [{stop: returned}]
)", R"(
        .ORIG x3000
        HALT
SPIN    BRnzp SPIN
FLOOD   LD R0, LETTER
AGAIN   OUT
        BRnzp AGAIN
LETTER  .FILL x41
        .END
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).verdict, "instruction-limit");
  EXPECT_NE(r.tests[0].stopMessage.find("x3001 (SPIN)"), std::string::npos) << r.tests[0].stopMessage;
  EXPECT_EQ(r.tests.at(1).verdict, "output-limit");
  EXPECT_EQ(r.tests.at(2).verdict, "clock-limit");
  EXPECT_GE(r.tests[2].clocks, 1000u);
  EXPECT_LT(r.tests[2].instructions, 1000u) << "every LC-3 instruction takes several clocks (Appendix C)";
  EXPECT_LE(r.tests[1].output.size(), 65536u);
  EXPECT_TRUE(r.tests[1].outputTruncated || r.tests[1].output.size() == 65536u);
}

TEST(Lc3Grading, JumpIntoDataIsAnExceptionWithItsAddress) {
  auto r = gradeLc3(std::string(kHeader) + "tests:\n  - name: t\n    checks: [{stop: halted}]\n", R"(
        .ORIG x3000
        LEA R1, DATA
        JMP R1
DATA    .FILL xD000
        .END
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const auto& t = r.tests.at(0);
  EXPECT_EQ(t.verdict, "exception");
  EXPECT_NE(t.stopMessage.find("x3002"), std::string::npos) << t.stopMessage;  // DATA, the reserved opcode 1101
  EXPECT_NE(t.stopMessage.find("DATA"), std::string::npos) << t.stopMessage;
}

TEST(Lc3Grading, OverwritingTheTrapTableIsCaught) {
  // Third edition: user-mode stores into system space are access control violations.
  auto r = gradeLc3(std::string(kHeader) + "tests:\n  - name: t\n    checks: [{stop: halted}]\n", R"(
        .ORIG x3000
        AND R0, R0, #0
        STI R0, HALTVEC
        HALT
HALTVEC .FILL x0025
        .END
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).verdict, "exception");
  EXPECT_NE(r.tests[0].stopMessage.find("access control violation"), std::string::npos) << r.tests[0].stopMessage;
}

TEST(Lc3Grading, SecondEditionTrashedTrapTableStopsAtALimit) {
  // The second edition has no protection: the program wipes the HALT vector and halts into x0000.
  auto r = gradeLc3("machine: lc3\nbuild: {submission: prog.asm, edition: 2}\n"
                    "tests:\n  - name: t\n    limits: {instructions: 100000}\n    checks: [{stop: halted}]\n",
                    R"(
        .ORIG x3000
        AND R0, R0, #0
        STI R0, HALTVEC
        HALT
HALTVEC .FILL x0025
        .END
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_NE(r.tests.at(0).verdict, "halted");
  EXPECT_EQ(r.tests[0].status, "failed");
  EXPECT_FALSE(r.tests[0].stopMessage.empty());
}

TEST(Lc3Grading, KeyAtAnInstructionCountReachesAPollingProgram) {
  // AND, then 3 instructions per poll (ADD, LDI, BRzp): the key typed at instruction 301 is seen
  // by the poll of iteration 101, so R2 = 101. Second edition: user code may read KBSR directly.
  auto r = gradeLc3("machine: lc3\nbuild: {submission: prog.asm, edition: 2}\n" R"(tests:
  - name: t
    input: [{keys: "k", at_instruction: 301}]
    checks:
      - registers: {R2: 101}
      - memory: {KEY: "'k'"}
      - stop: halted
)", R"(
        .ORIG x3000
        AND R2, R2, #0
POLL    ADD R2, R2, #1
        LDI R1, KBSRA
        BRzp POLL
        LDI R0, KBDRA
        ST R0, KEY              ; HALT's service routine uses R0
        HALT
KEY     .FILL #0
KBSRA   .FILL xFE00
KBDRA   .FILL xFE02
        .END
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
}

TEST(Lc3Grading, MissingSubmissionFileIsNamed) {
  TempDir dir;
  Spec spec = specFrom(std::string(kHeader) + "tests:\n  - name: t\n    checks: [{stop: halted}]\n", dir.path());
  dir.write("bob/readme.txt", "hi");
  auto r = gradeSubmission(spec, dir.path() / "bob", defaultBuilder("lc3"), {});
  EXPECT_FALSE(r.buildOk);
  EXPECT_NE(r.buildDiagnostics.find("the submission has no file prog.asm (it has: readme.txt)"), std::string::npos)
      << r.buildDiagnostics;
}

TEST(Lc3Grading, SymbolicLinksAreRefused) {
  TempDir dir;
  Spec spec = specFrom(std::string(kHeader) + "tests:\n  - name: t\n    checks: [{stop: halted}]\n", dir.path());
  auto secret = dir.write("secret.txt", "top secret\n");
  std::filesystem::create_directories(dir.path() / "mallory");
  std::filesystem::create_symlink(secret, dir.path() / "mallory/prog.asm");
  auto r = gradeSubmission(spec, dir.path() / "mallory", defaultBuilder("lc3"), {});
  EXPECT_FALSE(r.buildOk);
  EXPECT_NE(r.buildDiagnostics.find("prog.asm is a symbolic link"), std::string::npos) << r.buildDiagnostics;
  EXPECT_EQ(r.buildDiagnostics.find("top secret"), std::string::npos);
}

TEST(Lc3Grading, RenamedSingleSourceIsGradedWithANote) {
  TempDir dir;
  Spec spec = specFrom(std::string(kHeader) + "tests:\n  - name: t\n    input: k\n    checks: [{stop: halted}]\n", dir.path());
  dir.write("carol/Prog_final.asm", kProgram);
  auto r = gradeSubmission(spec, dir.path() / "carol", defaultBuilder("lc3"), {});
  EXPECT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_NE(r.buildDiagnostics.find("grading Prog_final.asm instead"), std::string::npos);
  EXPECT_DOUBLE_EQ(r.score, 1);
}

TEST(Lc3Grading, IsolatedBatchOnRealMachine) {
  TempDir dir;
  Spec spec = specFrom(std::string(kHeader) + "tests:\n  - name: t\n    input: k\n    checks: [{output: {contains: 'Key? k'}}]\n",
                       dir.path());
  dir.write("subs/a.asm", kProgram);
  dir.write("subs/b.asm", "garbage\n");
  std::string error;
  auto subs = listSubmissions(spec, dir.path() / "subs", error);
  BatchOptions options;
  options.jobs = 2;
  auto results = gradeBatch(spec, subs, defaultBuilder("lc3"), options);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_DOUBLE_EQ(results[0].score, 1);
  EXPECT_FALSE(results[1].buildOk);
  EXPECT_EQ(results[1].failure, "");
}


// build.case_sensitive_labels and build.strict reach the assembler (docs/lc3-assembler.md,
// "Relaxed syntax"): a 2004-style program with two labels that differ only in case builds only
// with the first; blank-separated operands build (with a warning) unless the second is set.
TEST(Lc3Grading, BuildKeysForTheAssemblerDialect) {
  const char* twoLabels = R"(
        .ORIG x3000
        LEA R0, Prompt_play1
        PUTS
        LEA R0, Prompt_PLAY1
        PUTS
        HALT
Prompt_play1 .STRINGZ "a"
Prompt_PLAY1 .STRINGZ "B"
        .END
)";
  const char* tests = "tests:\n  - name: t\n    checks: [{output: {contains: aB}}]\n";
  auto sensitive = gradeLc3("machine: lc3\nbuild: {submission: prog.asm, case_sensitive_labels: true}\n" +
                                std::string(tests),
                            twoLabels);
  ASSERT_TRUE(sensitive.buildOk) << sensitive.buildDiagnostics;
  EXPECT_DOUBLE_EQ(sensitive.score, 1) << renderText(sensitive);
  auto folded = gradeLc3(std::string(kHeader) + tests, twoLabels);
  EXPECT_FALSE(folded.buildOk);
  EXPECT_NE(folded.buildDiagnostics.find("--case-sensitive-labels"), std::string::npos) << folded.buildDiagnostics;

  const char* spaces = "        .ORIG x3000\n        LEA R0 MSG\n        PUTS\n        HALT\nMSG     .STRINGZ \"aB\"\n        .END\n";
  auto relaxed = gradeLc3(std::string(kHeader) + tests, spaces);
  ASSERT_TRUE(relaxed.buildOk) << relaxed.buildDiagnostics;
  EXPECT_NE(relaxed.buildDiagnostics.find("the portable spelling is 'LEA R0, MSG'"), std::string::npos)
      << relaxed.buildDiagnostics;
  EXPECT_DOUBLE_EQ(relaxed.score, 1);
  auto strict = gradeLc3("machine: lc3\nbuild: {submission: prog.asm, strict: true}\n" + std::string(tests), spaces);
  EXPECT_FALSE(strict.buildOk);
  EXPECT_NE(strict.buildDiagnostics.find("operands are separated by ','"), std::string::npos) << strict.buildDiagnostics;

  TempDir dir;
  Diagnostics diagnostics;
  EXPECT_FALSE(parseSpec("machine: pc\nbuild: {submission: a.asm, strict: true}\ntests: []\n", "s.yaml", dir.path(),
                         diagnostics));
  EXPECT_NE(diagnostics.renderToString().find("build.strict applies to machine lc3 only"), std::string::npos)
      << diagnostics.renderToString();
}

// A .bin submission loads like an .obj, named in the spec or handed in for prog.asm.
TEST(Lc3Grading, BinSubmissionIsGraded) {
  // LEA R0, MSG (x3003 - x3001 = 2: xE002), PUTS, HALT, "ok".
  const char* bin = "0011000000000000\n1110000000000010\n1111000000100010\n1111000000100101\n"
                    "0000000001101111\n0000000001101011\n0000000000000000\n";
  const char* tests = "tests:\n  - name: t\n    checks: [{output: {contains: ok}}, {stop: halted}]\n";
  TempDir dir;
  Spec named = specFrom("machine: lc3\nbuild: {submission: prog.bin}\n" + std::string(tests), dir.path());
  dir.write("dana/prog.bin", bin);
  auto r = gradeSubmission(named, dir.path() / "dana", defaultBuilder("lc3"), {});
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_DOUBLE_EQ(r.score, 1) << renderText(r);

  Spec source = specFrom(std::string(kHeader) + tests, dir.path());
  dir.write("erin/prog.bin", bin);
  auto instead = gradeSubmission(source, dir.path() / "erin", defaultBuilder("lc3"), {});
  ASSERT_TRUE(instead.buildOk) << instead.buildDiagnostics;
  EXPECT_NE(instead.buildDiagnostics.find("prog.asm not found; grading prog.bin instead"), std::string::npos)
      << instead.buildDiagnostics;
  EXPECT_DOUBLE_EQ(instead.score, 1);
}

}  // namespace
}  // namespace asmlab::grader::testing
