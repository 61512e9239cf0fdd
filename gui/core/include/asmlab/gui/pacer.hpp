// When the debugger's worker may run the machine on, and how far: the speed control. Pacing only
// decides when wall-clock time lets the simulation go on; the program never sees the host clock,
// so a run is the same at every speed.
//
// - Real time (x1, x2, x10) paces the machine's own clock (the PC's 4.77 MHz): the simulated
//   clock may reach, and never pass, the wall time since Run (times the factor). A program waiting
//   on the timer or halted on a key waits as long as on the real machine, and its sound and
//   animation keep their tempo. If the host cannot keep up, the pacer lets the machine fall behind
//   by at most kMaxLag and then forgets the debt rather than racing to catch up.
// - Instructions per second paces the instruction count the same way (stepping slowly).
// - Maximum runs slices sized to take about kSliceTarget of host time each.
// A speed change re-anchors at the machine's counters at once, so it never waits for time owed
// (or banked) at the old speed.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "asmlab/gui/wall_clock.hpp"

namespace asmlab::gui {

struct Speed {
  enum class Kind { Maximum, RealTime, InstructionsPerSecond };
  Kind kind = Kind::Maximum;
  unsigned factor = 1;                // RealTime: multiples of the machine's clock rate
  uint64_t instructionsPerSecond = 0;  // InstructionsPerSecond

  static Speed maximum() { return {}; }
  static Speed realTime(unsigned factor = 1) { return {Kind::RealTime, factor == 0 ? 1 : factor, 0}; }
  static Speed instructions(uint64_t perSecond) { return {Kind::InstructionsPerSecond, 1, perSecond == 0 ? 1 : perSecond}; }
  bool operator==(const Speed&) const = default;
  // "real time (4.77 MHz)", "2x real time", "1,000 instructions/s", "maximum".
  std::string describe(uint64_t clocksPerSecond) const;
};

class Pacer {
public:
  using Time = WallClock::Time;
  static constexpr Time kMaxLag = std::chrono::milliseconds(100);
  static constexpr Time kSliceTarget = std::chrono::milliseconds(4);
  // The least a paced slice runs (so the worker does not wake for a handful of clocks).
  static constexpr Time kMinChunk = std::chrono::milliseconds(2);

  explicit Pacer(WallClock& clock) : clock_(&clock) {}
  void setClock(WallClock& clock);
  // The machine's clock rate; 0 = none (real-time speeds then run at maximum).
  void setClockRate(uint64_t clocksPerSecond);
  uint64_t clockRate() const;
  void setSpeed(const Speed& speed);
  Speed speed() const;
  // The speed actually applied: real time on a machine without a clock rate is maximum.
  Speed effectiveSpeed() const;

  // Run starts: pacing counts from the machine's counters now.
  void start(uint64_t clocks, uint64_t instructions);

  struct Slice {
    uint64_t maxInstructions = 0;     // 0 = nothing to run yet: sleep until `wakeAt`
    uint64_t maxClocks = UINT64_MAX;
    Time wakeAt{0};
  };
  // What the machine may run now, given its counters.
  Slice next(uint64_t clocks, uint64_t instructions);
  // After a slice: how many instructions ran in how much host time (sizes the next slices).
  void ran(uint64_t instructions, Time hostTime);

  // The machine clock that a moment of wall time stands for while pacing in real time (to stamp
  // mouse events); nullopt at other speeds or before the first slice after a change.
  std::optional<uint64_t> clockAt(Time wall) const;

private:
  Slice nextLocked(uint64_t clocks, uint64_t instructions, Time wall);

  WallClock* clock_;
  mutable std::mutex mutex_;
  Speed speed_;
  uint64_t clockRate_ = 0;
  bool anchored_ = false;
  Time anchorWall_{0};
  uint64_t anchorClocks_ = 0, anchorInstructions_ = 0;
  uint64_t slice_ = 20'000;  // instructions per slice, adapted to the host's speed
};

}  // namespace asmlab::gui
