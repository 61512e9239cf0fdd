#include "asmlab/x86/pc/input_script.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace asmlab::x86::pc {

namespace {

// Scan code set 1 (IBM PC/XT keyboard), US layout: unshifted and shifted characters per make code.
struct CharKey { char plain, shifted; uint8_t scan; };
constexpr CharKey kCharKeys[] = {
    {'1', '!', 0x02}, {'2', '@', 0x03}, {'3', '#', 0x04}, {'4', '$', 0x05}, {'5', '%', 0x06}, {'6', '^', 0x07},
    {'7', '&', 0x08}, {'8', '*', 0x09}, {'9', '(', 0x0A}, {'0', ')', 0x0B}, {'-', '_', 0x0C}, {'=', '+', 0x0D},
    {'q', 'Q', 0x10}, {'w', 'W', 0x11}, {'e', 'E', 0x12}, {'r', 'R', 0x13}, {'t', 'T', 0x14}, {'y', 'Y', 0x15},
    {'u', 'U', 0x16}, {'i', 'I', 0x17}, {'o', 'O', 0x18}, {'p', 'P', 0x19}, {'[', '{', 0x1A}, {']', '}', 0x1B},
    {'a', 'A', 0x1E}, {'s', 'S', 0x1F}, {'d', 'D', 0x20}, {'f', 'F', 0x21}, {'g', 'G', 0x22}, {'h', 'H', 0x23},
    {'j', 'J', 0x24}, {'k', 'K', 0x25}, {'l', 'L', 0x26}, {';', ':', 0x27}, {'\'', '"', 0x28}, {'`', '~', 0x29},
    {'\\', '|', 0x2B}, {'z', 'Z', 0x2C}, {'x', 'X', 0x2D}, {'c', 'C', 0x2E}, {'v', 'V', 0x2F}, {'b', 'B', 0x30},
    {'n', 'N', 0x31}, {'m', 'M', 0x32}, {',', '<', 0x33}, {'.', '>', 0x34}, {'/', '?', 0x35}, {' ', ' ', 0x39},
};

struct NamedKey { const char* name; uint8_t scan; };
constexpr NamedKey kNamedKeys[] = {
    {"esc", 0x01}, {"escape", 0x01}, {"backspace", 0x0E}, {"bs", 0x0E}, {"tab", 0x0F}, {"enter", 0x1C},
    {"return", 0x1C}, {"ctrl", 0x1D}, {"lshift", 0x2A}, {"shift", 0x2A}, {"rshift", 0x36}, {"alt", 0x38},
    {"space", 0x39}, {"capslock", 0x3A}, {"f1", 0x3B}, {"f2", 0x3C}, {"f3", 0x3D}, {"f4", 0x3E}, {"f5", 0x3F},
    {"f6", 0x40}, {"f7", 0x41}, {"f8", 0x42}, {"f9", 0x43}, {"f10", 0x44}, {"numlock", 0x45},
    {"scrolllock", 0x46}, {"home", 0x47}, {"up", 0x48}, {"pgup", 0x49}, {"pageup", 0x49}, {"left", 0x4B},
    {"right", 0x4D}, {"end", 0x4F}, {"down", 0x50}, {"pgdn", 0x51}, {"pagedown", 0x51}, {"ins", 0x52},
    {"insert", 0x52}, {"del", 0x53}, {"delete", 0x53},
};

std::string lower(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool parseNumber(const std::string& word, uint64_t& value) {
  if (word.empty()) return false;
  char* end = nullptr;
  std::string w = word;
  int base = 10;
  if (w.size() > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X')) { base = 16; w = w.substr(2); }
  else if (w.back() == 'h' || w.back() == 'H') { base = 16; w.pop_back(); }
  value = std::strtoull(w.c_str(), &end, base);
  return !w.empty() && end != nullptr && *end == 0;
}

// The words of a line, read one at a time (blank-separated, as a stream's >> reads them, without a
// stream and its locale per line).
class Words {
public:
  explicit Words(std::string_view line) : rest_(line) {}
  bool next(std::string& word) {
    auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    size_t start = 0;
    while (start < rest_.size() && blank(rest_[start])) ++start;
    size_t end = start;
    while (end < rest_.size() && !blank(rest_[end])) ++end;
    if (start == end) return false;
    word.assign(rest_.substr(start, end - start));
    rest_.remove_prefix(end);
    return true;
  }
  // A whole word that starts with a decimal integer ("12", "-3", "+7"; "12px" reads as 12, as
  // >> would), or false.
  bool next(long& value) {
    std::string word;
    if (!next(word)) return false;
    errno = 0;
    char* end = nullptr;
    value = std::strtol(word.c_str(), &end, 10);
    return end != word.c_str() && errno == 0;
  }

private:
  std::string_view rest_;
};

}  // namespace

std::optional<ScanKey> keyForChar(char c) {
  for (const auto& k : kCharKeys) {
    if (k.plain == c) return ScanKey{k.scan, false, false, false};
    if (k.shifted == c) return ScanKey{k.scan, true, false, false};
  }
  if (c == '\r' || c == '\n') return ScanKey{0x1C, false, false, false};
  if (c == '\t') return ScanKey{0x0F, false, false, false};
  if (c == '\b') return ScanKey{0x0E, false, false, false};
  if (c == 27) return ScanKey{0x01, false, false, false};
  return std::nullopt;
}

std::optional<ScanKey> keyByName(std::string_view name) {
  // Modifier prefixes: "ctrl+c", "alt+x", "shift+tab".
  ScanKey mods;
  std::string rest(name);
  for (;;) {
    const std::string l = lower(rest);
    if (l.rfind("ctrl+", 0) == 0 && rest.size() > 5) { mods.ctrl = true; rest = rest.substr(5); continue; }
    if (l.rfind("alt+", 0) == 0 && rest.size() > 4) { mods.alt = true; rest = rest.substr(4); continue; }
    if (l.rfind("shift+", 0) == 0 && rest.size() > 6) { mods.shift = true; rest = rest.substr(6); continue; }
    break;
  }
  std::optional<ScanKey> key;
  if (rest.size() == 1) {
    key = keyForChar(rest[0]);
  } else {
    const std::string l = lower(rest);
    for (const auto& k : kNamedKeys) {
      if (l == k.name) { key = ScanKey{k.scan, false, false, false}; break; }
    }
    uint64_t value = 0;
    if (!key && l.rfind("scan:", 0) == 0 && parseNumber(l.substr(5), value) && value > 0 && value < 0x80)
      key = ScanKey{static_cast<uint8_t>(value), false, false, false};
  }
  if (!key) return std::nullopt;
  key->shift = key->shift || mods.shift;
  key->ctrl = mods.ctrl;
  key->alt = mods.alt;
  return key;
}

bool parseInputScript(std::string_view text, const std::string& name, std::vector<InputEvent>& events,
                      std::string& error) {
  std::string line;
  int lineNo = 0;
  auto fail = [&](const std::string& why) {
    error = name + ":" + std::to_string(lineNo) + ": error: " + why;
    return false;
  };
  for (size_t at = 0; at < text.size();) {
    const size_t newline = text.find('\n', at);
    const size_t end = newline == std::string_view::npos ? text.size() : newline;
    line.assign(text.substr(at, end - at));
    at = end + 1;
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // A '#' starts a comment unless it is inside a quoted string.
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '"') quoted = !quoted;
      if (line[i] == '#' && !quoted) { line.resize(i); break; }
    }
    Words words(line);
    std::string word;
    if (!words.next(word)) continue;
    std::optional<uint64_t> clock;
    if (word[0] == '@') {
      uint64_t value = 0;
      if (!parseNumber(word.substr(1), value)) return fail("bad clock '" + word + "' (expected @<clocks>)");
      clock = value;
      if (!words.next(word)) return fail("an event must follow the clock");
    } else if (lower(word) == "wait") {
      if (!words.next(word)) return fail("an event must follow 'wait'");
    }
    const std::string verb = lower(word);
    InputEvent base;
    base.clock = clock;
    base.line = lineNo;
    if (verb == "key" || verb == "down" || verb == "up") {
      std::string keyName;
      if (!words.next(keyName)) return fail("'" + verb + "' needs a key name");
      const auto key = keyByName(keyName);
      if (!key) return fail("unknown key '" + keyName + "' (names: Enter Esc Space Tab Backspace Up Down Left Right F1-F10 Home End PgUp PgDn Ins Del, a character, ctrl+X, alt+X, scan:NN)");
      base.kind = verb == "key" ? InputEvent::Kind::KeyPress : verb == "down" ? InputEvent::Kind::KeyDown : InputEvent::Kind::KeyUp;
      base.key = *key;
      events.push_back(base);
    } else if (verb == "text") {
      const auto open = line.find('"');
      const auto close = line.rfind('"');
      if (open == std::string::npos || close == open) return fail("'text' needs a quoted string");
      const std::string body = line.substr(open + 1, close - open - 1);
      for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (c == '\\' && i + 1 < body.size()) {
          const char e = body[++i];
          c = e == 'n' || e == 'r' ? '\r' : e == 't' ? '\t' : e == 'e' ? char(27) : e == 'b' ? '\b' : e;
        }
        const auto key = keyForChar(c);
        if (!key) return fail(std::string("no key types the character '") + c + "'");
        InputEvent e = base;
        e.kind = InputEvent::Kind::KeyPress;
        e.key = *key;
        events.push_back(e);
        base.clock.reset();  // the rest of the string follows as fast as the program reads it
        if (clock) { events.back().clock = clock; clock.reset(); base.clock.reset(); }
      }
    } else if (verb == "move") {
      long x = 0, y = 0;
      if (!words.next(x) || !words.next(y)) return fail("'move' needs X and Y");
      base.kind = InputEvent::Kind::MouseMove;
      base.x = static_cast<int>(x);
      base.y = static_cast<int>(y);
      events.push_back(base);
    } else if (verb == "press" || verb == "release" || verb == "click") {
      std::string button = "left";
      words.next(button);
      const std::string b = lower(button);
      base.button = b == "left" ? 0 : b == "right" ? 1 : b == "middle" ? 2 : 9;
      if (base.button == 9) return fail("unknown mouse button '" + button + "' (left, right, middle)");
      if (verb != "release") { base.kind = InputEvent::Kind::MouseDown; events.push_back(base); }
      if (verb != "press") {
        base.kind = InputEvent::Kind::MouseUp;
        if (verb == "click") base.clock.reset();
        events.push_back(base);
      }
    } else {
      return fail("unknown event '" + word + "' (key, down, up, text, move, press, release, click)");
    }
  }
  return true;
}

}  // namespace asmlab::x86::pc

namespace asmlab::x86::pc {
uint8_t asciiForScan(uint8_t scan, bool shift) {
  for (const auto& k : kCharKeys) {
    if (k.scan == scan) return static_cast<uint8_t>(shift ? k.shifted : k.plain);
  }
  switch (scan) {
    case 0x01: return 0x1B;
    case 0x0E: return 0x08;
    case 0x0F: return 0x09;
    case 0x1C: return 0x0D;
    default: return 0;
  }
}
}  // namespace asmlab::x86::pc
