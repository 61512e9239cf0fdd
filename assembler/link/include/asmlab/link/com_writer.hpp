// Writing DOS .COM files (a bare image DOS loads at offset 100h of the PSP segment).
#pragma once

#include <cstdint>
#include <vector>

#include "asmlab/link/linker.hpp"

namespace asmlab::link {

// The .COM bytes: the image from offset 100h on (the link checked there is nothing below it).
std::vector<uint8_t> writeCom(const LinkedProgram& program);

}  // namespace asmlab::link
