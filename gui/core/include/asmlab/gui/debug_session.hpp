// The debugger's one session: it loads a program through the toolchain loader, owns the Machine
// and its step-back History, and runs it on a worker thread in short slices (a few milliseconds
// of simulated work each) so the window stays responsive at full speed. The worker holds
// machineMutex() while a slice runs; the UI takes it to read or edit the machine.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "asmlab/sim/history.hpp"
#include "asmlab/sim/machine.hpp"
#include "asmlab/toolchain/loader.hpp"
#include "asmlab/toolchain/program_settings.hpp"

namespace asmlab::lc3sim {
class Lc3Machine;
}

namespace asmlab::gui {

struct SourceDiagnostic {
  int line = 0;  // 1-based; 0 = not tied to a line
  int column = 0;
  bool isError = true;
  QString message;
};

class DebugSession : public QObject {
  Q_OBJECT
public:
  explicit DebugSession(QObject* parent = nullptr);
  ~DebugSession() override;

  // Assembles or reads the file and builds a fresh machine; false with diagnostics on failure
  // (the previous machine, if any, is kept). The LC-3 edition, the 8086 dialect and CPU come from
  // the setters, else from the asmlab.yaml beside the file (as `asmlab run` reads it), else from
  // what the source asks for (.386, TASM-only directives), else the defaults; settingsSummary()
  // says which (toolchain/program_settings.hpp).
  bool load(const QString& path);
  QString settingsSummary() const { return settingsSummary_; }
  void setLc3Edition(int edition) { forcedEdition_ = edition; }
  int lc3Edition() const { return edition_; }
  // The dialect of 8086 sources: "masm" (default) or "tasm" (Turbo Assembler, MASM or Ideal mode).
  void setMasmDialect(const QString& dialect) { given_.masmDialect = dialect.toStdString(); }
  // The PC's processor: 8086 (default), 8088, 80186, 80286 or 80386.
  void setX86Cpu(const QString& cpu) { given_.x86Cpu = cpu.toStdString(); }
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
  bool reload() { return load(path_); }
  QString path() const { return path_; }
  QString sourceText() const { return source_; }
  const std::vector<SourceDiagnostic>& diagnostics() const { return diagnostics_; }
  // True when the line table has lines of the loaded file (sources of either machine).
  bool hasSourceLines() const { return hasSourceLines_; }
  // The line of the loaded source that produced the word at `address` (0 when none: another
  // file, the operating system, or a program without a line table such as a .COM or .EXE).
  int sourceLineAt(uint64_t address) const;
  // The address of the first word `line` produced, or of the next line that produced any.
  std::optional<uint64_t> addressOfSourceLine(int line) const;
  // The source lines with an execute breakpoint on their first word; the caller holds the
  // machine mutex.
  std::set<int> breakpointLines() const;
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
  // Instructions per second; 0 = as fast as the host can.
  void setSpeed(uint64_t instructionsPerSecond) { speed_ = instructionsPerSecond; }
  uint64_t speed() const { return speed_; }
  // Blocks until the worker is idle and its stop has been reported (tests, screenshot mode).
  void waitUntilStopped();
  // Runs up to `instructions` on the calling thread, stopping at breakpoints (screenshot mode).
  sim::StopInfo runFor(uint64_t instructions);

  // Call after editing registers or memory from outside the program.
  void machineEdited();
  void feedInput(const QString& text);
  // Toggles an execution breakpoint at the address; returns true if one is now set.
  bool toggleBreakpoint(uint64_t address);

  // The stopwatch: instructions and clocks since the mark.
  void markStopwatch();
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
  void finish(sim::StopInfo stop);
  void afterSyncAction(const sim::StopInfo& stop);
  // Fills the LC-3 engine options; false (with diagnostics) when the control store has errors.
  bool loadMicrocode(toolchain::LoadOptions& options, Diagnostics& diagnostics);

  QString path_, source_, diagnosticsText_;
  toolchain::SourceMap sourceMap_;
  bool hasSourceLines_ = false;
  std::vector<SourceDiagnostic> diagnostics_;
  std::unique_ptr<sim::Machine> machine_;
  std::unique_ptr<sim::History> history_;
  std::unique_ptr<sim::MachineSnapshot> initial_;
  std::mutex mutex_;
  std::thread worker_;
  std::atomic<bool> running_{false};
  std::atomic<bool> pauseRequested_{false};
  std::atomic<uint64_t> speed_{0};
  std::atomic<bool> slicing_{false};   // the worker runs Run in slices
  std::atomic<int> refreshWaiting_{0}; // lockForRefresh() calls waiting for the mutex
  int temporaryBreakpoint_ = -1;
  int forcedEdition_ = 0;
  toolchain::ExplicitSettings given_;  // the dialect and CPU chosen with the setters
  QString settingsSummary_;
  bool microcoded_ = false;
  QString microcodePath_;
  uint64_t generation_ = 0;
  int edition_ = 3;
  sim::StopInfo lastStop_;
  uint64_t markInstructions_ = 0, markClocks_ = 0;
  std::map<uint64_t, uint64_t> clocksByAddress_;
};

}  // namespace asmlab::gui
