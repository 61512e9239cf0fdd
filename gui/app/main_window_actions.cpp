// The main window's actions (run, steps, step back...), their keys, the speed control, and the
// refresh of every pane.
#include <QElapsedTimer>

#include <ctime>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QPalette>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>

#include "asmlab/gui/address_text.hpp"
#include "asmlab/gui/expression.hpp"
#include "console_view.hpp"
#include "device_pane.hpp"
#include "main_window.hpp"
#include "bus_pane.hpp"
#include "micro_pane.hpp"
#include "screen_widget.hpp"
#include "source_view.hpp"
#include "speaker_sound.hpp"
#include "speaker_timeline.hpp"

namespace asmlab::gui {
namespace {

QString withSeparators(uint64_t n) {
  QString s = QString::number(n);
  for (int i = s.size() - 3; i > 0; i -= 3) s.insert(i, ',');
  return s;
}

// The stop, as a sentence's start: "Paused", "Stopped at a breakpoint", "Program ended"...
QString stopPhrase(const sim::StopInfo& stop) {
  using R = sim::StopReason;
  switch (stop.reason) {
    case R::Running: return "Ready";
    case R::Halted: return stop.exitCode != 0 ? QString("Program ended (exit code %1)").arg(stop.exitCode) : QString("Program ended");
    case R::InstructionLimit: return "Stopped after the instructions asked for";
    case R::ClockLimit: return "Stopped at the clock limit";
    case R::WaitingForInput: return "Waiting for input";
    case R::Exception: return "Stopped by an exception";
    case R::Breakpoint: return "Stopped at a breakpoint";
    case R::Watchpoint: return "Stopped by a watchpoint";
    case R::Step: return "Stepped";
    case R::Paused: return "Paused";
    case R::OutputLimit: return "Stopped at the output limit";
  }
  return {};
}

}  // namespace

void MainWindow::buildActions() {
  auto* bar = toolBar_ = addToolBar("Debug");
  bar->setObjectName("debugToolbar");
  auto make = [&](const QString& text, QList<QKeySequence> keys, const QString& tip, auto slot) {
    auto* a = new QAction(text, this);
    a->setShortcuts(keys);
    a->setToolTip(QString("%1 (%2)\n%3").arg(text, keys.isEmpty() ? QString() : keys.front().toString(QKeySequence::NativeText), tip));
    connect(a, &QAction::triggered, this, slot);
    bar->addAction(a);
    return a;
  };
  actRun_ = make("Run", {QKeySequence(Qt::Key_F5)}, "Run until a breakpoint, the end or Pause", [this] { session_.run(); });
  actPause_ = make("Pause", {QKeySequence(Qt::Key_Pause), QKeySequence(Qt::SHIFT | Qt::Key_F5)}, "Stop at the next instruction",
                   [this] { session_.pause(); });
  actStepInto_ = make("Step into", {QKeySequence(Qt::Key_F11), QKeySequence(Qt::Key_F8)}, "Execute one instruction",
                      [this] { session_.stepInto(); });
  actStepOver_ = make("Step over", {QKeySequence(Qt::Key_F10)}, "Execute one instruction, running calls and traps to their return",
                      [this] { session_.stepOver(); });
  actStepOut_ = make("Step out", {QKeySequence(Qt::SHIFT | Qt::Key_F11)}, "Run until the current subroutine returns",
                     [this] { session_.stepOut(); });
  actRunToCursor_ = make("Run to cursor", {QKeySequence(Qt::CTRL | Qt::Key_F10)}, "Run to the selected code line",
                         [this] { runToSelection(); });
  bar->addSeparator();
  actStepBack_ = make("Step back", {QKeySequence(Qt::CTRL | Qt::Key_F11), QKeySequence(Qt::SHIFT | Qt::Key_F8)},
                      "Undo one instruction (snapshots plus re-execution)", [this] { session_.stepBack(); });
  actReverse_ = make("Reverse continue", {QKeySequence(Qt::CTRL | Qt::Key_F5)}, "Run backwards to the previous breakpoint hit",
                     [this] { session_.reverseContinue(); });
  actReset_ = make("Reset", {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5)}, "Back to the state after loading",
                   [this] { session_.reset(); });
  bar->addSeparator();
  actStepClock_ = make("Step clock", {QKeySequence(Qt::Key_F7)}, "LC-3 micro engine: execute one clock (one microinstruction)",
                       [this] { session_.stepClock(); });
  actStepBackClock_ = make("Clock back", {QKeySequence(Qt::CTRL | Qt::Key_F7)}, "LC-3 micro engine: undo one clock",
                           [this] { session_.stepBackClock(); });
  actBreakpoint_ = make("Breakpoint", {QKeySequence(Qt::Key_F9)}, "Toggle a breakpoint on the selected code line",
                        [this] { toggleBreakpointAtSelection(); });
  bar->addSeparator();
  bar->addWidget(new QLabel(" Speed ", this));
  speedChoice_ = new QComboBox(this);
  speedChoice_->setToolTip("How fast the program runs: real time is the machine's own clock (the PC's 4.77 MHz), so delays, "
                           "animation and sound are as on the machine; instruction rates are for watching each line");
  speedChoice_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  connect(speedChoice_, &QComboBox::activated, this, [this](int index) { chooseSpeed(index); });
  bar->addWidget(speedChoice_);
  actSlower_ = new QAction("Slower", this);
  actSlower_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
  connect(actSlower_, &QAction::triggered, this, [this] { stepSpeed(-1); });
  actFaster_ = new QAction("Faster", this);
  actFaster_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
  connect(actFaster_, &QAction::triggered, this, [this] { stepSpeed(+1); });
  addAction(actSlower_);
  addAction(actFaster_);
  auto* mark = new QAction("Mark", this);
  mark->setToolTip("Start the stopwatch here: the status bar shows instructions and clocks since the mark");
  connect(mark, &QAction::triggered, this, [this] {
    session_.markStopwatch();
    updateStatus();
  });
  bar->addAction(mark);

  stopLabel_ = new QLabel(this);
  stopLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  counters_ = new QLabel(this);
  counters_->setObjectName("counters");
  counters_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  statusBar()->addWidget(stopLabel_, 1);
  statusBar()->addPermanentWidget(counters_);
}

void MainWindow::buildMenus() {
  auto* file = menuBar()->addMenu("&File");
  auto* open = file->addAction("&Open program...", this, [this] {
    QString path = QFileDialog::getOpenFileName(this, "Open a program", {},
                                                "Programs (*.asm *.obj *.bin *.hex *.exe *.com);;All files (*)");
    if (!path.isEmpty()) openFile(path);
  });
  open->setShortcut(QKeySequence::Open);
  auto* openProject = file->addAction("Open p&roject...", this, [this] { openProjectDialog(); });
  openProject->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  file->addAction("&New project...", this, [this] { newProjectDialog(); });
  auto* reload = file->addAction("&Reload", this, [this] { openFile(session_.path()); });
  reload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  file->addSeparator();
  file->addAction("&Quit", QKeySequence::Quit, this, [this] { close(); });

  auto* debug = menuBar()->addMenu("&Debug");
  for (QAction* a : {actRun_, actPause_, actStepInto_, actStepOver_, actStepOut_, actRunToCursor_, actStepBack_, actReverse_, actReset_,
                     actBreakpoint_, actStepClock_, actStepBackClock_})
    debug->addAction(a);
  debug->addSeparator();
  debug->addAction(actSlower_);
  debug->addAction(actFaster_);
  debug->addSeparator();
  // The LC-3's engine: reloading the program on the micro engine (with the book's control store,
  // or one from a file) or back on the fast one.
  actMicroEngine_ = debug->addAction("LC-3 &micro engine");
  actMicroEngine_->setCheckable(true);
  connect(actMicroEngine_, &QAction::toggled, this, [this](bool on) {
    session_.setLc3Microcoded(on);
    if (!session_.path().isEmpty()) openFile(session_.path());
  });
  debug->addAction("Load LC-3 &control store...", this, [this] {
    QString path = QFileDialog::getOpenFileName(this, "Open a control store", {}, "Control stores (*.txt *.ucode);;All files (*)");
    if (path.isEmpty()) return;
    session_.setLc3Microcoded(true, path);
    actMicroEngine_->blockSignals(true);
    actMicroEngine_->setChecked(true);
    actMicroEngine_->blockSignals(false);
    if (!session_.path().isEmpty()) openFile(session_.path());
  });

  buildSettingsMenu(menuBar()->addMenu("&Program"));

  auto* view = menuBar()->addMenu("&View");
  for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
  view->addSeparator();
  view->addAction("Default &layout", this, [this] { applyDefaultLayout(); });
  actDark_ = view->addAction("&Dark theme");
  actDark_->setCheckable(true);
  connect(actDark_, &QAction::toggled, this, [this](bool on) { setDarkTheme(on); });
  actMute_ = view->addAction("&Mute speaker");
  actMute_->setCheckable(true);
  actMute_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
  actMute_->setEnabled(sound_->available());
  connect(actMute_, &QAction::toggled, this, [this](bool on) {
    sound_->setMuted(on);
    speaker_->setSoundStatus(on ? QString("Muted: View > Mute speaker") : sound_->status());
  });
  buildHelpMenu();
}

void MainWindow::setDarkTheme(bool dark) {
  qApp->setStyle(QStyleFactory::create("Fusion"));
  QPalette p = qApp->style()->standardPalette();
  if (dark) {
    p.setColor(QPalette::Window, QColor(45, 45, 48));
    p.setColor(QPalette::WindowText, QColor(220, 220, 220));
    p.setColor(QPalette::Base, QColor(30, 30, 30));
    p.setColor(QPalette::AlternateBase, QColor(45, 45, 48));
    p.setColor(QPalette::Text, QColor(220, 220, 220));
    p.setColor(QPalette::Button, QColor(55, 55, 60));
    p.setColor(QPalette::ButtonText, QColor(220, 220, 220));
    p.setColor(QPalette::Highlight, QColor(38, 79, 120));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(60, 60, 60));
    p.setColor(QPalette::ToolTipText, QColor(230, 230, 230));
    p.setColor(QPalette::PlaceholderText, QColor(140, 140, 140));
    for (auto role : {QPalette::ButtonText, QPalette::WindowText, QPalette::Text})
      p.setColor(QPalette::Disabled, role, QColor(110, 110, 110));
  }
  qApp->setPalette(p);
  if (actDark_ && actDark_->isChecked() != dark) actDark_->setChecked(dark);
}

void MainWindow::fillSpeeds() {
  const uint64_t rate = session_.clockRate();
  speeds_.clear();
  for (uint64_t ips : {1, 2, 5, 10, 100, 1'000, 10'000, 100'000, 1'000'000}) speeds_.push_back(Speed::instructions(ips));
  if (rate != 0)
    for (unsigned factor : {1u, 2u, 10u}) speeds_.push_back(Speed::realTime(factor));
  speeds_.push_back(Speed::maximum());
  // Real time is the default for a machine with a clock rate (a PC program's delays, animation
  // and sound as on the machine); the LC-3 runs at maximum. A choice made stays for that kind.
  std::optional<Speed>& chosen = rate != 0 ? chosenPcSpeed_ : chosenLc3Speed_;
  const Speed speed = chosen.value_or(rate != 0 ? Speed::realTime(1) : Speed::maximum());
  speedChoice_->clear();
  int current = static_cast<int>(speeds_.size()) - 1;
  for (size_t i = 0; i < speeds_.size(); ++i) {
    speedChoice_->addItem(QString::fromStdString(speeds_[i].describe(rate)));
    if (speeds_[i] == speed) current = static_cast<int>(i);
  }
  speedChoice_->setCurrentIndex(current);
  session_.setSpeed(speeds_[static_cast<size_t>(current)]);
}

void MainWindow::chooseSpeed(int index) {
  if (index < 0 || static_cast<size_t>(index) >= speeds_.size()) return;
  const Speed speed = speeds_[static_cast<size_t>(index)];
  (session_.clockRate() != 0 ? chosenPcSpeed_ : chosenLc3Speed_) = speed;
  if (speedChoice_->currentIndex() != index) speedChoice_->setCurrentIndex(index);
  session_.setSpeed(speed);
  stopLabel_->setText("Speed: " + speedChoice_->itemText(index) + (session_.isRunning() ? " (running)" : ""));
}

void MainWindow::stepSpeed(int delta) {
  chooseSpeed(std::clamp(speedChoice_->currentIndex() + delta, 0, speedChoice_->count() - 1));
}

void MainWindow::refreshAll() {
  QElapsedTimer took;
  timespec cpu0{};
  if (onRefreshed) {
    took.start();
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
  }
  std::unique_lock lock = session_.lockForRefresh();
  if (!lock.owns_lock()) return;  // a step over/out is running as one piece; the next tick will try again
  bool running = session_.isRunning();
  ++ticks_;
  registers_.refresh();
  watches_.refresh();
  memory_.refresh();
  stack_.refresh();
  disassembly_.refresh();
  if (!running) followSource();
  if (sim::Machine* m = session_.machine()) {
    sourceView_->setCurrentLine(session_.sourceLineAt(sourceView_->file(), m->programCounter()));
    sourceView_->setBreakpointLines(session_.breakpointLines(sourceView_->file()));
  }
  console_->capture();
  screen_->capture();
  speaker_->capture();
  if (speaker_->hasSpeaker()) sound_->play(speaker_->notes(), speaker_->clocksPerSecond(), speaker_->now());
  // Device tables and the stack walk are rebuilt a few times a second while running.
  if (!running || ticks_ % 10 == 0) {
    devices_->capture();
    callStack_.refresh();
  }
  if (!running || microDock_->isVisible()) micro_->capture();
  if (!running && session_.busViewEnabled()) bus_->capture();
  lock.unlock();
  int row = disassembly_.currentRow();
  if (row >= 0) codeView_->scrollTo(disassembly_.index(row, 0), QAbstractItemView::PositionAtCenter);
  if (!running) {
    callStackView_->resizeColumnsToContents();
    followMemory();
    followStack();
  }
  updateStatus();
  if (onRefreshed) {
    timespec cpu1{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
    onRefreshed(took.nsecsElapsed(), (cpu1.tv_sec - cpu0.tv_sec) * 1'000'000'000LL + (cpu1.tv_nsec - cpu0.tv_nsec));
  }
}

void MainWindow::followSource() {
  // When the program stops in another module, the Source tab turns to that file.
  sim::Machine* m = session_.machine();
  if (!m) return;
  const SourcePlace place = session_.sourcePlaceAt(m->programCounter());
  if (!place.file.isEmpty() && place.file != sourceView_->file() && session_.sourceFiles().contains(place.file)) showSourceFile(place.file);
}

QString MainWindow::statusText() const {
  const sim::Machine* m = session_.machine();
  if (!m) return "Open a program: File > Open program (Ctrl+O), File > Open project, or drop a file here.";
  const sim::StopInfo& stop = session_.lastStop();
  const bool reset = stop.reason == sim::StopReason::Step && stop.message == "back to the start";
  QString text = reset ? QString("Reset") : stopPhrase(stop);
  const uint64_t pc = m->programCounter();
  text += (stop.reason == sim::StopReason::Step ? " to " : " at ") + addressText(*m, pc);
  const SourcePlace place = session_.sourcePlaceAt(pc);
  if (!place.file.isEmpty()) text += QString(" (%1:%2)").arg(QFileInfo(place.file).fileName()).arg(place.line);
  // The machine's own detail, unless it only repeats the reason.
  const QString detail = QString::fromStdString(stop.message);
  const QString reason = QString::fromStdString(std::string(sim::stopReasonName(stop.reason)));
  if (!detail.isEmpty() && !reset && detail.compare(reason, Qt::CaseInsensitive) != 0) text += ": " + detail;
  return text;
}

void MainWindow::onStopped() {
  breakpoints_.refresh();
  breakpointView_->resizeColumnsToContents();
  refreshAll();
  // What the program asked of the machine and did not get (Machine::notes): counted on the status
  // line, listed in its tooltip.
  QString text = statusText(), tip = text;
  if (const sim::Machine* m = session_.machine(); m != nullptr && !m->notes().empty()) {
    text += QString(" (%1 %2: hover)").arg(m->notes().size()).arg(m->notes().size() == 1 ? "note" : "notes");
    for (const auto& note : m->notes()) tip += "\nnote: " + QString::fromStdString(note);
  }
  stopLabel_->setText(text);
  stopLabel_->setToolTip(tip);
}

void MainWindow::onRunningChanged(bool running) {
  bool loaded = session_.machine() != nullptr;
  for (QAction* a : {actRun_, actStepInto_, actStepOver_, actStepOut_, actRunToCursor_, actStepBack_, actReverse_})
    a->setEnabled(loaded && !running);
  actPause_->setEnabled(running);
  actReset_->setEnabled(loaded);
  const bool micro = loaded && !running && session_.microMachine() != nullptr;
  actStepClock_->setEnabled(micro);
  actStepBackClock_->setEnabled(micro);
  if (running) {
    stopLabel_->setText("Running at " + speedChoice_->currentText() + "...");
    refreshTimer_->start();
    if (screen_->hasScreen()) screen_->setFocus();
    else console_->setFocus();
  } else {
    refreshTimer_->stop();
  }
}

void MainWindow::updateStatus() {
  auto* m = session_.machine();
  if (!m) {
    counters_->clear();
    return;
  }
  // Machine time in seconds where the clock stands for real time; the stopwatch once Mark is used.
  QString text = QString("instr %1  clocks %2").arg(withSeparators(m->instructionCount()), withSeparators(m->clockCount()));
  if (const uint64_t rate = session_.clockRate(); rate != 0)
    text += QString(" (%1 s)").arg(static_cast<double>(m->clockCount()) / static_cast<double>(rate), 0, 'f', 2);
  if (session_.isMarked())
    text += QString("  |  since mark %1 instr, %2 clocks").arg(withSeparators(session_.stopwatchInstructions()), withSeparators(session_.stopwatchClocks()));
  counters_->setText(text);
}

void MainWindow::followMemory() {
  auto* m = session_.machine();
  QString text = memoryFollow_->currentText().trimmed();
  if (!m || text.isEmpty()) return;
  Evaluation e = evaluate(*m, text.toStdString());
  if (!e.value || *e.value < 0 || static_cast<uint64_t>(*e.value) >= m->memorySize()) return;
  uint64_t a = static_cast<uint64_t>(*e.value);
  memory_.setHighlight(a);
  memoryView_->scrollTo(memory_.index(memory_.rowOf(a), 0), QAbstractItemView::PositionAtTop);
  memoryView_->viewport()->update();
}

void MainWindow::followStack() {
  auto* m = session_.machine();
  if (!m) return;
  std::string expr = m->registerIndex("R6") >= 0 ? "R6" : m->registerIndex("SS") >= 0 ? "SS*16+SP" : "";
  if (expr.empty()) return;
  Evaluation e = evaluate(*m, expr);
  if (!e.value || static_cast<uint64_t>(*e.value) >= m->memorySize()) return;
  stack_.setHighlight(static_cast<uint64_t>(*e.value));
  stackView_->scrollTo(stack_.index(stack_.rowOf(static_cast<uint64_t>(*e.value)), 0), QAbstractItemView::PositionAtTop);
}

std::optional<uint64_t> MainWindow::selectedAddress() {
  // The Source tab: the first instruction of the line the text cursor is on (or of a later line).
  if (centre_->currentWidget() == sourceView_)
    return session_.addressOfSourceLine(sourceView_->file(), sourceView_->textCursor().blockNumber() + 1);
  int row = codeView_->currentIndex().row();
  if (row < 0) row = disassembly_.currentRow();
  if (row < 0) return std::nullopt;
  return disassembly_.addressOfRow(row);
}

void MainWindow::toggleBreakpointAtSelection() {
  auto address = selectedAddress();
  if (!address || session_.isRunning()) return;
  session_.toggleBreakpoint(*address);
  breakpoints_.refresh();
  breakpointView_->resizeColumnsToContents();
  refreshAll();
}

void MainWindow::runToSelection() {
  if (auto address = selectedAddress()) session_.runTo(*address);
}

}  // namespace asmlab::gui
