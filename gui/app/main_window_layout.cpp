// The main window's layout: its first size, where each pane goes for that size, and the widths
// of the tables' columns (docs/debugger.md, "The window").
#include <algorithm>

#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLayout>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QToolBar>

#include "asmlab/sim/capabilities.hpp"
#include "asmlab/sim/device_inspector.hpp"
#include "console_view.hpp"
#include "main_window.hpp"
#include "screen_widget.hpp"

namespace asmlab::gui {
namespace {

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

void MainWindow::fitToScreen(const QSize& available) {
  const QSize size(available.width() * 9 / 10, available.height() * 9 / 10);
  resize(size);
  move((available.width() - size.width()) / 2, (available.height() - size.height()) / 2);
  defaultLayoutPending_ = true;
  layoutIsDefault_ = true;
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
    sizeColumn(view, 0, words ? 5 : 9, 8);  // x3000, 1A2B:0010
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
  removeDockWidget(microDock_);
  tabifyDockWidget(consoleDock_, microDock_);
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
  const bool micro = m == nullptr || session_.microMachine() != nullptr;
  const bool bus = m == nullptr || session_.hasBusView();
  for (auto [dock, present] : {std::pair{screenDock_, screen}, {speakerDock_, speaker}, {deviceDock_, devices}, {microDock_, micro},
                               {busDock_, bus}}) {
    dock->toggleViewAction()->setEnabled(present);
    dock->setVisible(present && !closedByUser_.count(dock->objectName()));
  }
  keepDockTabTitlesWhole();
}

void MainWindow::keepDockTabTitlesWhole() {
  // The tab bars of tabbed panes belong to the window and are made as panes are tabbed: a title is
  // never cut short ("Call sta..."); a bar too narrow for its titles scrolls instead.
  for (QTabBar* bar : findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
    bar->setElideMode(Qt::ElideNone);
    bar->setUsesScrollButtons(true);
  }
}

}  // namespace asmlab::gui
