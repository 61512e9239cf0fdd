// Where the toolchain (`asmlab asm`/`build`/`link`/`run`, the grader, the debugger) looks for
// INCLUDE files and INCLUDELIB libraries after the directories given explicitly: the ASMLAB_INCLUDE / ASMLAB_LIB environment variables
// (lists separated by ':'), then the built-in directory of the bundled runtime (ucrlib.a and
// ucrlib.lib, docs/ucrlib.md) in the build tree and in the install prefix.
#pragma once

#include <string>
#include <vector>

namespace asmlab::toolchain {

std::vector<std::string> defaultIncludePaths();
std::vector<std::string> defaultLibraryPaths();

}  // namespace asmlab::toolchain
