// The per-clock comparison of the cycle model with a test's CYCL records.
#include <sstream>

#include "asmlab/x86/conformance.hpp"

namespace asmlab::x86::conformance {

namespace {

// Memory and I/O command lines in the MOO encoding (bit 2 read, bit 1 advanced write, bit 0
// write): a read cycle drives RD in T2 and T3; a write drives the advanced write command from
// T2 and the write command in T3 (8288 bus controller, "Command and control outputs").
uint8_t commandLines(BusStatus cycle, TState t, bool io) {
  const bool inT2 = t == TState::T2, inT3 = t == TState::T3 || t == TState::Tw;
  if (!inT2 && !inT3) return 0;
  const bool isIo = cycle == BusStatus::IoRead || cycle == BusStatus::IoWrite;
  if (isIo != io) return 0;
  switch (cycle) {
    case BusStatus::Code: case BusStatus::MemRead: case BusStatus::IoRead: return 4;
    case BusStatus::MemWrite: case BusStatus::IoWrite: return inT3 ? 3 : 2;
    default: return 0;
  }
}

std::string hexText(unsigned v, int width) {
  std::ostringstream o;
  o << std::hex << std::uppercase;
  o.width(width);
  o.fill('0');
  o << v;
  return o.str();
}

std::string lines(uint8_t v) {
  std::string s = "---";
  if (v & 4) s[0] = 'R';
  if (v & 2) s[1] = 'A';
  if (v & 1) s[2] = 'W';
  return s;
}

}  // namespace

moo::Clock toMooClock(const ClockRecord& r, bool is8088) {
  moo::Clock c;
  c.pins0 = r.ale ? 1 : 0;
  c.bus = r.address;
  c.segment = static_cast<uint8_t>(r.segment);
  c.memoryStatus = commandLines(r.cycle, r.tstate, false);
  c.ioStatus = commandLines(r.cycle, r.tstate, true);
  c.pins1 = (r.bhe && !is8088) ? 0 : 1;
  c.data = r.data;
  c.busStatus = static_cast<uint8_t>(r.status);
  c.tstate = static_cast<uint8_t>(r.tstate);
  c.queueOp = static_cast<uint8_t>(r.queueOp);
  c.queueByte = r.queueByte;
  return c;
}

std::string describeClock(const moo::Clock& c) {
  static const char* const states[] = {"Ti", "T1", "T2", "T3", "T4", "Tw"};
  static const char* const segments[] = {"ES", "SS", "CS", "DS", "--"};
  std::ostringstream o;
  o << (c.tstate < 6 ? states[c.tstate] : "T?") << ' ' << busStatusName(static_cast<BusStatus>(c.busStatus & 7)) << ' '
    << hexText(c.bus & 0xFFFFF, 5) << ' ' << (c.segment < 5 ? segments[c.segment] : "??") << ' '
    << lines(c.memoryStatus) << ' ' << lines(c.ioStatus) << ' ' << ((c.pins1 & 1) ? "   " : "BHE") << ' '
    << queueOpLetter(static_cast<QueueOp>(c.queueOp & 3));
  if (c.queueOp == 1 || c.queueOp == 3) o << ' ' << hexText(c.queueByte, 2);
  if (c.tstate == 3) o << " d=" << hexText(c.data, 4);
  return o.str();
}

std::string compareClocks(const std::vector<moo::Clock>& expected, const std::vector<ClockRecord>& actual) {
  const size_t n = std::min(expected.size(), actual.size());
  for (size_t i = 0; i < n; ++i) {
    const moo::Clock& e = expected[i];
    const moo::Clock a = toMooClock(actual[i], false);
    bool same = e.tstate == a.tstate && e.busStatus == a.busStatus && (e.pins0 & 1) == (a.pins0 & 1) &&
                e.memoryStatus == a.memoryStatus && e.ioStatus == a.ioStatus && e.queueOp == a.queueOp;
    if (same && e.tstate == 1) same = (e.bus & 0xFFFFF) == (a.bus & 0xFFFFF) && (e.pins1 & 1) == (a.pins1 & 1);
    if (same && e.tstate >= 2 && e.tstate <= 5) same = e.segment == a.segment;
    if (same && (e.queueOp == 1 || e.queueOp == 3)) same = e.queueByte == a.queueByte;
    if (same && e.tstate == 3) {
      // The lanes the transfer drives: BHE for D8-D15, A0 low for D0-D7.
      const uint16_t mask = uint16_t(((e.pins1 & 1) ? 0 : 0xFF00) | ((actual[i].address & 1) ? 0 : 0x00FF));
      same = (e.data & mask) == (a.data & mask);
    }
    if (!same)
      return "clock " + std::to_string(i) + ": " + describeClock(a) + ", expected " + describeClock(e);
  }
  if (expected.size() != actual.size())
    return "the instruction took " + std::to_string(actual.size()) + " clocks, expected " + std::to_string(expected.size());
  return {};
}

}  // namespace asmlab::x86::conformance
