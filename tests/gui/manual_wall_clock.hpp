// A wall clock for tests that moves only when the test says so (advance), so that pacing can be
// checked exactly: a thread sleeping on it wakes when the test has moved time past its deadline.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "asmlab/gui/wall_clock.hpp"

namespace asmlab::gui::test {

class ManualWallClock final : public WallClock {
public:
  Time now() const override {
    std::lock_guard lock(mutex_);
    return now_;
  }
  void sleepUntil(Time deadline) override {
    std::unique_lock lock(mutex_);
    ++sleepers_;
    ++sleepsBegun_;
    deadline_ = deadline;
    changed_.notify_all();
    changed_.wait(lock, [&] { return now_ >= deadline || wakeRequested_; });
    wakeRequested_ = false;
    --sleepers_;
    changed_.notify_all();
  }
  void wake() override {
    std::lock_guard lock(mutex_);
    wakeRequested_ = true;
    changed_.notify_all();
  }
  // Moves time on; a sleeper whose deadline has come wakes.
  void advance(Time by) {
    std::lock_guard lock(mutex_);
    now_ += by;
    marked_ = sleepsBegun_;
    changed_.notify_all();
  }
  // From here on, waitUntilSleeping() waits for a sleep that begins later (call before waking a
  // sleeper some other way, e.g. a speed change).
  void mark() {
    std::lock_guard lock(mutex_);
    marked_ = sleepsBegun_;
  }
  // Waits until a thread has begun a sleep since the last advance() or mark() and sleeps until a
  // time still ahead (it has caught up with the clock); false after `timeout` of real time.
  bool waitUntilSleeping(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return sleepsBegun_ > marked_ && sleepers_ > 0 && deadline_ > now_; });
  }
  // The deadline of the latest sleep.
  Time deadline() const {
    std::lock_guard lock(mutex_);
    return deadline_;
  }

private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  Time now_{std::chrono::seconds(1000)};  // an arbitrary epoch, not zero
  Time deadline_{0};
  int sleepers_ = 0;
  uint64_t sleepsBegun_ = 0, marked_ = 0;
  bool wakeRequested_ = false;
};

}  // namespace asmlab::gui::test
