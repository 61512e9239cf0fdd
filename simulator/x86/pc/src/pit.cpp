// Intel 8254 data sheet, "Modes of operation": mode 0 interrupt on terminal count, 2 rate
// generator, 3 square wave (counts down by two, output high for the first half), 4 software strobe;
// modes 1 and 5 behave like 0 and 4 started by the gate. A count of 0 means 65536.
#include "asmlab/x86/pc/pit.hpp"

namespace asmlab::x86::pc {

namespace {
uint64_t toTick(uint64_t clock) { return clock / Pit8253::kCpuClocksPerTick; }
}  // namespace

void Pit8253::reset() {
  channels_ = {};
}

void Pit8253::load(Channel& c, uint64_t tick) {
  c.armed = true;
  c.pausedElapsed = 0;
  // The count is loaded into the counting element on the next clock pulse.
  c.start = tick + 1;
}

// GATE low stops the count in modes 0, 2, 3 and 4 (8254 data sheet, "Gate" table); in modes 1 and 5
// the gate only triggers.
namespace {
bool gateStops(unsigned mode) { return mode == 0 || mode == 2 || mode == 3 || mode == 4; }
}  // namespace

// Ticks counted since the count was loaded (0 before it is loaded), frozen while the gate stops
// the count.
uint64_t Pit8253::elapsedTicks(const Channel& c, uint64_t now) {
  if (!c.gate && gateStops(c.mode)) return c.pausedElapsed;
  const uint64_t tick = toTick(now);
  return tick < c.start ? 0 : tick - c.start;
}

uint16_t Pit8253::count(unsigned channel, uint64_t now) const {
  const Channel& c = channels_[channel];
  if (!c.armed) return c.reload;
  if (!c.gate && gateStops(c.mode) && (c.mode == 2 || c.mode == 3)) return c.frozen;
  const uint64_t n = c.reload == 0 ? 65536 : c.reload;
  if (toTick(now) < c.start && (c.gate || !gateStops(c.mode))) return c.reload;
  const uint64_t elapsed = elapsedTicks(c, now);
  switch (c.mode) {
    case 2:
      return static_cast<uint16_t>(n - elapsed % n);
    case 3: {
      // Even counts: N, N-2, ..., 2, then again from N for the low half. Odd counts: N-1, N-3,
      // ..., 2, then 0 for one more clock with the output still high; N-1 ... 2 while it is low
      // (8254 data sheet, mode 3): a period of N clocks either way.
      const uint64_t e = elapsed % n;
      if (n % 2 == 0) return static_cast<uint16_t>(n - 2 * (e % (n / 2)));
      const uint64_t high = (n + 1) / 2;
      if (e < high) return e + 1 == high ? 0 : static_cast<uint16_t>(n - 1 - 2 * e);
      return static_cast<uint16_t>(n - 1 - 2 * (e - high));
    }
    default:  // modes 0, 1, 4, 5 count down and wrap through 0FFFFh
      return static_cast<uint16_t>((n - elapsed) & 0xFFFF);
  }
}

bool Pit8253::output(unsigned channel, uint64_t now) const {
  const Channel& c = channels_[channel];
  if (!c.armed) return c.mode != 0;
  const uint64_t n = c.reload == 0 ? 65536 : c.reload;
  if (toTick(now) < c.start && (c.gate || !gateStops(c.mode))) return c.mode != 0;
  const uint64_t elapsed = elapsedTicks(c, now);
  switch (c.mode) {
    case 0: case 1: return elapsed >= n;
    case 2: return !c.gate || elapsed % n != n - 1;
    case 3: return !c.gate || elapsed % n < (n + 1) / 2;
    default: return elapsed != n;  // modes 4, 5: one low pulse at terminal count
  }
}

uint64_t Pit8253::nextRisingEdge(unsigned channel, uint64_t now) const {
  const Channel& c = channels_[channel];
  if (!c.armed || !c.gate) return UINT64_MAX;
  const uint64_t tick = toTick(now);
  const uint64_t n = c.reload == 0 ? 65536 : c.reload;
  uint64_t edgeTick = 0;
  switch (c.mode) {
    case 0: case 1:
      edgeTick = c.start + n;
      if (edgeTick <= tick) return UINT64_MAX;
      break;
    case 2: case 3: {
      // Mode 2's output returns high after the one-clock low pulse at the end of each period;
      // mode 3's rises at the start of each period. Both: one rising edge per N clocks.
      const uint64_t base = c.start + n;
      if (tick < base) { edgeTick = base; break; }
      edgeTick = base + ((tick - base) / n + 1) * n;
      break;
    }
    default: {
      edgeTick = c.start + n + 1;
      if (edgeTick <= tick) return UINT64_MAX;
    }
  }
  return edgeTick * kCpuClocksPerTick;
}

uint8_t Pit8253::readByte(Channel& c, unsigned index, uint64_t now) {
  if (c.statusLatched) {
    c.statusLatched = false;
    return c.status;
  }
  const uint16_t value = c.latched ? c.latch : count(index, now);
  uint8_t result = 0;
  switch (c.access) {
    case 1: result = static_cast<uint8_t>(value); c.latched = false; break;
    case 2: result = static_cast<uint8_t>(value >> 8); c.latched = false; break;
    default:
      result = c.readHigh ? static_cast<uint8_t>(value >> 8) : static_cast<uint8_t>(value);
      if (c.readHigh) c.latched = false;
      c.readHigh = !c.readHigh;
  }
  return result;
}

uint8_t Pit8253::in(uint16_t port, uint64_t now) {
  const unsigned index = port & 3;
  if (index == 3) return 0xFF;  // the control register is write-only
  return readByte(channels_[index], index, now);
}

uint8_t Pit8253::peek(uint16_t port, uint64_t now) const {
  const unsigned index = port & 3;
  if (index == 3) return 0xFF;
  const Channel& c = channels_[index];
  if (c.statusLatched) return c.status;
  const uint16_t value = c.latched ? c.latch : count(index, now);
  const bool high = c.access == 2 || (c.access == 3 && c.readHigh);
  return high ? static_cast<uint8_t>(value >> 8) : static_cast<uint8_t>(value);
}

void Pit8253::out(uint16_t port, uint8_t value, uint64_t now) {
  const unsigned index = port & 3;
  const uint64_t tick = toTick(now);
  if (index == 3) {
    const unsigned select = value >> 6;
    if (select == 3) {  // 8254 read-back: bit 5 = 0 latches counts, bit 4 = 0 latches status
      for (unsigned ch = 0; ch < 3; ++ch) {
        if (!(value & (2u << ch))) continue;
        Channel& c = channels_[ch];
        if (!(value & 0x20) && !c.latched) { c.latched = true; c.latch = count(ch, now); c.readHigh = false; }
        if (!(value & 0x10) && !c.statusLatched) {
          c.statusLatched = true;
          c.status = static_cast<uint8_t>((output(ch, now) ? 0x80 : 0) | (c.armed ? 0 : 0x40) | (c.access << 4) |
                                          (c.mode << 1) | (c.bcd ? 1 : 0));
        }
      }
      return;
    }
    Channel& c = channels_[select];
    const unsigned access = (value >> 4) & 3;
    if (access == 0) {  // counter latch command; a second latch before the read is ignored
      if (!c.latched) { c.latched = true; c.latch = count(select, now); c.readHigh = false; }
      return;
    }
    c.access = static_cast<uint8_t>(access);
    c.mode = (value >> 1) & 7;
    if (c.mode > 5) c.mode -= 4;  // 6 and 7 are aliases of 2 and 3
    c.bcd = value & 1;
    c.armed = false;  // writing a control word stops the count until a new one is written
    c.writeHigh = false;
    c.readHigh = false;
    c.latched = false;
    return;
  }
  Channel& c = channels_[index];
  switch (c.access) {
    case 1: c.reload = value; load(c, tick); break;
    case 2: c.reload = static_cast<uint16_t>(value << 8); load(c, tick); break;
    default:
      if (!c.writeHigh) {
        c.pendingLow = value;
        c.writeHigh = true;
        if (c.mode == 0) c.armed = false;  // mode 0: writing the first byte stops the count
      } else {
        c.reload = static_cast<uint16_t>(c.pendingLow | (value << 8));
        c.writeHigh = false;
        // Modes 2 and 3 take a new count at the end of the current period when already counting;
        // programs reprogramming the speaker rarely notice the difference, so it takes effect now.
        load(c, tick);
      }
  }
}

void Pit8253::setGate2(bool high, uint64_t now) {
  Channel& c = channels_[2];
  if (c.gate == high) return;
  if (!high) {
    c.frozen = count(2, now);
    c.pausedElapsed = elapsedTicks(c, now);
    c.gate = false;
    return;
  }
  c.gate = true;
  if (!c.armed) return;
  const uint64_t tick = toTick(now);
  if (c.mode == 0 || c.mode == 4) {
    // Counting resumes where it stopped.
    c.start = tick >= c.pausedElapsed ? tick - c.pausedElapsed : 0;
  } else {
    c.start = tick + 1;  // a rising gate reloads the count (modes 1, 2, 3, 5)
  }
}

}  // namespace asmlab::x86::pc
