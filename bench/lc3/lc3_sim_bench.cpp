// Simulated LC-3 instructions per second (docs/PERFORMANCE.md, "LC-3 simulator").
// Every machine has the debugger's hooks present but idle: an execution breakpoint and a watchpoint
// set elsewhere, no trace sink.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "asmlab/lc3/assembler.hpp"
#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/lc3sim/os.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace {

using asmlab::lc3sim::Lc3Machine;

std::unique_ptr<Lc3Machine> build(const std::string& source) {
  asmlab::Diagnostics d;
  asmlab::lc3::AssembleOptions ao;
  ao.warnUnusedLabels = false;
  auto assembly = asmlab::lc3::assembleText("bench.asm", source, d, ao);
  if (d.hasErrors()) return nullptr;
  asmlab::lc3sim::Options o;
  o.operatingSystem = &asmlab::lc3sim::builtinOperatingSystem(asmlab::lc3sim::Edition::Third);
  o.haltBanner = false;
  auto m = std::make_unique<Lc3Machine>(o);
  m->loadProgram(assembly.image);
  m->breakpoints().addExecute(0x5000);
  m->breakpoints().addWatch(0x6000, 4, asmlab::sim::WatchKind::ReadWrite);
  return m;
}

void runToEnd(benchmark::State& state, Lc3Machine& m) {
  auto start = m.saveSnapshot();
  uint64_t instructions = 0;
  for (auto _ : state) {
    // Restoring the 64K-word memory is set-up, not simulation: a short game (Dots runs ~63k
    // instructions) would otherwise be measured mostly as snapshot copying.
    state.PauseTiming();
    m.restoreSnapshot(*start);
    state.ResumeTiming();
    m.run({});
    instructions += m.instructionCount();
  }
  state.counters["instructions"] = static_cast<double>(m.instructionCount());
  state.counters["sim_ips"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
  if (m.lastStop().reason != asmlab::sim::StopReason::Halted) state.SkipWithError(m.lastStop().message.c_str());
}

// Nested countdown: 2000 x 30000 inner iterations of ADD + BRp (~120 million instructions).
void BM_Lc3TightLoop(benchmark::State& state) {
  auto m = build(R"(
        .ORIG x3000
        LD R1, OUTER
OLOOP   LD R2, INNER
ILOOP   ADD R2, R2, #-1
        BRp ILOOP
        ADD R1, R1, #-1
        BRp OLOOP
        HALT
OUTER   .FILL #2000
INNER   .FILL #30000
        .END
)");
  runToEnd(state, *m);
}
BENCHMARK(BM_Lc3TightLoop)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Game-like: a board of 64 cells updated by subroutine calls with loads and stores through
// pointers, a pseudo-random generator, and a character printed through TRAP x21 every pass.
void BM_Lc3GameLike(benchmark::State& state) {
  auto m = build(R"(
        .ORIG x3000
        LD R6, STACK
        LD R5, PASSES
PASS    LEA R1, BOARD
        AND R2, R2, #0
        ADD R2, R2, #15
        ADD R2, R2, #15
        ADD R2, R2, #15
        ADD R2, R2, #15
        ADD R2, R2, #4          ; 64 cells
CELL    JSR RANDOM
        LDR R3, R1, #0
        ADD R3, R3, R0
        AND R3, R3, #7
        STR R3, R1, #0
        JSR NEIGHBOURS
        ADD R1, R1, #1
        ADD R2, R2, #-1
        BRp CELL
        LD R0, DOT
        OUT
        ADD R5, R5, #-1
        BRp PASS
        HALT
; R0 <- next pseudo-random value (R0 = 5*SEED + 1), in SEED
RANDOM  LD R0, SEED
        ADD R4, R0, R0
        ADD R4, R4, R4
        ADD R0, R4, R0
        ADD R0, R0, #1
        ST R0, SEED
        RET
; R4 <- sum of the cell before and after R1
NEIGHBOURS LDR R4, R1, #-1
        LDR R0, R1, #1
        ADD R4, R4, R0
        BRz NZERO
        ADD R4, R4, #-1
NZERO   RET
STACK   .FILL xF000
PASSES  .FILL #6000
DOT     .FILL x002E
SEED    .FILL #12345
        .BLKW 1
BOARD   .BLKW 66
        .END
)");
  runToEnd(state, *m);
}
BENCHMARK(BM_Lc3GameLike)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Real games from programs/lc3 played from their scripted input, when the programs are in the
// tree. The environment variable ASMLAB_LC3_PROGRAMS points at another programs/lc3 folder.
void runScriptedGame(benchmark::State& state, const std::string& program, const std::string& source,
                     const std::string& script, int edition) {
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
  auto machine = asmlab::toolchain::loadProgram({dir + source}, o, d);
  if (!machine) {
    state.SkipWithError((source + " did not load").c_str());
    return;
  }
  auto& m = static_cast<Lc3Machine&>(*machine);
  m.feedInput(keys.str());
  m.closeInput();
  // The same idle hooks as build(): the games use neither address.
  m.breakpoints().addExecute(0x5000);
  m.breakpoints().addWatch(0x6000, 4, asmlab::sim::WatchKind::ReadWrite);
  runToEnd(state, m);
}

// Tic-tac-toe (2nd edition: it installs its own keyboard interrupt handler).
void BM_Lc3RealGame(benchmark::State& state) {
  runScriptedGame(state, "ttt", "ttt.asm", "computer-first-draw.in", 2);
}
BENCHMARK(BM_Lc3RealGame)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Dots and Boxes, the EE 306 assignment (3rd edition, OS traps only): a whole game won by player 1.
void BM_Lc3DotsGame(benchmark::State& state) { runScriptedGame(state, "dots", "dots.asm", "p1-wins.in", 3); }
BENCHMARK(BM_Lc3DotsGame)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
