// Internal: exhaustive play of a game program (docs/grading.md, "Exhaustive play").
#pragma once

#include "run_context.hpp"

namespace asmlab::grader {

// Explores every line of the player's legal moves from the machine's current state, filling the
// test's verdict, score, checks and summary.
void runPlay(RunContext& ctx, const PlaySpec& play, double points, TestResult& result);

}  // namespace asmlab::grader
