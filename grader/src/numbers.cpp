// Numbers and addresses in the assembler's syntax, as spec values are written.
#include <cctype>
#include <charconv>

#include "asmlab/grader/spec.hpp"

namespace asmlab::grader {
namespace {

std::optional<int64_t> parseDigits(std::string_view digits, int base) {
  if (digits.empty() || digits.size() > 20) return std::nullopt;
  uint64_t value = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return static_cast<int64_t>(value);
}

std::optional<char> escapedChar(char c) {
  switch (c) {
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case '0': return '\0';
    case 'e': return '\x1b';
    case '\\': return '\\';
    case '\'': return '\'';
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<int64_t> parseNumber(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  if (text.front() == '\'') {  // 'A' or '\n'
    if (text.size() == 3 && text[2] == '\'') return static_cast<unsigned char>(text[1]);
    if (text.size() == 4 && text[1] == '\\' && text[3] == '\'') {
      if (auto c = escapedChar(text[2])) return static_cast<unsigned char>(*c);
    }
    return std::nullopt;
  }
  if (text.front() == '#') text.remove_prefix(1);
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  std::optional<int64_t> value;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    value = parseDigits(text.substr(2), 16);
  } else if (text.size() > 1 && (text[0] == 'x' || text[0] == 'X')) {
    value = parseDigits(text.substr(1), 16);
  } else if (text.size() > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) {
    value = parseDigits(text.substr(2), 2);
  } else if (text.size() > 1 && (text[0] == 'b' || text[0] == 'B')) {
    value = parseDigits(text.substr(1), 2);
  } else if (text.size() > 1 && (text.back() == 'h' || text.back() == 'H') && std::isdigit(static_cast<unsigned char>(text[0]))) {
    value = parseDigits(text.substr(0, text.size() - 1), 16);  // MASM style 0FFh
  } else {
    value = parseDigits(text, 10);
  }
  if (!value) return std::nullopt;
  return negative ? -*value : *value;
}

std::optional<AddressExpr> parseAddress(std::string_view text) {
  AddressExpr result;
  result.text = std::string(text);
  if (auto number = parseNumber(text)) {
    result.offset = *number;
    return result;
  }
  // LABEL, LABEL+n, LABEL-n
  size_t split = text.find_first_of("+-");
  std::string_view label = text.substr(0, split);
  while (!label.empty() && std::isspace(static_cast<unsigned char>(label.back()))) label.remove_suffix(1);
  if (label.empty()) return std::nullopt;
  auto isLabelChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' || c == '@'; };
  if (std::isdigit(static_cast<unsigned char>(label.front()))) return std::nullopt;
  for (char c : label) {
    if (!isLabelChar(c)) return std::nullopt;
  }
  result.label = std::string(label);
  if (split != std::string_view::npos) {
    auto offset = parseNumber(text.substr(split + 1));
    if (!offset) return std::nullopt;
    result.offset = text[split] == '-' ? -*offset : *offset;
  }
  return result;
}

}  // namespace asmlab::grader
