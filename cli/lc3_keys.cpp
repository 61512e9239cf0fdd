#include "lc3_keys.hpp"

#include <fmt/format.h>

#include "asmlab/x86/pc/input_script.hpp"

namespace asmlab::cli {

bool parseLc3Keys(std::string_view script, const std::string& name, std::vector<Lc3Key>& keys, std::string& error) {
  std::vector<x86::pc::InputEvent> events;
  if (!x86::pc::parseInputScript(script, name, events, error)) return false;
  using Kind = x86::pc::InputEvent::Kind;
  for (const auto& e : events) {
    auto fail = [&](std::string_view why) {
      error = fmt::format("{}:{}: error: {}", name, e.line, why);
      return false;
    };
    if (e.kind != Kind::KeyPress && e.kind != Kind::KeyDown && e.kind != Kind::KeyUp)
      return fail("the LC-3 has no mouse; its script types keys (key, text)");
    if (e.kind != Kind::KeyPress) return fail("the LC-3's keyboard gives characters, not held keys: use key or text");
    uint8_t c = x86::pc::asciiForScan(e.key.scan, e.key.shift);
    if (c == 0x0D) c = '\n';  // Enter: the course simulator's console gives a line feed
    if (e.key.ctrl && ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) c = static_cast<uint8_t>(c & 0x1F);
    if (c == 0 || e.key.alt) return fail("this key types no character on the LC-3's keyboard");
    keys.push_back({e.clock, static_cast<char>(c)});
  }
  return true;
}

}  // namespace asmlab::cli
