// The one interface that the CLI, the grader and the debugger drive, for the LC-3 and the PC alike.
// A machine is deterministic: its behaviour is a pure function of the loaded program, the inputs
// fed to it and the options it was built with.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "asmlab/sim/breakpoints.hpp"
#include "asmlab/sim/stop.hpp"
#include "asmlab/sim/symbols.hpp"

namespace asmlab::sim {

struct RegisterInfo {
  std::string name;   // "R0", "PC", "PSR", "AX", "FLAGS"
  unsigned bits = 16;
  bool isFlags = false;  // shown bit by bit in debuggers
  std::string flagLetters;  // for flag registers: letter per bit, MSB first, '-' for unused
  bool isAddress = false;   // holds an address or a segment: its decimal value is shown unsigned
};

struct RunLimits {
  uint64_t maxInstructions = UINT64_MAX;  // counted from the start of this run call
  uint64_t maxClocks = UINT64_MAX;        // likewise, in the machine's clocks
  uint64_t maxOutputBytes = UINT64_MAX;   // total captured console output
  bool stopAtBreakpoints = true;
  // Pause (StopReason::Paused, the note's text as the message) where the program first runs past
  // the end of its code; the run goes on from there when resumed. The debugger sets it; `run` and
  // the grader let the program go on, as the machine does (PC programs loaded from source,
  // docs/pc-platform.md; LC-3 sources get the assembler's fall-into-data warning instead).
  bool stopAtCodeEnd = false;
};

// One executed instruction, as a trace sink receives it (after execution).
struct TraceEvent {
  uint64_t address = 0;        // where the instruction was fetched
  uint64_t instructionIndex = 0;
  uint64_t clocks = 0;         // clocks this instruction took (0 where the machine has no clocks)
};

// Opaque saved state; only the machine that made it can restore it.
class MachineSnapshot {
public:
  virtual ~MachineSnapshot() = default;
  virtual uint64_t instructionCount() const = 0;
};

class Machine {
public:
  virtual ~Machine() = default;

  // --- identity -------------------------------------------------------------------------------
  virtual std::string_view architecture() const = 0;  // "lc3", "8086", ...

  // --- registers ------------------------------------------------------------------------------
  virtual const std::vector<RegisterInfo>& registers() const = 0;
  virtual uint64_t readRegister(size_t index) const = 0;
  virtual void writeRegister(size_t index, uint64_t value) = 0;
  // Index of a register by case-insensitive name, or -1.
  int registerIndex(std::string_view name) const;

  // Address of the next instruction, in memory units (LC-3 word address, PC linear byte address).
  virtual uint64_t programCounter() const = 0;
  virtual void setProgramCounter(uint64_t address) = 0;

  // --- memory ---------------------------------------------------------------------------------
  virtual uint64_t memorySize() const = 0;      // number of addressable units
  virtual unsigned memoryUnitBits() const = 0;  // 16 for the LC-3, 8 for the PC
  // Reads without side effects (device registers report their state but are not consumed).
  virtual uint32_t peek(uint64_t address) const = 0;
  // Writes without side effects on devices and without firing watchpoints.
  virtual void poke(uint64_t address, uint32_t value) = 0;

  // --- execution ------------------------------------------------------------------------------
  // Runs until the program halts, a limit, a breakpoint/watchpoint or a fault stops it.
  virtual StopInfo run(const RunLimits& limits) = 0;
  // Executes exactly one instruction (taking an interrupt first if one is due); ignores breakpoints
  // at the starting address.
  virtual StopInfo step() = 0;
  // Like step, but runs a call (subroutine, trap, software interrupt) to its return.
  virtual StopInfo stepOver(const RunLimits& limits) = 0;
  // Runs until the current subroutine or service routine returns to its caller.
  virtual StopInfo stepOut(const RunLimits& limits) = 0;
  // Asks a run in progress on another thread to stop at the next instruction boundary.
  virtual void requestPause() = 0;

  virtual uint64_t instructionCount() const = 0;
  virtual uint64_t clockCount() const = 0;
  // Clocks taken by the most recent instruction (0 on machines without timing).
  virtual uint64_t lastInstructionClocks() const = 0;
  // The state of the most recent stop (Running before any).
  virtual const StopInfo& lastStop() const = 0;

  // --- debugging ------------------------------------------------------------------------------
  BreakpointSet& breakpoints() { return *breakpoints_; }
  const BreakpointSet& breakpoints() const { return *breakpoints_; }
  SymbolTable& symbols() { return symbols_; }
  const SymbolTable& symbols() const { return symbols_; }
  // Disassembles the instruction at `address`; `length` receives its size in memory units.
  virtual std::string disassemble(uint64_t address, unsigned* length = nullptr) const = 0;
  // A sink called after every instruction; empty = tracing off (and free).
  virtual void setTraceSink(std::function<void(const TraceEvent&)> sink) = 0;

  // --- console / input ------------------------------------------------------------------------
  // Appends characters that the program will read from its keyboard, in order.
  virtual void feedInput(std::string_view text) = 0;
  // Declares that no more input will come; a program that then waits for input stops with
  // StopReason::WaitingForInput instead of spinning to the instruction limit.
  virtual void closeInput() = 0;
  virtual bool inputClosed() const = 0;
  // Everything the program has written to its console so far.
  virtual const std::string& output() const = 0;
  virtual void clearOutput() = 0;
  // What the program asked of the machine and did not get (a video mode or DOS function the PC
  // lacks), once each: it went on as the hardware lets it, which may not be what it meant.
  virtual const std::vector<std::string>& notes() const {
    static const std::vector<std::string> none;
    return none;
  }

  // --- snapshots ------------------------------------------------------------------------------
  virtual std::unique_ptr<MachineSnapshot> saveSnapshot() const = 0;
  virtual void restoreSnapshot(const MachineSnapshot& snapshot) = 0;

protected:
  explicit Machine(uint64_t addressSpaceSize) : breakpoints_(std::make_unique<BreakpointSet>(addressSpaceSize)) {}

private:
  std::unique_ptr<BreakpointSet> breakpoints_;
  SymbolTable symbols_;
};

}  // namespace asmlab::sim
