// The 8086-family CPU core (real mode): 8086, 8088, and the real-mode additions of the 80186,
// 80286 and 80386 that course code uses with 16-bit segments.
//
// Where to look: the opcode map is in src/opcode_map.hpp (one switch on the first byte), the
// manual's clocks in src/timing.hpp, the bus interface unit of the cycle model (prefetch queue,
// T-states) in src/biu.hpp, execution in one file per instruction family (src/arith.cpp,
// logic.cpp, shift_rotate.cpp, muldiv.cpp, bcd.cpp, string.cpp, control.cpp, stack.cpp,
// flags.cpp, io.cpp, ext186.cpp, ext386.cpp), each body carrying both models' clock accounting.
// docs/x86-cpu.md explains the design and the undocumented behaviour.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "asmlab/x86/bus.hpp"
#include "asmlab/x86/bus_trace.hpp"
#include "asmlab/x86/registers.hpp"

namespace asmlab::x86 {

enum class CpuModel : uint8_t { i8086, i8088, i80186, i80286, i80386 };
std::string_view cpuModelName(CpuModel model);
// Parses "8086", "8088", "80186"/"186", "80286"/"286", "80386"/"386"; false when unknown.
bool parseCpuModel(std::string_view text, CpuModel& model);

// Why run() returned.
enum class RunStop : uint8_t { InstructionLimit, ClockLimit, Breakpoint, Halted, Requested };

class Cpu {
public:
  explicit Cpu(Bus& bus, CpuModel model = CpuModel::i8086);

  CpuModel model() const { return model_; }
  Bus& bus() { return bus_; }
  // Power-on state: CS:IP = FFFF:0000, flags cleared, other registers zero (manual, 2.10 "Reset").
  void reset();

  // ---- registers --------------------------------------------------------------------------
  RegisterFile registers() const;
  void setRegisters(const RegisterFile& r);
  uint16_t reg16(Reg16 r) const { return gpr_[r].w[0]; }
  void setReg16(Reg16 r, uint16_t v) { gpr_[r].w[0] = v; }
  uint32_t reg32(Reg16 r) const { return gpr_[r].d; }
  void setReg32(Reg16 r, uint32_t v) { gpr_[r].d = v; }
  uint8_t reg8(Reg8 r) const { return gpr_[r & 3].b[r >> 2]; }
  void setReg8(Reg8 r, uint8_t v) { gpr_[r & 3].b[r >> 2] = v; }
  uint16_t seg(SegReg s) const { return sreg_[s]; }
  void setSeg(SegReg s, uint16_t v) {
    loadSeg(s, v);
    if (s == CS) resetBiu();
  }
  uint16_t ip() const { return ip_; }
  void setIp(uint16_t v) { ip_ = v; resetBiu(); }
  uint16_t flags() const;
  void setFlags(uint16_t v);
  // Physical address of CS:IP (wrapped to the address width).
  uint32_t linearPc() const { return (segBase_[CS] + ip_) & addressMask_; }
  // The first 80186 opcode an 8086/8088 ran as the instruction it decodes it as (60h-6Fh as the
  // jumps 70h-7Fh, C0h/C1h as RET, C8h/C9h as RETF): a program assembled for the 80186 run on an
  // 8086. op is 0 until one runs; CS:IP is the opcode's.
  struct AliasedOpcode {
    uint8_t op = 0;
    uint16_t cs = 0, ip = 0;
  };
  const AliasedOpcode& firstAliasedOpcode() const { return aliased_; }

  // ---- timing -------------------------------------------------------------------------------
  // Manual (the default) adds the Intel manual's clocks per instruction; Cycle runs the bus
  // interface unit clock by clock (8086 and 8088 only: returns false for later models and keeps
  // the manual model). Switching empties the prefetch queue.
  bool setTimingModel(TimingModel model);
  TimingModel timingModel() const { return timing_; }
  // Cycle model: receives one record per clock (nullptr: none). Costs one test per clock.
  void setClockSink(ClockSink* sink) { clockSink_ = sink; }
  // Cycle model, IBM PC: a DMA memory refresh cycle every `period` clocks (0: none), as DMA
  // channel 0 driven by PIT channel 1 does on the PC (IBM 5150 Technical Reference): the DMA
  // takes the bus for 4 clocks when the CPU's bus is passive or in T3/Tw/T4, holding READY low
  // for 6, so a CPU bus cycle reaching T3 meanwhile waits (Tw).
  void setRefreshPeriod(unsigned period) {
    biu_.refreshPeriod = period;
    biu_.nextRefresh = clocks_ + period;
  }
  unsigned refreshPeriod() const { return biu_.refreshPeriod; }
  // The prefetch queue (cycle model; empty under the manual model), oldest byte first.
  std::vector<uint8_t> prefetchQueue() const;
  // Loads the queue as a test starts (the bytes at CS:IP onward); the fetch pointer follows it.
  void loadPrefetchQueue(const std::vector<uint8_t>& bytes);
  // Empties the queue: after the platform changed code bytes or CS:IP behind the CPU's back.
  void flushPrefetchQueue() { resetBiu(); }
  // What registers() does not hold: the bus interface unit (the queue, the bus cycle in
  // progress, its address phase, the refresh schedule), the clock and instruction counters and
  // the pending signals. A snapshot keeps it beside the registers so that a restored CPU runs on
  // exactly as it did: under the cycle model an instruction's clocks depend on all of it.
  struct InternalState;
  InternalState internalState() const;
  // Call after setRegisters(), which empties the queue.
  void setInternalState(const InternalState& state);

  // ---- execution ----------------------------------------------------------------------------
  // Executes one instruction with its prefixes, or enters one pending interrupt (NMI, INTR,
  // single-step trap), or idles one clock while halted. Returns the clocks it took.
  unsigned step();
  // Steps until maxInstructions instructions ran, clockCount() reached clockLimit, CS:IP hit an
  // execute breakpoint (checked before every instruction but the first), or the CPU halted with
  // interrupts disabled (or no controller to wake it), or endRunAfterThisInstruction() was called.
  RunStop run(uint64_t maxInstructions, uint64_t clockLimit = UINT64_MAX);
  // For a device or firmware hook that ends the program during an instruction (DOS exit, the
  // output limit): run() returns at the next boundary, so no instruction runs after the stop and
  // the counts do not depend on how the platform divides its run into calls.
  void endRunAfterThisInstruction() { signals_.is.leave = 1; }

  uint64_t instructionCount() const { return instructions_; }
  // Manual model: the clocks at the start of the current instruction, so a device read or
  // written during an instruction (IN, OUT, a memory-mapped register) sees the time the
  // instruction began. Cycle model: the clock of the bus cycle's data transfer (T3). Between
  // instructions, the total.
  uint64_t clockCount() const { return timing_ == TimingModel::Cycle ? clocks_ : instructionStartClocks_; }
  unsigned lastInstructionClocks() const { return lastClocks_; }
  bool halted() const { return signals_.is.halted; }
  // Counts of internal exceptions taken (divide error, INT 6, BOUND, ...), for the grader.
  uint64_t exceptionCount() const { return exceptions_; }
  // The last divide error the CPU raised itself (DIV, IDIV, AAM 0): what it divided, so that a
  // handler's message can say why. A program's own INT 0 leaves it alone.
  struct DivideFault {
    uint64_t exception = 0;   // its number among exceptionCount()'s (0: none yet)
    uint16_t cs = 0, ip = 0;  // the return address it pushed
    unsigned bits = 8;        // the divisor's width: 8, 16 or 32
    bool isSigned = false;    // IDIV
    bool aam = false;         // AAM with base 0 (AL divided by 0)
    uint64_t dividend = 0;    // AX, DX:AX or EDX:EAX as the instruction read them
    uint32_t divisor = 0;
  };
  const DivideFault& lastDivideFault() const { return divideFault_; }

  // ---- external signals ---------------------------------------------------------------------
  void setInterruptController(InterruptController* pic) { pic_ = pic; syncSignals(); }
  // NMI is edge-triggered: one call, one interrupt 2 at the next instruction boundary.
  void raiseNmi() { signals_.is.nmi = true; }
  // A20 gate (80286/80386 only; the 8086 family wraps at 1 MiB regardless).
  void setA20(bool enabled);
  bool a20() const { return addressMask_ != 0xFFFFF; }

  // ---- debugger hooks (test flags, not callbacks, on the hot path) --------------------------
  // A per-physical-address flag table (asmlab::sim::BreakpointSet::flagTable()); run() stops
  // before executing at an address whose flag has bit `mask` set. The table is read live (the
  // debugger may change flags between runs); run()'s fast path tests the flag of CS:IP through a
  // window on the code segment, one byte test per instruction.
  void setBreakpointTable(const uint8_t* flags, uint32_t size, uint8_t mask = 1) {
    breakFlags_ = flags; breakSize_ = size; breakMask_ = mask;
    updateBreakWindow();
  }
  // Called after every instruction when set; costs one test when unset.
  using TraceHook = std::function<void(const Cpu&)>;
  void setTraceHook(TraceHook hook) { trace_ = std::move(hook); updateBreakWindow(); }
  // Re-reads the bus's fast RAM pages (after the bus mapping or a watched page changed).
  void invalidateFastPages();
  // Side-effect-free read of physical memory for debuggers.
  uint8_t peek8(uint32_t physical) const { return bus_.peek8(physical & addressMask_); }
  uint8_t peek8(uint16_t segment, uint16_t offset) const { return peek8((uint32_t{segment} << 4) + offset); }

private:
  // Per-instruction decode state (prefixes, ModRM).
  struct ModRM {
    uint8_t mod = 0, reg = 0, rm = 0;
    uint8_t seg = DS;      // segment of a memory operand
    uint32_t offset = 0;   // effective address
    bool isReg() const { return mod == 3; }
  };
  // The instruction bodies are templates on the timing model: one implementation of each
  // instruction, with its clock accounting as calls that one model or the other compiles away
  // (manual<Tm>: the Intel manual's clocks; eu<Tm>: execution-unit clocks of the cycle model).
  using Tm = TimingModel;
  static constexpr Tm kManual = TimingModel::Manual, kCycle = TimingModel::Cycle;

  // ---- cpu.cpp: core loop, interrupts ----
  template <Tm M> void executeInstruction();
  template <Tm M, bool Breakpoints> RunStop runLoop(uint64_t target, uint64_t clockLimit);
  template <Tm M> unsigned stepOne();
  template <Tm M> bool enterPendingInterrupt();
  template <Tm M> void serviceBoundary();
  template <Tm M> void enterInterrupt(uint8_t vector, uint16_t returnIp);
  template <Tm M> void raiseException(uint8_t vector, uint16_t returnIp);
  template <Tm M> void undefinedOpcode();
  void loadSeg(unsigned s, uint16_t v) {
    sreg_[s] = v;
    segBase_[s] = uint32_t{v} << 4;
    if (s == CS) updateCodeWindow();
  }
  void updateCodeWindow();
  void updateBreakWindow();
  void rebuildFastPages();

  // ---- memory, fetch and timing policy (cpu_inline.hpp; the cycle model's side in biu.hpp) ----
  template <Tm M> uint8_t fetchFirst();  // an opcode or prefix byte (queue status F)
  template <Tm M> uint8_t fetch8();      // a later byte: ModRM, displacement, immediate (S)
  template <Tm M> uint16_t fetch16() { uint8_t lo = fetch8<M>(); return static_cast<uint16_t>(lo | (fetch8<M>() << 8)); }
  template <Tm M> uint32_t fetch32() { uint32_t lo = fetch16<M>(); return lo | (uint32_t{fetch16<M>()} << 16); }
  template <Tm M, class T> T fetchImm();
  template <Tm M, class T> T immediate();  // fetchImm with the cycle model's clocks
  uint8_t readPhys8(uint32_t linear);
  void writePhys8(uint32_t linear, uint8_t v);
  uint8_t readDevice8(uint32_t linear);  // not fast RAM: through the bus, with wait states
  void writeDevice8(uint32_t linear, uint8_t v);
  template <Tm M, class T> T readMem(unsigned seg, uint32_t offset);
  template <Tm M, class T> void writeMem(unsigned seg, uint32_t offset, T v);
  uint32_t wrapOffset(uint32_t offset) const { return addr32_ ? offset : (offset & 0xFFFF); }
  void wordPenalty(uint32_t offset, unsigned bytes);
  // The manual model's clocks for what just ran (no-op under the cycle model).
  template <Tm M> void manual(unsigned clocks) { if constexpr (M == kManual) clocks_ += clocks; }
  // Execution-unit clocks of the cycle model (no-op under the manual model).
  template <Tm M> void eu(unsigned clocks) { if constexpr (M == kCycle) euClocks(clocks); }
  // A transfer of control: IP changes (and CS when `far`); the cycle model empties the queue.
  template <Tm M> void jumpTo(uint16_t ip);
  template <Tm M> void relativeJump(int16_t rel);

  // ---- biu.hpp: the bus interface unit of the cycle model ----
  void tick();                                   // end this clock, enter the next
  void euClocks(unsigned n) {
    biu_.euActivity = EuActivity::Execute;
    for (unsigned i = 0; i < n; ++i) tick();
  }
  uint8_t queueRead(QueueOp op);
  template <class T> T busRead(BusStatus kind, unsigned seg, uint32_t offset);
  template <class T> void busWrite(BusStatus kind, unsigned seg, uint32_t offset, T v);
  void busRequest(BusStatus kind, unsigned seg, uint32_t address, uint16_t data, unsigned width);
  void waitForBus(bool read);
  void startCycle();
  void transfer();
  void writeGoesOn();
  void refreshDma();
  uint8_t readCode8(uint32_t linear);
  void pushFetched();
  void decideAfterT2();
  void suspendPrefetch();
  void correctIp() {}
  void flushQueue();
  void haltBus();
  uint8_t interruptAcknowledge();
  void emitClock();
  bool queueHasRoom() const { return biu_.length <= biu_.roomAt; }
  void resetBiu();
  // Cycle model, at the end of an instruction: the clocks until the next opcode byte can be taken
  // belong to this instruction (the conformance records count from one opcode to the next),
  // unless an interrupt is to be entered instead.
  void awaitNextOpcode() {
    biu_.euActivity = EuActivity::QueueEmpty;
    while (biu_.length == 0) {
      if (signals_.is.nmi || signals_.is.trap || signals_.is.halted) return;
      if (signals_.is.intr && if_ && pic_ != nullptr && pic_->pending()) return;
      tick();
    }
    biu_.euActivity = EuActivity::Execute;
  }

  // ---- opcode_map.hpp: the opcode map; ModRM decoding ----
  template <Tm M> void dispatch(uint8_t opcode);
  template <Tm M> void dispatch0F();
  template <Tm M> void decodeModRM(ModRM& m);
  template <Tm M> void decodeModRM(ModRM& m, uint8_t modrmByte);
  template <Tm M> ModRM decodeModRM32(ModRM m);  // by value: the hot callers' ModRM stays in host registers
  unsigned dataSeg(unsigned defaultSeg) const { return segOverride_ >= 0 ? unsigned(segOverride_) : defaultSeg; }

  // ---- cpu_inline.hpp: operands and flag rules ----
  template <class T> T& regRef(unsigned r);
  template <class T> [[gnu::always_inline]] T getReg(unsigned r) { return regRef<T>(r); }
  template <class T> [[gnu::always_inline]] void setReg(unsigned r, T v) { regRef<T>(r) = v; }
  template <Tm M, class T> [[gnu::always_inline]] T readRM(const ModRM& m) { return m.isReg() ? getReg<T>(m.rm) : readMem<M, T>(m.seg, m.offset); }
  template <Tm M, class T> [[gnu::always_inline]] void writeRM(const ModRM& m, T v) { if (m.isReg()) setReg<T>(m.rm, v); else writeMem<M, T>(m.seg, m.offset, v); }
  template <class T> void setSZP(T result);
  template <class T> T alu(unsigned op, T a, T b);  // ADD OR ADC SBB AND SUB XOR CMP
  template <class T> T add(T a, T b, unsigned carry);
  template <class T> T sub(T a, T b, unsigned borrow);
  template <class T> T logicResult(T r);
  template <class T> T incDec(T v, bool dec);
  template <Tm M> void push16(uint16_t v);
  template <Tm M> uint16_t pop16();
  template <Tm M> void push32(uint32_t v);
  template <Tm M> uint32_t pop32();
  template <Tm M, class T> void pushValue(T v);
  template <Tm M, class T> T popValue();

  // ---- one entry point per family, called from the opcode map ----
  template <Tm M, uint8_t Op> void execAlu();  // cpu_inline.hpp (hot path)
  template <Tm M, class T, uint8_t Op> void aluForm();
  template <Tm M> void execGroup1(uint8_t op);       // arith.cpp
  template <Tm M> void execGroup3(uint8_t op);       // arith.cpp
  template <Tm M, uint8_t Op> void execIncDecReg();  // cpu_inline.hpp (hot path)
  template <Tm M> void execConvert(uint8_t op);      // arith.cpp
  template <Tm M> void execTest(uint8_t op);         // logic.cpp
  template <Tm M> void execMulDiv(const ModRM& m, bool word);  // muldiv.cpp
  template <Tm M, class T> void mulDiv(const ModRM& m, unsigned kind);
  template <Tm M>
  void divideError(DivideFault fault);
  template <Tm M> void execBcd(uint8_t op);          // bcd.cpp
  template <Tm M> void daa();
  template <Tm M> void das();
  template <Tm M> void aaa();
  template <Tm M> void aas();
  template <Tm M> void aam(uint8_t base);
  template <Tm M> void aad(uint8_t base);
  template <Tm M> void execShiftGroup(uint8_t op);   // shift_rotate.cpp
  template <class T> T shiftRotate(unsigned op, T value, unsigned count);
  template <class T> T setmo(T value, unsigned count);
  template <Tm M> void execString(uint8_t op);       // string.cpp
  template <Tm M, class T> void stringOp(uint8_t op);
  template <Tm M, class T> void stringIteration(uint8_t op);
  template <Tm M> void execJcc(uint8_t op);          // cpu_inline.hpp (hot path)
  template <Tm M, unsigned Cc> void execJcc();
  template <Tm M, uint8_t Op> void execLoop();  // cpu_inline.hpp (hot path): E0h-E3h
  template <Tm M> void execJmpShort();          // cpu_inline.hpp (hot path): EBh
  template <Tm M> void execControl(uint8_t op);
  template <Tm M> void execGroup45(uint8_t op);
  bool condition(unsigned cc) const;
  template <Tm M> void farTransfer(uint16_t segment, uint16_t offset);
  template <Tm M> void farCall(uint16_t segment, uint16_t offset, uint16_t returnIp);
  template <Tm M> void execPushPopSeg(uint8_t op);   // stack.cpp
  template <Tm M> void execStack(uint8_t op);
  template <Tm M> void pushRegister(unsigned r);
  void segmentLoaded(unsigned s);
  template <Tm M, uint8_t Op> void execMov();        // cpu_inline.hpp (hot path): 88h-8Bh
  template <Tm M, class T, uint8_t Op> void movForm();
  template <Tm M, uint8_t Op> void execMovRegImm();  // cpu_inline.hpp (hot path): B0h-BFh
  template <Tm M> void execTransfer(uint8_t op);     // transfer.cpp
  int segmentField(unsigned reg) const;
  template <Tm M> void execFlagOp(uint8_t op);       // flags.cpp
  template <Tm M> void execProcessorControl(uint8_t op);
  template <Tm M> void execIo(uint8_t op);           // io.cpp
  template <Tm M, class T> T portIn(uint16_t port);
  template <Tm M, class T> void portOut(uint16_t port, T v);
  template <Tm M> void exec186(uint8_t op);          // ext186.cpp
  template <Tm M, class T> void pusha();
  template <Tm M, class T> void popa();
  template <Tm M, class T> bool bound(const ModRM& m);
  template <class T> T imul3(T a, T b);
  template <Tm M> void enter();
  template <Tm M> void leave();
  template <Tm M> void setcc(unsigned cc);           // ext386.cpp
  template <Tm M> void movExtend(bool byteSource, bool isSigned);
  template <Tm M, class T> void bitTest(unsigned op, ModRM m, uint32_t bitOffset, bool registerOffset);
  template <Tm M, class T> void doubleShift(bool left, bool byCl);
  template <Tm M, class T> void bitScan(bool reverse);

  // ---- state ----
  Bus& bus_;
  CpuModel model_;
  TimingModel timing_ = TimingModel::Manual;
  ClockSink* clockSink_ = nullptr;

  // The bus interface unit of the cycle model (src/biu.hpp): the prefetch queue, the bus
  // cycle in progress and the address phase of the next one.
  enum class Phase : uint8_t { None, Tr, Ts, T0, Ready, Wait };
  enum class Owner : uint8_t { Prefetch, Eu };
  struct BusCycle {
    BusStatus kind = BusStatus::Passive;
    BusSegment segment = BusSegment::None;
    uint32_t address = 0;     // physical address, or the port
    uint16_t data = 0;        // written data, or the data read (on the transfer's lanes)
    uint8_t width = 1;        // bytes moved: 1 or 2
    bool bhe = false;
    bool last = true;         // the last transfer of the EU's operation (or a code fetch)
    bool discard = false;     // a code fetch whose bytes a flush made stale
    uint8_t waits = 0;        // wait states (Tw) the device asks for
    bool acknowledge = false; // the INTA cycle that reads the vector (the second)
    bool released = false;    // a write that already let the EU go on (it does so once)
  };
  struct BiuState {
    uint8_t queue[8]{};
    uint8_t head = 0, length = 0;
    uint8_t size = 6, roomAt = 4, fetchWidth = 2, policyLength = 3;  // 8086; 8088: 4, 3, 1, 3
    uint16_t fetchIp = 0;                  // offset in CS of the next code fetch
    TState t = TState::Ti;                 // T-state of the current clock
    BusCycle cur;                          // the cycle in progress (T1..T4)
    Phase phase = Phase::None;             // address phase of the next cycle (Tr Ts T0)
    Owner owner = Owner::Prefetch;
    uint8_t delay = 0;                     // prefetch policy delay: clocks left before Tr
    bool wantFetch = false;                // start a prefetch as soon as the queue has room
    bool suspended = false;                // SUSP: no prefetch until the next flush
    bool euWaiting = false;                // the EU asked for the bus (op in `op` below)
    bool euDone = false;                   // the EU's operation reached its resume point
    bool readThisClock = false;
    // The EU's operation: up to two transfers (a word at an odd address on the 8086, any word
    // on the 8088), run back to back.
    BusCycle op[2];
    uint8_t opCount = 0, opNext = 0;
    uint16_t opResult = 0;
    QueueOp qop = QueueOp::None, shownQop = QueueOp::None;  // this clock's, and the last shown
    uint8_t qbyte = 0, shownQbyte = 0;
    unsigned refreshPeriod = 0;            // PC DMA refresh (0: none)
    uint64_t nextRefresh = 0;              // clock of the next refresh request (DREQ0)
    bool refreshPending = false;           // requested, waiting for the bus
    uint64_t dmaUntil = 0;                 // a DMA cycle owns the bus before this clock
    uint64_t readyLowUntil = 0;            // READY is held low before this clock
    // For the clock records only: what the EU does in the clocks being ticked, why a Tw waits.
    EuActivity euActivity = EuActivity::Execute;
    WaitCause waitCause = WaitCause::None;
  } biu_;
  bool is8088_ = false, has186_ = false, has286_ = false, has386_ = false;
  AliasedOpcode aliased_;
  void noteAliased(uint8_t op) {
    if (aliased_.op == 0) aliased_ = {op, sreg_[CS], static_cast<uint16_t>(ip_ - 1)};
  }
  InterruptController* pic_ = nullptr;

  GeneralRegister gpr_[8]{};
  uint16_t sreg_[6]{};
  uint32_t segBase_[6]{};
  uint16_t ip_ = 0;
  // Flags kept one per byte (0 or 1) so arithmetic writes them without read-modify-write.
  // PF and AF, rarely read, are kept as the bytes they derive from and computed when read:
  // PF = even parity of parityByte_ (the low byte of the last result), AF = bit 4 of auxByte_
  // (a ^ b ^ result of the last addition or subtraction).
  uint8_t cf_ = 0, tf_ = 0, if_ = 0, df_ = 0, of_ = 0;
  // ZF and SF share one word, written with one store per result: the result sign-extended to 64
  // bits. ZF = its low 32 bits are zero, SF = its sign. Any pair can be set (ZF and SF both set
  // is FFFFFFFF00000000h).
  int64_t szResult_ = 1;
  bool zf() const { return uint32_t(szResult_) == 0; }
  bool sf() const { return szResult_ < 0; }
  void setZfSf(bool z, bool s) { szResult_ = s ? (z ? int64_t(0xFFFFFFFF00000000ull) : -1) : (z ? 0 : 1); }
  void setZf(bool z) { setZfSf(z, sf()); }
  uint8_t parityByte_ = 1, auxByte_ = 0;
  bool pf() const;
  bool af() const { return (auxByte_ >> 4) & 1; }
  void setPf(bool v) { parityByte_ = v ? 0 : 1; }
  void setAf(bool v) { auxByte_ = uint8_t(v << 4); }
  uint16_t flagsUpper_ = 0xF000;  // read-only upper bits on this model (F000h before the 80286)

  // Current instruction.
  int8_t segOverride_ = -1;
  uint8_t rep_ = 0;          // 0, F2h (REPNE) or F3h (REP/REPE)
  bool op32_ = false, addr32_ = false;
  uint16_t instrStart_ = 0;  // IP of the first prefix
  uint16_t opcodeIp_ = 0;    // IP of the opcode byte
  uint32_t lastEa_ = 0;      // last effective address (the 8086 reuses it for LEA/LDS reg,reg)
  // Clocks: instructions add theirs to the running total `clocks_` as they go; the run loop
  // notes where each instruction started instead of resetting and adding a per-instruction sum.
  uint64_t clocks_ = 0;
  uint64_t instructionStartClocks_ = 0;
  unsigned lastClocks_ = 0;  // clocks of the last instruction (step(), or run()'s last)

  // Signals.
  // Pending conditions tested together at every instruction boundary (one 64-bit load).
  // `tf`, `intr` and `hooks` mirror other state so that run() leaves its fast path on a single
  // test. `intr` means "poll the interrupt controller at the next boundary": it is set when IF
  // is set and the controller's line may have changed (run()/step() entry, IF set, any bus
  // access that reached a device: I/O ports and non-RAM memory) and cleared when a poll finds
  // the line low, since only the platform (between runs) or a device access can raise it.
  // `hooks` is a trace hook, or a breakpoint table the fast path's window cannot cover; `leave`
  // asks run() to return (endRunAfterThisInstruction).
  union Signals {
    struct {
      uint8_t halted, nmi, trap, shadow, tf, intr, hooks, leave;
    } is;
    uint64_t any;
  } signals_{};
  static constexpr uint64_t kBoundarySignals = 0x0000FF00FFFFFFFFull;  // halted nmi trap shadow intr
  void syncSignals() {
    signals_.is.tf = tf_;
    armInterruptPoll();
  }
  void armInterruptPoll() { signals_.is.intr = pic_ != nullptr && if_; }

  uint32_t addressMask_ = 0xFFFFF;
  // One entry per 4 KiB page of the widest physical space (21 bits with A20 on the 80286/80386).
  uint8_t* fastRead_[0x200000 >> Bus::kPageBits]{};
  uint8_t* fastWrite_[0x200000 >> Bus::kPageBits]{};
  // When the whole 64 KiB code segment is fast RAM laid out contiguously, code is fetched from
  // codeWindow_[IP] directly (rebuilt on every CS load and fast-page change).
  const uint8_t* codeWindow_ = nullptr;

  uint64_t instructions_ = 0, exceptions_ = 0;
  DivideFault divideFault_;
  const uint8_t* breakFlags_ = nullptr;
  // breakWindow_[IP] is the breakpoint flag of CS:IP (a table of zeros without breakpoints);
  // rebuilt with the code window on every CS load.
  const uint8_t* breakWindow_ = nullptr;
  uint32_t breakSize_ = 0;
  uint8_t breakMask_ = 1;
  TraceHook trace_;
};

struct Cpu::InternalState {
  BiuState biu;
  uint64_t clocks = 0, instructionStartClocks = 0, instructions = 0, exceptions = 0;
  unsigned lastClocks = 0;
  uint32_t lastEa = 0;
  uint8_t halted = 0, nmi = 0, trap = 0, shadow = 0;
};

}  // namespace asmlab::x86
