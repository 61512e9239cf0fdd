// Every scripted game of every program in programs/lc3 on both engines: the fast one and the
// microcoded one give the same output, registers, memory, instruction count and clock count,
// compared every 1,000 instructions and at the end, at two memory latencies. Games are found on
// disk (programs/lc3/*/games/*.in, the edition from the program's asmlab.yaml), so a new program
// or game is covered without editing this file.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "program_runner.hpp"

namespace asmlab::testing {
namespace {

namespace fs = std::filesystem;

struct GameFile {
  std::string program;  // "dots/dots.asm"
  std::string input;    // "dots/games/p1-wins.in"
  lc3sim::Edition edition = lc3sim::Edition::Third;
};

lc3sim::Edition editionOf(const fs::path& spec) {
  std::ifstream in(spec);
  std::string line;
  while (std::getline(in, line)) {
    const auto at = line.find("edition:");
    if (at != std::string::npos && line.find('#') > at) {
      return line.find('2', at) != std::string::npos ? lc3sim::Edition::Second : lc3sim::Edition::Third;
    }
  }
  return lc3sim::Edition::Third;
}

std::vector<GameFile> findGames() {
  std::vector<GameFile> games;
  const fs::path root = fs::path(ASMLAB_SOURCE_DIR) / "programs" / "lc3";
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(root, ec)) {
    const std::string name = dir.path().filename().string();
    const fs::path source = dir.path() / (name + ".asm");
    if (!fs::exists(source) || !fs::is_directory(dir.path() / "games")) continue;
    for (const auto& game : fs::directory_iterator(dir.path() / "games", ec)) {
      if (game.path().extension() != ".in") continue;
      games.push_back({name + "/" + name + ".asm", name + "/games/" + game.path().filename().string(),
                       editionOf(dir.path() / "asmlab.yaml")});
    }
  }
  std::sort(games.begin(), games.end(), [](const GameFile& a, const GameFile& b) { return a.input < b.input; });
  return games;
}

std::unique_ptr<lc3sim::Lc3Machine> boot(const AssembledProgram& program, lc3sim::Edition edition,
                                         lc3sim::Engine engine, unsigned latency) {
  auto m = bootProgram(program, edition);  // for the OS image and the entry state
  lc3sim::Options options = m->options();
  options.engine = engine;
  options.memoryLatency = latency;
  auto machine = std::make_unique<lc3sim::Lc3Machine>(options);
  machine->loadProgram(program.image);
  machine->reset();
  return machine;
}

std::string differences(const lc3sim::Lc3Machine& a, const lc3sim::Lc3Machine& b, bool memory) {
  std::ostringstream out;
  for (size_t r = 0; r < a.registers().size(); ++r) {
    if (a.readRegister(r) != b.readRegister(r)) out << a.registers()[r].name << " ";
  }
  if (a.instructionCount() != b.instructionCount()) out << "instructions ";
  if (a.clockCount() != b.clockCount()) out << "clocks (" << a.clockCount() << " vs " << b.clockCount() << ") ";
  if (a.output() != b.output()) out << "output ";
  if (memory) {
    for (uint32_t addr = 0; addr < 0x10000; ++addr) {
      if (a.peek(addr) != b.peek(addr)) {
        out << "memory x" << std::hex << addr << " ";
        break;
      }
    }
  }
  return out.str();
}

TEST(Lc3ProgramsOnBothEngines, EveryGameGivesTheSameMachineAndClocks) {
  const auto games = findGames();
  ASSERT_GE(games.size(), 3u) << "programs/lc3 has no games";
  for (const GameFile& game : games) {
    AssembledProgram program = assembleProgram(game.program);
    ASSERT_TRUE(program.ok) << program.diagnostics;
    const std::string keys = readProgramFile(game.input);
    for (unsigned latency : {1u, 5u}) {
      SCOPED_TRACE(game.input + ", M = " + std::to_string(latency));
      auto fast = boot(program, game.edition, lc3sim::Engine::Fast, latency);
      auto micro = boot(program, game.edition, lc3sim::Engine::Micro, latency);
      for (auto* m : {fast.get(), micro.get()}) {
        m->feedInput(keys);
        m->closeInput();
      }
      sim::RunLimits chunk;
      chunk.maxInstructions = 1000;
      for (int i = 0; i < 20'000; ++i) {
        const sim::StopInfo a = fast->run(chunk);
        const sim::StopInfo b = micro->run(chunk);
        ASSERT_EQ(a.reason, b.reason) << a.message << " / " << b.message;
        ASSERT_EQ(a.message, b.message);
        const std::string d = differences(*fast, *micro, false);
        ASSERT_TRUE(d.empty()) << d << "after " << fast->instructionCount() << " instructions";
        if (a.reason != sim::StopReason::InstructionLimit) break;
      }
      EXPECT_EQ(fast->lastStop().reason, sim::StopReason::Halted) << fast->lastStop().message;
      const std::string d = differences(*fast, *micro, true);
      EXPECT_TRUE(d.empty()) << d << "at the end";
    }
  }
}

}  // namespace
}  // namespace asmlab::testing
