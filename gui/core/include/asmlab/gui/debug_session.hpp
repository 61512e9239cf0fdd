// The debugger's one session: it loads a program (one file, or a project of several through the
// toolchain's project and settings readers), owns the Machine and its step-back History, and runs
// it on a worker thread in short slices paced by a Pacer (real time, a multiple of it, a number
// of instructions a second, or as fast as the host can). The worker holds machineMutex() while a
// slice runs; the UI takes it to read or edit the machine.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "asmlab/gui/pacer.hpp"
#include "asmlab/gui/wall_clock.hpp"
#include "asmlab/sim/capabilities.hpp"
#include "asmlab/sim/history.hpp"
#include "asmlab/sim/machine.hpp"
#include "asmlab/toolchain/loader.hpp"
#include "asmlab/toolchain/program_settings.hpp"

namespace asmlab::lc3sim {
class Lc3Machine;
}
namespace asmlab::x86 {
class BusLog;
class Cpu;
}

namespace asmlab::gui {

struct SourceDiagnostic {
  QString file;   // the file it is about ("" = the program as a whole)
  int line = 0;   // 1-based; 0 = not tied to a line
  int column = 0;
  bool isError = true;
  QString message;
};

// Where a word of the program came from.
struct SourcePlace {
  QString file;
  int line = 0;
};

class DebugSession : public QObject {
  Q_OBJECT
public:
  explicit DebugSession(QObject* parent = nullptr);
  ~DebugSession() override;

  // Opens a program and builds a fresh machine; false with diagnostics on failure (the previous
  // machine, if any, is kept). `path` is a source, object or built program, or a project: a
  // folder or an asmlab.yaml (toolchain/project.hpp), whose files are assembled and linked
  // together. The LC-3 edition, the 8086 dialect and CPU come from the setters, else from the
  // asmlab.yaml (beside the file, or the project's), else from what the sources ask for (.386,
  // TASM-only directives), else the defaults; settingsSummary() says which
  // (toolchain/program_settings.hpp).
  bool load(const QString& path);
  // The LC-3's engine for the next load: the microcoded one (one microinstruction per clock), with
  // the control store from `microcodePath` when it is not empty (micro_session.cpp).
  void setLc3Microcoded(bool on, const QString& microcodePath = {}) {
    microcoded_ = on || !microcodePath.isEmpty();
    microcodePath_ = microcodePath;
  }
  // The loaded LC-3 machine when it runs the micro engine, else nullptr (caller holds the mutex
  // while it uses it).
  lc3sim::Lc3Machine* microMachine() const;
  // One clock forward, and one clock back (restore and re-execute to the clock before).
  void stepClock();
  void stepBackClock();
  // --- the bus view (bus_session.cpp): an 8086/8088 on the cycle model ---
  // Whether the loaded machine models its bus clock by clock (the Bus pane is shown for it).
  bool hasBusView() const { return cycleCpu() != nullptr; }
  // Keeps the clocks of the last instructions while on (the Bus pane is visible): a step records
  // its own; after any other stop (run, step over or out, step back, reset) the session
  // re-executes the last instructions from the step-back history with a recorder attached, so a
  // run at full speed records nothing.
  void setBusViewEnabled(bool on);
  bool busViewEnabled() const { return busViewOn_; }
  // The last instructions with their clocks, or nullptr when off or without a bus model (caller
  // holds the machine mutex). Changes with busViewVersion().
  const x86::BusLog* busLog() const;
  uint64_t busViewVersion() const { return busViewVersion_; }
  // How many instructions the bus view keeps.
  static constexpr size_t kBusViewInstructions = 64;
  bool reload() { return load(path_); }
  QString path() const { return path_; }
  bool isProject() const { return isProject_; }
  QString projectName() const { return projectName_; }
  QString specPath() const { return specPath_; }
  // Every file the program was built from (sources, objects, libraries), in build order.
  QStringList files() const { return files_; }
  QString settingsSummary() const { return settingsSummary_; }

  // Settings chosen by hand (command line, menus); unset = from the spec or the sources.
  void setLc3Edition(std::optional<int> edition) { given_.lc3Edition = edition; }
  void setMasmDialect(std::optional<QString> dialect);
  void setX86Cpu(std::optional<QString> cpu);
  const toolchain::ExplicitSettings& givenSettings() const { return given_; }
  // The settings the loaded program was built with.
  int lc3Edition() const { return edition_; }
  QString masmDialect() const { return dialect_; }
  QString x86Cpu() const { return cpu_; }
  // The registers as the program was loaded (e.g. where its stack begins), by register index.
  const std::vector<uint64_t>& registersAtLoad() const { return registersAtLoad_; }

  // --- sources ---
  // The source files with lines in the program (the project's sources first, then files they
  // include), and the one shown first (the first source).
  QStringList sourceFiles() const { return sourceFiles_; }
  QString mainSource() const { return sourceFiles_.isEmpty() ? QString() : sourceFiles_.front(); }
  // The text of a source file (read at load), empty for one that is not a source.
  QString sourceText(const QString& file) const;
  QString sourceText() const { return sourceText(mainSource()); }
  const std::vector<SourceDiagnostic>& diagnostics() const { return diagnostics_; }
  bool hasSourceLines() const { return !sourceFiles_.isEmpty() && !sourceMap_.empty(); }
  // The file and line that produced the word at `address` (empty file: none, e.g. the operating
  // system, a library without line numbers, or a .COM/.EXE).
  SourcePlace sourcePlaceAt(uint64_t address) const;
  // The line of `file` (default: the main source) at `address`, 0 when it is not in that file.
  int sourceLineAt(uint64_t address) const { return sourceLineAt(mainSource(), address); }
  int sourceLineAt(const QString& file, uint64_t address) const;
  // The address of the first word `line` of `file` produced, or of the next line that produced any.
  std::optional<uint64_t> addressOfSourceLine(int line) const { return addressOfSourceLine(mainSource(), line); }
  std::optional<uint64_t> addressOfSourceLine(const QString& file, int line) const;
  // The lines of `file` with an execute breakpoint on their first word; the caller holds the
  // machine mutex.
  std::set<int> breakpointLines(const QString& file) const;
  std::set<int> breakpointLines() const { return breakpointLines(mainSource()); }
  QString diagnosticsText() const { return diagnosticsText_; }

  sim::Machine* machine() const { return machine_.get(); }
  // Counts loads, so that models notice a new machine even if it sits at the old one's address.
  uint64_t generation() const { return generation_; }
  std::mutex& machineMutex() { return mutex_; }
  // The machine for the window's refresh. While Run is slicing, waits (at most 10 ms) for the
  // end of the current slice, and the worker lets it in before the next one, so the panes follow
  // a program at full speed; otherwise (idle, or a step over or out that runs as one piece) it
  // only tries. An empty lock means "busy, try on the next tick".
  std::unique_lock<std::mutex> lockForRefresh();
  bool isRunning() const { return running_; }
  const sim::StopInfo& lastStop() const { return lastStop_; }

  // Controls. Each returns at once; stopped() is emitted when the machine is at rest again.
  void run();
  void pause();
  void stepInto();
  void stepOver();
  void stepOut();
  void runTo(uint64_t address);
  void stepBack();
  void reverseContinue();
  void reset();

  // --- speed ---
  // Takes effect at once, also while running (docs/debugger.md, "Speed").
  void setSpeed(const Speed& speed);
  Speed speed() const { return pacer_.speed(); }
  // The machine's clock rate when it stands for real time (the PC's 4,772,727 Hz), else 0.
  uint64_t clockRate() const { return pacer_.clockRate(); }
  // The wall clock pacing reads (tests inject a fake one); the session does not own it.
  void setWallClock(WallClock& clock);
  WallClock& wallClock() { return *clock_; }

  // Blocks until the worker is idle and its stop has been reported (tests, screenshot mode).
  void waitUntilStopped();
  // Runs up to `instructions` on the calling thread, stopping at breakpoints (screenshot mode).
  sim::StopInfo runFor(uint64_t instructions);

  // Call after editing registers or memory from outside the program.
  void machineEdited();
  // Keys typed: the program reads them in order.
  void feedInput(const QString& text);
  // A key without ASCII (arrows...) by scan code, on machines with a scan-code keyboard.
  void pushKey(uint8_t scanCode, uint8_t ascii = 0);
  // A mouse move, press or release, delivered at the simulated moment it happened: while the
  // machine runs in real time, the machine clock the pacer maps this wall-clock instant to;
  // otherwise at once, but never before an earlier event, and a release no sooner after its press
  // than the button was held (at the machine's clock rate). False when there is no pointer.
  bool pushMouse(const sim::MouseEvent& event);
  // Toggles an execution breakpoint at the address; returns true if one is now set.
  bool toggleBreakpoint(uint64_t address);

  // The stopwatch: instructions and clocks since the mark.
  void markStopwatch();
  bool isMarked() const { return marked_; }
  uint64_t stopwatchInstructions() const;
  uint64_t stopwatchClocks() const;
  // Clocks the instruction at `address` took when last stepped, or -1 if never stepped.
  int64_t clocksAt(uint64_t address) const;

signals:
  void loaded();
  void loadFailed();
  void stopped();
  void runningChanged(bool running);

private:
  enum class Work { Run, StepOver, StepOut };
  void start(Work work);
  void workerLoop(Work work);
  sim::StopInfo runPaced();
  void finish(sim::StopInfo stop);
  void afterSyncAction(const sim::StopInfo& stop);
  // Fills the LC-3 engine options; false (with diagnostics) when the control store has errors.
  bool loadMicrocode(toolchain::LoadOptions& options, Diagnostics& diagnostics);
  void inputChanged();  // records outside input for step back (caller holds the mutex)
  x86::Cpu* cycleCpu() const;
  // Brings the bus log up to the machine's present instruction (caller holds the mutex).
  void updateBusLog();
  // Steps once with the recorder attached when the log is up to date (caller holds the mutex).
  sim::StopInfo stepRecordingBus();

  QString path_, diagnosticsText_, settingsSummary_, projectName_, specPath_;
  bool isProject_ = false;
  QStringList files_, sourceFiles_;
  std::map<QString, QString> sourceTexts_;
  toolchain::SourceMap sourceMap_;
  std::vector<SourceDiagnostic> diagnostics_;
  std::unique_ptr<sim::Machine> machine_;
  std::unique_ptr<sim::History> history_;
  std::unique_ptr<sim::MachineSnapshot> initial_;
  std::vector<uint64_t> registersAtLoad_;
  std::mutex mutex_;
  std::thread worker_;
  std::atomic<bool> running_{false};
  std::atomic<bool> pauseRequested_{false};
  std::atomic<bool> slicing_{false};   // the worker runs Run in slices
  std::atomic<int> refreshWaiting_{0}; // lockForRefresh() calls waiting for the mutex
  SteadyWallClock steadyClock_;
  WallClock* clock_ = &steadyClock_;
  Pacer pacer_{steadyClock_};
  int temporaryBreakpoint_ = -1;
  toolchain::ExplicitSettings given_;
  QString dialect_ = "masm", cpu_ = "8086";
  bool microcoded_ = false;
  QString microcodePath_;
  uint64_t generation_ = 0;
  int edition_ = 3;
  sim::StopInfo lastStop_;
  uint64_t markInstructions_ = 0, markClocks_ = 0;
  bool marked_ = false;
  std::map<uint64_t, uint64_t> clocksByAddress_;
  bool busViewOn_ = false;
  std::unique_ptr<x86::BusLog> busLog_;
  uint64_t busLogEnd_ = UINT64_MAX;  // the instruction count the log reaches (UINT64_MAX: stale)
  uint64_t busViewVersion_ = 0;
  // The last mouse event: its machine clock and wall time, and the buttons it left down.
  uint64_t lastMouseClock_ = 0;
  WallClock::Time lastMouseWall_{0};
  unsigned lastMouseButtons_ = 0;
};

}  // namespace asmlab::gui
