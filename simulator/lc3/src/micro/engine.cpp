// The micro engine: one clock is one microinstruction of the control store (Patt & Patel,
// Appendix C). Every register of the datapath loads at the end of the clock from the values its
// multiplexers select during it, so each clock first computes the bus, the memory's answer and
// the next state from the registers as they are, then commits the loads.
#include "datapath.hpp"
#include "../hex.hpp"

namespace asmlab::lc3sim {

namespace {

constexpr uint8_t kInterruptVector = 0x80;  // the keyboard's INTV (9.4.2)
constexpr uint8_t kInterruptPriority = 4;   // and its priority level

}  // namespace

MicroProgram compileMicroProgram(const ControlStore& store) {
  using F = MicroField;
  MicroProgram p;
  p.store = store;
  for (unsigned s = 0; s < kMicroStates; ++s) {
    const MicroInstruction& m = store.rows[s];
    CompiledRow& r = p.rows[s];
    static constexpr std::pair<F, uint32_t> kLoads[] = {
        {F::LdMar, kLoadMar}, {F::LdMdr, kLoadMdr}, {F::LdIr, kLoadIr}, {F::LdBen, kLoadBen},
        {F::LdReg, kLoadReg}, {F::LdCc, kLoadCc}, {F::LdPc, kLoadPc}, {F::LdPriv, kLoadPriv},
        {F::LdSavedSsp, kLoadSavedSsp}, {F::LdSavedUsp, kLoadSavedUsp}, {F::LdVector, kLoadVector},
        {F::LdPriority, kLoadPriority}, {F::LdAcv, kLoadAcv}};
    for (const auto& [field, bit] : kLoads) {
      if (m[field]) r.loads |= bit;
    }
    static constexpr std::pair<F, MicroGate> kGates[] = {
        {F::GatePc, kGatePc}, {F::GateMdr, kGateMdr}, {F::GateAlu, kGateAlu}, {F::GateMarmux, kGateMarmux},
        {F::GateVector, kGateVector}, {F::GatePcMinus1, kGatePcMinus1}, {F::GatePsr, kGatePsr}, {F::GateSp, kGateSp}};
    for (const auto& [field, gate] : kGates) {
      if (m[field] && r.gate == kGateNone) r.gate = gate;
    }
    r.sr1 = m[F::Sr1Mux];
    r.dr = m[F::DrMux];
    r.pcMux = m[F::PcMux];
    r.addr1 = m[F::Addr1Mux];
    r.addr2 = m[F::Addr2Mux];
    r.marMux = m[F::MarMux];
    r.spMux = m[F::SpMux];
    r.aluk = m[F::Aluk];
    r.tableMux = m[F::TableMux];
    r.vectorMux = m[F::VectorMux];
    r.psrMux = m[F::PsrMux];
    r.setPriv = m[F::SetPriv];
    r.memory = m[F::MioEn] ? (m[F::RW] ? kMemoryWrite : kMemoryRead) : kMemoryNone;
    r.ird = m.ird;
    r.cond = m.cond;
    r.j = m.j;
    p.problems[s] = microInstructionProblem(m);
    r.broken = !p.problems[s].empty();
    r.pureWait = r.memory != kMemoryNone && !m.ird && m.cond == static_cast<uint8_t>(MicroCond::MemoryReady) &&
                 m.j == s && (r.loads & ~uint32_t{kLoadMdr}) == 0 && !r.broken;
  }
  return p;
}

uint16_t Lc3Machine::microRead(uint16_t address) {
  const uint16_t value = address >= addr::kDeviceStart ? readDevice(address) : mem_[address];
  // Watchpoints see the data accesses of loads and stores, as on the fast engine (not fetches,
  // stack pushes and pops, or vector reads).
  if (micro_->dataAccess && (activeFlags_[address] & sim::kFlagRead)) {
    if (const sim::Breakpoint* hit = breakpoints().memoryHit(address, false, *this)) {
      requestStop(sim::StopReason::Watchpoint, "read of x" + hex4(address) + " at x" + hex4(lastFetch_) +
                                                   (hit->description.empty() ? "" : " (" + hit->description + ")"));
    }
  }
  return value;
}

void Lc3Machine::microWrite(uint16_t address, uint16_t value) {
  ++stores_;
  if (address >= addr::kDeviceStart) {
    writeDevice(address, value);
  } else {
    mem_[address] = value;
    decoded_[address].op = kUndecoded;
  }
  if (micro_->dataAccess && (activeFlags_[address] & sim::kFlagWrite)) {
    if (const sim::Breakpoint* hit = breakpoints().memoryHit(address, true, *this)) {
      requestStop(sim::StopReason::Watchpoint, "write of x" + hex4(value) + " to x" + hex4(address) + " at x" +
                                                   hex4(lastFetch_) +
                                                   (hit->description.empty() ? "" : " (" + hit->description + ")"));
    }
  }
}

template <bool kTraced>
bool Lc3Machine::microClock(uint64_t& left) {
  MicroState& ms = *micro_;
  const CompiledRow& r = microProgram_->rows[ms.state];
  if (__builtin_expect(r.broken, 0)) {
    requestStop(sim::StopReason::Exception, "microcode error in state " + std::to_string(ms.state) + ": " +
                                                microProgram_->problems[ms.state]);
    pendingStop_.address = pc_;
    return false;
  }
  const uint16_t ir = ms.ir;
  const uint16_t sr1 = regs_[sr1Index(r.sr1, ir)];

  uint16_t bus = 0;
  switch (r.gate) {
    case kGateNone: break;
    case kGatePc: bus = pc_; break;
    case kGateMdr: bus = ms.mdr; break;
    case kGateAlu: bus = alu(r.aluk, sr1, ir, regs_); break;
    case kGateMarmux: bus = r.marMux == mux::kMarAdder ? addressAdder(r, pc_, sr1, ir) : static_cast<uint16_t>(ir & 0xFF); break;
    case kGateVector: bus = static_cast<uint16_t>(ms.table << 8 | ms.vector); break;
    case kGatePcMinus1: bus = static_cast<uint16_t>(pc_ - 1); break;
    case kGatePsr: bus = psr(); break;
    case kGateSp: bus = spMux(r.spMux, sr1, savedSsp_, savedUsp_); break;
  }

  // The memory: an access asserts R on its M-th consecutive clock, and reads or writes then.
  bool ready = false;
  uint16_t memoryData = 0;
  [[maybe_unused]] bool wrote = false;
  if (r.memory != kMemoryNone) {
    if (++ms.memoryClocks >= options_.memoryLatency) {
      ready = true;
      ms.memoryClocks = 0;
      if (r.memory == kMemoryRead) {
        memoryData = microRead(ms.mar);
      } else {
        microWrite(ms.mar, ms.mdr);
        wrote = true;
      }
    }
  } else {
    ms.memoryClocks = 0;
  }

  // The microsequencer (Figure C.5): the inputs it sees are the registers before this clock's loads.
  uint8_t next = r.j;
  if (r.ird) {
    next = static_cast<uint8_t>(ir >> 12);
    if (!microDispatch(next, left)) {
      ++clocks_;  // the decode state ran; the instruction stops there
      return false;
    }
  } else {
    switch (r.cond) {
      case 1: next |= ready ? 2 : 0; break;
      case 2: next |= ms.ben ? 4 : 0; break;
      case 3: next |= (ir & 0x0800) ? 1 : 0; break;
      case 4: next |= (psr_ & 0x8000) ? 8 : 0; break;
      case 5: next |= interruptDue() ? 16 : 0; break;
      case 6: next |= ms.acv ? 32 : 0; break;
      default: break;
    }
  }

  const uint32_t loads = r.loads;
  [[maybe_unused]] MicroClockEvent event;
  if (loads) {
    if ((loads & kLoadVector) && !microEntry(r)) return false;
    // Every value is taken before any register changes.
    const unsigned dr = r.dr == mux::kDrIr11 ? (ir >> 9) & 7 : r.dr == mux::kDrR7 ? 7 : 6;
    uint16_t newPc = pc_;
    if (loads & kLoadPc) {
      newPc = r.pcMux == mux::kPcPlus1 ? static_cast<uint16_t>(pc_ + 1)
              : r.pcMux == mux::kPcBus ? bus
                                       : addressAdder(r, pc_, sr1, ir);
    }
    const uint8_t ben = ((ir >> 9) & cc_ & 7) != 0;
    const bool acv = options_.edition == Edition::Third && (psr_ & 0x8000) &&
                     (bus < addr::kUserStart || bus >= addr::kDeviceStart);
    if (loads & kLoadMar) {
      ms.mar = bus;
      if ((loads & kLoadAcv) && ms.dispatched) ++ms.addressLoads;
    }
    if (loads & kLoadMdr) ms.mdr = r.memory == kMemoryNone ? bus : (ready && r.memory == kMemoryRead) ? memoryData : ms.mdr;
    if (loads & kLoadIr) ms.ir = bus;
    if (loads & kLoadBen) ms.ben = ben;
    if (loads & kLoadReg) regs_[dr] = bus;
    if (loads & kLoadCc) cc_ = r.psrMux == mux::kPsrBus ? static_cast<uint8_t>(bus & 7) : nzp(bus);
    if (loads & kLoadPc) pc_ = newPc;
    if (loads & kLoadPriv) {
      const uint16_t priv = r.psrMux == mux::kPsrBus ? (bus & 0x8000) : (r.setPriv ? 0x8000 : 0);
      psr_ = static_cast<uint16_t>((psr_ & 0x7FFF) | priv);
    }
    if (loads & kLoadPriority) {
      const uint16_t level = r.psrMux == mux::kPsrBus ? (bus & 0x0700) : (kInterruptPriority << 8);
      psr_ = static_cast<uint16_t>((psr_ & ~0x0700u) | level);
    }
    if (loads & kLoadSavedSsp) savedSsp_ = sr1;
    if (loads & kLoadSavedUsp) savedUsp_ = sr1;
    if (loads & kLoadVector) {
      static constexpr uint8_t kVectors[] = {kInterruptVector, vector::kPrivilegeViolation, vector::kIllegalOpcode,
                                             vector::kAccessViolation};
      ms.table = r.tableMux == mux::kTableTrap ? 0x00 : 0x01;
      ms.vector = r.tableMux == mux::kTableTrap ? static_cast<uint8_t>(ir & 0xFF) : kVectors[r.vectorMux & 3];
    }
    if (loads & kLoadAcv) ms.acv = acv;
    if constexpr (kTraced) {
      auto add = [&](std::string name, uint16_t value) { event.changes.push_back({std::move(name), value}); };
      if (loads & kLoadMar) add("MAR", ms.mar);
      if ((loads & kLoadMdr) && (r.memory == kMemoryNone || (ready && r.memory == kMemoryRead))) add("MDR", ms.mdr);
      if (loads & kLoadIr) add("IR", ms.ir);
      if (loads & kLoadBen) add("BEN", ms.ben);
      if (loads & kLoadReg) add("R" + std::to_string(dr), regs_[dr]);
      if (loads & kLoadCc) add("CC", cc_);
      if (loads & kLoadPc) add("PC", pc_);
      if (loads & (kLoadPriv | kLoadPriority)) add("PSR", psr());
      if (loads & kLoadSavedSsp) add("Saved.SSP", savedSsp_);
      if (loads & kLoadSavedUsp) add("Saved.USP", savedUsp_);
      if (loads & kLoadVector) add("Table'Vector", static_cast<uint16_t>(ms.table << 8 | ms.vector));
      if (loads & kLoadAcv) add("ACV", ms.acv);
    }
  }
  if constexpr (kTraced) {
    if (wrote) event.changes.push_back({"M[x" + hex4(ms.mar) + "]", ms.mdr});
  }

  const uint8_t state = ms.state;
  ms.state = next;
  ++clocks_;
  if constexpr (kTraced) {
    event.clock = clocks_;
    event.state = state;
    event.nextState = next;
    event.row = &microProgram_->store.rows[state];
    event.busDriven = r.gate != kGateNone;
    event.bus = bus;
    event.memoryAccess = r.memory != kMemoryNone;
    event.ready = ready;
    clockTrace_(event);
  }
  if (next == kFetchState) {
    ms.atBoundary = true;
    microFinishInstruction(left);
  }
  return true;
}

template <bool kTraced>
void Lc3Machine::microLoop(uint64_t& left, bool skipFirstBreakpoint) {
  MicroState& ms = *micro_;
  const CompiledRow* const rows = microProgram_->rows.data();
  const unsigned latency = options_.memoryLatency;
  for (;;) {
    if (ms.atBoundary) {
      if (!microBoundary(left, skipFirstBreakpoint)) return;
      skipFirstBreakpoint = false;
    }
    if constexpr (!kTraced) {
      const CompiledRow& r = rows[ms.state];
      if (r.pureWait && ms.memoryClocks + 1u < latency) {
        clocks_ += latency - 1u - ms.memoryClocks;
        ms.memoryClocks = static_cast<uint8_t>(latency - 1u);
      }
    }
    if (!microClock<kTraced>(left)) return;
    if (__builtin_expect(clocks_ - ms.dispatchClocks > kMicroStallClocks && !ms.atBoundary, 0)) {
      requestStop(sim::StopReason::ClockLimit,
                  "the microcode ran " + std::to_string(kMicroStallClocks) +
                      " clocks without dispatching an instruction (now in state " + std::to_string(ms.state) +
                      "): it never returns to the fetch in state 18");
      return;
    }
  }
}

void Lc3Machine::executeMicro(uint64_t budget, bool stopAtBreakpoints, bool skipFirstBreakpoint) {
  prepareFlagTables(stopAtBreakpoints);
  // The micro engine checks access control in its microcode (the ACV states), so it uses the
  // flag table without the fetch-protection bits: breakpoints, watchpoints and devices only.
  activeFlags_ = supervisorFlags_.data();
  events_ &= ~uint32_t{kEventInterrupt};  // the microcode tests INT itself in state 18
  uint64_t left = budget;
  micro_->dispatchClocks = clocks_;
  if (clockTrace_) microLoop<true>(left, skipFirstBreakpoint);
  else microLoop<false>(left, skipFirstBreakpoint);
  activeFlags_ = nullptr;
}

sim::StopInfo Lc3Machine::stepClock() {
  if (!microcoded()) return step();
  pauseRequested_.store(false, std::memory_order_relaxed);
  if (halted()) {
    return finish({!activeException_.empty() ? sim::StopReason::Exception : sim::StopReason::Halted, pc_,
                   !activeException_.empty() ? activeException_ : "the machine is halted", 0});
  }
  events_ = 0;
  prepareFlagTables(true);
  activeFlags_ = supervisorFlags_.data();
  MicroState& ms = *micro_;
  uint64_t left = 1;
  bool ran = true;
  if (ms.atBoundary) {
    // A micro-step ignores breakpoints; everything else about the boundary holds.
    ran = microBoundary(left, true);
    ms.dispatchClocks = clocks_;
  }
  const uint64_t before = clocks_;
  if (ran && !(events_ & kEventStop)) {
    if (clockTrace_) microClock<true>(left);
    else microClock<false>(left);
  }
  activeFlags_ = nullptr;
  if (clocks_ != before) lastClocks_ = clocks_ - ms.fetchClocks;
  if (events_ & kEventStop) {
    events_ &= ~kEventStop;
    sim::StopInfo stop = pendingStop_;
    if (stop.reason != sim::StopReason::Exception) stop.address = pc_;
    return finish(std::move(stop));
  }
  return finish({sim::StopReason::Step, pc_, {}, 0});
}

}  // namespace asmlab::lc3sim
