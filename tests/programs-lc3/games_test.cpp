// Whole scripted games of the example programs, compared with their golden transcripts. Every
// transcript was checked by reading it against the game's rules (docs/programs.md says how).
#include <cctype>
#include <ostream>

#include <gtest/gtest.h>

#include "program_runner.hpp"

namespace asmlab::testing {
namespace {

using lc3sim::Edition;

struct Game {
  const char* program;  // source below programs/lc3/
  const char* name;     // games/NAME.in and transcripts/NAME.txt beside it
  Edition edition;
};

std::string directoryOf(const std::string& path) { return path.substr(0, path.find('/') + 1); }

void PrintTo(const Game& game, std::ostream* out) {
  *out << game.program << " " << game.name << " (edition " << static_cast<int>(game.edition) << ")";
}

class ScriptedGame : public ::testing::TestWithParam<Game> {};

TEST_P(ScriptedGame, MatchesGoldenTranscriptAndHalts) {
  const Game& game = GetParam();
  AssembledProgram program = assembleProgram(game.program);
  ASSERT_TRUE(program.ok) << program.diagnostics;
  auto machine = bootProgram(program, game.edition);
  const std::string dir = directoryOf(game.program);
  machine->feedInput(readProgramFile(dir + "games/" + game.name + ".in"));
  machine->closeInput();
  sim::RunLimits limits;
  limits.maxInstructions = 5'000'000;
  sim::StopInfo stop = machine->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(machine->output(), readProgramFile(dir + "transcripts/" + game.name + ".txt"));
}

const Game kGames[] = {
    {"dots/dots.asm", "p1-wins", Edition::Third},
    {"dots/dots.asm", "p2-wins", Edition::Third},
    {"dots/dots.asm", "invalid-and-occupied", Edition::Third},
    {"dots/dots.asm", "quit", Edition::Third},
    {"dots/dots.asm", "quit-at-once", Edition::Third},
    // Dots uses only the traps, so the 2nd-edition trap convention gives the same games.
    {"dots/dots.asm", "p1-wins", Edition::Second},
    {"dots/dots.asm", "quit", Edition::Second},
    {"ttt/ttt.asm", "human-blocked-draw", Edition::Second},
    {"ttt/ttt.asm", "computer-wins-after-bad-keys", Edition::Second},
    {"ttt/ttt.asm", "computer-first-draw", Edition::Second},
    {"ttt/ttt.asm", "computer-first-fork", Edition::Second},
    {"snake/snake.asm", "eat-then-wall", Edition::Second},
    {"snake/snake.asm", "run-into-self", Edition::Second},
    {"snake/snake.asm", "turns-and-quit", Edition::Second},
};

std::string gameName(const ::testing::TestParamInfo<Game>& info) {
  std::string name = directoryOf(info.param.program) + info.param.name +
                     (info.param.edition == Edition::Second ? "_ed2" : "_ed3");
  for (char& c : name) {
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Programs, ScriptedGame, ::testing::ValuesIn(kGames), gameName);

TEST(Dots, ScoresOfTheGamePlayerTwoWinsSixToThree) {
  AssembledProgram program = assembleProgram("dots/dots.asm");
  ASSERT_TRUE(program.ok) << program.diagnostics;
  auto machine = bootProgram(program, Edition::Third);
  machine->feedInput(readProgramFile("dots/games/p2-wins.in"));
  machine->closeInput();
  sim::RunLimits limits;
  limits.maxInstructions = 5'000'000;
  machine->run(limits);
  // Hand-checked: player 1 made 3 boxes and player 2 made 6 in this game.
  EXPECT_EQ(machine->peek(program.symbol("SCORE_PLAYER_ONE")), 3u);
  EXPECT_EQ(machine->peek(program.symbol("SCORE_PLAYER_TWO")), 6u);
}

// Snake takes one key per tick from its interrupt-filled queue, so the pace of the game (the
// busy loop between ticks) must not change what happens.
TEST(Snake, TheSameKeysGiveTheSameGameAtAnyPace) {
  AssembledProgram program = assembleProgram("snake/snake.asm");
  ASSERT_TRUE(program.ok) << program.diagnostics;
  const std::string keys = readProgramFile("snake/games/eat-then-wall.in");
  const std::string golden = readProgramFile("snake/transcripts/eat-then-wall.txt");
  for (uint16_t delay : {1, 10, 20000}) {
    auto machine = bootProgram(program, Edition::Second);
    machine->poke(program.symbol("TICK_DELAY"), delay);
    machine->feedInput(keys);
    machine->closeInput();
    sim::RunLimits limits;
    limits.maxInstructions = 10'000'000;
    sim::StopInfo stop = machine->run(limits);
    EXPECT_EQ(stop.reason, sim::StopReason::Halted) << "delay " << delay << ": " << stop.message;
    EXPECT_EQ(machine->output(), golden) << "delay " << delay;
  }
}

TEST(Snake, KeysBeyondTheQueueCapacityAreNotLost) {
  AssembledProgram program = assembleProgram("snake/snake.asm");
  ASSERT_TRUE(program.ok) << program.diagnostics;
  auto machine = bootProgram(program, Edition::Second);
  std::string keys;
  for (int lap = 0; lap < 10; ++lap) keys += "wasd";  // 40 turns round a 2x2 square, tail first
  machine->feedInput(keys + "q");
  machine->closeInput();
  sim::RunLimits limits;
  limits.maxInstructions = 10'000'000;
  sim::StopInfo stop = machine->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  const std::string& out = machine->output();
  EXPECT_NE(out.find("Tick 40  Score 0\n"), std::string::npos);
  EXPECT_EQ(out.find("Tick 41"), std::string::npos);
  EXPECT_NE(out.find("You quit.\nFinal score: 0\n"), std::string::npos);
}

}  // namespace
}  // namespace asmlab::testing
