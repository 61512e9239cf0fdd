// The builders this asmlab offers per machine; filled in as the toolchains land.
#include "asmlab/grader/grade.hpp"

namespace asmlab::grader {

Builder defaultBuilder(const std::string& machine) {
  (void)machine;
  return {};
}

}  // namespace asmlab::grader
