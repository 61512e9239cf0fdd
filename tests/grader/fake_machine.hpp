// A tiny machine for testing the grader without a real simulator: LC-3-like registers and
// memory (architecture "lc3" so the LC-3 call convention applies), a handful of instructions
// written in a one-line-per-instruction toy assembly, a boot stub at x0200 that jumps to the
// program, console input that can wait, and full snapshots.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "asmlab/grader/grade.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::grader::testing {

// Toy assembly, one statement per line ("; comment"):
//   .ORIG x3000 | NAME: (a label on its own line) | HALT | OUT Rn (prints low byte) | IN Rn (waits
//   for a key) | LDI Rn value | ADD Rd Rs | ADDI Rd value | ST Rn ADDR | LD Rn ADDR | RET | JMP Rn
//   | BR LABEL | BRZ Rn LABEL | BRNZ Rn LABEL | WORD value... | PUTS LABEL | ILLEGAL | HOSTOPEN
//   (tries to open a host file: prints Y if it could, N if not)
// ADDR and LABEL are labels or numbers. Directives in upper case.
struct ToyProgram {
  std::map<uint16_t, uint16_t> words;
  std::map<std::string, uint16_t> labels;
  uint16_t entry = 0x3000;
  std::string error;  // "line N: message"
};
ToyProgram assembleToy(const std::string& text);

class FakeMachine : public sim::Machine {
public:
  explicit FakeMachine(const ToyProgram& program);

  std::string_view architecture() const override { return "lc3"; }
  const std::vector<sim::RegisterInfo>& registers() const override;
  uint64_t readRegister(size_t index) const override { return state_.regs.at(index); }
  void writeRegister(size_t index, uint64_t value) override;
  uint64_t programCounter() const override { return state_.pc; }
  void setProgramCounter(uint64_t address) override { state_.pc = static_cast<uint16_t>(address); }
  uint64_t memorySize() const override { return 65536; }
  unsigned memoryUnitBits() const override { return 16; }
  uint32_t peek(uint64_t address) const override { return state_.memory.at(address & 0xFFFF); }
  void poke(uint64_t address, uint32_t value) override { state_.memory.at(address & 0xFFFF) = static_cast<uint16_t>(value); }
  sim::StopInfo run(const sim::RunLimits& limits) override;
  sim::StopInfo step() override;
  sim::StopInfo stepOver(const sim::RunLimits& limits) override { return run(limits); }
  sim::StopInfo stepOut(const sim::RunLimits& limits) override { return run(limits); }
  void requestPause() override {}
  uint64_t instructionCount() const override { return state_.instructions; }
  uint64_t clockCount() const override { return 0; }
  uint64_t lastInstructionClocks() const override { return 0; }
  const sim::StopInfo& lastStop() const override { return state_.stop; }
  std::string disassemble(uint64_t, unsigned* length = nullptr) const override {
    if (length) *length = 1;
    return "?";
  }
  void setTraceSink(std::function<void(const sim::TraceEvent&)>) override {}
  void feedInput(std::string_view text) override { state_.input.insert(state_.input.end(), text.begin(), text.end()); }
  void closeInput() override { state_.inputClosed = true; }
  bool inputClosed() const override { return state_.inputClosed; }
  const std::string& output() const override { return state_.output; }
  void clearOutput() override { state_.output.clear(); }
  std::unique_ptr<sim::MachineSnapshot> saveSnapshot() const override;
  void restoreSnapshot(const sim::MachineSnapshot& snapshot) override;

  uint64_t snapshotsRestored = 0;

private:
  struct State {
    std::vector<uint16_t> regs = std::vector<uint16_t>(10, 0);  // R0-R7, PC (mirror), PSR
    uint16_t pc = 0x0200;
    std::vector<uint16_t> memory = std::vector<uint16_t>(65536, 0);
    uint64_t instructions = 0;
    std::deque<char> input;
    bool inputClosed = false;
    std::string output;
    sim::StopInfo stop;
  };
  struct Snapshot;
  // Executes one instruction; returns a stop reason or Running.
  sim::StopInfo execute();
  State state_;
};

// A Builder over toy-assembly submissions: the submission file (or the folder's build.submission
// file) is assembled with assembleToy. Special first lines make the *builder* misbehave, standing
// in for simulator bugs: "#CRASH" (segfault), "#SPIN" (endless loop), "#HOG" (allocates memory
// without end).
BuiltProgram buildToy(const Spec& spec, const std::filesystem::path& submission);

}  // namespace asmlab::grader::testing
