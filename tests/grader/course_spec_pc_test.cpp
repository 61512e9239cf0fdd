// The course spec features on the 8086 PC where they make sense (docs/grading.md): how a run must
// end, checks after each key, '$'-terminated strings through a register or a pointer in DS, CALL
// counts (direct and through a register), several runs of subroutines on one machine, seeded
// machines shared by tests with the same seed, and the limit a stop names. Expected values are
// worked out by hand from the program below.
#include <gtest/gtest.h>

#include "asmlab/grader/report.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

SubmissionResult gradePc(const std::string& yaml, const std::string& source, const Builder& builder = defaultBuilder("pc")) {
  TempDir dir;
  Spec spec = specFrom(yaml, dir.path());
  auto path = dir.write("student/prog.asm", source);
  return gradeSubmission(spec, path.parent_path(), builder, {});
}

const char* kHeader = "machine: pc\nbuild: {submission: prog.asm}\n";

// BUMP counts its calls in RUNS; the main program calls it twice directly and once through BX,
// then echoes keys (INT 21h AH=01h), answering each with '!' and counting it in KEYS, until 'q'.
const char* kProgram = R"(
        .MODEL  SMALL
        .STACK  100h
        .DATA
        PUBLIC  msg, msgptr, keys, runs
msg     DB      'Hello$'
msgptr  DW      OFFSET msg
keys    DW      0
runs    DW      0
        .CODE
        PUBLIC  greet, bump, twice, again
start:  mov     ax, @data
        mov     ds, ax
        call    bump
        call    bump
        mov     bx, OFFSET bump
        call    bx
again:  mov     ah, 1
        int     21h
        cmp     al, 'q'
        je      done
        inc     keys
        mov     dl, '!'
        mov     ah, 2
        int     21h
        jmp     again
done:   mov     ax, 4C00h
        int     21h
greet   PROC
        mov     dx, OFFSET msg
        ret
greet   ENDP
bump    PROC
        inc     runs
        ret
bump    ENDP
twice   PROC
        call    bump
        call    bump
        ret
twice   ENDP
        END     start
)";

TEST(CourseSpecPc, StepsCallsAndRequire) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: a whole run, key by key
    require: halted
    input:
      - keys: "a"
        expect: [{output: {equals: "a!"}}, {memory: {keys: [1, 0]}}]
      - keys: "b"
        expect: [{output: {equals: "b!"}}]
      - keys: "q"
        expect: [{output: {equals: "q"}}, {stop: halted}]
    checks:
      - calls: {bump: 3, greet: 0}
      - memory: {runs: [3, 0], keys: [2, 0]}
      - exit_code: 0
  - name: no credit when the input runs out
    require: halted
    input: "ab"
    checks: [{memory: {keys: [2, 0]}}]
)", kProgram);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).verdict, "waiting-for-input");
  EXPECT_EQ(r.tests.at(1).score, 0) << renderText(r);
  EXPECT_TRUE(r.tests.at(1).checks.at(1).passed);
}

// A subroutine of an 8086 program expects DS to hold its data segment, which the program's own
// start-up code sets: a first run goes as far as the key loop (until:), later runs call subroutines.
TEST(CourseSpecPc, DollarStringsThroughARegisterOrAPointer) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: strings
    runs:
      - until: again
        checks: [{stop: reached}]
      - start: {call: greet}
        checks:
          - string: {at: "[DX]", terminator: "'$'", equals: "Hello"}
          - string: {at: "[DS:DX]", terminator: "'$'", equals: "hello", ignore_case: true}
          - string: {at: "[msgptr]", terminator: "'$'", contains: "ell"}
          - memory: {"[DX]+1": "'e'", "[msgptr]+5": "'$'"}
          - stop: returned
  - name: a wrong one
    runs:
      - until: again
        checks: [{stop: reached}]
      - start: {call: greet}
        checks:
          - string: {at: "[DX]", terminator: "'$'", equals: "Help"}
)", kProgram);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  const auto& wrong = r.tests.at(1).checks.at(1);
  EXPECT_NE(wrong.message.find("(MSG) is \"Hello\""), std::string::npos) << wrong.message;
}

TEST(CourseSpecPc, SeveralRunsOfSubroutines) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: state carries over
    runs:
      - until: again
        checks: [{memory: {runs: [3, 0]}}, {calls: {bump: 3}}, {stop: reached}]
      - start: {call: bump}
        checks: [{memory: {runs: [4, 0]}}, {stop: returned}]
      - start: {call: twice}
        checks: [{memory: {runs: [6, 0]}}, {calls: {bump: 2}}, {stop: returned}]
  - name: the start-up code, then the rest of the program
    runs:
      - until: again
        checks: [{stop: reached}, {output: {equals: ""}}]
      - start: resume
        input: "xq"
        checks: [{stop: halted}, {output: {equals: "x!q"}}, {memory: {keys: [1, 0]}}]
  - name: after the program exits there is nothing to call
    runs:
      - input: "q"
        checks: [{stop: halted}]
      - start: {call: bump}
        checks: [{memory: {runs: [4, 0]}}]
  - name: a program waiting in DOS for a key only resumes
    runs:
      - checks: [{stop: waiting-for-input}]
      - start: {call: bump}
        checks: [{memory: {runs: [4, 0]}}]
)", kProgram);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(1).status, "passed") << renderText(r);
  EXPECT_EQ(r.tests.at(2).checks.at(1).message, "not run: the program exited in run 1");
  EXPECT_EQ(r.tests.at(3).checks.at(1).message.rfind("not run: run 1 left the program waiting inside a DOS or BIOS input call", 0),
            0u) << r.tests.at(2).checks.at(1).message;
}

// The exit code is the OR of two bytes at 9FFF0h, past the program: 0 on a zeroed machine.
const char* kUninitialised = R"(
        .MODEL  SMALL
        .STACK  100h
        .CODE
start:  mov     ax, 9FFFh
        mov     es, ax
        mov     al, es:[0]
        or      al, es:[1]
        mov     ah, 4Ch
        int     21h
        END     start
)";

TEST(CourseSpecPc, TwoRandomizedTestsWithTheSameSeedShareOneMachine) {
  int seededLoads = 0;
  Builder counting = [&](const Spec& s, const std::filesystem::path& submission) {
    BuiltProgram built = defaultBuilder("pc")(s, submission);
    auto inner = built.newRandomizedMachine;
    built.newRandomizedMachine = [&seededLoads, inner](uint64_t seed) {
      ++seededLoads;
      return inner(seed);
    };
    return built;
  };
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: first
    randomize: true
    seed: 4
    checks: [{exit_code: 0}]
  - name: second
    randomize: true
    seed: 4
    checks: [{exit_code: 0}]
)", kUninitialised, counting);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(seededLoads, 1);
  EXPECT_EQ(r.tests.at(1).verdict, "halted") << r.tests.at(1).stopMessage;
  EXPECT_EQ(r.tests.at(0).checks.at(0).message, r.tests.at(1).checks.at(0).message);
}

TEST(CourseSpecPc, StopMessageNamesTheTestsLimit) {
  auto r = gradePc(std::string(kHeader) + R"(tests:
  - name: t
    input: [{keys: "k", at_instruction: 1000}]
    limits: {instructions: 10000}
    checks: [{stop: halted}]
)", R"(
        .MODEL  SMALL
        .STACK  100h
        .CODE
start:  inc     ax
        jmp     start
        END     start
)");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_EQ(r.tests.at(0).instructions, 10000u);
  EXPECT_EQ(r.tests.at(0).stopMessage.rfind("stopped after 10000 instructions (the test's limit)", 0), 0u)
      << r.tests.at(0).stopMessage;
}

}  // namespace
}  // namespace asmlab::grader::testing
