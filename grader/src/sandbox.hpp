// Internal: the sandbox of a grading process once the submission is built.
#pragma once

#include <string>

namespace asmlab::grader {

// From now on this process may compute, allocate memory, write to the pipes it has and exit,
// but not open or create files, run programs, start processes or use the network: a seccomp
// filter makes those system calls fail with EPERM. Returns false (and why) where seccomp is not
// available; grading then goes on with the resource limits alone.
bool confineToComputation(std::string& why);

}  // namespace asmlab::grader
