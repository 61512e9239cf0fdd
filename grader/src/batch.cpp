// The batch runner: up to `jobs` forked grading processes at a time, each limited in memory, CPU
// time and wall-clock time; a process that dies or overruns is reported as that submission's
// failure and nothing else is affected.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "asmlab/grader/batch.hpp"
#include "asmlab/grader/report.hpp"
#include "sandbox.hpp"

namespace asmlab::grader {

std::vector<std::filesystem::path> listSubmissions(const Spec& spec, const std::filesystem::path& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return {path};
  if (!fs::is_directory(path, ec)) {
    error = fmt::format("{}: no such file or directory", path.string());
    return {};
  }
  for (const auto& name : spec.build.submission) {
    if (fs::is_regular_file(path / name, ec)) return {path};
  }
  std::vector<fs::path> entries;
  for (const auto& entry : fs::directory_iterator(path, ec)) {
    std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    entries.push_back(entry.path());
  }
  if (ec) error = fmt::format("{}: {}", path.string(), ec.message());
  std::sort(entries.begin(), entries.end());
  return entries;
}

namespace {

using Clock = std::chrono::steady_clock;

SubmissionResult failure(const Spec& spec, const std::filesystem::path& submission, std::string kind, std::string message) {
  SubmissionResult r;
  r.submission = submission.filename().string();
  r.maxScore = roundScore(spec.maxScore());
  r.failure = std::move(kind);
  r.failureMessage = std::move(message);
  for (const auto& test : spec.tests) {
    TestResult t;
    t.name = test.name;
    t.visibility = test.visibility;
    t.maxScore = test.points;
    t.status = "failed";
    t.verdict = r.failure;
    t.checks.push_back({"grading", false, 0, test.points, fmt::format("{}: {}", r.failure, r.failureMessage)});
    r.tests.push_back(std::move(t));
  }
  return r;
}

// In the child: limits, grade, send JSON, exit without running the parent's atexit handlers.
[[noreturn]] void gradeInChild(const Spec& spec, const std::filesystem::path& submission, const Builder& builder,
                               const BatchOptions& options, int out) {
  rlimit cpu{};
  cpu.rlim_cur = static_cast<rlim_t>(options.timeoutSeconds) + 1;
  cpu.rlim_max = cpu.rlim_cur + 1;
  setrlimit(RLIMIT_CPU, &cpu);
#if !defined(__SANITIZE_ADDRESS__)
  rlimit memory{options.memoryLimitBytes, options.memoryLimitBytes};
  setrlimit(RLIMIT_AS, &memory);
#endif
  rlimit noFiles{0, 0};
  setrlimit(RLIMIT_FSIZE, &noFiles);  // grading never writes host files (pipes are not limited)
  rlimit noCore{0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  int devnull = open("/dev/null", O_RDWR);
  if (devnull >= 0) {
    dup2(devnull, STDIN_FILENO);
    dup2(devnull, STDOUT_FILENO);
    close(devnull);
  }
  std::string text;
  try {
    GradeOptions grade = options.grade;
    grade.afterBuild = [] {
      std::string why;
      confineToComputation(why);  // where seccomp is missing, the resource limits still hold
    };
    SubmissionResult result = gradeSubmission(spec, submission, builder, grade);
    text = dumpJson(toJson(result), -1);
  } catch (const std::bad_alloc&) {
    text = dumpJson(toJson(failure(spec, submission, "out-of-memory",
                                   fmt::format("grading needed more than {} MiB", options.memoryLimitBytes >> 20))), -1);
  } catch (const std::exception& e) {
    text = dumpJson(toJson(failure(spec, submission, "internal-error", e.what())), -1);
  }
  const char* data = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = write(out, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(3);
    data += n;
    left -= static_cast<size_t>(n);
  }
  close(out);
  _exit(0);
}

struct Child {
  pid_t pid = -1;
  int fd = -1;
  size_t index = 0;
  Clock::time_point deadline;
  std::string data;
  bool timedOut = false;
};

SubmissionResult finish(const Spec& spec, const std::filesystem::path& submission, Child& child, int status,
                        const BatchOptions& options) {
  if (child.timedOut || (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)) {
    return failure(spec, submission, "timeout",
                   fmt::format("grading took longer than {:g} s (the whole submission is stopped)", options.timeoutSeconds));
  }
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    return failure(spec, submission, "crashed",
                   fmt::format("the grading process was killed by signal {} ({})", sig, strsignal(sig)));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !child.data.empty()) {
    try {
      return submissionFromJson(nlohmann::json::parse(child.data));
    } catch (const std::exception& e) {
      return failure(spec, submission, "internal-error", fmt::format("unreadable result from the grading process: {}", e.what()));
    }
  }
  return failure(spec, submission, "crashed",
                 fmt::format("the grading process exited with status {} without a result", WIFEXITED(status) ? WEXITSTATUS(status) : -1));
}

}  // namespace

std::vector<SubmissionResult> gradeBatch(const Spec& spec, const std::vector<std::filesystem::path>& submissions,
                                         const Builder& builder, const BatchOptions& options) {
  std::vector<GradeJob> jobs;
  for (const auto& s : submissions) jobs.push_back({&spec, s, builder});
  return gradeJobs(jobs, options);
}

std::vector<SubmissionResult> gradeJobs(const std::vector<GradeJob>& work, const BatchOptions& options) {
  std::vector<SubmissionResult> results(work.size());
  size_t done = 0;
  auto report = [&](size_t index, SubmissionResult r) {
    results[index] = std::move(r);
    ++done;
    if (options.progress) options.progress(done, work.size(), results[index]);
  };
  if (!options.isolate) {
    for (size_t i = 0; i < work.size(); ++i) {
      try {
        report(i, gradeSubmission(*work[i].spec, work[i].submission, work[i].builder, options.grade));
      } catch (const std::exception& e) {
        report(i, failure(*work[i].spec, work[i].submission, "internal-error", e.what()));
      }
    }
    return results;
  }
  std::fflush(stdout);
  std::fflush(stderr);
  unsigned jobs = std::max(1u, options.jobs);
  std::vector<Child> running;
  size_t next = 0;
  auto timeout = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.timeoutSeconds));
  while (next < work.size() || !running.empty()) {
    while (running.size() < jobs && next < work.size()) {
      int fds[2];
      if (pipe2(fds, O_CLOEXEC) != 0) {
        report(next, failure(*work[next].spec, work[next].submission, "internal-error", fmt::format("pipe: {}", std::strerror(errno))));
        ++next;
        continue;
      }
      pid_t pid = fork();
      if (pid == 0) {
        close(fds[0]);
        for (const auto& c : running) close(c.fd);
        gradeInChild(*work[next].spec, work[next].submission, work[next].builder, options, fds[1]);
      }
      close(fds[1]);
      if (pid < 0) {
        close(fds[0]);
        report(next, failure(*work[next].spec, work[next].submission, "internal-error", fmt::format("fork: {}", std::strerror(errno))));
        ++next;
        continue;
      }
      running.push_back({pid, fds[0], next, Clock::now() + timeout, {}, false});
      ++next;
    }
    // Wait for output from any child, or the nearest deadline.
    std::vector<pollfd> polls;
    auto nearest = Clock::time_point::max();
    for (const auto& c : running) {
      polls.push_back({c.fd, POLLIN, 0});
      nearest = std::min(nearest, c.deadline);
    }
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(nearest - Clock::now()).count();
    int ready = poll(polls.data(), polls.size(), static_cast<int>(std::clamp<long long>(wait, 0, 1000)));
    if (ready < 0 && errno != EINTR) break;
    auto now = Clock::now();
    for (size_t i = 0; i < running.size();) {
      Child& c = running[i];
      bool closed = false;
      if (polls[i].revents & (POLLIN | POLLHUP | POLLERR)) {
        char buffer[65536];
        ssize_t n = read(c.fd, buffer, sizeof buffer);
        if (n > 0) c.data.append(buffer, static_cast<size_t>(n));
        else if (n == 0 || errno != EINTR) closed = true;
      }
      if (!closed && now >= c.deadline) {
        kill(c.pid, SIGKILL);
        c.timedOut = true;
        closed = true;
      }
      if (!closed) {
        ++i;
        continue;
      }
      close(c.fd);
      int status = 0;
      while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
      }
      size_t index = c.index;
      SubmissionResult r = finish(*work[index].spec, work[index].submission, c, status, options);
      r.submission = work[index].submission.filename().string();
      polls.erase(polls.begin() + static_cast<std::ptrdiff_t>(i));
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
      report(index, std::move(r));
    }
  }
  return results;
}

}  // namespace asmlab::grader
