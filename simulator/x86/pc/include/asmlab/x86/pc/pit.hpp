// The Intel 8253/8254 programmable interval timer at ports 40h-43h, clocked at 1.193182 MHz
// (the PC's 14.31818 MHz crystal / 12 = the 4.77 MHz CPU clock / 4). Counters are computed from the
// clock when read, not ticked, so an idle timer costs nothing. Intel 8254 data sheet: control word
// (SC RW M BCD), counter latch and read-back commands, modes 0-5.
#pragma once

#include <array>
#include <cstdint>

namespace asmlab::x86::pc {

class Pit8253 {
public:
  static constexpr uint64_t kCpuClocksPerTick = 4;

  void reset();
  // `now` is the machine clock in CPU clocks; the PIT counts now / 4.
  uint8_t in(uint16_t port, uint64_t now);
  void out(uint16_t port, uint8_t value, uint64_t now);
  uint8_t peek(uint16_t port, uint64_t now) const;

  // Channel 2's gate (port 61h bit 0). A rising edge restarts the count in modes 1, 2, 3 and 5.
  void setGate2(bool high, uint64_t now);
  // Output level of a channel at `now`.
  bool output(unsigned channel, uint64_t now) const;
  // The first clock after `now` at which channel 0's output rises (the IRQ0 edge), or UINT64_MAX.
  uint64_t nextRisingEdge(unsigned channel, uint64_t now) const;
  // The count of a channel as a read would see it at `now`.
  uint16_t count(unsigned channel, uint64_t now) const;

  // The divisor loaded in a channel (65536 for 0) and its mode, for the speaker.
  uint32_t divisor(unsigned channel) const { return channels_[channel].reload == 0 ? 65536u : channels_[channel].reload; }
  unsigned mode(unsigned channel) const { return channels_[channel].mode; }
  bool counting(unsigned channel) const { return channels_[channel].armed && channels_[channel].gate; }

  struct Channel {
    uint8_t mode = 3, access = 3;  // access: 1 LSB, 2 MSB, 3 LSB then MSB
    bool bcd = false;
    uint16_t reload = 0;           // last complete count written (0 = 65536)
    uint8_t pendingLow = 0;
    bool writeHigh = false;        // next write is the MSB
    bool readHigh = false;         // next read is the MSB
    bool latched = false;
    uint16_t latch = 0;
    bool statusLatched = false;
    uint8_t status = 0;
    bool armed = false;            // a count was loaded
    bool gate = true;
    uint64_t start = 0;            // PIT tick at which counting started
    uint16_t frozen = 0;           // count while the gate is low
    uint64_t pausedElapsed = 0;    // ticks counted when the gate went low (modes 0 and 4 resume there)
  };
  const std::array<Channel, 3>& channels() const { return channels_; }
  void setChannels(const std::array<Channel, 3>& c) { channels_ = c; }

private:
  void load(Channel& c, uint64_t tick);
  static uint64_t elapsedTicks(const Channel& c, uint64_t now);
  uint8_t readByte(Channel& c, unsigned index, uint64_t tick);
  std::array<Channel, 3> channels_{};
};

}  // namespace asmlab::x86::pc
