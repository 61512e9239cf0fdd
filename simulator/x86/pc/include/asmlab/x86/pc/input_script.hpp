// Scripted keyboard and mouse input for headless runs (`asmlab run --keys F --mouse F`), documented
// in docs/pc-platform.md. Each event arrives at a machine clock (`@clock ...`) or when the program
// waits for input (`wait ...` or a line without a prefix).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab::x86::pc {

struct ScanKey {
  uint8_t scan = 0;       // make code (break = scan | 80h)
  bool shift = false;     // typed with Shift held (capital letters, !@#...)
  bool ctrl = false;
  bool alt = false;
};

struct InputEvent {
  enum class Kind : uint8_t { KeyPress, KeyDown, KeyUp, MouseMove, MouseDown, MouseUp } kind = Kind::KeyPress;
  std::optional<uint64_t> clock;  // unset: when the program waits for input
  ScanKey key;
  int x = 0, y = 0;               // mouse: driver coordinates
  unsigned button = 0;            // mouse: 0 left, 1 right, 2 middle
  int line = 0;                   // script line, for messages
};

// The scan code set 1 make code for a key name ("Enter", "Esc", "F1", "Up", "a", "A", "1", "!"),
// case-sensitive for single characters; nullopt for unknown names.
std::optional<ScanKey> keyByName(std::string_view name);
// The key that types ASCII character `c` on a US keyboard, or nullopt.
std::optional<ScanKey> keyForChar(char c);

// Parses a key or mouse script. On error returns false with "name:line: error: ..." in `error`.
bool parseInputScript(std::string_view text, const std::string& name, std::vector<InputEvent>& events,
                      std::string& error);

}  // namespace asmlab::x86::pc

namespace asmlab::x86::pc {
// The ASCII character a US keyboard's make code types (0 for keys without one).
uint8_t asciiForScan(uint8_t scan, bool shift);
}  // namespace asmlab::x86::pc
