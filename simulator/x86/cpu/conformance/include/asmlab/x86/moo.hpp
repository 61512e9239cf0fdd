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

// One clock of a CYCL record (MOO format v1, 15 bytes): what the CPU's pins showed.
struct Clock {
  uint8_t pins0 = 0;        // bit 0: ALE
  uint32_t bus = 0;         // the address/data lines (8086: raw, the address only on T1)
  uint8_t segment = 4;      // S4:S3: 0 ES, 1 SS, 2 CS or none, 3 DS, 4 not valid
  uint8_t memoryStatus = 0; // bit 0 write (MWTC), bit 1 advanced write (AMWC), bit 2 read (MRDC)
  uint8_t ioStatus = 0;     // the same for I/O
  uint8_t pins1 = 0;        // bit 0: BHE (0 = active)
  uint16_t data = 0;        // data lines, valid in T3
  uint8_t busStatus = 7;    // 0 INTA 1 IOR 2 IOW 3 MEMR 4 MEMW 5 HALT 6 CODE 7 PASV
  uint8_t tstate = 0;       // 0 Ti, 1-4 T1-T4, 5 Tw
  uint8_t queueOp = 0;      // 0 none, 1 first byte, 2 flush, 3 subsequent byte
  uint8_t queueByte = 0;
};

struct Test {
  uint32_t index = 0;
  std::string name;                // e.g. "div byte [ds:bx]"
  std::vector<uint8_t> bytes;      // the instruction bytes
  State initial, final;
  uint32_t cycles = 0;             // clocks recorded on the real CPU
  std::vector<Clock> clocks;       // what the real CPU did in each of them
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
