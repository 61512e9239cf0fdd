// Internal: what a test's scoped clock checks and states checks measure while the program runs:
// the clocks of each execution of an instruction or opcode and of each call of a subroutine
// (from the machine's per-instruction trace), and the micro engine's states (from its per-clock
// trace). Attached for one run of a test, only when one of its checks needs it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/grader/result.hpp"
#include "asmlab/grader/spec.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::grader {

class RunProbe {
public:
  // What one check saw: how many executions (or calls), the fewest and most clocks and which
  // execution took them, and the states of the execution a states check compares.
  struct Observed {
    uint64_t count = 0;
    uint64_t fewest = UINT64_MAX, most = 0;
    uint64_t fewestAt = 0, mostAt = 0;  // 1-based execution numbers
    std::vector<uint8_t> states;
    bool statesRecorded = false;
    std::string problem;  // e.g. an unknown label
  };

  // nullptr when no check of the run (at its end, in an input step's expect or inside any_of) needs
  // a probe. `callTrap`: the return address of a run that starts by calling a subroutine (start:
  // call), which is then a call of it.
  static std::unique_ptr<RunProbe> attach(const RunSpec& run, sim::Machine& machine, std::optional<uint64_t> callTrap);
  ~RunProbe();

  const Observed* observed(const Check& check) const;
  unsigned memoryLatency() const { return memoryLatency_; }
  bool microcoded() const { return microcoded_; }

private:
  struct Target {
    const Check* check = nullptr;
    uint64_t address = 0;  // the instruction, or the subroutine's first instruction
    Observed seen;
    bool wantsStates = false;
  };
  struct Frame {
    uint64_t returnAddress = 0;
    uint64_t startClocks = 0;
    size_t target = 0;
  };
  explicit RunProbe(sim::Machine& machine) : machine_(machine) {}
  void addTargets(const Check& check);
  void instruction(const sim::TraceEvent& e);
  void clock(unsigned state, bool interruptBranch);
  void record(Target& t, uint64_t clocks);

  sim::Machine& machine_;
  std::vector<Target> targets_;
  std::vector<Frame> frames_;
  std::vector<uint8_t> currentStates_;
  bool capturing_ = false;
  bool microcoded_ = false;
  unsigned memoryLatency_ = 1;
};

// Evaluates a clocks check with a scope, or a states check, on what the probe observed.
CheckResult evaluateScoped(const Check& check, const RunProbe* probe, const sim::Machine& machine, CheckResult r);

}  // namespace asmlab::grader
