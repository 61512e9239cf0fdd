// Why a run stopped, and the verdict and exit code each reason maps to.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace asmlab::sim {

enum class StopReason : uint8_t {
  Running,           // not stopped (internal)
  Halted,            // the program ended normally (LC-3 HALT / MCR clock off, DOS exit)
  InstructionLimit,  // the instruction budget ran out
  ClockLimit,        // the clock budget ran out
  WaitingForInput,   // the program waits for input that the script will never give
  Exception,         // an unhandled fault: illegal opcode, privilege or access violation, ...
  Breakpoint,        // an execution breakpoint was reached
  Watchpoint,        // a memory or port watchpoint fired
  Step,              // a step, step over or step out completed
  Paused,            // the front end asked the machine to pause
  OutputLimit,       // the program wrote more output than allowed
};

struct StopInfo {
  StopReason reason = StopReason::Running;
  uint64_t address = 0;  // where execution stands (the next instruction), or the faulting address
  std::string message;   // human-readable detail, e.g. "illegal opcode x D000 at x3004"
  int exitCode = 0;      // the program's own exit status where it has one (DOS 4Ch)
};

std::string_view stopReasonName(StopReason r);

// Process exit codes of `asmlab run`, one per verdict; documented in docs/cli.md and --help.
namespace exit_code {
inline constexpr int kHalted = 0;
inline constexpr int kAssemblyError = 1;
inline constexpr int kUsage = 2;
inline constexpr int kLimit = 3;
inline constexpr int kWaitingForInput = 4;
inline constexpr int kException = 5;
inline constexpr int kBreakpoint = 6;
inline constexpr int kOutputLimit = 7;
}  // namespace exit_code

int exitCodeFor(StopReason r);

}  // namespace asmlab::sim
