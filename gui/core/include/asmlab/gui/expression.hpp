// Expressions typed in the debugger (watches, breakpoint conditions, "go to address"): numbers
// (x3000, 0x3000, 3000h, #12, 12), register names, labels (their address), [expr] for the memory
// unit at an address, + - * & | and the comparisons == != < <= > >=, with parentheses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "asmlab/sim/machine.hpp"

namespace asmlab::gui {

struct Evaluation {
  std::optional<int64_t> value;  // empty when the expression is malformed or names nothing
  std::string error;             // why, when empty
};

Evaluation evaluate(const sim::Machine& machine, std::string_view text);

// A breakpoint as the user types it:
//   LABEL | x3000 | 3000h          execution
//   read|write|access ADDR [LEN]   memory watch
//   port 61h [in|out]              port I/O
//   int 21h [ah=09h]               interrupt, optionally one DOS/BIOS function
// each optionally followed by "if CONDITION". Returns the new breakpoint id, or -1 with `error`.
int addBreakpointFromText(sim::Machine& machine, std::string_view text, std::string& error);

}  // namespace asmlab::gui
