#include "masm_line.hpp"

#include <cctype>
#include <cstdio>
#include <vector>

namespace asmlab::x86::test {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

bool parseNumber(const std::string& text, std::int64_t& value) {
  std::string t = trim(text);
  bool negative = false;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    negative = t[0] == '-';
    t = t.substr(1);
  }
  if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0]))) return false;
  int base = 10;
  if (t.back() == 'h' || t.back() == 'H') {
    base = 16;
    t.pop_back();
  }
  std::int64_t v = 0;
  for (char c : t) {
    int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                : std::isxdigit(static_cast<unsigned char>(c)) ? std::tolower(c) - 'a' + 10 : 99;
    if (digit >= base) return false;
    v = v * base + digit;
  }
  value = negative ? -v : v;
  return true;
}

bool isBranch(const std::string& m) { return enc::isBranchMnemonic(m); }

bool parseAddress(const std::string& inside, enc::Memory& mem) {
  // terms: reg, reg*scale, number, joined by + and -.
  std::string term;
  char sign = '+';
  auto flush = [&]() -> bool {
    std::string t = trim(term);
    term.clear();
    if (t.empty()) return true;
    std::int64_t n = 0;
    auto star = t.find('*');
    std::string regText = star == std::string::npos ? t : trim(t.substr(0, star));
    if (auto r = enc::parseRegister(regText)) {
      if (sign == '-') return false;
      unsigned scale = 1;
      if (star != std::string::npos) {
        std::int64_t s = 0;
        if (!parseNumber(t.substr(star + 1), s)) return false;
        scale = static_cast<unsigned>(s);
      }
      if (mem.base == enc::Reg::None && scale == 1) mem.base = *r;
      else if (mem.index == enc::Reg::None) { mem.index = *r; mem.scale = static_cast<std::uint8_t>(scale); }
      else return false;
      return true;
    }
    if (!parseNumber(t, n)) return false;
    mem.displacement += sign == '-' ? -n : n;
    return true;
  };
  for (char c : inside) {
    if (c == '+' || c == '-') {
      if (!flush()) return false;
      sign = c;
    } else {
      term += c;
    }
  }
  return flush();
}

bool parseOperand(const std::string& raw, const std::string& mnemonic, std::uint32_t address, enc::Operand& out) {
  std::string t = lower(trim(raw));
  auto startsWith = [&](const std::string& p) { return t.rfind(p, 0) == 0; };
  if (isBranch(mnemonic)) {
    enc::Target target;
    if (startsWith("short ")) { target.distance = enc::Distance::Short; t = trim(t.substr(6)); }
    else if (startsWith("near ptr ")) { target.distance = enc::Distance::Near; t = trim(t.substr(9)); }
    else if (startsWith("far ptr ")) {
      target.distance = enc::Distance::Far;
      t = trim(t.substr(8));
      auto colon = t.find(':');
      std::int64_t seg = 0, off = 0;
      if (colon == std::string::npos || !parseNumber(t.substr(0, colon), seg) || !parseNumber(t.substr(colon + 1), off)) return false;
      target.segment = static_cast<std::uint16_t>(seg);
      target.offset = off;
      out = enc::Operand::target_(target);
      return true;
    }
    std::int64_t n = 0;
    if (parseNumber(t, n)) {
      target.offset = n;
      (void)address;
      out = enc::Operand::target_(target);
      return true;
    }
    if (target.distance != enc::Distance::Automatic) return false;
  }
  enc::Memory mem;
  static const std::pair<const char*, unsigned> kSizes[] = {{"byte ptr ", 1}, {"word ptr ", 2}, {"dword ptr ", 4},
                                                           {"fword ptr ", 6}, {"qword ptr ", 8}, {"tbyte ptr ", 10}};
  bool sized = false;
  for (auto [prefix, size] : kSizes)
    if (startsWith(prefix)) {
      mem.size = size;
      t = trim(t.substr(std::string(prefix).size()));
      sized = true;
      break;
    }
  auto bracket = t.find('[');
  if (bracket != std::string::npos) {
    std::string before = trim(t.substr(0, bracket));
    if (!before.empty()) {
      if (before.back() != ':') return false;
      auto seg = enc::parseRegister(before.substr(0, before.size() - 1));
      if (!seg || !enc::isSegmentRegister(*seg)) return false;
      mem.segment = *seg;
    }
    auto close = t.find(']', bracket);
    if (close == std::string::npos || trim(t.substr(close + 1)) != "") return false;
    if (!parseAddress(t.substr(bracket + 1, close - bracket - 1), mem)) return false;
    out = enc::Operand::mem_(mem);
    return true;
  }
  if (sized) return false;
  if (auto r = enc::parseRegister(t)) {
    out = enc::Operand::reg_(*r);
    return true;
  }
  std::int64_t n = 0;
  if (parseNumber(t, n)) {
    out = enc::Operand::imm_(n);
    return true;
  }
  return false;
}

}  // namespace

ParsedLine parseLine(const std::string& text, std::uint32_t address) {
  ParsedLine line;
  line.insn.address = address;
  std::string rest = trim(text);
  for (;;) {
    auto space = rest.find(' ');
    std::string word = lower(rest.substr(0, space));
    std::string after = space == std::string::npos ? "" : trim(rest.substr(space + 1));
    if (after.empty()) { line.mnemonic = word; rest.clear(); break; }
    if (word == "rep") line.insn.rep = enc::RepPrefix::Rep;
    else if (word == "repe" || word == "repz") line.insn.rep = enc::RepPrefix::Repe;
    else if (word == "repne" || word == "repnz") line.insn.rep = enc::RepPrefix::Repne;
    else if (word == "lock") line.insn.lock = true;
    else { line.mnemonic = word; rest = after; break; }
    rest = after;
  }
  if (rest.empty()) return line;
  std::vector<std::string> parts;
  std::string current;
  int depth = 0;
  for (char c : rest) {
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (c == ',' && depth == 0) { parts.push_back(current); current.clear(); }
    else current += c;
  }
  parts.push_back(current);
  if (parts.size() > 3) { line.error = "too many operands"; return line; }
  for (const auto& part : parts) {
    enc::Operand op;
    if (!parseOperand(part, line.mnemonic, address, op)) {
      line.error = "cannot read operand '" + trim(part) + "'";
      return line;
    }
    line.insn.add(op);
  }
  return line;
}

std::string hexBytes(std::span<const std::uint8_t> bytes) {
  std::string text;
  char buffer[4];
  for (auto b : bytes) {
    std::snprintf(buffer, sizeof buffer, "%02X", b);
    if (!text.empty()) text += ' ';
    text += buffer;
  }
  return text;
}

}  // namespace asmlab::x86::test
