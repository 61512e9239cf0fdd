// Questions about a whole source, answered by one scan of its words (source_words.hpp).
#include <initializer_list>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

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

// Every `name MACRO` of the text, in order: where the name starts, and the name. An unknown word
// that names a macro defined further on was used before its definition, which MASM and emu8086
// (its tutorial: "macros should be defined above the code that uses it") read in one pass.
std::vector<std::pair<size_t, std::string_view>> macroDefinitions(std::string_view text) {
  std::vector<std::pair<size_t, std::string_view>> found;
  SourceWords scan(text);
  SourceWords::Token token;
  std::string_view previous;
  while (scan.next(token)) {
    if (token.kind != SourceWords::Kind::Word) {
      previous = {};
      continue;
    }
    if (!previous.empty() && iequals(token.text, "MACRO")) {
      const std::string_view between(previous.data() + previous.size(), token.text.data());
      if (between.find('\n') == std::string_view::npos)
        found.emplace_back(static_cast<size_t>(previous.data() - text.data()), previous);
    }
    previous = token.text;
  }
  return found;
}

}  // namespace asmlab::masm
