// What the micro engine shows of itself: the datapath and the clock about to run (for the
// debugger's state pane and datapath diagram), and one record per executed clock (for
// `asmlab run --trace micro` and the grader's state-sequence checks).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asmlab/lc3sim/microcode.hpp"

namespace asmlab::lc3sim {

// The datapath before the next clock, and the values that clock will put on its paths.
struct MicroView {
  uint8_t state = kFetchState;  // the microinstruction about to execute
  uint8_t nextState = kFetchState;  // where the microsequencer goes after it, with today's inputs
  MicroInstruction row;
  std::string problem;  // why the row cannot execute (bus conflict, undefined mux code), or ""
  bool atInstructionBoundary = true;

  // Registers the ISA does not show.
  uint16_t ir = 0, mar = 0, mdr = 0;
  bool ben = false, acv = false;
  uint8_t vector = 0, table = 0;

  // The clock about to run: the bus, the memory's R, the microsequencer's inputs, and the
  // outputs of the datapath's combinational parts.
  bool busDriven = false;
  uint16_t bus = 0;
  bool memoryAccess = false, memoryWrite = false, ready = false;
  unsigned memoryClock = 0;  // 1..M: which clock of the access this is
  unsigned memoryLatency = 1;
  bool interrupt = false;
  uint16_t sr1Out = 0, sr2Out = 0, aluOut = 0, adderOut = 0, marmuxOut = 0, pcmuxOut = 0, spmuxOut = 0;
  uint16_t pcMinus1 = 0, psr = 0;
};

// One executed clock.
struct MicroClockEvent {
  uint64_t clock = 0;  // 1-based count of the machine's clocks
  uint8_t state = 0, nextState = 0;
  const MicroInstruction* row = nullptr;
  bool busDriven = false;
  uint16_t bus = 0;
  bool memoryAccess = false, ready = false;
  // Registers this clock loaded, with their new values ("MAR", "PC", "R7", "CC", "M[x2FFF]").
  struct Change {
    std::string name;
    uint16_t value = 0;
  };
  std::vector<Change> changes;
};

// "18  LD.MAR LD.PC GatePC PCMUX=PC+1 COND=INT  bus=x3000  MAR=x3000 PC=x3001": the line that
// `asmlab run --trace micro` prints for a clock.
std::string formatMicroClock(const MicroClockEvent& event);

}  // namespace asmlab::lc3sim
