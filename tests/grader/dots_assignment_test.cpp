// programs/lc3/dots/asmlab.yaml grades EE 306 (Fall 2004) programming assignment 5 as a TA
// would: three solutions, graded here, get the grades the assignment's text gives them.
//  - dots.asm, our reference solution: 100.
//  - solutions/table-layout.asm: another student's style (its own board layout at x5000, a row
//    table in GET_ADDRESS, a prompt on a fresh line, its own game-over announcement, R3 = 1 for a
//    game that is over). It plays every game right: 100, nothing lost for wording or layout.
//  - solutions/one-bug-each.asm: one mistake in each subroutine; each costs exactly the tests
//    that exercise it, worked out below from the assignment and the rubric in the spec.
#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "asmlab/grader/report.hpp"
#include "asmlab/grader/grade.hpp"
#include "asmlab/grader/spec.hpp"

namespace asmlab::grader {
namespace {

const std::filesystem::path kDots = std::filesystem::path(ASMLAB_SOURCE_DIR) / "programs/lc3/dots";

SubmissionResult gradeDots(const std::filesystem::path& submission) {
  Diagnostics diagnostics;
  auto spec = loadSpec(kDots / "asmlab.yaml", diagnostics);
  EXPECT_TRUE(spec.has_value()) << diagnostics.renderToString();
  if (!spec) return {};
  return gradeSubmission(*spec, submission, defaultBuilder("lc3"), {});
}

TEST(DotsAssignment, SpecIsWorthOneHundredPoints) {
  Diagnostics diagnostics;
  auto spec = loadSpec(kDots / "asmlab.yaml", diagnostics);
  ASSERT_TRUE(spec.has_value()) << diagnostics.renderToString();
  EXPECT_DOUBLE_EQ(spec->maxScore(), 100);
}

TEST(DotsAssignment, ReferenceSolutionGetsFullMarks) {
  auto r = gradeDots(kDots);
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_DOUBLE_EQ(r.score, 100) << renderText(r);
}

TEST(DotsAssignment, OwnLayoutAndWordingLoseNothing) {
  auto r = gradeDots(kDots / "solutions/table-layout.asm");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  EXPECT_DOUBLE_EQ(r.score, 100) << renderText(r);
}

TEST(DotsAssignment, EachBugCostsWhatTheRubricSays) {
  auto r = gradeDots(kDots / "solutions/one-bug-each.asm");
  ASSERT_TRUE(r.buildOk) << r.buildDiagnostics;
  // Every test not listed keeps its full points: the bugs do not touch it.
  const std::map<std::string, double> lost = {
      // "enter" for "input" in player 2's prompt: neither the exact text (2) nor the forgiving
      // comparison (1, the same words ignoring case and punctuation) is found.
      {"DISPLAY_PROMPT asks player 2", 2},
      // 'H' passes the column's range test; H2 has an even code sum, so nothing else rejects it.
      {"IS_INPUT_VALID rejects column H (H2)", 1},
      // R0 and R1 swapped: '5','C' gives 2, 5. '0','A' and '6','G' give the same numbers either way.
      {"TRANSLATE_MOVE turns '5','C' into 5, 2 (the assignment's example)", 2},
      // No row 6 in the table: row 6 reads the zero word after it, so R3 = 6, not the board.
      {"GET_ADDRESS of (6, 6) is the board's last character", 2},
      // R1 changes only when the position is occupied: one of the two runs (1 point) fails.
      {"IS_OCCUPIED keeps R0 and R1, on a free and on a drawn line", 0.5},
      // 'l' for '|'.
      {"APPLY_MOVE draws a vertical line at A1", 3},
      // 2 (x0002) and 1 (x0001) instead of '2' and '1'.
      {"FILL_BOX writes player 2's number", 3},
      {"FILL_BOX writes player 1's number", 2},
      // Two boxes add 1.
      {"UPDATE_STATE scores two boxes for player 1, who moves again", 2},
      // 0 + 0 - 9 = -9, not -1 (4 + 4 - 9 happens to be -1; 4 + 5 - 9 = 0 is right).
      {"IS_GAME_OVER at the start", 1},
      // The games. The swapped coordinates draw every line at its mirror image across the
      // board's diagonal: boxes close at the same moves, so turns and scores are unchanged, but
      // the board in memory is the mirror image (with 'l' and 1/2 in it too). The last move of
      // this game (E3) makes two boxes: player 1 ends with 4, not 5; the scores never add up to
      // 9, so the game never ends: no goodbye, no halt, the last step's goodbye check fails.
      // Kept: the 23 other turns (23 x 4/24) and DISPLAY_BOARD's 25 calls (2).
      {"game: player 1 wins 5-4", 4 + 1 + 3 + 4.0 / 24},
      // F2 and B2 each make two boxes for player 2 (4, not 6); it never ends. Kept: 25 calls (1).
      {"game: player 2 wins 6-3, with two double boxes at the end", 4 + 1 + 2},
      // As the first game (E3): scores and goodbye lost; the refusals and the 25 calls are kept.
      {"game: invalid and occupied moves are refused, the game goes on", 2 + 1},
      // Only one box, made by one move, before Q: right scores and turn; the mirrored board is lost.
      {"game: Q quits in the middle of a game", 1},
      // The first game again: wrong scores, never halts.
      {"game: player 1 wins on a machine with random registers and memory", 2},
  };
  double expectedScore = 100;
  for (const auto& [name, points] : lost) expectedScore -= points;
  for (const auto& t : r.tests) {
    auto found = lost.find(t.name);
    double expected = t.maxScore - (found == lost.end() ? 0 : found->second);
    EXPECT_NEAR(t.score, expected, 0.001) << t.name << "\n" << renderText(r);
  }
  for (const auto& [name, points] : lost) {
    EXPECT_TRUE(std::any_of(r.tests.begin(), r.tests.end(), [&](const TestResult& t) { return t.name == name; }))
        << "no test named " << name;
  }
  EXPECT_NEAR(r.score, expectedScore, 0.002) << renderText(r);
  EXPECT_NEAR(expectedScore, 60.333, 0.001);
}

}  // namespace
}  // namespace asmlab::grader
