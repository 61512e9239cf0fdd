// Replays one scripted LC-3 game a fixed number of times, for hardware-counter measurements
// (docs/PERFORMANCE.md, "LC-3 simulator"): host instructions per simulated instruction are
//   (perf's count with mode `run` - perf's count with mode `restore`) / (games x instructions per game)
// since both modes do the same loading and the same snapshot restores, and differ only in the runs.
// Usage: asmlab_lc3_replay PROGRAM.asm SCRIPT.in EDITION GAMES run|restore [fast|micro]
// (micro: the microcoded engine; then divide by clocks for host instructions per clock).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "asmlab/lc3sim/machine.hpp"
#include "asmlab/toolchain/loader.hpp"

int main(int argc, char** argv) {
  if (argc != 6 && argc != 7) {
    std::fprintf(stderr, "usage: %s PROGRAM.asm SCRIPT.in EDITION GAMES run|restore [fast|micro]\n", argv[0]);
    return 2;
  }
  std::ifstream script(argv[2]);
  if (!script) {
    std::fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[2]);
    return 2;
  }
  std::stringstream keys;
  keys << script.rdbuf();
  const std::string mode = argv[5];
  const long games = std::atol(argv[4]);
  if (games < 0 || (mode != "run" && mode != "restore")) {
    std::fprintf(stderr, "%s: GAMES must be >= 0 and the mode run or restore\n", argv[0]);
    return 2;
  }
  asmlab::Diagnostics diagnostics;
  asmlab::toolchain::LoadOptions options;
  options.lc3Edition = std::atoi(argv[3]);
  options.lc3HaltBanner = false;
  options.lc3Microcoded = argc == 7 && std::string(argv[6]) == "micro";
  auto machine = asmlab::toolchain::loadProgram({argv[1]}, options, diagnostics);
  if (!machine) {
    std::fprintf(stderr, "%s: %s did not load\n", argv[0], argv[1]);
    return 1;
  }
  // The same idle debugger hooks as the benchmark.
  machine->feedInput(keys.str());
  machine->closeInput();
  machine->breakpoints().addExecute(0x5000);
  machine->breakpoints().addWatch(0x6000, 4, asmlab::sim::WatchKind::ReadWrite);
  const auto start = machine->saveSnapshot();
  uint64_t simulated = 0, clocks = 0;
  for (long i = 0; i < games; ++i) {
    machine->restoreSnapshot(*start);
    if (mode == "run") {
      machine->run({});
      simulated += machine->instructionCount();
      clocks += machine->clockCount();
    }
  }
  std::printf("%ld games, %llu simulated instructions, %llu clocks, last stop: %s\n", games,
              static_cast<unsigned long long>(simulated), static_cast<unsigned long long>(clocks),
              machine->lastStop().message.c_str());
  return 0;
}
