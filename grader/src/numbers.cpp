// Numbers and addresses in the assembler's syntax, as spec values are written.
#include <cctype>
#include <algorithm>
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

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// Labels may hold the punctuation the course assemblers allow (`What?`, `Start#`); a sign starts
// the offset, brackets and blanks never belong to a label.
bool isLabelChar(char c) {
  return std::isgraph(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '[' && c != ']' && c != ',';
}

// LABEL, LABEL+n, LABEL-n (n in any number syntax); false if the text is not one.
bool parseLabelExpression(std::string_view text, std::string& label, int64_t& offset) {
  text = trim(text);
  size_t split = text.find_first_of("+-");
  std::string_view name = trim(text.substr(0, split));
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())) || name.front() == '\'') return false;
  for (char c : name) {
    if (!isLabelChar(c)) return false;
  }
  label = std::string(name);
  offset = 0;
  if (split != std::string_view::npos) {
    auto n = parseNumber(text.substr(split + 1));
    if (!n) return false;
    offset = text[split] == '-' ? -*n : *n;
  }
  return true;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
         });
}

// Register names that can hold an address: the LC-3's R0-R7, the 8086's 16-bit registers.
bool isAddressRegister(std::string_view name) {
  static const char* const names[] = {"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "AX", "BX",
                                      "CX", "DX", "SI", "DI", "BP", "SP"};
  for (const char* n : names) {
    if (equalsIgnoringCase(name, n)) return true;
  }
  return false;
}

bool isSegmentRegister(std::string_view name) {
  return equalsIgnoringCase(name, "CS") || equalsIgnoringCase(name, "DS") || equalsIgnoringCase(name, "ES") ||
         equalsIgnoringCase(name, "SS");
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<AddressExpr> parseAddress(std::string_view text) {
  AddressExpr result;
  result.text = std::string(trim(text));
  std::string_view body = trim(text);
  if (!body.empty() && body.front() == '[') {
    // [REGISTER], [SEG:REGISTER], [POINTER], [POINTER+n], then an optional +n or -n.
    size_t close = body.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    std::string_view inner = trim(body.substr(1, close - 1));
    std::string_view rest = trim(body.substr(close + 1));
    if (size_t colon = inner.find(':'); colon != std::string_view::npos) {
      std::string_view segment = trim(inner.substr(0, colon));
      if (!isSegmentRegister(segment)) return std::nullopt;
      result.segment = upper(segment);
      inner = trim(inner.substr(colon + 1));
    }
    if (inner.empty()) return std::nullopt;
    if (isAddressRegister(inner)) {
      result.via = AddressExpr::Via::Register;
      result.viaRegister = upper(inner);
    } else if (auto n = parseNumber(inner)) {
      result.via = AddressExpr::Via::Memory;
      result.pointerOffset = *n;
    } else if (parseLabelExpression(inner, result.pointerLabel, result.pointerOffset)) {
      result.via = AddressExpr::Via::Memory;
    } else {
      return std::nullopt;
    }
    if (!rest.empty()) {
      if (rest.front() != '+' && rest.front() != '-') return std::nullopt;
      auto n = parseNumber(rest.substr(1));
      if (!n) return std::nullopt;
      result.offset = rest.front() == '-' ? -*n : *n;
    }
    return result;
  }
  if (auto number = parseNumber(body)) {
    result.offset = *number;
    return result;
  }
  if (!parseLabelExpression(body, result.label, result.offset)) return std::nullopt;
  return result;
}

}  // namespace asmlab::grader
