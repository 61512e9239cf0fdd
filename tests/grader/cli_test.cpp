// `asmlab grade` and `asmlab test` as users run them: exit codes, reports written with --out,
// the CSV, the verdict table, and located spec errors.
#include <cstdio>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <nlohmann/json.hpp>

#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

struct CommandRun {
  int status = -1;
  std::string out;
};

CommandRun asmlab(const std::string& args) {
  std::string command = std::string(ASMLAB_BINARY) + " " + args + " 2>&1";
  CommandRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const char* kSpec = R"(name: echo
machine: lc3
build: {submission: echo.asm}
tests:
  - name: echoes a key
    points: 2
    input: "z"
    checks:
      - output: {file: golden.txt}
)";

const char* kGood = "        .ORIG x3000\n        GETC\n        OUT\n        HALT\n        .END\n";
const char* kBad = "        .ORIG x3000\n        GETC\n        HALT\n        .END\n";

TEST(Cli, GradeWritesReportsCsvAndSummary) {
  TempDir dir;
  dir.write("spec/asmlab.yaml", kSpec);
  dir.write("spec/golden.txt", "z\n\n--- Halting the LC-3 ---\n\n");
  dir.write("subs/ann/echo.asm", kGood);
  dir.write("subs/ben.asm", kBad);
  auto p = dir.path().string();
  CommandRun r = asmlab("grade " + p + "/spec/asmlab.yaml " + p + "/subs --jobs 2 --format gradescope --out " + p + "/out --csv " +
                 p + "/scores.csv");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("2 submissions, mean score 1.00 / 2"), std::string::npos) << r.out;
  EXPECT_EQ(read(dir.path() / "scores.csv"), "submission,score,max_score,echoes a key,status\nann,2,2,2,graded\nben.asm,0,2,0,graded\n");
  auto ann = nlohmann::json::parse(read(dir.path() / "out/ann.json"));
  EXPECT_DOUBLE_EQ(ann.at("score").get<double>(), 2);
  auto ben = nlohmann::json::parse(read(dir.path() / "out/ben.asm.json"));
  EXPECT_EQ(ben["tests"][0]["status"], "failed");
}

TEST(Cli, GradeRejectsABadSpecWithItsLine) {
  TempDir dir;
  dir.write("spec.yaml", "machine: lc3\nbuild: {submission: a.asm}\ntests:\n  - name: t\n    checks: [{stopp: halted}]\n");
  dir.write("subs/a.asm", kGood);
  CommandRun r = asmlab("grade " + (dir.path() / "spec.yaml").string() + " " + (dir.path() / "subs").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("spec.yaml:5:15: error: unknown key 'stopp' in a check (did you mean 'stop'?)"), std::string::npos) << r.out;
}

// A spec's errors stop at the error limit, as a source's do: 30 wrong keys, 20 listed.
TEST(Cli, SpecErrorsStopAtTheErrorLimit) {
  TempDir dir;
  std::string spec = "machine: lc3\nbuild: {submission: a.asm}\ntests:\n";
  for (int i = 0; i < 30; ++i) spec += fmt::format("  - name: t{}\n    checks: [{{stopp: halted}}]\n", i);
  dir.write("spec.yaml", spec);
  dir.write("subs/a.asm", kGood);
  CommandRun r = asmlab("grade " + (dir.path() / "spec.yaml").string() + " " + (dir.path() / "subs").string());
  EXPECT_EQ(r.status, 2);
  size_t listed = 0;
  for (size_t at = r.out.find("unknown key 'stopp'"); at != std::string::npos;
       at = r.out.find("unknown key 'stopp'", at + 1))
    ++listed;
  EXPECT_EQ(listed, 20u) << r.out;
  EXPECT_NE(r.out.find("note: 10 more errors not shown"), std::string::npos) << r.out;
  dir.write("programs/p/asmlab.yaml", spec);
  CommandRun t = asmlab("test " + (dir.path() / "programs").string());
  EXPECT_NE(t.out.find("note: 10 more errors not shown"), std::string::npos) << t.out;
}

TEST(Cli, TestPrintsVerdictTableAndFailsOnAFailure) {
  TempDir dir;
  dir.write("programs/good/asmlab.yaml", kSpec);
  dir.write("programs/good/golden.txt", "z\n\n--- Halting the LC-3 ---\n\n");
  dir.write("programs/good/echo.asm", kGood);
  CommandRun ok = asmlab("test " + (dir.path() / "programs").string());
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_NE(ok.out.find("1 programs, 1 passed, 0 failed"), std::string::npos) << ok.out;
  dir.write("programs/bad/asmlab.yaml", kSpec);
  dir.write("programs/bad/golden.txt", "z\n\n--- Halting the LC-3 ---\n\n");
  dir.write("programs/bad/echo.asm", kBad);
  CommandRun failing = asmlab("test " + (dir.path() / "programs").string());
  EXPECT_EQ(failing.status, 1) << failing.out;
  EXPECT_NE(failing.out.find("FAIL echoes a key (0 / 2)"), std::string::npos) << failing.out;
  EXPECT_NE(failing.out.find("2 programs, 1 passed, 1 failed"), std::string::npos) << failing.out;
}

}  // namespace
}  // namespace asmlab::grader::testing
