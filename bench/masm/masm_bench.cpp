// Assembled lines per second on a generated `.model small` program: procedures with labels,
// jumps, memory operands and DUP data. Each iteration is the whole job: the macro layer reads the
// source text, statements are parsed, all passes run, and the OMF object file's bytes are written
// (in memory). 100k, 200k and 400k lines show that the time grows linearly.
//
//   build/release/bench/masm/asmlab_masm_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "asmlab/link/omf_writer.hpp"
#include "asmlab/masm/assembler.hpp"

namespace {

// About `lines` source lines: a data segment of variables and code segments of 22-line procedures.
std::string generateSource(size_t lines) {
  std::string s;
  s.reserve(lines * 28);
  s += ".model small\n.stack 100h\n.data\n";
  size_t procs = lines / 25;
  for (size_t i = 0; i < procs; ++i) s += fmt::format("tab{} dw ?\nmsg{} db 2 dup (1)\n", i, i);
  for (size_t i = 0; i < procs; ++i) {
    // A segment holds 64K: a new code segment every 1000 procedures (`.code name` in SMALL).
    if (i % 1000 == 0) s += fmt::format(".code text{}\n", i / 1000);
    s += fmt::format("p{} proc\n", i);
    s += "        push bp\n        mov bp, sp\n        mov cx, 10\n";
    s += "again:  mov ax, [bp+4]\n        add ax, bx\n        cmp ax, 100h\n        jb skip\n";
    s += fmt::format("        mov tab{}[si], ax\n        inc si\n        inc si\n", i);
    s += fmt::format("skip:   mov al, msg{}[bx]\n        or al, al\n        jz done\n", i);
    s += "        shl ax, 1\n        sub dx, ax\n        loop again\n";
    s += fmt::format("done:   mov dx, offset msg{}\n        call p{}\n", i, i);
    s += "        pop bp\n        ret\n";
    s += fmt::format("p{} endp\n", i);
  }
  s += "end p0\n";
  return s;
}

void BM_AssembleLines(benchmark::State& state) {
  auto file = std::make_shared<asmlab::SourceFile>("bench.asm", generateSource(static_cast<size_t>(state.range(0))));
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
  state.counters["lines"] = static_cast<double>(lines);
  state.counters["lines_per_second"] =
      benchmark::Counter(static_cast<double>(lines), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_AssembleLines)->Arg(100000)->Arg(200000)->Arg(400000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
