#include "main_window.hpp"

#include <algorithm>

#include <QCloseEvent>
#include <QShowEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileSystemWatcher>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "console_view.hpp"
#include "device_pane.hpp"
#include "micro_pane.hpp"
#include "screen_widget.hpp"
#include "source_view.hpp"
#include "speaker_sound.hpp"
#include "speaker_timeline.hpp"

namespace asmlab::gui {
namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
  auto* view = new QTableView(parent);
  view->setModel(model);
  view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  view->verticalHeader()->hide();
  view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 4);
  view->horizontalHeader()->setStretchLastSection(true);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  return view;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle("asmlab debugger");
  setAcceptDrops(true);
  setDockNestingEnabled(true);
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
  buildCentre();
  buildDocks();
  buildActions();
  buildMenus();

  refreshTimer_ = new QTimer(this);
  refreshTimer_->setInterval(33);  // about 30 refreshes a second while running
  connect(refreshTimer_, &QTimer::timeout, this, [this] { refreshAll(); });
  reloadTimer_ = new QTimer(this);
  reloadTimer_->setSingleShot(true);
  reloadTimer_->setInterval(300);  // editors write files in several steps
  connect(reloadTimer_, &QTimer::timeout, this, [this] { openFile(session_.path()); });
  watcher_ = new QFileSystemWatcher(this);
  connect(watcher_, &QFileSystemWatcher::fileChanged, this, [this] { reloadTimer_->start(); });

  connect(&session_, &DebugSession::stopped, this, [this] { onStopped(); });
  connect(&session_, &DebugSession::runningChanged, this, [this](bool r) { onRunningChanged(r); });

  QSettings settings;
  restoreGeometry(settings.value("window/geometry").toByteArray());
  defaultLayoutPending_ = !restoreState(settings.value("window/state").toByteArray());
  setDarkTheme(settings.value("window/dark", false).toBool());
  actMute_->setChecked(settings.value("speaker/muted", false).toBool());
  for (const QString& w : settings.value("watches").toStringList()) watches_.addWatch(w);
  onRunningChanged(false);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCentre() {
  centre_ = new QTabWidget(this);
  codeView_ = makeTable(&disassembly_, centre_);
  codeView_->setColumnWidth(DisassemblyModel::Gutter, 34);
  codeView_->setColumnWidth(DisassemblyModel::Address, 70);
  codeView_->setColumnWidth(DisassemblyModel::Label, 110);
  codeView_->setColumnWidth(DisassemblyModel::Clocks, 60);
  codeView_->horizontalHeader()->setStretchLastSection(false);
  codeView_->horizontalHeader()->setSectionResizeMode(DisassemblyModel::Instruction, QHeaderView::Stretch);
  connect(codeView_, &QTableView::clicked, this, [this](const QModelIndex& i) {
    if (i.column() == DisassemblyModel::Gutter) toggleBreakpointAtSelection();
  });
  sourceView_ = new SourceView(centre_);
  sourceView_->onGutterClicked = [this](int line) {
    std::optional<uint64_t> address = session_.addressOfSourceLine(line);
    if (!address || session_.isRunning()) return;
    session_.toggleBreakpoint(*address);
    breakpoints_.refresh();
    refreshAll();
  };
  centre_->addTab(codeView_, "Code");
  centre_->addTab(sourceView_, "Source");
  setCentralWidget(centre_);
}

QDockWidget* MainWindow::addPane(const QString& title, const QString& objectName, QWidget* widget, Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(objectName);  // saveState() needs it
  dock->setWidget(widget);
  addDockWidget(area, dock);
  return dock;
}

void MainWindow::buildDocks() {
  registerView_ = makeTable(&registers_, this);
  registerView_->setColumnWidth(0, 70);
  registerView_->setColumnWidth(1, 60);
  registerView_->setColumnWidth(2, 70);
  registerView_->setMinimumWidth(330);
  auto* regDock = registerDock_ = addPane("Registers", "registers", registerView_, Qt::RightDockWidgetArea);

  auto* memoryBox = new QWidget(this);
  auto* memoryLayout = new QVBoxLayout(memoryBox);
  memoryLayout->setContentsMargins(0, 0, 0, 0);
  memoryFollow_ = new QComboBox(memoryBox);
  memoryFollow_->setEditable(true);
  memoryFollow_->setToolTip("Address, register or label to follow (e.g. x3000, R6, PC, [R1], BOARD)");
  memoryFollow_->lineEdit()->setPlaceholderText("follow: address, register or label");
  connect(memoryFollow_, &QComboBox::textActivated, this, [this] { followMemory(); });
  memoryView_ = makeTable(&memory_, memoryBox);
  memoryView_->setSelectionBehavior(QAbstractItemView::SelectItems);
  memoryView_->horizontalHeader()->setDefaultSectionSize(46);
  memoryLayout->addWidget(memoryFollow_);
  memoryLayout->addWidget(memoryView_);
  auto* memDock = addPane("Memory", "memory", memoryBox, Qt::BottomDockWidgetArea);

  stackView_ = makeTable(&stack_, this);
  stackView_->setSelectionBehavior(QAbstractItemView::SelectItems);
  stackView_->setMinimumWidth(330);
  stackView_->horizontalHeader()->setDefaultSectionSize(46);
  auto* stackDock = addPane("Stack", "stack", stackView_, Qt::RightDockWidgetArea);

  callStackView_ = makeTable(&callStack_, this);
  auto* callDock = addPane("Call stack", "callstack", callStackView_, Qt::RightDockWidgetArea);

  watchView_ = makeTable(&watches_, this);
  watchView_->setColumnWidth(0, 140);
  auto* watchDock = addPane("Watches", "watches", watchView_, Qt::BottomDockWidgetArea);

  auto* bpBox = new QWidget(this);
  auto* bpLayout = new QVBoxLayout(bpBox);
  bpLayout->setContentsMargins(0, 0, 0, 0);
  auto* bpRow = new QHBoxLayout;
  breakpointEntry_ = new QLineEdit(bpBox);
  breakpointEntry_->setPlaceholderText("LABEL, x3000, write COUNT, port 61h, int 21h ah=09h ... if R0==5");
  auto* removeButton = new QPushButton("Remove", bpBox);
  bpRow->addWidget(breakpointEntry_);
  bpRow->addWidget(removeButton);
  breakpointView_ = makeTable(&breakpoints_, bpBox);
  bpLayout->addLayout(bpRow);
  bpLayout->addWidget(breakpointView_);
  connect(breakpointEntry_, &QLineEdit::returnPressed, this, [this] {
    QString error;
    if (breakpoints_.add(breakpointEntry_->text(), &error)) {
      breakpointEntry_->clear();
      stopLabel_->setText("breakpoint added");
    } else {
      stopLabel_->setText("breakpoint: " + error);
    }
    disassembly_.refresh();
  });
  connect(removeButton, &QPushButton::clicked, this, [this] {
    breakpoints_.removeRow(breakpointView_->currentIndex().row());
    disassembly_.refresh();
  });
  auto* bpDock = addPane("Breakpoints", "breakpoints", bpBox, Qt::BottomDockWidgetArea);

  // Left: the screen and the console in tabs above the speaker; right: registers, stack, call
  // stack and devices; bottom: memory, watches, breakpoints and diagnostics in tabs.
  screen_ = new ScreenWidget(session_, this);
  screen_->setCursor(Qt::CrossCursor);
  screenDock_ = addPane("Screen", "screen", screen_, Qt::LeftDockWidgetArea);
  speaker_ = new SpeakerTimeline(session_, this);
  sound_ = new SpeakerSound(this);
  speaker_->setSoundStatus(sound_->status());
  auto* speakerDock = speakerDock_ = addPane("Speaker", "speaker", speaker_, Qt::LeftDockWidgetArea);
  console_ = new ConsoleView(session_, this);
  consoleDock_ = new QDockWidget("Console", this);
  consoleDock_->setObjectName("console");
  consoleDock_->setWidget(console_);
  tabifyDockWidget(screenDock_, consoleDock_);

  micro_ = new MicroPane(session_, this);
  microDock_ = new QDockWidget("Microarchitecture", this);
  microDock_->setObjectName("microarchitecture");
  microDock_->setWidget(micro_);
  tabifyDockWidget(consoleDock_, microDock_);

  devices_ = new DevicePane(session_, this);
  auto* deviceDock = new QDockWidget("Devices", this);
  deviceDock->setObjectName("devices");
  deviceDock->setWidget(devices_);
  tabifyDockWidget(callDock, deviceDock);
  callDock->raise();

  diagnosticsList_ = new QListWidget(this);
  connect(diagnosticsList_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    centre_->setCurrentWidget(sourceView_);
    sourceView_->goToLine(item->data(Qt::UserRole).toInt());
  });
  auto* diagDock = new QDockWidget("Diagnostics", this);
  diagDock->setObjectName("diagnostics");
  diagDock->setWidget(diagnosticsList_);
  tabifyDockWidget(memDock, watchDock);
  tabifyDockWidget(watchDock, bpDock);
  tabifyDockWidget(bpDock, diagDock);
  memDock->raise();
  resizeDocks({screenDock_, speakerDock}, {420, 110}, Qt::Vertical);
  resizeDocks({screenDock_, regDock}, {560, 330}, Qt::Horizontal);
  resizeDocks({regDock, stackDock, callDock}, {330, 200, 160}, Qt::Vertical);
  resizeDocks({memDock}, {230}, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (defaultLayoutPending_) applyDefaultLayout();
}

void MainWindow::applyDefaultLayout() {
  defaultLayoutPending_ = false;
  // 720 pixels (the VGA's 720x400 text screen at 1x) when the window has room, never under 320.
  const int screenWidth = std::clamp(width() * 48 / 100, 320, 720);
  const int screenHeight = screenWidth * 3 / 4 + 28;  // 4:3 plus the Screen/Console tab bar
  resizeDocks({screenDock_, registerDock_}, {screenWidth, 330}, Qt::Horizontal);
  resizeDocks({screenDock_, speakerDock_}, {screenHeight, 110}, Qt::Vertical);
}

bool MainWindow::openFile(const QString& path) {
  bool ok = session_.load(path);
  diagnosticsList_->clear();
  for (const auto& d : session_.diagnostics()) {
    auto* item = new QListWidgetItem(QString("%1:%2: %3: %4").arg(d.line).arg(d.column).arg(d.isError ? "error" : "warning", d.message));
    item->setData(Qt::UserRole, d.line);
    item->setForeground(d.isError ? QColor(200, 30, 30) : QColor(180, 120, 0));
    diagnosticsList_->addItem(item);
  }
  sourceView_->showSource(session_.sourceText(), session_.diagnostics());
  if (!watcher_->files().contains(path)) {
    if (!watcher_->files().isEmpty()) watcher_->removePaths(watcher_->files());
    watcher_->addPath(path);
  }
  if (!ok) {
    centre_->setCurrentWidget(sourceView_);
    stopLabel_->setText(QString("%1 error(s): the program was not loaded").arg(session_.diagnostics().size()));
    if (auto* dock = diagnosticsList_->parentWidget()) dock->raise();
    return false;
  }
  setWindowTitle(QString("%1 - asmlab debugger").arg(path.section('/', -1)));
  memoryFollow_->clear();
  auto* m = session_.machine();
  memoryFollow_->addItem("PC");
  for (const auto& name : m->symbols().names()) memoryFollow_->addItem(QString::fromStdString(name));
  registers_.refresh();
  memory_.refresh();
  stack_.refresh();
  for (QTableView* view : {memoryView_, stackView_}) {
    view->setColumnWidth(0, 60);
    for (int c = 1; c < view->model()->columnCount() - 1; ++c) view->setColumnWidth(c, 46);
  }
  breakpoints_.refresh();
  disassembly_.refresh();
  // Programs with a line table for this file start on their source, others on the disassembly.
  centre_->setCurrentWidget(session_.hasSourceLines() ? static_cast<QWidget*>(sourceView_) : codeView_);
  raiseOutputPane();
  onRunningChanged(false);  // enables the controls now that there is a machine
  onStopped();
  QString loadedText = session_.diagnostics().empty() ? "loaded" : QString("loaded with %1 warning(s)").arg(session_.diagnostics().size());
  if (!session_.settingsSummary().isEmpty()) loadedText += " (" + session_.settingsSummary() + ")";
  stopLabel_->setText(loadedText);
  return true;
}

void MainWindow::raiseOutputPane() {
  screen_->capture();
  if (screen_->hasScreen()) screenDock_->raise();
  else if (session_.microMachine()) microDock_->raise();
  else consoleDock_->raise();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  session_.pause();
  session_.waitUntilStopped();
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
  settings.setValue("window/dark", actDark_->isChecked());
  settings.setValue("speaker/muted", actMute_->isChecked());
  settings.setValue("watches", watches_.expressions());
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.front().isLocalFile()) openFile(urls.front().toLocalFile());
}

}  // namespace asmlab::gui
