// `asmlab run --keys SCRIPT` on the LC-3: the PC's script format (docs/pc-platform.md, "Input
// scripts"), each key turned into the character the LC-3's keyboard data register gives, typed at a
// clock (Appendix C clocks) or when the program waits for input, as a grading spec's keys are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab::cli {

struct Lc3Key {
  std::optional<uint64_t> clock;  // unset: when the program waits for input
  char character = 0;
};

// Parses `script`; false with "name:line: error: ..." in `error` for a line the LC-3 cannot type
// (mouse events, held keys, keys without a character such as F1 or the arrows).
bool parseLc3Keys(std::string_view script, const std::string& name, std::vector<Lc3Key>& keys, std::string& error);

}  // namespace asmlab::cli
