// Reports (text, JSON, JUnit, Gradescope, CSV) and the isolated batch runner.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "asmlab/grader/batch.hpp"
#include "asmlab/grader/report.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

const char* kSpec = R"(machine: lc3
build: {submission: prog.asm}
tests:
  - name: prints hi
    points: 2
    checks: [{output: {equals: "hi\n"}}]
  - name: secret
    visibility: hidden
    checks: [{stop: halted}]
)";

const char* kGood = ".ORIG x3000\n  PUTS S\n  HALT\nS:\n  STRING \"hi~\"\n";
const char* kWrong = ".ORIG x3000\n  PUTS S\n  HALT\nS:\n  STRING \"ho~\"\n";

TEST(Reports, GradescopeResultsJson) {
  auto r = gradeToy(kSpec, kWrong);
  auto json = nlohmann::json::parse(renderGradescope(r));
  EXPECT_DOUBLE_EQ(json.at("score").get<double>(), 1);
  ASSERT_EQ(json.at("tests").size(), 2u);
  const auto& first = json["tests"][0];
  EXPECT_EQ(first.at("name"), "prints hi");
  EXPECT_DOUBLE_EQ(first.at("score").get<double>(), 0);
  EXPECT_DOUBLE_EQ(first.at("max_score").get<double>(), 2);
  EXPECT_EQ(first.at("status"), "failed");
  EXPECT_EQ(first.at("visibility"), "visible");
  std::string output = first.at("output");
  EXPECT_NE(output.find("line 1 differs at column 2"), std::string::npos) << output;
  EXPECT_NE(output.find("expected: \"hi\""), std::string::npos) << output;
  EXPECT_NE(output.find("actual:   \"ho\""), std::string::npos) << output;
  EXPECT_EQ(json["tests"][1].at("visibility"), "hidden");
  EXPECT_EQ(json["tests"][1].at("status"), "passed");
}

TEST(Reports, JsonRoundTripAndInvalidUtf8Output) {
  auto r = gradeToy(kSpec, ".ORIG x3000\n  LDI R0 xFF\n  OUT R0\n  HALT\n");
  ASSERT_EQ(r.tests.at(0).output, "\\xFF") << "bytes that are not UTF-8 are shown escaped";
  std::string text = renderReport(r, ReportFormat::Json);  // must not throw on invalid UTF-8
  auto back = submissionFromJson(nlohmann::json::parse(text));
  EXPECT_EQ(back.tests.size(), 2u);
  EXPECT_DOUBLE_EQ(back.score, r.score);
  EXPECT_EQ(back.tests[0].checks[0].message, r.tests[0].checks[0].message);
}

TEST(Reports, JunitHasOneCaseAndFailurePerTest) {
  auto r = gradeToy(kSpec, kWrong);
  std::string xml = renderJunit(r);
  EXPECT_NE(xml.find("<testsuite name=\"student\" tests=\"2\" failures=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testcase classname=\"student\" name=\"prints hi\">"), std::string::npos);
  EXPECT_NE(xml.find("<failure message=\"0 of 2 points; halted\">"), std::string::npos) << xml;
  EXPECT_NE(xml.find("&quot;hi&quot;"), std::string::npos) << "quotes in reasons are escaped";
}

TEST(Reports, TextNamesEveryLostPoint) {
  auto r = gradeToy(kSpec, kWrong);
  std::string text = renderText(r);
  EXPECT_NE(text.find("student: 1 / 3"), std::string::npos) << text;
  EXPECT_NE(text.find("FAIL prints hi (0 / 2)"), std::string::npos) << text;
  EXPECT_NE(text.find("lost 2"), std::string::npos) << text;
  EXPECT_NE(text.find("PASS secret (1 / 1)"), std::string::npos) << text;
}

TEST(Reports, CsvHasAColumnPerTest) {
  auto good = gradeToy(kSpec, kGood, "alice");
  auto wrong = gradeToy(kSpec, kWrong, "bob");
  EXPECT_EQ(renderCsv({good, wrong}),
            "submission,score,max_score,prints hi,secret,status\n"
            "alice,3,3,2,1,graded\n"
            "bob,1,3,0,1,graded\n");
}

class Batch : public ::testing::Test {
protected:
  std::vector<SubmissionResult> run(unsigned jobs, double timeout = 20) {
    Spec spec = specFrom(kSpec, dir.path());
    std::string error;
    auto subs = listSubmissions(spec, dir.path() / "subs", error);
    EXPECT_EQ(error, "");
    BatchOptions options;
    options.jobs = jobs;
    options.timeoutSeconds = timeout;
    options.memoryLimitBytes = 512ull << 20;
    options.progress = [&](size_t done, size_t total, const SubmissionResult&) {
      EXPECT_LE(done, total);
      ++progressCalls;
    };
    return gradeBatch(spec, subs, buildToy, options);
  }
  TempDir dir;
  size_t progressCalls = 0;
};

TEST_F(Batch, OneSubmissionPerFolderOrFileInOrder) {
  dir.write("subs/carol/prog.asm", kGood);
  dir.write("subs/alice.asm", kWrong);
  dir.write("subs/.hidden", "ignored");
  auto results = run(2);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].submission, "alice.asm");
  EXPECT_DOUBLE_EQ(results[0].score, 1);
  EXPECT_EQ(results[1].submission, "carol");
  EXPECT_DOUBLE_EQ(results[1].score, 3);
  EXPECT_EQ(progressCalls, 2u);
}

TEST_F(Batch, CrashHangAndMemoryHogCostOnlyThemselves) {
  dir.write("subs/a-good.asm", kGood);
  dir.write("subs/b-crash.asm", "#CRASH\n");
  dir.write("subs/c-spin.asm", "#SPIN\n");
#if defined(__SANITIZE_ADDRESS__)
  dir.write("subs/d-hog.asm", "#CRASH\n");  // no address-space limit under ASan: a hog would eat the host
#else
  dir.write("subs/d-hog.asm", "#HOG\n");
#endif
  dir.write("subs/e-good.asm", kGood);
  auto results = run(2, 3.0);
  ASSERT_EQ(results.size(), 5u);
  EXPECT_DOUBLE_EQ(results[0].score, 3);
  EXPECT_EQ(results[1].failure, "crashed");
  EXPECT_NE(results[1].failureMessage.find("signal 11"), std::string::npos) << results[1].failureMessage;
  EXPECT_EQ(results[2].failure, "timeout");
  EXPECT_TRUE(results[3].failure == "out-of-memory" || results[3].failure == "crashed") << results[3].failure;
  EXPECT_DOUBLE_EQ(results[4].score, 3);
  for (size_t i = 1; i < 4; ++i) {
    EXPECT_DOUBLE_EQ(results[i].score, 0);
    EXPECT_EQ(results[i].tests.size(), 2u) << "every test is reported, with the reason";
  }
}

TEST_F(Batch, RerunsGiveIdenticalResults) {
  dir.write("subs/a.asm", kGood);
  dir.write("subs/b.asm", kWrong);
  dir.write("subs/c.asm", ".ORIG x3000\nL:\n  BR L\n");
  auto first = run(2);
  auto second = run(1);
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i) EXPECT_EQ(dumpJson(toJson(first[i])), dumpJson(toJson(second[i])));
}

TEST_F(Batch, GradingProcessCannotOpenHostFiles) {
  if (!std::filesystem::exists("/etc/hostname")) GTEST_SKIP() << "no /etc/hostname to try";
  const char* program = ".ORIG x3000\n  HOSTOPEN\n  HALT\n";
  dir.write("subs/probe.asm", program);
  Spec spec = specFrom(std::string(kSpec), dir.path());
  // In this process the probe opens the file...
  auto inProcess = gradeSubmission(spec, dir.path() / "subs/probe.asm", buildToy, {});
  EXPECT_EQ(inProcess.tests.at(0).output, "Y");
  // ...in an isolated grading process it cannot.
  auto results = run(1);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].tests.at(0).output, "N");
}

TEST_F(Batch, SingleSubmissionFolderIsOneSubmission) {
  dir.write("subs/prog.asm", kGood);
  Spec spec = specFrom(kSpec, dir.path());
  std::string error;
  auto subs = listSubmissions(spec, dir.path() / "subs", error);
  ASSERT_EQ(subs.size(), 1u);
  EXPECT_EQ(subs[0], dir.path() / "subs");
}

}  // namespace
}  // namespace asmlab::grader::testing
