// The debug session's bus view: the clocks of the last instructions of an 8086/8088 on the
// cycle model (docs/debugger.md, "The Bus pane").
#include "asmlab/gui/debug_session.hpp"
#include "asmlab/x86/bus_log.hpp"
#include "asmlab/x86/pc/pc_machine.hpp"

namespace asmlab::gui {

x86::Cpu* DebugSession::cycleCpu() const {
  auto* pc = dynamic_cast<x86::pc::PcMachine*>(machine_.get());
  if (pc == nullptr || pc->cpu().timingModel() != x86::TimingModel::Cycle) return nullptr;
  return &pc->cpu();
}

void DebugSession::setBusViewEnabled(bool on) {
  if (on == busViewOn_) return;
  busViewOn_ = on;
  if (!machine_ || running_) return;  // a run in progress: recorded when it stops
  std::lock_guard lock(mutex_);
  updateBusLog();
}

const x86::BusLog* DebugSession::busLog() const {
  return busViewOn_ && busLog_ && cycleCpu() != nullptr ? busLog_.get() : nullptr;
}

void DebugSession::updateBusLog() {
  x86::Cpu* cpu = cycleCpu();
  if (!busViewOn_ || cpu == nullptr) {
    busLogEnd_ = UINT64_MAX;  // recorded afresh when the pane is shown again
    return;
  }
  const uint64_t now = machine_->instructionCount();
  if (busLogEnd_ == now) return;
  if (!busLog_) busLog_ = std::make_unique<x86::BusLog>(kBusViewInstructions);
  busLog_->clear();
  // Re-executing the last instructions from the history lands the machine exactly where it is
  // (a run is a pure function of its inputs, and snapshots keep the queue and bus state).
  history_->rerun(now - std::min<uint64_t>(now, kBusViewInstructions), [&] { cpu->setClockSink(busLog_.get()); });
  cpu->setClockSink(nullptr);
  busLogEnd_ = machine_->instructionCount();
  ++busViewVersion_;
}

sim::StopInfo DebugSession::stepRecordingBus() {
  x86::Cpu* cpu = cycleCpu();
  if (!busViewOn_ || cpu == nullptr || !busLog_ || busLogEnd_ != machine_->instructionCount()) return history_->step();
  cpu->setClockSink(busLog_.get());
  sim::StopInfo stop = history_->step();
  cpu->setClockSink(nullptr);
  busLogEnd_ = machine_->instructionCount();
  ++busViewVersion_;
  return stop;
}

}  // namespace asmlab::gui
