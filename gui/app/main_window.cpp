#include "main_window.hpp"

#include <algorithm>

#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLayout>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QToolBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "asmlab/sim/device_inspector.hpp"
#include "console_view.hpp"
#include "device_pane.hpp"
#include "bus_pane.hpp"
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
  // The left column (screen, speaker, memory) runs the full height; the bottom area, when the
  // registers need it, lies under the code and the right column.
  setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
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
  const bool placed = restoreGeometry(settings.value("window/geometry").toByteArray());
  layoutIsDefault_ = !restoreState(settings.value("window/state").toByteArray());
  defaultLayoutPending_ = layoutIsDefault_;
  keepDockTabTitlesWhole();
  if (!placed)
    if (QScreen* s = screen()) fitToScreen(s->availableGeometry().size());
  for (const QString& name : settings.value("panes/closed").toStringList()) closedByUser_.insert(name);
  setDarkTheme(settings.value("window/dark", false).toBool());
  actMute_->setChecked(settings.value("speaker/muted", false).toBool());
  for (const QString& w : settings.value("watches").toStringList()) watches_.addWatch(w);
  fillSpeeds();
  onRunningChanged(false);
  onStopped();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCentre() {
  centre_ = new QTabWidget(this);
  codeView_ = makeTable(&disassembly_, centre_);
  codeView_->horizontalHeader()->setStretchLastSection(false);
  codeView_->horizontalHeader()->setSectionResizeMode(DisassemblyModel::Instruction, QHeaderView::Stretch);
  connect(codeView_, &QTableView::clicked, this, [this](const QModelIndex& i) {
    if (i.column() == DisassemblyModel::Gutter) toggleBreakpointAtSelection();
  });
  sourceView_ = new SourceView(centre_);
  sourceView_->onGutterClicked = [this](int line) {
    std::optional<uint64_t> address = session_.addressOfSourceLine(sourceView_->file(), line);
    if (!address || session_.isRunning()) return;
    session_.toggleBreakpoint(*address);
    breakpoints_.refresh();
    refreshAll();
  };
  centre_->addTab(codeView_, "Code");
  centre_->addTab(sourceView_, "Source");
  // The project's files, when there are several: the Source tab shows one at a time.
  sourceChooser_ = new QComboBox(centre_);
  sourceChooser_->setToolTip("The source file shown in the Source tab");
  sourceChooser_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  connect(sourceChooser_, &QComboBox::activated, this, [this](int index) {
    showSourceFile(sourceChooser_->itemData(index).toString());
    centre_->setCurrentWidget(sourceView_);
  });
  centre_->setCornerWidget(sourceChooser_, Qt::TopRightCorner);
  sourceChooser_->hide();
  setCentralWidget(centre_);
}

QDockWidget* MainWindow::addPane(const QString& title, const QString& objectName, QWidget* widget, Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(objectName);  // saveState() needs it
  dock->setWidget(widget);
  addDockWidget(area, dock);
  // A pane the user closes stays closed on later loads; one a machine lacks is hidden by the
  // window, which is not the user's choice.
  connect(dock->toggleViewAction(), &QAction::triggered, this, [this, dock](bool shown) {
    if (shown) closedByUser_.erase(dock->objectName());
    else closedByUser_.insert(dock->objectName());
  });
  return dock;
}

void MainWindow::buildDocks() {
  // Left: the screen and the console in tabs, the speaker, then memory, watches, breakpoints and
  // diagnostics in tabs; right: registers above the stack, call stack and devices.
  screen_ = new ScreenWidget(session_, this);
  screen_->setCursor(Qt::CrossCursor);
  screenDock_ = addPane("Screen", "screen", screen_, Qt::LeftDockWidgetArea);
  console_ = new ConsoleView(session_, this);
  consoleDock_ = addPane("Console", "console", console_, Qt::LeftDockWidgetArea);
  tabifyDockWidget(screenDock_, consoleDock_);
  // The LC-3 micro engine's state, signals and datapath, beside the console (shown on that engine).
  micro_ = new MicroPane(session_, this);
  microDock_ = addPane("Microarchitecture", "microarchitecture", micro_, Qt::LeftDockWidgetArea);
  tabifyDockWidget(consoleDock_, microDock_);
  speaker_ = new SpeakerTimeline(session_, this);
  sound_ = new SpeakerSound(this);
  speaker_->setSoundStatus(sound_->status());
  speakerDock_ = addPane("Speaker", "speaker", speaker_, Qt::LeftDockWidgetArea);

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
  memoryLayout->addWidget(memoryFollow_);
  memoryLayout->addWidget(memoryView_);
  memoryDock_ = addPane("Memory", "memory", memoryBox, Qt::LeftDockWidgetArea);

  watchView_ = makeTable(&watches_, this);
  auto* watchDock = addPane("Watches", "watches", watchView_, Qt::LeftDockWidgetArea);

  auto* bpBox = new QWidget(this);
  auto* bpLayout = new QVBoxLayout(bpBox);
  bpLayout->setContentsMargins(0, 0, 0, 0);
  auto* bpRow = new QHBoxLayout;
  breakpointEntry_ = new QLineEdit(bpBox);
  breakpointEntry_->setPlaceholderText("LABEL, x3000, 1A2B:0010, write COUNT, port 61h, int 21h ah=09h ... if R0==5");
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
      stopLabel_->setText("Breakpoint added.");
    } else {
      stopLabel_->setText("Breakpoint not added: " + error);
    }
    breakpointView_->resizeColumnsToContents();
    disassembly_.refresh();
  });
  connect(removeButton, &QPushButton::clicked, this, [this] {
    breakpoints_.removeRow(breakpointView_->currentIndex().row());
    disassembly_.refresh();
  });
  auto* bpDock = addPane("Breakpoints", "breakpoints", bpBox, Qt::LeftDockWidgetArea);

  diagnosticsList_ = new QListWidget(this);
  connect(diagnosticsList_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    const QString file = item->data(Qt::UserRole + 1).toString();
    if (!file.isEmpty()) showSourceFile(file);
    centre_->setCurrentWidget(sourceView_);
    sourceView_->goToLine(item->data(Qt::UserRole).toInt());
  });
  diagnosticsDock_ = addPane("Diagnostics", "diagnostics", diagnosticsList_, Qt::LeftDockWidgetArea);
  // The 8086/8088's bus and queue, clock by clock (only for a machine on the cycle model). The
  // session records the clocks only while the pane is visible.
  bus_ = new BusPane(session_, this);
  busDock_ = addPane("Bus", "bus", bus_, Qt::LeftDockWidgetArea);
  // visibilityChanged also says when its tab is brought to the front or put behind another
  // (isVisible() stays true for a tab behind). Queued: a change while the window holds the
  // machine (a refresh) must not wait for it.
  connect(busDock_, &QDockWidget::visibilityChanged, this, [this](bool visible) {
    QMetaObject::invokeMethod(this, [this, visible] {
      session_.setBusViewEnabled(visible);
      if (std::unique_lock lock = session_.lockForRefresh(); lock.owns_lock() && !session_.isRunning()) bus_->capture();
    }, Qt::QueuedConnection);
  });
  tabifyDockWidget(memoryDock_, watchDock);
  tabifyDockWidget(watchDock, bpDock);
  tabifyDockWidget(bpDock, diagnosticsDock_);
  tabifyDockWidget(diagnosticsDock_, busDock_);
  memoryDock_->raise();

  registerView_ = makeTable(&registers_, this);
  registerDock_ = addPane("Registers", "registers", registerView_, Qt::RightDockWidgetArea);
  stackView_ = makeTable(&stack_, this);
  stackView_->setSelectionBehavior(QAbstractItemView::SelectItems);
  stackDock_ = addPane("Stack", "stack", stackView_, Qt::RightDockWidgetArea);
  callStackView_ = makeTable(&callStack_, this);
  callDock_ = addPane("Call stack", "callstack", callStackView_, Qt::RightDockWidgetArea);
  devices_ = new DevicePane(session_, this);
  deviceDock_ = addPane("Devices", "devices", devices_, Qt::RightDockWidgetArea);
  tabifyDockWidget(stackDock_, callDock_);
  tabifyDockWidget(callDock_, deviceDock_);
  callDock_->raise();
  sizeColumns();
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (defaultLayoutPending_) applyDefaultLayout();
}

bool MainWindow::openFile(const QString& path) {
  bool ok = session_.load(path);
  diagnosticsList_->clear();
  for (const auto& d : session_.diagnostics()) {
    const QString where = d.file.isEmpty() ? QString() : QFileInfo(d.file).fileName() + QString(":%1:%2: ").arg(d.line).arg(d.column);
    auto* item = new QListWidgetItem(QString("%1%2: %3").arg(where, d.isError ? "error" : "warning", d.message));
    item->setData(Qt::UserRole, d.line);
    item->setData(Qt::UserRole + 1, d.file);
    item->setForeground(d.isError ? QColor(200, 30, 30) : QColor(180, 120, 0));
    diagnosticsList_->addItem(item);
  }
  sourceChooser_->clear();
  for (const QString& file : session_.sourceFiles()) sourceChooser_->addItem(QFileInfo(file).fileName(), file);
  sourceChooser_->setVisible(session_.sourceFiles().size() > 1);
  QString firstFile = session_.mainSource();
  for (const auto& d : session_.diagnostics())
    if (d.isError && !d.file.isEmpty()) {
      firstFile = d.file;
      break;
    }
  showSourceFile(firstFile);
  // Watch what the program is built from: its sources, objects and libraries, and the spec.
  if (!watcher_->files().isEmpty()) watcher_->removePaths(watcher_->files());
  QStringList watched = session_.files();
  for (const QString& file : session_.sourceFiles())
    if (!watched.contains(file)) watched << file;
  if (!session_.specPath().isEmpty()) watched << session_.specPath();
  if (!QFileInfo(path).isDir()) watched << path;
  watched.removeDuplicates();
  watched.removeAll(QString());
  if (!watched.isEmpty()) watcher_->addPaths(watched);
  if (!ok) {
    centre_->setCurrentWidget(sourceView_);
    stopLabel_->setText(QString("%1 error(s): the program was not loaded (see Diagnostics)").arg(session_.diagnostics().size()));
    diagnosticsDock_->show();
    diagnosticsDock_->raise();
    return false;
  }
  const QString title = session_.isProject() ? session_.projectName() : QFileInfo(path).fileName();
  setWindowTitle(QString("%1 - asmlab debugger").arg(title));
  memoryFollow_->clear();
  auto* m = session_.machine();
  memoryFollow_->addItem("PC");
  for (const auto& name : m->symbols().names()) memoryFollow_->addItem(QString::fromStdString(name));
  registers_.refresh();
  memory_.refresh();
  stack_.refresh();
  sizeColumns();
  breakpoints_.refresh();
  disassembly_.refresh();
  fillSpeeds();
  showPanesForMachine();
  if (layoutIsDefault_ && isVisible()) {
    layoutIsDefault_ = false;
    applyDefaultLayout();
  }
  // Programs with a line table start on their source, others on the disassembly.
  centre_->setCurrentWidget(session_.hasSourceLines() ? static_cast<QWidget*>(sourceView_) : codeView_);
  raiseOutputPane();
  onRunningChanged(false);  // enables the controls now that there is a machine
  onStopped();
  QString loaded = session_.isProject() ? QString("Opened project %1 (%2 files)").arg(session_.projectName()).arg(session_.files().size())
                                        : QString("Loaded %1").arg(QFileInfo(path).fileName());
  if (!session_.diagnostics().empty()) loaded += QString(" with %1 warning(s)").arg(session_.diagnostics().size());
  if (!session_.settingsSummary().isEmpty()) loaded += "; " + session_.settingsSummary();
  stopLabel_->setText(loaded + ".");
  stopLabel_->setToolTip(loaded);
  return true;
}

void MainWindow::showSourceFile(const QString& file) {
  if (file == sourceView_->file() && !file.isEmpty()) return;
  std::vector<SourceDiagnostic> diagnostics;
  for (const auto& d : session_.diagnostics())
    if (d.file == file) diagnostics.push_back(d);
  sourceView_->setFile(file);
  sourceView_->showSource(session_.sourceText(file), diagnostics);
  const int index = sourceChooser_->findData(file);
  if (index >= 0) sourceChooser_->setCurrentIndex(index);
  centre_->setTabText(centre_->indexOf(sourceView_), file.isEmpty() ? QString("Source") : QFileInfo(file).fileName());
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
  settings.setValue("panes/closed", QStringList(closedByUser_.begin(), closedByUser_.end()));
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
