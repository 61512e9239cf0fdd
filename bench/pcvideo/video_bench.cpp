// Speed of the VGA: whole-frame rendering (what screenshots and the debugger's screen pane cost),
// CPU writes to display memory, the 3DAh status read programs poll, and BIOS teletype output.
#include <benchmark/benchmark.h>

#include "asmlab/x86/bus.hpp"
#include "asmlab/x86/cpu.hpp"
#include "asmlab/x86/pc/video/vga_card.hpp"

namespace {

using namespace asmlab::x86;
using namespace asmlab::x86::pc::video;

class Clock final : public pc::ClockSource {
public:
  uint64_t now() const override { return clock; }
  uint64_t clocksPerSecond() const override { return 4772727; }
  uint64_t clock = 0;
};

struct Rig {
  Rig() { card.powerOn(bus, clock); }
  void int10(uint16_t ax, uint16_t bx = 0) {
    cpu.setReg16(AX, ax);
    cpu.setReg16(BX, bx);
    card.int10(cpu);
  }
  FlatMemoryBus bus;
  Cpu cpu{bus};
  Clock clock;
  VgaCard card;
};

void BM_RenderText80x25(benchmark::State& state) {
  Rig rig;
  for (uint32_t i = 0; i < 4000; i += 2) {
    rig.card.writeMemory(0xB8000 + i, static_cast<uint8_t>('A' + i % 26));
    rig.card.writeMemory(0xB8001 + i, static_cast<uint8_t>(i));
  }
  Frame frame;
  RenderOptions options;
  options.cursor = true;
  for (auto _ : state) {
    rig.card.renderFrame(options, frame);
    benchmark::DoNotOptimize(frame.pixels.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RenderText80x25)->Unit(benchmark::kMicrosecond);

void BM_RenderMode13h(benchmark::State& state) {
  Rig rig;
  rig.int10(0x0013);
  for (uint32_t i = 0; i < 64000; ++i) rig.card.writeMemory(0xA0000 + i, static_cast<uint8_t>(i * 7));
  Frame frame;
  for (auto _ : state) {
    rig.card.renderFrame({}, frame);
    benchmark::DoNotOptimize(frame.pixels.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RenderMode13h)->Unit(benchmark::kMicrosecond);

void BM_CpuWritesMode13h(benchmark::State& state) {
  Rig rig;
  rig.int10(0x0013);
  uint32_t i = 0;
  for (auto _ : state) {
    rig.card.writeMemory(0xA0000 + (i & 0xFFFF), static_cast<uint8_t>(i));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CpuWritesMode13h);

void BM_StatusRead3DAh(benchmark::State& state) {
  Rig rig;
  for (auto _ : state) {
    rig.clock.clock += 31;
    benchmark::DoNotOptimize(rig.card.inPort(0x3DA));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StatusRead3DAh);

void BM_TeletypeLineWithScrollMode03h(benchmark::State& state) {
  Rig rig;
  for (auto _ : state) {
    for (char c : std::string("The quick brown fox jumps over the lazy dog\r\n")) rig.card.teletype(rig.bus, static_cast<uint8_t>(c));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TeletypeLineWithScrollMode03h)->Unit(benchmark::kMicrosecond);

void BM_TeletypeLineWithScrollMode13h(benchmark::State& state) {
  Rig rig;
  rig.int10(0x0013);
  for (auto _ : state) {
    for (char c : std::string("The quick brown fox\r\n")) rig.card.teletype(rig.bus, static_cast<uint8_t>(c));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TeletypeLineWithScrollMode13h)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
