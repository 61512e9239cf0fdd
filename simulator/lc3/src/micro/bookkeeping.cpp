// The machine's rules that the microcode does not carry, applied where the micro engine reaches
// the matching point of the state graph, so that both engines give the same verdicts, messages,
// counts and call depths: instruction boundaries (state 18: limits, breakpoints, interrupts
// without a handler), the dispatch (state 32: the instruction count, TRAP without a routine),
// the exception and interrupt entries (LD.Vector: the exception verdicts), and the end of each
// instruction (RTI leaving a handler, a branch to itself, TRAP breakpoints).
#include "datapath.hpp"
#include "../hex.hpp"

namespace asmlab::lc3sim {

bool Lc3Machine::microBoundary(uint64_t left, bool skipFirstBreakpoint) {
  MicroState& ms = *micro_;
  if (events_ & kEventStop) return false;
  const bool interrupt = interruptDue();
  if (interrupt) {
    // State 18 will branch to 49; with no service routine at x0180 the fast engine's verdict
    // applies instead of jumping to x0000.
    if (mem_[addr::kInterruptTable + vector::kKeyboard] == 0) {
      requestStop(sim::StopReason::Exception,
                  "keyboard interrupt with no service routine (vector x80 at x0180 is x0000) at x" + hex4(pc_));
      return false;
    }
  } else {
    if (left == 0) return false;
    // A user-mode fetch from system or device space faults before any breakpoint there is seen
    // (as on the fast engine).
    const bool fetchFaults = options_.edition == Edition::Third && userMode() &&
                             (pc_ < addr::kUserStart || pc_ >= addr::kDeviceStart);
    if (!skipFirstBreakpoint && !fetchFaults && (activeFlags_[pc_] & sim::kFlagExecute)) {
      if (const sim::Breakpoint* hit = breakpoints().executeHit(pc_, *this)) {
        requestStop(sim::StopReason::Breakpoint,
                    hit->description.empty() ? "breakpoint " + std::to_string(hit->id) : hit->description);
        return false;
      }
    }
    lastFetch_ = pc_;
  }
  ms.atBoundary = false;
  ms.fetchClocks = clocks_;
  ms.interruptEntry = interrupt;
  return true;
}

bool Lc3Machine::microDispatch(uint8_t& next, uint64_t& left) {
  MicroState& ms = *micro_;
  ++instructions_;
  if (left != 0) --left;
  ms.dispatched = true;
  ms.dispatchClocks = clocks_;
  ms.opcode = static_cast<uint8_t>(ms.ir >> 12);
  switch (ms.opcode) {
    case 0x2: case 0x3: case 0x6: case 0x7: case 0xA: case 0xB: ms.dataAccess = true; break;
    default: ms.dataAccess = false; break;
  }
  if (illegalInstruction(ms.ir)) {
    next = 13;  // the illegal-opcode state, whatever the word's opcode bits say
    return true;
  }
  if (ms.opcode == 0xF) {
    const uint8_t trapVector = static_cast<uint8_t>(ms.ir & 0xFF);
    const uint16_t routine = mem_[addr::kTrapTable + trapVector];
    if (routine == 0) {
      pc_ = lastFetch_;
      requestStop(sim::StopReason::Exception,
                  "TRAP x" + hex2(trapVector) + " has no service routine (at x" + hex4(lastFetch_) + ")");
      microAbandon();
      return false;
    }
    if (badTrapRoutine_ != 0 && routine == badTrapRoutine_) {
      activeException_ = "TRAP x" + hex2(trapVector) + " has no service routine (at x" + hex4(lastFetch_) + ")";
      exceptionAddress_ = lastFetch_;
      exceptionFrame_ = userMode() ? savedSsp_ : regs_[6];
    }
    ++callDepthDelta_;
  }
  return true;
}

std::string Lc3Machine::microAccessViolation() const {
  const MicroState& ms = *micro_;
  if (!ms.dispatched) return fetchViolation(ms.mar);
  // STI reads its pointer (the first data address) and writes through it (the second).
  const bool write = ms.opcode == 0x3 || ms.opcode == 0x7 || (ms.opcode == 0xB && ms.addressLoads >= 2);
  return std::string("access control violation: user-mode ") + (write ? "write of x" : "read of x") + hex4(ms.mar) +
         " at x" + hex4(lastFetch_);
}

bool Lc3Machine::microEntry(const CompiledRow& row) {
  MicroState& ms = *micro_;
  if (row.tableMux == mux::kTableTrap) return true;  // a TRAP names its vector: done at its dispatch
  ms.entered = true;
  ms.dataAccess = false;
  lastPoll_.valid = false;
  if (row.vectorMux == mux::kVectorIntv) {
    ++callDepthDelta_;
    return true;
  }
  const uint8_t vec = static_cast<uint8_t>(row.vectorMux - 1);  // x00, x01, x02
  std::string message;
  switch (vec) {
    case vector::kPrivilegeViolation:
      message = "privilege mode violation: RTI in user mode at x" + hex4(lastFetch_);
      break;
    case vector::kIllegalOpcode: message = "illegal opcode x" + hex4(ms.ir) + " at x" + hex4(lastFetch_); break;
    default: message = microAccessViolation(); break;
  }
  if (mem_[addr::kInterruptTable + vec] == 0) {
    // A bare machine: nothing can handle the fault, so the run ends before the entry.
    pc_ = lastFetch_;
    requestStop(sim::StopReason::Exception, std::move(message));
    microAbandon();
    return false;
  }
  activeException_ = std::move(message);
  exceptionAddress_ = lastFetch_;
  exceptionFrame_ = userMode() ? savedSsp_ : regs_[6];
  ++callDepthDelta_;
  return true;
}

void Lc3Machine::microFinishInstruction(uint64_t& left) {
  MicroState& ms = *micro_;
  if (ms.interruptEntry) {
    interruptEntryClocks_ += clocks_ - ms.fetchClocks;
    ms.interruptEntry = false;
  }
  if (ms.dispatched && !ms.entered) {
    switch (ms.opcode) {
      case 0x8: {  // RTI returned: leaving an exception handler clears its pending verdict
        const uint16_t supervisorSp = userMode() ? savedSsp_ : regs_[6];
        if (!activeException_.empty() && supervisorSp >= exceptionFrame_) activeException_.clear();
        --callDepthDelta_;
        lastPoll_.valid = false;
        break;
      }
      case 0x0:
        if (pc_ == lastFetch_) {  // a branch to itself, taken
          selfLoop(lastFetch_);
          // Nothing can change the machine any more in this run: jumping to itself forever is
          // exact to fast-forward (unless a breakpoint sits on the loop).
          if (!(events_ & kEventStop) && !(activeFlags_[pc_] & sim::kFlagExecute) && left != 0) {
            const uint64_t each = clocks_ - ms.fetchClocks;
            clocks_ += left * each;
            instructions_ += left;
            ms.dispatchClocks = clocks_;
            left = 0;
          }
        }
        break;
      case 0xF:
        // Interrupt-kind breakpoints name TRAP vectors: stop at the routine's first instruction.
        if (flagsWithBreakpoints_ && breakpoints().hasPortOrInterrupt()) {
          const uint8_t trapVector = static_cast<uint8_t>(ms.ir & 0xFF);
          if (const sim::Breakpoint* hit = breakpoints().interruptHit(trapVector, 0, *this)) {
            requestStop(sim::StopReason::Breakpoint, "TRAP x" + hex2(trapVector) + " at x" + hex4(lastFetch_) +
                                                         (hit->description.empty() ? "" : " (" + hit->description + ")"));
          }
        }
        break;
      default: break;
    }
  }
  ms.dispatched = false;
  ms.entered = false;
  ms.dataAccess = false;
  ms.addressLoads = 0;
}

void Lc3Machine::microAbandon() {
  MicroState& ms = *micro_;
  ms.state = kFetchState;
  ms.atBoundary = true;
  ms.memoryClocks = 0;
  ms.dispatched = false;
  ms.entered = false;
  ms.dataAccess = false;
  ms.addressLoads = 0;
}

const ControlStore& Lc3Machine::controlStore() const {
  return microProgram_ ? microProgram_->store : standardControlStore(options_.edition);
}

bool Lc3Machine::atInstructionBoundary() const { return !microcoded() || micro_->atBoundary; }

}  // namespace asmlab::lc3sim
