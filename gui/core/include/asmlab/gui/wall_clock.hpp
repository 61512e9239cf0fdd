// The host's time as the debugger's pacing sees it. Only the pacing reads it (when the machine may
// run on), never the simulated program; tests inject a fake clock that moves when told to.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace asmlab::gui {

class WallClock {
public:
  using Time = std::chrono::nanoseconds;  // since an arbitrary epoch
  virtual ~WallClock() = default;
  virtual Time now() const = 0;
  // Blocks until `deadline`, or until wake() is called (also when it was called since the last
  // sleep began, so a wake is never lost).
  virtual void sleepUntil(Time deadline) = 0;
  virtual void wake() = 0;
};

// std::chrono::steady_clock, sleeping on a condition variable.
class SteadyWallClock final : public WallClock {
public:
  Time now() const override;
  void sleepUntil(Time deadline) override;
  void wake() override;

private:
  std::mutex mutex_;
  std::condition_variable woken_;
  bool wakeRequested_ = false;
};

}  // namespace asmlab::gui
