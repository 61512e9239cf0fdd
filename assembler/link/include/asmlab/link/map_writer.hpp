// The linker map file.
#pragma once

#include <string>

#include "asmlab/link/linker.hpp"

namespace asmlab::link {

// A text map like MS LINK's: segments (start, stop, length, name, class), groups, each module's
// contributions, publics by name and by value, the line numbers of modules assembled with them
// (LINK /LINENUMBERS), and the entry point.
std::string writeMap(const LinkedProgram& program);

}  // namespace asmlab::link
