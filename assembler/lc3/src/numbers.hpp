// Number literals of the dialect: x1F X1F 0x1F #-5 #5 -5 12 b101 (and x-1F, b-101).
#pragma once

#include <cstdint>
#include <string_view>

namespace asmlab::lc3::detail {

// Converts a literal the grammar has already matched. `overflow` is set when the magnitude does not
// fit in 32 bits (the value is then meaningless).
int64_t numberValue(std::string_view text, bool& overflow);

}  // namespace asmlab::lc3::detail
