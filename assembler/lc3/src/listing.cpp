// The listing: every source line, with the address and words it produced beside it.
#include <fmt/format.h>

#include "asmlab/lc3/assembler.hpp"

namespace asmlab::lc3 {
namespace {

std::string binary(uint16_t w) {
  std::string s(16, '0');
  for (int i = 0; i < 16; ++i)
    if (w & (0x8000 >> i)) s[size_t(i)] = '1';
  return s;
}

// " xAAAA xWWWW BBBBBBBBBBBBBBBB\n": the line of each further word of a statement (.BLKW 65535
// has 65,534 of them), written without a format call.
void appendWordLine(std::string& out, uint16_t address, uint16_t w) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  char line[32] = " x0000 x0000 ";
  for (int i = 0; i < 4; ++i) {
    line[5 - i] = kHex[(address >> (4 * i)) & 0xF];
    line[11 - i] = kHex[(w >> (4 * i)) & 0xF];
  }
  for (int i = 0; i < 16; ++i) line[13 + i] = (w & (0x8000 >> i)) ? '1' : '0';
  line[29] = '\n';
  out.append(line, 30);
}

}  // namespace

std::string renderListing(const Assembly& assembly) {
  std::string out;
  if (!assembly.source) return out;
  const SourceFile& source = *assembly.source;
  out += fmt::format("; listing of {}\n;  addr  word  binary            line  source\n", source.name());
  size_t next = 0;
  const auto& listing = assembly.listing;
  const std::string blankColumns(30, ' ');
  for (uint32_t line = 1; line <= source.lineCount(); ++line) {
    std::string_view text = source.line(line);
    while (next < listing.size() && listing[next].sourceLine < line) ++next;
    if (next >= listing.size() || listing[next].sourceLine != line) {
      out += fmt::format("{}{:5}  {}\n", blankColumns, line, text);
      continue;
    }
    const ListingLine& entry = listing[next];
    if (entry.wordCount == 0 || entry.block >= assembly.image.blocks.size()) {
      if (entry.hasAddress)
        out += fmt::format(" x{:04X}{}{:5}  {}\n", entry.address, std::string(24, ' '), line, text);
      else
        out += fmt::format("{}{:5}  {}\n", blankColumns, line, text);
      continue;
    }
    const auto& words = assembly.image.blocks[entry.block].words;
    for (uint32_t i = 0; i < entry.wordCount && entry.firstWord + i < words.size(); ++i) {
      uint16_t w = words[entry.firstWord + i];
      if (i == 0)
        out += fmt::format(" x{:04X} x{:04X} {} {:5}  {}\n", entry.address, w, binary(w), line, text);
      else
        appendWordLine(out, uint16_t(entry.address + i), w);
    }
  }
  return out;
}

}  // namespace asmlab::lc3
