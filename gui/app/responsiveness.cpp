#include "responsiveness.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <vector>

#include "main_window.hpp"

namespace asmlab::gui {

namespace {

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  auto index = static_cast<size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

}  // namespace

namespace {

struct Probe {
  std::vector<double> lateness;  // ms each tick of the probe timer came after it was due
  qint64 last = 0;
};

// Runs the event loop for `ms` with a probe timer ticking every `intervalMs`.
void probeFor(int ms, int intervalMs, const QElapsedTimer& clock, Probe& probe) {
  QTimer timer;
  timer.setTimerType(Qt::PreciseTimer);
  timer.setInterval(intervalMs);
  probe.last = 0;
  QObject::connect(&timer, &QTimer::timeout, [&] {
    qint64 now = clock.nsecsElapsed();
    if (probe.last) probe.lateness.push_back(std::max(0.0, (now - probe.last) / 1e6 - intervalMs));
    probe.last = now;
  });
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  timer.start();
  loop.exec();
}

// CPU seconds used so far by the whole process and by the calling thread (the window's).
double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + t.tv_nsec / 1e9;
}
double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + t.tv_nsec / 1e9;
}

double maxOf(const std::vector<double>& v) { return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()); }

}  // namespace

int measureResponsiveness(MainWindow& window, const ResponsivenessOptions& options, std::FILE* out) {
  DebugSession& session = window.session();
  sim::Machine* machine = session.machine();
  if (!machine) return 1;
  // Host time here only measures; the run itself is the same as any other.
  QElapsedTimer clock;
  clock.start();
  // The same probe with the machine at rest first: what the host itself adds (other processes).
  Probe idle;
  probeFor(1000, options.probeMs, clock, idle);

  std::vector<double> refreshGaps, refreshTimes, refreshCpu;  // ms between refreshes, ms each took, CPU ms
  qint64 lastRefresh = 0;
  window.onRefreshed = [&](int64_t took, int64_t cpu) {
    qint64 now = clock.nsecsElapsed();
    if (!session.isRunning()) return;
    if (lastRefresh) refreshGaps.push_back((now - lastRefresh) / 1e6);
    refreshTimes.push_back(took / 1e6);
    refreshCpu.push_back(cpu / 1e6);
    lastRefresh = now;
  };
  const uint64_t instructions0 = machine->instructionCount(), clocks0 = machine->clockCount();
  session.setSpeed(options.realTime ? Speed::realTime(1) : Speed::maximum());
  const qint64 runAt = clock.nsecsElapsed();
  const double process0 = processCpuSeconds(), window0 = threadCpuSeconds();
  session.run();
  Probe busy;
  probeFor(static_cast<int>(options.seconds * 1000), options.probeMs, clock, busy);
  const qint64 pauseAt = clock.nsecsElapsed();
  const double processCpu = processCpuSeconds() - process0, windowCpu = threadCpuSeconds() - window0;
  session.pause();
  // Pause: from the request until the session reports the stop through the event loop.
  QEventLoop loop;
  bool stopped = !session.isRunning();
  QObject::connect(&session, &DebugSession::stopped, &loop, [&] { stopped = true; loop.quit(); });
  if (!stopped) loop.exec();
  const double pauseMs = (clock.nsecsElapsed() - pauseAt) / 1e6;
  const double wall = (pauseAt - runAt) / 1e9;
  window.onRefreshed = nullptr;
  std::lock_guard lock(session.machineMutex());
  const double ips = static_cast<double>(machine->instructionCount() - instructions0) / wall;
  const double cps = static_cast<double>(machine->clockCount() - clocks0) / wall;
  std::fprintf(out, "asmlab-gui --measure-responsiveness: %.1f s %s, %s\n", wall,
               options.realTime && session.clockRate() != 0 ? "in real time" : "at full speed",
               session.lastStop().reason == sim::StopReason::Paused ? "then paused" : "stopped by the program");
  std::fprintf(out, "  simulated:        %.1f million instructions/s, %.3f million clocks/s\n", ips / 1e6, cps / 1e6);
  if (session.clockRate() != 0)
    std::fprintf(out, "  machine time:     %.3f s in %.3f s of wall time (%.2f%%)\n", static_cast<double>(machine->clockCount() - clocks0) / static_cast<double>(session.clockRate()),
                 wall, 100.0 * cps / static_cast<double>(session.clockRate()));
  // On a busy host the threads wait for a core; CPU time says what they needed.
  const double workerCpu = std::max(1e-9, processCpu - windowCpu);
  std::fprintf(out, "  CPU time:         window thread %.2f s (%.0f%% of the run), other threads %.2f s: "
                    "%.1f million instructions per CPU second\n",
               windowCpu, 100 * windowCpu / wall, workerCpu,
               static_cast<double>(machine->instructionCount() - instructions0) / workerCpu / 1e6);
  std::fprintf(out, "  event loop:       a %d ms timer late by median %.2f ms, 99th percentile %.2f ms, max %.2f ms (%zu ticks)\n",
               options.probeMs, percentile(busy.lateness, 0.5), percentile(busy.lateness, 0.99), maxOf(busy.lateness),
               busy.lateness.size());
  std::fprintf(out, "    machine at rest: median %.2f ms, 99th percentile %.2f ms, max %.2f ms (%zu ticks)\n",
               percentile(idle.lateness, 0.5), percentile(idle.lateness, 0.99), maxOf(idle.lateness), idle.lateness.size());
  std::fprintf(out, "  panes refreshed:  %zu times, every %.1f ms (median), 99th percentile %.1f ms, longest %.1f ms\n",
               refreshTimes.size(), percentile(refreshGaps, 0.5), percentile(refreshGaps, 0.99), maxOf(refreshGaps));
  std::fprintf(out, "  one refresh took: median %.2f ms, 99th percentile %.2f ms (waiting for the slice included);\n"
                    "                    CPU time of the window's thread: median %.2f ms, 99th percentile %.2f ms\n",
               percentile(refreshTimes, 0.5), percentile(refreshTimes, 0.99), percentile(refreshCpu, 0.5),
               percentile(refreshCpu, 0.99));
  std::fprintf(out, "  pause:            %.2f ms from the request to the stop\n", pauseMs);
  return 0;
}

}  // namespace asmlab::gui
