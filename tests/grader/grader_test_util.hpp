// Helpers for grader tests: temporary folders, specs from text, and grading a toy submission.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "asmlab/grader/grade.hpp"
#include "fake_machine.hpp"

namespace asmlab::grader::testing {

// A fresh temporary directory per test, removed afterwards.
class TempDir {
public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (std::string("asmlab-grader-") + info->test_suite_name() + "-" + info->name() + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    auto p = path_ / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

private:
  std::filesystem::path path_;
};

inline Spec specFrom(const std::string& yaml, const std::filesystem::path& dir = ".") {
  Diagnostics d;
  auto spec = parseSpec(yaml, "spec.yaml", dir, d);
  EXPECT_TRUE(spec.has_value()) << d.renderToString();
  return spec.value_or(Spec{});
}

// Grades `program` (toy assembly) as the submission `name` against the spec text.
inline SubmissionResult gradeToy(const std::string& yaml, const std::string& program, const std::string& name = "student",
                                 GradeOptions options = {}) {
  TempDir dir;
  Spec spec = specFrom(yaml, dir.path());
  auto file = dir.write(name + "/prog.asm", program);
  return gradeSubmission(spec, file.parent_path(), buildToy, options);
}

inline const CheckResult* findCheck(const TestResult& t, const std::string& prefix) {
  for (const auto& c : t.checks) {
    if (c.name.rfind(prefix, 0) == 0) return &c;
  }
  return nullptr;
}

}  // namespace asmlab::grader::testing
