// Reader for MOO files ("Machine Opcode Operation", the binary form of the SingleStepTests
// x86 suites; format: dbalsom/moo, doc/moo_format_v1.md), gzip-compressed or not.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace asmlab::x86::moo {

// Register order of the REGS chunk's bit mask.
enum MooReg { kAx, kBx, kCx, kDx, kCs, kSs, kDs, kEs, kSp, kBp, kSi, kDi, kIp, kFlags, kRegCount };
const char* mooRegName(int reg);

struct State {
  uint16_t regMask = 0;            // which of regs[] the file gave
  uint16_t regs[kRegCount]{};
  std::vector<std::pair<uint32_t, uint8_t>> ram;
  std::vector<uint8_t> queue;
};

struct Test {
  uint32_t index = 0;
  std::string name;                // e.g. "div byte [ds:bx]"
  std::vector<uint8_t> bytes;      // the instruction bytes
  State initial, final;
  uint32_t cycles = 0;             // clocks recorded on the real CPU
  bool hasException = false;
  uint8_t exceptionVector = 0;
  uint32_t exceptionFlagAddress = 0;
};

struct File {
  uint8_t major = 0, minor = 0;
  std::string cpu;
  std::vector<Test> tests;
};

// A malformed or unreadable file; what() is "path: error: reason".
struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads a .MOO or .MOO.gz file; throws FormatError.
File readFile(const std::filesystem::path& path);
// Parses the uncompressed bytes of a MOO file; `origin` names it in errors.
File parse(const std::vector<uint8_t>& data, const std::string& origin);

}  // namespace asmlab::x86::moo
