// The window's wording and menus (issue 17, part 4): the status line says what happened and
// where ("Paused at x3002 LOOP", never "paused: paused"); a breakpoint without a label is listed
// as the machine writes addresses (x3003, not X3003); the LC-3's PSR reads as privilege, priority
// level and condition codes; before anything is loaded the window says how to open a program; the
// Help menu has the keys, the manual and an About box with the version; the Speed list offers real
// time only on a machine with a clock rate, and starts there for the PC.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include "lc3_fixture.hpp"
#include "main_window.hpp"

using namespace asmlab;
using namespace asmlab::gui;

namespace {

QStringList menuTexts(MainWindow& w, const QString& title) {
  QStringList texts;
  for (QAction* a : w.menuBar()->actions())
    if (a->text().remove('&') == title && a->menu())
      for (QAction* item : a->menu()->actions())
        if (!item->isSeparator()) texts << item->text().remove('&');
  return texts;
}

QComboBox* speedList(MainWindow& w) {
  for (auto* box : w.findChildren<QComboBox*>())
    if (box->toolTip().startsWith("How fast")) return box;
  return nullptr;
}

}  // namespace

class PolishTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.filePath("settings"));
  }

  void statusLineSaysWhatAndWhere() {
    MainWindow w;
    QVERIFY(w.statusText().startsWith("Open a program"));
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    w.session().stepInto();
    // kCountdown: x3001 is the ADD after AND R0 at x3000; the label before it is none, LOOP at x3002.
    QVERIFY2(w.statusText().startsWith("Stepped to x3001 (a.asm:3)"), qPrintable(w.statusText()));
    w.session().stepInto();
    QVERIFY2(w.statusText().startsWith("Stepped to x3002 LOOP (a.asm:4)"), qPrintable(w.statusText()));
    w.session().setSpeed(Speed::instructions(1));
    w.session().run();
    w.session().pause();
    w.session().waitUntilStopped();
    QCOMPARE(w.session().lastStop().reason, sim::StopReason::Paused);
    QVERIFY2(w.statusText().startsWith("Paused at x300"), qPrintable(w.statusText()));
    QVERIFY2(!w.statusText().contains("paused", Qt::CaseSensitive), qPrintable(w.statusText()));
  }

  void breakpointsAndPsrReadAsWritten() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "b.asm", kCountdown)));
    QVERIFY(s.toggleBreakpoint(0x3003));  // ADD R0,R0,#-1: one word after LOOP, no label of its own
    BreakpointModel bps(s);
    bps.refresh();
    QCOMPARE(bps.data(bps.index(0, BreakpointModel::Description), Qt::DisplayRole).toString(), QString("x3003"));
    QCOMPARE(bps.data(bps.index(0, BreakpointModel::Where), Qt::DisplayRole).toString(), QString("x3003 LOOP+1"));
    s.stepInto();  // AND R0,R0,#0: Z set; the program runs in user mode at priority 0
    RegisterModel regs(s);
    regs.refresh();
    const int psr = s.machine()->registerIndex("PSR");
    QCOMPARE(regs.data(regs.index(psr, RegisterModel::Detail), Qt::DisplayRole).toString(), QString("user, PL0, Z"));
  }

  void menusOfferHelpProjectsAndSettings() {
    MainWindow w;
    const QStringList help = menuTexts(w, "Help");
    QVERIFY2(help.contains("Keys and controls") && help.contains("The debugger's manual") && help.contains("About asmlab debugger"),
             qPrintable(help.join(", ")));
    QVERIFY(MainWindow::aboutText().contains(QString("asmlab debugger ") + ASMLAB_VERSION));
    const QStringList file = menuTexts(w, "File");
    QVERIFY2(file.contains("Open project...") && file.contains("New project..."), qPrintable(file.join(", ")));
    const QStringList program = menuTexts(w, "Program");
    QVERIFY2(program.contains("8086 dialect") && program.contains("8086 CPU") && program.contains("LC-3 edition"), qPrintable(program.join(", ")));
  }

  void speedChoicesFollowTheMachine() {
    MainWindow w;
    QVERIFY(w.openFile(writeSource(dir_, "c.asm", kCountdown)));
    QComboBox* speeds = speedList(w);
    QVERIFY(speeds);
    QCOMPARE(speeds->currentText(), QString("maximum"));
    QCOMPARE(speeds->findText("real time (4.77 MHz)"), -1);
    // A DOS program: real time by default.
    QFile com(dir_.filePath("exit.com"));
    QVERIFY(com.open(QIODevice::WriteOnly));
    com.write("\xB8\x00\x4C\xCD\x21", 5);  // MOV AX,4C00h ; INT 21h
    com.close();
    QVERIFY(w.openFile(com.fileName()));
    QCOMPARE(speeds->currentText(), QString("real time (4.77 MHz)"));
    QCOMPARE(w.session().speed(), Speed::realTime(1));
    QVERIFY(speeds->findText("10x real time (47.73 MHz)") >= 0);
  }
};

QTEST_MAIN(PolishTest)
#include "polish_test.moc"
