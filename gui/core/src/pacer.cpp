#include "asmlab/gui/pacer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace asmlab::gui {
namespace {

std::string withSeparators(uint64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<size_t>(i), ",");
  return s;
}

double seconds(Pacer::Time t) { return std::chrono::duration<double>(t).count(); }

}  // namespace

std::string Speed::describe(uint64_t clocksPerSecond) const {
  switch (kind) {
    case Kind::Maximum: return "maximum";
    case Kind::InstructionsPerSecond: return withSeparators(instructionsPerSecond) + " instructions/s";
    case Kind::RealTime: {
      char mhz[32];
      std::snprintf(mhz, sizeof mhz, "%.2f MHz", static_cast<double>(clocksPerSecond) * factor / 1e6);
      if (clocksPerSecond == 0) return "real time";
      return factor == 1 ? std::string("real time (") + mhz + ")" : std::to_string(factor) + "x real time (" + mhz + ")";
    }
  }
  return {};
}

void Pacer::setClock(WallClock& clock) {
  std::lock_guard lock(mutex_);
  clock_ = &clock;
  anchored_ = false;
}

void Pacer::setClockRate(uint64_t clocksPerSecond) {
  std::lock_guard lock(mutex_);
  clockRate_ = clocksPerSecond;
  anchored_ = false;
}

uint64_t Pacer::clockRate() const {
  std::lock_guard lock(mutex_);
  return clockRate_;
}

void Pacer::setSpeed(const Speed& speed) {
  std::lock_guard lock(mutex_);
  speed_ = speed;
  anchored_ = false;  // the next slice counts from the counters it is given, at the new speed
}

Speed Pacer::speed() const {
  std::lock_guard lock(mutex_);
  return speed_;
}

Speed Pacer::effectiveSpeed() const {
  std::lock_guard lock(mutex_);
  return speed_.kind == Speed::Kind::RealTime && clockRate_ == 0 ? Speed::maximum() : speed_;
}

void Pacer::start(uint64_t clocks, uint64_t instructions) {
  std::lock_guard lock(mutex_);
  anchored_ = true;
  anchorWall_ = clock_->now();
  anchorClocks_ = clocks;
  anchorInstructions_ = instructions;
}

Pacer::Slice Pacer::next(uint64_t clocks, uint64_t instructions) {
  std::lock_guard lock(mutex_);
  return nextLocked(clocks, instructions, clock_->now());
}

Pacer::Slice Pacer::nextLocked(uint64_t clocks, uint64_t instructions, Time wall) {
  if (!anchored_) {
    anchored_ = true;
    anchorWall_ = wall;
    anchorClocks_ = clocks;
    anchorInstructions_ = instructions;
  }
  const bool realTime = speed_.kind == Speed::Kind::RealTime && clockRate_ != 0;
  if (speed_.kind == Speed::Kind::Maximum || (speed_.kind == Speed::Kind::RealTime && !realTime))
    return {slice_, UINT64_MAX, wall};
  // The paced counter and its rate per second of wall time.
  const double rate = realTime ? static_cast<double>(clockRate_) * speed_.factor : static_cast<double>(speed_.instructionsPerSecond);
  uint64_t& anchor = realTime ? anchorClocks_ : anchorInstructions_;
  const uint64_t done = realTime ? clocks : instructions;
  const double lagAllowed = rate * seconds(kMaxLag);
  double target = static_cast<double>(anchor) + seconds(wall - anchorWall_) * rate;
  if (target > static_cast<double>(done) + lagAllowed) {
    // The host fell behind (or the machine was held up): keep kMaxLag of it, forget the rest.
    anchorWall_ = wall - std::chrono::duration_cast<Time>(kMaxLag);
    anchor = done;
    target = static_cast<double>(done) + lagAllowed;
  }
  const double minChunk = std::max(1.0, std::floor(rate * seconds(kMinChunk)));
  if (target >= static_cast<double>(done) + minChunk) {
    const auto allowed = static_cast<uint64_t>(target) - done;
    if (realTime) return {slice_, allowed, wall};
    return {std::min(slice_, allowed), UINT64_MAX, wall};
  }
  // Sleep until the wall time at which minChunk more is due.
  const double dueSeconds = (static_cast<double>(done) + minChunk - static_cast<double>(anchor)) / rate;
  Slice wait;
  wait.wakeAt = anchorWall_ + std::chrono::duration_cast<Time>(std::chrono::duration<double>(dueSeconds));
  return wait;
}

void Pacer::ran(uint64_t instructions, Time hostTime) {
  if (instructions < 1000 || hostTime.count() <= 0) return;
  std::lock_guard lock(mutex_);
  // Instructions the host runs in kSliceTarget at the rate just seen, averaged with the last size.
  const double perSecond = static_cast<double>(instructions) / seconds(hostTime);
  const auto wanted = static_cast<uint64_t>(perSecond * seconds(kSliceTarget));
  slice_ = std::clamp<uint64_t>((slice_ + wanted) / 2, 1000, 5'000'000);
}

std::optional<uint64_t> Pacer::clockAt(Time wall) const {
  std::lock_guard lock(mutex_);
  if (!anchored_ || speed_.kind != Speed::Kind::RealTime || clockRate_ == 0) return std::nullopt;
  const double at = static_cast<double>(anchorClocks_) + seconds(wall - anchorWall_) * static_cast<double>(clockRate_) * speed_.factor;
  return at <= 0 ? 0 : static_cast<uint64_t>(at);
}

}  // namespace asmlab::gui
