// Exhaustive play: every sequence of the player's legal moves, depth first, restoring snapshots
// at each position instead of replaying from the start; the first losing, illegal, crashing or
// hanging line fails the test and is reported as its sequence of moves.
#include <regex>

#include <fmt/format.h>

#include "play.hpp"
#include "compiled_regex.hpp"

namespace asmlab::grader {
namespace {

enum class Outcome { Continue, Rejected, ProgramWins, PlayerWins, Draw, Illegal, Hang, Crash, CutOff };

struct Failure {
  std::vector<std::string> line;
  std::string what;
  std::string transcript;
};

class Explorer {
public:
  Explorer(sim::Machine& m, const PlaySpec& play) : m_(m), play_(play) {
    auto compile = [](const std::string& re, std::optional<std::regex>& out) {
      if (!re.empty()) out.emplace(compileRegex(re, std::regex::ECMAScript));
    };
    compile(play.programWins, programWins_);
    compile(play.playerWins, playerWins_);
    compile(play.draw, draw_);
    compile(play.rejected, rejected_);
    maxDepth_ = play.maxDepth ? play.maxDepth : static_cast<unsigned>(play.moves.size());
    if (play.board) {
      std::string error;
      auto at = resolveAddress(play.board->memory, m, error);
      if (!at) throw std::runtime_error("play.board: " + error);
      boardAt_ = *at;
    }
  }

  void explore(const sim::MachineSnapshot& position, unsigned depth) {
    std::vector<uint32_t> board = readBoard();
    for (size_t i = 0; i < play_.moves.size() && !failure_ && !gaveUp_; ++i) {
      if (play_.board && board[play_.board->cells[i]] != static_cast<uint32_t>(play_.board->empty)) continue;
      m_.restoreSnapshot(position);
      m_.clearOutput();
      m_.feedInput(play_.moves[i] + play_.moveSuffix);
      uint64_t before = m_.instructionCount();
      sim::RunLimits limits;
      limits.maxInstructions = play_.limits.instructions;
      if (play_.limits.clocks) limits.maxClocks = play_.limits.clocks;
      limits.maxOutputBytes = play_.limits.output;
      sim::StopInfo stop = m_.run(limits);
      std::string reply = m_.output();
      instructions_ += m_.instructionCount() - before;
      line_.push_back(play_.moves[i]);
      transcript_.push_back(reply);
      std::string why;
      Outcome outcome = classify(stop, reply, board, i, why);
      switch (outcome) {
        case Outcome::Rejected: ++rejected_count_; break;
        case Outcome::ProgramWins: ++programWon_; countGame(); break;
        case Outcome::Draw: ++drawn_; countGame(); break;
        case Outcome::CutOff: ++cut_; break;
        case Outcome::PlayerWins:
          ++lost_;
          countGame();
          if (play_.failOnPlayerWins) fail("the program lost: " + why);
          break;
        case Outcome::Illegal:
          countGame();
          if (play_.failOnIllegal) fail("illegal move: " + why);
          break;
        case Outcome::Hang:
          countGame();
          if (play_.failOnHang) fail("the program hung: " + why);
          break;
        case Outcome::Crash:
          countGame();
          if (play_.failOnCrash) fail("the program crashed: " + why);
          break;
        case Outcome::Continue:
          if (depth + 1 >= maxDepth_) {
            ++cut_;
          } else {
            auto next = m_.saveSnapshot();
            explore(*next, depth + 1);
          }
          break;
      }
      line_.pop_back();
      transcript_.pop_back();
    }
  }

  std::optional<Failure> failure_;
  bool gaveUp_ = false;
  uint64_t games_ = 0, programWon_ = 0, drawn_ = 0, lost_ = 0, cut_ = 0, rejected_count_ = 0;
  uint64_t instructions_ = 0;  // executed over all replies explored

private:
  std::vector<uint32_t> readBoard() const {
    std::vector<uint32_t> cells;
    if (!play_.board) return cells;
    uint64_t size = 0;
    for (uint64_t c : play_.board->cells) size = std::max(size, c + 1);
    for (uint64_t c = 0; c < size; ++c) cells.push_back(boardAt_ + c < m_.memorySize() ? m_.peek(boardAt_ + c) : 0);
    return cells;
  }

  Outcome classify(const sim::StopInfo& stop, const std::string& reply, const std::vector<uint32_t>& before, size_t move,
                   std::string& why) {
    auto matches = [&](const std::optional<std::regex>& re) { return re && std::regex_search(reply, *re); };
    if (stop.reason == sim::StopReason::Exception) {
      why = explainStop(m_, stop, "exception");
      return Outcome::Crash;
    }
    if (stop.reason == sim::StopReason::OutputLimit) {
      why = fmt::format("it wrote more than {} bytes in one reply", play_.limits.output);
      return Outcome::Hang;
    }
    if (stop.reason != sim::StopReason::WaitingForInput && stop.reason != sim::StopReason::Halted) {
      why = fmt::format("it did not wait for the next move within {} instructions ({} at {})", play_.limits.instructions,
                        verdictName(stop.reason), describeAddress(m_, stop.address));
      return Outcome::Hang;
    }
    if (matches(rejected_)) return Outcome::Rejected;
    bool ended = false;
    Outcome result = Outcome::Continue;
    if (matches(playerWins_)) {
      why = fmt::format("\"{}\" appeared", play_.playerWins);
      result = Outcome::PlayerWins;
      ended = true;
    } else if (matches(programWins_)) {
      result = Outcome::ProgramWins;
      ended = true;
    } else if (matches(draw_)) {
      result = Outcome::Draw;
      ended = true;
    }
    if (play_.board && result != Outcome::PlayerWins) {
      std::vector<uint32_t> after = readBoard();
      const auto& b = *play_.board;
      uint64_t cell = b.cells[move];
      if (after[cell] != static_cast<uint32_t>(b.player)) {
        why = fmt::format("the player's move {} was accepted but cell {} holds {} instead of the player's mark",
                          play_.moves[move], cell, formatValue(m_, after[cell], m_.memoryUnitBits()));
        return Outcome::Illegal;
      }
      int programMoves = 0;
      for (size_t c = 0; c < after.size(); ++c) {
        if (c == cell || after[c] == before[c]) continue;
        if (before[c] == static_cast<uint32_t>(b.empty) && after[c] == static_cast<uint32_t>(b.program)) {
          ++programMoves;
          continue;
        }
        why = fmt::format("cell {} changed from {} to {}", c, formatValue(m_, before[c], m_.memoryUnitBits()),
                          formatValue(m_, after[c], m_.memoryUnitBits()));
        return Outcome::Illegal;
      }
      if (programMoves > 1 || (programMoves == 0 && !ended)) {
        why = fmt::format("the program placed {} marks in one turn", programMoves);
        return Outcome::Illegal;
      }
    }
    if (ended) return result;
    if (stop.reason == sim::StopReason::WaitingForInput) return Outcome::Continue;
    why = "it halted without announcing a result";
    return Outcome::Hang;
  }

  void countGame() {
    if (++games_ > play_.maxGames) {
      gaveUp_ = true;
      fail(fmt::format("more than {} games; the game tree is larger than max_games", play_.maxGames));
    }
  }

  void fail(std::string what) {
    if (failure_) return;
    Failure f;
    f.line = line_;
    f.what = std::move(what);
    for (const auto& t : transcript_) f.transcript += t;
    failure_ = std::move(f);
  }

  sim::Machine& m_;
  const PlaySpec& play_;
  std::optional<std::regex> programWins_, playerWins_, draw_, rejected_;
  unsigned maxDepth_ = 9;
  uint64_t boardAt_ = 0;
  std::vector<std::string> line_;
  std::vector<std::string> transcript_;
};

}  // namespace

void runPlay(RunContext& ctx, const PlaySpec& play, double points, TestResult& result) {
  sim::Machine& m = ctx.machine;
  CheckResult check{"never loses (exhaustive play)", false, 0, points, {}};
  // Start-up input (e.g. who starts), then run until the program waits for the first move.
  for (const auto& e : ctx.run.input) m.feedInput(e.keys);
  m.closeInput();
  sim::RunLimits limits;
  limits.maxInstructions = ctx.run.limits.instructions;
  limits.maxOutputBytes = ctx.run.limits.output;
  sim::StopInfo first = m.run(limits);
  if (first.reason != sim::StopReason::WaitingForInput) {
    result.verdict = verdictName(first.reason);
    check.message = fmt::format("the program did not wait for the first move (it stopped by '{}' at {})", result.verdict,
                                describeAddress(m, first.address));
    result.output = toValidUtf8(m.output().substr(0, 65536));
    result.checks.push_back(check);
    return;
  }
  std::string opening = m.output();
  try {
    Explorer explorer(m, play);
    auto start = m.saveSnapshot();
    explorer.explore(*start, 0);
    result.instructions = explorer.instructions_;
    result.summary = fmt::format("{} games explored: the program won {}, drew {}, lost {}", explorer.games_,
                                 explorer.programWon_, explorer.drawn_, explorer.lost_);
    if (explorer.cut_) result.summary += fmt::format("; {} lines cut at depth {}", explorer.cut_, play.maxDepth ? play.maxDepth : play.moves.size());
    if (explorer.failure_) {
      std::string moves;
      for (const auto& mv : explorer.failure_->line) moves += (moves.empty() ? "" : " ") + mv;
      check.message = fmt::format("line {}: {}", moves, explorer.failure_->what);
      result.verdict = "failed-line";
      result.output = toValidUtf8(opening + explorer.failure_->transcript);
      if (result.output.size() > 65536) {
        result.output.resize(65536);
        result.outputTruncated = true;
      }
    } else {
      check.passed = true;
      check.score = points;
      result.verdict = "explored";
      result.output = result.summary + "\n";
    }
  } catch (const std::exception& e) {
    check.message = e.what();
    result.verdict = "setup-failed";
  }
  result.score = check.score;
  result.checks.push_back(check);
}

}  // namespace asmlab::grader
