// The program's settings: asmlab.yaml beside the program or named with --spec, and what the
// sources ask for (toolchain/program_settings.hpp, docs/cli.md "The program's settings").
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "asmlab/toolchain/program_settings.hpp"

namespace fs = std::filesystem;
using namespace asmlab;
using namespace asmlab::toolchain;

namespace {
class ProgramSettingsTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("asmlab_settings_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    auto p = (dir_ / name).string();
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  fs::path dir_;
};
}  // namespace

TEST(SourceHints, ProcessorDirectivesNameACpuThatRunsThem) {
  EXPECT_EQ(sourceHints(".model small\n.386\n.code\n").x86Cpu, "80386");
  EXPECT_EQ(sourceHints("  .286p ; protected-mode opcodes\n").x86Cpu, "80286");
  EXPECT_EQ(sourceHints(".186\n").x86Cpu, "80186");
  EXPECT_EQ(sourceHints(".486\n").x86Cpu, "80386");  // the most asmlab models, in real mode
  EXPECT_EQ(sourceHints(".186\n.386\n.286\n").cpuDirective, ".386");  // the highest wins
  EXPECT_FALSE(sourceHints(".8086\n.model small\n").x86Cpu);
  EXPECT_FALSE(sourceHints("; .386 in a comment\nmsg db '.386'\n").x86Cpu);
}

TEST(SourceHints, TasmOnlyDirectivesSelectTasm) {
  auto p = sourceHints("        P8086\n        MODEL TINY\n        LOCALS @@\n");
  EXPECT_TRUE(p.tasmOnly);
  EXPECT_EQ(p.tasmDirective, "P8086");
  EXPECT_EQ(sourceHints("P386\n").x86Cpu, "80386");
  EXPECT_TRUE(sourceHints("IDEAL\n").tasmOnly);
  EXPECT_TRUE(sourceHints("start: JUMPS\n").tasmOnly);
  // Names that happen to be TASM directives are not directives.
  EXPECT_FALSE(sourceHints("CODESEG SEGMENT\nCODESEG ENDS\nlocals: db 0\nmov ax, locals\n").tasmOnly);
  EXPECT_FALSE(sourceHints(".model small\n.code\nmov ax, 1\n").tasmOnly);
  // A label alone on its line, named as a TASM directive is (a `display:` loop).
  EXPECT_FALSE(sourceHints("org 100h\ndisplay:\n  mov ah, 2\n  loop display\n").tasmOnly);
}

TEST_F(ProgramSettingsTest, TheSpecBesideTheProgramIsRead) {
  write("asmlab.yaml", "machine: lc3\nbuild:\n  submission: p.asm\n  edition: 2\n");
  auto program = write("p.asm", ".ORIG x3000\nHALT\n.END\n");
  Diagnostics d;
  auto s = programSettings({program}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->lc3Edition, 2);
  EXPECT_NE(s->summary.find("LC-3 edition 2"), std::string::npos) << s->summary;
  LoadOptions options;
  applySettings(*s, {}, options);
  EXPECT_EQ(options.lc3Edition, 2);
  ExplicitSettings typed;
  typed.lc3Edition = 3;
  applySettings(*s, typed, options);
  EXPECT_EQ(options.lc3Edition, 3);  // the command line wins
}

TEST_F(ProgramSettingsTest, PathsResolveAgainstTheSpecsFolder) {
  write("asmlab.yaml", "machine: pc\nbuild:\n  dialect: tasm\n  cpu: 80286\n  include_paths: [inc, ../shared]\n  library_paths: lib\n");
  auto program = write("p.asm", ".386\n.model small\n.code\nend\n");
  Diagnostics d;
  auto s = programSettings({program}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->masmDialect, "tasm");
  EXPECT_EQ(s->x86Cpu, "80286");  // the spec's choice stands, with a warning naming --cpu
  ASSERT_EQ(s->includePaths.size(), 2u);
  EXPECT_EQ(s->includePaths[0], (dir_ / "inc").string());
  ASSERT_EQ(s->libraryPaths.size(), 1u);
  EXPECT_EQ(s->libraryPaths[0], (dir_ / "lib").string());
  ASSERT_EQ(d.warningCount(), 1u);
  EXPECT_NE(d.all()[0].message.find("--cpu 80386"), std::string::npos) << d.all()[0].message;
}

TEST_F(ProgramSettingsTest, WithoutASpecTheSourceDecides) {
  auto program = write("p.asm", "P8086\n.386\n");
  Diagnostics d;
  auto s = programSettings({program}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->x86Cpu, "80386");
  EXPECT_EQ(s->masmDialect, "tasm");
  EXPECT_NE(s->summary.find("no asmlab.yaml"), std::string::npos) << s->summary;
  ExplicitSettings assembling;
  assembling.running = false;
  s = programSettings({program}, "", assembling, d);
  EXPECT_FALSE(s->x86Cpu);
  ExplicitSettings typed;
  typed.masmDialect = "masm";
  s = programSettings({program}, "", typed, d);
  EXPECT_FALSE(s->masmDialect);
}

// An LC-3 program may name a label STACK or P386 (words TASM takes as directives): it is not
// told that the TASM dialect or an 80386 was chosen for it.
TEST_F(ProgramSettingsTest, AnLc3SourceSuggestsNo8086Settings) {
  auto program = write("p.asm", ".ORIG x3000\n  LD R6, STACK\n  HALT\nSTACK .FILL xF000\nP386 .FILL 0\n.END\n");
  Diagnostics d;
  auto s = programSettings({program}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->masmDialect);
  EXPECT_FALSE(s->x86Cpu);
  EXPECT_EQ(s->summary, "");
  // A command that knows its sources' machine decides, whatever the words.
  auto words = write("q.asm", "P8086\n.386\n");
  ExplicitSettings lc3;
  lc3.architecture = Architecture::Lc3;
  s = programSettings({words}, "", lc3, d);
  EXPECT_FALSE(s->masmDialect);
  EXPECT_FALSE(s->x86Cpu);
  ExplicitSettings x86;
  x86.architecture = Architecture::X86;
  s = programSettings({program}, "", x86, d);
  EXPECT_EQ(s->masmDialect, "tasm");
  EXPECT_FALSE(d.hasErrors());
}

TEST_F(ProgramSettingsTest, ANamedSpecWithAMistakeIsALocatedError) {
  auto spec = write("course.yaml", "machine: pc\nbuild:\n  dialect: nasm\n");
  Diagnostics d;
  EXPECT_FALSE(programSettings({write("p.asm", "")}, spec, {}, d));
  ASSERT_TRUE(d.hasErrors());
  EXPECT_EQ(d.all()[0].location.line, 3u);
  EXPECT_EQ(d.all()[0].location.column, 12u);
  EXPECT_NE(d.all()[0].message.find("unknown dialect 'nasm'"), std::string::npos);
}

TEST_F(ProgramSettingsTest, ABrokenSpecBesideTheProgramIsAWarningAndIgnored) {
  write("asmlab.yaml", "build: [unclosed\n");
  Diagnostics d;
  auto s = programSettings({write("p.asm", ".ORIG x3000\n.END\n")}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_FALSE(d.hasErrors());
  EXPECT_EQ(d.warningCount(), 1u);
  EXPECT_TRUE(s->specPath.empty());
}

TEST_F(ProgramSettingsTest, M510AndTheErrorLimitComeFromTheBuildKeys) {
  // docs/grading.md: build.m510 (ML's /Zm) and build.error_limit, as the grader reads them.
  write("asmlab.yaml", "machine: pc\nbuild:\n  submission: p.asm\n  m510: true\n  error_limit: 5\n");
  auto program = write("p.asm", ".model small\n.code\nend\n");
  Diagnostics d;
  auto s = programSettings({program}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->masm510);
  EXPECT_EQ(s->errorLimit, 5u);
  LoadOptions options;
  applySettings(*s, {}, options);
  EXPECT_TRUE(options.masm510);
  EXPECT_EQ(options.errorLimit, 5u);
  ExplicitSettings typed;
  typed.errorLimit = 0;
  applySettings(*s, typed, options);
  EXPECT_EQ(options.errorLimit, 0u);  // --error-limit 0 on the command line wins
}

TEST_F(ProgramSettingsTest, MultiPassComesFromTheBuildKeys) {
  // docs/grading.md: build.multi_pass is TASM's /m for every command that reads the spec, so
  // `asmlab run` and the debugger build the program the grader grades.
  write("asmlab.yaml", "machine: pc\nbuild:\n  submission: p.asm\n  dialect: tasm\n  multi_pass: true\n");
  auto program = write("p.asm", ".model small\n.code\nend\n");
  Diagnostics d;
  auto s = programSettings({program}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->tasmMultiPass);
  LoadOptions options;
  EXPECT_FALSE(options.tasmMultiPass);
  applySettings(*s, {}, options);
  EXPECT_TRUE(options.tasmMultiPass);
}

TEST_F(ProgramSettingsTest, Emu8086StepDelayComesFromTheBuildKeysUnlessTyped) {
  write("asmlab.yaml", "machine: pc\nbuild:\n  submission: p.asm\n  emu8086_step_delay: 50\n");
  auto program = write("p.asm", "#make_COM#\norg 100h\nhlt\n");
  Diagnostics d;
  auto s = programSettings({program}, "", {}, d);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->emu8086StepDelayMs, 50u);
  EXPECT_NE(s->summary.find("emu8086 step delay 50 ms"), std::string::npos) << s->summary;
  LoadOptions options;
  applySettings(*s, {}, options);
  EXPECT_EQ(options.emu8086StepDelayMs, 50u);
  ExplicitSettings typed;
  typed.emu8086StepDelayMs = 0;
  applySettings(*s, typed, options);
  EXPECT_EQ(options.emu8086StepDelayMs, 0u);  // --emu8086-step-delay 0 wins
}

TEST_F(ProgramSettingsTest, AWrongErrorLimitOrM510IsALocatedError) {
  for (const char* key : {"error_limit: -3", "error_limit: many", "m510: perhaps", "multi_pass: twice",
                          "emu8086_step_delay: -1", "emu8086_step_delay: 20000", "emu8086_step_delay: slow"}) {
    auto spec = write("asmlab.yaml", std::string("machine: pc\nbuild:\n  ") + key + "\n");
    Diagnostics d;
    EXPECT_FALSE(programSettings({write("p.asm", "end\n")}, spec, {}, d)) << key;
    ASSERT_TRUE(d.hasErrors()) << key;
    EXPECT_EQ(d.all().front().location.line, 3u) << key;
  }
}
