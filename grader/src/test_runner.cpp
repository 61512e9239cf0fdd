// Running one test: initial state, the call of a subroutine with a return trap, the input script
// and the limits; then the checks are evaluated on what the run left.
#include <random>

#include <fmt/format.h>

#include "asmlab/grader/grade.hpp"
#include "asmlab/sim/capabilities.hpp"
#include "micro_probe.hpp"
#include "play.hpp"
#include "run_context.hpp"

namespace asmlab::grader {
namespace {

struct SetupError {
  std::string message;
};

uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

// Seeds mix the test's seed with the command-line seed so each test has its own stream.
uint64_t testSeed(const TestSpec& test, const GradeOptions& options) {
  uint64_t seed = test.seed;
  if (options.seed) seed = seed * 0x9E3779B97F4A7C15ull ^ *options.seed;
  return seed;
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
  for (const auto& mv : setup.memory) writeMemory(m, mv);
}

// Makes the machine call `start.call` with a return address at the trap; returns the trap address.
uint64_t prepareCall(sim::Machine& m, const Start& start) {
  std::string error;
  AddressExpr label{start.call, 0, start.call};
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
  auto reg = [&](const char* name) {
    auto ref = findRegister(m, name);
    if (!ref) throw SetupError{fmt::format("machine {} has no register {}", m.architecture(), name)};
    return *ref;
  };
  RegisterRef ss = reg("SS"), sp = reg("SP"), cs = reg("CS");
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
  if (start.far) {
    push(codeSegment);
  }
  push(trapOffset);
  // The machine's program counter is linear; the target label is in the current code segment.
  m.setProgramCounter(*target);
  return trapLinear % m.memorySize();
}

void deliver(sim::Machine& m, const InputEvent& e) {
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

// Runs the program through its input script until a final stop; fills verdict and counts.
void runScript(RunContext& ctx, const Limits& limits, std::optional<uint64_t> trap) {
  sim::Machine& m = ctx.machine;
  const uint64_t startInstructions = m.instructionCount();
  const uint64_t startClocks = m.clockCount();
  std::vector<const InputEvent*> pending;
  for (const auto& e : ctx.test.input) {
    if (e.when == InputEvent::When::Start) deliver(m, e);
    else pending.push_back(&e);
  }
  // The input is closed (so that a program waiting for more stops at once instead of spinning)
  // only when no timed event is next: until a timed event is delivered the program runs on, so a
  // program that polls the keyboard sees the key at the time the script says.
  size_t next = 0;
  auto closeWhenUntimed = [&] {
    if (m.inputClosed()) return;
    if (next >= pending.size() || pending[next]->when == InputEvent::When::Waiting) m.closeInput();
  };
  for (;;) {
    closeWhenUntimed();
    uint64_t used = m.instructionCount() - startInstructions;
    uint64_t clocks = m.clockCount() - startClocks;
    sim::RunLimits run;
    run.maxInstructions = used < limits.instructions ? limits.instructions - used : 0;
    if (limits.clocks) run.maxClocks = clocks < limits.clocks ? limits.clocks - clocks : 0;
    run.maxOutputBytes = limits.output;
    if (next < pending.size()) {
      const InputEvent& e = *pending[next];
      if (e.when == InputEvent::When::Instruction && e.at > used) run.maxInstructions = std::min(run.maxInstructions, e.at - used);
      if (e.when == InputEvent::When::Clock && e.at > clocks) run.maxClocks = std::min(run.maxClocks, e.at - clocks);
    }
    ctx.stop = run.maxInstructions == 0 ? sim::StopInfo{sim::StopReason::InstructionLimit, m.programCounter(), "", 0}
                                        : m.run(run);
    used = m.instructionCount() - startInstructions;
    clocks = m.clockCount() - startClocks;
    bool budgetLeft = used < limits.instructions && (limits.clocks == 0 || clocks < limits.clocks);
    bool timedEventDue = next < pending.size() &&
                         ((pending[next]->when == InputEvent::When::Instruction && pending[next]->at <= used) ||
                          (pending[next]->when == InputEvent::When::Clock && pending[next]->at <= clocks));
    auto reason = ctx.stop.reason;
    if ((reason == sim::StopReason::InstructionLimit || reason == sim::StopReason::ClockLimit) && budgetLeft && timedEventDue) {
      deliver(m, *pending[next++]);
      continue;
    }
    if (reason == sim::StopReason::WaitingForInput && next < pending.size()) {
      // A program blocked on input before a timed event is due would idle until then; deliver now.
      deliver(m, *pending[next++]);
      continue;
    }
    if (reason == sim::StopReason::Breakpoint && trap && m.programCounter() == *trap) {
      ctx.verdict = "returned";
    } else {
      ctx.verdict = verdictName(reason);
    }
    break;
  }
  ctx.instructions = m.instructionCount() - startInstructions;
  ctx.clocks = m.clockCount() - startClocks;
}

std::string capOutput(const std::string& output, size_t kept, bool& truncated) {
  truncated = output.size() > kept;
  return toValidUtf8(truncated ? std::string_view(output).substr(0, kept) : std::string_view(output));
}

void scoreChecks(TestResult& result, const TestSpec& test, RunContext& ctx) {
  double explicitTotal = 0;
  size_t implicitCount = 0;
  for (const auto& c : test.checks) {
    if (c.points >= 0) explicitTotal += c.points;
    else ++implicitCount;
  }
  double share = implicitCount ? std::max(0.0, test.points - explicitTotal) / static_cast<double>(implicitCount) : 0;
  for (const auto& c : test.checks) {
    CheckResult r = evaluateCheck(c, ctx, c.points >= 0 ? c.points : share);
    if (!r.passed && !c.message.empty()) r.message = c.message + (r.message.empty() ? "" : ": " + r.message);
    r.message = toValidUtf8(r.message);
    result.score += r.score;
    result.checks.push_back(std::move(r));
  }
}

}  // namespace

TestResult runTest(const Spec& spec, const TestSpec& test, sim::Machine& m, const sim::MachineSnapshot& atEntry,
                   const GradeOptions& options) {
  (void)spec;
  TestResult result;
  result.name = test.name;
  result.visibility = test.visibility;
  result.maxScore = test.points;
  m.restoreSnapshot(atEntry);
  m.breakpoints().clear();
  m.clearOutput();
  RunContext ctx{m, test, {}, {}, {}, {}, 0, 0};
  try {
    applySetup(m, test.setup, testSeed(test, options));
    std::optional<uint64_t> trap;
    if (!test.start.atEntry) {
      trap = prepareCall(m, test.start);
      m.breakpoints().addExecute(*trap, {}, "return trap");
    }
    if (test.play) {
      runPlay(ctx, *test.play, result);
    } else {
      for (size_t i = 0; i < m.registers().size(); ++i) ctx.initialRegisters.push_back(m.readRegister(i));
      ctx.initialMemory.resize(m.memorySize());
      for (uint64_t a = 0; a < m.memorySize(); ++a) ctx.initialMemory[a] = m.peek(a);
      const auto probe = RunProbe::attach(test, m, trap);
      ctx.probe = probe.get();
      runScript(ctx, test.limits, trap);
      result.verdict = ctx.verdict;
      if (ctx.verdict == "exception" || ctx.verdict == "instruction-limit" || ctx.verdict == "clock-limit" ||
          ctx.verdict == "output-limit") {
        result.stopMessage = explainStop(m, ctx.stop, ctx.verdict);
      }
      result.instructions = ctx.instructions;
      result.clocks = ctx.clocks;
      scoreChecks(result, test, ctx);
      result.output = capOutput(m.output(), options.outputKept, result.outputTruncated);
    }
  } catch (const SetupError& e) {
    result.verdict = "setup-failed";
    result.stopMessage = e.message;
    result.score = 0;
    result.checks.push_back({"setup", false, 0, test.points, e.message});
    result.output = capOutput(m.output(), options.outputKept, result.outputTruncated);
  }
  result.stopMessage = toValidUtf8(result.stopMessage);
  for (auto& c : result.checks) c.message = toValidUtf8(c.message);
  result.score = roundScore(std::min(result.score, result.maxScore));
  result.status = result.score >= result.maxScore - 1e-9 ? "passed" : result.score > 0 ? "partial" : "failed";
  if (result.maxScore == 0) {
    bool all = std::all_of(result.checks.begin(), result.checks.end(), [](const CheckResult& c) { return c.passed; });
    result.status = all ? "passed" : "failed";
  }
  return result;
}

}  // namespace asmlab::grader
