// String instructions MOVS CMPS SCAS LODS STOS (and INS OUTS on the 80186+) with REP/REPE/REPNE.
// Intel 8086 Family User's Manual (1979), section 2.7 "String instructions".
// The source segment (DS) may be overridden; the destination is always ES. Under REP the CPU
// checks for interrupts between iterations: when one is pending it leaves CX and the index
// registers as they are and backs IP up so that the instruction resumes after the handler's
// IRET. The 8086/8088/80186 back up only to the last prefix byte, so a second prefix (e.g. a
// segment override before REP) is lost on resumption; the 80286 and later restart from the
// first prefix (docs/x86-cpu.md).
#include "cpu_inline.hpp"

namespace asmlab::x86 {

namespace {
struct StringTiming { unsigned single, perRep; };
StringTiming stringTiming(uint8_t op) {
  switch (op & 0xFE) {
    case 0xA4: return {timing::kMovs, timing::kMovsRep};
    case 0xA6: return {timing::kCmps, timing::kCmpsRep};
    case 0xAA: return {timing::kStos, timing::kStosRep};
    case 0xAC: return {timing::kLods, timing::kLodsRep};
    case 0xAE: return {timing::kScas, timing::kScasRep};
    case 0x6C: return {timing::kIns, timing::kInsRep};
    default: return {timing::kOuts, timing::kOutsRep};
  }
}
}  // namespace

// The cycle model's clocks around the bus cycles of one iteration (measured on the
// SingleStepTests records; the microcode's string routines and its REP subroutine): the clocks
// before the first transfer of a single instruction, between the two transfers, and after the
// last; `loop` is the clocks from the last transfer of an iteration (its T3 for a write, T4 for
// a read) to the REP subroutine's test of CX, and `next` from that test to the next iteration's
// first transfer.
namespace {
struct StringClocks { unsigned before, between, after, loop, next; };
constexpr StringClocks stringClocks(uint8_t op) {
  switch (op & 0xFE) {
    case 0xA4: return {1, 1, 3, 4, 1};  // MOVS: read, write
    case 0xA6: return {2, 2, 4, 6, 2};  // CMPS: read DS:SI, read ES:DI (Z test 4 clocks in)
    case 0xAA: return {1, 0, 3, 4, 1};  // STOS: write
    case 0xAC: return {1, 0, 3, 6, 1};  // LODS: read
    case 0xAE: return {3, 0, 4, 6, 3};  // SCAS: read ES:DI (Z test 4 clocks in)
    default: return {1, 1, 3, 4, 1};    // INS/OUTS (80186; the cycle model is 8086/8088 only)
  }
}
}  // namespace

// One iteration; returns the index step applied.
template <TimingModel M, class T>
void Cpu::stringIteration(uint8_t op) {
  const int32_t step = df_ ? -int32_t(sizeof(T)) : int32_t(sizeof(T));
  const uint32_t si = addr32_ ? gpr_[SI].d : gpr_[SI].w[0];
  const uint32_t di = addr32_ ? gpr_[DI].d : gpr_[DI].w[0];
  const unsigned src = dataSeg(DS);
  const unsigned between = stringClocks(op).between;
  bool advanceSi = false, advanceDi = false;
  switch (op & 0xFE) {
    case 0xA4: {
      const T v = readMem<M, T>(src, si);
      eu<M>(between);
      writeMem<M, T>(ES, di, v);
      advanceSi = advanceDi = true;
      break;
    }
    case 0xA6: {
      const T a = readMem<M, T>(src, si);
      eu<M>(between);
      const T b = readMem<M, T>(ES, di);
      sub<T>(a, b, 0);
      advanceSi = advanceDi = true;
      break;
    }
    case 0xAA: writeMem<M, T>(ES, di, getReg<T>(AX)); advanceDi = true; break;
    case 0xAC: setReg<T>(AX, readMem<M, T>(src, si)); advanceSi = true; break;
    case 0xAE: sub<T>(getReg<T>(AX), readMem<M, T>(ES, di), 0); advanceDi = true; break;
    case 0x6C: writeMem<M, T>(ES, di, portIn<M, T>(gpr_[DX].w[0])); advanceDi = true; break;
    default: portOut<M, T>(gpr_[DX].w[0], readMem<M, T>(src, si)); advanceSi = true; break;
  }
  if (addr32_) {
    if (advanceSi) gpr_[SI].d += uint32_t(step);
    if (advanceDi) gpr_[DI].d += uint32_t(step);
  } else {
    if (advanceSi) gpr_[SI].w[0] = uint16_t(si + uint32_t(step));
    if (advanceDi) gpr_[DI].w[0] = uint16_t(di + uint32_t(step));
  }
}

// Cycle model: after the opcode, one clock (the loader's second clock); a single instruction is
// `before`, the iteration, `after`. Under REP the REP subroutine tests CX 5 clocks in (ending
// the instruction when it is zero), then `next` + 2 clocks to the first iteration; after each
// iteration: CMPS/SCAS test the Z condition 4 clocks in (ending one clock later when it stops
// the repetition), and `loop` clocks in CX is tested again (the end), then `next` clocks to the
// next iteration. An interrupt pending at that test suspends the instruction: SUSP, 2 clocks
// (IP moved back to the prefix), the queue flush.
template <TimingModel M, class T>
void Cpu::stringOp(uint8_t op) {
  const StringTiming t = stringTiming(op);
  const StringClocks c = stringClocks(op);
  eu<M>(1);
  if (rep_ == 0) {
    eu<M>(c.before);
    stringIteration<M, T>(op);
    eu<M>(c.after);
    manual<M>(t.single);
    return;
  }
  const bool compares = (op & 0xF6) == 0xA6;  // CMPS (A6/A7) and SCAS (AE/AF)
  manual<M>(timing::kRepBase);
  eu<M>(5);
  unsigned next = c.next + 2;  // the first call of the REP subroutine
  for (;;) {
    uint32_t count = addr32_ ? gpr_[CX].d : gpr_[CX].w[0];
    if (count == 0) return;
    eu<M>(next);
    next = c.next;
    stringIteration<M, T>(op);
    manual<M>(t.perRep);
    --count;
    if (addr32_) gpr_[CX].d = count; else gpr_[CX].w[0] = uint16_t(count);
    if (compares) {
      eu<M>(4);
      if (rep_ == 0xF3 ? !zf() : zf()) {
        eu<M>(1);
        return;
      }
      eu<M>(c.loop - 4);
    } else {
      eu<M>(c.loop);
    }
    if (count == 0) return;
    // Between iterations: a pending interrupt (or the single-step trap) suspends the string
    // instruction, which resumes from its prefix after the handler returns.
    if (signals_.is.nmi || tf_ || (if_ && pic_ != nullptr && pic_->pending())) {
      armInterruptPoll();
      const uint16_t resume = has286_ ? instrStart_ : uint16_t(opcodeIp_ - 1);
      if constexpr (M == kCycle) {
        suspendPrefetch();
        eu<M>(2);
      }
      jumpTo<M>(resume);
      return;
    }
  }
}

template <TimingModel M>
void Cpu::execString(uint8_t op) {
  withWidth(op & 1, op32_, [&](auto zero) { stringOp<M, decltype(zero)>(op); });
}

}  // namespace asmlab::x86
