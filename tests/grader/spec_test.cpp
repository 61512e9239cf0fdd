// Spec parsing: the documented example parses, and mistakes are reported at their line and column.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "asmlab/grader/spec.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader {
namespace {

std::optional<Spec> parse(const std::string& text, Diagnostics& d, const std::filesystem::path& dir = ".") {
  return parseSpec(text, "spec.yaml", dir, d);
}

std::string firstError(const std::string& text) {
  Diagnostics d;
  auto spec = parse(text, d);
  EXPECT_FALSE(spec.has_value());
  if (d.all().empty()) return "(no error)";
  return formatDiagnostic(d.all().front());
}

const char* kMinimal = R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    checks:
      - stop: halted
)";

TEST(SpecNumbers, AssemblerSyntax) {
  EXPECT_EQ(parseNumber("12"), 12);
  EXPECT_EQ(parseNumber("#-3"), -3);
  EXPECT_EQ(parseNumber("x3000"), 0x3000);
  EXPECT_EQ(parseNumber("0x3000"), 0x3000);
  EXPECT_EQ(parseNumber("xFFFF"), 0xFFFF);
  EXPECT_EQ(parseNumber("-x1"), -1);
  EXPECT_EQ(parseNumber("b101"), 5);
  EXPECT_EQ(parseNumber("'A'"), 65);
  EXPECT_EQ(parseNumber("'\\n'"), 10);
  EXPECT_EQ(parseNumber("0FFh"), 255);
  EXPECT_FALSE(parseNumber("B").has_value());
  EXPECT_FALSE(parseNumber("x").has_value());
  EXPECT_FALSE(parseNumber("12abc").has_value());
  EXPECT_FALSE(parseNumber("").has_value());
}

TEST(SpecNumbers, Addresses) {
  auto a = parseAddress("ROW1+3");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->label, "ROW1");
  EXPECT_EQ(a->offset, 3);
  auto b = parseAddress("BOARD-2");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->offset, -2);
  auto c = parseAddress("x4000");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->label.empty());
  EXPECT_EQ(c->offset, 0x4000);
  EXPECT_FALSE(parseAddress("1ABC").has_value());
  EXPECT_FALSE(parseAddress("A B").has_value());
}

TEST(Spec, MinimalSpecDefaults) {
  Diagnostics d;
  auto spec = parse(kMinimal, d);
  ASSERT_TRUE(spec) << d.renderToString();
  ASSERT_EQ(spec->tests.size(), 1u);
  EXPECT_EQ(spec->machine, "lc3");
  EXPECT_EQ(spec->build.edition, 3);
  EXPECT_EQ(spec->tests[0].points, 1);
  EXPECT_EQ(spec->tests[0].runs.at(0).start.kind, Start::Kind::Entry);
  EXPECT_EQ(spec->tests[0].runs.at(0).limits.instructions, 10'000'000u);
  EXPECT_EQ(spec->tests[0].visibility, "visible");
}

// The complete example in docs/grading.md must be a valid spec.
TEST(Spec, DocumentedExampleParses) {
  std::ifstream doc(std::string(ASMLAB_SOURCE_DIR) + "/docs/grading.md");
  ASSERT_TRUE(doc) << "docs/grading.md not found";
  std::stringstream text;
  text << doc.rdbuf();
  std::string all = text.str();
  size_t start = all.find("# programs/lc3/dots/asmlab.yaml");
  ASSERT_NE(start, std::string::npos);
  size_t end = all.find("```", start);
  std::string yaml = all.substr(start, end - start);
  auto dir = std::filesystem::temp_directory_path() / "asmlab-grader-doc-example";
  std::filesystem::create_directories(dir / "transcripts");
  std::ofstream(dir / "transcripts/p1-wins.txt") << "golden\n";
  Diagnostics d;
  auto spec = parse(yaml, d, dir);
  ASSERT_TRUE(spec) << d.renderToString();
  ASSERT_EQ(spec->tests.size(), 3u);
  const TestSpec& prompt = spec->tests[0];
  EXPECT_EQ(prompt.runs.at(0).start.kind, Start::Kind::Call);
  EXPECT_EQ(prompt.runs.at(0).start.call, "DISPLAY_PROMPT");
  EXPECT_EQ(prompt.runs.at(0).require.describe(), "returned");
  EXPECT_EQ(prompt.runs.at(0).setup.randomRegisters.size(), 6u);
  EXPECT_EQ(prompt.runs.at(0).limits.instructions, 10000u);
  ASSERT_EQ(prompt.runs.at(0).checks.size(), 2u);
  EXPECT_EQ(prompt.runs.at(0).checks[0].alternatives.size(), 2u);
  const TestSpec& apply = spec->tests[1];
  ASSERT_EQ(apply.runs.size(), 2u);
  EXPECT_EQ(apply.runs[1].checks.at(0).memory.at(1).at.viaRegister, "R3");
  EXPECT_EQ(apply.runs[1].checks.at(0).memory.at(1).at.offset, 8);
  EXPECT_EQ(apply.runs[1].checks.at(0).memory.at(1).values.at(0), '|');
  const TestSpec& game = spec->tests[2];
  EXPECT_EQ(game.runs.at(0).input.at(0).keys, "B4B0A5B2G1C3D6B6A3C1Q");
  EXPECT_DOUBLE_EQ(spec->maxScore(), 3 + 3 + 4);
}

TEST(SpecErrors, UnknownKeyNamesLineColumnAndSuggestion) {
  std::string text = R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    checks:
      - regsiters: {R3: 0}
)";
  std::string e = firstError(text);
  EXPECT_NE(e.find("spec.yaml:6:9: error: unknown key 'regsiters'"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'registers'"), std::string::npos) << e;
  EXPECT_NE(e.find("- regsiters: {R3: 0}"), std::string::npos) << "the source line is shown: " << e;
}

// libstdc++ reads a back-reference or repeat count into a `long` without a bound (undefined
// behaviour past 19 digits); the reader refuses more than six digits as a located error.
TEST(SpecErrors, RegexNumbersTooLongAreRefused) {
  auto spec = [](const std::string& pattern) {
    return std::string("machine: lc3\nbuild: {submission: prog.asm}\ntests:\n  - name: t\n    checks:\n") +
           "      - output: {regex: '" + pattern + "'}\n";
  };
  std::string e = firstError(spec("a\\88888888888888888888888"));
  EXPECT_NE(e.find("spec.yaml:6:25: error: invalid regular expression: a back-reference or repeat count of more "
                   "than six digits"), std::string::npos) << e;
  e = firstError(spec("a{1,99999999999999999999}"));
  EXPECT_NE(e.find("repeat count of more than six digits"), std::string::npos) << e;
  // Digits elsewhere (and a short count, and a brace in a class) are only text.
  Diagnostics d;
  EXPECT_TRUE(parse(spec("Score: 12345678901234 a{2,3} [{]1234567890 \\d{2}"), d).has_value()) << d.renderToString();
}

TEST(SpecErrors, BadNumberHintsAtCharacterQuoting) {
  std::string e = firstError(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    start: {call: F, args: {R1: 'B'}}
    checks: [{stop: returned}]
)");
  EXPECT_NE(e.find("spec.yaml:5:33:"), std::string::npos) << e;
  EXPECT_NE(e.find("\"'B'\""), std::string::npos) << e;
}

TEST(SpecErrors, DeviceChecksRejectedOnLc3) {
  std::string e = firstError(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    checks:
      - stop: halted
      - screen: {row: 0, text: "hi"}
)");
  EXPECT_NE(e.find("spec.yaml:7:17: error: a screen check needs a machine with that device"), std::string::npos) << e;
}

TEST(SpecErrors, PcBuildKeys) {
  testing::TempDir dir;
  std::filesystem::create_directories(dir.path() / "inc");
  auto spec = testing::specFrom(R"(machine: pc
build: {submission: prog.asm, cpu: 80386, dialect: tasm, include_paths: inc, library_paths: [inc, "."]}
tests:
  - name: t
    randomize: true
    checks: [{exit_code: 0}]
)", dir.path());
  EXPECT_EQ(spec.build.cpu, "80386");
  EXPECT_EQ(spec.build.dialect, "tasm");
  EXPECT_EQ(spec.build.timing, "manual");  // the default
  EXPECT_TRUE(spec.build.cpuGiven);        // kept even for an emu8086 program's 80186 instructions
  EXPECT_EQ(testing::specFrom("machine: pc\nbuild: {submission: p.asm, cpu: 8088, timing: cycle}\n"
                              "tests:\n  - name: t\n    checks: [{exit_code: 0}]\n")
                .build.timing,
            "cycle");
  const auto cycle = testing::specFrom(
      "machine: pc\nbuild: {submission: p.asm, timing: cycle}\n"
      "tests:\n  - name: t\n    checks: [{exit_code: 0}]\n");
  EXPECT_EQ(cycle.build.timing, "cycle");
  EXPECT_EQ(cycle.build.cpu, "8086");
  EXPECT_FALSE(cycle.build.cpuGiven);  // the default: such a program runs on an 80186
  ASSERT_EQ(spec.build.includePaths.size(), 1u);
  EXPECT_TRUE(spec.build.includePaths[0].is_absolute());
  EXPECT_EQ(spec.build.includePaths[0].filename(), "inc");
  EXPECT_EQ(spec.build.libraryPaths.size(), 2u);
  EXPECT_TRUE(spec.tests.at(0).randomize);

  auto e = [](const std::string& build) {
    return firstError("machine: pc\nbuild: {submission: prog.asm, " + build + "}\ntests:\n  - name: t\n    checks: [{exit_code: 0}]\n");
  };
  std::string cpu = e("cpu: 80486");
  EXPECT_NE(cpu.find("spec.yaml:2:36: error: unknown cpu '80486' (8086, 8088, 80186, 80286 or 80386)"), std::string::npos) << cpu;
  std::string timing = e("timing: fast");
  EXPECT_NE(timing.find("spec.yaml:2:39: error: unknown timing model 'fast' (manual, or cycle for the 8086 and 8088)"),
            std::string::npos) << timing;
  std::string timing386 = e("cpu: 80386, timing: cycle");
  EXPECT_NE(timing386.find("spec.yaml:2:51: error: build.timing cycle runs the 8086 and 8088 only, not the 80386"),
            std::string::npos) << timing386;
  std::string dialect = e("dialect: nasm");
  EXPECT_NE(dialect.find("spec.yaml:2:40: error: unknown dialect 'nasm' (masm, or tasm"), std::string::npos) << dialect;
  std::string folder = e("include_paths: [nowhere]");
  EXPECT_NE(folder.find("spec.yaml:2:47: error: build.include_paths: folder 'nowhere' not found"), std::string::npos) << folder;
  std::string shape = e("library_paths: {a: b}");
  EXPECT_NE(shape.find("spec.yaml:2:46: error: build.library_paths must be a folder or a list of folders"), std::string::npos)
      << shape;
  std::string lc3 = firstError("machine: lc3\nbuild: {submission: prog.asm, dialect: masm}\ntests:\n  - name: t\n    checks: [{stop: halted}]\n");
  EXPECT_NE(lc3.find("spec.yaml:2:40: error: build.dialect applies to machine pc only"), std::string::npos) << lc3;
  std::string randomize = firstError(
      "machine: lc3\nbuild: {submission: prog.asm}\ntests:\n  - name: t\n    randomize: maybe\n    checks: [{stop: halted}]\n");
  EXPECT_NE(randomize.find("spec.yaml:5:16: error: randomize must be true or false"), std::string::npos) << randomize;
}

TEST(SpecErrors, RegisterValuesTakeLabelExpressions) {
  auto spec = testing::specFrom(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    start: {call: F, args: {R0: BUFFER}}
    checks:
      - registers: {R3: "ROW0+28", R4: "ROW0-1", R5: x3000}
)");
  ASSERT_EQ(spec.tests.size(), 1u);
  const auto& args = spec.tests[0].runs.at(0).start.args;
  ASSERT_EQ(args.size(), 1u);
  ASSERT_TRUE(args[0].label);
  EXPECT_EQ(args[0].label->label, "BUFFER");
  const auto& regs = spec.tests[0].runs.at(0).checks.at(0).registers;
  ASSERT_EQ(regs.size(), 3u);
  ASSERT_TRUE(regs[0].label);
  EXPECT_EQ(regs[0].label->label, "ROW0");
  EXPECT_EQ(regs[0].label->offset, 28);
  EXPECT_EQ(regs[0].place.line, 7u);
  EXPECT_EQ(regs[0].place.column, 25u);
  EXPECT_EQ(regs[1].label->offset, -1);
  EXPECT_FALSE(regs[2].label);
  EXPECT_EQ(regs[2].value, 0x3000);
  // Not a label expression either: a located error.
  std::string e = firstError(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    checks:
      - registers: {R3: "ROW0+"}
)");
  EXPECT_NE(e.find("spec.yaml:6:25: error: value of R3 (a number or LABEL+n): 'ROW0+' is not a number"), std::string::npos) << e;
}

TEST(SpecErrors, InvalidYamlIsLocated) {
  std::string e = firstError("machine: lc3\nbuild: {submission: [a.asm}\n");
  EXPECT_NE(e.find("spec.yaml:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("invalid YAML"), std::string::npos) << e;
}

TEST(SpecErrors, UnknownRegisterAndVerdict) {
  Diagnostics d;
  auto spec = parse(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    checks:
      - registers: {R9: 1}
      - stop: halt
)", d);
  EXPECT_FALSE(spec);
  std::string all = d.renderToString();
  EXPECT_NE(all.find("spec.yaml:6:21: error: unknown register 'R9'"), std::string::npos) << all;
  EXPECT_NE(all.find("spec.yaml:7:15: error: unknown stop verdict 'halt' (did you mean 'halted'?)"), std::string::npos) << all;
}

TEST(SpecErrors, MissingGoldenFileAndDuplicateNames) {
  Diagnostics d;
  auto spec = parse(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    checks: [{output: {file: nowhere.txt}}]
  - name: t
    checks: [{stop: halted}]
)", d);
  EXPECT_FALSE(spec);
  std::string all = d.renderToString();
  EXPECT_NE(all.find("spec.yaml:5:30: error: golden transcript 'nowhere.txt' not found"), std::string::npos) << all;
  EXPECT_NE(all.find("spec.yaml:6:11: error: duplicate test name 't'"), std::string::npos) << all;
}

TEST(SpecErrors, PointsMustAddUp) {
  std::string e = firstError(R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: t
    points: 5
    checks:
      - {stop: halted, points: 1}
      - {output: {contains: x}, points: 1}
)");
  EXPECT_NE(e.find("spec.yaml:5:13: error: the test's points (5) differ from the sum of its checks' points (2)"), std::string::npos) << e;
}

TEST(SpecErrors, EmptyAndMissingSections) {
  EXPECT_NE(firstError("").find("the spec is empty"), std::string::npos);
  EXPECT_NE(firstError("machine: lc3\nbuild: {submission: a.asm}\n").find("'tests' must be a non-empty list"), std::string::npos);
  EXPECT_NE(firstError("machine: z80\nbuild: {submission: a.asm}\ntests: [{name: t, checks: [{stop: halted}]}]\n")
                .find("spec.yaml:1:10: error: unknown machine 'z80'"),
            std::string::npos);
}

TEST(Spec, PlaySection) {
  Diagnostics d;
  auto spec = parse(R"(machine: lc3
build: {submission: ttt.asm}
tests:
  - name: never loses
    points: 10
    play:
      moves: ["1", "2", "3"]
      move_suffix: "\n"
      board: {memory: BOARD, cells: [2, 1, 0], empty: "' '", player: "'X'", program: "'O'"}
      outcomes: {player_wins: "You win", program_wins: "I win", draw: "draw"}
      fail_on: [player_wins, crash]
)", d);
  ASSERT_TRUE(spec) << d.renderToString();
  const auto& play = *spec->tests[0].play;
  EXPECT_EQ(play.moves.size(), 3u);
  EXPECT_EQ(play.moveSuffix, "\n");
  ASSERT_TRUE(play.board);
  EXPECT_EQ(play.board->cells[0], 2u);
  EXPECT_EQ(play.board->player, 'X');
  EXPECT_TRUE(play.failOnPlayerWins);
  EXPECT_FALSE(play.failOnHang);
  EXPECT_TRUE(play.failOnCrash);
}

}  // namespace
// 'play' beside an empty 'runs' list: both are reported (found by fuzz_spec: it threw).
TEST(Spec, PlayBesideEmptyRunsIsAnError) {
  const std::string error = firstError(R"(machine: lc3
build: {submission: ttt.asm}
tests:
  - name: t
    runs: []
    play:
      moves: ["1"]
      outcomes: {player_wins: "You win"}
)");
  EXPECT_NE(error.find("a test with 'runs' has 'play' in each run"), std::string::npos) << error;
}

}  // namespace asmlab::grader
