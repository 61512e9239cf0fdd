// Exhaustive play of programs/lc3/ttt: every sequence of the human's moves, from both starts,
// restoring machine snapshots instead of replaying. The computer must never lose, must answer
// every move with exactly one O in an empty square, and must end every game with a verdict.
#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "program_runner.hpp"

namespace asmlab::testing {
namespace {

using lc3sim::Edition;
using Board = std::array<uint16_t, 9>;

constexpr uint16_t kEmpty = ' ';
constexpr uint16_t kHuman = 'X';
constexpr uint16_t kComputer = 'O';

struct Tally {
  int won = 0;    // by the computer
  int drawn = 0;
  int lost = 0;
  std::vector<std::string> problems;  // the move sequence and what went wrong
};

class Explorer {
public:
  Explorer(lc3sim::Lc3Machine& machine, uint16_t boardAddress) : machine_(machine), board_(boardAddress) {}

  void explore(const std::string& line, Tally& tally) {
    const auto position = machine_.saveSnapshot();
    const Board before = readBoard();
    for (int square = 0; square < 9; ++square) {
      if (before[square] != kEmpty) continue;
      machine_.restoreSnapshot(*position);
      const std::string here = line + char('1' + square);
      const size_t outputStart = machine_.output().size();
      machine_.feedInput(std::string(1, char('1' + square)) + "\n");
      sim::RunLimits limits;
      limits.maxInstructions = 2'000'000;
      const sim::StopInfo stop = machine_.run(limits);
      const std::string reply = machine_.output().substr(outputStart);
      const Board after = readBoard();

      int newComputerMarks = 0;
      bool legal = after[square] == kHuman;
      for (int other = 0; other < 9; ++other) {
        if (other == square || after[other] == before[other]) continue;
        if (before[other] == kEmpty && after[other] == kComputer) ++newComputerMarks;
        else legal = false;
      }
      if (!legal || newComputerMarks > 1) {
        tally.problems.push_back(here + ": illegal reply");
        continue;
      }
      if (reply.find("You win!") != std::string::npos) {
        ++tally.lost;
        tally.problems.push_back(here + ": the computer lost");
      } else if (reply.find("I win!") != std::string::npos) {
        ++tally.won;
        if (stop.reason != sim::StopReason::Halted) tally.problems.push_back(here + ": no halt after the win");
      } else if (reply.find("It's a draw.") != std::string::npos) {
        ++tally.drawn;
        if (stop.reason != sim::StopReason::Halted) tally.problems.push_back(here + ": no halt after the draw");
      } else if (stop.reason != sim::StopReason::WaitingForInput || newComputerMarks != 1) {
        tally.problems.push_back(here + ": no reply (" + stop.message + ")");
      } else {
        explore(here, tally);
      }
    }
  }

private:
  Board readBoard() const {
    Board b{};
    for (int i = 0; i < 9; ++i) b[i] = static_cast<uint16_t>(machine_.peek(board_ + i));
    return b;
  }

  lc3sim::Lc3Machine& machine_;
  uint16_t board_;
};

Tally playEveryGame(const std::string& answerToWhoStarts) {
  Tally tally;
  AssembledProgram program = assembleProgram("ttt/ttt.asm");
  EXPECT_TRUE(program.ok) << program.diagnostics;
  if (!program.ok) return tally;
  auto machine = bootProgram(program, Edition::Second);
  machine->feedInput(answerToWhoStarts);
  machine->closeInput();
  sim::RunLimits limits;
  limits.maxInstructions = 2'000'000;
  const sim::StopInfo stop = machine->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::WaitingForInput) << stop.message;
  Explorer(*machine, program.symbol("BOARD")).explore(answerToWhoStarts.substr(0, 1) + ":", tally);
  return tally;
}

std::string firstProblems(const Tally& tally) {
  std::string text;
  for (size_t i = 0; i < tally.problems.size() && i < 10; ++i) text += tally.problems[i] + "\n";
  return text;
}

// The game counts were computed independently, by a Python model of the same strategy
// (goodness scores 1/3/100/2/0/20, a fork veto, ties to centre, corners, edges).
TEST(TicTacToe, NeverLosesWhenTheHumanStarts) {
  const Tally tally = playEveryGame("y\n");
  EXPECT_TRUE(tally.problems.empty()) << firstProblems(tally);
  EXPECT_EQ(tally.lost, 0);
  EXPECT_EQ(tally.won, 346);
  EXPECT_EQ(tally.drawn, 111);
}

TEST(TicTacToe, NeverLosesWhenTheComputerStarts) {
  const Tally tally = playEveryGame("n\n");
  EXPECT_TRUE(tally.problems.empty()) << firstProblems(tally);
  EXPECT_EQ(tally.lost, 0);
  EXPECT_EQ(tally.won, 72);
  EXPECT_EQ(tally.drawn, 4);
}

TEST(TicTacToe, InstallsItsKeyboardServiceRoutineAndWaitsIdle) {
  AssembledProgram program = assembleProgram("ttt/ttt.asm");
  ASSERT_TRUE(program.ok) << program.diagnostics;
  auto machine = bootProgram(program, Edition::Second);
  machine->closeInput();
  sim::RunLimits limits;
  limits.maxInstructions = 1'000'000;
  const sim::StopInfo stop = machine->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::WaitingForInput) << stop.message;
  EXPECT_EQ(machine->peek(0x0180), program.symbol("KEYBOARD_ISR"));  // vector x80
  EXPECT_EQ(machine->peek(0xFE00) & 0x4000, 0x4000u);                 // KBSR interrupt enable
}

}  // namespace
}  // namespace asmlab::testing
