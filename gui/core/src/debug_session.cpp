#include "asmlab/gui/debug_session.hpp"

#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <chrono>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/toolchain/loader.hpp"

namespace asmlab::gui {
DebugSession::DebugSession(QObject* parent) : QObject(parent) {}

DebugSession::~DebugSession() {
  pause();
  if (worker_.joinable()) worker_.join();
}

bool DebugSession::load(const QString& path) {
  pause();
  if (worker_.joinable()) worker_.join();
  path_ = path;
  QFile file(path);
  source_.clear();
  if (file.open(QIODevice::ReadOnly)) {
    QByteArray bytes = file.readAll();
    // Objects and executables are not shown as text.
    source_ = bytes.contains('\0') ? QString() : QString::fromLatin1(bytes);
  }
  Diagnostics diags;
  toolchain::LoadOptions options;
  toolchain::ExplicitSettings given = given_;
  if (forcedEdition_) given.lc3Edition = forcedEdition_;
  std::unique_ptr<sim::Machine> machine;
  settingsSummary_.clear();
  if (auto settings = toolchain::programSettings({path.toStdString()}, "", given, diags)) {
    toolchain::applySettings(*settings, given, options);
    settingsSummary_ = QString::fromStdString(settings->summary);
    if (loadMicrocode(options, diags)) machine = toolchain::loadProgram({path.toStdString()}, options, diags, sourceMap_);
  }
  edition_ = options.lc3Edition;
  hasSourceLines_ = std::any_of(sourceMap_.begin(), sourceMap_.end(),
                                [file = path.toStdString()](const auto& entry) { return entry.second.file == file; });
  diagnostics_.clear();
  std::string canonical = QFileInfo(path).canonicalFilePath().toStdString();
  for (const Diagnostic& d : diags.all()) {
    if (d.severity == Severity::Note) continue;
    SourceDiagnostic s;
    s.line = static_cast<int>(d.location.line);
    s.column = static_cast<int>(d.location.column);
    s.isError = d.severity == Severity::Error;
    s.message = QString::fromStdString(d.message);
    if (d.location.file && d.location.file->name() == microcodePath_.toStdString()) {
      // A mistake in the control store, not in the program: named with its own file and line.
      s.message = QString("%1:%2:%3: %4").arg(QFileInfo(microcodePath_).fileName()).arg(s.line).arg(s.column).arg(s.message);
      s.line = s.column = 0;
    }
    diagnostics_.push_back(s);
  }
  diagnosticsText_ = QString::fromStdString(diags.renderToString());
  if (!machine) {
    emit loadFailed();
    return false;
  }
  std::lock_guard lock(mutex_);
  history_.reset();
  machine_ = std::move(machine);
  ++generation_;
  history_ = std::make_unique<sim::History>(*machine_, 100'000, 64);
  initial_ = machine_->saveSnapshot();
  lastStop_ = {};
  lastStop_.reason = sim::StopReason::Step;
  lastStop_.address = machine_->programCounter();
  markInstructions_ = markClocks_ = 0;
  clocksByAddress_.clear();
  emit loaded();
  return true;
}

void DebugSession::run() {
  if (machine_ && !running_) start(Work::Run);
}

void DebugSession::stepOver() {
  if (machine_ && !running_) start(Work::StepOver);
}

void DebugSession::stepOut() {
  if (machine_ && !running_) start(Work::StepOut);
}

void DebugSession::runTo(uint64_t address) {
  if (!machine_ || running_ || address >= machine_->memorySize()) return;
  {
    std::lock_guard lock(mutex_);
    temporaryBreakpoint_ = machine_->breakpoints().addExecute(address, {}, "run to cursor");
  }
  start(Work::Run);
}

void DebugSession::pause() {
  pauseRequested_ = true;
  if (machine_ && running_) machine_->requestPause();
}

void DebugSession::stepInto() {
  if (!machine_ || running_) return;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    uint64_t pc = machine_->programCounter();
    stop = history_->step();
    clocksByAddress_[pc] = machine_->lastInstructionClocks();
  }
  afterSyncAction(stop);
}

void DebugSession::stepBack() {
  if (!machine_ || running_) return;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    stop = history_->stepBack();
  }
  afterSyncAction(stop);
}

void DebugSession::reverseContinue() {
  if (!machine_ || running_) return;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    stop = history_->reverseContinue();
  }
  afterSyncAction(stop);
}

void DebugSession::reset() {
  if (!machine_) return;
  pause();
  if (worker_.joinable()) worker_.join();
  {
    std::lock_guard lock(mutex_);
    machine_->restoreSnapshot(*initial_);
    machine_->clearOutput();
    history_->reset();
    markInstructions_ = markClocks_ = 0;
  }
  sim::StopInfo stop;
  stop.reason = sim::StopReason::Step;
  stop.address = machine_->programCounter();
  stop.message = "reset";
  afterSyncAction(stop);
}

void DebugSession::afterSyncAction(const sim::StopInfo& stop) {
  lastStop_ = stop;
  emit stopped();
}

void DebugSession::machineEdited() {
  if (!machine_) return;
  std::lock_guard lock(mutex_);
  history_->checkpoint();
}

void DebugSession::feedInput(const QString& text) {
  if (!machine_) return;
  std::lock_guard lock(mutex_);
  machine_->feedInput(text.toLatin1().toStdString());
  history_->checkpoint();
}

bool DebugSession::toggleBreakpoint(uint64_t address) {
  if (!machine_) return false;
  std::lock_guard lock(mutex_);
  auto& bps = machine_->breakpoints();
  for (const auto& [id, bp] : bps.all()) {
    if (bp.kind == sim::Breakpoint::Kind::Execute && bp.address == address) {
      bps.remove(id);
      return false;
    }
  }
  auto name = machine_->symbols().nameAt(address);
  bps.addExecute(address, {}, name ? *name : QString("x%1").arg(address, 4, 16, QChar('0')).toUpper().toStdString());
  return true;
}

void DebugSession::markStopwatch() {
  if (!machine_) return;
  std::lock_guard lock(mutex_);
  markInstructions_ = machine_->instructionCount();
  markClocks_ = machine_->clockCount();
}

uint64_t DebugSession::stopwatchInstructions() const {
  return machine_ ? machine_->instructionCount() - markInstructions_ : 0;
}

uint64_t DebugSession::stopwatchClocks() const {
  return machine_ ? machine_->clockCount() - markClocks_ : 0;
}

int64_t DebugSession::clocksAt(uint64_t address) const {
  auto it = clocksByAddress_.find(address);
  return it == clocksByAddress_.end() ? -1 : static_cast<int64_t>(it->second);
}

void DebugSession::waitUntilStopped() {
  if (worker_.joinable()) worker_.join();
  // Delivers the queued finish() now, so the caller sees the stop.
  QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

sim::StopInfo DebugSession::runFor(uint64_t instructions) {
  if (!machine_ || running_) return lastStop_;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    sim::RunLimits limits;
    limits.maxInstructions = instructions;
    stop = history_->run(limits);
  }
  if (stop.reason == sim::StopReason::InstructionLimit) stop.message = "ran " + std::to_string(instructions) + " instructions";
  afterSyncAction(stop);
  return stop;
}

std::unique_lock<std::mutex> DebugSession::lockForRefresh() {
  std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
  if (lock.owns_lock() || !slicing_) return lock;
  // The worker lets us in at the end of its slice; wait at most about two slices so that the
  // event loop is never held longer than that, even when the host is busy.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(10);
  ++refreshWaiting_;
  while (!lock.try_lock() && slicing_ && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  --refreshWaiting_;
  return lock;
}

void DebugSession::start(Work work) {
  if (worker_.joinable()) worker_.join();
  pauseRequested_ = false;
  running_ = true;
  emit runningChanged(true);
  worker_ = std::thread([this, work] { workerLoop(work); });
}

void DebugSession::workerLoop(Work work) {
  using Clock = std::chrono::steady_clock;
  sim::StopInfo stop;
  if (work != Work::Run) {
    std::lock_guard lock(mutex_);
    sim::RunLimits limits;
    limits.maxInstructions = 500'000'000;  // a call that never returns stops here (or on pause)
    stop = work == Work::StepOver ? history_->stepOver(limits) : history_->stepOut(limits);
  } else {
    // Slices aim at about 4 ms of host time at full speed; at a set speed, a slice is 1/60 s of
    // instructions followed by a wait. Host time only paces the run; it never affects results.
    uint64_t slice = 20'000;
    auto begin = Clock::now();
    uint64_t done = 0;
    slicing_ = true;
    for (;;) {
      uint64_t speed = speed_;
      uint64_t count = speed ? std::max<uint64_t>(1, speed / 60) : slice;
      auto t0 = Clock::now();
      {
        std::lock_guard lock(mutex_);
        sim::RunLimits limits;
        limits.maxInstructions = count;
        stop = history_->run(limits);
      }
      done += count;
      if (stop.reason != sim::StopReason::InstructionLimit || pauseRequested_) break;
      if (speed) {
        auto due = begin + std::chrono::microseconds(done * 1'000'000 / speed);
        while (Clock::now() < due && !pauseRequested_) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      } else {
        auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
        if (us < 2000) slice = std::min<uint64_t>(slice * 2, 5'000'000);
        else if (us > 8000) slice = std::max<uint64_t>(slice / 2, 1000);
      }
      // A refresh waiting for the machine goes first: std::mutex is not fair, and without this
      // the worker would take it back before the window's thread woke up.
      while (refreshWaiting_ > 0 && !pauseRequested_) std::this_thread::yield();
    }
    slicing_ = false;
    if (pauseRequested_ && stop.reason == sim::StopReason::InstructionLimit) {
      stop.reason = sim::StopReason::Paused;
      stop.message = "paused";
    }
  }
  QMetaObject::invokeMethod(this, [this, stop] { finish(stop); }, Qt::QueuedConnection);
}

void DebugSession::finish(sim::StopInfo stop) {
  if (worker_.joinable()) worker_.join();
  if (temporaryBreakpoint_ >= 0) {
    std::lock_guard lock(mutex_);
    machine_->breakpoints().remove(temporaryBreakpoint_);
    temporaryBreakpoint_ = -1;
  }
  running_ = false;
  lastStop_ = stop;
  emit runningChanged(false);
  emit stopped();
}

int DebugSession::sourceLineAt(uint64_t address) const {
  auto it = sourceMap_.find(address);
  if (it == sourceMap_.end() || it->second.file != path_.toStdString()) return 0;
  return static_cast<int>(it->second.line);
}

std::optional<uint64_t> DebugSession::addressOfSourceLine(int line) const {
  const std::string file = path_.toStdString();
  std::optional<uint64_t> best;
  uint32_t bestLine = 0;
  for (const auto& [address, where] : sourceMap_) {
    if (where.file != file || where.line < static_cast<uint32_t>(line)) continue;
    if (!best || where.line < bestLine) best = address, bestLine = where.line;
  }
  return best;
}

std::set<int> DebugSession::breakpointLines() const {
  std::set<int> lines;
  if (!machine_) return lines;
  for (const auto& [id, bp] : machine_->breakpoints().all())
    if (bp.kind == sim::Breakpoint::Kind::Execute)
      if (int line = sourceLineAt(bp.address); line > 0) lines.insert(line);
  return lines;
}

}  // namespace asmlab::gui
