// Progress display shared by `asmlab grade` and `asmlab test`: a bar redrawn in place on a
// terminal, one plain line per submission otherwise (logs, CI).
#pragma once

#include <cstdio>
#include <string>

#include <fmt/format.h>
#include <unistd.h>

#include "asmlab/grader/result.hpp"

namespace asmlab::cli {

class GradeProgress {
public:
  explicit GradeProgress(bool enabled) : enabled_(enabled), tty_(isatty(STDERR_FILENO) != 0) {}

  void update(size_t done, size_t total, const grader::SubmissionResult& r) {
    if (!enabled_) return;
    std::string note = !r.failure.empty() ? " (" + r.failure + ")" : !r.buildOk ? " (does not build)" : "";
    if (tty_) {
      constexpr size_t kWidth = 30;
      size_t filled = total ? done * kWidth / total : kWidth;
      std::string name = r.submission.size() > 30 ? r.submission.substr(0, 27) + "..." : r.submission;
      fmt::print(stderr, "\r[{}{}] {}/{} {:<34}", std::string(filled, '#'), std::string(kWidth - filled, '.'), done, total, name);
      if (done == total) fmt::print(stderr, "\r{:<80}\r", "");
    } else {
      fmt::print(stderr, "[{}/{}] {}: {:g} / {:g}{}\n", done, total, r.submission, r.score, r.maxScore, note);
    }
    std::fflush(stderr);
  }

private:
  bool enabled_;
  bool tty_;
};

}  // namespace asmlab::cli
