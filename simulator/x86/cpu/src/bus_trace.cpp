// Names of the timing models and of the per-clock bus states (asmlab/x86/bus_trace.hpp).
#include "asmlab/x86/bus_trace.hpp"

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

}  // namespace asmlab::x86
