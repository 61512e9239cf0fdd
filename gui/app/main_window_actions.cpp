// The main window's actions (run, steps, step back...), their keys, and the refresh of every pane.
#include <QElapsedTimer>

#include <ctime>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QPalette>
#include <QSlider>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTableView>
#include <QTimer>
#include <QToolBar>

#include <array>

#include "asmlab/gui/expression.hpp"
#include "console_view.hpp"
#include "device_pane.hpp"
#include "main_window.hpp"
#include "micro_pane.hpp"
#include "screen_widget.hpp"
#include "source_view.hpp"
#include "speaker_sound.hpp"
#include "speaker_timeline.hpp"

namespace asmlab::gui {
namespace {

// Speed steps of the slider, in instructions per second; 0 = full speed.
constexpr std::array<uint64_t, 11> kSpeeds = {1, 2, 5, 10, 50, 100, 1000, 10'000, 100'000, 1'000'000, 0};

QString withSeparators(uint64_t n) {
  QString s = QString::number(n);
  for (int i = s.size() - 3; i > 0; i -= 3) s.insert(i, ',');
  return s;
}

}  // namespace

void MainWindow::buildActions() {
  auto* bar = addToolBar("Debug");
  bar->setObjectName("debugToolbar");
  auto make = [&](const QString& text, QList<QKeySequence> keys, const QString& tip, auto slot) {
    auto* a = new QAction(text, this);
    a->setShortcuts(keys);
    a->setToolTip(QString("%1 (%2)\n%3").arg(text, keys.isEmpty() ? QString() : keys.front().toString(), tip));
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
  speedSlider_ = new QSlider(Qt::Horizontal, this);
  speedSlider_->setRange(0, static_cast<int>(kSpeeds.size()) - 1);
  speedSlider_->setValue(static_cast<int>(kSpeeds.size()) - 1);
  speedSlider_->setMaximumWidth(140);
  speedLabel_ = new QLabel(this);
  speedLabel_->setMinimumWidth(90);
  connect(speedSlider_, &QSlider::valueChanged, this, [this](int v) { applySpeed(v); });
  bar->addWidget(speedSlider_);
  bar->addWidget(speedLabel_);
  applySpeed(speedSlider_->value());
  auto* mark = new QAction("Mark", this);
  mark->setToolTip("Start the stopwatch here: the status bar shows instructions and clocks since the mark");
  connect(mark, &QAction::triggered, this, [this] {
    session_.markStopwatch();
    updateStatus();
  });
  bar->addAction(mark);

  stopLabel_ = new QLabel(this);
  counters_ = new QLabel(this);
  counters_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  statusBar()->addWidget(stopLabel_, 1);
  statusBar()->addPermanentWidget(counters_);
}

void MainWindow::buildMenus() {
  auto* file = menuBar()->addMenu("&File");
  auto* open = file->addAction("&Open...", this, [this] {
    QString path = QFileDialog::getOpenFileName(this, "Open a program", {},
                                                "Programs (*.asm *.obj *.bin *.hex *.exe *.com);;All files (*)");
    if (!path.isEmpty()) openFile(path);
  });
  open->setShortcut(QKeySequence::Open);
  auto* reload = file->addAction("&Reload", this, [this] { openFile(session_.path()); });
  reload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  file->addSeparator();
  file->addAction("&Quit", QKeySequence::Quit, this, [this] { close(); });

  auto* debug = menuBar()->addMenu("&Debug");
  for (QAction* a : {actRun_, actPause_, actStepInto_, actStepOver_, actStepOut_, actRunToCursor_, actStepBack_, actReverse_, actReset_,
                     actBreakpoint_, actStepClock_, actStepBackClock_})
    debug->addAction(a);
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

  auto* view = menuBar()->addMenu("&View");
  for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
  view->addSeparator();
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

void MainWindow::applySpeed(int step) {
  uint64_t speed = kSpeeds.at(static_cast<size_t>(step));
  session_.setSpeed(speed);
  speedLabel_->setText(speed ? withSeparators(speed) + " /s" : QString("full speed"));
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
  if (sim::Machine* m = session_.machine()) {
    sourceView_->setCurrentLine(session_.sourceLineAt(m->programCounter()));
    sourceView_->setBreakpointLines(session_.breakpointLines());
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

void MainWindow::onStopped() {
  breakpoints_.refresh();
  refreshAll();
  const sim::StopInfo& stop = session_.lastStop();
  QString text = QString::fromStdString(std::string(sim::stopReasonName(stop.reason)));
  if (!stop.message.empty()) text += ": " + QString::fromStdString(stop.message);
  if (auto* m = session_.machine()) {
    auto where = m->symbols().describe(m->programCounter());
    text += QString("  at %1").arg(m->programCounter(), 4, 16, QChar('0')).toUpper();
    if (where) text += " (" + QString::fromStdString(*where) + ")";
  }
  stopLabel_->setText(text);
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
    stopLabel_->setText("running...");
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
  counters_->setText(QString("instructions %1  clocks %2  |  since mark: %3 instr, %4 clocks")
                         .arg(withSeparators(m->instructionCount()), withSeparators(m->clockCount()),
                              withSeparators(session_.stopwatchInstructions()), withSeparators(session_.stopwatchClocks())));
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
  if (centre_->currentWidget() == sourceView_) return session_.addressOfSourceLine(sourceView_->textCursor().blockNumber() + 1);
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
  refreshAll();
}

void MainWindow::runToSelection() {
  if (auto address = selectedAddress()) session_.runTo(*address);
}

}  // namespace asmlab::gui
