#include "asmlab/sim/stop.hpp"

namespace asmlab::sim {

std::string_view stopReasonName(StopReason r) {
  switch (r) {
    case StopReason::Running: return "running";
    case StopReason::Halted: return "halted";
    case StopReason::InstructionLimit: return "instruction limit";
    case StopReason::ClockLimit: return "clock limit";
    case StopReason::WaitingForInput: return "waiting for input";
    case StopReason::Exception: return "exception";
    case StopReason::Breakpoint: return "breakpoint";
    case StopReason::Watchpoint: return "watchpoint";
    case StopReason::Step: return "step";
    case StopReason::Paused: return "paused";
    case StopReason::OutputLimit: return "output limit";
  }
  return "unknown";
}

int exitCodeFor(StopReason r) {
  switch (r) {
    case StopReason::Halted: return exit_code::kHalted;
    case StopReason::InstructionLimit:
    case StopReason::ClockLimit: return exit_code::kLimit;
    case StopReason::WaitingForInput: return exit_code::kWaitingForInput;
    case StopReason::Exception: return exit_code::kException;
    case StopReason::OutputLimit: return exit_code::kOutputLimit;
    case StopReason::Breakpoint:
    case StopReason::Watchpoint:
    case StopReason::Step:
    case StopReason::Paused:
    case StopReason::Running: return exit_code::kBreakpoint;
  }
  return exit_code::kException;
}

}  // namespace asmlab::sim
