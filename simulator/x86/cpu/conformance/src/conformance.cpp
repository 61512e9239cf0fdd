#include "asmlab/x86/conformance.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace asmlab::x86::conformance {

namespace fs = std::filesystem;

Metadata Metadata::load(const fs::path& path) {
  Metadata m;
  std::ifstream in(path);
  if (!in) return m;
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception& e) {
    throw moo::FormatError(path.string() + ": error: cannot parse JSON: " + e.what());
  }
  if (!j.contains("opcodes") || !j["opcodes"].is_object()) return m;
  auto entryOf = [](const nlohmann::json& e) {
    Entry entry;
    if (e.contains("flags-mask") && e["flags-mask"].is_number_unsigned()) entry.mask = uint16_t(e["flags-mask"].get<unsigned>());
    if (e.contains("status") && e["status"].is_string()) entry.status = e["status"].get<std::string>();
    return entry;
  };
  for (auto& [opcode, e] : j["opcodes"].items()) {
    if (!e.is_object()) continue;
    std::string key = opcode;
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    m.entries_[key] = entryOf(e);
    if (e.contains("reg") && e["reg"].is_object())
      for (auto& [reg, re] : e["reg"].items())
        if (re.is_object()) m.entries_[key + "." + reg] = entryOf(re);
  }
  m.loaded_ = true;
  return m;
}

uint16_t Metadata::flagsMask(const std::string& test) const {
  auto it = entries_.find(test);
  return it == entries_.end() ? 0xFFFF : it->second.mask;
}

std::string Metadata::status(const std::string& test) const {
  auto it = entries_.find(test);
  return it == entries_.end() ? std::string() : it->second.status;
}

std::string testStem(const fs::path& file) {
  std::string name = file.filename().string();
  for (const char* suffix : {".MOO.gz", ".moo.gz", ".MOO", ".moo"}) {
    std::string s = suffix;
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0)
      return name.substr(0, name.size() - s.size());
  }
  return name;
}

std::vector<fs::path> listTestFiles(const fs::path& dir, const std::string& opcode) {
  std::string filter = opcode;
  std::transform(filter.begin(), filter.end(), filter.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::string name = entry.path().filename().string();
    if (testStem(entry.path()) == name) continue;  // not a MOO file
    std::string stem = testStem(entry.path());
    std::string upper = stem;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    if (!filter.empty() && upper != filter && upper.rfind(filter + ".", 0) != 0) continue;
    files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

namespace {

// 1 MiB of RAM that remembers which bytes the CPU wrote, so that after a test every written
// byte is checked (not only those the file lists) and the RAM is cleaned cheaply. Bytes a test
// does not list read as 90h: the suite's harness answered code fetches past the instruction
// with NOPs (its final queues are all 90h).
constexpr uint8_t kFill = 0x90;

class TrackingBus : public Bus {
public:
  TrackingBus() : ram_(0x100000, kFill) {}
  uint8_t read8(uint32_t a) override { return ram_[a & 0xFFFFF]; }
  void write8(uint32_t a, uint8_t v) override { a &= 0xFFFFF; ram_[a] = v; written_.push_back(a); }
  uint8_t peek8(uint32_t a) const override { return ram_[a & 0xFFFFF]; }
  // The harness fed code fetches the instruction's bytes in order, then NOPs, whatever the
  // address: a jump back into the instruction fetches NOPs.
  uint8_t fetchCode8(uint32_t) override { return next_ < program_.size() ? program_[next_++] : kFill; }
  void startProgram(const moo::Test& t) {
    program_ = t.bytes;
    next_ = t.initial.queue.size();
  }
  uint8_t in8(uint16_t) override { return 0xFF; }  // test conditions: IN reads FFh
  void out8(uint16_t, uint8_t) override {}
  void load(uint32_t a, uint8_t v) { ram_[a & 0xFFFFF] = v; }
  uint8_t at(uint32_t a) const { return ram_[a & 0xFFFFF]; }
  std::vector<uint32_t>& written() { return written_; }
  void clear(const moo::Test& t) {
    for (uint32_t a : written_) ram_[a] = kFill;
    for (auto& [a, v] : t.initial.ram) ram_[a & 0xFFFFF] = kFill;
    written_.clear();
  }

private:
  std::vector<uint8_t> ram_;
  std::vector<uint32_t> written_;
  std::vector<uint8_t> program_;
  size_t next_ = 0;
};

void loadRegistersAndMemory(Cpu& cpu, TrackingBus& bus, const moo::Test& t);

void loadTest(Cpu& cpu, TrackingBus& bus, const moo::Test& t) {
  loadRegistersAndMemory(cpu, bus, t);
  // The suite starts each test with the prefetch queue as the real CPU had it.
  if (cpu.timingModel() == TimingModel::Cycle) {
    bus.startProgram(t);
    cpu.loadPrefetchQueue(t.initial.queue);
  }
}

void loadRegistersAndMemory(Cpu& cpu, TrackingBus& bus, const moo::Test& t) {
  using namespace moo;
  const uint16_t* r = t.initial.regs;
  RegisterFile rf;
  rf.eax = r[kAx]; rf.ebx = r[kBx]; rf.ecx = r[kCx]; rf.edx = r[kDx];
  rf.cs = r[kCs]; rf.ss = r[kSs]; rf.ds = r[kDs]; rf.es = r[kEs];
  rf.esp = r[kSp]; rf.ebp = r[kBp]; rf.esi = r[kSi]; rf.edi = r[kDi];
  rf.ip = r[kIp]; rf.flags = r[kFlags];
  cpu.setRegisters(rf);
  for (auto& [a, v] : t.initial.ram) bus.load(a, v);
}

uint16_t actualReg(const RegisterFile& rf, int i) {
  using namespace moo;
  switch (i) {
    case kAx: return rf.ax(); case kBx: return rf.bx(); case kCx: return rf.cx(); case kDx: return rf.dx();
    case kCs: return rf.cs; case kSs: return rf.ss; case kDs: return rf.ds; case kEs: return rf.es;
    case kSp: return rf.sp(); case kBp: return rf.bp(); case kSi: return rf.si(); case kDi: return rf.di();
    case kIp: return rf.ip; default: return rf.flags;
  }
}

std::string hex(unsigned v, int width) {
  std::ostringstream o;
  o << std::hex << std::uppercase;
  o.width(width);
  o.fill('0');
  o << v;
  return o.str();
}

}  // namespace

FileResult runFile(const moo::File& file, const std::string& name, const Metadata& metadata, const Options& options) {
  using namespace moo;
  FileResult result;
  result.name = name;
  result.status = metadata.status(name);
  result.flagsMask = metadata.flagsMask(name);
  const uint16_t mask = result.flagsMask;
  TrackingBus bus;
  Cpu cpu(bus, options.model);
  const bool cycle = cpu.setTimingModel(options.timing) && options.timing == TimingModel::Cycle;
  ClockVector trace;
  if (cycle) cpu.setClockSink(&trace);
  size_t testNumber = 0;
  for (const Test& t : file.tests) {
    const size_t number = testNumber++;  // the position in the file (the suite's own index is 0)
    loadTest(cpu, bus, t);
    trace.records.clear();
    cpu.step();
    const RegisterFile after = cpu.registers();
    std::ostringstream why;

    // Registers: the initial values overlaid with the final chunk's.
    uint16_t expected[kRegCount];
    for (int i = 0; i < kRegCount; ++i) expected[i] = (t.final.regMask & (1u << i)) ? t.final.regs[i] : t.initial.regs[i];
    bool regsOk = true;
    for (int i = 0; i < kFlags; ++i) {
      if (actualReg(after, i) != expected[i]) {
        regsOk = false;
        why << ' ' << mooRegName(i) << '=' << hex(actualReg(after, i), 4) << " (expected " << hex(expected[i], 4) << ')';
      }
    }
    const bool flagsOk = (after.flags & mask) == (expected[kFlags] & mask);
    if (!flagsOk) why << " flags=" << hex(after.flags, 4) << " (expected " << hex(expected[kFlags], 4) << ", mask " << hex(mask, 4) << ')';

    // Memory: every byte the file lists, and every byte the CPU wrote. After a divide error
    // the FLAGS image pushed on the stack is compared under the flags mask (its undefined bits
    // are whatever the microcode left).
    std::map<uint32_t, uint8_t> expectedRam;
    for (auto& [a, v] : t.initial.ram) expectedRam[a & 0xFFFFF] = v;
    for (auto& [a, v] : t.final.ram) expectedRam[a & 0xFFFFF] = v;
    std::map<uint32_t, uint8_t> byteMask;
    const bool divideError = expected[kCs] == 0 && expected[kIp] == 0x0400 && mask != 0xFFFF;
    if (divideError) {
      uint32_t flagsAt = (uint32_t(expected[kSs]) << 4) + uint16_t(expected[kSp] + 4);
      byteMask[flagsAt & 0xFFFFF] = uint8_t(mask);
      byteMask[(flagsAt + 1) & 0xFFFFF] = uint8_t(mask >> 8);
    }
    bool memOk = true;
    auto checkByte = [&](uint32_t a, uint8_t want) {
      uint8_t m = byteMask.count(a) ? byteMask[a] : 0xFF;
      uint8_t got = bus.at(a);
      if ((got & m) != (want & m)) {
        if (memOk) why << " memory:";
        memOk = false;
        why << ' ' << hex(a, 5) << '=' << hex(got, 2) << " (expected " << hex(want, 2) << ')';
      }
    };
    for (auto& [a, v] : t.final.ram) checkByte(a & 0xFFFFF, v);
    for (uint32_t a : bus.written()) {
      auto it = expectedRam.find(a);
      checkByte(a, it == expectedRam.end() ? kFill : it->second);
    }

    const unsigned clocks = cpu.lastInstructionClocks();
    const int64_t diff = int64_t(clocks) - int64_t(t.cycles);
    ++result.tests;
    result.registersPass += regsOk;
    result.flagsPass += flagsOk;
    result.memoryPass += memOk;
    result.allPass += regsOk && flagsOk && memOk;
    result.clocksExact += diff == 0;
    result.clocksWithinOne += diff >= -1 && diff <= 1;
    result.clockErrorSum += diff;
    if (cycle) {
      const std::string traceWhy = compareClocks(t.clocks, trace.records);
      if (traceWhy.empty()) {
        ++result.tracesIdentical;
      } else if (result.traceFailures.size() < options.failureDetails) {
        std::ostringstream bytes;
        for (uint8_t b : t.bytes) bytes << hex(b, 2) << ' ';
        result.traceFailures.push_back("#" + std::to_string(number) + " " + t.name + " [" + bytes.str() + "] queue " +
                                       std::to_string(t.initial.queue.size()) + ": " + traceWhy);
      }
    }
    if (!(regsOk && flagsOk && memOk) && result.failures.size() < options.failureDetails) {
      std::ostringstream bytes;
      for (uint8_t b : t.bytes) bytes << hex(b, 2) << ' ';
      result.failures.push_back("#" + std::to_string(number) + " " + t.name + " [" + bytes.str() + "] from ax=" +
                                hex(t.initial.regs[kAx], 4) + " dx=" + hex(t.initial.regs[kDx], 4) + " flags=" +
                                hex(t.initial.regs[kFlags], 4) + ":" + why.str());
    }
    bus.clear(t);
  }
  return result;
}

std::string showTest(const moo::File& file, size_t index, const Options& options) {
  if (index >= file.tests.size()) return "no test " + std::to_string(index) + " (the file has " + std::to_string(file.tests.size()) + ")\n";
  const moo::Test& t = file.tests[index];
  TrackingBus bus;
  Cpu cpu(bus, options.model);
  cpu.setTimingModel(TimingModel::Cycle);
  ClockVector trace;
  cpu.setClockSink(&trace);
  loadTest(cpu, bus, t);
  cpu.step();
  std::ostringstream out;
  std::ostringstream bytes;
  for (uint8_t b : t.bytes) bytes << hex(b, 2) << ' ';
  out << "#" << index << ' ' << t.name << " [" << bytes.str() << "] CS:IP " << hex(t.initial.regs[moo::kCs], 4) << ':'
      << hex(t.initial.regs[moo::kIp], 4) << ", queue " << t.initial.queue.size() << " bytes\n";
  out << "clock  recorded                                         simulated\n";
  const size_t n = std::max(t.clocks.size(), trace.records.size());
  for (size_t i = 0; i < n; ++i) {
    std::string e = i < t.clocks.size() ? describeClock(t.clocks[i]) : "";
    std::string a = i < trace.records.size() ? describeClock(toMooClock(trace.records[i], options.model == CpuModel::i8088)) : "";
    const bool differ = i >= t.clocks.size() || i >= trace.records.size() ||
                        !compareClocks({t.clocks[i]}, {trace.records[i]}).empty();
    out << (differ ? '*' : ' ');
    out.width(4);
    out << i << "  " << e;
    for (size_t pad = e.size(); pad < 49; ++pad) out << ' ';
    out << a << '\n';
  }
  bus.clear(t);
  return out.str();
}

uint64_t executeOnly(const moo::File& file, const Options& options) {
  TrackingBus bus;
  Cpu cpu(bus, options.model);
  cpu.setTimingModel(options.timing);
  for (const moo::Test& t : file.tests) {
    loadTest(cpu, bus, t);
    cpu.step();
    bus.clear(t);
  }
  return cpu.instructionCount();
}

}  // namespace asmlab::x86::conformance
