// Internal: checks that read a machine's devices through its optional capabilities.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "run_context.hpp"

namespace asmlab::grader {

CheckResult screenCheck(const Check& check, const RunContext& ctx, CheckResult r);
CheckResult pixelsCheck(const Check& check, const RunContext& ctx, CheckResult r);
CheckResult pixelCheck(const Check& check, const RunContext& ctx, CheckResult r);
CheckResult speakerCheck(const Check& check, const RunContext& ctx, CheckResult r);
CheckResult portWritesCheck(const Check& check, const RunContext& ctx, CheckResult r);

// Compares the speaker's notes with the expected sequence; empty when they match.
std::string compareNotes(const std::vector<double>& expected, const std::vector<double>& played, double toleranceHz);

}  // namespace asmlab::grader
