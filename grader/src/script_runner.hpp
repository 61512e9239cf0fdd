// Internal: one run of a test through its input script, with the checks of each input step
// evaluated when the program has answered that step; and how the test's points are shared.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "run_context.hpp"

namespace asmlab::grader {

// The points each check is worth: its own, or an even share of what the test has left.
class PointShares {
public:
  explicit PointShares(const TestSpec& test) {
    double explicitTotal = 0;
    size_t implicitCount = 0;
    auto count = [&](const Check& c) {
      if (c.points >= 0) explicitTotal += c.points;
      else ++implicitCount;
    };
    for (const auto& run : test.runs) {
      for (const auto& e : run.input) std::for_each(e.expect.begin(), e.expect.end(), count);
      std::for_each(run.checks.begin(), run.checks.end(), count);
    }
    share_ = implicitCount ? std::max(0.0, test.points - explicitTotal) / static_cast<double>(implicitCount) : 0;
  }
  double of(const Check& c) const { return c.points >= 0 ? c.points : share_; }

private:
  double share_ = 0;
};

// A check's result, its name prefixed (e.g. "run 2: ") and the spec's message added on failure.
CheckResult scoreCheck(const Check& check, const RunContext& ctx, double points, const std::string& prefix);

// Runs the machine through `ctx.run`'s input script until a final stop, filling ctx's verdict,
// stop and counts; appends the results of the input steps' checks to `results`. `trap` is a
// call's return trap (verdict `returned`), `until` the run's end address (verdict `reached`).
void runInputScript(RunContext& ctx, const PointShares& shares, const std::string& prefix, std::optional<uint64_t> trap,
                    std::optional<uint64_t> until, std::vector<CheckResult>& results);

}  // namespace asmlab::grader
