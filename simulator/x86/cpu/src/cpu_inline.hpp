// Small helpers every instruction family uses: register references, fetch, memory access with
// the 8086/8088 word penalties, and the arithmetic flag rules. Included by the family files only.
#pragma once

#include <type_traits>

#include "asmlab/x86/cpu.hpp"
#include "biu.hpp"
#include "timing.hpp"

// Forces inlining of the few bodies on the hot path of the opcode switch.
#define ASMLAB_HOT [[gnu::always_inline]] inline

namespace asmlab::x86 {

// Parity flag: set when the low byte of a result has an even number of ones (manual, 2.3).
struct ParityTable {
  uint8_t even[256];
  constexpr ParityTable() : even{} {
    for (int i = 0; i < 256; ++i) {
      int ones = 0;
      for (int b = 0; b < 8; ++b) ones += (i >> b) & 1;
      even[i] = (ones & 1) == 0;
    }
  }
};
inline constexpr ParityTable kParity{};

inline bool Cpu::pf() const { return kParity.even[parityByte_]; }

template <class T> constexpr unsigned kBits = sizeof(T) * 8;
template <class T> constexpr T kSignBit = T(T(1) << (kBits<T> - 1));

template <class T>
ASMLAB_HOT T& Cpu::regRef(unsigned r) {
  if constexpr (sizeof(T) == 1) return gpr_[r & 3].b[r >> 2];
  else if constexpr (sizeof(T) == 2) return gpr_[r].w[0];
  else return gpr_[r].d;
}

ASMLAB_HOT uint8_t Cpu::readPhys8(uint32_t linear) {
  linear &= addressMask_;
  if (const uint8_t* page = fastRead_[linear >> Bus::kPageBits]) [[likely]] return page[linear & 0xFFF];
  return readDevice8(linear);
}

ASMLAB_HOT void Cpu::writePhys8(uint32_t linear, uint8_t v) {
  linear &= addressMask_;
  if (uint8_t* page = fastWrite_[linear >> Bus::kPageBits]) [[likely]] { page[linear & 0xFFF] = v; return; }
  writeDevice8(linear, v);
}

// Code bytes. Manual model: straight from memory at CS:IP. Cycle model: from the prefetch queue
// (biu.hpp), one clock per byte, waiting for the bus interface unit when the queue is empty.
template <TimingModel M>
ASMLAB_HOT uint8_t Cpu::fetch8() {
  uint8_t v;
  if constexpr (M == kCycle) v = queueRead(QueueOp::Subsequent);
  else v = codeWindow_ != nullptr ? codeWindow_[ip_] : readPhys8(segBase_[CS] + ip_);
  ip_ = static_cast<uint16_t>(ip_ + 1);
  return v;
}

template <TimingModel M>
ASMLAB_HOT uint8_t Cpu::fetchFirst() {
  if constexpr (M == kCycle) {
    const uint8_t v = queueRead(QueueOp::First);
    ip_ = static_cast<uint16_t>(ip_ + 1);
    return v;
  } else {
    return fetch8<M>();
  }
}

template <TimingModel M, class T>
inline T Cpu::fetchImm() {
  if constexpr (sizeof(T) == 1) return fetch8<M>();
  else if constexpr (sizeof(T) == 2) return fetch16<M>();
  else return fetch32<M>();
}

// An immediate operand. The cycle model's microcode takes a word immediate as two queue bytes,
// and a byte immediate as one byte and one clock.
template <TimingModel M, class T>
ASMLAB_HOT T Cpu::immediate() {
  if constexpr (sizeof(T) == 1) {
    const uint8_t v = fetch8<M>();
    eu<M>(1);
    return v;
  } else {
    return fetchImm<M, T>();
  }
}

// A word transfer costs 4 extra clocks on the 8088 always and on the 8086 at an odd address
// (manual, "Instruction set reference data", note on table 2-21).
ASMLAB_HOT void Cpu::wordPenalty(uint32_t offset, unsigned bytes) {
  if (bytes < 2) return;
  unsigned transfers = bytes / 2;
  if (is8088_) clocks_ += timing::kWordPenalty * transfers;
  else if (offset & 1) clocks_ += timing::kWordPenalty * transfers;
}

// Multi-byte operands wrap inside the segment (offset FFFFh + 1 = 0000h), as on the 8086.
// The cycle model moves them through the bus interface unit (biu.hpp), one or two transfers.
template <TimingModel M, class T>
ASMLAB_HOT T Cpu::readMem(unsigned seg, uint32_t offset) {
  if constexpr (M == kCycle) {
    return busRead<T>(BusStatus::MemRead, seg, offset);
  } else {
    uint32_t base = segBase_[seg];
    if constexpr (sizeof(T) == 1) {
      return readPhys8(base + offset);
    } else {
      wordPenalty(offset, sizeof(T));
      T v = 0;
      for (unsigned i = 0; i < sizeof(T); ++i) v = T(v | (T(readPhys8(base + wrapOffset(offset + i))) << (8 * i)));
      return v;
    }
  }
}

template <TimingModel M, class T>
ASMLAB_HOT void Cpu::writeMem(unsigned seg, uint32_t offset, T v) {
  if constexpr (M == kCycle) {
    busWrite<T>(BusStatus::MemWrite, seg, offset, v);
  } else {
    uint32_t base = segBase_[seg];
    if constexpr (sizeof(T) == 1) {
      writePhys8(base + offset, v);
    } else {
      wordPenalty(offset, sizeof(T));
      for (unsigned i = 0; i < sizeof(T); ++i) writePhys8(base + wrapOffset(offset + i), uint8_t(v >> (8 * i)));
    }
  }
}

// A transfer of control to `ip` in the current code segment. The cycle model empties the queue
// (the caller has suspended prefetching and spent the microcode's clocks before).
template <TimingModel M>
ASMLAB_HOT void Cpu::jumpTo(uint16_t ip) {
  ip_ = ip;
  if constexpr (M == kCycle) flushQueue();
}

template <class T>
ASMLAB_HOT void Cpu::setSZP(T r) {
  szResult_ = int64_t(std::make_signed_t<T>(r));
  parityByte_ = uint8_t(r);
}

// ADD/ADC: manual, "ADD": CF carry out of the top bit, AF carry out of bit 3, OF signed overflow.
template <class T>
ASMLAB_HOT T Cpu::add(T a, T b, unsigned carry) {
  using W = std::conditional_t<sizeof(T) == 4, uint64_t, uint32_t>;
  W wide = W(a) + W(b) + carry;
  T r = T(wide);
  cf_ = (wide >> kBits<T>) & 1;
  auxByte_ = uint8_t(a ^ b ^ r);
  of_ = (((a ^ r) & (b ^ r)) >> (kBits<T> - 1)) & 1;
  setSZP(r);
  return r;
}

// SUB/SBB/CMP/NEG: CF is the borrow, AF the borrow out of bit 3.
template <class T>
ASMLAB_HOT T Cpu::sub(T a, T b, unsigned borrow) {
  using W = std::conditional_t<sizeof(T) == 4, uint64_t, uint32_t>;
  W wide = W(a) - W(b) - borrow;
  T r = T(wide);
  cf_ = (wide >> kBits<T>) & 1;
  auxByte_ = uint8_t(a ^ b ^ r);
  of_ = (((a ^ b) & (a ^ r)) >> (kBits<T> - 1)) & 1;
  setSZP(r);
  return r;
}

// AND/OR/XOR/TEST clear CF and OF; AF is undefined and the 8086 clears it.
template <class T>
ASMLAB_HOT T Cpu::logicResult(T r) {
  cf_ = 0; of_ = 0; auxByte_ = 0;
  setSZP(r);
  return r;
}

template <class T>
ASMLAB_HOT T Cpu::alu(unsigned op, T a, T b) {
  switch (op & 7) {
    case 0: return add<T>(a, b, 0);
    case 1: return logicResult<T>(T(a | b));
    case 2: return add<T>(a, b, cf_);
    case 3: return sub<T>(a, b, cf_);
    case 4: return logicResult<T>(T(a & b));
    case 5: return sub<T>(a, b, 0);
    case 6: return logicResult<T>(T(a ^ b));
    default: return sub<T>(a, b, 0);  // CMP
  }
}

template <TimingModel M, class T>
inline void Cpu::pushValue(T v) {
  if constexpr (sizeof(T) == 4) push32<M>(v); else push16<M>(uint16_t(v));
}
template <TimingModel M, class T>
inline T Cpu::popValue() {
  if constexpr (sizeof(T) == 4) return pop32<M>(); else return pop16<M>();
}

template <TimingModel M>
inline void Cpu::push16(uint16_t v) {
  uint16_t sp = uint16_t(gpr_[SP].w[0] - 2);
  gpr_[SP].w[0] = sp;
  writeMem<M, uint16_t>(SS, sp, v);
}
template <TimingModel M>
inline uint16_t Cpu::pop16() {
  uint16_t sp = gpr_[SP].w[0];
  uint16_t v = readMem<M, uint16_t>(SS, sp);
  gpr_[SP].w[0] = uint16_t(sp + 2);
  return v;
}
template <TimingModel M>
inline void Cpu::push32(uint32_t v) {
  uint16_t sp = uint16_t(gpr_[SP].w[0] - 4);
  gpr_[SP].w[0] = sp;
  writeMem<M, uint32_t>(SS, sp, v);
}
template <TimingModel M>
inline uint32_t Cpu::pop32() {
  uint16_t sp = gpr_[SP].w[0];
  uint32_t v = readMem<M, uint32_t>(SS, sp);
  gpr_[SP].w[0] = uint16_t(sp + 4);
  return v;
}

}  // namespace asmlab::x86

namespace asmlab::x86 {

// Runs `body` with the operand type of an instruction: byte when !word, else word (dword under
// the 80386 operand-size prefix). The body is a generic lambda taking a zero of the type.
template <class Body>
inline void withWidth(bool word, bool op32, Body&& body) {
  if (!word) body(uint8_t{0});
  else if (op32) body(uint32_t{0});
  else body(uint16_t{0});
}

// INC/DEC: like ADD/SUB 1 but CF is preserved (manual, "INC").
template <class T>
ASMLAB_HOT T Cpu::incDec(T v, bool dec) {
  uint8_t carry = cf_;
  T r = dec ? sub<T>(v, T(1), 0) : add<T>(v, T(1), 0);
  cf_ = carry;
  return r;
}


// ---- hot paths, inlined into the opcode switch (opcode_map.hpp) ----

// ModRM decoding: mod/reg/rm, the 16-bit effective address and its clocks (manual, table 4-10
// "R/M field encoding" and table 2-20). 32-bit addressing is in ext386.cpp.
// The cycle model times the microcode's EA routines: from the clock after the ModRM byte to the
// clock at which the address is ready (a read is requested there), EA - 2 clocks of table 2-20,
// with the displacement bytes taken from the queue part way (after the registers are added;
// an 8-bit displacement costs one clock more to sign-extend, so d8 and d16 end together).
template <TimingModel M>
ASMLAB_HOT void Cpu::decodeModRM(ModRM& m) { decodeModRM<M>(m, fetch8<M>()); }

template <TimingModel M>
ASMLAB_HOT void Cpu::decodeModRM(ModRM& m, uint8_t b) {
  m.mod = b >> 6;
  m.reg = (b >> 3) & 7;
  m.rm = b & 7;
  if (m.mod == 3) return;
  if (addr32_) [[unlikely]] { m = decodeModRM32<M>(m); return; }
  // Table 2-20 gives the clocks of each addressing form; `regs` the cycle model's clocks before
  // the displacement (one register: 3; BX+SI, BP+DI: 5; BX+DI, BP+SI: 6).
  uint16_t offset = 0;
  unsigned seg = DS, ea = 0, regs = 3;
  const uint16_t bx = gpr_[BX].w[0], bp = gpr_[BP].w[0], si = gpr_[SI].w[0], di = gpr_[DI].w[0];
  switch (m.rm) {
    case 0: offset = uint16_t(bx + si); ea = timing::kEaBpDiBxSi; regs = 5; break;
    case 1: offset = uint16_t(bx + di); ea = timing::kEaBpSiBxDi; regs = 6; break;
    case 2: offset = uint16_t(bp + si); ea = timing::kEaBpSiBxDi; regs = 6; seg = SS; break;
    case 3: offset = uint16_t(bp + di); ea = timing::kEaBpDiBxSi; regs = 5; seg = SS; break;
    case 4: offset = si; ea = timing::kEaBaseOrIndex; break;
    case 5: offset = di; ea = timing::kEaBaseOrIndex; break;
    case 6:
      if (m.mod == 0) {  // [disp16]: one clock, the two bytes, one clock
        eu<M>(1);
        offset = fetch16<M>();
        eu<M>(1);
        ea = timing::kEaDisp;
      } else {
        offset = bp;
        seg = SS;
        ea = timing::kEaBaseOrIndex;
      }
      break;
    default: offset = bx; ea = timing::kEaBaseOrIndex; break;
  }
  if (m.mod == 1) {
    eu<M>(regs);
    offset = uint16_t(offset + int8_t(fetch8<M>()));
    eu<M>(3);
  } else if (m.mod == 2) {
    eu<M>(regs);
    offset = uint16_t(offset + fetch16<M>());
    eu<M>(2);
  } else if (m.rm != 6) {
    eu<M>(regs);
  }
  if (m.mod != 0) ea += 4;  // a displacement adds 4 clocks: 5->9, 7->11, 8->12
  m.seg = uint8_t(dataSeg(seg));
  m.offset = offset;
  lastEa_ = offset;
  manual<M>(ea);
}

// 00h-3Dh: op = bits 5-3 (ADD OR ADC SBB AND SUB XOR CMP); form = bits 2-0:
// 0 r/m8,r8  1 r/m16,r16  2 r8,r/m8  3 r16,r/m16  4 AL,imm8  5 AX,imm16.
// Cycle model (after the opcode and ModRM bytes): reg,reg 1 clock; reg,mem: the read, 3 clocks;
// mem,reg: the read, 5 clocks, the write (CMP: as reg,mem); acc,imm: 1 clock, the immediate.
template <TimingModel M, uint8_t Op>
ASMLAB_HOT void Cpu::execAlu() {
  // Dispatch on the width without a lambda: this is the hottest family and the compiler keeps
  // the operands in registers this way.
  if constexpr ((Op & 1) == 0) aluForm<M, uint8_t, Op>();
  else if (op32_) [[unlikely]] aluForm<M, uint32_t, Op>();
  else aluForm<M, uint16_t, Op>();
}

template <TimingModel M, class T, uint8_t Op>
ASMLAB_HOT void Cpu::aluForm() {
  constexpr unsigned kind = (Op >> 3) & 7;
  constexpr unsigned form = Op & 7;
  constexpr bool writes = kind != 7;  // CMP only sets flags
  if constexpr (form >= 4) {
    eu<M>(1);
    T r = alu<T>(kind, getReg<T>(AX), immediate<M, T>());
    if constexpr (writes) setReg<T>(AX, r);
    manual<M>(timing::kAluAccImm);
  } else {
    const uint8_t modrm = fetch8<M>();
    if (modrm >= 0xC0) {
      // Register to register: handled apart, before any ModRM structure is filled, so that the
      // register numbers and operands stay in host registers.
      const unsigned reg = (modrm >> 3) & 7, rm = modrm & 7;
      if constexpr ((form & 2) != 0) {
        T r = alu<T>(kind, getReg<T>(reg), getReg<T>(rm));
        if constexpr (writes) setReg<T>(reg, r);
      } else {
        T r = alu<T>(kind, getReg<T>(rm), getReg<T>(reg));
        if constexpr (writes) setReg<T>(rm, r);
      }
      eu<M>(1);
      manual<M>(timing::kAluRegReg);
      return;
    }
    ModRM m;
    decodeModRM<M>(m, modrm);
    if constexpr ((form & 2) != 0) {
      T r = alu<T>(kind, getReg<T>(m.reg), readMem<M, T>(m.seg, m.offset));
      if constexpr (writes) setReg<T>(m.reg, r);
      eu<M>(3);
      manual<M>(timing::kAluRegMem);
    } else {
      T r = alu<T>(kind, readMem<M, T>(m.seg, m.offset), getReg<T>(m.reg));
      if constexpr (writes) {
        eu<M>(5);
        writeMem<M, T>(m.seg, m.offset, r);
        manual<M>(timing::kAluMemReg);
      } else {
        eu<M>(3);
        manual<M>(timing::kAluRegMem);
      }
    }
  }
}

// 40h-47h INC r16, 48h-4Fh DEC r16 (r32 under 66h). One case per opcode, so the register and
// the direction are constants rather than tests.
template <TimingModel M, uint8_t Op>
ASMLAB_HOT void Cpu::execIncDecReg() {
  constexpr unsigned r = Op & 7;
  constexpr bool dec = (Op & 8) != 0;
  if (op32_) setReg<uint32_t>(r, incDec<uint32_t>(getReg<uint32_t>(r), dec));
  else setReg<uint16_t>(r, incDec<uint16_t>(getReg<uint16_t>(r), dec));
  eu<M>(1);
  manual<M>(timing::kIncReg16);
}

// Condition codes 0-F in the order of the Jcc opcodes 70h-7Fh (manual, table 2-15).
ASMLAB_HOT bool Cpu::condition(unsigned cc) const {
  bool r;
  switch (cc >> 1) {
    case 0: r = of_; break;                   // O
    case 1: r = cf_; break;                   // B/C
    case 2: r = zf(); break;                   // Z/E
    case 3: r = cf_ | zf(); break;             // BE
    case 4: r = sf(); break;                   // S
    case 5: r = pf(); break;                  // P
    case 6: r = sf() != bool(of_); break;            // L
    default: r = zf() || (sf() != bool(of_)); break;   // LE
  }
  return (cc & 1) ? !r : r;
}

// Jcc: cycle model: one clock, the displacement, one clock to test the condition, then the
// relative jump (Cpu::relativeJump) or, not taken, the end.
template <TimingModel M>
ASMLAB_HOT void Cpu::execJcc(uint8_t op) {
  eu<M>(1);
  int8_t rel = int8_t(fetch8<M>());
  eu<M>(1);
  if (condition(op & 0x0F)) {
    eu<M>(1);
    relativeJump<M>(rel);
    manual<M>(timing::kJccTaken);
  } else {
    manual<M>(timing::kJccNotTaken);
  }
}

// The same with the condition known at compile time: one case of the opcode switch per code, so
// the condition is a couple of flag loads rather than a second jump table.
template <TimingModel M, unsigned Cc>
ASMLAB_HOT void Cpu::execJcc() {
  eu<M>(1);
  int8_t rel = int8_t(fetch8<M>());
  eu<M>(1);
  if (condition(Cc)) {
    eu<M>(1);
    relativeJump<M>(rel);
    manual<M>(timing::kJccTaken);
  } else {
    manual<M>(timing::kJccNotTaken);
  }
}

// The microcode's relative jump (Jcc, JMP short/near, LOOP, CALL near): suspend prefetching,
// correct IP for the bytes still queued and add the displacement (3 clocks), flush.
template <TimingModel M>
ASMLAB_HOT void Cpu::relativeJump(int16_t rel) {
  if constexpr (M == kCycle) {
    suspendPrefetch();
    eu<M>(3);
  }
  jumpTo<M>(uint16_t(ip_ + rel));
}

}  // namespace asmlab::x86

namespace asmlab::x86 {

// 88h MOV r/m8,r8; 89h r/m16,r16; 8Ah r8,r/m8; 8Bh r16,r/m16 (r32 under 66h). Clocks: reg,reg 2;
// reg,mem 8 + EA; mem,reg 9 + EA (manual, table 2-21). Cycle model: reg,reg nothing after the
// ModRM byte; reg,mem: the read, 2 clocks; mem,reg: 4 clocks, the write.
template <TimingModel M, uint8_t Op>
ASMLAB_HOT void Cpu::execMov() {
  if constexpr ((Op & 1) == 0) movForm<M, uint8_t, Op>();
  else if (op32_) [[unlikely]] movForm<M, uint32_t, Op>();
  else movForm<M, uint16_t, Op>();
}

template <TimingModel M, class T, uint8_t Op>
ASMLAB_HOT void Cpu::movForm() {
  constexpr bool toReg = (Op & 2) != 0;
  const uint8_t modrm = fetch8<M>();
  if (modrm >= 0xC0) {  // register to register, without filling a ModRM structure
    const unsigned reg = (modrm >> 3) & 7, rm = modrm & 7;
    if constexpr (toReg) setReg<T>(reg, getReg<T>(rm));
    else setReg<T>(rm, getReg<T>(reg));
    manual<M>(timing::kMovRegReg);
    return;
  }
  ModRM m;
  decodeModRM<M>(m, modrm);
  if constexpr (toReg) {
    setReg<T>(m.reg, readMem<M, T>(m.seg, m.offset));
    eu<M>(2);
    manual<M>(timing::kMovRegMem);
  } else {
    eu<M>(4);
    writeMem<M, T>(m.seg, m.offset, getReg<T>(m.reg));
    manual<M>(timing::kMovMemReg);
  }
}

// B0h-B7h MOV r8,imm8; B8h-BFh MOV r16,imm16 (r32 under 66h): 4 clocks. Cycle model: one
// clock and the immediate.
template <TimingModel M, uint8_t Op>
ASMLAB_HOT void Cpu::execMovRegImm() {
  constexpr unsigned r = Op & 7;
  eu<M>(1);
  if constexpr (Op < 0xB8) setReg<uint8_t>(r, immediate<M, uint8_t>());
  else if (op32_) [[unlikely]] setReg<uint32_t>(r, fetch32<M>());
  else setReg<uint16_t>(r, immediate<M, uint16_t>());
  manual<M>(timing::kMovRegImm);
}

// E0h LOOPNE, E1h LOOPE, E2h LOOP, E3h JCXZ (JECXZ / ECX under 67h): CX is decremented without
// touching the flags (manual, "LOOP"). Cycle model: 3 clocks, the displacement, then the
// relative jump (taken) or the end (JCXZ, LOOPE and LOOPNE: one clock more).
template <TimingModel M, uint8_t Op>
ASMLAB_HOT void Cpu::execLoop() {
  eu<M>(3);
  const int8_t rel = int8_t(fetch8<M>());
  bool taken;
  unsigned takenClocks, notTakenClocks;
  if constexpr (Op == 0xE3) {
    taken = (addr32_ ? gpr_[CX].d : gpr_[CX].w[0]) == 0;
    takenClocks = timing::kJcxzTaken; notTakenClocks = timing::kJcxzNotTaken;
  } else {
    uint32_t cx;
    if (addr32_) [[unlikely]] cx = --gpr_[CX].d;
    else cx = --gpr_[CX].w[0];
    taken = cx != 0;
    if constexpr (Op == 0xE0) { taken = taken && !zf(); takenClocks = timing::kLoopneTaken; notTakenClocks = timing::kLoopneNotTaken; }
    else if constexpr (Op == 0xE1) { taken = taken && zf(); takenClocks = timing::kLoopeTaken; notTakenClocks = timing::kLoopeNotTaken; }
    else { takenClocks = timing::kLoopTaken; notTakenClocks = timing::kLoopNotTaken; }
  }
  if constexpr (Op != 0xE2) eu<M>(1);
  if (taken) {
    eu<M>(1);
    relativeJump<M>(rel);
    manual<M>(takenClocks);
  }
  else manual<M>(notTakenClocks);
}

// EBh JMP short: 15 clocks.
template <TimingModel M>
ASMLAB_HOT void Cpu::execJmpShort() {
  eu<M>(1);
  const int8_t rel = int8_t(immediate<M, uint8_t>());
  relativeJump<M>(rel);
  manual<M>(timing::kJmpShort);
}

}  // namespace asmlab::x86
