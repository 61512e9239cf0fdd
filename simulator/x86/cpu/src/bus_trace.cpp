// Names of the timing models and of the per-clock bus states (asmlab/x86/bus_trace.hpp).
#include "asmlab/x86/bus_trace.hpp"

#include <cstdio>

namespace asmlab::x86 {

const char* timingModelName(TimingModel model) { return model == TimingModel::Cycle ? "cycle" : "manual"; }

bool parseTimingModel(const std::string& text, TimingModel& model) {
  if (text == "cycle") model = TimingModel::Cycle;
  else if (text == "manual") model = TimingModel::Manual;
  else return false;
  return true;
}

const char* busStatusName(BusStatus s) {
  static const char* const names[] = {"INTA", "IOR", "IOW", "MEMR", "MEMW", "HALT", "CODE", "PASV"};
  return names[static_cast<unsigned>(s) & 7];
}

const char* tStateName(TState t) {
  static const char* const names[] = {"Ti", "T1", "T2", "T3", "T4", "Tw"};
  const unsigned i = static_cast<unsigned>(t);
  return i < 6 ? names[i] : "?";
}

char queueOpLetter(QueueOp q) {
  switch (q) {
    case QueueOp::First: return 'F';
    case QueueOp::Flush: return 'E';
    case QueueOp::Subsequent: return 'S';
    default: return '-';
  }
}

const char* busSegmentName(BusSegment s) {
  static const char* const names[] = {"ES", "SS", "CS", "DS", "--"};
  const unsigned i = static_cast<unsigned>(s);
  return i < 5 ? names[i] : "--";
}

ClockUse clockUse(const ClockRecord& r) {
  switch (r.eu) {
    case EuActivity::Execute: return ClockUse::Execute;
    case EuActivity::QueueRead: return ClockUse::QueueRead;
    case EuActivity::QueueEmpty: return ClockUse::QueueEmpty;
    case EuActivity::Suspend: return ClockUse::Suspend;
    case EuActivity::Flush: return ClockUse::Flush;
    case EuActivity::BusWait: break;
  }
  // The EU waits for the bus operation it asked for: its own T1-T4, or what keeps the bus from it.
  if (r.tstate == TState::Tw) return r.wait == WaitCause::Refresh ? ClockUse::Refresh : ClockUse::WaitState;
  if (r.tstate == TState::Ti) return r.dma ? ClockUse::Refresh : ClockUse::AddressPhase;
  return r.cycle == BusStatus::Code ? ClockUse::Prefetch : ClockUse::OwnCycle;
}

const char* clockUseName(ClockUse use) {
  switch (use) {
    case ClockUse::Execute: return "execute";
    case ClockUse::QueueRead: return "queue read";
    case ClockUse::QueueEmpty: return "queue empty";
    case ClockUse::OwnCycle: return "its bus cycle";
    case ClockUse::AddressPhase: return "bus setup";
    case ClockUse::Prefetch: return "prefetch on bus";
    case ClockUse::Refresh: return "DMA refresh";
    case ClockUse::WaitState: return "wait state";
    case ClockUse::Suspend: return "suspend";
    case ClockUse::Flush: return "flush";
  }
  return "?";
}

std::string formatClock(const ClockRecord& r) {
  const bool onBus = r.tstate != TState::Ti;
  char address[8] = "     ";
  if (onBus) std::snprintf(address, sizeof address, "%05X", unsigned(r.address & 0xFFFFF));
  char data[8] = "     ";
  if (r.tstate == TState::T3 || r.tstate == TState::Tw) std::snprintf(data, sizeof data, "d%04X", unsigned(r.data));
  char queue[8] = "    ";
  if (r.queueOp == QueueOp::First || r.queueOp == QueueOp::Subsequent)
    std::snprintf(queue, sizeof queue, "%c %02X", queueOpLetter(r.queueOp), unsigned(r.queueByte));
  else if (r.queueOp == QueueOp::Flush)
    std::snprintf(queue, sizeof queue, "E   ");
  char line[128];
  std::snprintf(line, sizeof line, "%10llu  %-2s  %-4s  %s  %-2s  %s  %s  %-15s  q=%u%s",
                static_cast<unsigned long long>(r.clock), tStateName(r.tstate), onBus ? busStatusName(r.cycle) : "",
                address, busSegmentName(r.segment), data, queue, clockUseName(clockUse(r)), unsigned(r.queueLength),
                r.dma ? "  DMA" : "");
  return line;
}

}  // namespace asmlab::x86
