// Internal: a check's regular expression, compiled once when the spec is read (std::regex
// construction costs far more than matching a short output).
#pragma once

#include <regex>

namespace asmlab::grader {

struct CompiledRegex {
  std::regex expression;
};

}  // namespace asmlab::grader
