// Writing DOS MZ .EXE files from a linked program.
#pragma once

#include <cstdint>
#include <vector>

#include "asmlab/link/linker.hpp"

namespace asmlab::link {

// The .EXE bytes: header padded to a paragraph, relocations at 1Eh, the image; e_csum set so the
// words of the file sum to FFFFh. Its minAlloc covers the uninitialised tail (stack, BSS).
std::vector<uint8_t> writeMz(const LinkedProgram& program);

}  // namespace asmlab::link
