// Whole-machine snapshots: memory, registers, devices, counters, input cursor and output.
#include "decoded.hpp"
#include "micro/datapath.hpp"

namespace asmlab::lc3sim {

class Lc3Machine::Snapshot final : public sim::MachineSnapshot {
public:
  uint64_t instructionCount() const override { return instructions; }

  std::array<uint16_t, 0x10000> mem{};
  std::array<uint16_t, 8> regs{};
  uint16_t pc = 0, psr = 0, savedSsp = 0, savedUsp = 0, mcr = 0, kbsrEnable = 0, lastKey = 0, lastDisplay = 0;
  uint8_t cc = 0;
  uint64_t instructions = 0, clocks = 0, lastClocks = 0, stores = 0;
  uint16_t lastFetch = 0;
  std::string input;
  size_t inputPos = 0;
  bool inputClosed = false;
  std::string output;
  std::string activeException;
  uint16_t exceptionFrame = 0, exceptionAddress = 0;
  PollState lastPoll;
  MicroState micro;
  const Lc3Machine* owner = nullptr;
};

std::unique_ptr<sim::MachineSnapshot> Lc3Machine::saveSnapshot() const {
  auto s = std::make_unique<Snapshot>();
  s->mem = mem_;
  s->regs = regs_;
  s->pc = pc_;
  s->psr = psr_;
  s->cc = cc_;
  s->savedSsp = savedSsp_;
  s->savedUsp = savedUsp_;
  s->mcr = mcr_;
  s->kbsrEnable = kbsrEnable_;
  s->lastKey = lastKey_;
  s->lastDisplay = lastDisplay_;
  s->instructions = instructions_;
  s->clocks = clocks_;
  s->lastClocks = lastClocks_;
  s->stores = stores_;
  s->lastFetch = lastFetch_;
  s->input = input_;
  s->inputPos = inputPos_;
  s->inputClosed = inputClosed_;
  s->output = output_;
  s->activeException = activeException_;
  s->exceptionFrame = exceptionFrame_;
  s->exceptionAddress = exceptionAddress_;
  s->lastPoll = lastPoll_;
  s->micro = *micro_;
  s->owner = this;
  return s;
}

void Lc3Machine::restoreSnapshot(const sim::MachineSnapshot& snapshot) {
  const auto* s = dynamic_cast<const Snapshot*>(&snapshot);
  if (!s) return;  // another architecture's snapshot: nothing to restore
  // A decoded entry depends only on its word (the edition and latency are fixed per machine), so
  // only words that differ need decoding again.
  for (size_t a = 0; a < mem_.size(); ++a) {
    if (mem_[a] != s->mem[a]) decoded_[a].op = kUndecoded;
  }
  mem_ = s->mem;
  regs_ = s->regs;
  pc_ = s->pc;
  psr_ = s->psr;
  cc_ = s->cc;
  savedSsp_ = s->savedSsp;
  savedUsp_ = s->savedUsp;
  mcr_ = s->mcr;
  kbsrEnable_ = s->kbsrEnable;
  lastKey_ = s->lastKey;
  lastDisplay_ = s->lastDisplay;
  instructions_ = s->instructions;
  clocks_ = s->clocks;
  lastClocks_ = s->lastClocks;
  stores_ = s->stores;
  lastFetch_ = s->lastFetch;
  input_ = s->input;
  inputPos_ = s->inputPos;
  inputClosed_ = s->inputClosed;
  output_ = s->output;
  activeException_ = s->activeException;
  exceptionFrame_ = s->exceptionFrame;
  exceptionAddress_ = s->exceptionAddress;
  lastPoll_ = s->lastPoll;
  *micro_ = s->micro;
  // A restored machine has not stopped anywhere yet: a breakpoint at its PC fires on the next run.
  lastStop_ = {};
  lastStopCount_ = UINT64_MAX;
  events_ = 0;
}

}  // namespace asmlab::lc3sim
