// The debug session's side of the LC-3 micro engine: building the machine with it, one clock
// forward, and one clock back.
#include "asmlab/gui/debug_session.hpp"
#include "asmlab/lc3sim/machine.hpp"

namespace asmlab::gui {

bool DebugSession::loadMicrocode(toolchain::LoadOptions& options, Diagnostics& diagnostics) {
  options.lc3Microcoded = microcoded_;
  if (microcodePath_.isEmpty()) return true;
  auto store = lc3sim::loadControlStore(microcodePath_.toStdString(), diagnostics);
  if (!store) return false;
  options.lc3ControlStore = std::make_shared<const lc3sim::ControlStore>(std::move(*store));
  return true;
}

lc3sim::Lc3Machine* DebugSession::microMachine() const {
  auto* lc3 = dynamic_cast<lc3sim::Lc3Machine*>(machine_.get());
  return lc3 && lc3->microcoded() ? lc3 : nullptr;
}

void DebugSession::stepClock() {
  lc3sim::Lc3Machine* lc3 = microMachine();
  if (!lc3 || running_) return;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    stop = lc3->stepClock();
    history_->record();
  }
  afterSyncAction(stop);
}

void DebugSession::stepBackClock() {
  lc3sim::Lc3Machine* lc3 = microMachine();
  if (!lc3 || running_) return;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    const uint64_t now = lc3->clockCount();
    if (!history_->canStepBack() && lc3->atInstructionBoundary()) {
      stop = lastStop_;
      stop.message = "the earliest recorded clock";
    } else {
      // Back to the last instruction boundary at or before the clock before this one (a boundary
      // after an interrupt entry may lie past it: then one instruction further back), then
      // forward clock by clock. The history replays deterministically, so this is the very state
      // the machine had then.
      const uint64_t target = now == 0 ? 0 : now - 1;
      uint64_t count = lc3->instructionCount();
      for (;;) {
        history_->goTo(count);
        if (lc3->clockCount() <= target || count == history_->earliestInstruction()) break;
        --count;
      }
      while (lc3->clockCount() < target) {
        stop = lc3->stepClock();
        if (stop.reason != sim::StopReason::Step) break;
      }
      stop.reason = sim::StopReason::Step;
      stop.address = lc3->programCounter();
      stop.message = "back one clock";
    }
  }
  afterSyncAction(stop);
}

}  // namespace asmlab::gui
