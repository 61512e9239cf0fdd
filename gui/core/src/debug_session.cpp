#include "asmlab/gui/debug_session.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <chrono>

#include "asmlab/asm/diagnostics.hpp"
#include "asmlab/toolchain/loader.hpp"
#include "asmlab/toolchain/project.hpp"
#include "asmlab/x86/bus_log.hpp"
#include "asmlab/x86/pc/pc_machine.hpp"

namespace asmlab::gui {
namespace {

bool isProjectPath(const QString& path) {
  const QFileInfo info(path);
  return info.isDir() || info.suffix().compare("yaml", Qt::CaseInsensitive) == 0 ||
         info.suffix().compare("yml", Qt::CaseInsensitive) == 0;
}

// A file's text for the Source tab; objects, libraries and programs (binary) are not shown.
std::optional<QString> readSourceText(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QByteArray bytes = file.readAll();
  if (bytes.contains('\0')) return std::nullopt;
  return QString::fromLatin1(bytes);
}

}  // namespace

DebugSession::DebugSession(QObject* parent) : QObject(parent) {}

DebugSession::~DebugSession() {
  pause();
  if (worker_.joinable()) worker_.join();
}

void DebugSession::setMasmDialect(std::optional<QString> dialect) {
  given_.masmDialect = dialect ? std::optional<std::string>(dialect->toStdString()) : std::nullopt;
}

void DebugSession::setX86Cpu(std::optional<QString> cpu) {
  given_.x86Cpu = cpu ? std::optional<std::string>(cpu->toStdString()) : std::nullopt;
}

bool DebugSession::load(const QString& path) {
  pause();
  if (worker_.joinable()) worker_.join();
  path_ = path;
  Diagnostics diags;
  std::vector<std::string> files;
  std::string specPath;
  isProject_ = isProjectPath(path);
  projectName_.clear();
  if (isProject_) {
    if (auto project = toolchain::readProject(path.toStdString(), diags)) {
      files = project->files;
      specPath = project->specPath;
      projectName_ = QString::fromStdString(project->name);
    }
  } else {
    files = {path.toStdString()};
  }
  toolchain::LoadOptions options;
  std::unique_ptr<sim::Machine> machine;
  settingsSummary_.clear();
  sourceMap_.clear();
  if (!files.empty()) {
    if (auto settings = toolchain::programSettings(files, specPath, given_, diags)) {
      toolchain::applySettings(*settings, given_, options);
      // An 8086 or 8088 runs on the cycle-exact model (bus cycles, prefetch queue, DMA refresh:
      // docs/x86-cpu.md), so the clocks a student sees are the real machine's; later CPUs have
      // only the manual's clock totals.
      if (toolchain::hasCycleTiming(options.x86Cpu)) options.x86Timing = "cycle";
      settingsSummary_ = QString::fromStdString(settings->summary);
      specPath = settings->specPath;
      if (loadMicrocode(options, diags)) machine = toolchain::loadProgram(files, options, diags, sourceMap_);
    }
  }
  specPath_ = QString::fromStdString(specPath);
  edition_ = options.lc3Edition;
  dialect_ = QString::fromStdString(options.masmDialect);
  cpu_ = QString::fromStdString(options.x86Cpu);
  // The loader may have raised it (an emu8086 program's 80186 instructions): show what runs.
  if (auto* pc = dynamic_cast<x86::pc::PcMachine*>(machine.get()))
    cpu_ = QString::fromStdString(std::string(x86::cpuModelName(pc->cpu().model())));

  // The files to show: the sources given (or the project's), then every other file the line
  // table names (included files), each read once now so that the view matches what was built.
  files_.clear();
  sourceFiles_.clear();
  sourceTexts_.clear();
  auto addSource = [this](const QString& file) {
    if (sourceTexts_.count(file)) return;
    if (auto text = readSourceText(file)) {
      sourceTexts_[file] = *text;
      sourceFiles_.push_back(file);
    }
  };
  for (const auto& f : files) {
    files_.push_back(QString::fromStdString(f));
    if (toolchain::detectFile(f, "").isObject) continue;
    addSource(QString::fromStdString(f));
  }
  for (const auto& [address, where] : sourceMap_) addSource(QString::fromStdString(where.file));
  // A single object or program has no source of its own; keep its name for the window title.
  diagnostics_.clear();
  for (const Diagnostic& d : diags.all()) {
    if (d.severity == Severity::Note) continue;
    SourceDiagnostic s;
    if (d.location.file) {
      s.file = QString::fromStdString(d.location.file->name());
      addSource(s.file);
    }
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
  const auto* rate = sim::capability<sim::ClockRate>(*machine_);
  pacer_.setClockRate(rate ? rate->clocksPerSecond() : 0);
  lastStop_ = {};
  lastStop_.reason = sim::StopReason::Step;
  lastStop_.address = machine_->programCounter();
  markInstructions_ = markClocks_ = 0;
  marked_ = false;
  clocksByAddress_.clear();
  busLogEnd_ = UINT64_MAX;
  updateBusLog();
  lastMouseClock_ = 0;
  lastMouseButtons_ = 0;
  registersAtLoad_.clear();
  for (size_t r = 0; r < machine_->registers().size(); ++r) registersAtLoad_.push_back(machine_->readRegister(r));
  emit loaded();
  return true;
}

QString DebugSession::sourceText(const QString& file) const {
  auto it = sourceTexts_.find(file);
  return it == sourceTexts_.end() ? QString() : it->second;
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
  clock_->wake();  // a worker waiting for wall-clock time notices at once
}

void DebugSession::setSpeed(const Speed& speed) {
  pacer_.setSpeed(speed);
  clock_->wake();  // a worker sleeping at the old speed recomputes its slice now
}

void DebugSession::setWallClock(WallClock& clock) {
  clock_ = &clock;
  pacer_.setClock(clock);
}

void DebugSession::stepInto() {
  if (!machine_ || running_) return;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    uint64_t pc = machine_->programCounter();
    stop = stepRecordingBus();
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
    if (stop.message.empty()) stop.message = "back one instruction";
    lastMouseClock_ = 0;
  }
  afterSyncAction(stop);
}

void DebugSession::reverseContinue() {
  if (!machine_ || running_) return;
  sim::StopInfo stop;
  {
    std::lock_guard lock(mutex_);
    stop = history_->reverseContinue();
    lastMouseClock_ = 0;
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
    lastMouseClock_ = 0;
    lastMouseButtons_ = 0;
  }
  sim::StopInfo stop;
  stop.reason = sim::StopReason::Step;
  stop.address = machine_->programCounter();
  stop.message = "back to the start";
  afterSyncAction(stop);
}

void DebugSession::afterSyncAction(const sim::StopInfo& stop) {
  if (busViewOn_ && machine_) {
    std::lock_guard lock(mutex_);
    updateBusLog();
  }
  lastStop_ = stop;
  emit stopped();
}

void DebugSession::machineEdited() {
  if (!machine_) return;
  std::lock_guard lock(mutex_);
  history_->checkpoint();
}

void DebugSession::inputChanged() {
  // Snapshots from before this input cannot replay past it (sim::History's rules).
  history_->checkpoint();
}

void DebugSession::feedInput(const QString& text) {
  if (!machine_) return;
  std::lock_guard lock(mutex_);
  machine_->feedInput(text.toLatin1().toStdString());
  inputChanged();
}

void DebugSession::pushKey(uint8_t scanCode, uint8_t ascii) {
  if (!machine_) return;
  std::lock_guard lock(mutex_);
  auto* keyboard = sim::capability<sim::ScanCodeKeyboard>(*machine_);
  if (!keyboard) return;
  keyboard->pushKey(scanCode, ascii);
  inputChanged();
}

bool DebugSession::pushMouse(const sim::MouseEvent& event) {
  if (!machine_) return false;
  std::lock_guard lock(mutex_);
  auto* pointer = sim::capability<sim::PointerInput>(*machine_);
  if (!pointer) return false;
  const WallClock::Time wall = clock_->now();
  uint64_t at = machine_->clockCount();
  if (running_)
    if (auto mapped = pacer_.clockAt(wall)) at = std::max(at, *mapped);
  // A press or release comes no sooner after the previous event than the person took, counted
  // in the machine's clocks (what a real-time run maps it to anyway).
  const uint64_t rate = pacer_.clockRate();
  if (event.buttons != lastMouseButtons_ && rate != 0 && lastMouseWall_.count() != 0 && wall > lastMouseWall_) {
    const double held = std::chrono::duration<double>(wall - lastMouseWall_).count();
    at = std::max(at, lastMouseClock_ + static_cast<uint64_t>(std::min(held, 60.0) * static_cast<double>(rate)));
  }
  at = std::max(at, lastMouseClock_);  // never before an earlier event
  pointer->pushMouseEventAt(event, at);
  lastMouseClock_ = at;
  lastMouseWall_ = wall;
  lastMouseButtons_ = event.buttons;
  inputChanged();
  return true;
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
  // The description names the place as the user reads it: a label when one is there, else the
  // address in the machine's own notation (x3229, 1A2B:0010).
  auto name = machine_->symbols().nameAt(address);
  QString where;
  if (name) {
    where = QString::fromStdString(*name);
  } else if (machine_->memoryUnitBits() >= 16) {
    where = "x" + QString("%1").arg(address, 4, 16, QChar('0')).toUpper();
  } else {
    const sim::SegmentRange* segment = machine_->symbols().segmentAt(address);
    uint64_t paragraph = segment ? segment->paragraph : address >> 4;
    where = QString("%1:%2").arg(paragraph, 4, 16, QChar('0')).arg(address - paragraph * 16, 4, 16, QChar('0')).toUpper();
  }
  bps.addExecute(address, {}, where.toStdString());
  return true;
}

void DebugSession::markStopwatch() {
  if (!machine_) return;
  std::lock_guard lock(mutex_);
  markInstructions_ = machine_->instructionCount();
  markClocks_ = machine_->clockCount();
  marked_ = true;
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
    limits.stopAtCodeEnd = true;  // pause where the program runs past its code (docs/debugger.md)
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

sim::StopInfo DebugSession::runPaced() {
  using HostClock = std::chrono::steady_clock;
  sim::StopInfo stop;
  pacer_.start(machine_->clockCount(), machine_->instructionCount());
  slicing_ = true;
  for (;;) {
    // Only this thread runs the machine now, so its counters can be read without the mutex.
    const Pacer::Slice slice = pacer_.next(machine_->clockCount(), machine_->instructionCount());
    if (slice.maxInstructions == 0) {
      clock_->sleepUntil(slice.wakeAt);
      if (pauseRequested_) break;
      continue;
    }
    const auto t0 = HostClock::now();
    const uint64_t before = machine_->instructionCount();
    {
      std::lock_guard lock(mutex_);
      sim::RunLimits limits;
      limits.maxInstructions = slice.maxInstructions;
      limits.maxClocks = slice.maxClocks;
      limits.stopAtCodeEnd = true;
      stop = history_->run(limits);
    }
    pacer_.ran(machine_->instructionCount() - before, HostClock::now() - t0);
    const bool sliceDone = stop.reason == sim::StopReason::InstructionLimit || stop.reason == sim::StopReason::ClockLimit;
    if (!sliceDone || pauseRequested_) break;
    // A refresh waiting for the machine goes first: std::mutex is not fair, and without this
    // the worker would take it back before the window's thread woke up.
    while (refreshWaiting_ > 0 && !pauseRequested_) std::this_thread::yield();
  }
  slicing_ = false;
  const bool sliceDone = stop.reason == sim::StopReason::InstructionLimit || stop.reason == sim::StopReason::ClockLimit ||
                         stop.reason == sim::StopReason::Running;
  if (pauseRequested_ && sliceDone) {
    stop.reason = sim::StopReason::Paused;
    stop.message.clear();
    stop.address = machine_->programCounter();
  }
  return stop;
}

void DebugSession::workerLoop(Work work) {
  sim::StopInfo stop;
  if (work != Work::Run) {
    std::lock_guard lock(mutex_);
    sim::RunLimits limits;
    limits.maxInstructions = 500'000'000;  // a call that never returns stops here (or on pause)
    stop = work == Work::StepOver ? history_->stepOver(limits) : history_->stepOut(limits);
  } else {
    stop = runPaced();
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
  if (busViewOn_ && machine_) {
    std::lock_guard lock(mutex_);
    updateBusLog();
  }
  running_ = false;
  lastStop_ = stop;
  emit runningChanged(false);
  emit stopped();
}

SourcePlace DebugSession::sourcePlaceAt(uint64_t address) const {
  auto it = sourceMap_.find(address);
  if (it == sourceMap_.end()) return {};
  return {QString::fromStdString(it->second.file), static_cast<int>(it->second.line)};
}

int DebugSession::sourceLineAt(const QString& file, uint64_t address) const {
  SourcePlace place = sourcePlaceAt(address);
  return place.file == file ? place.line : 0;
}

std::optional<uint64_t> DebugSession::addressOfSourceLine(const QString& file, int line) const {
  const std::string name = file.toStdString();
  std::optional<uint64_t> best;
  uint32_t bestLine = 0;
  for (const auto& [address, where] : sourceMap_) {
    if (where.file != name || where.line < static_cast<uint32_t>(line)) continue;
    if (!best || where.line < bestLine) best = address, bestLine = where.line;
  }
  return best;
}

std::set<int> DebugSession::breakpointLines(const QString& file) const {
  std::set<int> lines;
  if (!machine_) return lines;
  for (const auto& [id, bp] : machine_->breakpoints().all())
    if (bp.kind == sim::Breakpoint::Kind::Execute)
      if (int line = sourceLineAt(file, bp.address); line > 0) lines.insert(line);
  return lines;
}

}  // namespace asmlab::gui
