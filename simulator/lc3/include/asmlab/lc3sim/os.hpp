// asmlab's LC-3 operating system (simulator/lc3/os/lc3os.asm), assembled at build time for each
// edition: vector tables, boot code, GETC OUT PUTS IN PUTSP HALT and the exception handlers.
#pragma once

#include <string_view>

#include "asmlab/lc3/object.hpp"
#include "asmlab/lc3sim/machine.hpp"

namespace asmlab::lc3sim {

// The assembled image (blocks and symbols) for the edition.
const lc3::ObjectImage& builtinOperatingSystem(Edition edition);
// The source text that produced it (edition-specific lines already selected), for debuggers.
std::string_view builtinOperatingSystemSource(Edition edition);

}  // namespace asmlab::lc3sim
