// .bin and .hex programs (textobj.hpp). The rules follow what the course converters accept: the UT
// Austin lc3tools for .bin (comment cut at ';', every blank removed, then exactly 16 digits of 0 and
// 1) and lc3convert -b16 for .hex (an optional 'x', an optional '-', hex digits; -x8000..xFFFF).
#include "asmlab/lc3/textobj.hpp"

#include <cstring>

#include <fmt/format.h>

namespace asmlab::lc3 {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Reader {
public:
  Reader(const std::shared_ptr<const SourceFile>& source, Diagnostics& diagnostics)
      : source_(source), diagnostics_(diagnostics) {}

  void error(uint32_t line, size_t column, size_t length, std::string message) {
    diagnostics_.error({source_, line, uint32_t(column + 1), uint32_t(length)}, std::move(message));
    ok_ = false;
  }
  bool ok() const { return ok_; }

  // One .bin line (comment removed): blanks anywhere, then 16 binary digits.
  std::optional<uint16_t> binaryWord(uint32_t line, std::string_view text) {
    uint32_t value = 0;
    size_t digits = 0, first = std::string_view::npos;
    for (size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (isBlank(c)) continue;
      if (first == std::string_view::npos) first = i;
      if (c != '0' && c != '1') {
        error(line, i, 1, fmt::format("'{}' is not a binary digit: each line of a .bin file is one word, 16 digits "
                                      "of 0 and 1",
                                      c));
        return std::nullopt;
      }
      ++digits;
      value = value << 1 | uint32_t(c - '0');
    }
    if (digits == 0) return std::nullopt;
    if (digits != 16) {
      error(line, first, text.size() - first,
            fmt::format("{} binary digits: each line of a .bin file is one word, exactly 16 digits of 0 and 1", digits));
      return std::nullopt;
    }
    return uint16_t(value);
  }

  // One .hex line (comment removed): blanks around an optional 'x' (or '0x'), an optional '-' and
  // hexadecimal digits, -x8000..xFFFF.
  std::optional<uint16_t> hexWord(uint32_t line, std::string_view text) {
    size_t begin = 0, end = text.size();
    while (begin < end && isBlank(text[begin])) ++begin;
    while (end > begin && isBlank(text[end - 1])) --end;
    if (begin == end) return std::nullopt;
    std::string_view word = text.substr(begin, end - begin);
    size_t at = 0;
    if (word.size() > 1 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X')) at = 2;
    else if (word[0] == 'x' || word[0] == 'X') at = 1;
    const bool negative = at < word.size() && word[at] == '-';
    if (negative) ++at;
    int64_t value = 0;
    const size_t digitsAt = at;
    for (; at < word.size(); ++at) {
      const int digit = hexDigit(word[at]);
      if (digit < 0) {
        error(line, begin + at, 1, fmt::format("'{}' is not a hexadecimal digit: each line of a .hex file is one word, "
                                               "such as x3000 or 1021",
                                               word[at]));
        return std::nullopt;
      }
      value = value * 16 + digit;
      if (value > 0xFFFF) break;
    }
    if (at == digitsAt) {
      error(line, begin, word.size(), fmt::format("'{}' is not a word: each line of a .hex file is one word, such as "
                                                  "x3000 or 1021",
                                                  word));
      return std::nullopt;
    }
    if (negative) value = -value;
    if (value > 0xFFFF || value < -0x8000) {
      error(line, begin, word.size(), fmt::format("'{}' does not fit in 16 bits (-x8000..xFFFF)", word));
      return std::nullopt;
    }
    return uint16_t(value);
  }

private:
  std::shared_ptr<const SourceFile> source_;
  Diagnostics& diagnostics_;
  bool ok_ = true;
};

}  // namespace

std::optional<TextObjectFormat> textObjectFormatFor(std::string_view path) {
  const size_t slash = path.find_last_of('/');
  const size_t dot = path.find_last_of('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return std::nullopt;
  std::string ext(path.substr(dot));
  for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  if (ext == ".bin") return TextObjectFormat::Binary;
  if (ext == ".hex") return TextObjectFormat::Hex;
  return std::nullopt;
}

bool readTextObject(const std::shared_ptr<const SourceFile>& source, TextObjectFormat format, ObjectImage& image,
                    Diagnostics& diagnostics) {
  image = ObjectImage{};
  Reader reader(source, diagnostics);
  const char* kind = format == TextObjectFormat::Binary ? ".bin" : ".hex";
  if (std::memchr(source->text().data(), '\0', source->text().size())) {
    diagnostics.error({source, 1, 1, 0}, fmt::format("this is a binary file, not a {} program of text words (it holds "
                                                     "a NUL byte)",
                                                     kind));
    return false;
  }
  ObjectBlock block;
  bool haveOrigin = false;
  uint32_t originLine = 0;
  for (uint32_t line = 1; line <= source->lineCount(); ++line) {
    std::string_view text = source->line(line);
    text = text.substr(0, text.find(';'));
    std::optional<uint16_t> word =
        format == TextObjectFormat::Binary ? reader.binaryWord(line, text) : reader.hexWord(line, text);
    if (!word) continue;
    if (!haveOrigin) {
      block.origin = *word;
      haveOrigin = true;
      originLine = line;
      continue;
    }
    if (uint32_t(block.origin) + block.words.size() >= 0x10000) {
      reader.error(line, 0, text.size(),
                   fmt::format("this word would load past xFFFF (the origin x{:04X} is on line {})", block.origin,
                               originLine));
      break;
    }
    block.words.push_back(*word);
  }
  if (!reader.ok()) return false;
  if (!haveOrigin) {
    diagnostics.error({source, 1, 1, 0}, fmt::format("the {} file holds no words; its first word is the origin, e.g. "
                                                     "{}",
                                                     kind, format == TextObjectFormat::Binary ? "0011000000000000" : "x3000"));
    return false;
  }
  image.blocks.push_back(std::move(block));
  return true;
}

}  // namespace asmlab::lc3
