// Memory-mapped devices, traps, RTI, interrupts and exceptions: the slow paths of the run loop.
// Each is entered with the machine state synchronised (pc_ already points past the instruction).
#include "decoded.hpp"
#include "hex.hpp"

namespace asmlab::lc3sim {

void Lc3Machine::requestStop(sim::StopReason reason, std::string message) {
  if (events_ & kEventStop) return;  // the first reason wins
  pendingStop_ = sim::StopInfo{reason, pc_, std::move(message), 0};
  events_ |= kEventStop;
}

bool Lc3Machine::loadSlow(uint16_t address, uint16_t& value) {
  if (options_.edition == Edition::Third && userMode() && (address < addr::kUserStart || address >= addr::kDeviceStart)) {
    raiseException(vector::kAccessViolation,
                   "access control violation: user-mode read of x" + hex4(address) + " at x" + hex4(lastFetch_),
                   accessFault(address, false));
    return false;
  }
  value = address >= addr::kDeviceStart ? readDevice(address) : mem_[address];
  if (activeFlags_ && (activeFlags_[address] & sim::kFlagRead)) {
    if (const sim::Breakpoint* hit = breakpoints().memoryHit(address, false, *this)) {
      requestStop(sim::StopReason::Watchpoint, "read of x" + hex4(address) + " at x" + hex4(lastFetch_) +
                                                   (hit->description.empty() ? "" : " (" + hit->description + ")"));
    }
  }
  return true;
}

bool Lc3Machine::storeSlow(uint16_t address, uint16_t value) {
  if (options_.edition == Edition::Third && userMode() && (address < addr::kUserStart || address >= addr::kDeviceStart)) {
    raiseException(vector::kAccessViolation,
                   "access control violation: user-mode write of x" + hex4(address) + " at x" + hex4(lastFetch_),
                   accessFault(address, true));
    return false;
  }
  ++stores_;
  if (address >= addr::kDeviceStart) {
    writeDevice(address, value);
  } else {
    mem_[address] = value;
    decoded_[address].op = kUndecoded;
  }
  if (activeFlags_ && (activeFlags_[address] & sim::kFlagWrite)) {
    if (const sim::Breakpoint* hit = breakpoints().memoryHit(address, true, *this)) {
      requestStop(sim::StopReason::Watchpoint, "write of x" + hex4(value) + " to x" + hex4(address) + " at x" +
                                                   hex4(lastFetch_) +
                                                   (hit->description.empty() ? "" : " (" + hit->description + ")"));
    }
  }
  return true;
}

uint16_t Lc3Machine::readDevice(uint16_t address) {
  const bool ready = inputPos_ < input_.size();
  switch (address) {
    case addr::kKBSR:
      if (!ready) noteEmptyKeyboardPoll();
      return static_cast<uint16_t>((ready ? 0x8000 : 0) | kbsrEnable_);
    case addr::kKBDR:
      // Reading KBDR clears the ready bit; the next queued key (if any) then becomes ready.
      if (ready) {
        lastKey_ = static_cast<unsigned char>(input_[inputPos_++]);
        lastPoll_.valid = false;
        if (interruptDue()) events_ |= kEventInterrupt;
      }
      return lastKey_;
    case addr::kDSR: return 0x8000;  // the display takes each character at once
    case addr::kDDR: return lastDisplay_;
    case addr::kPSR: return psr();
    case addr::kMCR: return mcr_;
    default: return mem_[address];
  }
}

void Lc3Machine::writeDevice(uint16_t address, uint16_t value) {
  switch (address) {
    case addr::kKBSR:
      kbsrEnable_ = value & 0x4000;  // only the interrupt enable is writable
      if (interruptDue()) events_ |= kEventInterrupt;
      break;
    case addr::kKBDR:
    case addr::kDSR:
      break;  // read-only
    case addr::kDDR:
      lastDisplay_ = value;
      output_.push_back(static_cast<char>(value & 0xFF));
      if (output_.size() >= outputLimit_) {
        requestStop(sim::StopReason::OutputLimit, "the program wrote " + std::to_string(output_.size()) +
                                                      " characters, the output limit");
      }
      break;
    case addr::kPSR:
      psr_ = value & 0x8707;
      cc_ = value & 7;
      if (interruptDue()) events_ |= kEventInterrupt;
      break;
    case addr::kMCR:
      mcr_ = value;
      if (!(value & 0x8000)) {
        if (!activeException_.empty()) {
          requestStop(sim::StopReason::Exception, activeException_);
          pendingStop_.address = exceptionAddress_;
        } else requestStop(sim::StopReason::Halted, "halted");
      }
      break;
    default:
      mem_[address] = value;
      decoded_[address].op = kUndecoded;
      break;
  }
}

std::string Lc3Machine::describe(uint16_t address) const {
  std::string text = "x" + hex4(address);
  if (auto name = symbols().describe(address)) text += " (" + *name + ")";
  return text;
}

void Lc3Machine::noteEmptyKeyboardPoll() {
  // Rule (docs/lc3-simulator.md): with the input closed and used up, two empty KBSR polls with the
  // same registers, PC and PSR and no store or output in between prove that the program loops
  // forever waiting for a key, since nothing else can change its state.
  if (!inputClosed_ || inputPos_ < input_.size()) {
    lastPoll_.valid = false;
    return;
  }
  PollState now;
  now.regs = regs_;
  now.pc = pc_;
  now.psr = psr();
  now.stores = stores_;
  now.outputSize = output_.size();
  now.valid = true;
  if (lastPoll_.valid && lastPoll_ == now) {
    requestStop(sim::StopReason::WaitingForInput,
                "the program waits for a key at " + describe(lastFetch_) + " but the input is used up");
  }
  lastPoll_ = now;
}

void Lc3Machine::selfLoop(uint16_t address) {
  // A branch to itself can only be left by an interrupt. If the keyboard interrupt is enabled but
  // no key will ever come, the program waits for input that the script will not give.
  if (kbsrEnable_ && inputClosed_ && inputPos_ >= input_.size()) {
    requestStop(sim::StopReason::WaitingForInput,
                "the program waits at " + describe(address) + " for a keyboard interrupt but the input is used up");
  }
}

// Stack pushes and pops go through the memory like any access: a stack pointer in the device
// registers reads and writes the devices (a push onto MCR stops the clock).
void Lc3Machine::pushSupervisor(uint16_t value) {
  regs_[6] = static_cast<uint16_t>(regs_[6] - 1);
  ++stores_;
  if (regs_[6] >= addr::kDeviceStart) {
    writeDevice(regs_[6], value);
    return;
  }
  mem_[regs_[6]] = value;
  decoded_[regs_[6]].op = kUndecoded;
}

uint16_t Lc3Machine::popSupervisor() {
  const uint16_t a = regs_[6];
  const uint16_t v = a >= addr::kDeviceStart ? readDevice(a) : mem_[a];
  regs_[6] = static_cast<uint16_t>(a + 1);
  return v;
}

unsigned Lc3Machine::faultClocks(Fault fault) const {
  // The states before the one that enters the exception (docs/lc3-simulator.md, "Clocks").
  const unsigned m = options_.memoryLatency;
  const unsigned fetch = fetchClocks(m, options_.edition);
  switch (fault) {
    case Fault::Fetch: return 2;                  // 18, 33 (the ACV test) -> 60
    case Fault::IllegalOpcode: return fetch;      // -> 13
    case Fault::PrivilegedRti: return fetch + 1;  // 8 -> 44
    case Fault::Load:                             // 2/6, 35 -> 57
    case Fault::LoadPointer:                      // 10, 17 -> 56
    case Fault::Store:                            // 3/7, 23 -> 48
    case Fault::StorePointer: return fetch + 2;   // 11, 19 -> 61
    case Fault::LoadIndirect:                     // 10, 17, 24 (memory), 26, 35 -> 57
    case Fault::StoreIndirect: return fetch + 4 + m;  // 11, 19, 29 (memory), 31, 23 -> 48
  }
  return fetch;
}

unsigned Lc3Machine::entryClocks(bool fromUser) const {
  // The entry state (49, 13, 44 or an ACV state), 45 from user mode (the stack switch), then
  // 37, 41 (push PSR), 43, 47/46, 48/52 (push PC), 50/54, 52/53 (read the vector), 54/55.
  return 1 + (fromUser ? 1 : 0) + 5 + 3 * options_.memoryLatency;
}

Lc3Machine::Fault Lc3Machine::accessFault(uint16_t address, bool write) const {
  const uint16_t word = mem_[lastFetch_];
  const uint16_t pointer = static_cast<uint16_t>(lastFetch_ + 1 + (((word & 0x1FF) ^ 0x100) - 0x100));
  switch (word >> 12) {
    case 0xA: return address == pointer ? Fault::LoadPointer : Fault::LoadIndirect;
    case 0xB: return write ? Fault::StoreIndirect : Fault::StorePointer;
    default: return write ? Fault::Store : Fault::Load;
  }
}

void Lc3Machine::enterInterrupt(uint8_t vec, uint8_t priority, uint16_t returnAddress) {
  // Appendix C: save the PSR, switch to the supervisor stack, push PSR and PC, raise the
  // priority, enter supervisor mode, load the vector (the states of entryClocks()).
  clocks_ += entryClocks(userMode());
  const uint16_t oldPsr = psr();
  if (userMode()) {
    savedUsp_ = regs_[6];
    regs_[6] = savedSsp_;
  }
  pushSupervisor(oldPsr);
  pushSupervisor(returnAddress);
  psr_ = static_cast<uint16_t>((psr_ & 0x0007) | (static_cast<uint16_t>(priority & 7) << 8));
  pc_ = mem_[addr::kInterruptTable + vec];
  lastPoll_.valid = false;
  ++callDepthDelta_;
}

void Lc3Machine::takeKeyboardInterrupt() {
  if (mem_[addr::kInterruptTable + vector::kKeyboard] == 0) {
    // No service routine at vector x80: stop with a verdict that names the cause rather than
    // jumping to x0000.
    requestStop(sim::StopReason::Exception,
                "keyboard interrupt with no service routine (vector x80 at x0180 is x0000) at x" + hex4(pc_));
    return;
  }
  const uint64_t before = clocks_;
  clocks_ += 1;  // state 18, which tests INT and goes to 49 instead of fetching
  enterInterrupt(vector::kKeyboard, 4, pc_);
  interruptEntryClocks_ += clocks_ - before;
}

void Lc3Machine::raiseException(uint8_t vec, std::string message, Fault fault) {
  clocks_ = instructionStartClocks_ + faultClocks(fault);
  const uint16_t handler = mem_[addr::kInterruptTable + vec];
  if (handler == 0) {
    // A bare machine (no operating system): nothing can handle the fault, so the run ends here.
    pc_ = lastFetch_;
    requestStop(sim::StopReason::Exception, std::move(message));
    return;
  }
  activeException_ = std::move(message);
  exceptionAddress_ = lastFetch_;
  exceptionFrame_ = userMode() ? savedSsp_ : regs_[6];
  // The saved PC is the faulting instruction's address, so a handler could repair and retry.
  enterInterrupt(vec, static_cast<uint8_t>((psr_ >> 8) & 7), lastFetch_);
}

// A fetch from xFE00, the first device register, is almost always a program that has no HALT
// where it ends: it ran on through memory (zeros are BR with no condition, a no-op) up to here.
std::string Lc3Machine::fetchViolation(uint16_t address) const {
  std::string message = "access control violation: user-mode fetch from x" + hex4(address);
  if (address != addr::kDeviceStart) return message;
  for (uint32_t a = addr::kDeviceStart; a-- > addr::kUserStart;)
    if (programWords_[a]) {
      message += ": the program ran on past its last word (x" + hex4(static_cast<uint16_t>(a)) +
                 ") through memory up to the device registers; it needs HALT where it should end";
      break;
    }
  return message;
}

void Lc3Machine::executeTrap(uint8_t trapVector) {
  const uint16_t routine = mem_[addr::kTrapTable + trapVector];
  if (routine == 0) {
    // It stops after its fetch and decode, before any of its own states.
    clocks_ = instructionStartClocks_ + fetchClocks(options_.memoryLatency, options_.edition);
    pc_ = lastFetch_;
    requestStop(sim::StopReason::Exception,
                "TRAP x" + hex2(trapVector) + " has no service routine (at x" + hex4(lastFetch_) + ")");
    return;
  }
  if (badTrapRoutine_ != 0 && routine == badTrapRoutine_) {
    activeException_ = "TRAP x" + hex2(trapVector) + " has no service routine (at x" + hex4(lastFetch_) + ")";
    exceptionAddress_ = lastFetch_;
    exceptionFrame_ = userMode() ? savedSsp_ : regs_[6];
  }
  if (options_.edition == Edition::Second) {
    // 2nd edition A.3: R7 <- PC; PC <- M[ZEXT(trapvect8)]; the privilege does not change.
    regs_[7] = pc_;
  } else {
    // 3rd edition A.3: push PSR and PC on the supervisor stack and enter supervisor mode.
    const uint16_t oldPsr = psr();
    if (userMode()) {
      savedUsp_ = regs_[6];
      regs_[6] = savedSsp_;
      clocks_ += 1;  // state 45
    }
    pushSupervisor(oldPsr);
    pushSupervisor(pc_);
    psr_ &= 0x7FFF;
  }
  pc_ = routine;
  ++callDepthDelta_;
  // Interrupt-kind breakpoints name TRAP vectors on the LC-3 ("break on TRAP x23"): the run stops
  // at the first instruction of the service routine.
  if (flagsWithBreakpoints_ && breakpoints().hasPortOrInterrupt()) {
    if (const sim::Breakpoint* hit = breakpoints().interruptHit(trapVector, 0, *this)) {
      requestStop(sim::StopReason::Breakpoint, "TRAP x" + hex2(trapVector) + " at x" + hex4(lastFetch_) +
                                                   (hit->description.empty() ? "" : " (" + hit->description + ")"));
    }
  }
}

void Lc3Machine::executeRti() {
  if (userMode()) {
    raiseException(vector::kPrivilegeViolation, "privilege mode violation: RTI in user mode at x" + hex4(lastFetch_),
                   Fault::PrivilegedRti);
    return;
  }
  // A.3: PC <- M[R6]; R6 <- R6+1; PSR <- M[R6]; R6 <- R6+1; back to the user stack if the PSR says so.
  const uint16_t newPc = popSupervisor();
  const uint16_t newPsr = popSupervisor();
  const uint16_t supervisorSp = regs_[6];
  pc_ = newPc;
  psr_ = newPsr & 0x8707;
  cc_ = newPsr & 7;
  if (newPsr & 0x8000) {
    savedSsp_ = regs_[6];
    regs_[6] = savedUsp_;
  }
  if (!activeException_.empty() && supervisorSp >= exceptionFrame_) activeException_.clear();
  --callDepthDelta_;
  lastPoll_.valid = false;
  if (interruptDue()) events_ |= kEventInterrupt;
}

}  // namespace asmlab::lc3sim
