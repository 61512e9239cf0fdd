// Simulated clocks per second of the LC-3 micro engine (one microinstruction per clock, the
// standard control store, M = 5), with the debugger's hooks present but idle as in
// lc3_sim_bench.cpp (docs/PERFORMANCE.md, "LC-3 micro engine").
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace {

using asmlab::lc3sim::Lc3Machine;

void runGame(benchmark::State& state, const std::string& program, const std::string& source, const std::string& script,
             int edition, bool micro) {
  const char* override = std::getenv("ASMLAB_LC3_PROGRAMS");
  const std::string dir =
      (override ? std::string(override) : std::string(ASMLAB_SOURCE_DIR) + "/programs/lc3") + "/" + program + "/";
  std::ifstream input(dir + "games/" + script);
  if (!input) {
    state.SkipWithError(("programs/lc3/" + program + " is not in this tree").c_str());
    return;
  }
  std::stringstream keys;
  keys << input.rdbuf();
  asmlab::Diagnostics d;
  asmlab::toolchain::LoadOptions o;
  o.lc3Edition = edition;
  o.lc3HaltBanner = false;
  o.lc3Microcoded = micro;
  auto machine = asmlab::toolchain::loadProgram({dir + source}, o, d);
  if (!machine) {
    state.SkipWithError((source + " did not load").c_str());
    return;
  }
  auto& m = static_cast<Lc3Machine&>(*machine);
  m.feedInput(keys.str());
  m.closeInput();
  m.breakpoints().addExecute(0x5000);
  m.breakpoints().addWatch(0x6000, 4, asmlab::sim::WatchKind::ReadWrite);
  auto start = m.saveSnapshot();
  uint64_t clocks = 0, instructions = 0;
  for (auto _ : state) {
    state.PauseTiming();
    m.restoreSnapshot(*start);
    state.ResumeTiming();
    m.run({});
    clocks += m.clockCount();
    instructions += m.instructionCount();
  }
  state.counters["clocks"] = static_cast<double>(m.clockCount());
  state.counters["sim_clocks_per_s"] = benchmark::Counter(static_cast<double>(clocks), benchmark::Counter::kIsRate);
  state.counters["sim_ips"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
  if (m.lastStop().reason != asmlab::sim::StopReason::Halted) state.SkipWithError(m.lastStop().message.c_str());
}

// Dots and Boxes (3rd edition): the game the issue names, on the micro engine and, for scale, on
// the fast engine (the same clocks, counted instead of executed).
void BM_Lc3MicroDotsGame(benchmark::State& state) { runGame(state, "dots", "dots.asm", "p1-wins.in", 3, true); }
BENCHMARK(BM_Lc3MicroDotsGame)->Unit(benchmark::kMillisecond)->MinTime(2.0);
void BM_Lc3FastDotsGameClocks(benchmark::State& state) { runGame(state, "dots", "dots.asm", "p1-wins.in", 3, false); }
BENCHMARK(BM_Lc3FastDotsGameClocks)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Tic-tac-toe (2nd edition, its own keyboard interrupt handler).
void BM_Lc3MicroRealGame(benchmark::State& state) {
  runGame(state, "ttt", "ttt.asm", "computer-first-draw.in", 2, true);
}
BENCHMARK(BM_Lc3MicroRealGame)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
