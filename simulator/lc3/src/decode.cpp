// Instruction decoding into the per-address cache, and the Appendix C clock table.
#include <algorithm>

#include "asmlab/lc3/encoding.hpp"
#include "decoded.hpp"

namespace asmlab::lc3sim {
namespace {
uint16_t signExtend(uint16_t value, unsigned bits) {
  uint16_t sign = static_cast<uint16_t>(1u << (bits - 1));
  value &= static_cast<uint16_t>((1u << bits) - 1);
  return static_cast<uint16_t>((value ^ sign) - sign);
}
}  // namespace

unsigned fetchClocks(unsigned m, Edition edition) {
  // 2nd edition: 18, 33 (memory), 35, 32. 3rd edition: 18, 33 (the ACV test), 28 (memory), 30, 32.
  return (edition == Edition::Second ? 3 : 4) + m;
}

void fillClockTable(uint8_t* table, unsigned m, Edition edition) {
  // Each state costs one clock, except states that access memory, which cost M (they repeat until
  // the memory asserts R). The state sequences are those of the standard control store
  // (src/micro/standard_store.cpp; docs/lc3-simulator.md, "Clocks").
  const bool third = edition == Edition::Third;
  const unsigned fetch = fetchClocks(m, edition);
  auto put = [&](Op op, unsigned value) { table[op] = static_cast<uint8_t>(std::min(value, 255u)); };
  put(kUndecoded, 0);
  put(kAddReg, fetch + 1);   // state 1
  put(kAddImm, fetch + 1);
  put(kAndReg, fetch + 1);   // state 5
  put(kAndImm, fetch + 1);
  put(kNot, fetch + 1);      // state 9
  put(kBr, fetch + 1);       // state 0; +1 for state 22 when taken (added by the run loop)
  put(kBrAlways, fetch + 1); // likewise; the loop adds the taken clock
  put(kNop, fetch + 1);
  put(kBrSelf, fetch + 1);
  put(kJmp, fetch + 1);      // state 12
  put(kJsr, fetch + 2);      // states 4, 21
  put(kJsrr, fetch + 2);     // states 4, 20
  // LD, LDR: 2/6, [35: ACV test], 25 (memory), 27.
  put(kLd, fetch + (third ? 3 : 2) + m);
  put(kLdr, fetch + (third ? 3 : 2) + m);
  // LDI: 10, [17], 24 (memory), 26, [35], 25 (memory), 27.
  put(kLdi, fetch + (third ? 5 : 3) + 2 * m);
  put(kLea, fetch + 1);      // state 14
  put(kLeaCc, fetch + 1);
  put(kSt, fetch + 2 + m);   // states 3, 23, 16 (memory)
  put(kStr, fetch + 2 + m);  // states 7, 23, 16
  // STI: 11, [19], 29 (memory), 31, 23, 16 (memory).
  put(kSti, fetch + (third ? 4 : 3) + 2 * m);
  if (edition == Edition::Second) {
    put(kTrap, fetch + 2 + m);  // states 15, 28 (memory: MDR <- M[vector], R7 <- PC), 30
  } else {
    // 15, 47, [45 from user mode: added by the run loop], 37, 41 (push PSR), 43, 46, 52 (push PC),
    // 54, 53 (read the vector), 55.
    put(kTrap, fetch + 7 + 3 * m);
  }
  // RTI from supervisor mode: 8, 36 (pop PC), 38, 39, 40 (pop PSR), 42, 34, 51 or 59.
  put(kRti, fetch + 6 + 2 * m);
  put(kReserved, fetch + 1);  // state 13, the exception's entry state (the rest is counted with it)
  put(kDeviceWord, 0);        // counted as the word it reads
}

void Lc3Machine::decodeAt(uint16_t address) {
  if (address >= addr::kDeviceStart) {
    // Fetched from the device each time (op_device_word), with the clocks of what it decodes to.
    Decoded d;
    d.op = kDeviceWord;
    decoded_[address] = d;
    return;
  }
  decodeInstruction(address, mem_[address]);
}

void Lc3Machine::decodeInstruction(uint16_t address, uint16_t w) {
  Decoded d;
  const uint8_t dr = (w >> 9) & 7;
  const uint8_t sr1 = (w >> 6) & 7;
  const uint16_t next = static_cast<uint16_t>(address + 1);
  d.a = dr;
  d.b = sr1;
  d.c = w & 7;
  // A word whose fixed bits are wrong (TRAP xFF76, NOT without 111111, ...) is not an instruction:
  // the course simulator raises the illegal-opcode exception for it, as for opcode 1101.
  const unsigned opcode = lc3::isValidInstruction(w) ? (w >> 12) : 0xD;
  switch (opcode) {
    case 0x1:
      d.op = (w & 0x20) ? kAddImm : kAddReg;
      d.imm = signExtend(w, 5);
      break;
    case 0x5:
      d.op = (w & 0x20) ? kAndImm : kAndReg;
      d.imm = signExtend(w, 5);
      break;
    case 0x9: d.op = kNot; break;
    case 0x0: {
      d.a = dr;  // n z p = bits 11, 10, 9, the same layout as the condition-code bits 2, 1, 0
      d.imm = static_cast<uint16_t>(next + signExtend(w, 9));
      if (dr == 0) d.op = kNop;
      else if (d.imm == address) d.op = kBrSelf;
      else d.op = dr == 7 ? kBrAlways : kBr;
      break;
    }
    case 0xC:
      d.op = kJmp;
      break;
    case 0x4:
      if (w & 0x0800) {
        d.op = kJsr;
        d.imm = static_cast<uint16_t>(next + signExtend(w, 11));
      } else if (options_.edition == Edition::Second && sr1 == 7) {
        // 2nd edition: state 4 writes R7 before state 20 reads BaseR, so JSRR R7 goes to the
        // instruction after it (3rd edition: both happen in state 20, from the old R7).
        d.op = kJsr;
        d.imm = next;
      } else {
        d.op = kJsrr;
      }
      break;
    case 0x2: d.op = kLd; d.imm = static_cast<uint16_t>(next + signExtend(w, 9)); break;
    case 0xA: d.op = kLdi; d.imm = static_cast<uint16_t>(next + signExtend(w, 9)); break;
    case 0x6: d.op = kLdr; d.imm = signExtend(w, 6); break;
    case 0xE:
      d.op = options_.edition == Edition::Second ? kLeaCc : kLea;
      d.imm = static_cast<uint16_t>(next + signExtend(w, 9));
      break;
    case 0x3: d.op = kSt; d.imm = static_cast<uint16_t>(next + signExtend(w, 9)); break;
    case 0xB: d.op = kSti; d.imm = static_cast<uint16_t>(next + signExtend(w, 9)); break;
    case 0x7: d.op = kStr; d.imm = signExtend(w, 6); break;
    case 0xF: d.op = kTrap; d.imm = w & 0xFF; break;
    case 0x8: d.op = kRti; break;
    default: d.op = kReserved; break;  // 1101, or an invalid encoding
  }
  d.clocks = clockTable_[d.op];
  decoded_[address] = d;
}

void Lc3Machine::invalidateDecodeCache() {
  for (size_t i = 0; i < 0x10000; ++i) decoded_[i].op = kUndecoded;
}

void Lc3Machine::rebuildClockTable() {
  fillClockTable(clockTable_.data(), options_.memoryLatency, options_.edition);
  invalidateDecodeCache();
}

}  // namespace asmlab::lc3sim
