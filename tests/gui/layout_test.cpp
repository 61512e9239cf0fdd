// The first window (docs/debugger.md, "The window") on screens of 1280x800, 1600x1000 and
// 1920x1080: 90% of the screen; the game screen of the EECS 2100 project (mode 13h) at a whole
// number scale of at least 2 and inside its pane; every column of the Code, Registers and Memory
// tables readable without scrolling sideways; no tab title cut short; no visible pane squeezed
// shut; the status bar's counters whole. An LC-3 program gets no Screen, Speaker or Devices pane.
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "lc3_fixture.hpp"
#include "main_window.hpp"
#include "screen_widget.hpp"

using namespace asmlab;
using namespace asmlab::gui;

namespace {

const QString kProject = QString(ASMLAB_SOURCE_DIR) + "/programs/x86/ttt-eecs2100";

template <class Pane>
Pane* pane(MainWindow& w) {
  for (QWidget* child : w.findChildren<QWidget*>())
    if (auto* p = dynamic_cast<Pane*>(child)) return p;
  return nullptr;
}

QTableView* tableOf(MainWindow& w, auto isModel) {
  for (auto* v : w.findChildren<QTableView*>())
    if (isModel(v->model())) return v;
  return nullptr;
}

// Every column of a visible table is shown whole: none hidden, none narrower than its title, and
// all of them within the view (no sideways scrolling).
void checkTableReadable(QTableView* view, const char* what) {
  QVERIFY2(view && view->isVisible(), what);
  const int columns = view->model()->columnCount();
  QVERIFY2(columns > 0, what);
  int total = 0;
  for (int c = 0; c < columns; ++c) {
    QVERIFY2(!view->isColumnHidden(c), what);
    const QString title = view->model()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    const int titleWidth = view->horizontalHeader()->fontMetrics().horizontalAdvance(title);
    QVERIFY2(view->columnWidth(c) >= titleWidth, qPrintable(QString("%1: column '%2' is %3 px, its title %4 px").arg(what, title).arg(view->columnWidth(c)).arg(titleWidth)));
    total += view->columnWidth(c);
  }
  QVERIFY2(total <= view->viewport()->width() + 1,
           qPrintable(QString("%1: columns need %2 px, the view has %3").arg(what).arg(total).arg(view->viewport()->width())));
}

}  // namespace

class LayoutTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  void checkWindow(MainWindow& w, const QSize& screen) {
    QCOMPARE(w.size(), QSize(screen.width() * 9 / 10, screen.height() * 9 / 10));
    // Code: the instruction column has room for 26 characters besides the other columns.
    QTableView* code = tableOf(w, [](auto* m) { return dynamic_cast<DisassemblyModel*>(m) != nullptr; });
    QVERIFY(code);
    for (auto* tabs : w.findChildren<QTabWidget*>())
      if (tabs->indexOf(code) >= 0) tabs->setCurrentWidget(code);
    QCoreApplication::processEvents();
    checkTableReadable(code, "Code");
    QVERIFY(code->columnWidth(DisassemblyModel::Instruction) >= code->fontMetrics().horizontalAdvance(QString(26, 'M')));
    checkTableReadable(tableOf(w, [](auto* m) { return dynamic_cast<RegisterModel*>(m) != nullptr; }), "Registers");
    // Memory may sit behind another tab (the Speaker at the smallest size); bring it forward.
    for (auto* dock : w.findChildren<QDockWidget*>())
      if (dock->objectName() == "memory") dock->raise();
    QCoreApplication::processEvents();
    for (auto* v : w.findChildren<QTableView*>())
      if (auto* memory = dynamic_cast<MemoryModel*>(v->model()); memory && v->isVisible()) checkTableReadable(v, "Memory");
    // No dock tab title elided.
    for (auto* bar : w.findChildren<QTabBar*>()) {
      if (!bar->isVisible()) continue;
      for (int i = 0; i < bar->count(); ++i)
        QVERIFY2(bar->tabRect(i).width() >= bar->fontMetrics().horizontalAdvance(bar->tabText(i)) + 8,
                 qPrintable(QString("tab '%1' is %2 px").arg(bar->tabText(i)).arg(bar->tabRect(i).width())));
    }
    // No visible pane squeezed shut.
    for (auto* dock : w.findChildren<QDockWidget*>()) {
      if (!dock->isVisible() || dock->visibleRegion().isEmpty()) continue;
      QVERIFY2(dock->widget()->width() >= 150 && dock->widget()->height() >= 60,
               qPrintable(QString("%1 is %2x%3").arg(dock->windowTitle()).arg(dock->widget()->width()).arg(dock->widget()->height())));
    }
    // The counters at the right of the status bar are whole.
    auto* counters = w.statusBar()->findChild<QLabel*>("counters");
    QVERIFY(counters && counters->isVisible() && !counters->text().isEmpty());
    QVERIFY2(counters->width() >= counters->sizeHint().width(), qPrintable(counters->text()));
  }

private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.filePath("settings"));
  }

  void theGameProjectAtThreeScreenSizes_data() {
    QTest::addColumn<QSize>("screen");
    QTest::addColumn<int>("minimumScale");
    QTest::newRow("1280x800") << QSize(1280, 800) << 2;
    QTest::newRow("1600x1000") << QSize(1600, 1000) << 2;
    QTest::newRow("1920x1080") << QSize(1920, 1080) << 3;
  }
  void theGameProjectAtThreeScreenSizes() {
    QFETCH(QSize, screen);
    QFETCH(int, minimumScale);
    if (!QFileInfo::exists(kProject + "/asmlab.yaml")) QSKIP("no programs/x86/ttt-eecs2100 in this tree");
    MainWindow w;
    w.fitToScreen(screen);
    QVERIFY2(w.openFile(kProject), qPrintable(w.session().diagnosticsText()));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // Up to the first key: the board is drawn in mode 13h (320x200).
    w.session().runFor(500'000);
    w.refreshAll();
    QCoreApplication::processEvents();
    auto* screenPane = pane<ScreenWidget>(w);
    QVERIFY(screenPane && screenPane->isVisible());
    QCOMPARE(screenPane->frameSize(), QSize(320, 200));
    QVERIFY2(screenPane->scale() >= minimumScale, qPrintable(QString("scale %1").arg(screenPane->scale())));
    QVERIFY(screenPane->rect().contains(screenPane->imageRect()));
    checkWindow(w, screen);
  }

  void anLc3ProgramHasNoScreenSpeakerOrDevicesPane() {
    MainWindow w;
    w.fitToScreen(QSize(1280, 800));
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCoreApplication::processEvents();
    for (auto* dock : w.findChildren<QDockWidget*>()) {
      // The microarchitecture pane is the LC-3 micro engine's; this program runs on the fast one.
      // The Bus pane is the 8086/8088 cycle model's.
      const bool lacking = dock->objectName() == "screen" || dock->objectName() == "speaker" || dock->objectName() == "devices" ||
                           dock->objectName() == "microarchitecture" || dock->objectName() == "bus";
      QVERIFY2(dock->isHidden() == lacking, qPrintable(dock->objectName()));
    }
    checkWindow(w, QSize(1280, 800));
  }
};

QTEST_MAIN(LayoutTest)
#include "layout_test.moc"
