// Grader throughput: a batch of generated variants of the Dots and Boxes program (most correct,
// some with wrong prompts, a turn bug, endless loops or syntax errors, as a real batch has),
// graded against ten tests of programs/lc3/dots/asmlab.yaml (its first five whole games, which
// start at the program's entry, and its first five subroutine tests) in isolated processes; the whole spec on one submission in this
// process (the CPU time per test); and the time of the exhaustive "the computer never loses"
// check on programs/lc3/ttt and the 8086 tic-tac-toes.
//
// The programs come from $ASMLAB_PROGRAMS_DIR, else <source>/programs. Run:
//   build/release/bench/grader/asmlab_grader_bench --benchmark_repetitions=3
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include <benchmark/benchmark.h>

#include "asmlab/grader/batch.hpp"

namespace {

namespace fs = std::filesystem;
using namespace asmlab;

fs::path programsDir() {
  if (const char* dir = std::getenv("ASMLAB_PROGRAMS_DIR")) return dir;
  return fs::path(ASMLAB_SOURCE_DIR) / "programs";
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
  if (auto at = text.find(from); at != std::string::npos) text.replace(at, from.size(), to);
}

// Variant i: 0-15 no-op words (BR never, x0000) at the entry so every label moves, and a fault in
// some: a wrong prompt (1 in 10), a box that does not earn another move (1 in 10), an endless
// loop (1 in 20) or a syntax error (1 in 25).
std::string variant(const std::string& original, size_t i) {
  std::string text = original;
  std::string padding;
  for (size_t k = 0; k < i % 16; ++k) padding += "        .FILL x0000\n";
  replaceOnce(text, "MAIN            JSR DISPLAY_BOARD", padding + "MAIN            JSR DISPLAY_BOARD");
  if (i % 10 == 3) replaceOnce(text, "\"Player 2, input a move", "\"Player 2 input a move");
  if (i % 10 == 7) replaceOnce(text, "BRp US_DONE             ; a completed box earns another move", "ADD R0, R0, #0");
  if (i % 20 == 11) replaceOnce(text, "MAIN            JSR DISPLAY_BOARD", "MAIN            BRnzp MAIN");
  if (i % 25 == 13) replaceOnce(text, "MAIN            JSR DISPLAY_BOARD", "MAIN            JSR DISPLAY_BOARD, R1");
  return text;
}

struct DotsBatch {
  std::optional<grader::Spec> spec;
  std::vector<fs::path> submissions;
  std::string error;
  fs::path dir;
  ~DotsBatch() {
    std::error_code ec;
    if (!dir.empty()) fs::remove_all(dir, ec);  // the generated variants go with the process
  }
};

const DotsBatch& dotsBatch(size_t count) {
  static std::map<size_t, DotsBatch> cache;
  auto [it, inserted] = cache.try_emplace(count);
  DotsBatch& batch = it->second;
  if (!inserted) return batch;
  fs::path dots = programsDir() / "lc3/dots";
  Diagnostics diagnostics;
  batch.spec = grader::loadSpec(dots / "asmlab.yaml", diagnostics);
  if (!batch.spec) {
    batch.error = "cannot load " + (dots / "asmlab.yaml").string() + ": " + diagnostics.renderToString();
    return batch;
  }
  // Five whole games and five subroutine tests, as a course's spec mixes them.
  std::vector<grader::TestSpec> chosen;
  size_t games = 0, subroutines = 0;
  for (auto& test : batch.spec->tests) {
    bool game = !test.play && !test.randomize && test.runs.at(0).start.kind == grader::Start::Kind::Entry;
    if (game ? games++ < 5 : subroutines++ < 5) chosen.push_back(std::move(test));
  }
  batch.spec->tests = std::move(chosen);
  std::string source = readFile(dots / "dots.asm");
  fs::path dir = fs::temp_directory_path() / ("asmlab-grader-bench-" + std::to_string(getpid()) + "-" + std::to_string(count));
  fs::create_directories(dir);
  batch.dir = dir;
  for (size_t i = 0; i < count; ++i) {
    fs::path file = dir / ("student" + std::to_string(10000 + i) + ".asm");
    std::ofstream(file, std::ios::binary) << variant(source, i);
    batch.submissions.push_back(file);
  }
  return batch;
}

void BM_GradeDotsVariants(benchmark::State& state) {
  const size_t count = static_cast<size_t>(state.range(0));
  const DotsBatch& batch = dotsBatch(count);
  if (!batch.spec) {
    state.SkipWithError(batch.error.c_str());
    return;
  }
  grader::BatchOptions options;
  options.jobs = static_cast<unsigned>(state.range(1));
  options.isolate = state.range(2) != 0;
  double total = 0;
  for (auto _ : state) {
    auto results = grader::gradeBatch(*batch.spec, batch.submissions, grader::defaultBuilder("lc3"), options);
    total = 0;
    for (const auto& r : results) total += r.score;
    benchmark::DoNotOptimize(total);
  }
  state.counters["submissions_per_s"] = benchmark::Counter(static_cast<double>(count) * static_cast<double>(state.iterations()),
                                                           benchmark::Counter::kIsRate);
  state.counters["tests_each"] = static_cast<double>(batch.spec->tests.size());
  state.counters["mean_score"] = total / static_cast<double>(count);
}
// Arguments: submissions, jobs, isolated (forked) or not.
BENCHMARK(BM_GradeDotsVariants)->Args({1000, 2, 1})->Args({200, 1, 1})->Args({200, 1, 0})
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

// The whole spec (42 tests: 30 subroutine contracts, 6 whole games) on the reference solution, in
// this process: the grading time per test, the figure docs/PERFORMANCE.md keeps.
void BM_GradeDotsSpecInProcess(benchmark::State& state) {
  fs::path dots = programsDir() / "lc3/dots";
  Diagnostics diagnostics;
  auto spec = grader::loadSpec(dots / "asmlab.yaml", diagnostics);
  if (!spec) {
    state.SkipWithError(("cannot load " + (dots / "asmlab.yaml").string()).c_str());
    return;
  }
  double score = 0;
  for (auto _ : state) {
    grader::SubmissionResult result = grader::gradeSubmission(*spec, dots, grader::defaultBuilder("lc3"), {});
    benchmark::DoNotOptimize(result);
    score = result.score;
  }
  state.counters["tests"] = static_cast<double>(spec->tests.size());
  state.counters["tests_per_s"] = benchmark::Counter(static_cast<double>(spec->tests.size()) * static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate);
  state.counters["score"] = benchmark::Counter(score);
}
BENCHMARK(BM_GradeDotsSpecInProcess)->Unit(benchmark::kMillisecond);

// The exhaustive play tests (on the plain machine, not the randomised repeats) of one program.
void exhaustivePlay(benchmark::State& state, const std::string& program, const std::string& machine) {
  fs::path dir = programsDir() / program;
  Diagnostics diagnostics;
  auto spec = grader::loadSpec(dir / "asmlab.yaml", diagnostics);
  if (!spec) {
    state.SkipWithError(("cannot load " + (dir / "asmlab.yaml").string()).c_str());
    return;
  }
  std::erase_if(spec->tests, [](const grader::TestSpec& t) { return !t.play || t.randomize; });
  if (spec->tests.empty()) {
    state.SkipWithError((program + "/asmlab.yaml has no exhaustive play test").c_str());
    return;
  }
  std::string summary;
  for (auto _ : state) {
    auto result = grader::gradeSubmission(*spec, dir, grader::defaultBuilder(machine), {});
    summary.clear();
    for (const auto& t : result.tests) summary += (summary.empty() ? "" : "; ") + t.summary;
  }
  state.SetLabel(summary);
}

void BM_ExhaustiveTicTacToe(benchmark::State& state) { exhaustivePlay(state, "lc3/ttt", "lc3"); }
BENCHMARK(BM_ExhaustiveTicTacToe)->Unit(benchmark::kMillisecond)->UseRealTime();

// The 8086 programs on the PC: ttt-ucr (457 games) and the EECS 2100 program (graphics, tunes).
void BM_ExhaustiveTicTacToeUcr(benchmark::State& state) { exhaustivePlay(state, "x86/ttt-ucr", "pc"); }
BENCHMARK(BM_ExhaustiveTicTacToeUcr)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
void BM_ExhaustiveTicTacToeEecs2100(benchmark::State& state) { exhaustivePlay(state, "x86/ttt-eecs2100", "pc"); }
BENCHMARK(BM_ExhaustiveTicTacToeEecs2100)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
