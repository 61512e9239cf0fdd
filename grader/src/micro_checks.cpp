// The probe behind clocks checks scoped to an instruction, a subroutine or an opcode and behind
// states checks, and their evaluation (docs/grading.md, "Clocks and microcode").
#include <algorithm>

#include <fmt/format.h>

#include "asmlab/lc3sim/machine.hpp"
#include "micro_probe.hpp"
#include "run_context.hpp"

namespace asmlab::grader {

namespace {

bool isCall(uint16_t word) { return (word >> 12) == 0x4 || (word >> 12) == 0xF; }  // JSR, JSRR, TRAP

std::string ordinal(uint64_t n) {
  const char* suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

// "18 33 28x5 30 32 1": runs of one state written once with their length.
std::string formatStates(const std::vector<unsigned>& states) {
  std::string out;
  for (size_t i = 0; i < states.size();) {
    size_t j = i;
    while (j < states.size() && states[j] == states[i]) ++j;
    out += (out.empty() ? "" : " ") + std::to_string(states[i]) + (j - i > 1 ? "x" + std::to_string(j - i) : "");
    i = j;
  }
  return out;
}

}  // namespace

void RunProbe::addTargets(const Check& check) {
  for (const Check& alternative : check.alternatives) addTargets(alternative);
  if (!check.scoped) return;
  Target t;
  t.check = &check;
  t.wantsStates = check.kind == Check::Kind::States;
  if (check.scoped->scope != ScopedClockCheck::Scope::Opcode) {
    std::string error;
    if (auto a = resolveAddress(check.scoped->at, machine_, error)) t.address = *a;
    else t.seen.problem = error;
  }
  targets_.push_back(std::move(t));
}

std::unique_ptr<RunProbe> RunProbe::attach(const RunSpec& run, sim::Machine& machine, std::optional<uint64_t> callTrap) {
  std::unique_ptr<RunProbe> probe(new RunProbe(machine));
  auto* lc3 = dynamic_cast<lc3sim::Lc3Machine*>(&machine);
  // The checks of the run's end and those of its input steps (which see what was measured so far).
  for (const InputEvent& step : run.input) {
    for (const Check& check : step.expect) probe->addTargets(check);
  }
  for (const Check& check : run.checks) probe->addTargets(check);
  if (probe->targets_.empty()) return nullptr;
  const bool states = std::any_of(probe->targets_.begin(), probe->targets_.end(), [](const Target& t) { return t.wantsStates; });
  // A run that starts by calling the subroutine: it is one call, ending at the return trap.
  if (callTrap && run.start.kind == Start::Kind::Call) {
    for (size_t i = 0; i < probe->targets_.size(); ++i) {
      const Target& t = probe->targets_[i];
      if (t.check->scoped->scope == ScopedClockCheck::Scope::Subroutine && t.seen.problem.empty() &&
          t.address == machine.programCounter()) {
        probe->frames_.push_back({*callTrap, machine.clockCount(), i});
      }
    }
  }
  RunProbe* self = probe.get();
  machine.setTraceSink([self](const sim::TraceEvent& e) { self->instruction(e); });
  if (lc3 && lc3->microcoded()) {
    probe->microcoded_ = true;
    probe->memoryLatency_ = lc3->options().memoryLatency;
    if (states) {
      lc3->setClockTraceSink([self](const lc3sim::MicroClockEvent& e) {
        const bool interrupt = e.row && e.row->cond == static_cast<uint8_t>(lc3sim::MicroCond::Interrupt) &&
                               e.nextState == ((e.row->j | 16) & 63) && e.nextState != e.row->j;
        self->clock(e.state, interrupt);
      });
    }
  }
  return probe;
}

RunProbe::~RunProbe() {
  machine_.setTraceSink({});
  if (auto* lc3 = dynamic_cast<lc3sim::Lc3Machine*>(&machine_)) lc3->setClockTraceSink({});
}

const RunProbe::Observed* RunProbe::observed(const Check& check) const {
  for (const Target& t : targets_) {
    if (t.check == &check) return &t.seen;
  }
  return nullptr;
}

void RunProbe::record(Target& t, uint64_t clocks) {
  Observed& o = t.seen;
  ++o.count;
  if (clocks < o.fewest) {
    o.fewest = clocks;
    o.fewestAt = o.count;
  }
  if (clocks > o.most || o.count == 1) {
    o.most = clocks;
    o.mostAt = o.count;
  }
}

void RunProbe::clock(unsigned state, bool interruptBranch) {
  // An instruction's states run from the fetch state (18) that goes on to fetch it; an interrupt
  // entry (18 branching to 49) belongs to no instruction.
  if (state == lc3sim::kFetchState) {
    if (interruptBranch) {
      capturing_ = false;
    } else {
      currentStates_.clear();
      capturing_ = true;
    }
  }
  if (capturing_ && currentStates_.size() < 100'000) currentStates_.push_back(static_cast<uint8_t>(state));
}

void RunProbe::instruction(const sim::TraceEvent& e) {
  const uint16_t word = static_cast<uint16_t>(machine_.peek(e.address));
  const uint64_t pcAfter = machine_.programCounter();
  const uint64_t now = machine_.clockCount();
  // Calls end when the PC comes back to their return address (RET, RTI, or any jump there).
  while (!frames_.empty() && frames_.back().returnAddress == pcAfter) {
    record(targets_[frames_.back().target], now - frames_.back().startClocks);
    frames_.pop_back();
  }
  for (size_t i = 0; i < targets_.size(); ++i) {
    Target& t = targets_[i];
    if (!t.seen.problem.empty()) continue;
    const ScopedClockCheck& s = *t.check->scoped;
    bool matches = false;
    switch (s.scope) {
      case ScopedClockCheck::Scope::Instruction: matches = e.address == t.address; break;
      case ScopedClockCheck::Scope::Opcode: matches = (word & s.wordMask) == s.wordValue; break;
      case ScopedClockCheck::Scope::Subroutine:
        if (isCall(word) && pcAfter == t.address && frames_.size() < 10'000) {
          frames_.push_back({(e.address + 1) & 0xFFFF, now, i});
        }
        continue;
    }
    if (!matches) continue;
    record(t, e.clocks);
    if (t.wantsStates && t.seen.count == s.execution) {
      t.seen.states = currentStates_;
      t.seen.statesRecorded = true;
    }
  }
}

CheckResult evaluateScoped(const Check& check, const RunProbe* probe, const sim::Machine& machine, CheckResult r) {
  const ScopedClockCheck& s = *check.scoped;
  const RunProbe::Observed* seen = probe ? probe->observed(check) : nullptr;
  if (!seen) {
    r.message = "nothing was measured (internal: no probe for this check)";
    return r;
  }
  if (!seen->problem.empty()) {
    r.message = seen->problem;
    return r;
  }
  std::string what;
  switch (s.scope) {
    case ScopedClockCheck::Scope::Instruction: {
      std::string error;
      auto at = resolveAddress(s.at, machine, error);
      what = at ? describeAddress(machine, *at) : s.at.text;
      break;
    }
    case ScopedClockCheck::Scope::Subroutine: what = s.at.text; break;
    case ScopedClockCheck::Scope::Opcode: what = s.opcodeName; break;
  }
  if (seen->count == 0) {
    r.message = s.scope == ScopedClockCheck::Scope::Subroutine ? fmt::format("{} was never called (or never returned)", what)
                : s.scope == ScopedClockCheck::Scope::Opcode   ? fmt::format("no {} instruction ran", what)
                                                               : fmt::format("the instruction at {} never ran", what);
    return r;
  }
  const char* unit = s.scope == ScopedClockCheck::Scope::Subroutine ? "call" : "execution";

  if (check.kind == Check::Kind::States) {
    if (!probe->microcoded()) {
      r.message = "states are the micro engine's; this machine runs the fast engine";
      return r;
    }
    if (!seen->statesRecorded) {
      r.message = fmt::format("{} ran {} time(s); the {} {} was asked for", what, seen->count, ordinal(s.execution), unit);
      return r;
    }
    std::vector<unsigned> expected;
    for (const auto& st : s.states) expected.insert(expected.end(), st.times == 0 ? probe->memoryLatency() : st.times, st.state);
    const std::vector<unsigned> got(seen->states.begin(), seen->states.end());
    r.passed = got == expected;
    if (!r.passed) {
      r.message = fmt::format("states of {} ({} {}): expected {}; got {}", what, ordinal(s.execution), unit,
                              formatStates(expected), formatStates(got));
    }
    return r;
  }

  // Clocks: every execution or call within the bounds.
  if (s.equals && (seen->fewest != *s.equals || seen->most != *s.equals)) {
    const bool low = seen->fewest != *s.equals;
    r.message = fmt::format("{} took {} clocks in its {} {}; {} expected every time", what,
                            low ? seen->fewest : seen->most, ordinal(low ? seen->fewestAt : seen->mostAt), unit, *s.equals);
    return r;
  }
  if (check.max && seen->most > *check.max) {
    r.message = fmt::format("{} took {} clocks in its {} {}; at most {} expected", what, seen->most,
                            ordinal(seen->mostAt), unit, *check.max);
    return r;
  }
  if (check.min && seen->fewest < *check.min) {
    r.message = fmt::format("{} took {} clocks in its {} {}; at least {} expected", what, seen->fewest,
                            ordinal(seen->fewestAt), unit, *check.min);
    return r;
  }
  r.passed = true;
  return r;
}

}  // namespace asmlab::grader
