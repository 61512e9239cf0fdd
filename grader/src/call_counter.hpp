// Internal: counting how often the program calls a subroutine, for `calls:` checks.
//
// A call is counted when the subroutine's first instruction runs right after a call instruction
// (LC-3 JSR or JSRR; 8086 CALL near or far, direct or indirect), so a loop that branches back to
// the subroutine's first instruction is not a call, and neither is the grader's own call of a
// subroutine under test. Both kinds of place are watched with breakpoints whose conditions count
// and never stop the machine, so the run loop pays nothing elsewhere.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "asmlab/sim/machine.hpp"

namespace asmlab::grader {

class CallCounter {
public:
  // Watches calls of each label; labels the submission lacks are left out (count() says so).
  void watch(sim::Machine& machine, const std::vector<std::string>& labels);
  // The calls seen since watch(); nullopt for a label that is not watched.
  std::optional<uint64_t> count(const std::string& label) const;
  // Removes the breakpoints.
  void stop(sim::Machine& machine);

private:
  struct State {
    uint64_t lastCall = UINT64_MAX;  // instruction count at which the last call instruction ran
    std::map<std::string, uint64_t> counts;
    std::map<std::string, uint64_t> countedAt;
  };
  std::shared_ptr<State> state_;
  std::vector<int> breakpoints_;
};

}  // namespace asmlab::grader
