// `asmlab grade SPEC SUBMISSIONS [--jobs N] [--format text|json|junit|gradescope] [--out DIR]
//  [--csv FILE] [--seed N] [--timeout S] [--memory MIB] [--single] [--quiet]`: grades every submission in
// its own process against a YAML spec (docs/grading.md) and prints reports, a summary table and
// optionally a CSV of scores.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "asmlab/asm/output_file.hpp"
#include "asmlab/grader/batch.hpp"
#include "asmlab/grader/report.hpp"
#include "asmlab/toolchain/loader.hpp"
#include "command.hpp"
#include "grade_progress.hpp"
#include "options.hpp"

namespace asmlab::cli {
namespace {

struct GradeRequest {
  std::string spec;
  std::string submissions;
  unsigned jobs = 0;
  std::string format = "text";
  std::string outDir;
  std::string output;  // -o: all reports in one file
  std::string csv;
  std::optional<uint64_t> seed;
  double timeout = kDefaultTimeoutSeconds;
  uint64_t memoryMiB = 2048;
  bool quiet = false;
  bool single = false;
  std::string engine;  // "micro": the LC-3 micro engine whatever the spec says
  std::string timing;  // "manual" or "cycle": the 8086 timing model whatever the spec says
};

// Everything grading reads: the spec and the files beside it (reference outputs, key scripts), and
// every file of every submission. No report or CSV may replace one of them.
InputFiles gradingInputs(const std::string& spec, const std::vector<std::filesystem::path>& submissions) {
  namespace fs = std::filesystem;
  InputFiles inputs;
  inputs.add(spec);
  std::error_code ec;
  auto specDir = fs::path(spec).parent_path();
  for (const auto& entry : fs::directory_iterator(specDir.empty() ? fs::path(".") : specDir, ec))
    if (entry.is_regular_file(ec)) inputs.add(entry.path().string());
  for (const auto& s : submissions) {
    inputs.add(s.string());
    if (!fs::is_directory(s, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(s, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) break;
      if (it->is_regular_file(ec)) inputs.add(it->path().string());
    }
  }
  return inputs;
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
  diagnostics.setErrorLimit(Diagnostics::kDefaultErrorLimit);  // as for sources (docs/cli.md)
  auto spec = grader::loadSpec(request.spec, diagnostics);
  if (!spec) {
    diagnostics.render(std::cerr, isatty(STDERR_FILENO) != 0);
    return 2;
  }
  if (request.engine == "micro" && spec->machine == "lc3") spec->build.microcoded = true;
  if (!request.timing.empty() && spec->machine == "pc") {
    if (request.timing == "cycle" && !toolchain::hasCycleTiming(spec->build.cpu)) {
      fmt::print(stderr, "error: --timing cycle runs the 8086 and 8088 only; the spec's cpu is {}\n", spec->build.cpu);
      return 2;
    }
    spec->build.timing = request.timing;
  }
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
  const InputFiles inputs = gradingInputs(request.spec, submissions);
  if (auto problem = checkOutputs({request.csv, request.output}, inputs); !problem.empty()) {
    fmt::print(stderr, "error: {}; nothing graded\n", problem);
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
  std::string combined;  // the reports in one text: stdout, or the file -o names
  if (!reportsOnStdout) {
    for (const auto& r : results) {
      auto path = std::filesystem::path(request.outDir) / (reportName(r.submission) + "." + std::string(grader::reportExtension(*format)));
      if (!writeOutputFile(path.string(), grader::renderReport(r, *format), inputs, error)) {
        fmt::print(stderr, "error: {}\n", error);
        status = 1;
      }
    }
  } else if (*format == grader::ReportFormat::Text) {
    for (const auto& r : results) combined += grader::renderText(r) + "\n";
  } else if (*format == grader::ReportFormat::Junit) {
    combined = grader::renderJunit(results);
  } else if (results.size() == 1) {
    combined = grader::renderReport(results[0], *format);
  } else {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& r : results) {
      all.push_back(*format == grader::ReportFormat::Json ? grader::toJson(r)
                                                           : nlohmann::json::parse(grader::renderGradescope(r)));
    }
    combined = grader::dumpJson(all) + "\n";
  }
  if (!request.output.empty()) {
    if (!writeOutputFile(request.output, combined, inputs, error)) {
      fmt::print(stderr, "error: {}\n", error);
      status = 1;
    }
    reportsOnStdout = false;
  } else {
    std::cout << combined;
  }
  std::cout.flush();
  // The summary joins text on stdout; beside machine-readable stdout it goes to stderr.
  std::string summary = grader::renderSummaryTable(results);
  if (!request.quiet) {
    if (reportsOnStdout && *format != grader::ReportFormat::Text) std::cerr << summary;
    else std::cout << summary;
  }
  if (!request.csv.empty() && !writeOutputFile(request.csv, grader::renderCsv(results), inputs, error)) {
    fmt::print(stderr, "error: {}\n", error);
    status = 1;
  }
  return status;
}

CommandRegistration gradeCommand("grade", [](CLI::App& app) -> std::function<int()> {
  auto request = std::make_shared<GradeRequest>();
  auto* cmd = app.add_subcommand("grade", "Grade submissions against a YAML spec (docs/grading.md)");
  cmd->add_option("spec", request->spec, "The grading spec (YAML)")->required()->check(CLI::ExistingFile);
  cmd->add_option("submissions", request->submissions,
                  "A folder of submissions (one folder or file each), or one submission")->required();
  cmd->add_option("-j,--jobs", request->jobs, "Submissions graded in parallel (default: the number of cores)");
  cmd->add_option("-f,--format", request->format, "Report format: text, json, junit or gradescope")
      ->check(CLI::IsMember({"text", "json", "junit", "gradescope"}));
  cmd->add_option("--out-dir", request->outDir, "Write one report per submission into this folder");
  // --out is the old name of --out-dir, kept for course scripts.
  cmd->add_option("--out", request->outDir)->group("");
  cmd->add_option("-o,--output", request->output,
                  "Write the reports to this file instead of stdout (a folder here means --out-dir, the old -o)");
  cmd->add_option("--csv", request->csv, "Write the scores as CSV (one row per submission, one column per test)");
  cmd->add_option("--seed", request->seed, "Mix this seed into every test's seed (for variations of randomised tests)");
  cmd->add_option("--timeout", request->timeout, "Wall-clock seconds per submission before it is stopped (default 600)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--memory", request->memoryMiB, "Address-space limit per grading process in MiB (default 2048)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("-q,--quiet", request->quiet, "No progress and no summary table");
  cmd->add_option("--engine", request->engine, "micro: grade LC-3 submissions on the microcoded engine")
      ->check(CLI::IsMember({"micro"}));
  cmd->add_option("--timing", request->timing,
                  "manual or cycle: the 8086/8088 timing model (default: the spec's build.timing, else manual)")
      ->check(CLI::IsMember({"manual", "cycle"}));
  cmd->add_flag("--single", request->single, "SUBMISSIONS is one submission (a folder with any files, or one file)");
  return [request] {
    // `-o DIR` named the report folder before --out-dir existed: a folder there keeps that meaning.
    std::error_code ec;
    if (!request->output.empty() &&
        (request->output.back() == '/' || std::filesystem::is_directory(request->output, ec))) {
      fmt::print(stderr, "asmlab grade: -o {} is a folder: writing one report per submission there (--out-dir)\n",
                 request->output);
      if (request->outDir.empty()) request->outDir = request->output;
      request->output.clear();
    }
    return runGrade(*request);
  };
});

}  // namespace
}  // namespace asmlab::cli
