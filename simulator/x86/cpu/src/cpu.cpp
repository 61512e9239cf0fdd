// The instruction cycle: prefixes, dispatch, interrupts at instruction boundaries, run loop.
// Intel 8086 Family User's Manual (1979), section 2.8 "Interrupts" and 2.10 "Processor reset".
#include "cpu_inline.hpp"
#include "opcode_map.hpp"

namespace asmlab::x86 {

// Execute-breakpoint flags are all zero in here: the fast path's window when no table is set.
static const uint8_t kNoBreakpoints[0x10000] = {};

// Memory that is not fast RAM: a device (or a watched page) behind the bus. Kept out of line so
// that the inlined accessors stay small; re-arms the interrupt poll, since a device access may
// raise or lower INTR.
uint8_t Cpu::readDevice8(uint32_t linear) {
  // The manual model adds the wait states here; the cycle model inserts Tw states (biu.hpp).
  if (timing_ == TimingModel::Manual && bus_.hasWaitStates()) clocks_ += bus_.waitStates(linear, false);
  const uint8_t v = bus_.read8(linear);
  armInterruptPoll();
  return v;
}

void Cpu::writeDevice8(uint32_t linear, uint8_t v) {
  if (timing_ == TimingModel::Manual && bus_.hasWaitStates()) clocks_ += bus_.waitStates(linear, false);
  bus_.write8(linear, v);
  armInterruptPoll();
}

std::string_view cpuModelName(CpuModel model) {
  switch (model) {
    case CpuModel::i8086: return "8086";
    case CpuModel::i8088: return "8088";
    case CpuModel::i80186: return "80186";
    case CpuModel::i80286: return "80286";
    case CpuModel::i80386: return "80386";
  }
  return "8086";
}

bool parseCpuModel(std::string_view text, CpuModel& model) {
  if (text == "8086") model = CpuModel::i8086;
  else if (text == "8088") model = CpuModel::i8088;
  else if (text == "80186" || text == "186") model = CpuModel::i80186;
  else if (text == "80286" || text == "286") model = CpuModel::i80286;
  else if (text == "80386" || text == "386") model = CpuModel::i80386;
  else return false;
  return true;
}

Cpu::Cpu(Bus& bus, CpuModel model) : bus_(bus), model_(model) {
  breakWindow_ = kNoBreakpoints;
  is8088_ = model == CpuModel::i8088;
  has186_ = model >= CpuModel::i80186;
  has286_ = model >= CpuModel::i80286;
  has386_ = model >= CpuModel::i80386;
  // The 80286 and 80386 in real mode read FLAGS bits 12-15 as zeros (IOPL and NT); earlier
  // models read them as ones. CPU-detection code relies on this.
  flagsUpper_ = has286_ ? 0x0000 : 0xF000;
  if (is8088_) {  // 8-bit bus: a 4-byte queue filled a byte at a time (Intel 8088 data sheet)
    biu_.size = 4;
    biu_.roomAt = 3;
    biu_.fetchWidth = 1;
    biu_.policyLength = 3;
  }
  rebuildFastPages();
  reset();
}

// The queue is emptied and fetching restarts at IP (after a reset, or when the platform moved
// CS:IP or changed code behind the CPU); a code fetch on the bus is let finish and discarded.
void Cpu::resetBiu() {
  BiuState& b = biu_;
  b.head = 0;
  b.length = 0;
  b.fetchIp = ip_;
  if (b.t != TState::Ti && b.cur.kind == BusStatus::Code) b.cur.discard = true;
  if (b.phase != Phase::None && b.owner == Owner::Prefetch) b.phase = Phase::None;
  b.delay = 0;
  b.suspended = false;
  b.wantFetch = true;
  b.euWaiting = false;
}

bool Cpu::setTimingModel(TimingModel model) {
  if (model == TimingModel::Cycle && has186_) return false;  // the 80186's BIU is not modelled
  timing_ = model;
  resetBiu();
  return true;
}

std::vector<uint8_t> Cpu::prefetchQueue() const {
  std::vector<uint8_t> bytes;
  if (timing_ != TimingModel::Cycle) return bytes;
  for (unsigned i = 0; i < biu_.length; ++i) bytes.push_back(biu_.queue[(biu_.head + i) & 7]);
  return bytes;
}

void Cpu::loadPrefetchQueue(const std::vector<uint8_t>& bytes) {
  // A test starts on an idle bus, prefetching paused until the queue has room.
  BiuState& b = biu_;
  b.t = TState::Ti;
  b.cur = BusCycle{};
  b.phase = Phase::None;
  b.qop = b.shownQop = QueueOp::None;
  b.euDone = false;
  resetBiu();
  for (size_t i = 0; i < bytes.size() && i < b.size; ++i) b.queue[b.length++] = bytes[i];
  b.fetchIp = uint16_t(ip_ + b.length);
}

void Cpu::reset() {
  for (auto& r : gpr_) r.d = 0;
  for (unsigned s = 0; s < 6; ++s) loadSeg(s, 0);
  loadSeg(CS, 0xFFFF);
  ip_ = 0;
  setFlags(0);
  signals_.any = 0;
  aliased_ = {};
  syncSignals();
  updateBreakWindow();
}

void Cpu::rebuildFastPages() {
  constexpr uint32_t pages = sizeof(fastRead_) / sizeof(fastRead_[0]);
  for (uint32_t p = 0; p < pages; ++p) {
    fastRead_[p] = bus_.fastReadPage(p);
    fastWrite_[p] = bus_.fastWritePage(p);
  }
}

void Cpu::invalidateFastPages() {
  rebuildFastPages();
  updateCodeWindow();
}

void Cpu::updateBreakWindow() {
  const uint32_t base = segBase_[CS];
  breakWindow_ = kNoBreakpoints;
  bool covered = true;
  if (breakFlags_ != nullptr) {
    // The window must map every IP of the segment one to one: no wrap around the address
    // space and inside the table; otherwise the slow path tests the table by address.
    covered = base + 0xFFFF <= addressMask_ && base + 0xFFFF < breakSize_;
    if (covered) breakWindow_ = breakFlags_ + base;
  }
  signals_.is.hooks = !covered || bool(trace_);
}

void Cpu::updateCodeWindow() {
  updateBreakWindow();
  codeWindow_ = nullptr;
  const uint32_t base = segBase_[CS];
  if (base + 0xFFFF > addressMask_) return;  // the segment wraps around the address space
  constexpr uint32_t pageSize = 1u << Bus::kPageBits;
  const uint32_t firstPage = base >> Bus::kPageBits, lastPage = (base + 0xFFFF) >> Bus::kPageBits;
  const uint8_t* first = fastRead_[firstPage];
  if (first == nullptr) return;
  for (uint32_t p = firstPage + 1; p <= lastPage; ++p)
    if (fastRead_[p] != first + (p - firstPage) * pageSize) return;
  codeWindow_ = first + (base & (pageSize - 1));
}

void Cpu::setA20(bool enabled) {
  if (!has286_) return;  // 20 address lines on the 8086/8088/80186
  addressMask_ = enabled ? 0x1FFFFF : 0xFFFFF;
  updateCodeWindow();
}

uint16_t Cpu::flags() const {
  return uint16_t(flagsUpper_ | 0x0002 | cf_ | (pf() << 2) | (af() << 4) | (zf() << 6) | (sf() << 7) | (tf_ << 8) |
                  (if_ << 9) | (df_ << 10) | (of_ << 11));
}

void Cpu::setFlags(uint16_t v) {
  cf_ = v & 1; setPf((v >> 2) & 1); setAf((v >> 4) & 1); setZfSf((v >> 6) & 1, (v >> 7) & 1);
  tf_ = (v >> 8) & 1; if_ = (v >> 9) & 1; df_ = (v >> 10) & 1; of_ = (v >> 11) & 1;
  syncSignals();
}

Cpu::InternalState Cpu::internalState() const {
  InternalState s;
  s.biu = biu_;
  s.clocks = clocks_;
  s.instructionStartClocks = instructionStartClocks_;
  s.instructions = instructions_;
  s.exceptions = exceptions_;
  s.lastClocks = lastClocks_;
  s.lastEa = lastEa_;
  s.halted = signals_.is.halted;
  s.nmi = signals_.is.nmi;
  s.trap = signals_.is.trap;
  s.shadow = signals_.is.shadow;
  return s;
}

void Cpu::setInternalState(const InternalState& s) {
  biu_ = s.biu;
  clocks_ = s.clocks;
  instructionStartClocks_ = s.instructionStartClocks;
  instructions_ = s.instructions;
  exceptions_ = s.exceptions;
  lastClocks_ = s.lastClocks;
  lastEa_ = s.lastEa;
  signals_.is.halted = s.halted;
  signals_.is.nmi = s.nmi;
  signals_.is.trap = s.trap;
  signals_.is.shadow = s.shadow;
}

RegisterFile Cpu::registers() const {
  RegisterFile r;
  r.eax = gpr_[AX].d; r.ecx = gpr_[CX].d; r.edx = gpr_[DX].d; r.ebx = gpr_[BX].d;
  r.esp = gpr_[SP].d; r.ebp = gpr_[BP].d; r.esi = gpr_[SI].d; r.edi = gpr_[DI].d;
  r.es = sreg_[ES]; r.cs = sreg_[CS]; r.ss = sreg_[SS]; r.ds = sreg_[DS]; r.fs = sreg_[FS]; r.gs = sreg_[GS];
  r.ip = ip_;
  r.flags = flags();
  return r;
}

void Cpu::setRegisters(const RegisterFile& r) {
  gpr_[AX].d = r.eax; gpr_[CX].d = r.ecx; gpr_[DX].d = r.edx; gpr_[BX].d = r.ebx;
  gpr_[SP].d = r.esp; gpr_[BP].d = r.ebp; gpr_[SI].d = r.esi; gpr_[DI].d = r.edi;
  loadSeg(ES, r.es); loadSeg(CS, r.cs); loadSeg(SS, r.ss); loadSeg(DS, r.ds); loadSeg(FS, r.fs); loadSeg(GS, r.gs);
  ip_ = r.ip;
  setFlags(r.flags);
  resetBiu();
}

// Interrupt entry (manual, 2.8): the vector's IP and CS are read, FLAGS is pushed, IF and TF
// are cleared, CS and IP are pushed. The cycle model follows the 8086's microcode order (read
// the vector, push FLAGS and CS, jump, push IP; measured on the SingleStepTests records of INT).
template <TimingModel M>
void Cpu::enterInterrupt(uint8_t vector, uint16_t returnIp) {
  const uint32_t vectorAddress = uint32_t{vector} * 4;
  uint16_t offset, segment;
  if constexpr (M == kCycle) {
    // SUSP, 2, read the vector (1 clock between the words), 2, push FLAGS, 5, push CS, 4, jump,
    // 2, push IP.
    suspendPrefetch();
    eu<M>(2);
    offset = busRead<uint16_t>(BusStatus::MemRead, kNoSegment, vectorAddress);
    eu<M>(1);
    segment = busRead<uint16_t>(BusStatus::MemRead, kNoSegment, vectorAddress + 2);
    eu<M>(2);
  } else {
    offset = uint16_t(readPhys8(vectorAddress) | (readPhys8(vectorAddress + 1) << 8));
    segment = uint16_t(readPhys8(vectorAddress + 2) | (readPhys8(vectorAddress + 3) << 8));
    if (is8088_) manual<M>(2 * timing::kWordPenalty);
  }
  push16<M>(flags());
  if_ = 0;
  tf_ = 0;
  syncSignals();
  eu<M>(5);
  farCall<M>(segment, offset, returnIp);
  signals_.is.halted = false;
}

template <TimingModel M>
void Cpu::raiseException(uint8_t vector, uint16_t returnIp) {
  ++exceptions_;
  enterInterrupt<M>(vector, returnIp);
}

// The 80186 and later raise interrupt 6 for an opcode they do not define; the return address is
// the faulting instruction (80186/80188 User's Manual, "Unused opcode exception"). The 8086/8088
// never come here: every byte decodes to something.
template <TimingModel M>
void Cpu::undefinedOpcode() {
  manual<M>(timing::kIntN);
  raiseException<M>(6, instrStart_);
}

// An instruction boundary: NMI, then INTR when IF is set, then the single-step trap
// (manual, 2.8 "Interrupt priorities"). Adds clocks when an interrupt was entered or the CPU
// idled in HLT; step() then ends without executing an instruction.
template <TimingModel M>
void Cpu::serviceBoundary() {
  // A clock sink is told where an interrupt sequence begins (the idle clocks of HLT stay HLT's).
  auto announce = [this] {
    if constexpr (M == kCycle)
      if (clockSink_ != nullptr) clockSink_->interruptStart();
  };
  if (signals_.is.nmi) {
    signals_.is.nmi = false;
    signals_.is.trap = false;
    announce();
    manual<M>(timing::kNmiEntry);
    enterInterrupt<M>(2, ip_);
    return;
  }
  if (signals_.is.intr) {
    if (if_ && pic_ && pic_->pending()) {
      signals_.is.trap = false;
      announce();
      uint8_t vector;
      if constexpr (M == kCycle) {
        // Cycle model: SUSP, the two INTA cycles, then the interrupt sequence.
        suspendPrefetch();
        vector = interruptAcknowledge();
      } else {
        vector = pic_->acknowledge();
      }
      manual<M>(timing::kIntrEntry);
      enterInterrupt<M>(vector, ip_);
      return;
    }
    // The line is low: it can rise only through a device access (which re-arms the poll) or
    // between runs (run() and step() re-arm it), so stop polling until then.
    signals_.is.intr = false;
  }
  if (signals_.is.trap) {
    signals_.is.trap = false;
    announce();
    manual<M>(timing::kIntN);
    enterInterrupt<M>(1, ip_);
    return;
  }
  if (signals_.is.halted) {
    manual<M>(1);
    eu<M>(1);
  }
}

template <TimingModel M>
ASMLAB_HOT void Cpu::executeInstruction() {
  segOverride_ = -1;
  rep_ = 0;
  op32_ = addr32_ = false;
  instrStart_ = ip_;  // opcodeIp_ is set only by prefixes (REP needs it, and has one)
  if constexpr (M == kCycle)
    if (clockSink_ != nullptr) [[unlikely]] clockSink_->instructionStart(sreg_[CS], ip_);
  dispatch<M>(fetchFirst<M>());  // prefixes are decoded there too, so the common case takes one switch
}

// Instruction boundary, slow path: something is pending or the interrupt controller is to be
// polled. Returns true when step() is over (an interrupt was entered or the CPU idled).
template <TimingModel M>
bool Cpu::enterPendingInterrupt() {
  if (signals_.is.shadow) {  // the instruction after MOV SS / STI runs before any interrupt
    signals_.is.shadow = 0;
    return false;
  }
  const uint64_t before = clocks_;
  serviceBoundary<M>();
  return clocks_ != before;
}

template <TimingModel M>
ASMLAB_HOT unsigned Cpu::stepOne() {
  const uint64_t start = clocks_;
  instructionStartClocks_ = start;
  if ((signals_.any & kBoundarySignals) != 0 && enterPendingInterrupt<M>()) {
    lastClocks_ = unsigned(clocks_ - start);
    instructionStartClocks_ = clocks_;
    return lastClocks_;
  }
  const uint8_t trapAtStart = tf_;
  executeInstruction<M>();
  // Single-step: after an instruction that began and ended with TF set (so not after the POPF
  // that sets it, nor after INT, which clears it), interrupt 1 comes at the next boundary.
  if (trapAtStart & tf_) signals_.is.trap = 1;
  ++instructions_;
  if constexpr (M == kCycle) awaitNextOpcode();
  lastClocks_ = unsigned(clocks_ - start);
  instructionStartClocks_ = clocks_;
  if (trace_) [[unlikely]] trace_(*this);
  return lastClocks_;
}

unsigned Cpu::step() {
  armInterruptPoll();  // the platform may have raised or lowered INTR since the last call
  return timing_ == TimingModel::Cycle ? stepOne<kCycle>() : stepOne<kManual>();
}

RunStop Cpu::run(uint64_t maxInstructions, uint64_t clockLimit) {
  armInterruptPoll();  // the platform may have raised or lowered INTR since the last call
  signals_.is.leave = 0;  // a request made during the last instruction of an earlier call
  // Saturating, so that run(UINT64_MAX) runs without an instruction limit.
  const uint64_t target = maxInstructions > UINT64_MAX - instructions_ ? UINT64_MAX : instructions_ + maxInstructions;
  // Without a breakpoint table the fast path has no breakpoint to test: a loop of its own saves
  // the per-instruction window test (the table is set between runs, never during one).
  RunStop stop;
  if (timing_ == TimingModel::Cycle)
    stop = breakFlags_ != nullptr ? runLoop<kCycle, true>(target, clockLimit) : runLoop<kCycle, false>(target, clockLimit);
  else
    stop = breakFlags_ != nullptr ? runLoop<kManual, true>(target, clockLimit) : runLoop<kManual, false>(target, clockLimit);
  // After a fast-path instruction instructionStartClocks_ is still its start (no instruction
  // takes zero clocks); after stepOne<M>() it already equals clocks_ and lastClocks_ is set.
  if (instructionStartClocks_ != clocks_) lastClocks_ = unsigned(clocks_ - instructionStartClocks_);
  instructionStartClocks_ = clocks_;
  return stop;
}

template <TimingModel M, bool Breakpoints>
RunStop Cpu::runLoop(uint64_t target, uint64_t clockLimit) {
  // The breakpoint test is skipped for the first instruction, so that run() continues from a
  // breakpoint it stopped at.
  bool checkBreakpoint = false;
  // The fast path counts down in a local; instructions_ is brought up to date before the slow
  // path (stepOne<M>() and the trace hook read it) and on return. Nothing reads it during an
  // instruction: instructionCount() is for the caller, between runs.
  uint64_t remaining = target - instructions_;
  RunStop stop = RunStop::InstructionLimit;
  while (remaining != 0) {
    const uint64_t now = clocks_;
    if (now >= clockLimit) { stop = RunStop::ClockLimit; break; }
    if (signals_.any != 0) [[unlikely]] {
      // Slow path: something pending, TF set, the controller to poll, a trace hook, or a request
      // to return.
      instructions_ = target - remaining;
      if (signals_.is.leave) {
        signals_.is.leave = 0;
        return RunStop::Requested;
      }
      if (Breakpoints && breakFlags_ != nullptr && checkBreakpoint) {
        const uint32_t pc = linearPc();
        if (pc < breakSize_ && (breakFlags_[pc] & breakMask_)) return RunStop::Breakpoint;
      }
      checkBreakpoint = true;
      // A halted CPU waits for NMI or INTR; if nothing can wake it now, the caller (the
      // platform) advances its devices and calls run() again.
      if (signals_.is.halted && !signals_.is.nmi && !(if_ && pic_ != nullptr && pic_->pending()))
        return RunStop::Halted;
      stepOne<M>();
      remaining = target - instructions_;
      continue;
    }
    // Fast path: nothing pending, no trap, no trace; execute breakpoints are one byte test.
    if (Breakpoints && checkBreakpoint && (breakWindow_[ip_] & breakMask_) != 0) [[unlikely]] {
      stop = RunStop::Breakpoint;
      break;
    }
    checkBreakpoint = true;
    instructionStartClocks_ = now;
    executeInstruction<M>();
    if constexpr (M == kCycle) awaitNextOpcode();
    --remaining;
  }
  instructions_ = target - remaining;
  return stop;
}

}  // namespace asmlab::x86
