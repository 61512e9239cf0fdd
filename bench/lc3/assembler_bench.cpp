// Assembled lines per second on a large generated source (target: at least 1 million). The source
// has 48,000 lines in 12 .ORIG blocks and fills user memory (x3000..xEFFF): no LC-3 program can be
// much larger, since memory holds 64K words.
// Run: build/release/bench/lc3/asmlab_bench_lc3_asm --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <random>

#include <fmt/format.h>

#include "asmlab/lc3/assembler.hpp"

namespace {

// A source shaped like course programs: labels on about one line in four, comments, blank lines,
// every instruction family, branches to nearby labels, and data at the end of each block.
std::string generateSource(int lines, int& lineCount) {
  std::mt19937 random(2024);
  std::string text;
  text.reserve(size_t(lines) * 32);
  int emitted = 0, label = 0, inBlock = 0;
  auto reg = [&] { return int(random() % 8); };
  uint32_t origin = 0x3000;
  int blockFirstLabel = 1;
  text += fmt::format("; generated benchmark program\n        .ORIG x{:04X}\nL{:<7}AND R0, R0, #0\n", origin, ++label);
  emitted += 3;
  while (emitted < lines - 1) {
    if (inBlock > 4000) {  // keep every PC offset in range: one block per 4000 lines
      text += "        HALT\nDATA" + std::to_string(label) + "  .FILL x1234\n        .STRINGZ \"Hello, LC-3!\\n\"\n        .BLKW 4\n        .END\n";
      origin += 0x1000;  // 12 blocks of at most 4096 words fill user memory x3000..xEFFF
      text += fmt::format("\n; next block\n        .ORIG x{:04X}\nL{:<7}AND R0, R0, #0\n", origin, ++label);
      blockFirstLabel = label;
      emitted += 9;
      inBlock = 0;
      continue;
    }
    std::string prefix = "        ";
    if (random() % 4 == 0) prefix = fmt::format("L{:<7}", ++label);
    int near = std::max(blockFirstLabel, label - int(random() % 20));
    switch (random() % 12) {
      case 0: text += fmt::format("{}ADD R{}, R{}, R{}\n", prefix, reg(), reg(), reg()); break;
      case 1: text += fmt::format("{}ADD R{}, R{}, #{}\n", prefix, reg(), reg(), int(random() % 32) - 16); break;
      case 2: text += fmt::format("{}AND R{}, R{}, x{:X}\n", prefix, reg(), reg(), random() % 16); break;
      case 3: text += fmt::format("{}NOT R{}, R{}\n", prefix, reg(), reg()); break;
      case 4: text += fmt::format("{}BRnz L{}        ; loop back\n", prefix, near); break;
      case 5: text += fmt::format("{}LDR R{}, R{}, #{}\n", prefix, reg(), reg(), int(random() % 64) - 32); break;
      case 6: text += fmt::format("{}STR R{}, R6, #0\n", prefix, reg()); break;
      case 7: text += fmt::format("{}LEA R{}, L{}\n", prefix, reg(), near); break;
      case 8: text += fmt::format("{}LD R{}, L{}\n", prefix, reg(), near); break;
      case 9: text += prefix + "OUT\n"; break;
      case 10: text += prefix + "\n"; break;
      default: text += prefix + "; a comment line, as students write them\n"; break;
    }
    ++emitted;
    ++inBlock;
  }
  text += "        HALT\n        .END\n";
  emitted += 2;
  lineCount = emitted;
  return text;
}

const std::string& source(int& lines) {
  static int count = 0;
  static const std::string text = generateSource(48'000, count);
  lines = count;
  return text;
}

void assembleBenchmark(benchmark::State& state, bool listing) {
  int lines = 0;
  const std::string& text = source(lines);
  asmlab::lc3::AssembleOptions options;
  options.listing = listing;
  for (auto _ : state) {
    asmlab::Diagnostics diagnostics;
    auto assembly = asmlab::lc3::assembleText("bench.asm", text, diagnostics, options);
    if (diagnostics.hasErrors()) {
      for (const auto& d : diagnostics.all())
        if (d.severity == asmlab::Severity::Error) {
          state.SkipWithError(asmlab::formatDiagnostic(d).c_str());
          break;
        }
      return;
    }
    benchmark::DoNotOptimize(assembly.image.blocks.data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * lines);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
  state.counters["lines"] = lines;
}

// The whole job: building the line index of the file, parsing, both passes, warnings.
void BM_AssembleLines(benchmark::State& state) { assembleBenchmark(state, false); }
void BM_AssembleLinesWithListing(benchmark::State& state) { assembleBenchmark(state, true); }

BENCHMARK(BM_AssembleLines)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AssembleLinesWithListing)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
