// Internal: a check's regular expression, compiled once when the spec is read (std::regex
// construction costs far more than matching a short output).
#pragma once

#include <regex>
#include <string>

namespace asmlab::grader {

struct CompiledRegex {
  std::regex expression;
};

// std::regex for a pattern from a spec. Throws std::regex_error as the constructor does, and also
// for a repeat count or back-reference of more than six digits, which libstdc++ reads into a
// `long` without a bound (signed overflow, undefined behaviour).
std::regex compileRegex(const std::string& pattern, std::regex::flag_type flags);

}  // namespace asmlab::grader
