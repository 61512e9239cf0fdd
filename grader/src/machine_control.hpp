// Internal: putting a machine into the state a run of a test starts from: the spec's setup, a
// subroutine call with its return trap, a start address and privilege, and a machine started
// again after an earlier run of the same test.
#pragma once

#include <cstdint>
#include <string>

#include "asmlab/grader/spec.hpp"
#include "asmlab/sim/machine.hpp"

namespace asmlab::grader {

// A problem that makes a run impossible (a label the submission lacks, a register the machine
// lacks); the test gets the verdict setup-failed with this message.
struct SetupError {
  std::string message;
};

// Writes the setup's registers and memory; `seed` drives its random values.
void applySetup(sim::Machine& machine, const Setup& setup, uint64_t seed);

// Makes the machine call `start.call` with a return address at the trap; returns the trap address.
uint64_t prepareCall(sim::Machine& machine, const Start& start);

// LC-3: enters supervisor or user mode as the hardware does (PSR[15], and R6 exchanged with
// Saved_SSP or Saved_USP); no effect when the machine is in that mode already.
void setPrivilege(sim::Machine& machine, bool supervisor);

// Gets the machine ready for a new start after an earlier run of the same test: on the LC-3 the
// clock runs again (MCR[15], which HALT clears) and the machine returns to the mode the program
// started in, with an empty supervisor stack: a user-mode program (left in supervisor mode inside
// HALT or another service routine) gets its own R6 back, as the operating system starts a
// program; a supervisor-mode program gets R6 = x3000, as the loader starts one. Memory and the
// other registers stay as they are.
void prepareNextRun(sim::Machine& machine, bool entryInSupervisorMode);

// Whether the machine is in LC-3 supervisor mode (false on machines without privilege levels).
bool inSupervisorMode(const sim::Machine& machine);

// Delivers one input event (keys, a mouse event or a scan code).
void deliverInput(sim::Machine& machine, const InputEvent& event);

}  // namespace asmlab::grader
