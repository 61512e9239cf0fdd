// The LC-3 as an asmlab::sim::Machine: registers, PSR and the two stack pointers, 64K words of
// memory, the keyboard/display/machine-control devices, keyboard interrupts, the three exceptions,
// and the Appendix C clock count. Both editions of Patt & Patel are modelled; docs/lc3-simulator.md
// lists every difference and every decision.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/lc3/object.hpp"
#include "asmlab/lc3sim/micro_view.hpp"
#include "asmlab/lc3sim/microcode.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::lc3sim {

enum class Edition : uint8_t { Second = 2, Third = 3 };

// Addresses fixed by the architecture (Patt & Patel 3rd ed., Table A.3 and section 9.1).
namespace addr {
inline constexpr uint16_t kTrapTable = 0x0000;
inline constexpr uint16_t kInterruptTable = 0x0100;
inline constexpr uint16_t kOsStart = 0x0200;
inline constexpr uint16_t kUserStart = 0x3000;
inline constexpr uint16_t kDeviceStart = 0xFE00;
inline constexpr uint16_t kKBSR = 0xFE00;
inline constexpr uint16_t kKBDR = 0xFE02;
inline constexpr uint16_t kDSR = 0xFE04;
inline constexpr uint16_t kDDR = 0xFE06;
inline constexpr uint16_t kPSR = 0xFFFC;
inline constexpr uint16_t kMCR = 0xFFFE;
}  // namespace addr

// Interrupt vector table entries (x0100 + vector).
namespace vector {
inline constexpr uint8_t kPrivilegeViolation = 0x00;
inline constexpr uint8_t kIllegalOpcode = 0x01;
inline constexpr uint8_t kAccessViolation = 0x02;
inline constexpr uint8_t kKeyboard = 0x80;
}  // namespace vector

// How the machine executes: Fast steps whole instructions and adds up the clocks of their
// Appendix C state sequences; Micro runs the control store one microinstruction per clock. Both
// give the same architectural results and the same clock counts (with the standard store).
enum class Engine : uint8_t { Fast, Micro };

// The privilege a program starts in. Auto follows the course simulator (lc3tools): user mode when
// the start address lies in user space (x3000-xFDFF), supervisor mode otherwise.
enum class Privilege : uint8_t { Auto, User, Supervisor };

struct Options {
  Edition edition = Edition::Third;
  Engine engine = Engine::Fast;
  // The micro engine's control store; nullptr = the edition's standard store.
  std::shared_ptr<const ControlStore> controlStore;
  // M: clocks per memory access (the states that wait for the memory's R signal, Appendix C).
  unsigned memoryLatency = 5;
  // Fill R0-R7 and every word that neither the OS nor the program occupies from a PRNG seeded
  // with this value, so that graders catch programs that use uninitialised state. Unset = zeros.
  std::optional<uint64_t> randomSeed;
  // The operating system image (trap and interrupt vector tables, service routines, exception
  // handlers); nullptr = bare machine (no vectors: traps and exceptions stop the run).
  const lc3::ObjectImage* operatingSystem = nullptr;
  // Start at the OS boot code (x0200) in supervisor mode instead of directly in the state that
  // boot leaves behind (user mode, PSR x8002, PC = program entry, supervisor stack x3000).
  bool runBootCode = false;
  // Print the OS's "--- Halting the LC-3 ---" banner on HALT.
  bool haltBanner = true;
};

struct CompiledRow;   // src/micro/datapath.hpp
struct MicroProgram;

class Lc3Machine final : public sim::Machine {
public:
  explicit Lc3Machine(Options options = {});
  ~Lc3Machine() override;

  // Loads a program's blocks (in order, so a later block's words replace an earlier one's where
  // they overlap) and symbols. The first program loaded sets the start address: the origin of its
  // first block, or x3000 when that origin is x0000 (the course simulator then boots into x3000).
  // May be called several times (several object files).
  void loadProgram(const lc3::ObjectImage& image);
  // Starts the program at `pc` in `privilege` instead (then resets the machine, as after loading).
  void setStart(uint16_t pc, Privilege privilege = Privilege::Auto);
  uint16_t startAddress() const { return entry_; }
  // Whether the machine starts (started) in supervisor mode, by the rule of Privilege::Auto when
  // no privilege was chosen.
  bool startsInSupervisorMode() const;
  // Applies the seeded randomisation (Options::randomSeed) and places the PC at the entry point.
  // Called by the loader after every program has been loaded; idempotent state otherwise.
  void reset();

  const Options& options() const { return options_; }
  Edition edition() const { return options_.edition; }

  // sim::Machine ------------------------------------------------------------------------------
  std::string_view architecture() const override { return "lc3"; }
  const std::vector<sim::RegisterInfo>& registers() const override;
  uint64_t readRegister(size_t index) const override;
  void writeRegister(size_t index, uint64_t value) override;
  uint64_t programCounter() const override { return pc_; }
  void setProgramCounter(uint64_t address) override {
    pc_ = static_cast<uint16_t>(address);
    lastPoll_.valid = false;
  }

  uint64_t memorySize() const override { return 0x10000; }
  unsigned memoryUnitBits() const override { return 16; }
  uint32_t peek(uint64_t address) const override;
  void poke(uint64_t address, uint32_t value) override;

  sim::StopInfo run(const sim::RunLimits& limits) override;
  sim::StopInfo step() override;
  sim::StopInfo stepOver(const sim::RunLimits& limits) override;
  sim::StopInfo stepOut(const sim::RunLimits& limits) override;
  void requestPause() override { pauseRequested_.store(true, std::memory_order_relaxed); }

  uint64_t instructionCount() const override { return instructions_; }
  uint64_t clockCount() const override { return clocks_; }
  uint64_t lastInstructionClocks() const override { return lastClocks_; }
  const sim::StopInfo& lastStop() const override { return lastStop_; }

  std::string disassemble(uint64_t address, unsigned* length = nullptr) const override;
  void setTraceSink(std::function<void(const sim::TraceEvent&)> sink) override { trace_ = std::move(sink); }

  void feedInput(std::string_view text) override;
  void closeInput() override { inputClosed_ = true; }
  bool inputClosed() const override { return inputClosed_; }
  const std::string& output() const override { return output_; }
  void clearOutput() override { output_.clear(); }

  std::unique_ptr<sim::MachineSnapshot> saveSnapshot() const override;
  void restoreSnapshot(const sim::MachineSnapshot& snapshot) override;

  // LC-3 specifics --------------------------------------------------------------------------
  uint16_t reg(unsigned r) const { return regs_[r & 7]; }
  uint16_t psr() const { return static_cast<uint16_t>((psr_ & ~7u) | cc_); }
  bool userMode() const { return (psr_ & 0x8000) != 0; }
  uint16_t savedSsp() const { return savedSsp_; }
  uint16_t savedUsp() const { return savedUsp_; }
  bool halted() const { return (mcr_ & 0x8000) == 0; }
  // Characters fed but not yet read by the program.
  size_t pendingInput() const { return input_.size() - inputPos_; }

  // The microcoded engine (Options::engine == Engine::Micro) --------------------------------------
  bool microcoded() const { return options_.engine == Engine::Micro; }
  // The store the micro engine runs (the standard one for the edition unless Options say otherwise).
  const ControlStore& controlStore() const;
  // Executes one clock: one microinstruction (on the fast engine, one instruction). Breakpoints
  // are not tested; a stop the clock causes (halt, exception, watchpoint) is reported at once.
  sim::StopInfo stepClock();
  // True between instructions: at the start of state 18 (always, on the fast engine).
  bool atInstructionBoundary() const;
  // The datapath and the clock about to run (empty values on the fast engine).
  MicroView microView() const;
  // Called after every clock the micro engine executes; empty = off (and free).
  void setClockTraceSink(std::function<void(const MicroClockEvent&)> sink) { clockTrace_ = std::move(sink); }

  // The index of each register in registers().
  enum RegisterIndex : size_t { kR0 = 0, kPC = 8, kPSR = 9, kSavedSSP = 10, kSavedUSP = 11 };

private:
  struct Decoded;
  class Snapshot;
  struct MicroState;
  enum Event : uint32_t {
    kEventStop = 1,       // pendingStop_ holds the verdict
    kEventInterrupt = 2,  // an interrupt may have become due
  };
  enum class Exec : uint8_t { Continue, Abort };

  // The run loop: executes at most `budget` instructions (fewer when an event stops it).
  void execute(uint64_t budget, bool stopAtBreakpoints, bool skipFirstBreakpoint);
  sim::StopInfo runLoop(const sim::RunLimits& limits, bool skipBreakpointAtStart);
  sim::StopInfo finish(sim::StopInfo info);

  void decodeAt(uint16_t address);
  void decodeInstruction(uint16_t address, uint16_t word);  // into the decode cache entry of `address`
  void invalidateDecodeCache();
  void rebuildClockTable();

  // Slow paths, entered with the machine state synchronised (pc_ already past the instruction).
  bool loadSlow(uint16_t address, uint16_t& value);   // false = access aborted (exception)
  bool storeSlow(uint16_t address, uint16_t value);   // false = access aborted (exception)
  uint16_t readDevice(uint16_t address);
  void writeDevice(uint16_t address, uint16_t value);
  void executeTrap(uint8_t trapVector);
  void executeRti();

  bool interruptDue() const;
  void enterInterrupt(uint8_t vector, uint8_t priority, uint16_t returnAddress);
  void takeKeyboardInterrupt();
  void selfLoop(uint16_t address);
  void noteEmptyKeyboardPoll();
  void requestStop(sim::StopReason reason, std::string message = {});
  void pushSupervisor(uint16_t value);
  // Clocks of the states an instruction passes through before an exception, and of the entry.
  enum class Fault : uint8_t {
    Fetch, IllegalOpcode, PrivilegedRti, Load, LoadPointer, LoadIndirect, Store, StorePointer, StoreIndirect
  };
  unsigned faultClocks(Fault fault) const;
  unsigned entryClocks(bool fromUser) const;
  Fault accessFault(uint16_t address, bool write) const;
  // Enters the exception handler for `vector` (the instruction started at instructionStartClocks_).
  void raiseException(uint8_t vector, std::string message, Fault fault);
  // The verdict of a user-mode fetch from `address` (both engines), saying where a program that
  // ran on into the device registers left its own words.
  std::string fetchViolation(uint16_t address) const;

  // The micro engine (src/micro/): the run loop, one clock, and the machine's bookkeeping at the
  // points where the microcode dispatches, enters an exception or interrupt, or ends an instruction.
  void executeMicro(uint64_t budget, bool stopAtBreakpoints, bool skipFirstBreakpoint);
  template <bool kTraced>
  void microLoop(uint64_t& left, bool skipFirstBreakpoint);
  bool microBoundary(uint64_t left, bool skipFirstBreakpoint);
  template <bool kTraced>
  bool microClock(uint64_t& left);
  bool microDispatch(uint8_t& next, uint64_t& left);
  bool microEntry(const CompiledRow& row);
  void microFinishInstruction(uint64_t& left);
  void microAbandon();
  uint16_t microRead(uint16_t address);
  void microWrite(uint16_t address, uint16_t value);
  std::string microAccessViolation() const;
  uint16_t popSupervisor();
  std::string describe(uint16_t address) const;  // "x3004 (LOOP+2)"

  Options options_;
  std::array<uint16_t, 0x10000> mem_{};
  std::array<uint16_t, 8> regs_{};
  uint16_t pc_ = addr::kUserStart;
  uint16_t psr_ = 0x8002;   // condition codes live in cc_ while running
  uint8_t cc_ = 2;
  uint16_t savedSsp_ = addr::kUserStart;
  uint16_t savedUsp_ = 0;
  uint16_t mcr_ = 0x8000;
  uint16_t kbsrEnable_ = 0;  // KBSR bit 14
  uint16_t lastKey_ = 0;     // KBDR when no key is ready
  uint16_t lastDisplay_ = 0; // DDR
  uint16_t entry_ = addr::kUserStart;
  bool entrySet_ = false;
  Privilege startPrivilege_ = Privilege::Auto;

  std::unique_ptr<Decoded[]> decoded_;
  std::array<uint8_t, 32> clockTable_{};
  // Per-address flag tables the run loop tests: the breakpoint flags (or none, for runs that ignore
  // breakpoints), kFlagDevice on device space, and, in the user table of the 3rd edition,
  // kFlagFetchViolation on system space and device space, so that neither fetching nor a load or
  // store costs more than one flag test. Rebuilt when the breakpoints change.
  void prepareFlagTables(bool withBreakpoints);
  std::vector<uint8_t> supervisorFlags_;
  std::vector<uint8_t> userFlags_;
  uint64_t flagsVersion_ = UINT64_MAX;
  bool flagsWithBreakpoints_ = false;
  const uint8_t* activeFlags_ = nullptr;  // the flag table of the run in progress
  std::vector<uint8_t> programWords_;   // 1 where a loaded program or the OS placed a word


  uint64_t instructions_ = 0;
  uint64_t runEnd_ = 0;  // instructions_ at the end of the current execute() budget
  uint64_t clocks_ = 0;
  uint64_t lastClocks_ = 0;
  uint64_t stores_ = 0;
  uint16_t lastFetch_ = 0;

  std::string input_;
  size_t inputPos_ = 0;
  bool inputClosed_ = false;
  std::string output_;
  uint64_t outputLimit_ = UINT64_MAX;

  // Exception bookkeeping: a run that halts inside an exception handler ends with verdict Exception.
  std::string activeException_;
  uint16_t exceptionFrame_ = 0;
  uint16_t exceptionAddress_ = 0;
  uint16_t badTrapRoutine_ = 0;  // the OS's routine for unassigned trap vectors (0 = none)
  uint16_t haltBannerFlag_ = 0;  // OS word that enables the halt banner (0 = none)
  uint16_t bootEntryWord_ = 0;   // OS word that holds the user entry point for the boot code
  uint16_t bootPsrWord_ = 0;     // OS word that holds the PSR the boot code enters the program with

  // Waiting-for-input detection: the state at the previous empty keyboard poll.
  struct PollState {
    std::array<uint16_t, 8> regs{};
    uint16_t pc = 0, psr = 0;
    uint64_t stores = 0;
    size_t outputSize = 0;
    bool valid = false;
    bool operator==(const PollState& o) const {
      return regs == o.regs && pc == o.pc && psr == o.psr && stores == o.stores && outputSize == o.outputSize;
    }
  } lastPoll_;

  uint32_t events_ = 0;
  sim::StopInfo pendingStop_;
  sim::StopInfo lastStop_;
  uint64_t lastStopCount_ = UINT64_MAX;
  std::atomic<bool> pauseRequested_{false};
  std::function<void(const sim::TraceEvent&)> trace_;
  std::function<void(const MicroClockEvent&)> clockTrace_;
  int callDepthDelta_ = 0;
  uint64_t instructionStartClocks_ = 0;  // clocks_ when the instruction in progress was fetched (slow paths)
  uint16_t deviceFetchWord_ = 0;         // the word the last fetch from a device register read
  // Clocks spent entering keyboard interrupts, which lastInstructionClocks() leaves out.
  uint64_t interruptEntryClocks_ = 0;

  std::shared_ptr<const MicroProgram> microProgram_;
  std::unique_ptr<MicroState> micro_;  // calls minus returns executed, for step over / step out
};

}  // namespace asmlab::lc3sim
