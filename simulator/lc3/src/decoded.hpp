// The predecoded form of one instruction word, kept per address so the run loop decodes each word
// once. A store to an address resets its entry to kUndecoded.
#pragma once

#include <cstdint>

#include "asmlab/lc3sim/machine.hpp"

namespace asmlab::lc3sim {

// Handler kinds; the run loop's label table follows this order exactly.
enum Op : uint8_t {
  kUndecoded,
  kAddReg, kAddImm, kAndReg, kAndImm, kNot,
  kBr,        // c = nzp mask, imm = target
  kBrAlways,  // BRnzp (and BR)
  kNop,       // BR with an empty mask
  kBrSelf,    // a branch or jump to its own address (slow: infinite-loop detection)
  kJmp, kJsr, kJsrr,
  kLd, kLdi, kLdr, kLea, kLeaCc,
  kSt, kSti, kStr,
  kTrap, kRti, kReserved,
  kDeviceWord,  // a word in the device registers: read from the device at each fetch, never cached
  kOpCount
};

struct Lc3Machine::Decoded {
  uint8_t op = kUndecoded;
  uint8_t a = 0;       // DR or SR (bits 11-9), or the nzp mask for BR
  uint8_t b = 0;       // SR1 / BaseR (bits 8-6)
  uint8_t c = 0;       // SR2 (bits 2-0)
  uint16_t imm = 0;    // immediate (sign-extended), absolute target address, or trap vector
  uint8_t clocks = 0;  // Appendix C clocks for this instruction (BR: not taken)
  uint8_t pad = 0;
};
// Flag bits beside sim::kFlagExecute/Read/Write: addresses that user code may neither fetch from
// nor load from or store to (3rd edition, section 9.1.1.2: system space and device space), and
// the device registers (xFE00-xFFFF), whose loads and stores take the slow path.
inline constexpr uint8_t kFlagFetchViolation = 8;
inline constexpr uint8_t kFlagDevice = 16;
static_assert(((kFlagFetchViolation | kFlagDevice) &
               (sim::kFlagExecute | sim::kFlagRead | sim::kFlagWrite | sim::kFlagCodeEnd)) == 0,
              "the LC-3's own flags share the table with the breakpoints' bits");

// Clock counts per handler kind for memory latency m, following the state sequences of
// Patt & Patel Appendix C (see docs/lc3-simulator.md for each sequence).
void fillClockTable(uint8_t* table, unsigned m, Edition edition);
// The fetch and decode: 3+M clocks in the 2nd edition, 4+M in the 3rd.
unsigned fetchClocks(unsigned m, Edition edition);

// Here rather than in devices.cpp so that the run loop's inline RTI does not call it.
inline bool Lc3Machine::interruptDue() const {
  // Keyboard: priority 4 (3rd ed. 9.4), taken when ready, enabled and above the current priority.
  return kbsrEnable_ && inputPos_ < input_.size() && ((psr_ >> 8) & 7) < 4;
}

}  // namespace asmlab::lc3sim
