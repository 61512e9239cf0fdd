// Internal: the micro engine's registers (the datapath registers that the ISA does not show, and
// the control unit's state) and the control store compiled for execution.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "../decoded.hpp"
#include "asmlab/lc3/encoding.hpp"
#include "asmlab/lc3sim/microcode.hpp"

namespace asmlab::lc3sim {

// Which gate drives the bus (at most one in a sound row).
enum MicroGate : uint8_t {
  kGateNone, kGatePc, kGateMdr, kGateAlu, kGateMarmux, kGateVector, kGatePcMinus1, kGatePsr, kGateSp
};

// LD.* signals as bits of CompiledRow::loads.
enum MicroLoad : uint32_t {
  kLoadMar = 1u << 0, kLoadMdr = 1u << 1, kLoadIr = 1u << 2, kLoadBen = 1u << 3, kLoadReg = 1u << 4,
  kLoadCc = 1u << 5, kLoadPc = 1u << 6, kLoadPriv = 1u << 7, kLoadSavedSsp = 1u << 8, kLoadSavedUsp = 1u << 9,
  kLoadVector = 1u << 10, kLoadPriority = 1u << 11, kLoadAcv = 1u << 12,
};

enum MicroMemory : uint8_t { kMemoryNone = 0, kMemoryRead = 1, kMemoryWrite = 2 };

// One row of the control store, with its fields unpacked into the form the clock uses.
struct CompiledRow {
  uint32_t loads = 0;
  uint8_t gate = kGateNone;
  uint8_t sr1 = 0, dr = 0, pcMux = 0, addr1 = 0, addr2 = 0, marMux = 0, spMux = 0, aluk = 0;
  uint8_t tableMux = 0, vectorMux = 0, psrMux = 0, setPriv = 0;
  uint8_t memory = kMemoryNone;
  uint8_t ird = 0, cond = 0, j = 0;
  // A memory state that waits for R on itself and does nothing else until R: the clocks before
  // R can be counted without being executed one by one (nothing observable happens in them).
  bool pureWait = false;
  bool broken = false;  // microInstructionProblem() is not empty: executing it stops the run
};

struct MicroProgram {
  ControlStore store;
  std::array<CompiledRow, kMicroStates> rows{};
  std::array<std::string, kMicroStates> problems{};
};
MicroProgram compileMicroProgram(const ControlStore& store);

// The state of the micro engine between clocks (part of every snapshot).
struct Lc3Machine::MicroState {
  // Datapath registers (Figure C.3/C.8).
  uint16_t ir = 0, mar = 0, mdr = 0;
  uint8_t ben = 0, acv = 0;
  uint8_t vector = 0, table = 0;
  // Control: the current microinstruction, and how many clocks the memory access in progress has
  // taken (R rises on the M-th clock).
  uint8_t state = kFetchState;
  uint8_t memoryClocks = 0;
  // True at the start of state 18, before the boundary's bookkeeping (limits, breakpoints,
  // interrupts) has run for this instruction.
  bool atBoundary = true;

  // What the instruction in progress has done, for the machine's bookkeeping (verdicts,
  // watchpoints, step over): whether it has been dispatched (state 32), its opcode, whether it
  // entered an exception or interrupt, and how many data addresses it has loaded into MAR.
  bool dispatched = false;
  bool entered = false;
  bool dataAccess = false;  // LD LDR LDI ST STR STI: its memory accesses can fire watchpoints
  uint8_t opcode = 0;
  uint8_t addressLoads = 0;
  uint64_t fetchClocks = 0;     // clocks_ when its fetch started
  bool interruptEntry = false;  // state 18 went to the interrupt entry (49) at this boundary
  uint64_t dispatchClocks = 0;  // clocks_ at the last dispatch (the runaway-microcode guard)
};

// Clocks without a dispatch after which a run stops: far more than any instruction takes with the
// standard store (at most about 300 at M = 40), so only microcode that never returns to the fetch
// trips it.
inline constexpr uint64_t kMicroStallClocks = 100'000;

// The combinational parts of the datapath.
inline uint16_t sext(uint16_t v, unsigned bits) {
  const uint16_t sign = static_cast<uint16_t>(1u << (bits - 1));
  v &= static_cast<uint16_t>((1u << bits) - 1);
  return static_cast<uint16_t>((v ^ sign) - sign);
}

// N Z P in bits 2, 1, 0, from the value on the bus (the logic in front of the N, Z, P registers).
inline uint8_t nzp(uint16_t v) { return v == 0 ? 2 : ((v & 0x8000) ? 4 : 1); }

inline uint16_t addressAdder(const CompiledRow& r, uint16_t pc, uint16_t sr1, uint16_t ir) {
  uint16_t offset = 0;
  switch (r.addr2) {
    case mux::kAddr2Offset6: offset = sext(ir, 6); break;
    case mux::kAddr2Offset9: offset = sext(ir, 9); break;
    case mux::kAddr2Offset11: offset = sext(ir, 11); break;
    default: break;
  }
  return static_cast<uint16_t>((r.addr1 == mux::kAddr1BaseR ? sr1 : pc) + offset);
}

// SR2MUX is steered by IR[5] itself (A.3: imm5 when bit 5 is set).
inline uint16_t aluOperandB(uint16_t ir, const std::array<uint16_t, 8>& regs) {
  return (ir & 0x20) ? sext(ir, 5) : regs[ir & 7];
}

inline uint16_t alu(uint8_t aluk, uint16_t a, uint16_t ir, const std::array<uint16_t, 8>& regs) {
  const uint16_t b = aluOperandB(ir, regs);
  switch (aluk) {
    case mux::kAdd: return static_cast<uint16_t>(a + b);
    case mux::kAnd: return a & b;
    case mux::kNot: return static_cast<uint16_t>(~a);
    default: return a;
  }
}

inline uint16_t spMux(uint8_t select, uint16_t sr1, uint16_t savedSsp, uint16_t savedUsp) {
  switch (select) {
    case mux::kSpPlus1: return static_cast<uint16_t>(sr1 + 1);
    case mux::kSpMinus1: return static_cast<uint16_t>(sr1 - 1);
    case mux::kSpSavedSsp: return savedSsp;
    default: return savedUsp;
  }
}

inline unsigned sr1Index(uint8_t select, uint16_t ir) {
  return select == mux::kSr1Ir11 ? (ir >> 9) & 7 : select == mux::kSr1Ir8 ? (ir >> 6) & 7 : 6;
}

// The instruction words that raise the illegal-opcode exception instead of executing: opcode 1101
// and the words whose fixed bits are wrong (the machine's one rule, lc3::isValidInstruction). The
// dispatch sends them to state 13 whatever their opcode bits say.
inline bool illegalInstruction(uint16_t word) { return !lc3::isValidInstruction(word); }

}  // namespace asmlab::lc3sim
