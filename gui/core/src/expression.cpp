#include "asmlab/gui/expression.hpp"

#include <cctype>
#include <memory>

namespace asmlab::gui {
namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::optional<int64_t> parseNumber(std::string_view word) {
  std::string w = upper(word);
  int base = 10;
  if (w.size() > 1 && w[0] == '#') {
    w = w.substr(1);
  } else if (w.size() > 2 && w[0] == '0' && w[1] == 'X') {
    w = w.substr(2), base = 16;
  } else if (w.size() > 1 && w[0] == 'X' && std::isxdigit(static_cast<unsigned char>(w[1]))) {
    w = w.substr(1), base = 16;
  } else if (w.size() > 1 && w.back() == 'H' && std::isdigit(static_cast<unsigned char>(w[0]))) {
    w.pop_back(), base = 16;
  }
  bool negative = !w.empty() && w[0] == '-';
  if (negative) w = w.substr(1);
  if (w.empty()) return std::nullopt;
  int64_t value = 0;
  for (char c : w) {
    int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99);
    if (digit >= base) return std::nullopt;
    value = value * base + digit;
    if (value > (int64_t{1} << 40)) return std::nullopt;
  }
  return negative ? -value : value;
}

// Recursive descent over: compare := sum (cmpop sum)?; sum := bits ((+|-) bits)*;
// bits := unary ((&|'|') unary)*; unary := -unary | primary; primary := number|name|(compare)|[compare]
class Parser {
public:
  Parser(const sim::Machine& m, std::string_view t) : m_(m), t_(t) {}

  Evaluation parseAll() {
    auto v = compare();
    skip();
    if (v && pos_ != t_.size()) fail("unexpected '" + std::string(t_.substr(pos_, 1)) + "'");
    Evaluation e;
    if (error_.empty()) e.value = v;
    e.error = error_;
    return e;
  }

private:
  void skip() {
    while (pos_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[pos_]))) ++pos_;
  }
  bool eat(std::string_view op) {
    skip();
    if (t_.substr(pos_, op.size()) == op) {
      pos_ += op.size();
      return true;
    }
    return false;
  }
  std::optional<int64_t> fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
    return std::nullopt;
  }

  std::optional<int64_t> compare() {
    auto left = sum();
    if (!left) return left;
    static constexpr std::string_view ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    for (auto op : ops) {
      if (!eat(op)) continue;
      auto right = sum();
      if (!right) return right;
      int64_t a = *left, b = *right;
      bool r = op == "==" ? a == b : op == "!=" ? a != b : op == "<=" ? a <= b : op == ">=" ? a >= b : op == "<" ? a < b : a > b;
      return r ? 1 : 0;
    }
    return left;
  }
  std::optional<int64_t> sum() {
    auto v = bits();
    while (v) {
      if (eat("+")) {
        auto r = bits();
        if (!r) return r;
        *v += *r;
      } else if (eat("-")) {
        auto r = bits();
        if (!r) return r;
        *v -= *r;
      } else {
        break;
      }
    }
    return v;
  }
  std::optional<int64_t> bits() {
    auto v = unary();
    while (v) {
      if (eat("*")) {
        auto r = unary();
        if (!r) return r;
        *v *= *r;
      } else if (eat("&")) {
        auto r = unary();
        if (!r) return r;
        *v &= *r;
      } else if (eat("|")) {
        auto r = unary();
        if (!r) return r;
        *v |= *r;
      } else {
        break;
      }
    }
    return v;
  }
  std::optional<int64_t> unary() {
    if (eat("-")) {
      auto v = unary();
      return v ? std::optional<int64_t>(-*v) : v;
    }
    return primary();
  }
  std::optional<int64_t> primary() {
    skip();
    if (eat("(")) {
      auto v = compare();
      if (v && !eat(")")) return fail("missing ')'");
      return v;
    }
    if (eat("[")) {
      auto v = compare();
      if (v && !eat("]")) return fail("missing ']'");
      if (!v) return v;
      if (*v < 0 || static_cast<uint64_t>(*v) >= m_.memorySize()) return fail("address out of memory");
      return static_cast<int64_t>(m_.peek(static_cast<uint64_t>(*v)));
    }
    size_t start = pos_;
    if (pos_ + 1 < t_.size() && t_[pos_] == '#' && t_[pos_ + 1] == '-') pos_ += 2;  // LC-3 style #-3
    while (pos_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[pos_])) || t_[pos_] == '_' || t_[pos_] == '#' ||
                                t_[pos_] == '.' || t_[pos_] == '$' || t_[pos_] == '@'))
      ++pos_;
    std::string_view word = t_.substr(start, pos_ - start);
    if (word.empty()) return fail(pos_ < t_.size() ? "unexpected '" + std::string(t_.substr(pos_, 1)) + "'" : "missing value");
    if (int r = m_.registerIndex(word); r >= 0) return static_cast<int64_t>(m_.readRegister(static_cast<size_t>(r)));
    if (auto a = m_.symbols().find(word)) return static_cast<int64_t>(*a);
    // PC is the next instruction's address on every machine (linear CS:IP on the 8086).
    if (upper(word) == "PC") return static_cast<int64_t>(m_.programCounter());
    if (auto n = parseNumber(word)) return n;
    return fail("unknown name '" + std::string(word) + "'");
  }

  const sim::Machine& m_;
  std::string_view t_;
  size_t pos_ = 0;
  std::string error_;
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string_view nextWord(std::string_view& s) {
  s = trim(s);
  size_t end = 0;
  while (end < s.size() && !std::isspace(static_cast<unsigned char>(s[end]))) ++end;
  auto w = s.substr(0, end);
  s.remove_prefix(end);
  return w;
}

}  // namespace

Evaluation evaluate(const sim::Machine& machine, std::string_view text) {
  return Parser(machine, text).parseAll();
}

int addBreakpointFromText(sim::Machine& machine, std::string_view text, std::string& error) {
  std::string whole(trim(text));
  std::string_view rest = whole;
  std::string condition;
  std::string up = upper(whole);
  if (auto at = up.find(" IF "); at != std::string::npos) {
    condition = std::string(trim(rest.substr(at + 4)));
    rest = rest.substr(0, at);
    if (!evaluate(machine, condition).error.empty() && evaluate(machine, condition).error.rfind("unknown name", 0) == 0) {
      error = "condition: " + evaluate(machine, condition).error;
      return -1;
    }
  }
  std::function<bool(const sim::Machine&)> test;
  if (!condition.empty())
    test = [condition](const sim::Machine& m) {
      auto v = evaluate(m, condition).value;
      return v && *v != 0;
    };
  auto value = [&](std::string_view expr) -> std::optional<int64_t> {
    auto e = evaluate(machine, expr);
    if (!e.value) error = std::string(expr) + ": " + e.error;
    return e.value;
  };
  std::string_view words = rest;
  std::string first = upper(nextWord(words));
  if (first.empty()) {
    error = "empty breakpoint";
    return -1;
  }
  if (first == "READ" || first == "WRITE" || first == "ACCESS") {
    std::string_view addrWord = nextWord(words);
    auto address = value(addrWord);
    if (!address) return -1;
    int64_t length = 1;
    if (auto lenWord = trim(words); !lenWord.empty()) {
      auto l = value(lenWord);
      if (!l || *l < 1) return error.empty() ? (error = "bad length", -1) : -1;
      length = *l;
    }
    auto access = first == "READ" ? sim::WatchKind::Read : first == "WRITE" ? sim::WatchKind::Write : sim::WatchKind::ReadWrite;
    return machine.breakpoints().addWatch(static_cast<uint64_t>(*address), static_cast<uint64_t>(length), access, test, whole);
  }
  if (first == "PORT") {
    auto port = value(nextWord(words));
    if (!port) return -1;
    std::string dir = upper(trim(words));
    auto access = dir == "IN" ? sim::WatchKind::Read : dir == "OUT" ? sim::WatchKind::Write : sim::WatchKind::ReadWrite;
    return machine.breakpoints().addPort(static_cast<uint16_t>(*port), access, whole);
  }
  if (first == "INT") {
    auto vector = value(nextWord(words));
    if (!vector) return -1;
    int function = -1;
    std::string fn = upper(trim(words));
    if (!fn.empty()) {
      if (fn.rfind("AH=", 0) == 0) fn = fn.substr(3);
      auto f = parseNumber(fn);
      if (!f || *f < 0 || *f > 255) {
        error = "bad function '" + fn + "' (expected AH=nn)";
        return -1;
      }
      function = static_cast<int>(*f);
    }
    return machine.breakpoints().addInterrupt(static_cast<uint8_t>(*vector), function, whole);
  }
  auto address = value(trim(rest));
  if (!address) return -1;
  if (*address < 0 || static_cast<uint64_t>(*address) >= machine.memorySize()) {
    error = "address out of memory";
    return -1;
  }
  return machine.breakpoints().addExecute(static_cast<uint64_t>(*address), test, whole);
}

}  // namespace asmlab::gui
