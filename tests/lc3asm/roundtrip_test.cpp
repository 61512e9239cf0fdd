// Assemble-disassemble-assemble round trips over generated programs.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include <fmt/format.h>

#include "asmlab/lc3/disassembler.hpp"
#include "helpers.hpp"

namespace asmlab::lc3::testing {
namespace {

// Every 16-bit word, disassembled at an address, assembles back to itself.
TEST(Lc3RoundTrip, EveryWordThroughDisassembleSource) {
  // Word w sits at address w, so the program fills memory exactly.
  std::string text = ".ORIG x0000\n";
  for (uint32_t w = 0; w < 0x10000; ++w) text += disassembleSource(uint16_t(w), uint16_t(w)) + "\n";
  text += ".END\n";
  auto a = assembleSource(text);
  ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text().substr(0, 2000);
  ASSERT_EQ(a.words().size(), 0x10000u);
  for (uint32_t w = 0; w < 0x10000; ++w) ASSERT_EQ(a.words()[w], w) << disassembleSource(uint16_t(w), uint16_t(w));
}

// Random words with every address labelled: PC-relative operands come back as labels.
TEST(Lc3RoundTrip, RandomProgramsWithLabels) {
  std::mt19937 random(42);
  for (int round = 0; round < 20; ++round) {
    uint16_t origin = uint16_t(0x3000 + (random() % 0x8000));
    size_t length = 200 + random() % 800;
    std::vector<uint16_t> words(length);
    for (auto& w : words) w = uint16_t(random());
    auto labelAt = [&](uint16_t address) -> std::optional<std::string> {
      if (address >= origin && address < origin + length) return fmt::format("L{:04X}", address);
      return std::nullopt;
    };
    std::string text = fmt::format(".ORIG x{:04X}\n", origin);
    for (size_t i = 0; i < length; ++i) {
      uint16_t address = uint16_t(origin + i);
      text += fmt::format("L{:04X} {}\n", address, disassembleSource(words[i], address, labelAt));
    }
    text += ".END\n";
    auto a = assembleSource(text);
    ASSERT_FALSE(a.diagnostics.hasErrors()) << a.text().substr(0, 2000);
    EXPECT_EQ(a.words(), words);
  }
}

// Generated source programs: assemble, disassemble every word with the program's own symbol table
// (the display form), assemble that text again, and compare the words.
TEST(Lc3RoundTrip, GeneratedSourcesAssembleDisassembleAssemble) {
  std::mt19937 random(7);
  auto reg = [&] { return fmt::format("R{}", random() % 8); };
  for (int round = 0; round < 20; ++round) {
    const int count = 300;
    std::string text = ".ORIG x3000\n";
    for (int i = 0; i < count; ++i) {
      std::string label = fmt::format("L{}", i);
      std::string target = fmt::format("L{}", std::max(0, std::min(count - 1, i + int(random() % 200) - 100)));
      std::string line;
      switch (random() % 14) {
        case 0: line = fmt::format("ADD {}, {}, {}", reg(), reg(), reg()); break;
        case 1: line = fmt::format("AND {}, {}, #{}", reg(), reg(), int(random() % 32) - 16); break;
        case 2: line = fmt::format("NOT {}, {}", reg(), reg()); break;
        case 3: {
          static const char* forms[] = {"BR", "BRn", "BRz", "BRp", "BRnz", "BRnp", "BRzp", "BRnzp"};
          line = fmt::format("{} {}", forms[random() % 8], target);
          break;
        }
        case 4: line = fmt::format("JMP {}", reg()); break;
        case 5: line = fmt::format("JSR {}", target); break;
        case 6: line = fmt::format("JSRR {}", reg()); break;
        case 7: line = fmt::format("{} {}, {}", random() % 2 ? "LD" : "LDI", reg(), target); break;
        case 8: line = fmt::format("{} {}, {}", random() % 2 ? "ST" : "STI", reg(), target); break;
        case 9: line = fmt::format("LEA {}, {}", reg(), target); break;
        case 10: line = fmt::format("{} {}, {}, #{}", random() % 2 ? "LDR" : "STR", reg(), reg(), int(random() % 64) - 32); break;
        case 11: line = fmt::format("TRAP x{:02X}", random() % 256); break;
        case 12: line = random() % 2 ? "RET" : "RTI"; break;
        // Data words use the reserved opcode 1101, so they never look like a PC-relative instruction
        // whose target has no label.
        default: line = fmt::format(".FILL x{:04X}", 0xD000 | (random() % 0x1000)); break;
      }
      text += label + " " + line + "\n";
    }
    text += ".END\n";
    auto first = assembleSource(text);
    ASSERT_FALSE(first.diagnostics.hasErrors()) << first.text().substr(0, 2000);
    std::map<uint16_t, std::string> names;
    for (const auto& s : first.assembly.image.symbols) names[s.address] = s.name;
    auto labelAt = [&](uint16_t address) -> std::optional<std::string> {
      auto it = names.find(address);
      return it == names.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    std::string again = ".ORIG x3000\n";
    const auto& words = first.words();
    for (size_t i = 0; i < words.size(); ++i) {
      uint16_t address = uint16_t(0x3000 + i);
      again += fmt::format("{} {}\n", labelAt(address).value_or(""), disassemble(words[i], address, labelAt));
    }
    again += ".END\n";
    auto second = assembleSource(again);
    ASSERT_FALSE(second.diagnostics.hasErrors()) << second.text().substr(0, 2000);
    EXPECT_EQ(second.words(), words);
  }
}

}  // namespace
}  // namespace asmlab::lc3::testing
