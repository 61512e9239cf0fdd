// Assembled lines per second on generated programs (generated_sources.hpp): `.model small` with
// near procedures, and `.model large` with 30 far procedures per code segment. Each iteration is
// the whole job: the macro layer reads the source text, statements are parsed, all passes run,
// and the OMF object file's bytes are written (in memory). 100k, 200k and 400k lines show that the time grows linearly.
// `peak_rss_MB` is the process's peak resident memory after the benchmark (getrusage): run one
// benchmark alone (--benchmark_filter) for it to be that benchmark's own.
//
//   build/release/bench/masm/asmlab_masm_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//   build/release/bench/masm/asmlab_masm_bench --benchmark_filter=BM_AssembleLargeModel
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <string>
#include <vector>

#include "asmlab/link/omf_writer.hpp"
#include "asmlab/masm/assembler.hpp"
#include "generated_sources.hpp"

namespace {

void assembleGenerated(benchmark::State& state, const std::string& text) {
  auto file = std::make_shared<asmlab::SourceFile>("bench.asm", text);
  size_t lines = file->lineCount();
  asmlab::masm::Options options;
  unsigned passes = 0;
  for (auto _ : state) {
    asmlab::Diagnostics diags;
    auto result = asmlab::masm::assemble(file, options, diags);
    if (diags.hasErrors()) {
      state.SkipWithError(diags.renderToString().substr(0, 400).c_str());
      break;
    }
    std::vector<uint8_t> object = asmlab::link::writeObject(result.module);
    benchmark::DoNotOptimize(object.data());
    passes = result.passes;
  }
  state.counters["passes"] = passes;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
  state.counters["lines"] = static_cast<double>(lines);
  state.counters["lines_per_second"] =
      benchmark::Counter(static_cast<double>(lines), benchmark::Counter::kIsIterationInvariantRate);
}
void BM_AssembleLines(benchmark::State& state) {
  assembleGenerated(state, asmlab::bench::generateSmallModel(static_cast<size_t>(state.range(0))));
}
BENCHMARK(BM_AssembleLines)->Arg(100000)->Arg(200000)->Arg(400000)->Unit(benchmark::kMillisecond);

void BM_AssembleLargeModel(benchmark::State& state) {
  assembleGenerated(state, asmlab::bench::generateLargeModel(static_cast<size_t>(state.range(0))));
}
BENCHMARK(BM_AssembleLargeModel)->Arg(200000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
