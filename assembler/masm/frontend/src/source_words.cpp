// Questions about a whole source, answered by one scan of its words (source_words.hpp).
#include <initializer_list>
#include <optional>
#include <string_view>

#include "assembler_impl.hpp"
#include "source_words.hpp"

namespace asmlab::masm {

// True when the text writes one of the words (upper case) outside comments and strings.
bool sourceWrites(std::string_view text, std::initializer_list<std::string_view> words) {
  SourceWords scan(text);
  SourceWords::Token token;
  while (scan.next(token))
    if (token.kind == SourceWords::Kind::Word)
      for (std::string_view w : words)
        if (iequals(token.text, w)) return true;
  return false;
}

// Where `name MACRO` defines a macro in the text at or after `from`, or nullopt: an unknown word
// that names a macro defined further on was used before its definition, which MASM and emu8086
// (its tutorial: "macros should be defined above the code that uses it") read in one pass.
std::optional<size_t> macroDefinedAfter(std::string_view text, std::string_view name, size_t from) {
  SourceWords scan(text);
  SourceWords::Token token;
  std::string_view previous;
  while (scan.next(token)) {
    if (token.kind != SourceWords::Kind::Word) {
      previous = {};
      continue;
    }
    if (!previous.empty() && iequals(token.text, "MACRO") && iequals(previous, name)) {
      const size_t at = static_cast<size_t>(previous.data() - text.data());
      const std::string_view between(previous.data() + previous.size(), token.text.data());
      if (at >= from && between.find('\n') == std::string_view::npos) return at;
    }
    previous = token.text;
  }
  return std::nullopt;
}

}  // namespace asmlab::masm
