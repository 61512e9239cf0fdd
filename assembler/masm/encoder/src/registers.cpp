// Register names and numbers (Intel 80386 Programmer's Reference Manual, 17.2.1, table 17-2:
// the 3-bit reg field values AL/AX/EAX=0 ... BH/DI/EDI=7; segment registers ES=0 CS=1 SS=2 DS=3 FS=4 GS=5).
#include <array>
#include <cstdint>

#include "asmlab/x86/encoder.hpp"

namespace asmlab::x86::enc {
namespace {
// In Reg order; "st" is st(0), the top of the x87 stack (80387 Programmer's Reference Manual 2.2.1).
constexpr std::array<std::string_view, 31> kNames = {
    "al", "cl", "dl", "bl", "ah", "ch", "dh", "bh",
    "ax", "cx", "dx", "bx", "sp", "bp", "si", "di",
    "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
    "es", "cs", "ss", "ds", "fs", "gs", "st"};
constexpr std::array<std::string_view, 8> kStackNames = {"st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)"};

// "st(i)" with i 0..7.
std::optional<Reg> parseStackRegister(std::string_view name) {
  if ((name[0] == 's' || name[0] == 'S') && (name[1] == 't' || name[1] == 'T') && name[2] == '(' && name[4] == ')' &&
      name[3] >= '0' && name[3] <= '7')
    return static_cast<Reg>(static_cast<unsigned>(Reg::ST0) + static_cast<unsigned>(name[3] - '0'));
  return std::nullopt;
}
}  // namespace

std::string_view cpuDirective(Cpu cpu) {
  switch (cpu) {
    case Cpu::I8086: return ".8086";
    case Cpu::I80186: return ".186";
    case Cpu::I80286: return ".286";
    case Cpu::I80386: return ".386";
  }
  return ".8086";
}

std::string_view fpuDirective(Fpu fpu) {
  switch (fpu) {
    case Fpu::None: return ".NO87";
    case Fpu::I8087: return ".8087";
    case Fpu::I80287: return ".287";
    case Fpu::I80387: return ".387";
  }
  return ".8087";
}

std::optional<Reg> parseRegister(std::string_view name) {
  if (name.size() == 5) return parseStackRegister(name);
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  // Packed lower-case characters looked up in a small open-addressing table: this runs for every
  // name in every operand (most of them not registers).
  auto pack = [](std::string_view s) {
    std::uint32_t key = 0;
    for (char c : s) key = (key << 8) | static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    return key;
  };
  constexpr std::size_t kSlots = 128;  // a power of two, about four times the registers
  auto slotOf = [](std::uint32_t key) { return static_cast<std::size_t>((key * 0x9E3779B1u) >> 25); };
  struct Slot {
    std::uint32_t key = 0;  // 0: empty (no name packs to 0)
    Reg reg = Reg::None;
  };
  static const std::array<Slot, kSlots> table = [&] {
    std::array<Slot, kSlots> t{};
    for (std::size_t i = 0; i < kNames.size(); ++i) {
      const std::uint32_t key = pack(kNames[i]);
      std::size_t slot = slotOf(key);
      while (t[slot].key != 0) slot = (slot + 1) % kSlots;
      t[slot] = Slot{key, static_cast<Reg>(i)};
    }
    return t;
  }();
  const std::uint32_t key = pack(name);
  if (key == 0) return std::nullopt;  // NUL characters only: would match an empty slot
  for (std::size_t slot = slotOf(key);; slot = (slot + 1) % kSlots) {
    if (table[slot].key == key) return table[slot].reg;
    if (table[slot].key == 0) return std::nullopt;
  }
}

namespace {
// In Reg order from CR0.
constexpr std::array<std::string_view, 14> kSpecialNames = {"cr0", "cr1", "cr2", "cr3", "dr0", "dr1", "dr2",
                                                            "dr3", "dr4", "dr5", "dr6", "dr7", "tr6", "tr7"};
}  // namespace

std::optional<Reg> parseSpecialRegister(std::string_view name) {
  if (name.size() != 3) return std::nullopt;
  const char kind = name[0] >= 'A' && name[0] <= 'Z' ? static_cast<char>(name[0] + ('a' - 'A')) : name[0];
  if ((name[1] != 'r' && name[1] != 'R') || name[2] < '0' || name[2] > '7') return std::nullopt;
  const unsigned n = static_cast<unsigned>(name[2] - '0');
  if (kind == 'c' && n <= 3) return static_cast<Reg>(static_cast<unsigned>(Reg::CR0) + n);
  if (kind == 'd') return static_cast<Reg>(static_cast<unsigned>(Reg::DR0) + n);
  if (kind == 't' && n >= 6) return static_cast<Reg>(static_cast<unsigned>(Reg::TR6) + (n - 6));
  return std::nullopt;
}

std::string_view registerName(Reg reg) {
  const auto i = static_cast<size_t>(reg);
  if (isFpuRegister(reg)) return kStackNames[registerNumber(reg)];
  if (isSpecialRegister(reg)) return kSpecialNames[i - static_cast<size_t>(Reg::CR0)];
  return i < kNames.size() ? kNames[i] : std::string_view{};  // (kNames ends with "st", Reg::ST0)
}

}  // namespace asmlab::x86::enc
