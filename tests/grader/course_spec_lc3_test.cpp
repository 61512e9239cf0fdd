// The spec features courses need (docs/grading.md), on the real LC-3 with its OS: how a run must
// end, start address and privilege, no HALT banner, forgiving output checks and similarity,
// alternatives, checks after each input step, strings through pointers, subroutine call counts,
// several runs on one machine, seeded machines shared by tests, and the limit a stop names.
// Every expected value is worked out by hand from the small programs below.
#include <gtest/gtest.h>

#include "asmlab/grader/batch.hpp"
#include "asmlab/grader/report.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

SubmissionResult gradeLc3(const std::string& yaml, const std::string& source) {
  TempDir dir;
  Spec spec = specFrom(yaml, dir.path());
  auto file = dir.write("student/prog.asm", source);
  return gradeSubmission(spec, file.parent_path(), defaultBuilder("lc3"), {});
}

const char* kHeader = "machine: lc3\nbuild: {submission: prog.asm, halt_banner: false}\n";

// Prints "Hello"; halts if COUNT is not zero, else spins forever. BAD is an illegal opcode.
// SUPER reads the PSR, which only supervisor mode may (3rd ed.: xFFFC is in device space).
const char* kEnds = R"(
        .ORIG x3000
        LEA R0, HELLO
        PUTS
        LD R1, COUNT
        BRz SPIN
        HALT
SPIN    BRnzp SPIN
BAD     .FILL xD000
SUPER   LDI R0, PSRADDR
        ST R0, SAVED
        HALT
PSRADDR .FILL xFFFC
SAVED   .FILL #0
HELLO   .STRINGZ "Hello"
COUNT   .FILL #1
        .END
)";

TEST(CourseSpecLc3, RequireScoresOnlyRunsThatEndAsRequired) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: halts
    require: halted
    checks: [{output: {equals: "Hello"}}]
  - name: spins, so no credit for the right output
    points: 3
    require: halted
    setup: {memory: {COUNT: 0}}
    limits: {instructions: 1000}
    checks: [{output: {equals: "Hello"}}]
  - name: a limit is not an exception
    require: no-exception
    setup: {memory: {COUNT: 0}}
    limits: {instructions: 1000}
    checks: [{output: {equals: "Hello"}}]
  - name: an exception scores nothing under no-exception
    require: no-exception
    start: {at: BAD}
    checks: [{stop: exception}]
  - name: either verdict in a list
    require: [returned, halted]
    checks: [{stop: halted}]
)", kEnds);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  const auto& spins = r.tests.at(1);
  EXPECT_EQ(spins.score, 0);
  EXPECT_EQ(spins.status, "failed");
  ASSERT_EQ(spins.checks.size(), 2u);
  EXPECT_EQ(spins.checks[0].name, "requirement on how the run ends");
  EXPECT_NE(spins.checks[0].message.find("the run ended by 'instruction-limit'"), std::string::npos) << spins.checks[0].message;
  EXPECT_NE(spins.checks[0].message.find("scores only if it ends by halted"), std::string::npos) << spins.checks[0].message;
  EXPECT_TRUE(spins.checks[1].passed) << "the check itself is reported as it came out";
  EXPECT_EQ(spins.checks[1].score, 0);
  EXPECT_NE(renderText(r).find("passed, but the test gives no credit"), std::string::npos) << renderText(r);
  EXPECT_EQ(r.tests.at(2).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(3).verdict, "exception");
  EXPECT_EQ(r.tests.at(3).score, 0) << renderText(r);
  EXPECT_EQ(r.tests.at(4).status, "passed") << renderText(r);
}

TEST(CourseSpecLc3, StartAtAnAddressInSupervisorMode) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: supervisor mode reads the PSR
    start: {at: SUPER, privilege: supervisor}
    setup: {registers: {R6: x4000}}
    checks:
      # PSR after the switch: user bit clear, priority 0, Z (the entry state's condition codes).
      - memory: {SAVED: x0002}
      # The switch keeps the user stack pointer in Saved_USP; R6 takes Saved_SSP (x3000).
      - registers: {USP: x4000}
      - stop: halted
  - name: user mode may not
    start: {at: SUPER}
    checks:
      - stop: exception
  - name: an absolute start address (SPIN is x3005)
    start: {at: x3005}
    limits: {instructions: 50}
    checks: [{stop: instruction-limit}, {output: {equals: ""}}]
)", kEnds);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "passed") << renderText(r);
  EXPECT_NE(r.tests.at(1).stopMessage.find("access control violation"), std::string::npos) << r.tests.at(1).stopMessage;
  EXPECT_EQ(r.tests.at(2).status, "passed") << renderText(r);
}

TEST(CourseSpecLc3, BuildStartAndPrivilegeForEveryTest) {
  auto r = gradeLc3("machine: lc3\nbuild: {submission: prog.asm, halt_banner: false, start: SUPER, privilege: supervisor}\n"
                    R"(tests:
  - name: every test starts at SUPER in supervisor mode
    checks: [{memory: {SAVED: x0002}}, {stop: halted}, {output: {equals: ""}}]
  - name: a later run starts there again, in that mode
    runs:
      - checks: [{stop: halted}]
      - setup: {memory: {SAVED: 0}}
        checks: [{memory: {SAVED: x0002}}, {stop: halted}]
  - name: a test's own start wins
    start: {at: x3000, privilege: user}
    checks: [{output: {equals: "Hello"}}, {stop: halted}]
)", kEnds);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  for (const auto& t : r.tests) EXPECT_EQ(t.status, "passed") << renderText(r);
}

TEST(CourseSpecLc3, HaltBannerIsABuildKey) {
  const char* tests = R"(tests:
  - name: t
    checks: [{output: {equals: "Hello"}}]
)";
  auto quiet = gradeLc3(std::string(kHeader) + tests, kEnds);
  EXPECT_EQ(quiet.tests.at(0).status, "passed") << renderText(quiet);
  // The OS's banner (docs/lc3-simulator.md) when the key is left out.
  auto loud = gradeLc3(std::string("machine: lc3\nbuild: {submission: prog.asm}\n") + R"(tests:
  - name: t
    checks: [{output: {equals: "Hello\n\n--- Halting the LC-3 ---\n\n"}}]
)",
                       kEnds);
  EXPECT_EQ(loud.tests.at(0).status, "passed") << renderText(loud);
}

// Prints two lines; the second has leading blanks and doubled blanks.
const char* kWins = R"(
        .ORIG x3000
        LEA R0, LINE1
        PUTS
        LEA R0, LINE2
        PUTS
        HALT
LINE1   .STRINGZ "Player 1 WINS!!\n"
LINE2   .STRINGZ "  score:  5 - 4\n"
        .END
)";

TEST(CourseSpecLc3, OutputIgnoringCaseWhitespaceAndPunctuation) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: forgiving
    checks:
      - output: {equals: "player 1 wins\nscore 5 4", ignore_case: true, ignore_punctuation: true, ignore_whitespace: true}
      - output: {equals: "Player1WINS!!score:5-4", ignore_whitespace: all}
      - output: {contains: "SCORE:  5 - 4", ignore_case: true}
      - output: {regex: "player 1 wins", ignore_case: true}
  - name: each option matters
    checks:
      - output: {equals: "player 1 wins\nscore 5 4", ignore_punctuation: true, ignore_whitespace: true}
      - output: {equals: "Player 1 WINS\nscore 5 4", ignore_whitespace: true}
      - output: {equals: "Player 1 WINS!!\nscore: 5 - 4", ignore_punctuation: true}
)", kWins);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  const auto& strict = r.tests.at(1);
  ASSERT_EQ(strict.checks.size(), 3u);
  for (const auto& c : strict.checks) EXPECT_FALSE(c.passed) << c.name;
  EXPECT_NE(strict.checks[0].message.find("line 1 differs at column 1"), std::string::npos) << strict.checks[0].message;
}

// Prints the 10 characters "abcdefghij" and a newline, then four short lines.
const char* kLetters = R"(
        .ORIG x3000
        LEA R0, TEXT
        PUTS
        HALT
TEXT    .STRINGZ "abcdefghij\none\ntwo\nthree\n"
        .END
)";

TEST(CourseSpecLc3, SimilarityWithThresholdAndPartialCredit) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: by characters
    checks:
      # "abcdefghXY\none..." differs from the output in 2 of its 25 characters: 1 - 2/25 = 0.92,
      # which is 0.42 above min 0.5, out of 0.5: 84% of 10 points = 8.4.
      - output: {similar: "abcdefghXY\none\ntwo\nthree\n", by: characters, min: 0.5}
        points: 10
  - name: by lines
    checks:
      # one of 4 lines differs: 0.75 similar, half-way from min 0.5 to 1: 2 of 4 points.
      - output: {similar: "abcdefghij\none\nTWO\nthree\n", min: 0.5}
        points: 4
  - name: below the threshold
    checks:
      - output: {similar: "abcdefghij\nuno\ndos\ntres\n", min: 0.5}
        points: 4
  - name: identical
    checks:
      - output: {similar: "ABCDEFGHIJ\none\ntwo\nthree", by: characters, min: 0.9, ignore_case: true, ignore_whitespace: true}
        points: 3
)", kLetters);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_DOUBLE_EQ(r.tests.at(0).score, 8.4) << renderText(r);
  EXPECT_EQ(r.tests.at(0).status, "partial");
  EXPECT_NE(r.tests.at(0).checks[0].message.find("character similarity 92.0%"), std::string::npos)
      << r.tests.at(0).checks[0].message;
  EXPECT_DOUBLE_EQ(r.tests.at(1).score, 2) << renderText(r);
  EXPECT_DOUBLE_EQ(r.tests.at(2).score, 0) << renderText(r);
  EXPECT_NE(r.tests.at(2).checks[0].message.find("line similarity below the 50.0%"), std::string::npos)
      << r.tests.at(2).checks[0].message;
  EXPECT_DOUBLE_EQ(r.tests.at(3).score, 3) << renderText(r);
}

TEST(CourseSpecLc3, AlternativesForDifferentCredit) {
  const char* alternatives = R"(
      - any_of:
          - output: {contains: "Player 1 WINS!!"}
            points: 2
          - output: {contains: "player 1 wins", ignore_case: true}
            points: 1
)";
  auto r = gradeLc3(std::string(kHeader) + "tests:\n  - name: the exact words\n    checks:" + alternatives +
                        "  - name: close enough\n    checks:" +
                        R"(
      - any_of:
          - output: {contains: "Player 1 wins!"}
            points: 2
          - output: {contains: "player 1 wins", ignore_case: true}
            points: 1
  - name: neither
    checks:
      - any_of:
          - output: {contains: "Player 2"}
            points: 2
          - {registers: {R3: 7}, points: 1}
)", kWins);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_DOUBLE_EQ(r.tests.at(0).score, 2) << renderText(r);
  EXPECT_DOUBLE_EQ(r.tests.at(0).maxScore, 2);
  EXPECT_DOUBLE_EQ(r.tests.at(1).score, 1) << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "partial");
  EXPECT_NE(r.tests.at(1).checks[0].message.find("alternative 2"), std::string::npos) << r.tests.at(1).checks[0].message;
  EXPECT_DOUBLE_EQ(r.tests.at(2).score, 0);
  const std::string& why = r.tests.at(2).checks[0].message;
  EXPECT_NE(why.find("alternative 1: output does not contain \"Player 2\""), std::string::npos) << why;
  EXPECT_NE(why.find("alternative 2: R3: expected x0007"), std::string::npos) << why;
}

// Prompts "> ", reads a key with GETC; 'q' says "Bye" and halts, any other key is echoed as
// "You typed k" and counted in COUNT.
const char* kEcho = R"(
        .ORIG x3000
LOOP    LEA R0, PROMPT
        PUTS
        GETC
        LD R1, NEGQ
        ADD R1, R0, R1
        BRz DONE
        ST R0, KEY
        LEA R0, TYPED
        PUTS
        LD R0, KEY
        OUT
        LD R0, NL
        OUT
        LD R2, COUNT
        ADD R2, R2, #1
        ST R2, COUNT
        BRnzp LOOP
DONE    LEA R0, BYE
        PUTS
        HALT
PROMPT  .STRINGZ "> "
TYPED   .STRINGZ "You typed "
BYE     .STRINGZ "Bye\n"
NEGQ    .FILL #-113
NL      .FILL x000A
KEY     .FILL #0
COUNT   .FILL #0
        .END
)";

TEST(CourseSpecLc3, ChecksAfterEachInputStep) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: steps
    input:
      - keys: "a"
        expect:
          - output: {equals: "You typed a\n> "}
          - memory: {COUNT: 1}
          - stop: waiting-for-input
      - keys: "b"
        expect: [{output: {equals: "You typed b\n> "}}, {memory: {COUNT: 2}}]
      - keys: "q"
        expect: [{output: {equals: "Bye\n"}}, {stop: halted}]
    checks:
      - output: {equals: "> You typed a\n> You typed b\n> Bye\n"}
  - name: a wrong expectation names its step, a step never typed says so
    input:
      - keys: "q"
        expect: [{output: {equals: "Goodbye\n"}}]
      - keys: "x"
        expect: [{output: {contains: "You typed x"}}]
    checks: [{stop: halted}]
)", kEcho);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  const auto& steps = r.tests.at(0);
  EXPECT_EQ(steps.status, "passed") << renderText(r);
  ASSERT_EQ(steps.checks.size(), 8u);
  EXPECT_EQ(steps.checks[0].name, "after step 1 (\"a\"): output equals \"You typed a > \"");
  const auto& bad = r.tests.at(1);
  ASSERT_EQ(bad.checks.size(), 3u);
  EXPECT_FALSE(bad.checks[0].passed);
  EXPECT_EQ(bad.checks[0].name.rfind("after step 1 (\"q\")", 0), 0u) << bad.checks[0].name;
  EXPECT_NE(bad.checks[0].message.find("expected: \"Goodbye\""), std::string::npos) << bad.checks[0].message;
  EXPECT_FALSE(bad.checks[1].passed);
  EXPECT_EQ(bad.checks[1].message, "this step was never typed: the program stopped by 'halted' before it waited for it");
  EXPECT_TRUE(bad.checks[2].passed);
  EXPECT_NEAR(bad.score, 1.0 / 3, 0.001);
}

// GREET returns the address of HELLO in R0; MSGPTR points at WORLD; PEEK2 loads the word at R1+2.
const char* kStrings = R"(
        .ORIG x3000
        HALT
GREET   LEA R0, HELLO
        RET
PEEK2   LDR R3, R1, #2
        RET
MSGPTR  .FILL WORLD
HELLO   .STRINGZ "Hello"
WORLD   .STRINGZ "World"
BUF     .BLKW 4
DOLLAR  .STRINGZ "Hi$there"
        .END
)";

TEST(CourseSpecLc3, StringsThroughARegisterOrAPointer) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: through registers and pointers
    start: {call: GREET}
    checks:
      - string: {at: "[R0]", equals: "Hello"}
      - string: {at: "[MSGPTR]", contains: "orl"}
      - string: {at: "[MSGPTR]", equals: "WORLD", ignore_case: true}
      - memory: {"[R0]+1": "'e'", "[MSGPTR]+4": ["'d'", 0]}
      - string: {at: DOLLAR, terminator: "'$'", equals: "Hi"}
      - string: {at: "HELLO+1", max_length: 3, equals: "ell"}
  - name: a setup value through a register
    start: {call: PEEK2}
    setup:
      registers: {R1: BUF}
      memory: {"[R1]+2": "'Z'"}
    checks: [{registers: {R3: "'Z'"}}]
  - name: a wrong string is shown with its address
    start: {call: GREET}
    checks:
      - string: {at: "[R0]", equals: "Help"}
)", kStrings);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "passed") << renderText(r);
  const auto& wrong = r.tests.at(2).checks.at(0);
  EXPECT_FALSE(wrong.passed);
  // HELLO is at x3006: HALT, 2 words of GREET, 2 of PEEK2, MSGPTR.
  EXPECT_NE(wrong.message.find("the string at x3006 (HELLO) is \"Hello\""), std::string::npos) << wrong.message;
  EXPECT_EQ(wrong.name, "string at [R0] equals \"Help\"");
}

// MAIN calls SUB twice with JSR and once with JSRR; SUB loops back to its own first instruction
// while R1 > 0, which is not a call. TWICE calls SUB twice.
const char* kCalls = R"(
        .ORIG x3000
        AND R1, R1, #0
        ADD R1, R1, #3
        JSR SUB
        JSR SUB
        LEA R4, SUB
        JSRR R4
        JSR OTHER
        HALT
SUB     ADD R1, R1, #-1
        BRp SUB
        RET
OTHER   RET
NEVER   RET
TWICE   ST R7, SAVE7
        JSR SUB
        JSR SUB
        LD R7, SAVE7
        RET
SAVE7   .FILL #0
        .END
)";

TEST(CourseSpecLc3, CallsOfASubroutine) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: whole program
    checks:
      - calls: {SUB: 3, OTHER: 1, NEVER: 0, TWICE: {max: 0}}
  - name: wrong counts
    checks:
      - calls: {SUB: {min: 4}}
      - calls: {OTHER: 2}
      - calls: {NOSUCH: 1}
  - name: the grader's own call is not counted
    start: {call: TWICE, args: {R1: 1}}
    checks:
      - calls: {TWICE: 0, SUB: 2}
      - stop: returned
)", kCalls);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  const auto& wrong = r.tests.at(1);
  EXPECT_EQ(wrong.checks.at(0).message, "SUB was called 3 times, expected at least 4 times");
  EXPECT_EQ(wrong.checks.at(1).message, "OTHER was called once, expected 2 times");
  EXPECT_NE(wrong.checks.at(2).message.find("label NOSUCH is not defined in the submission"), std::string::npos)
      << wrong.checks.at(2).message;
  EXPECT_EQ(r.tests.at(2).status, "passed") << renderText(r);
}

// Each run from the entry counts itself in RUNS and in R5; ADD2 adds 2 to RUNS.
const char* kRuns = R"(
        .ORIG x3000
        LD R0, RUNS
        ADD R0, R0, #1
        ST R0, RUNS
        ADD R5, R5, #1
        HALT
ADD2    LD R0, RUNS
        ADD R0, R0, #2
        ST R0, RUNS
        RET
RUNS    .FILL #0
BAD     .FILL xD000
        .END
)";

TEST(CourseSpecLc3, SeveralRunsOnOneMachine) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: state carries over
    runs:
      - checks: [{memory: {RUNS: 1}}, {stop: halted}]
      - start: entry
        checks: [{memory: {RUNS: 2}}, {registers: {R5: 2}}, {stop: halted}]
      - start: {call: ADD2}
        checks: [{memory: {RUNS: 4}}, {stop: returned}]
      - checks: [{memory: {RUNS: 5}}, {registers: {R5: 3}}, {stop: halted}]
  - name: a run after an exception is not run
    runs:
      - start: {at: BAD}
        checks: [{stop: exception}]
      - checks: [{memory: {RUNS: 1}}]
  - name: another test starts afresh
    checks: [{memory: {RUNS: 1}}]
)", kRuns);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(0).checks.at(0).name, "run 1: memory RUNS");
  const auto& skipped = r.tests.at(1);
  EXPECT_TRUE(skipped.checks.at(0).passed);
  EXPECT_FALSE(skipped.checks.at(1).passed);
  EXPECT_EQ(skipped.checks.at(1).message, "not run: run 1 ended by an exception");
  EXPECT_EQ(r.tests.at(2).status, "passed") << renderText(r);
}

TEST(CourseSpecLc3, ResumeARunThatWaitsForInput) {
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: two sittings
    runs:
      - input: "a"
        checks: [{stop: waiting-for-input}, {output: {equals: "> You typed a\n> "}}]
      - start: resume
        input: "q"
        checks: [{stop: halted}, {output: {equals: "Bye\n"}}, {memory: {COUNT: 1}}]
)", kEcho);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
}

// LOAD reads the word at x4000: zero on the plain machine, seeded garbage on a randomised one.
const char* kLoad = R"(
        .ORIG x3000
        HALT
LOAD    LDI R3, WHERE
        RET
WHERE   .FILL x4000
        .END
)";

TEST(CourseSpecLc3, TwoRandomizedTestsWithTheSameSeedShareOneMachine) {
  // The builder loads each seeded machine once (before grading is sandboxed, when files may still
  // be read); a second test with the same seed must not need another.
  TempDir dir;
  Spec spec = specFrom(std::string(kHeader) + R"(tests:
  - name: first
    randomize: true
    seed: 9
    start: {call: LOAD}
    checks: [{registers: {R3: 0}}]
  - name: second, same seed
    randomize: true
    seed: 9
    start: {call: LOAD}
    checks: [{registers: {R3: 0}}]
)", dir.path());
  auto file = dir.write("student/prog.asm", kLoad);
  int seededLoads = 0;
  Builder counting = [&](const Spec& s, const std::filesystem::path& submission) {
    BuiltProgram built = defaultBuilder("lc3")(s, submission);
    auto inner = built.newRandomizedMachine;
    built.newRandomizedMachine = [&seededLoads, inner](uint64_t seed) {
      ++seededLoads;
      return inner(seed);
    };
    return built;
  };
  auto r = gradeSubmission(spec, file.parent_path(), counting, {});
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(seededLoads, 1);
  ASSERT_EQ(r.tests.size(), 2u);
  for (const auto& t : r.tests) EXPECT_EQ(t.verdict, "returned") << t.stopMessage;
  // Both read the same seeded word (a zero has 1 chance in 65,536).
  EXPECT_EQ(r.tests[0].checks.at(0).message, r.tests[1].checks.at(0).message);
  EXPECT_FALSE(r.tests[0].checks.at(0).passed);

  // In the isolated (forked, sandboxed) grading process, where loading again is impossible.
  dir.write("batch/alice.asm", kLoad);
  std::string error;
  auto subs = listSubmissions(spec, dir.path() / "batch", error);
  auto results = gradeBatch(spec, subs, defaultBuilder("lc3"), {});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_EQ(results[0].tests.size(), 2u);
  EXPECT_EQ(results[0].tests[1].verdict, "returned") << results[0].tests[1].stopMessage;
  EXPECT_EQ(results[0].tests[0].checks.at(0).message, results[0].tests[1].checks.at(0).message);
}

TEST(CourseSpecLc3, StopMessageNamesTheTestsLimit) {
  // A key typed at instruction 1,000 splits the run in two; the limit is still 10,000 in all.
  auto r = gradeLc3(std::string(kHeader) + R"(tests:
  - name: instructions
    input: [{keys: "k", at_instruction: 1000}]
    limits: {instructions: 10000}
    checks: [{stop: halted}]
  - name: clocks
    input: [{keys: "k", at_clock: 1000}]
    limits: {clocks: 20000}
    checks: [{stop: halted}]
)", R"(
        .ORIG x3000
LOOP    ADD R1, R1, #1
        BRnzp LOOP
        .END
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).instructions, 10000u);
  EXPECT_EQ(r.tests.at(0).stopMessage, "stopped after 10000 instructions (the test's limit) (at x3000 (LOOP))");
  EXPECT_NE(r.tests.at(0).checks.at(0).message.find("stopped after 10000 instructions (the test's limit)"),
            std::string::npos) << r.tests.at(0).checks.at(0).message;
  EXPECT_EQ(r.tests.at(1).verdict, "clock-limit");
  EXPECT_NE(r.tests.at(1).stopMessage.find("stopped after 200"), std::string::npos) << r.tests.at(1).stopMessage;
  EXPECT_NE(r.tests.at(1).stopMessage.find("clocks (the test's limit)"), std::string::npos) << r.tests.at(1).stopMessage;
}

}  // namespace
}  // namespace asmlab::grader::testing
