// Exhaustive play against tic-tac-toe "programs" written in C++ behind the Machine interface:
// a perfect player (never loses), a naive one (loses), a cheat (illegal move) and one that hangs.
#include <array>
#include <deque>

#include <gtest/gtest.h>

#include "asmlab/grader/grade.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

enum class Strategy { Perfect, FirstEmpty, Cheat, HangOnCentre };

using Board = std::array<char, 9>;

char winner(const Board& b) {
  static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& l : lines) {
    if (b[l[0]] != ' ' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]) return b[l[0]];
  }
  return 0;
}
bool full(const Board& b) { return std::find(b.begin(), b.end(), ' ') == b.end(); }

// Minimax score for O to move (+1 O wins, 0 draw, -1 X wins).
int minimax(Board& b, bool oToMove) {
  if (char w = winner(b)) return w == 'O' ? 1 : -1;
  if (full(b)) return 0;
  int best = oToMove ? -2 : 2;
  for (int i = 0; i < 9; ++i) {
    if (b[i] != ' ') continue;
    b[i] = oToMove ? 'O' : 'X';
    int s = minimax(b, !oToMove);
    b[i] = ' ';
    best = oToMove ? std::max(best, s) : std::min(best, s);
  }
  return best;
}

int firstEmpty(const Board& b) { return static_cast<int>(std::find(b.begin(), b.end(), ' ') - b.begin()); }

class TicTacToeMachine : public sim::Machine {
public:
  explicit TicTacToeMachine(Strategy s) : Machine(65536), strategy_(s) {
    symbols().add("BOARD", kBoard);
    state_.board.fill(' ');
  }
  static constexpr uint64_t kBoard = 0x4000;

  std::string_view architecture() const override { return "lc3"; }
  const std::vector<sim::RegisterInfo>& registers() const override {
    static const std::vector<sim::RegisterInfo> none{{"R0", 16, false, ""}};
    return none;
  }
  uint64_t readRegister(size_t) const override { return 0; }
  void writeRegister(size_t, uint64_t) override {}
  uint64_t programCounter() const override { return 0x3000; }
  void setProgramCounter(uint64_t) override {}
  uint64_t memorySize() const override { return 65536; }
  unsigned memoryUnitBits() const override { return 16; }
  uint32_t peek(uint64_t a) const override {
    return a >= kBoard && a < kBoard + 9 ? static_cast<uint32_t>(state_.board[a - kBoard]) : 0;
  }
  void poke(uint64_t, uint32_t) override {}
  sim::StopInfo run(const sim::RunLimits& limits) override {
    uint64_t start = state_.instructions;
    for (;;) {
      if (state_.halted) return {sim::StopReason::Halted, 0x3000, "", 0};
      if (state_.instructions - start >= limits.maxInstructions) return {sim::StopReason::InstructionLimit, 0x3000, "", 0};
      if (state_.hung) {
        state_.instructions += 1;
        continue;
      }
      if (state_.input.empty()) {
        if (state_.closed) return {sim::StopReason::WaitingForInput, 0x3000, "", 0};
        state_.instructions += 1;
        continue;
      }
      char key = state_.input.front();
      state_.input.pop_front();
      state_.instructions += 50;
      if (key < '1' || key > '9') continue;
      int cell = key - '1';
      Board& b = state_.board;
      if (b[cell] != ' ') {
        state_.output += "Invalid move\n";
        continue;
      }
      b[cell] = 'X';
      ++state_.moves;
      if (winner(b)) {
        state_.output += "You win!\n";
        state_.halted = true;
        continue;
      }
      if (full(b)) {
        state_.output += "Draw\n";
        state_.halted = true;
        continue;
      }
      if (strategy_ == Strategy::HangOnCentre && cell == 4) {
        state_.hung = true;
        continue;
      }
      if (strategy_ == Strategy::Cheat && state_.moves == 2) {
        b[cell] = 'O';  // overwrites the player's mark
      } else {
        b[choose(b)] = 'O';
      }
      if (winner(b)) {
        state_.output += "I win\n";
        state_.halted = true;
      } else if (full(b)) {
        state_.output += "Draw\n";
        state_.halted = true;
      } else {
        state_.output += "Your move: ";
      }
    }
  }
  sim::StopInfo step() override { return run({1, UINT64_MAX, UINT64_MAX, true}); }
  sim::StopInfo stepOver(const sim::RunLimits& l) override { return run(l); }
  sim::StopInfo stepOut(const sim::RunLimits& l) override { return run(l); }
  void requestPause() override {}
  uint64_t instructionCount() const override { return state_.instructions; }
  uint64_t clockCount() const override { return 0; }
  uint64_t lastInstructionClocks() const override { return 0; }
  const sim::StopInfo& lastStop() const override { return stop_; }
  std::string disassemble(uint64_t, unsigned*) const override { return ""; }
  void setTraceSink(std::function<void(const sim::TraceEvent&)>) override {}
  void feedInput(std::string_view text) override { state_.input.insert(state_.input.end(), text.begin(), text.end()); }
  void closeInput() override { state_.closed = true; }
  bool inputClosed() const override { return state_.closed; }
  const std::string& output() const override { return state_.output; }
  void clearOutput() override { state_.output.clear(); }
  std::unique_ptr<sim::MachineSnapshot> saveSnapshot() const override {
    auto s = std::make_unique<StateSnapshot>();
    s->state = state_;
    return s;
  }
  void restoreSnapshot(const sim::MachineSnapshot& s) override {
    state_ = dynamic_cast<const StateSnapshot&>(s).state;
    ++restores;
  }
  uint64_t restores = 0;

private:
  int choose(Board& b) const {
    if (strategy_ != Strategy::Perfect) return firstEmpty(b);
    int bestCell = -1, best = -2;
    for (int i = 0; i < 9; ++i) {
      if (b[i] != ' ') continue;
      b[i] = 'O';
      int s = minimax(b, false);
      b[i] = ' ';
      if (s > best) best = s, bestCell = i;
    }
    return bestCell;
  }
  struct GameState {
    Board board{};
    std::deque<char> input;
    bool closed = false, halted = false, hung = false;
    int moves = 0;
    std::string output;
    uint64_t instructions = 0;
  };
  struct StateSnapshot : sim::MachineSnapshot {
    GameState state;
    uint64_t instructionCount() const override { return state.instructions; }
  };
  Strategy strategy_;
  GameState state_;
  sim::StopInfo stop_;
};

const char* kPlaySpec = R"(machine: lc3
build: {submission: ttt.asm}
tests:
  - name: never loses
    points: 10
    play:
      moves: ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
      move_suffix: "\n"
      board: {memory: BOARD, empty: "' '", player: "'X'", program: "'O'"}
      outcomes: {player_wins: "You win", program_wins: "I win", draw: "Draw", rejected: "Invalid"}
      limits: {instructions: 10000}
)";

TestResult play(Strategy strategy, const std::string& yaml = kPlaySpec, uint64_t* restores = nullptr) {
  Spec spec = specFrom(yaml);
  TicTacToeMachine machine(strategy);
  auto atEntry = machine.saveSnapshot();
  TestResult result = runTest(spec, spec.tests.at(0), machine, *atEntry, {});
  if (restores) *restores = machine.restores;
  return result;
}

TEST(Play, PerfectProgramNeverLoses) {
  uint64_t restores = 0;
  TestResult r = play(Strategy::Perfect, kPlaySpec, &restores);
  EXPECT_EQ(r.status, "passed") << r.checks.at(0).message;
  EXPECT_DOUBLE_EQ(r.score, 10);
  EXPECT_NE(r.summary.find("lost 0"), std::string::npos) << r.summary;
  EXPECT_GT(restores, 100u) << "positions are reached by restoring snapshots";
}

TEST(Play, BoardlessExplorationPrunesRejectedMovesToTheSameGames) {
  std::string noBoard = kPlaySpec;
  noBoard.erase(noBoard.find("      board:"), noBoard.find("      outcomes:") - noBoard.find("      board:"));
  TestResult withBoard = play(Strategy::Perfect);
  TestResult without = play(Strategy::Perfect, noBoard);
  EXPECT_EQ(without.status, "passed");
  EXPECT_EQ(withBoard.summary, without.summary);
}

// Replays a line against the naive program (independently of the grader) and reports who won.
char referee(const std::vector<int>& line) {
  Board b;
  b.fill(' ');
  for (int cell : line) {
    if (b[cell] != ' ') return '?';
    b[cell] = 'X';
    if (winner(b)) return 'X';
    if (full(b)) return 'D';
    b[firstEmpty(b)] = 'O';
    if (winner(b)) return 'O';
  }
  return 0;
}

TEST(Play, NaiveProgramLosesAndTheLineIsReported) {
  TestResult r = play(Strategy::FirstEmpty);
  EXPECT_EQ(r.status, "failed");
  EXPECT_DOUBLE_EQ(r.score, 0);
  const std::string& message = r.checks.at(0).message;
  ASSERT_EQ(message.rfind("line ", 0), 0u) << message;
  EXPECT_NE(message.find("the program lost"), std::string::npos) << message;
  std::vector<int> line;
  for (size_t i = 5; i < message.size() && message[i] != ':'; ++i) {
    if (message[i] >= '1' && message[i] <= '9') line.push_back(message[i] - '1');
  }
  EXPECT_EQ(referee(line), 'X') << message;
  EXPECT_NE(r.output.find("You win!"), std::string::npos) << "the failing game's transcript is kept";
}

TEST(Play, IllegalProgramMoveIsCaught) {
  TestResult r = play(Strategy::Cheat);
  EXPECT_EQ(r.status, "failed");
  EXPECT_NE(r.checks.at(0).message.find("illegal move"), std::string::npos) << r.checks[0].message;
}

TEST(Play, HangIsCaughtWithItsLine) {
  TestResult r = play(Strategy::HangOnCentre);
  EXPECT_EQ(r.status, "failed");
  const std::string& m = r.checks.at(0).message;
  EXPECT_NE(m.find("the program hung"), std::string::npos) << m;
  EXPECT_NE(m.find("5:"), std::string::npos) << "the line ends with the centre move: " << m;
}

}  // namespace
}  // namespace asmlab::grader::testing
