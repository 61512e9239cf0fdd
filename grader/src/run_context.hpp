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

class RunProbe;  // micro_probe.hpp

struct RunContext {
  sim::Machine& machine;
  const TestSpec& test;
  std::vector<uint64_t> initialRegisters;  // by register index, at the start of the test
  std::vector<uint32_t> initialMemory;     // whole memory at the start of the test
  std::string verdict;                     // halted, returned, ...
  sim::StopInfo stop;
  uint64_t instructions = 0;
  uint64_t clocks = 0;
  const RunProbe* probe = nullptr;  // what scoped clocks and states checks measured, if any
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

// Output checks and their helpers (checks_output.cpp).
CheckResult evaluateOutput(const Check& check, const std::string& output, double maxScore);
// Line similarity in [0, 1]: 1 - (edit distance over lines) / max(line counts).
double lineSimilarity(const std::string& expected, const std::string& actual);

}  // namespace asmlab::grader
