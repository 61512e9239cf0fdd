// The classic LC-3 object file (.obj: big-endian 16-bit words, the origin first) and symbol table
// (.sym, the layout of the lc3as tool). Several .ORIG blocks use the extended layout described in
// docs/lc3-assembler.md; a one-block image is written exactly in the classic layout.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "asmlab/lc3/object.hpp"

namespace asmlab::lc3 {

// First two words of a several-block object file. No classic file can begin this way and hold
// more than two words: a block at xFFFF has room for one word only.
inline constexpr uint16_t kMultiBlockMarker = 0xFFFF;
inline constexpr uint16_t kMultiBlockTag = 0x4C33;  // "L3"

// The bytes of the .obj file for `image` (blocks only; symbols go to the .sym file).
std::string writeObject(const ObjectImage& image);

// Parses .obj bytes. On failure returns false and sets `error` to a message that says what is
// wrong (empty, odd size, truncated block, text file, runs past xFFFF); never throws.
bool readObject(std::string_view bytes, ObjectImage& image, std::string& error);

// The .sym text in the lc3as layout.
std::string writeSymbols(const ObjectImage& image);

// Parses .sym text (lines `//\tNAME  3000`); unrelated comment lines are skipped. Returns false with
// `error` naming the first malformed line.
bool readSymbols(std::string_view text, std::vector<ObjectSymbol>& symbols, std::string& error);

// Reads or writes a whole file; writing goes through a temporary file and a rename so a failure
// never leaves a half-written file behind. Return false with `error` set on failure.
bool readFileBytes(const std::string& path, std::string& bytes, std::string& error);
bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string& error);

}  // namespace asmlab::lc3
