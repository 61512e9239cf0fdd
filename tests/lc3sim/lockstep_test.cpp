// The two engines side by side: generated programs (every opcode, the OS's traps, loads and
// stores through pointers into the OS and the device registers, JSR/RET, RTI in user mode,
// illegal opcodes, keyboard interrupts with a handler, random input) run on the fast engine and
// on the micro engine with the standard control store, and the machines are compared after every
// instruction: registers, PC, PSR, both saved stack pointers, instruction and clock counts, the
// output, the stop, and the memory the programs use; the whole memory at the end. Then the same
// programs run in one piece (the engines' fast paths) and are compared again.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "asmlab/lc3sim/os.hpp"
#include "encode.hpp"

namespace lc3test {
namespace {

using asmlab::lc3sim::Engine;
using asmlab::lc3sim::Options;
using asmlab::sim::StopInfo;
using asmlab::sim::StopReason;

struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  unsigned below(unsigned n) { return static_cast<unsigned>(next() % n); }
};

constexpr uint16_t kCode = 0x3000;
constexpr uint16_t kData = 0x3100;
constexpr uint16_t kHandler = 0x1000;  // keyboard interrupt handler, in system space

struct Program {
  std::vector<uint16_t> code, data;
  std::array<uint16_t, 8> regs{};
  bool interrupts = false;
  std::string input;
};

Program generate(uint64_t seed, unsigned length) {
  Rng rng{seed};
  Program p;
  for (auto& r : p.regs) r = static_cast<uint16_t>(rng.next());
  // Pointers in the data: user data, the OS, the device registers, the code.
  static const uint16_t kPointers[] = {0x3100, 0x31F0, 0x0020, 0x2FFF, 0xFE00, 0xFE02, 0xFE04, 0xFE06, 0xFFFC, 0x3005};
  for (unsigned i = 0; i < 256; ++i) {
    p.data.push_back(rng.below(3) == 0 ? kPointers[rng.below(10)] : static_cast<uint16_t>(rng.next()));
  }
  auto reg = [&] { return static_cast<int>(rng.below(8)); };
  auto codeOffset = [&](unsigned at, int bits) {
    const int target = static_cast<int>(kCode + rng.below(length));
    const int offset = target - (kCode + static_cast<int>(at) + 1);
    const int limit = 1 << (bits - 1);
    return std::clamp(offset, -limit, limit - 1);
  };
  auto dataOffset = [&](unsigned at) { return static_cast<int>(kData + rng.below(256)) - (kCode + static_cast<int>(at) + 1); };
  for (unsigned at = 0; at < length; ++at) {
    const unsigned k = rng.below(100);
    uint16_t w;
    if (k < 10) w = rng.below(2) ? ADDi(reg(), reg(), static_cast<int>(rng.below(32)) - 16) : ADDr(reg(), reg(), reg());
    else if (k < 16) w = rng.below(2) ? ANDi(reg(), reg(), static_cast<int>(rng.below(32)) - 16) : ANDr(reg(), reg(), reg());
    else if (k < 20) w = NOT(reg(), reg());
    else if (k < 32) w = BR(static_cast<int>(rng.below(8)), codeOffset(at, 9));
    else if (k < 38) w = LD(reg(), dataOffset(at));
    else if (k < 43) w = ST(reg(), dataOffset(at));
    else if (k < 47) w = LDI(reg(), dataOffset(at));
    else if (k < 50) w = STI(reg(), dataOffset(at));
    else if (k < 56) w = LDR(reg(), reg(), static_cast<int>(rng.below(64)) - 32);
    else if (k < 60) w = STR(reg(), reg(), static_cast<int>(rng.below(64)) - 32);
    else if (k < 63) w = LEA(reg(), static_cast<int>(rng.below(512)) - 256);
    else if (k < 67) w = JSR(codeOffset(at, 11));
    else if (k < 70) w = RET();
    else if (k < 72) w = rng.below(2) ? JMP(reg()) : JSRR(reg());
    else if (k < 82) {
      static const uint8_t kTraps[] = {0x20, 0x21, 0x21, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x40};
      w = TRAP(kTraps[rng.below(10)]);
    } else if (k < 84) w = RTI();
    else if (k < 86) w = static_cast<uint16_t>(0xD000 | rng.below(0x1000));
    else if (k < 88) w = static_cast<uint16_t>(rng.next());  // anything at all
    else w = ADDi(reg(), reg(), 1);
    p.code.push_back(w);
  }
  p.interrupts = rng.below(3) == 0;
  const unsigned keys = rng.below(12);
  for (unsigned i = 0; i < keys; ++i) p.input += static_cast<char>("ab1\n xQ"[rng.below(7)]);
  return p;
}

std::unique_ptr<Lc3Machine> build(const Program& p, Edition e, Engine engine, unsigned m) {
  Options o;
  o.edition = e;
  o.engine = engine;
  o.memoryLatency = m;
  o.operatingSystem = &asmlab::lc3sim::builtinOperatingSystem(e);
  o.haltBanner = false;
  auto mc = std::make_unique<Lc3Machine>(o);
  asmlab::lc3::ObjectImage img;
  img.blocks.push_back({kCode, p.code});
  img.blocks.push_back({kData, p.data});
  mc->loadProgram(img);
  for (int r = 0; r < 8; ++r) mc->writeRegister(r, p.regs[r]);
  if (p.interrupts) {
    // Handler: R0 <- KBDR (through the pointer after the RTI), RTI.
    mc->poke(kHandler, LDI(0, 1));
    mc->poke(kHandler + 1, RTI());
    mc->poke(kHandler + 2, 0xFE02);
    mc->poke(0x0180, kHandler);
    mc->poke(0xFE00, 0x4000);
  }
  mc->feedInput(p.input);
  mc->closeInput();
  return mc;
}

// Compares the two machines; returns a description of the first difference, or "".
std::string difference(const Lc3Machine& a, const Lc3Machine& b, bool wholeMemory) {
  for (size_t r = 0; r < a.registers().size(); ++r) {
    if (a.readRegister(r) != b.readRegister(r)) {
      return a.registers()[r].name + ": fast " + std::to_string(a.readRegister(r)) + ", micro " +
             std::to_string(b.readRegister(r));
    }
  }
  if (a.instructionCount() != b.instructionCount()) {
    return "instructions: fast " + std::to_string(a.instructionCount()) + ", micro " + std::to_string(b.instructionCount());
  }
  if (a.clockCount() != b.clockCount()) {
    return "clocks: fast " + std::to_string(a.clockCount()) + ", micro " + std::to_string(b.clockCount());
  }
  if (a.output() != b.output()) return "output differs";
  auto compare = [&](uint32_t from, uint32_t to) -> std::string {
    for (uint32_t addr = from; addr < to; ++addr) {
      if (a.peek(addr) != b.peek(addr)) return "memory x" + std::to_string(addr);
    }
    return {};
  };
  if (wholeMemory) return compare(0, 0x10000);
  for (auto [from, to] : {std::pair{0x2F00u, 0x3000u}, std::pair{0x3000u, 0x3200u}}) {
    if (auto d = compare(from, to); !d.empty()) return d;
  }
  return {};
}

std::string describe(const StopInfo& s) {
  return std::string(asmlab::sim::stopReasonName(s.reason)) + " at " + std::to_string(s.address) + ": " + s.message;
}

void lockstep(uint64_t seed, Edition e, unsigned m, unsigned length, unsigned maxSteps) {
  SCOPED_TRACE("seed " + std::to_string(seed) + ", edition " + std::to_string(static_cast<int>(e)) + ", M = " +
               std::to_string(m));
  const Program p = generate(seed, length);
  auto fast = build(p, e, Engine::Fast, m);
  auto micro = build(p, e, Engine::Micro, m);
  for (unsigned step = 0; step < maxSteps; ++step) {
    const StopInfo a = fast->step();
    const StopInfo b = micro->step();
    ASSERT_EQ(describe(a), describe(b)) << "step " << step;
    ASSERT_EQ(fast->lastInstructionClocks(), micro->lastInstructionClocks()) << "step " << step;
    const std::string d = difference(*fast, *micro, false);
    ASSERT_TRUE(d.empty()) << d << " after step " << step << " (x" << std::hex << fast->programCounter() << ")";
    if (a.reason != StopReason::Step) break;
  }
  const std::string end = difference(*fast, *micro, true);
  ASSERT_TRUE(end.empty()) << end << " at the end";

  // The same program in one run: the fast engine's inline paths and the micro engine's skipped
  // wait clocks must change nothing.
  auto fastRun = build(p, e, Engine::Fast, m);
  auto microRun = build(p, e, Engine::Micro, m);
  asmlab::sim::RunLimits limits;
  limits.maxInstructions = maxSteps;
  ASSERT_EQ(describe(fastRun->run(limits)), describe(microRun->run(limits)));
  const std::string run = difference(*fastRun, *microRun, true);
  ASSERT_TRUE(run.empty()) << run << " after one run";
}

// Programs per edition; ASMLAB_LOCKSTEP_PROGRAMS=N runs more (a soak test: 20,000 took about
// 7 minutes per edition on the build machine).
uint64_t programCount() {
  const char* n = std::getenv("ASMLAB_LOCKSTEP_PROGRAMS");
  return n ? std::strtoull(n, nullptr, 10) : 150;
}

TEST(Lc3Lockstep, GeneratedProgramsThirdEdition) {
  for (uint64_t seed = 1; seed <= programCount(); ++seed) lockstep(seed, Edition::Third, 1 + seed % 6, 120, 1500);
}

TEST(Lc3Lockstep, GeneratedProgramsSecondEdition) {
  for (uint64_t seed = 1'000'001; seed <= 1'000'000 + programCount(); ++seed) lockstep(seed, Edition::Second, 1 + seed % 6, 120, 1500);
}

TEST(Lc3Lockstep, GeneratedProgramsRunLong) {
  // Longer programs with the default latency, fewer of them.
  for (uint64_t seed = 5001; seed <= 5020; ++seed) {
    lockstep(seed, seed % 2 ? Edition::Third : Edition::Second, 5, 200, 20000);
  }
}

}  // namespace
}  // namespace lc3test
