// Internal: the state a test run leaves for its checks, and helpers shared by the evaluators.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/grader/result.hpp"
#include "asmlab/grader/spec.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::grader {

class CallCounter;
class RunProbe;  // micro_probe.hpp

struct RunContext {
  sim::Machine& machine;
  const RunSpec& run;
  std::vector<uint64_t> initialRegisters;  // by register index, at the start of the run
  std::vector<uint32_t> initialMemory;     // whole memory at the start of the run (when a check needs it)
  std::string verdict;                     // halted, returned, ...
  sim::StopInfo stop;
  uint64_t instructions = 0;
  uint64_t clocks = 0;
  size_t outputStart = 0;                  // where this run's output starts in machine.output()
  size_t outputEnd = std::string::npos;    // an input step's checks see the output up to here
  const CallCounter* calls = nullptr;      // counts for `calls:` checks
  const RunProbe* probe = nullptr;         // what scoped clocks and states checks measured, if any

  // The output the checks judge: this run's, or an input step's.
  std::string_view output() const;
};

// Resolves LABEL+n or an absolute address against the machine's symbols.
std::optional<uint64_t> resolveAddress(const AddressExpr& address, const sim::Machine& machine, std::string& error);
// A register value from the spec: its number, or its label expression resolved against the
// machine's symbols; nullopt with `error` naming the spec's place for an unknown label.
std::optional<int64_t> registerValue(const RegisterValue& value, const sim::Machine& machine, std::string& error);
// "x3004 (IS_INPUT_VALID+4)" on the LC-3, "0123Ah (DRAW+2)" on the PC.
std::string describeAddress(const sim::Machine& machine, uint64_t address);
// A value in the machine's notation and width: x0041 / 0041h, with the character when printable.
std::string formatValue(const sim::Machine& machine, uint64_t value, unsigned bits, bool showChar = true);

// A register by name, including the PC's byte halves (AL, AH, ...) derived from AX..DX.
struct RegisterRef {
  int index = -1;
  unsigned shift = 0;
  unsigned bits = 16;
};
std::optional<RegisterRef> findRegister(const sim::Machine& machine, const std::string& name);
uint64_t readRegister(const sim::Machine& machine, const RegisterRef& ref);
void writeRegister(sim::Machine& machine, const RegisterRef& ref, uint64_t value);

// The stop's message with its address named: "illegal opcode xD000 at x3002 (DATA)".
std::string explainStop(const sim::Machine& machine, const sim::StopInfo& stop, const std::string& verdict);

// The verdict name of a stop ("instruction-limit"), or "returned" for the return trap.
std::string verdictName(sim::StopReason reason);

CheckResult evaluateCheck(const Check& check, const RunContext& context, double maxScore);

// Output checks and their helpers (checks_output.cpp); string checks compare the same way.
CheckResult evaluateOutput(const Check& check, std::string_view output, double maxScore);
CheckResult evaluateString(const Check& check, const RunContext& context, double maxScore);
// Line similarity in [0, 1]: 1 - (edit distance over lines) / max(line counts).
double lineSimilarity(const std::string& expected, const std::string& actual);
// Character similarity in [0, 1]: 1 - (edit distance over characters) / max(lengths).
double characterSimilarity(const std::string& expected, const std::string& actual);

// Whether a check (or an alternative inside it) compares memory with the start of the run.
bool needsInitialMemory(const Check& check);

}  // namespace asmlab::grader
