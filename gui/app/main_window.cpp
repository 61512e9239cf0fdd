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

// Pixels for `chars` characters of the view's (fixed) font, plus cell padding.
int charsWide(const QWidget* view, int chars, int padding = 12) {
  return view->fontMetrics().horizontalAdvance(QString(chars, QLatin1Char('M'))) + padding;
}

// A table column wide enough for `chars` characters and for its header's title.
void sizeColumn(QTableView* view, int column, int chars, int padding = 12) {
  const QString title = view->model()->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
  const int header = view->horizontalHeader()->fontMetrics().horizontalAdvance(title) + padding;
  view->setColumnWidth(column, std::max(charsWide(view, chars, padding), header));
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

void MainWindow::fitToScreen(const QSize& available) {
  const QSize size(available.width() * 9 / 10, available.height() * 9 / 10);
  resize(size);
  move((available.width() - size.width()) / 2, (available.height() - size.height()) / 2);
  defaultLayoutPending_ = true;
  layoutIsDefault_ = true;
}

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
  tabifyDockWidget(memoryDock_, watchDock);
  tabifyDockWidget(watchDock, bpDock);
  tabifyDockWidget(bpDock, diagnosticsDock_);
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

void MainWindow::sizeColumns() {
  // Every column wide enough for what it holds in the fixed font and for its title: addresses as
  // 1A2B:0010, labels of 14 characters, instructions of 26 (they stretch with the pane).
  sizeColumn(codeView_, DisassemblyModel::Gutter, 2);
  sizeColumn(codeView_, DisassemblyModel::Address, 9);
  sizeColumn(codeView_, DisassemblyModel::Label, 14);
  sizeColumn(codeView_, DisassemblyModel::Clocks, 5);
  sizeColumn(registerView_, RegisterModel::Name, 5);
  sizeColumn(registerView_, RegisterModel::Hex, 4);
  sizeColumn(registerView_, RegisterModel::Decimal, 6);
  sizeColumn(watchView_, WatchModel::Expression, 16);
  for (QTableView* view : {memoryView_, stackView_}) {
    const bool words = session_.machine() && session_.machine()->memoryUnitBits() >= 16;  // LC-3 words
    sizeColumn(view, 0, 5, 8);
    for (int c = 1; c < view->model()->columnCount() - 1; ++c) sizeColumn(view, c, words ? 4 : 2, 8);
  }
}

int MainWindow::codeMinimumWidth() const {
  int fixed = 0;
  for (int c : {DisassemblyModel::Gutter, DisassemblyModel::Address, DisassemblyModel::Label, DisassemblyModel::Clocks}) fixed += codeView_->columnWidth(c);
  return fixed + charsWide(codeView_, 26) + 24;
}

int MainWindow::registersWidth() const {
  int width = 0;
  for (int c = 0; c < RegisterModel::Detail; ++c) width += registerView_->columnWidth(c);
  return width + charsWide(registerView_, 13) + 24;
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (defaultLayoutPending_) applyDefaultLayout();
}

void MainWindow::applyDefaultLayout() {
  defaultLayoutPending_ = false;
  const int w = width();
  const bool hasScreen = !screenDock_->isHidden();
  // The height the docks share: the window without its menu, tool and status bars.
  const int h = std::max(300, height() - menuBar()->sizeHint().height() - statusBar()->sizeHint().height() -
                                  (toolBar_ ? toolBar_->sizeHint().height() : 0));
  // The screen: the largest whole-number scale of a 320x200 frame (mode 13h; 80x25 text is
  // 640x400 in 8-dot form, 720x400 at 1:1 from scale 3) that leaves the code its width and the
  // speaker and memory panes some height; at least 2.
  const int chrome = 4;        // around the picture (the focus frame)
  const int title = 20;        // a pane's title bar
  const int tabs = 26;         // a row of tabs under tabbed panes
  const int speakerHeight = speakerDock_->isHidden() ? 0 : (h >= 800 ? 96 : 64) + title;
  const int memoryMinimum = 96 + title + tabs;
  int scale = 2;
  for (int k : {4, 3})
    if (320 * k + chrome + codeMinimumWidth() <= w && 200 * k + chrome + title + speakerHeight + memoryMinimum <= h) {
      scale = k;
      break;
    }
  const int left = hasScreen ? 320 * scale + chrome : std::min(charsWide(console_, 82), w * 45 / 100);
  // The registers beside the code when both fit, else under the code.
  const bool registersRight = w - left >= codeMinimumWidth() + registersWidth();
  // The console: with a screen it joins the memory tabs (the program's text is on the screen);
  // without one it takes the screen's place at the top.
  removeDockWidget(consoleDock_);
  removeDockWidget(speakerDock_);
  if (hasScreen) tabifyDockWidget(diagnosticsDock_, consoleDock_);
  else tabifyDockWidget(screenDock_, consoleDock_);
  consoleDock_->setVisible(!closedByUser_.count(consoleDock_->objectName()));
  memoryDock_->raise();
  // The speaker between the screen and the memory tabs when there is height for all three, else
  // in front of the memory tabs (it shows the notes while the program plays).
  const bool speakerTabbed = hasScreen && speakerHeight > 0 && 200 * scale + chrome + title + speakerHeight + memoryMinimum > h;
  if (speakerTabbed) tabifyDockWidget(memoryDock_, speakerDock_);
  else splitDockWidget(screenDock_, speakerDock_, Qt::Vertical);
  for (QDockWidget* dock : {registerDock_, stackDock_, callDock_, deviceDock_}) removeDockWidget(dock);
  const Qt::DockWidgetArea area = registersRight ? Qt::RightDockWidgetArea : Qt::BottomDockWidgetArea;
  addDockWidget(area, registerDock_);
  splitDockWidget(registerDock_, stackDock_, registersRight ? Qt::Vertical : Qt::Horizontal);
  tabifyDockWidget(stackDock_, callDock_);
  tabifyDockWidget(callDock_, deviceDock_);
  for (QDockWidget* dock : {registerDock_, stackDock_, callDock_}) dock->setVisible(!closedByUser_.count(dock->objectName()));
  showPanesForMachine();
  callDock_->raise();
  if (speakerTabbed && speakerDock_->isVisible()) speakerDock_->raise();

  const int rowHeight = registerView_->verticalHeader()->defaultSectionSize();
  const int registerRows = std::max(14, registers_.rowCount());
  const int registersHeight = rowHeight * registerRows + registerView_->horizontalHeader()->sizeHint().height() + 30;
  resizeDocks({screenDock_}, {left}, Qt::Horizontal);
  if (hasScreen) {
    const int screenHeight = 200 * scale + chrome + title;
    if (speakerTabbed)
      resizeDocks({screenDock_, memoryDock_}, {screenHeight, std::max(memoryMinimum, h - screenHeight) - title - tabs}, Qt::Vertical);
    else
      resizeDocks({screenDock_, speakerDock_, memoryDock_},
                  {screenHeight, speakerHeight - title, std::max(memoryMinimum, h - screenHeight - speakerHeight) - title - tabs}, Qt::Vertical);
  } else {
    resizeDocks({consoleDock_, memoryDock_}, {h * 55 / 100, h * 45 / 100}, Qt::Vertical);
  }
  if (registersRight) {
    resizeDocks({registerDock_}, {registersWidth()}, Qt::Horizontal);
    resizeDocks({registerDock_, stackDock_}, {registersHeight, std::max(100, h - registersHeight)}, Qt::Vertical);
  } else {
    resizeDocks({registerDock_}, {std::min(registersHeight, h / 2)}, Qt::Vertical);
    resizeDocks({registerDock_, stackDock_}, {registersWidth(), std::max(200, w - left - registersWidth())}, Qt::Horizontal);
  }
  if (hasScreen) {
    // The title and tab bars' real height is known once laid out: give the picture its pixels.
    layout()->activate();
    const int missing = 200 * scale + chrome - screen_->height();
    const int memoryRoom = memoryDock_->height() - (memoryMinimum - tabs);
    if (qEnvironmentVariableIsSet("ASMLAB_GUI_DEBUG_LAYOUT")) qWarning("layout: w %d h %d scale %d screen %dx%d dock %d memory %d missing %d", w, h, scale, screen_->width(), screen_->height(), screenDock_->height(), memoryDock_->height(), missing);
    if (missing != 0 && screen_->height() > 0 && memoryRoom >= missing)
      resizeDocks({screenDock_, memoryDock_}, {screenDock_->height() + missing, memoryDock_->height() - missing}, Qt::Vertical);
  }
}

void MainWindow::showPanesForMachine() {
  const sim::Machine* m = session_.machine();
  // Before anything is loaded every pane is shown (the Screen pane says how to open a program).
  auto has = [m](auto* capability) { return m == nullptr || capability != nullptr; };
  const bool screen = has(m ? sim::capability<sim::FrameBuffer>(*m) : nullptr);
  const bool speaker = has(m ? sim::capability<sim::SpeakerLog>(*m) : nullptr);
  const bool devices = has(m ? sim::capability<sim::DeviceInspector>(*m) : nullptr);
  for (auto [dock, present] : {std::pair{screenDock_, screen}, {speakerDock_, speaker}, {deviceDock_, devices}}) {
    dock->toggleViewAction()->setEnabled(present);
    dock->setVisible(present && !closedByUser_.count(dock->objectName()));
  }
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
