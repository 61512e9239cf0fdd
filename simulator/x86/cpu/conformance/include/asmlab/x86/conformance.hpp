// Runs MOO single-instruction tests against the CPU core and tallies, per test file, how many
// tests match on registers, flags (under the suite's per-opcode mask), memory and clocks.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "asmlab/x86/cpu.hpp"
#include "asmlab/x86/moo.hpp"

namespace asmlab::x86::conformance {

// The suite's metadata.json: per opcode (and per ModRM reg for group opcodes) the mask of the
// flags that are defined, and a status (normal, alias, undocumented, undefined, fpu, prefix).
class Metadata {
public:
  // Empty metadata (all flags compared) when the file does not exist; throws moo::FormatError
  // when it exists but cannot be parsed.
  static Metadata load(const std::filesystem::path& path);
  // `test` is a file stem such as "F6.6" or "37".
  uint16_t flagsMask(const std::string& test) const;
  std::string status(const std::string& test) const;
  bool loaded() const { return loaded_; }

private:
  struct Entry { uint16_t mask = 0xFFFF; std::string status; };
  std::map<std::string, Entry> entries_;
  bool loaded_ = false;
};

// Compares the clocks the cycle model recorded with a test's CYCL records, one by one: T-state,
// bus status, ALE, the address on T1, BHE on T1, the segment on T2-T4, the memory and I/O
// command lines, the data on T3 (on the lanes the transfer uses), the queue operation and, on
// F and S clocks, the byte taken. Returns an empty string when they agree, else the first
// difference ("clock 12: T-state T1, expected Ti").
std::string compareClocks(const std::vector<moo::Clock>& expected, const std::vector<ClockRecord>& actual);
// One clock as text, the same for both sides of a difference:
// "T1 CODE 9A47A -- R-- --- BHE F 8A" (T-state, status, bus, segment, memory and I/O lines,
// BHE, queue operation and byte).
std::string describeClock(const moo::Clock& clock);
moo::Clock toMooClock(const ClockRecord& record, bool is8088);

struct FileResult {
  std::string name;           // file stem, e.g. "F6.6"
  std::string status;         // from metadata
  uint16_t flagsMask = 0xFFFF;
  size_t tests = 0;
  size_t registersPass = 0, flagsPass = 0, memoryPass = 0, allPass = 0;
  size_t clocksExact = 0, clocksWithinOne = 0;
  size_t tracesIdentical = 0;  // cycle model: every clock as recorded (0 under the manual model)
  int64_t clockErrorSum = 0;  // sum of (simulated - recorded) clocks
  std::vector<std::string> failures;  // descriptions of the first few failing tests
  std::vector<std::string> traceFailures;  // the first few tests whose clocks differ
  bool perfect() const { return registersPass == tests && flagsPass == tests && memoryPass == tests; }
};

struct Options {
  CpuModel model = CpuModel::i8086;
  TimingModel timing = TimingModel::Cycle;
  size_t failureDetails = 3;  // failing tests described per file
};

// The test files of a directory (*.MOO or *.MOO.gz), sorted; `opcode` (e.g. "F6" or "F6.6",
// case-insensitive) keeps only matching files. The stem of "F6.6.MOO.gz" is "F6.6".
std::vector<std::filesystem::path> listTestFiles(const std::filesystem::path& dir, const std::string& opcode = {});
std::string testStem(const std::filesystem::path& file);

FileResult runFile(const moo::File& file, const std::string& name, const Metadata& metadata, const Options& options);

// Runs test `index` of the file and returns its recorded and simulated clocks side by side, one
// line per clock, marking the lines that differ ("*").
std::string showTest(const moo::File& file, size_t index, const Options& options);

// Runs every test of the file once more without comparing; returns the instructions executed
// (for throughput measurements).
uint64_t executeOnly(const moo::File& file, const Options& options);

}  // namespace asmlab::x86::conformance
