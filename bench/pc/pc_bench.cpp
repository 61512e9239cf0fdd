// Simulated speed of the whole PC (CPU, bus, timer interrupts through the BIOS's INT 08h, the run
// loop's device scheduling), in simulated seconds per host second and instructions per second.
#include <benchmark/benchmark.h>

#include "asmlab/sim/history.hpp"
#include "asmlab/x86/bus_log.hpp"
#include "asmlab/x86/pc/pc_machine.hpp"

namespace {

using asmlab::x86::pc::PcMachine;

// A busy program: a counting loop with memory traffic, never ending; the timer ticks meanwhile.
const std::vector<uint8_t> kBusyLoop = {
    0xBB, 0x00, 0x02,        // mov bx,200h
    0x8B, 0x07,              // L: mov ax,[bx]
    0x40,                    // inc ax
    0x89, 0x07,              // mov [bx],ax
    0x43, 0x43,              // inc bx / inc bx
    0x81, 0xE3, 0xFF, 0x03,  // and bx,3FFh
    0xEB, 0xF3};             // jmp L

void BM_PcBusyLoop(benchmark::State& state) {
  const uint64_t clocks = 4'772'727;  // one simulated second per iteration
  uint64_t instructions = 0;
  for (auto _ : state) {
    PcMachine m;
    std::string error;
    m.loadProgram(kBusyLoop, "BUSY.COM", "", error);
    asmlab::sim::RunLimits limits;
    limits.maxClocks = clocks;
    m.run(limits);
    instructions += m.instructionCount();
  }
  state.counters["instr/s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
  state.counters["sim_s/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PcBusyLoop)->Unit(benchmark::kMillisecond);

// An idle program (HLT in a loop): the clock jumps between timer ticks.
void BM_PcIdleHalt(benchmark::State& state) {
  for (auto _ : state) {
    PcMachine m;
    std::string error;
    m.loadProgram({0xF4, 0xEB, 0xFD}, "IDLE.COM", "", error);  // L: hlt / jmp L
    asmlab::sim::RunLimits limits;
    limits.maxClocks = 60ull * 4'772'727;  // one simulated minute
    m.run(limits);
  }
  state.counters["sim_min/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PcIdleHalt)->Unit(benchmark::kMillisecond);

// The register loop of bench/x86/cpu_bench.cpp (`add ax,bx / dec dx / jnz`, DOSBox's benchmark)
// run as a .COM program in the whole PC, as users run it: the timer interrupt, the interrupt
// controller attached with IF set, the breakpoint table installed, the run loop's chunks.
const std::vector<uint8_t> kRegisterLoop = {0x01, 0xD8, 0x4A, 0x75, 0xFB, 0xEB, 0xF9};

enum class Watched { Nothing, IdleBreakpoint, CodeEnd };

void runPcRegisterLoop(benchmark::State& state, Watched watched) {
  PcMachine m;
  std::string error;
  m.loadProgram(kRegisterLoop, "LOOP.COM", "", error);
  // A debugger session: one execute breakpoint in a ROM routine the loop never reaches.
  if (watched == Watched::IdleBreakpoint) m.breakpoints().addExecute(0xFE000);
  // A program loaded from source, as `asmlab run` loads it: its code segment's end is marked.
  if (watched == Watched::CodeEnd) m.setCodeEnds({{0x10107, "_TEXT"}});
  constexpr uint64_t kBatch = 10'000'000;
  asmlab::sim::RunLimits limits;
  limits.maxInstructions = kBatch;
  for (auto _ : state) m.run(limits);
  state.counters["instr/s"] = benchmark::Counter(double(kBatch) * double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["clocks/instr"] = double(m.clockCount()) / double(m.instructionCount());
}

void BM_PcRegisterLoop(benchmark::State& state) { runPcRegisterLoop(state, Watched::Nothing); }
BENCHMARK(BM_PcRegisterLoop)->Unit(benchmark::kMillisecond);

void BM_PcRegisterLoopIdleBreakpoint(benchmark::State& state) { runPcRegisterLoop(state, Watched::IdleBreakpoint); }
BENCHMARK(BM_PcRegisterLoopIdleBreakpoint)->Unit(benchmark::kMillisecond);

void BM_PcRegisterLoopCodeEndMark(benchmark::State& state) { runPcRegisterLoop(state, Watched::CodeEnd); }
BENCHMARK(BM_PcRegisterLoopCodeEndMark)->Unit(benchmark::kMillisecond);

// The debugger's Bus pane after a stop (docs/debugger.md, "The Bus pane"): the last 64
// instructions re-executed from the step-back history with a bus log attached, on the cycle model.
// The machine stands just before the next periodic snapshot (the debugger's interval, 100,000
// instructions), so nearly a whole interval is re-executed: the worst case.
void BM_BusViewRerun(benchmark::State& state) {
  asmlab::x86::pc::PcOptions options;
  options.timing = asmlab::x86::TimingModel::Cycle;
  PcMachine m(options);
  std::string error;
  m.loadProgram(kBusyLoop, "BUSY.COM", "", error);
  asmlab::sim::History history(m, 100'000, 64);
  asmlab::sim::RunLimits limits;
  limits.maxInstructions = 1'099'990;
  history.run(limits);
  asmlab::x86::BusLog log(64);
  for (auto _ : state) {
    log.clear();
    history.rerun(m.instructionCount() - 64, [&] { m.cpu().setClockSink(&log); });
    m.cpu().setClockSink(nullptr);
    benchmark::DoNotOptimize(log.size());
  }
  state.counters["replayed_instr"] = static_cast<double>(m.instructionCount() % 100'000);
}
BENCHMARK(BM_BusViewRerun)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
