// Programs written as text of machine words, the forms the course tools load like an object file:
// `.bin`, one word a line as 16 binary digits (blanks between digits allowed), as the UT Austin
// lc3tools read it; `.hex`, one word a line in hexadecimal (an optional `x`), as lc3convert -b16
// reads it. Both: `;` starts a comment, blank lines are skipped, the first word is the origin and
// the rest are loaded from there (one block).
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/asm/source.hpp"
#include "asmlab/lc3/object.hpp"

namespace asmlab::lc3 {

enum class TextObjectFormat { Binary, Hex };

// The format a file name's extension names (.bin or .hex, any case), if any.
std::optional<TextObjectFormat> textObjectFormatFor(std::string_view path);

// Reads the words; every malformed line is reported to `diagnostics` (file:line:col with a caret).
// Returns false when anything was wrong (then `image` is not valid).
bool readTextObject(const std::shared_ptr<const SourceFile>& source, TextObjectFormat format, ObjectImage& image,
                    Diagnostics& diagnostics);

}  // namespace asmlab::lc3
