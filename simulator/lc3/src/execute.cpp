// The run loop: threaded dispatch ("labels as values") over the per-address decode cache.
// Per instruction it pays one budget test, one breakpoint-flag load and one indirect jump; device,
// privilege and watchpoint checks happen only on loads and stores (one flag-table test), and the
// OS's hot paths (DSR polls, DDR writes, TRAP, RTI) stay inline.
// Everything unusual (devices, traps, RTI, exceptions, watchpoints) leaves the fast path with the
// state synchronised into the members and comes back through `reload`.
#include "decoded.hpp"
#include "hex.hpp"

namespace asmlab::lc3sim {

namespace {
inline uint8_t conditionCodes(uint16_t v) {
  // N Z P in bits 2, 1, 0 (Patt & Patel A.2: setcc()).
  return v == 0 ? 2 : ((v & 0x8000) ? 4 : 1);
}
}  // namespace

void Lc3Machine::execute(uint64_t budget, bool stopAtBreakpoints, bool skipFirstBreakpoint) {
  static const void* const kHandlers[kOpCount] = {
      &&op_undecoded, &&op_add_reg, &&op_add_imm, &&op_and_reg, &&op_and_imm, &&op_not,
      &&op_br, &&op_br_always, &&op_nop, &&op_br_self,
      &&op_jmp, &&op_jsr, &&op_jsrr,
      &&op_ld, &&op_ldi, &&op_ldr, &&op_lea, &&op_lea_cc,
      &&op_st, &&op_sti, &&op_str,
      &&op_trap, &&op_rti, &&op_reserved, &&op_device_word};

  // Few locals, so that the compiler keeps them all in callee-saved registers: pc, cc, left,
  // clocks, dp. Everything else (registers, memory, the decode cache, the flag table, access
  // bounds, the store count) is reached through `this`; those loads do not depend on the
  // instruction stream, so the processor issues them early.
  prepareFlagTables(stopAtBreakpoints);
  activeFlags_ = userMode() ? userFlags_.data() : supervisorFlags_.data();
  runEnd_ = instructions_ + budget;
  Decoded* const decodeCache = decoded_.get();
#define dc (decodeCache)
  const uint8_t* flags = activeFlags_;
#define bp (flags)

  uint16_t pc = pc_;
  uint8_t cc = cc_;
  uint64_t left = budget;
  uint64_t clocks = clocks_;
  const Decoded* dp = dc + pc;

// The address of the instruction being executed: its decode-cache entry's index.
#define CUR static_cast<uint16_t>(dp - dc)
#define SYNC()                                  \
  do {                                          \
    pc_ = pc;                                   \
    cc_ = cc;                                   \
    clocks_ = clocks;                           \
    instructions_ = runEnd_ - left;             \
    lastFetch_ = CUR;                           \
    instructionStartClocks_ = clocks - dp->clocks; \
  } while (0)
#define RELOAD()                                                     \
  do {                                                               \
    pc = pc_;                                                        \
    cc = cc_;                                                        \
    clocks = clocks_;                                                \
    activeFlags_ = userMode() ? userFlags_.data() : supervisorFlags_.data(); \
    flags = activeFlags_;                                            \
  } while (0)
#define NEXT()                                           \
  do {                                                   \
    if (__builtin_expect(left == 0, 0)) goto out;        \
    if (__builtin_expect(bp[pc] != 0, 0)) goto bp_check; \
    dp = &dc[pc];                                        \
    ++pc;                                                \
    --left;                                              \
    clocks += dp->clocks;                                  \
    goto* kHandlers[dp->op];                               \
  } while (0)
#define SLOW_READ(a) \
  __builtin_expect(bp[a] & (sim::kFlagRead | kFlagDevice | kFlagFetchViolation), 0)
#define SLOW_WRITE(a) \
  __builtin_expect(bp[a] & (sim::kFlagWrite | kFlagDevice | kFlagFetchViolation), 0)
// The OS's output routines poll DSR and write DDR once per character, so those two registers
// have an inline path when access is allowed (supervisor mode, or the 2nd edition) and no
// watchpoint covers them: DSR always reads ready (the display takes each character at once) and a
// DDR write appends to the output unless it reaches the output limit (then the slow path stops).
#define DSR_INLINE(a) ((a) == addr::kDSR && !(bp[a] & (sim::kFlagRead | kFlagFetchViolation)))
#define DDR_INLINE(a)                                                     \
  ((a) == addr::kDDR && !(bp[a] & (sim::kFlagWrite | kFlagFetchViolation)) && \
   output_.size() + 1 < outputLimit_)
// Loads `a` into `v`; the slow path may raise an exception (then the instruction is abandoned).
#define LOAD(a, v)                           \
  if (SLOW_READ(a)) {                        \
    if (DSR_INLINE(a)) {                     \
      (v) = 0x8000;                          \
    } else {                                 \
      SYNC();                                \
      if (!loadSlow((a), (v))) goto reload;  \
      slow = true;                           \
    }                                        \
  } else {                                   \
    (v) = mem_[a];                           \
  }
#define STORE(a, v)                                    \
  if (SLOW_WRITE(a)) {                                 \
    if (!DDR_INLINE(a)) {                              \
      SYNC();                                          \
      storeSlow((a), (v));                             \
      goto reload;                                     \
    }                                                  \
    lastDisplay_ = (v);                                \
    output_.push_back(static_cast<char>((v) & 0xFF));  \
  } else {                                             \
    mem_[a] = (v);                                     \
    dc[a].op = kUndecoded;                             \
  }                                                    \
  ++stores_;
// Ends an instruction that may have taken a slow path (which may have raised an event).
#define END_MEMORY()          \
  if (slow) goto after_slow;  \
  NEXT()

  if (skipFirstBreakpoint && left != 0) {
    if (bp[pc] & kFlagFetchViolation) goto fetch_violation;
    goto fetch;
  }
  NEXT();

fetch_violation:
  // 3rd edition: user code may not fetch from system space or device space either.
  dp = dc + pc;
  SYNC();
  instructionStartClocks_ = clocks;  // nothing of this instruction was counted yet
  raiseException(vector::kAccessViolation, fetchViolation(pc), Fault::Fetch);
  goto reload;

bp_check:
  if (bp[pc] & kFlagFetchViolation) goto fetch_violation;
  if (bp[pc] & sim::kFlagExecute) {
    SYNC();
    if (const sim::Breakpoint* hit = breakpoints().executeHit(pc, *this)) {
      requestStop(sim::StopReason::Breakpoint,
                  hit->description.empty() ? "breakpoint " + std::to_string(hit->id) : hit->description);
      goto out;
    }
  }
fetch:
  dp = &dc[pc];
  ++pc;
  --left;
  clocks += dp->clocks;
  goto* kHandlers[dp->op];

op_undecoded:
  // The dispatch added the entry's clocks, which belong to the word the entry decoded before a
  // store (or a restored snapshot) reset it: take them back before counting the new word's.
  clocks -= dp->clocks;
  decodeAt(CUR);
  clocks += dp->clocks;
  goto* kHandlers[dp->op];

op_add_reg:
  {
    const uint16_t v = static_cast<uint16_t>(regs_[dp->b] + regs_[dp->c]);
    regs_[dp->a] = v;
    cc = conditionCodes(v);
  }
  NEXT();
op_add_imm:
  {
    const uint16_t v = static_cast<uint16_t>(regs_[dp->b] + dp->imm);
    regs_[dp->a] = v;
    cc = conditionCodes(v);
  }
  NEXT();
op_and_reg:
  {
    const uint16_t v = regs_[dp->b] & regs_[dp->c];
    regs_[dp->a] = v;
    cc = conditionCodes(v);
  }
  NEXT();
op_and_imm:
  {
    const uint16_t v = regs_[dp->b] & dp->imm;
    regs_[dp->a] = v;
    cc = conditionCodes(v);
  }
  NEXT();
op_not:
  {
    const uint16_t v = static_cast<uint16_t>(~regs_[dp->b]);
    regs_[dp->a] = v;
    cc = conditionCodes(v);
  }
  NEXT();

op_br:
  if (cc & dp->a) {
    pc = dp->imm;
    ++clocks;  // state 22
  }
  NEXT();
op_br_always:
  pc = dp->imm;
  ++clocks;
  NEXT();
op_nop:
  NEXT();
op_br_self:
  if (cc & dp->a) {
    ++clocks;
    pc = CUR;
    SYNC();
    selfLoop(CUR);
    if (events_) goto events;
    // Nothing can change the machine any more in this run: jumping to itself forever is exact to
    // fast-forward (unless a breakpoint sits on the loop).
    if (!(bp[CUR] & sim::kFlagExecute) && left != 0) {
      clocks += left * (dp->clocks + 1u);
      left = 0;
    }
  }
  NEXT();

op_jmp:
  pc = regs_[dp->b];
  NEXT();
op_jsr:
  regs_[7] = pc;
  pc = dp->imm;
  NEXT();
op_jsrr: {
  const uint16_t target = regs_[dp->b];  // read before R7 is written (JSRR R7)
  regs_[7] = pc;
  pc = target;
  NEXT();
}

op_ld: {
  bool slow = false;
  const uint16_t a = dp->imm;
  uint16_t v;
  LOAD(a, v);
  regs_[dp->a] = v;
  cc = conditionCodes(v);
  END_MEMORY();
}
op_ldr: {
  bool slow = false;
  const uint16_t a = static_cast<uint16_t>(regs_[dp->b] + dp->imm);
  uint16_t v;
  LOAD(a, v);
  regs_[dp->a] = v;
  cc = conditionCodes(v);
  END_MEMORY();
}
op_ldi: {
  bool slow = false;
  const uint16_t pointer = dp->imm;
  uint16_t a;
  LOAD(pointer, a);
  uint16_t v;
  LOAD(a, v);
  regs_[dp->a] = v;
  cc = conditionCodes(v);
  END_MEMORY();
}
op_lea:
  regs_[dp->a] = dp->imm;
  NEXT();
op_lea_cc:
  regs_[dp->a] = dp->imm;
  cc = conditionCodes(dp->imm);
  NEXT();

op_st: {
  const uint16_t a = dp->imm;
  const uint16_t v = regs_[dp->a];
  STORE(a, v);
  NEXT();
}
op_str: {
  const uint16_t a = static_cast<uint16_t>(regs_[dp->b] + dp->imm);
  const uint16_t v = regs_[dp->a];
  STORE(a, v);
  NEXT();
}
op_sti: {
  bool slow = false;
  const uint16_t pointer = dp->imm;
  uint16_t a;
  LOAD(pointer, a);
  const uint16_t v = regs_[dp->a];
  STORE(a, v);  // a slow store ends at `reload`, which also handles an event of the pointer read
  END_MEMORY();
}

op_trap: {
  // The usual 3rd-edition TRAP inline (A.3: push PSR and PC on the supervisor stack, enter
  // supervisor mode, PC <- M[vector]); executeTrap() handles the 2nd edition, unassigned vectors,
  // TRAP breakpoints and a stack in the device registers. The pushes, like executeTrap()'s, do not
  // fire watchpoints.
  const uint16_t routine = mem_[addr::kTrapTable + dp->imm];
  const uint16_t stackTop = (psr_ & 0x8000) ? savedSsp_ : regs_[6];
  if (__builtin_expect(options_.edition != Edition::Third || routine == 0 || routine == badTrapRoutine_ ||
                           (flagsWithBreakpoints_ && breakpoints().hasPortOrInterrupt()) ||
                           static_cast<uint16_t>(stackTop - 1) >= addr::kDeviceStart ||
                           static_cast<uint16_t>(stackTop - 2) >= addr::kDeviceStart,
                       0)) {
    SYNC();
    executeTrap(static_cast<uint8_t>(dp->imm));
    goto reload;
  }
  const uint16_t oldPsr = static_cast<uint16_t>((psr_ & ~7u) | cc);
  uint16_t sp = regs_[6];
  if (psr_ & 0x8000) {
    savedUsp_ = sp;
    sp = savedSsp_;
    ++clocks;  // state 45, the switch to the supervisor stack
  }
  --sp;
  mem_[sp] = oldPsr;
  dc[sp].op = kUndecoded;
  --sp;
  mem_[sp] = pc;
  dc[sp].op = kUndecoded;
  regs_[6] = sp;
  stores_ += 2;
  psr_ &= 0x7FFF;
  activeFlags_ = supervisorFlags_.data();
  flags = activeFlags_;
  pc = routine;
  ++callDepthDelta_;
  NEXT();
}
op_rti: {
  // RTI from supervisor mode inline (A.3: PC <- M[R6], PSR <- M[R6+1], R6 += 2, back to the user
  // stack if the new PSR is user mode); executeRti() handles the privilege violation, the end
  // of an exception handler and a stack in the device registers.
  if (__builtin_expect((psr_ & 0x8000) || !activeException_.empty() || regs_[6] >= addr::kDeviceStart - 1, 0)) {
    SYNC();
    executeRti();
    goto reload;
  }
  uint16_t sp = regs_[6];
  const uint16_t newPc = mem_[sp];
  ++sp;
  const uint16_t newPsr = mem_[sp];
  ++sp;
  pc = newPc;
  psr_ = newPsr & 0x8707;
  cc = newPsr & 7;
  if (newPsr & 0x8000) {
    savedSsp_ = sp;
    sp = savedUsp_;
  }
  regs_[6] = sp;
  activeFlags_ = userMode() ? userFlags_.data() : supervisorFlags_.data();
  flags = activeFlags_;
  --callDepthDelta_;
  lastPoll_.valid = false;
  if (__builtin_expect(interruptDue(), 0)) {
    SYNC();
    events_ |= kEventInterrupt;
    goto events;
  }
  NEXT();
}
op_device_word: {
  // A fetch from the device registers reads the device, side effects and all (the memory's
  // address decoding sends every access there, as in the micro engine); the word is decoded for
  // this one execution and the entry left undecoded, so the next fetch reads the device again.
  // The PC has been incremented (state 18) when the read happens. The loop then leaves after
  // this instruction, so that whatever the read caused (a verdict, a due interrupt) is seen at once.
  const uint16_t at = CUR;
  SYNC();
  deviceFetchWord_ = readDevice(at);
  decodeInstruction(at, deviceFetchWord_);
  const uint8_t op = dp->op;
  dc[at].op = kUndecoded;
  clocks += dp->clocks;
  runEnd_ -= left;
  left = 0;
  goto* kHandlers[op];
}

op_reserved:
  SYNC();
  raiseException(vector::kIllegalOpcode,
                 "illegal opcode x" + hex4((bp[CUR] & kFlagDevice) ? deviceFetchWord_ : mem_[CUR]) + " at x" + hex4(CUR),
                 Fault::IllegalOpcode);
  goto reload;

after_slow:
  if (events_) {
    SYNC();
    goto events;
  }
  NEXT();

reload:
  RELOAD();
  if (events_) goto events;
  NEXT();

events:
  // The state is synchronised here.
  if (events_ & kEventStop) goto out;
  if (events_ & kEventInterrupt) {
    events_ &= ~kEventInterrupt;
    if (interruptDue()) takeKeyboardInterrupt();
    RELOAD();
    if (events_ & kEventStop) goto out;
  }
  NEXT();

out:
  SYNC();
  if ((events_ & kEventInterrupt) && !(events_ & kEventStop)) {
    events_ &= ~kEventInterrupt;
    if (interruptDue()) takeKeyboardInterrupt();
  }
  activeFlags_ = nullptr;

#undef CUR
#undef dc
#undef bp
#undef SYNC
#undef RELOAD
#undef NEXT
#undef SLOW_READ
#undef SLOW_WRITE
#undef DSR_INLINE
#undef DDR_INLINE
#undef LOAD
#undef STORE
#undef END_MEMORY
}

}  // namespace asmlab::lc3sim
