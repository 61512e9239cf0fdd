// The bus interface unit (BIU) of the cycle timing model: the prefetch queue, the four-state bus
// cycle, the hidden address phase that precedes each cycle, and the arbitration between code
// prefetches and the execution unit's (EU's) memory and I/O cycles. Included by cpu_inline.hpp.
//
// Sources (docs/x86-cpu.md lists them with each fact): Intel 8086 data sheet (231455), "Bus
// operation" and the S2-S0 / QS1-QS0 tables; K. Shirriff, "Inside the 8086 processor's
// instruction prefetch circuitry" and "Inside the Intel 8088 processor's bus interface state
// machine" (the queue, the fetch pointer, the TS/T0 states before T1); the per-clock records of
// the SingleStepTests 8086 suite, against which every rule below was checked.
//
// Time. One call of tick() ends the current clock and enters the next. The EU acts during a
// clock (takes a queue byte, asks for the bus, flushes) and then calls tick(); the BIU's
// decisions are taken at the end of the clock, after the EU's action. The queue status pins show
// a queue operation one clock after it (QS lags), so each clock's record carries the operation
// of the clock before.
//
// The rules (8086; the 8088 in brackets):
// - A bus cycle is T1 T2 T3 T4. Its address phase takes three clocks before T1 (Tr: the
//   request or prefetch decision, Ts, T0) and may overlap T2-T4 of the cycle before.
// - The queue holds 6 bytes [4]; a prefetch needs room for a word [a byte]: length <= 4 [3].
//   Fetched bytes enter the queue at the end of T4 and can be taken in the next clock.
// - At the end of T2 of a bus operation's last transfer the BIU decides what follows: an EU
//   request already made wins (its T1 follows T4); after a code fetch, a prefetch follows at
//   once (its Tr is this T2, its T1 directly after T4) when at most 2 bytes are queued, and three
//   clocks later when 3 or more are [3]; after an EU cycle, a prefetch follows at once if there
//   is room. Without room the BIU waits until the EU takes a byte, and that clock is Tr.
// - An EU request starts its own address phase at once when none is under way (T1 three clocks
//   later, or after the current cycle's T4). If a prefetch's address phase is under way and
//   reaches T0 with the EU waiting, the prefetch is abandoned and the EU's phase restarts at Ts:
//   the EU's T1 comes two clocks after the prefetch's would have.
// - A word at an odd address [any word] is two byte transfers run back to back.
// - A jump suspends prefetching (SUSP), then empties the queue (FLUSH): the fetch pointer takes
//   the new IP and a prefetch's Tr is the flush clock.
#pragma once

#include <cassert>

namespace asmlab::x86 {

// The segment argument of busRead/busWrite: a segment register, or kNoSegment for addresses
// that are already physical (interrupt vectors; the bus shows "CS or none").
inline constexpr unsigned kNoSegment = 7;

inline BusSegment busSegmentOf(unsigned seg) {
  switch (seg) {
    case ES: return BusSegment::ES;
    case SS: return BusSegment::SS;
    case CS: return BusSegment::CS;
    default: return BusSegment::DS;  // DS (FS and GS do not exist on the 8086)
  }
}

inline void Cpu::emitClock() {
  const BiuState& b = biu_;
  ClockRecord r;
  r.clock = clocks_;
  r.tstate = b.t;
  r.queueOp = b.shownQop;
  r.queueByte = b.shownQbyte;
  r.queueLength = b.length;
  r.dma = clocks_ < b.dmaUntil;
  r.eu = b.euActivity;
  for (unsigned i = 0; i < b.length; ++i) r.queue[i] = b.queue[(b.head + i) & 7];
  if (b.t != TState::Ti) {
    r.cycle = b.cur.kind;
    r.address = b.cur.address;
    r.bhe = b.cur.bhe;
    r.ale = b.t == TState::T1;
    if (b.t == TState::T1 || b.t == TState::T2) r.status = b.cur.kind;
    if (b.t != TState::T1) r.segment = b.cur.segment;
    if (b.t == TState::T3 || b.t == TState::Tw) r.data = b.cur.data;
    if (b.t == TState::Tw) r.wait = b.waitCause;
  }
  clockSink_->clock(r);
}

// T1 of the next cycle: the EU's transfer if it owns the address phase, else a code fetch.
inline void Cpu::startCycle() {
  BiuState& b = biu_;
  b.t = TState::T1;
  if (b.owner == Owner::Eu) {
    b.cur = b.op[b.opNext++];
    b.euWaiting = false;
    // The second byte of a split word follows directly, without an address phase of its own.
    b.phase = b.opNext < b.opCount ? Phase::Ready : Phase::None;
    const bool io = b.cur.kind == BusStatus::IoRead || b.cur.kind == BusStatus::IoWrite;
    b.cur.waits = bus_.hasWaitStates() ? uint8_t(bus_.waitStates(b.cur.address, io)) : 0;
    return;
  }
  b.phase = Phase::None;
  BusCycle& c = b.cur;
  c.kind = BusStatus::Code;
  c.segment = BusSegment::CS;
  c.address = (segBase_[CS] + b.fetchIp) & addressMask_;
  c.width = (b.fetchWidth == 1 || (b.fetchIp & 1)) ? 1 : 2;
  c.bhe = b.fetchWidth == 2;  // code fetches on the 8086 always drive BHE
  c.data = 0;
  c.last = true;
  c.discard = false;
  c.released = false;
  c.waits = bus_.hasWaitStates() ? uint8_t(bus_.waitStates(c.address, false)) : 0;
  b.fetchIp = uint16_t(b.fetchIp + c.width);
}

inline uint8_t Cpu::readCode8(uint32_t linear) {
  if (const uint8_t* page = fastRead_[linear >> Bus::kPageBits]) [[likely]] return page[linear & 0xFFF];
  return bus_.fetchCode8(linear);
}

// T3: the data moves. Devices see clockCount() = this clock.
inline void Cpu::transfer() {
  BiuState& b = biu_;
  BusCycle& c = b.cur;
  const bool oddLane = b.fetchWidth == 2 && (c.address & 1);
  switch (c.kind) {
    case BusStatus::Code: {
      uint16_t v = readCode8(c.address);
      if (c.width == 2) v = uint16_t(v | (readCode8((c.address + 1) & addressMask_) << 8));
      c.data = oddLane ? uint16_t(v << 8) : v;
      break;
    }
    case BusStatus::MemRead: {
      uint16_t v = readPhys8(c.address);
      if (c.width == 2) v = uint16_t(v | (readPhys8((c.address + 1) & addressMask_) << 8));
      c.data = oddLane ? uint16_t(v << 8) : v;
      break;
    }
    case BusStatus::MemWrite: {
      const uint16_t v = oddLane ? uint16_t(c.data >> 8) : c.data;
      writePhys8(c.address, uint8_t(v));
      if (c.width == 2) writePhys8((c.address + 1) & addressMask_, uint8_t(v >> 8));
      break;
    }
    case BusStatus::IoRead: {
      const uint16_t port = uint16_t(c.address);
      uint16_t v = c.width == 2 ? bus_.in16(port) : bus_.in8(port);
      armInterruptPoll();
      c.data = oddLane ? uint16_t(v << 8) : v;
      break;
    }
    case BusStatus::IoWrite: {
      const uint16_t port = uint16_t(c.address);
      const uint16_t v = oddLane ? uint16_t(c.data >> 8) : c.data;
      if (c.width == 2) bus_.out16(port, v);
      else bus_.out8(port, uint8_t(v));
      armInterruptPoll();
      break;
    }
    case BusStatus::IntA:
      if (c.acknowledge) c.data = pic_ != nullptr ? pic_->acknowledge() : 0xFF;
      break;
    default:
      break;
  }
  if (c.kind != BusStatus::Code && c.last) {
    const uint16_t v = oddLane ? uint16_t(c.data >> 8) : c.data;
    b.opResult = b.opCount == 2 ? uint16_t((b.opResult & 0x00FF) | (v << 8)) : v;

  } else if (c.kind != BusStatus::Code) {
    b.opResult = oddLane ? uint16_t(c.data >> 8) : c.data;
  }
}

// A write lets the EU go on in its last T3 or Tw (a read in T4), once: when the refresh's
// READY-low window begins after the T3 that released the EU, the write goes on in Tw while the
// EU has already asked for its next transfer, and that transfer's completion is not this one's.
inline void Cpu::writeGoesOn() {
  BusCycle& c = biu_.cur;
  if (c.last && !c.released && (c.kind == BusStatus::MemWrite || c.kind == BusStatus::IoWrite)) {
    c.released = true;
    biu_.euDone = true;
  }
}

// The IBM PC's memory refresh: DMA channel 0, requested every 72 clocks by PIT channel 1, gets
// the bus at the end of a clock in which the CPU's bus is passive or in T3/Tw/T4 (not T1/T2),
// keeps it 4 clocks and holds READY low 6 (IBM 5150 Technical Reference; the cost of "4 out of
// every 72 CPU cycles" is reenigne's measurement). The CPU sees it only as wait states.
inline void Cpu::refreshDma() {
  BiuState& b = biu_;
  if (clocks_ >= b.nextRefresh && !b.refreshPending && clocks_ >= b.dmaUntil) {
    b.refreshPending = true;
    b.nextRefresh += b.refreshPeriod;
  }
  if (b.refreshPending && b.t != TState::T1 && b.t != TState::T2) {
    b.refreshPending = false;
    b.dmaUntil = clocks_ + 1 + 4;
    b.readyLowUntil = clocks_ + 1 + 6;
  }
}

// End of T4 of a code fetch: the bytes enter the queue.
inline void Cpu::pushFetched() {
  BiuState& b = biu_;
  const BusCycle& c = b.cur;
  if (c.discard) return;
  const bool oddLane = b.fetchWidth == 2 && (c.address & 1);
  const uint16_t v = oddLane ? uint16_t(c.data >> 8) : c.data;
  for (unsigned i = 0; i < c.width; ++i) {
    b.queue[(b.head + b.length) & 7] = uint8_t(v >> (8 * i));
    ++b.length;
  }
}

// End of T2 of an operation's last transfer: what follows this cycle.
inline void Cpu::decideAfterT2() {
  BiuState& b = biu_;
  if (b.euWaiting || b.suspended || b.phase != Phase::None) return;
  if (b.cur.kind == BusStatus::Code) {
    if (b.length < b.policyLength) {
      b.phase = Phase::Tr;
      b.owner = Owner::Prefetch;
    } else {
      b.delay = 3;
    }
  } else if (queueHasRoom()) {
    b.phase = Phase::Tr;
    b.owner = Owner::Prefetch;
  } else {
    b.wantFetch = true;
  }
}

inline void Cpu::tick() {
  BiuState& b = biu_;
  // ---- the end of this clock ----
  if (b.delay != 0 && --b.delay == 0) b.wantFetch = true;
  if (b.t == TState::T2) {
    if (b.cur.last) decideAfterT2();
  } else if (b.t == TState::T4 && b.cur.kind == BusStatus::Code) {
    pushFetched();
  }
  if (b.wantFetch && b.phase == Phase::None && !b.suspended && queueHasRoom()) {
    b.wantFetch = false;
    b.phase = Phase::Tr;
    b.owner = Owner::Prefetch;
  }
  switch (b.phase) {
    case Phase::Wait: b.phase = Phase::Tr; break;
    case Phase::Tr: b.phase = Phase::Ts; break;
    case Phase::Ts: b.phase = Phase::T0; break;
    case Phase::T0:
      if (b.owner == Owner::Prefetch && b.euWaiting) {
        b.owner = Owner::Eu;  // the prefetch is abandoned; the EU's cycle restarts at Ts
        b.phase = Phase::Ts;
      } else {
        b.phase = Phase::Ready;
      }
      break;
    default: break;
  }
  if (b.refreshPeriod != 0) [[unlikely]] refreshDma();
  // ---- the next clock ----
  ++clocks_;
  b.shownQop = b.qop;
  b.shownQbyte = b.qbyte;
  b.qop = QueueOp::None;
  switch (b.t) {
    case TState::T1:
      // The halt "cycle" is a status on the bus for one clock (T1), then the bus idles.
      if (b.cur.kind == BusStatus::Halt) {
        b.t = TState::Ti;
        b.euDone = true;
        break;
      }
      b.t = TState::T2;
      break;
    case TState::T2:
      b.t = TState::T3;
      transfer();
      // This T3 is the cycle's last T3/Tw when READY is high at the next clock's sample.
      if (b.cur.waits == 0 && clocks_ + 1 >= b.readyLowUntil) writeGoesOn();
      break;
    case TState::T3:
    case TState::Tw:
      // READY is sampled in T3 and each Tw: low (a device's wait states, the PC's refresh DMA)
      // repeats the state as Tw.
      if (b.cur.waits != 0 || clocks_ < b.readyLowUntil) {
        b.waitCause = b.cur.waits != 0 ? WaitCause::Device : WaitCause::Refresh;
        if (b.cur.waits != 0) --b.cur.waits;
        b.t = TState::Tw;
        if (b.cur.waits == 0 && clocks_ + 1 >= b.readyLowUntil) writeGoesOn();
        break;
      }
      b.t = TState::T4;
      // A read lets the EU go on in T4 (the data was latched at the end of T3).
      if ((b.cur.kind == BusStatus::MemRead || b.cur.kind == BusStatus::IoRead || b.cur.kind == BusStatus::IntA) &&
          b.cur.last)
        b.euDone = true;
      break;
    default:
      if (b.phase == Phase::Ready) startCycle();
      else b.t = TState::Ti;
      break;
  }
  if (clockSink_ != nullptr) [[unlikely]] emitClock();
}

// The EU takes one byte from the queue (the loader for an opcode, prefix or ModRM byte; a "Q"
// microcode source for displacements and immediates): one clock, after waiting for a byte.
inline uint8_t Cpu::queueRead(QueueOp op) {
  BiuState& b = biu_;
  b.euActivity = EuActivity::QueueEmpty;
  while (b.length == 0) tick();
  b.euActivity = EuActivity::QueueRead;
  const uint8_t v = b.queue[b.head];
  b.head = (b.head + 1) & 7;
  --b.length;
  b.qop = op;
  b.qbyte = v;
  tick();
  return v;
}

// The EU asks for a bus operation: one transfer, or two for a word the bus cannot move at once.
inline void Cpu::busRequest(BusStatus kind, unsigned seg, uint32_t offset, uint16_t data, unsigned width) {
  BiuState& b = biu_;
  const bool io = kind == BusStatus::IoRead || kind == BusStatus::IoWrite;
  const BusSegment segment = io || seg == kNoSegment ? BusSegment::CS : busSegmentOf(seg);
  auto address = [&](uint32_t off) {
    if (io) return off & 0xFFFF;
    return seg == kNoSegment ? off & addressMask_ : (segBase_[seg] + (off & 0xFFFF)) & addressMask_;
  };
  auto transferAt = [&](BusCycle& c, uint32_t a, unsigned w, uint16_t v, bool last) {
    c.kind = kind;
    c.segment = segment;
    c.address = a;
    c.width = uint8_t(w);
    c.last = last;
    c.discard = false;
    c.acknowledge = false;
    c.released = false;
    if (b.fetchWidth == 1) {
      c.bhe = false;
      c.data = v;
    } else {
      c.bhe = w == 2 || (a & 1);
      c.data = (a & 1) ? uint16_t(v << 8) : v;
    }
  };
  const uint32_t first = address(offset);
  if (width == 1 || (b.fetchWidth == 2 && (first & 1) == 0)) {
    transferAt(b.op[0], first, width, data, true);
    b.opCount = 1;
  } else {
    transferAt(b.op[0], first, 1, uint8_t(data), false);
    transferAt(b.op[1], address(offset + 1), 1, uint8_t(data >> 8), true);
    b.opCount = 2;
  }
  b.opNext = 0;
  b.euWaiting = true;
  b.euDone = false;
  if (b.phase == Phase::None) {
    // During the prefetch policy delay a request made in T3 starts its address phase in T4.
    b.phase = b.t == TState::T3 && b.delay != 0 ? Phase::Wait : Phase::Tr;
    b.owner = Owner::Eu;
  } else if (b.phase == Phase::Ready && b.owner == Owner::Prefetch) {
    b.owner = Owner::Eu;
  }
}

inline void Cpu::waitForBus(bool /*read*/) {
  biu_.euActivity = EuActivity::BusWait;
  while (!biu_.euDone) tick();
  biu_.euActivity = EuActivity::Execute;
}

template <class T>
T Cpu::busRead(BusStatus kind, unsigned seg, uint32_t offset) {
  if constexpr (sizeof(T) == 4) {
    const uint32_t lo = busRead<uint16_t>(kind, seg, offset);
    return lo | (uint32_t(busRead<uint16_t>(kind, seg, offset + 2)) << 16);
  } else {
    busRequest(kind, seg, offset, 0, sizeof(T));
    waitForBus(true);
    return T(biu_.opResult);
  }
}

template <class T>
void Cpu::busWrite(BusStatus kind, unsigned seg, uint32_t offset, T v) {
  if constexpr (sizeof(T) == 4) {
    busWrite<uint16_t>(kind, seg, offset, uint16_t(v));
    busWrite<uint16_t>(kind, seg, offset + 2, uint16_t(v >> 16));
  } else {
    busRequest(kind, seg, offset, uint16_t(v), sizeof(T));
    waitForBus(false);
  }
}

// SUSP (one clock): no new prefetch until the next flush. A code fetch already on the bus is let
// finish first (the EU waits for its T4, which is then the SUSP clock); a prefetch whose address
// phase has begun is abandoned.
inline void Cpu::suspendPrefetch() {
  BiuState& b = biu_;
  b.euActivity = EuActivity::Suspend;
  while (b.cur.kind == BusStatus::Code && (b.t == TState::T1 || b.t == TState::T2 || b.t == TState::T3 || b.t == TState::Tw))
    tick();
  b.suspended = true;
  b.delay = 0;
  b.wantFetch = false;
  if (b.phase != Phase::None && b.owner == Owner::Prefetch) b.phase = Phase::None;
  tick();
  b.euActivity = EuActivity::Execute;
}

// HLT: the EU stops; the BIU lets a code fetch on the bus finish, prefetches no more and puts
// the halt status on the bus for one clock (Intel 8086 data sheet, S2-S0 = 011, "HALT").
inline void Cpu::haltBus() {
  suspendPrefetch();
  busRequest(BusStatus::Halt, kNoSegment, 0, 0, 1);
  waitForBus(false);
}

// INTR's acknowledge: two INTA bus cycles (the second two clocks after the first's T4, as the
// EU asks again at that T4); the interrupt controller puts the vector on the bus in the second
// (Intel 8086 data sheet, "Interrupt acknowledge sequence").
inline uint8_t Cpu::interruptAcknowledge() {
  busRequest(BusStatus::IntA, kNoSegment, 0, 0, 1);
  waitForBus(true);
  busRequest(BusStatus::IntA, kNoSegment, 0, 0, 1);
  biu_.op[0].acknowledge = true;
  waitForBus(true);
  return uint8_t(biu_.opResult);
}

// FLUSH (one clock): the queue empties and fetching restarts at IP, with this clock as Tr.
inline void Cpu::flushQueue() {
  BiuState& b = biu_;
  b.head = 0;
  b.length = 0;
  b.fetchIp = ip_;
  b.suspended = false;
  b.delay = 0;
  if (b.t != TState::Ti && b.cur.kind == BusStatus::Code) b.cur.discard = true;
  if (b.phase != Phase::None && b.owner == Owner::Prefetch) b.phase = Phase::None;
  b.wantFetch = true;
  b.qop = QueueOp::Flush;
  b.euActivity = EuActivity::Flush;
  tick();
  b.euActivity = EuActivity::Execute;
}

}  // namespace asmlab::x86
