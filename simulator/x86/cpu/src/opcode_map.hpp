// The opcode map: every first byte the 8086 family decodes, and where it is executed.
// Intel 8086 Family User's Manual (1979), table 4-12 "Machine instruction decoding guide";
// 80186/80188 and 80286/80386 Programmer's Reference Manuals for the later additions.
// ModRM decoding (effective addresses and their clocks) is Cpu::decodeModRM in cpu_inline.hpp.
#pragma once

#include "cpu_inline.hpp"

namespace asmlab::x86 {

// Included by cpu.cpp only, so that the switch is inlined into the run loop (one function
// prologue per run() instead of one per instruction).

template <TimingModel M>
ASMLAB_HOT void Cpu::dispatch(uint8_t op) {
next:
  switch (op) {
    // ---- prefixes: each costs 2 clocks; the 8086 accepts any number of them ----
    case 0x26: case 0x2E: case 0x36: case 0x3E: segOverride_ = int8_t((op >> 3) & 3); goto prefix;
    case 0xF2: case 0xF3: rep_ = op; goto prefix;
    case 0xF0: goto prefix;  // LOCK: no effect on a single-processor machine
    case 0xF1:  // a second LOCK on the 8086/8088/80186
      if (!has286_) goto prefix;
      undefinedOpcode<M>();
      return;

    // ---- arithmetic and logic, ModRM and accumulator forms (arith.cpp) ----
#define ASMLAB_ALU_ROW(base)                                                              \
  case base + 0: execAlu<M, base + 0>(); return; case base + 1: execAlu<M, base + 1>(); return; \
  case base + 2: execAlu<M, base + 2>(); return; case base + 3: execAlu<M, base + 3>(); return; \
  case base + 4: execAlu<M, base + 4>(); return; case base + 5: execAlu<M, base + 5>(); return;
    ASMLAB_ALU_ROW(0x00) ASMLAB_ALU_ROW(0x08) ASMLAB_ALU_ROW(0x10) ASMLAB_ALU_ROW(0x18)
    ASMLAB_ALU_ROW(0x20) ASMLAB_ALU_ROW(0x28) ASMLAB_ALU_ROW(0x30) ASMLAB_ALU_ROW(0x38)
#undef ASMLAB_ALU_ROW
    case 0x80: case 0x81: case 0x82: case 0x83: execGroup1<M>(op); return;
    case 0x84: case 0x85: case 0xA8: case 0xA9: execTest<M>(op); return;           // logic.cpp
    case 0xF6: case 0xF7: execGroup3<M>(op); return;                                // arith.cpp
    case 0xFE: case 0xFF: execGroup45<M>(op); return;                               // control.cpp
#define ASMLAB_INCDEC_CASE(n) case n: execIncDecReg<M, n>(); return;
    ASMLAB_INCDEC_CASE(0x40) ASMLAB_INCDEC_CASE(0x41) ASMLAB_INCDEC_CASE(0x42) ASMLAB_INCDEC_CASE(0x43)
    ASMLAB_INCDEC_CASE(0x44) ASMLAB_INCDEC_CASE(0x45) ASMLAB_INCDEC_CASE(0x46) ASMLAB_INCDEC_CASE(0x47)
    ASMLAB_INCDEC_CASE(0x48) ASMLAB_INCDEC_CASE(0x49) ASMLAB_INCDEC_CASE(0x4A) ASMLAB_INCDEC_CASE(0x4B)
    ASMLAB_INCDEC_CASE(0x4C) ASMLAB_INCDEC_CASE(0x4D) ASMLAB_INCDEC_CASE(0x4E) ASMLAB_INCDEC_CASE(0x4F)
#undef ASMLAB_INCDEC_CASE
    case 0x98: case 0x99: execConvert<M>(op); return;

    // ---- decimal adjust (bcd.cpp) ----
    case 0x27: case 0x2F: case 0x37: case 0x3F: case 0xD4: case 0xD5: execBcd<M>(op); return;

    // ---- segment registers on the stack (stack.cpp); 0Fh is POP CS on the 8086/8088 ----
    case 0x06: case 0x0E: case 0x16: case 0x1E: case 0x07: case 0x17: case 0x1F:
      execPushPopSeg<M>(op); return;
    case 0x0F:
      if (has286_) dispatch0F<M>();
      else if (has186_) undefinedOpcode<M>();
      else execPushPopSeg<M>(op);
      return;
    case 0x50: case 0x51: case 0x52: case 0x53: case 0x54: case 0x55: case 0x56: case 0x57:
    case 0x58: case 0x59: case 0x5A: case 0x5B: case 0x5C: case 0x5D: case 0x5E: case 0x5F:
    case 0x8F: case 0x9C: case 0x9D:
      execStack<M>(op); return;

    // ---- 60h-6Fh: conditional jumps on the 8086/8088, 80186 additions after ----
    case 0x60: case 0x61: case 0x62: case 0x63: case 0x64: case 0x65: case 0x66: case 0x67:
    case 0x68: case 0x69: case 0x6A: case 0x6B: case 0x6C: case 0x6D: case 0x6E: case 0x6F:
      if (has386_ && op >= 0x64 && op <= 0x67) {  // FS: GS: operand size, address size
        if (op == 0x64) segOverride_ = FS;
        else if (op == 0x65) segOverride_ = GS;
        else if (op == 0x66) op32_ = true;
        else addr32_ = true;
        goto prefix;
      }
      if (has186_) exec186<M>(op);
      else {
        if (op <= 0x62 || op >= 0x68) noteAliased(op);  // 63h-67h are no 80186 instruction either
        execJcc<M>(uint8_t(op | 0x10));
      }
      return;
    case 0x70: execJcc<M, 0x0>(); return; case 0x71: execJcc<M, 0x1>(); return;
    case 0x72: execJcc<M, 0x2>(); return; case 0x73: execJcc<M, 0x3>(); return;
    case 0x74: execJcc<M, 0x4>(); return; case 0x75: execJcc<M, 0x5>(); return;
    case 0x76: execJcc<M, 0x6>(); return; case 0x77: execJcc<M, 0x7>(); return;
    case 0x78: execJcc<M, 0x8>(); return; case 0x79: execJcc<M, 0x9>(); return;
    case 0x7A: execJcc<M, 0xA>(); return; case 0x7B: execJcc<M, 0xB>(); return;
    case 0x7C: execJcc<M, 0xC>(); return; case 0x7D: execJcc<M, 0xD>(); return;
    case 0x7E: execJcc<M, 0xE>(); return; case 0x7F: execJcc<M, 0xF>(); return;

    // ---- data transfer (transfer.cpp) ----
    case 0x88: execMov<M, 0x88>(); return; case 0x89: execMov<M, 0x89>(); return;  // cpu_inline.hpp
    case 0x8A: execMov<M, 0x8A>(); return; case 0x8B: execMov<M, 0x8B>(); return;
#define ASMLAB_MOVIMM_CASE(n) case n: execMovRegImm<M, n>(); return;
    ASMLAB_MOVIMM_CASE(0xB0) ASMLAB_MOVIMM_CASE(0xB1) ASMLAB_MOVIMM_CASE(0xB2) ASMLAB_MOVIMM_CASE(0xB3)
    ASMLAB_MOVIMM_CASE(0xB4) ASMLAB_MOVIMM_CASE(0xB5) ASMLAB_MOVIMM_CASE(0xB6) ASMLAB_MOVIMM_CASE(0xB7)
    ASMLAB_MOVIMM_CASE(0xB8) ASMLAB_MOVIMM_CASE(0xB9) ASMLAB_MOVIMM_CASE(0xBA) ASMLAB_MOVIMM_CASE(0xBB)
    ASMLAB_MOVIMM_CASE(0xBC) ASMLAB_MOVIMM_CASE(0xBD) ASMLAB_MOVIMM_CASE(0xBE) ASMLAB_MOVIMM_CASE(0xBF)
#undef ASMLAB_MOVIMM_CASE
    case 0x86: case 0x87: case 0x8C: case 0x8D: case 0x8E:
    case 0x90: case 0x91: case 0x92: case 0x93: case 0x94: case 0x95: case 0x96: case 0x97:
    case 0xA0: case 0xA1: case 0xA2: case 0xA3:
    case 0xC4: case 0xC5: case 0xC6: case 0xC7: case 0xD7:
      execTransfer<M>(op); return;

    // ---- flags (flags.cpp) ----
    case 0x9E: case 0x9F: case 0xD6: case 0xF5: case 0xF8: case 0xF9: case 0xFA: case 0xFB: case 0xFC: case 0xFD:
      execFlagOp<M>(op); return;

    // ---- strings (string.cpp) ----
    case 0xA4: case 0xA5: case 0xA6: case 0xA7: case 0xAA: case 0xAB: case 0xAC: case 0xAD: case 0xAE: case 0xAF:
      execString<M>(op); return;

    // ---- shifts and rotates (shift_rotate.cpp); C0h/C1h are RET aliases on the 8086 ----
    case 0xD0: case 0xD1: case 0xD2: case 0xD3: execShiftGroup<M>(op); return;
    case 0xC0: case 0xC1:
      if (has186_) execShiftGroup<M>(op);
      else {
        noteAliased(op);
        execControl<M>(uint8_t(op | 0x02));
      }
      return;

    // ---- control transfer (control.cpp); C8h/C9h are RETF aliases on the 8086 ----
    case 0xC8: case 0xC9:
      if (has186_) exec186<M>(op);
      else {
        noteAliased(op);
        execControl<M>(uint8_t(op | 0x02));
      }
      return;
    case 0xE0: execLoop<M, 0xE0>(); return; case 0xE1: execLoop<M, 0xE1>(); return;  // cpu_inline.hpp
    case 0xE2: execLoop<M, 0xE2>(); return; case 0xE3: execLoop<M, 0xE3>(); return;
    case 0xEB: execJmpShort<M>(); return;
    case 0x9A: case 0xC2: case 0xC3: case 0xCA: case 0xCB: case 0xCC: case 0xCD: case 0xCE: case 0xCF:
    case 0xE8: case 0xE9: case 0xEA:
      execControl<M>(op); return;

    // ---- I/O (io.cpp) ----
    case 0xE4: case 0xE5: case 0xE6: case 0xE7: case 0xEC: case 0xED: case 0xEE: case 0xEF:
      execIo<M>(op); return;

    // ---- processor control (flags.cpp) ----
    case 0x9B: case 0xF4:
    case 0xD8: case 0xD9: case 0xDA: case 0xDB: case 0xDC: case 0xDD: case 0xDE: case 0xDF:
      execProcessorControl<M>(op); return;

    default:
      undefinedOpcode<M>();
      return;
  }
  return;
prefix:
  // A prefix is a one-clock instruction of its own for the cycle model: it is taken as a first
  // byte, one clock passes, and the next byte is taken as a first byte again.
  manual<M>(timing::kPrefix);
  eu<M>(1);
  opcodeIp_ = ip_;
  op = fetchFirst<M>();
  // A segment full of prefixes would loop forever inside one step; stop when IP has wrapped
  // around to the instruction's start (the next step goes on from there).
  if (ip_ != instrStart_) goto next;
}

}  // namespace asmlab::x86
