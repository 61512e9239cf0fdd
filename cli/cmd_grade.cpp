// `asmlab grade SPEC SUBMISSIONS [--jobs N] [--format text|json|junit|gradescope] [--out DIR]
//  [--csv FILE] [--seed N] [--timeout S] [--memory MIB] [--single] [--quiet]`: grades every submission in
// its own process against a YAML spec (docs/grading.md) and prints reports, a summary table and
// optionally a CSV of scores.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "asmlab/grader/batch.hpp"
#include "asmlab/grader/report.hpp"
#include "command.hpp"
#include "grade_progress.hpp"

namespace asmlab::cli {
namespace {

struct GradeRequest {
  std::string spec;
  std::string submissions;
  unsigned jobs = 0;
  std::string format = "text";
  std::string outDir;
  std::string csv;
  std::optional<uint64_t> seed;
  double timeout = 120;
  uint64_t memoryMiB = 2048;
  bool quiet = false;
  bool single = false;
  std::string engine;  // "micro": the LC-3 micro engine whatever the spec says
};

// Writes beside the target and renames, so an interrupted run never leaves half a file.
bool writeFileAtomically(const std::filesystem::path& path, const std::string& text, std::string& error) {
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) {
      error = fmt::format("cannot write {}", temporary.string());
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    error = fmt::format("cannot write {}: {}", path.string(), ec.message());
    return false;
  }
  return true;
}

// A submission's name as a file name: path separators and leading dots cannot escape --out.
std::string reportName(const std::string& submission) {
  std::string name;
  for (char c : submission) name += (c == '/' || c == '\\' || c == '\0') ? '_' : c;
  if (name.empty() || name[0] == '.') name = "_" + name;
  return name;
}

int runGrade(const GradeRequest& request) {
  Diagnostics diagnostics;
  auto spec = grader::loadSpec(request.spec, diagnostics);
  if (!spec) {
    diagnostics.render(std::cerr, isatty(STDERR_FILENO) != 0);
    return 2;
  }
  if (request.engine == "micro" && spec->machine == "lc3") spec->build.microcoded = true;
  auto format = grader::parseReportFormat(request.format);
  if (!format) {
    fmt::print(stderr, "error: unknown --format '{}' (text, json, junit or gradescope)\n", request.format);
    return 2;
  }
  std::string error;
  std::vector<std::filesystem::path> submissions;
  if (request.single) {
    std::error_code ec;
    if (!std::filesystem::exists(request.submissions, ec)) error = fmt::format("{}: no such file or directory", request.submissions);
    else submissions.push_back(request.submissions);
  } else {
    submissions = grader::listSubmissions(*spec, request.submissions, error);
  }
  if (!error.empty()) {
    fmt::print(stderr, "error: {}\n", error);
    return 2;
  }
  if (submissions.empty()) {
    fmt::print(stderr, "error: {} holds no submissions\n", request.submissions);
    return 2;
  }
  if (request.seed) spec->build.randomSeed = *request.seed;
  grader::Builder builder = grader::defaultBuilder(spec->machine);
  if (!builder) {
    fmt::print(stderr, "error: this asmlab cannot build programs for machine {}\n", spec->machine);
    return 2;
  }
  if (!request.outDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(request.outDir, ec);
    if (ec) {
      fmt::print(stderr, "error: cannot create {}: {}\n", request.outDir, ec.message());
      return 2;
    }
  }
  grader::BatchOptions options;
  options.jobs = request.jobs ? request.jobs : std::max(1u, std::thread::hardware_concurrency());
  options.timeoutSeconds = request.timeout;
  options.memoryLimitBytes = request.memoryMiB << 20;
  options.grade.seed = request.seed;
  GradeProgress progress(!request.quiet);
  options.progress = [&](size_t done, size_t total, const grader::SubmissionResult& r) { progress.update(done, total, r); };
  std::vector<grader::SubmissionResult> results = grader::gradeBatch(*spec, submissions, builder, options);

  bool reportsOnStdout = request.outDir.empty();
  int status = 0;
  if (!reportsOnStdout) {
    for (const auto& r : results) {
      auto path = std::filesystem::path(request.outDir) / (reportName(r.submission) + "." + std::string(grader::reportExtension(*format)));
      if (!writeFileAtomically(path, grader::renderReport(r, *format), error)) {
        fmt::print(stderr, "error: {}\n", error);
        status = 1;
      }
    }
  } else if (*format == grader::ReportFormat::Text) {
    for (const auto& r : results) std::cout << grader::renderText(r) << "\n";
  } else if (*format == grader::ReportFormat::Junit) {
    std::cout << grader::renderJunit(results);
  } else if (results.size() == 1) {
    std::cout << grader::renderReport(results[0], *format);
  } else {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& r : results) {
      all.push_back(*format == grader::ReportFormat::Json ? grader::toJson(r)
                                                           : nlohmann::json::parse(grader::renderGradescope(r)));
    }
    std::cout << grader::dumpJson(all) << "\n";
  }
  std::cout.flush();
  // The summary joins text on stdout; beside machine-readable stdout it goes to stderr.
  std::string summary = grader::renderSummaryTable(results);
  if (!request.quiet) {
    if (reportsOnStdout && *format != grader::ReportFormat::Text) std::cerr << summary;
    else std::cout << summary;
  }
  if (!request.csv.empty() && !writeFileAtomically(request.csv, grader::renderCsv(results), error)) {
    fmt::print(stderr, "error: {}\n", error);
    status = 1;
  }
  return status;
}

CommandRegistration registration("grade", [](CLI::App& app) -> std::function<int()> {
  auto request = std::make_shared<GradeRequest>();
  auto* cmd = app.add_subcommand("grade", "Grade submissions against a YAML spec (docs/grading.md)");
  cmd->add_option("spec", request->spec, "The grading spec (YAML)")->required()->check(CLI::ExistingFile);
  cmd->add_option("submissions", request->submissions,
                  "A folder of submissions (one folder or file each), or one submission")->required();
  cmd->add_option("-j,--jobs", request->jobs, "Submissions graded in parallel (default: the number of cores)");
  cmd->add_option("-f,--format", request->format, "Report format: text, json, junit or gradescope")
      ->check(CLI::IsMember({"text", "json", "junit", "gradescope"}));
  cmd->add_option("-o,--out", request->outDir, "Write one report per submission into this folder");
  cmd->add_option("--csv", request->csv, "Write the scores as CSV (one row per submission, one column per test)");
  cmd->add_option("--seed", request->seed, "Mix this seed into every test's seed (for variations of randomised tests)");
  cmd->add_option("--timeout", request->timeout, "Wall-clock seconds per submission before it is stopped (default 120)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--memory", request->memoryMiB, "Address-space limit per grading process in MiB (default 2048)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("-q,--quiet", request->quiet, "No progress and no summary table");
  cmd->add_option("--engine", request->engine, "micro: grade LC-3 submissions on the microcoded engine")
      ->check(CLI::IsMember({"micro"}));
  cmd->add_flag("--single", request->single, "SUBMISSIONS is one submission (a folder with any files, or one file)");
  return [request] { return runGrade(*request); };
});

}  // namespace
}  // namespace asmlab::cli
