// `asmlab test DIR... [--jobs N] [--verbose] [--junit FILE]`: the regression run. Finds every
// asmlab.yaml below the folders, grades each program's own sources against its spec (and golden
// transcripts), prints a table of verdicts and exits 1 if any test fails (2 for a bad spec or usage).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/grader/batch.hpp"
#include "asmlab/grader/report.hpp"
#include "asmlab/toolchain/loader.hpp"
#include "command.hpp"
#include "grade_progress.hpp"
#include "options.hpp"

namespace asmlab::cli {
namespace {

namespace fs = std::filesystem;

struct TestRequest {
  std::vector<std::string> dirs;
  unsigned jobs = 0;
  bool verbose = false;
  std::string junit;
  double timeout = kDefaultTimeoutSeconds;
  std::string engine;  // "micro": every LC-3 spec on the micro engine ("" = as the specs say)
  std::string timing;  // "manual" or "cycle": every 8086/8088 spec on that model ("" = as the specs say)
};

std::vector<fs::path> findSpecs(const std::vector<std::string>& dirs, std::string& error) {
  std::vector<fs::path> specs;
  for (const auto& d : dirs) {
    std::error_code ec;
    if (fs::is_regular_file(d, ec)) {
      specs.emplace_back(d);
      continue;
    }
    if (!fs::is_directory(d, ec)) {
      error = fmt::format("{}: no such directory", d);
      return {};
    }
    for (auto it = fs::recursive_directory_iterator(d, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      if (it->is_regular_file(ec) && it->path().filename() == "asmlab.yaml") specs.push_back(it->path());
    }
  }
  std::sort(specs.begin(), specs.end());
  specs.erase(std::unique(specs.begin(), specs.end()), specs.end());
  return specs;
}

int runTests(const TestRequest& request) {
  std::string error;
  auto specFiles = findSpecs(request.dirs, error);
  if (!error.empty()) {
    fmt::print(stderr, "error: {}\n", error);
    return 2;
  }
  if (specFiles.empty()) {
    fmt::print(stderr, "error: no asmlab.yaml found below {}\n", fmt::join(request.dirs, ", "));
    return 2;
  }
  InputFiles inputs;
  for (const auto& spec : specFiles) inputs.add(spec.string());
  if (auto problem = checkOutputs({request.junit}, inputs); !problem.empty()) {
    fmt::print(stderr, "error: {}; nothing run\n", problem);
    return 2;
  }
  // Specs are parsed first: a broken spec is reported with its place and counts as a failure.
  std::vector<std::unique_ptr<grader::Spec>> specs;
  std::vector<grader::GradeJob> jobs;
  std::vector<std::string> names;
  std::vector<std::string> specErrors;
  for (const auto& file : specFiles) {
    Diagnostics diagnostics;
    diagnostics.setErrorLimit(Diagnostics::kDefaultErrorLimit);
    auto spec = grader::loadSpec(file, diagnostics);
    std::string name = file.parent_path().lexically_normal().string();
    if (!spec) {
      diagnostics.render(std::cerr, isatty(STDERR_FILENO) != 0);
      specErrors.push_back(name);
      continue;
    }
    if (request.engine == "micro" && spec->machine == "lc3") spec->build.microcoded = true;
    if (!request.timing.empty() && spec->machine == "pc") {
      // The cycle model is the 8086's and 8088's; a spec for a later CPU keeps the manual's clocks.
      if (request.timing == "manual" || toolchain::hasCycleTiming(spec->build.cpu))
        spec->build.timing = request.timing;
      else
        fmt::print(stderr, "{}: note: --timing cycle: the {} has no cycle model; run with the manual's clocks\n",
                   file.string(), spec->build.cpu);
    }
    grader::Builder builder = grader::defaultBuilder(spec->machine);
    if (!builder) {
      fmt::print(stderr, "{}: error: this asmlab cannot build programs for machine {}\n", file.string(), spec->machine);
      specErrors.push_back(name);
      continue;
    }
    specs.push_back(std::make_unique<grader::Spec>(std::move(*spec)));
    jobs.push_back({specs.back().get(), file.parent_path(), builder});
    names.push_back(name);
  }
  grader::BatchOptions options;
  options.jobs = request.jobs ? request.jobs : std::max(1u, std::thread::hardware_concurrency());
  options.timeoutSeconds = request.timeout;
  GradeProgress progress(true);
  options.progress = [&](size_t done, size_t total, const grader::SubmissionResult& r) { progress.update(done, total, r); };
  auto results = grader::gradeJobs(jobs, options);

  size_t width = 7;
  for (const auto& n : names) width = std::max(width, n.size());
  for (const auto& n : specErrors) width = std::max(width, n.size());
  bool anyFailure = !specErrors.empty();
  std::string table = fmt::format("{:<{}}  {:>7}  {:>9}  {}\n", "program", width, "tests", "score", "verdict");
  table += std::string(width + 32, '-') + "\n";
  for (size_t i = 0; i < results.size(); ++i) {
    auto& r = results[i];
    r.submission = names[i];
    size_t passed = static_cast<size_t>(std::count_if(r.tests.begin(), r.tests.end(), [](const auto& t) { return t.status == "passed"; }));
    bool ok = passed == r.tests.size() && r.failure.empty() && r.buildOk;
    anyFailure |= !ok;
    std::string verdict = ok ? "PASS" : !r.failure.empty() ? "FAIL (" + r.failure + ")" : !r.buildOk ? "FAIL (does not build)" : "FAIL";
    table += fmt::format("{:<{}}  {:>3}/{:<3}  {:>4g}/{:<4g}  {}\n", names[i], width, passed, r.tests.size(), r.score,
                         r.maxScore, verdict);
    if (!ok || request.verbose) std::cout << grader::renderText(r) << "\n";
  }
  for (const auto& n : specErrors) table += fmt::format("{:<{}}  {:>7}  {:>9}  {}\n", n, width, "-", "-", "FAIL (spec error)");
  std::cout << table;
  size_t failed = specErrors.size() + static_cast<size_t>(std::count_if(results.begin(), results.end(), [](const auto& r) {
                    return r.failure.size() || !r.buildOk ||
                           std::any_of(r.tests.begin(), r.tests.end(), [](const auto& t) { return t.status != "passed"; });
                  }));
  std::cout << fmt::format("{} programs, {} passed, {} failed\n", specFiles.size(), specFiles.size() - failed, failed);
  if (!request.junit.empty()) {
    if (!writeOutputFile(request.junit, grader::renderJunit(results), inputs, error)) {
      fmt::print(stderr, "error: {}\n", error);
      return 2;
    }
  }
  if (!specErrors.empty()) return 2;
  return anyFailure ? 1 : 0;
}

CommandRegistration testCommand("test", [](CLI::App& app) -> std::function<int()> {
  auto request = std::make_shared<TestRequest>();
  auto* cmd = app.add_subcommand("test", "Run every program's grading spec (asmlab.yaml) below the folders: the regression suite");
  cmd->add_option("dirs", request->dirs, "Folders to search for asmlab.yaml (or spec files)")->required();
  cmd->add_option("-j,--jobs", request->jobs, "Programs graded in parallel (default: the number of cores)");
  cmd->add_flag("-v,--verbose", request->verbose, "Print the full report of every program, not only failing ones");
  cmd->add_option("--junit", request->junit, "Also write a JUnit XML report to this file (for CI)");
  cmd->add_option("--timeout", request->timeout, "Wall-clock seconds per program (default 600)")->check(CLI::PositiveNumber);
  cmd->add_option("--engine", request->engine, "micro: run every LC-3 program on the microcoded engine")
      ->check(CLI::IsMember({"micro"}));
  cmd->add_option("--timing", request->timing,
                  "manual or cycle: run every 8086/8088 program on that timing model (default: as its spec says)")
      ->check(CLI::IsMember({"manual", "cycle"}));
  return [request] { return runTests(*request); };
});

}  // namespace
}  // namespace asmlab::cli
