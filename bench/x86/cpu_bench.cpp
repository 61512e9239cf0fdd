// Throughput of the 8086 core with clock accounting on (it is always on): the register loop
// `add ax,bx / dec dx / jnz` that DOSBox is measured with, a memory-heavy loop, and the
// conformance tests (one decoded instruction each, with state loading).
// Figures and commands: docs/PERFORMANCE.md, section "8086 CPU".
#include <benchmark/benchmark.h>

#include <filesystem>
#include <vector>

#include "asmlab/x86/conformance.hpp"
#include "asmlab/x86/cpu.hpp"

namespace {

using namespace asmlab::x86;

void loadProgram(FlatMemoryBus& bus, Cpu& cpu, std::initializer_list<uint8_t> code) {
  uint32_t at = 0x100;
  for (uint8_t b : code) bus.ram()[at++] = b;
  cpu.setSeg(CS, 0); cpu.setSeg(DS, 0); cpu.setSeg(ES, 0); cpu.setSeg(SS, 0);
  cpu.setReg16(SP, 0xFFFE);
  cpu.setIp(0x100);
}

void runLoop(benchmark::State& state, CpuModel model, std::initializer_list<uint8_t> code,
             bool idleBreakpoint = false, TimingModel timing = TimingModel::Manual) {
  FlatMemoryBus bus;
  Cpu cpu(bus, model);
  cpu.setTimingModel(timing);
  loadProgram(bus, cpu, code);
  // A debugger session: one breakpoint far from the loop, so every instruction pays the
  // breakpoint test but run() never stops (as asmlab::x86::pc::PcMachine drives the core).
  std::vector<uint8_t> breakFlags(1u << 20, 0);
  breakFlags[0x5000] = 1;
  if (idleBreakpoint) cpu.setBreakpointTable(breakFlags.data(), uint32_t(breakFlags.size()));
  constexpr uint64_t kBatch = 10'000'000;
  for (auto _ : state) cpu.run(kBatch);
  state.counters["instr/s"] = benchmark::Counter(double(kBatch) * double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["clocks/instr"] = double(cpu.clockCount()) / double(cpu.instructionCount());
  state.counters["clocks/s"] = benchmark::Counter(double(cpu.clockCount()), benchmark::Counter::kIsRate);
}

// 0100: add ax,bx / dec dx / jnz 0100 / jmp 0100
void BM_RegisterLoop8086(benchmark::State& state) {
  runLoop(state, CpuModel::i8086, {0x01, 0xD8, 0x4A, 0x75, 0xFB, 0xEB, 0xF9});
}
BENCHMARK(BM_RegisterLoop8086)->Unit(benchmark::kMillisecond);

// The same loop with a breakpoint set elsewhere: the debugger hooks idle but present.
void BM_RegisterLoop8086IdleBreakpoint(benchmark::State& state) {
  runLoop(state, CpuModel::i8086, {0x01, 0xD8, 0x4A, 0x75, 0xFB, 0xEB, 0xF9}, true);
}
BENCHMARK(BM_RegisterLoop8086IdleBreakpoint)->Unit(benchmark::kMillisecond);

// The cycle timing model (bus interface unit, prefetch queue, every clock): its speed is
// measured in simulated clocks per second.
void BM_RegisterLoop8086Cycle(benchmark::State& state) {
  runLoop(state, CpuModel::i8086, {0x01, 0xD8, 0x4A, 0x75, 0xFB, 0xEB, 0xF9}, false, TimingModel::Cycle);
}
BENCHMARK(BM_RegisterLoop8086Cycle)->Unit(benchmark::kMillisecond);

void BM_RegisterLoop8088Cycle(benchmark::State& state) {
  runLoop(state, CpuModel::i8088, {0x01, 0xD8, 0x4A, 0x75, 0xFB, 0xEB, 0xF9}, false, TimingModel::Cycle);
}
BENCHMARK(BM_RegisterLoop8088Cycle)->Unit(benchmark::kMillisecond);

void BM_MemoryLoop8086Cycle(benchmark::State& state) {
  runLoop(state, CpuModel::i8086, {0x8A, 0x04, 0x00, 0x45, 0x02, 0x46, 0xE2, 0xF8, 0xEB, 0xF6}, false, TimingModel::Cycle);
}
BENCHMARK(BM_MemoryLoop8086Cycle)->Unit(benchmark::kMillisecond);

void BM_RegisterLoop8088(benchmark::State& state) {
  runLoop(state, CpuModel::i8088, {0x01, 0xD8, 0x4A, 0x75, 0xFB, 0xEB, 0xF9});
}
BENCHMARK(BM_RegisterLoop8088)->Unit(benchmark::kMillisecond);

// 0100: mov al,[si] / add [di+2],al / inc si / loop 0100 / jmp 0100  (memory operands, LOOP)
void BM_MemoryLoop8086(benchmark::State& state) {
  runLoop(state, CpuModel::i8086, {0x8A, 0x04, 0x00, 0x45, 0x02, 0x46, 0xE2, 0xF8, 0xEB, 0xF6});
}
BENCHMARK(BM_MemoryLoop8086)->Unit(benchmark::kMillisecond);

// Every test of the shared conformance suite: load the initial state, execute, clean up.
void BM_ConformanceSuite(benchmark::State& state) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(ASMLAB_SHARED_DIR) / "conformance" / "8086";
  if (!fs::is_directory(dir)) {
    state.SkipWithError("conformance suite not found");
    return;
  }
  std::vector<moo::File> files;
  for (const auto& path : conformance::listTestFiles(dir)) files.push_back(moo::readFile(path));
  uint64_t instructions = 0;
  conformance::Options options;
  for (auto _ : state)
    for (const auto& f : files) instructions += conformance::executeOnly(f, options);
  state.counters["instr/s"] = benchmark::Counter(double(instructions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ConformanceSuite)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
