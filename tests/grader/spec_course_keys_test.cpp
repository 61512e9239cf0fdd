// Parsing the course features' spec keys (runs, require, until, start at/privilege/resume,
// halt_banner, expect, string, calls, any_of, the output options, indirect addresses) and the
// located errors for their mistakes.
#include <gtest/gtest.h>

#include "asmlab/grader/spec.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader {
namespace {

std::string firstError(const std::string& text) {
  Diagnostics d;
  auto spec = parseSpec(text, "spec.yaml", ".", d);
  EXPECT_FALSE(spec.has_value());
  if (d.all().empty()) return "(no error)";
  return formatDiagnostic(d.all().front());
}

std::string lc3Error(const std::string& tests) {
  return firstError("machine: lc3\nbuild: {submission: prog.asm}\ntests:\n" + tests);
}

TEST(SpecAddresses, Indirect) {
  auto r = parseAddress("[R3]+8");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->via, AddressExpr::Via::Register);
  EXPECT_EQ(r->viaRegister, "R3");
  EXPECT_EQ(r->offset, 8);
  auto p = parseAddress("[BUF_PTR+2]-1");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->via, AddressExpr::Via::Memory);
  EXPECT_EQ(p->pointerLabel, "BUF_PTR");
  EXPECT_EQ(p->pointerOffset, 2);
  EXPECT_EQ(p->offset, -1);
  auto x = parseAddress("[x4000]");
  ASSERT_TRUE(x);
  EXPECT_EQ(x->via, AddressExpr::Via::Memory);
  EXPECT_TRUE(x->pointerLabel.empty());
  EXPECT_EQ(x->pointerOffset, 0x4000);
  auto seg = parseAddress("[es:di]");
  ASSERT_TRUE(seg);
  EXPECT_EQ(seg->segment, "ES");
  EXPECT_EQ(seg->viaRegister, "DI");
  // Labels with the punctuation course assemblers accept.
  auto odd = parseAddress("What?+1");
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->label, "What?");
  EXPECT_FALSE(parseAddress("[R3"));
  EXPECT_FALSE(parseAddress("[]"));
  EXPECT_FALSE(parseAddress("[XY:SI]"));
  EXPECT_FALSE(parseAddress("[R3]*2"));
}

TEST(SpecCourseKeys, RunsRequireUntilAndStart) {
  auto spec = testing::specFrom(R"(machine: lc3
build: {submission: prog.asm, halt_banner: false}
tests:
  - name: t
    limits: {instructions: 500}
    runs:
      - until: MAIN_LOOP
        require: reached
        checks: [{stop: reached}]
      - start: {call: F, privilege: supervisor}
        limits: {instructions: 99}
        require: [returned, halted]
        checks: [{stop: returned}]
      - start: resume
        require: no-exception
        input:
          - keys: "A1"
            expect: [{output: {contains: "Player 2"}}]
        checks: [{stop: halted}]
      - start: {at: "x3000", privilege: user}
        checks: [{stop: halted}]
)");
  EXPECT_FALSE(spec.build.haltBanner);
  const auto& runs = spec.tests.at(0).runs;
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[0].until->label, "MAIN_LOOP");
  EXPECT_EQ(runs[0].limits.instructions, 500u) << "the test's limits are each run's default";
  EXPECT_EQ(runs[0].require.describe(), "reached");
  EXPECT_EQ(runs[1].start.kind, Start::Kind::Call);
  EXPECT_EQ(runs[1].start.supervisor, true);
  EXPECT_EQ(runs[1].limits.instructions, 99u);
  EXPECT_EQ(runs[1].require.describe(), "returned or halted");
  EXPECT_EQ(runs[2].start.kind, Start::Kind::Resume);
  EXPECT_EQ(runs[2].require.describe(), "no exception");
  ASSERT_EQ(runs[2].input.size(), 1u);
  EXPECT_EQ(runs[2].input[0].expect.size(), 1u);
  EXPECT_EQ(runs[3].start.kind, Start::Kind::At);
  EXPECT_EQ(runs[3].start.at->offset, 0x3000);
  EXPECT_EQ(runs[3].start.supervisor, false);
  // Five checks share the test's one point.
  EXPECT_DOUBLE_EQ(spec.tests.at(0).points, 1);
}

TEST(SpecCourseKeys, ChecksParse) {
  auto spec = testing::specFrom(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    points: 5
    checks:
      - string: {at: "[R0]", equals: "hi", ignore_case: true, terminator: "'$'", max_length: 10}
      - calls: {FILL_BOX: 2, DISPLAY_BOARD: {min: 1, max: 30}}
      - any_of:
          - {output: {contains: "Player 1 wins!"}, points: 2}
          - {output: {contains: "player 1 wins", ignore_case: true, ignore_punctuation: true}, points: 1}
      - output: {similar: "abc", by: characters, min: 0.8, ignore_whitespace: all}
        points: 1
)");
  const auto& checks = spec.tests.at(0).runs.at(0).checks;
  ASSERT_EQ(checks.size(), 4u);
  EXPECT_EQ(checks[0].kind, Check::Kind::String);
  EXPECT_EQ(checks[0].stringAt.viaRegister, "R0");
  EXPECT_EQ(checks[0].terminator, '$');
  EXPECT_EQ(checks[0].maxLength, 10u);
  EXPECT_TRUE(checks[0].ignoreCase);
  EXPECT_EQ(checks[1].kind, Check::Kind::Calls);
  ASSERT_EQ(checks[1].calls.size(), 2u);
  EXPECT_EQ(checks[1].calls[0].min, 2u);
  EXPECT_EQ(checks[1].calls[0].max, 2u);
  EXPECT_EQ(checks[1].calls[1].max, 30u);
  EXPECT_EQ(checks[2].kind, Check::Kind::AnyOf);
  EXPECT_DOUBLE_EQ(checks[2].points, 2) << "worth its best alternative";
  EXPECT_TRUE(checks[2].alternatives[1].ignorePunctuation);
  EXPECT_TRUE(checks[3].similarByCharacters);
  EXPECT_TRUE(checks[3].ignoreAllWhitespace);
  EXPECT_EQ(checks[0].describe(), "string at [R0] equals \"hi\"");
}

TEST(SpecCourseKeys, MistakesAreLocated) {
  EXPECT_NE(lc3Error("  - name: t\n    require: halt\n    checks: [{stop: halted}]\n")
                .find("spec.yaml:5:14: error: unknown verdict 'halt' in require"),
            std::string::npos);
  std::string beside = lc3Error("  - name: t\n    checks: [{stop: halted}]\n    runs:\n      - checks: [{stop: halted}]\n");
  EXPECT_NE(beside.find("spec.yaml:5:13: error: a test with 'runs' has 'checks' in each run, not beside them"),
            std::string::npos) << beside;
  std::string resume = lc3Error("  - name: t\n    start: resume\n    checks: [{stop: halted}]\n");
  EXPECT_NE(resume.find("spec.yaml:5:12: error: the first run starts afresh"), std::string::npos) << resume;
  std::string privilege = firstError(
      "machine: pc\nbuild: {submission: prog.asm}\ntests:\n  - name: t\n    start: {call: F, privilege: user}\n"
      "    checks: [{stop: returned}]\n");
  EXPECT_NE(privilege.find("spec.yaml:5:33: error: privilege applies to machine lc3"), std::string::npos) << privilege;
  std::string start = firstError(
      "machine: lc3\nbuild: {submission: prog.asm, privilege: kernel}\ntests:\n  - name: t\n    checks: [{stop: halted}]\n");
  EXPECT_NE(start.find("spec.yaml:2:42: error: build.privilege must be 'user' or 'supervisor', not 'kernel'"),
            std::string::npos) << start;
  std::string banner = firstError("machine: pc\nbuild: {submission: prog.asm, halt_banner: false}\ntests:\n  - name: t\n"
                                  "    checks: [{stop: halted}]\n");
  EXPECT_NE(banner.find("spec.yaml:2:44: error: build.halt_banner applies to machine lc3 only"), std::string::npos) << banner;
  std::string entry = firstError("machine: pc\nbuild: {submission: prog.asm}\ntests:\n  - name: t\n    runs:\n"
                                 "      - checks: [{stop: halted}]\n      - start: entry\n        checks: [{stop: halted}]\n");
  EXPECT_NE(entry.find("spec.yaml:7:16: error: on machine pc a later run calls a subroutine"), std::string::npos) << entry;
  std::string one = lc3Error("  - name: t\n    checks:\n      - any_of: [{stop: halted}]\n");
  EXPECT_NE(one.find("spec.yaml:6:17: error: any_of must be a list of at least two checks"), std::string::npos) << one;
  std::string over = lc3Error("  - name: t\n    checks:\n      - any_of: [{stop: halted, points: 3}, {stop: returned}]\n"
                              "        points: 2\n");
  EXPECT_NE(over.find("an alternative's points (3) exceed the check's (2)"), std::string::npos) << over;
  std::string calls = lc3Error("  - name: t\n    checks:\n      - calls: {F: many}\n");
  EXPECT_NE(calls.find("spec.yaml:6:20: error: calls of F: 'many' is not a number"), std::string::npos) << calls;
  std::string at = lc3Error("  - name: t\n    checks:\n      - string: {equals: hi}\n");
  EXPECT_NE(at.find("spec.yaml:6:17: error: a string check needs 'at'"), std::string::npos) << at;
  std::string by = lc3Error("  - name: t\n    checks:\n      - output: {similar: x, by: words}\n");
  EXPECT_NE(by.find("spec.yaml:6:34: error: by must be 'lines' or 'characters', not 'words'"), std::string::npos) << by;
  std::string expect = lc3Error("  - name: t\n    input: [{keys: a, expect: []}]\n    checks: [{stop: halted}]\n");
  EXPECT_NE(expect.find("spec.yaml:5:31: error: expect must be a non-empty list of checks"), std::string::npos) << expect;
  std::string address = lc3Error("  - name: t\n    checks:\n      - memory: {\"[R3\": 1}\n");
  EXPECT_NE(address.find("spec.yaml:6:18: error: memory address: '[R3' is not an address"), std::string::npos) << address;
  std::string noChecks = lc3Error("  - name: t\n    runs:\n      - input: a\n");
  EXPECT_NE(noChecks.find("spec.yaml:6:7: error: no run of this test has a check"), std::string::npos) << noChecks;
}

}  // namespace
}  // namespace asmlab::grader
