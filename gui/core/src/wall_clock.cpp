#include "asmlab/gui/wall_clock.hpp"

namespace asmlab::gui {

WallClock::Time SteadyWallClock::now() const {
  return std::chrono::duration_cast<Time>(std::chrono::steady_clock::now().time_since_epoch());
}

void SteadyWallClock::sleepUntil(Time deadline) {
  std::unique_lock lock(mutex_);
  const auto until = std::chrono::steady_clock::time_point(std::chrono::duration_cast<std::chrono::steady_clock::duration>(deadline));
  woken_.wait_until(lock, until, [this] { return wakeRequested_; });
  wakeRequested_ = false;
}

void SteadyWallClock::wake() {
  {
    std::lock_guard lock(mutex_);
    wakeRequested_ = true;
  }
  woken_.notify_all();
}

}  // namespace asmlab::gui
