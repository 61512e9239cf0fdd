// The .obj format. Classic (lc3as): big-endian words, the first word is the load address, the rest
// are loaded from there on. Several blocks: xFFFF, x4C33, the block count, then for each block its
// origin, its length and its words (see docs/lc3-assembler.md).
#include "asmlab/lc3/objfile.hpp"

#include <fmt/format.h>

namespace asmlab::lc3 {
namespace {

void putWord(std::string& out, uint16_t w) {
  out += static_cast<char>(w >> 8);
  out += static_cast<char>(w & 0xFF);
}

uint16_t wordAt(std::string_view bytes, size_t index) {
  return static_cast<uint16_t>(static_cast<unsigned char>(bytes[2 * index]) << 8 |
                               static_cast<unsigned char>(bytes[2 * index + 1]));
}

// An assembly source or other text file passed by mistake: every byte printable or white space.
bool looksLikeText(std::string_view bytes) {
  for (unsigned char c : bytes)
    if (!((c >= 0x20 && c < 0x7F) || c == '\n' || c == '\r' || c == '\t')) return false;
  return true;
}

}  // namespace

std::string writeObject(const ObjectImage& fullImage) {
  // An empty .ORIG block loads nothing; leaving it out keeps a program with one real block in the
  // classic layout.
  ObjectImage image;
  for (const auto& block : fullImage.blocks)
    if (!block.words.empty()) image.blocks.push_back(block);
  std::string out;
  if (image.blocks.size() == 1) {
    const ObjectBlock& block = image.blocks.front();
    out.reserve(2 * (block.words.size() + 1));
    putWord(out, block.origin);
    for (uint16_t w : block.words) putWord(out, w);
    return out;
  }
  size_t total = 3;
  for (const auto& block : image.blocks) total += 2 + block.words.size();
  out.reserve(2 * total);
  putWord(out, kMultiBlockMarker);
  putWord(out, kMultiBlockTag);
  putWord(out, static_cast<uint16_t>(image.blocks.size()));
  for (const auto& block : image.blocks) {
    putWord(out, block.origin);
    putWord(out, static_cast<uint16_t>(block.words.size()));
    for (uint16_t w : block.words) putWord(out, w);
  }
  return out;
}

bool readObject(std::string_view bytes, ObjectImage& image, std::string& error) {
  image = ObjectImage{};
  if (bytes.empty()) {
    error = "the file is empty (an LC-3 object file holds at least its origin word)";
    return false;
  }
  if (bytes.size() >= 4 && looksLikeText(bytes)) {
    error = "not an LC-3 object file: this is a text file (an assembly source? assemble it with 'asmlab asm')";
    return false;
  }
  if (bytes.size() % 2 != 0) {
    error = fmt::format("not an LC-3 object file: its size ({} bytes) is odd, but it must be a whole number of "
                        "16-bit words (truncated?)",
                        bytes.size());
    return false;
  }
  size_t count = bytes.size() / 2;
  if (wordAt(bytes, 0) == kMultiBlockMarker && count > 2) {
    if (wordAt(bytes, 1) != kMultiBlockTag) {
      error = "not an LC-3 object file: it starts at xFFFF and runs past the end of memory";
      return false;
    }
    if (count < 3) {
      error = "truncated LC-3 object file: the block count is missing";
      return false;
    }
    size_t blocks = wordAt(bytes, 2), at = 3;
    for (size_t b = 0; b < blocks; ++b) {
      if (at + 2 > count) {
        error = fmt::format("truncated LC-3 object file: the header of block {} of {} is missing", b + 1, blocks);
        return false;
      }
      ObjectBlock block;
      block.origin = wordAt(bytes, at);
      size_t length = wordAt(bytes, at + 1);
      at += 2;
      if (at + length > count) {
        error = fmt::format("truncated LC-3 object file: block {} of {} (at x{:04X}) declares {} words, only {} are present",
                            b + 1, blocks, block.origin, length, count - at);
        return false;
      }
      if (block.origin + length > 0x10000) {
        error = fmt::format("not a valid LC-3 object file: block {} at x{:04X} with {} words runs past xFFFF", b + 1,
                            block.origin, length);
        return false;
      }
      block.words.reserve(length);
      for (size_t i = 0; i < length; ++i) block.words.push_back(wordAt(bytes, at + i));
      at += length;
      image.blocks.push_back(std::move(block));
    }
    if (at != count) {
      error = fmt::format("not a valid LC-3 object file: {} bytes follow the last of its {} blocks", 2 * (count - at), blocks);
      image = ObjectImage{};
      return false;
    }
    return true;
  }
  ObjectBlock block;
  block.origin = wordAt(bytes, 0);
  if (block.origin + (count - 1) > 0x10000) {
    error = fmt::format("not an LC-3 object file: {} words loaded at x{:04X} would run past the end of memory (xFFFF)",
                        count - 1, block.origin);
    return false;
  }
  block.words.reserve(count - 1);
  for (size_t i = 1; i < count; ++i) block.words.push_back(wordAt(bytes, i));
  image.blocks.push_back(std::move(block));
  return true;
}

}  // namespace asmlab::lc3
