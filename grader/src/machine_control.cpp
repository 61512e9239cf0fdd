// Setting a machine up for a run: setup values, calls through a return trap, start address and
// privilege, and restarting after an earlier run of the same test.
#include "machine_control.hpp"

#include <random>

#include <fmt/format.h>

#include "asmlab/sim/capabilities.hpp"
#include "run_context.hpp"

namespace asmlab::grader {
namespace {

uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

// LC-3 machine control register and the state its operating system hands a program (Patt &
// Patel 3rd ed. 9.1.1: user mode, priority 0; the supervisor stack starts at x3000).
constexpr uint64_t kLc3Mcr = 0xFFFE;
constexpr uint64_t kLc3UserPsr = 0x8002;
constexpr uint64_t kLc3SupervisorPsr = 0x0002;
constexpr uint64_t kLc3SupervisorStack = 0x3000;

RegisterRef requireRegister(const sim::Machine& m, const std::string& name) {
  auto ref = findRegister(m, name);
  if (!ref) throw SetupError{fmt::format("machine {} has no register {}", m.architecture(), name)};
  return *ref;
}

void writeMemory(sim::Machine& m, const MemoryValues& values) {
  std::string error;
  auto at = resolveAddress(values.at, m, error);
  if (!at) throw SetupError{"setup: " + error};
  uint64_t unitMask = mask(m.memoryUnitBits());
  for (size_t i = 0; i < values.values.size(); ++i) {
    if (*at + i >= m.memorySize()) throw SetupError{fmt::format("setup: {} runs past the end of memory", values.at.text)};
    m.poke(*at + i, static_cast<uint32_t>(static_cast<uint64_t>(values.values[i]) & unitMask));
  }
}

void setRegister(sim::Machine& m, const std::string& name, int64_t value) {
  auto ref = findRegister(m, name);
  if (!ref) throw SetupError{fmt::format("setup: machine {} has no register {}", m.architecture(), name)};
  writeRegister(m, *ref, static_cast<uint64_t>(value));
}

void setRegister(sim::Machine& m, const RegisterValue& r) {
  std::string error;
  auto value = registerValue(r, m, error);
  if (!value) throw SetupError{"setup: " + error};
  setRegister(m, r.name, *value);
}

}  // namespace

void applySetup(sim::Machine& m, const Setup& setup, uint64_t seed) {
  // A fixed generator and plain modulo reduction: identical values on every platform and library.
  std::mt19937_64 random(seed);
  for (const auto& name : setup.randomRegisters) {
    auto ref = findRegister(m, name);
    if (!ref) throw SetupError{fmt::format("setup: machine {} has no register {}", m.architecture(), name)};
    writeRegister(m, *ref, random());
  }
  for (const auto& range : setup.randomMemory) {
    std::string error;
    auto at = resolveAddress(range.at, m, error);
    if (!at) throw SetupError{"setup.random: " + error};
    uint64_t span = static_cast<uint64_t>(range.max - range.min) + 1;
    for (uint64_t i = 0; i < range.count && *at + i < m.memorySize(); ++i) {
      uint64_t value = static_cast<uint64_t>(range.min) + random() % span;
      m.poke(*at + i, static_cast<uint32_t>(value & mask(m.memoryUnitBits())));
    }
  }
  for (const auto& r : setup.registers) setRegister(m, r);
  // Memory after registers, so that `[R3]` in a memory address sees the register as set up.
  for (const auto& mv : setup.memory) writeMemory(m, mv);
}

uint64_t prepareCall(sim::Machine& m, const Start& start) {
  std::string error;
  AddressExpr label = AddressExpr::direct(start.call, 0, start.call);
  auto target = resolveAddress(label, m, error);
  if (!target) throw SetupError{fmt::format("cannot call {}: {}", start.call, error)};
  for (const auto& a : start.args) setRegister(m, a);
  if (m.architecture() == "lc3") {
    // JSR/JSRR leave the return address in R7 (Patt & Patel 3rd ed. A.3); RET is JMP R7.
    uint64_t trap = 0xFDFF;  // last word of user space (x3000-xFDFF), below the device registers
    if (start.returnTrap) {
      auto t = resolveAddress(*start.returnTrap, m, error);
      if (!t) throw SetupError{"return_trap: " + error};
      trap = *t;
    }
    setRegister(m, "R7", static_cast<int64_t>(trap));
    m.setProgramCounter(*target);
    return trap;
  }
  // x86: CALL pushes IP (near) or CS then IP (far) on SS:SP (Intel 8086 User's Manual, CALL).
  RegisterRef ss = requireRegister(m, "SS"), sp = requireRegister(m, "SP"), cs = requireRegister(m, "CS");
  auto push = [&](uint64_t word) {
    uint64_t newSp = (readRegister(m, sp) - 2) & 0xFFFF;
    writeRegister(m, sp, newSp);
    uint64_t linear = ((readRegister(m, ss) << 4) + newSp) % m.memorySize();
    m.poke(linear, static_cast<uint32_t>(word & 0xFF));
    m.poke((linear + 1) % m.memorySize(), static_cast<uint32_t>((word >> 8) & 0xFF));
  };
  for (int64_t w : start.push) push(static_cast<uint64_t>(w));
  uint64_t codeSegment = readRegister(m, cs);
  uint64_t trapOffset = 0xFFFF;  // CS:FFFF, the last byte of the code segment: never an instruction a call returns to
  uint64_t trapLinear = (codeSegment << 4) + trapOffset;
  if (start.returnTrap) {
    auto t = resolveAddress(*start.returnTrap, m, error);
    if (!t) throw SetupError{"return_trap: " + error};
    trapLinear = *t;
    trapOffset = (trapLinear - (codeSegment << 4)) & 0xFFFF;
  }
  if (start.far) push(codeSegment);
  push(trapOffset);
  // The machine's program counter is linear; the target label is in the current code segment.
  m.setProgramCounter(*target);
  return trapLinear % m.memorySize();
}

void setPrivilege(sim::Machine& m, bool supervisor) {
  if (m.architecture() != "lc3") throw SetupError{fmt::format("machine {} has no privilege levels", m.architecture())};
  // A change of mode exchanges the stack pointers (3rd ed. A.3, interrupt entry and RTI).
  RegisterRef psr = requireRegister(m, "PSR"), r6 = requireRegister(m, "R6");
  RegisterRef ssp = requireRegister(m, "SSP"), usp = requireRegister(m, "USP");
  uint64_t value = readRegister(m, psr);
  bool user = (value & 0x8000) != 0;
  if (supervisor && user) {
    writeRegister(m, usp, readRegister(m, r6));
    writeRegister(m, r6, readRegister(m, ssp));
    writeRegister(m, psr, value & ~0x8000ull);
  } else if (!supervisor && !user) {
    writeRegister(m, ssp, readRegister(m, r6));
    writeRegister(m, r6, readRegister(m, usp));
    writeRegister(m, psr, value | 0x8000);
  }
}

bool inSupervisorMode(const sim::Machine& m) {
  if (m.architecture() != "lc3") return false;
  auto psr = findRegister(m, "PSR");
  return psr && (readRegister(m, *psr) & 0x8000) == 0;
}

void prepareNextRun(sim::Machine& m, bool entryInSupervisorMode) {
  if (m.architecture() != "lc3") return;
  m.poke(kLc3Mcr, m.peek(kLc3Mcr) | 0x8000);
  RegisterRef psr = requireRegister(m, "PSR"), r6 = requireRegister(m, "R6");
  if (entryInSupervisorMode) {
    writeRegister(m, r6, kLc3SupervisorStack);
    writeRegister(m, psr, kLc3SupervisorPsr);
    return;
  }
  // HALT and the other service routines run in supervisor mode on the supervisor stack (3rd
  // edition; the 2nd edition's TRAP leaves the mode alone).
  if (inSupervisorMode(m)) writeRegister(m, r6, readRegister(m, requireRegister(m, "USP")));
  writeRegister(m, requireRegister(m, "SSP"), kLc3SupervisorStack);
  writeRegister(m, psr, kLc3UserPsr);
}

void deliverInput(sim::Machine& m, const InputEvent& e) {
  if (e.hasMouse) {
    auto* pointer = sim::capability<sim::PointerInput>(m);
    if (!pointer) throw SetupError{fmt::format("{}: machine {} has no mouse", e.place.describe(), m.architecture())};
    pointer->pushMouseEvent({e.mouseX, e.mouseY, e.mouseButtons});
  } else if (e.scanCode >= 0) {
    auto* keyboard = sim::capability<sim::ScanCodeKeyboard>(m);
    if (!keyboard) throw SetupError{fmt::format("{}: machine {} has no scan-code keyboard", e.place.describe(), m.architecture())};
    keyboard->pushKey(static_cast<uint8_t>(e.scanCode), 0);
  } else {
    m.feedInput(e.keys);
  }
}

}  // namespace asmlab::grader
