// The debugger on the LC-3 micro engine: F7 steps one clock, Ctrl+F7 goes back one (across
// instruction boundaries too, to exactly the state the machine had), F11 between clocks finishes
// the instruction, the Microarchitecture pane names the state and its next state, and the
// Debug menu switches engines. Expected states from Appendix C (3rd edition, M = 5: fetch 18,
// 33, 28 x5, 30, 32, then AND's state 5).
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <QTest>

#include "asmlab/lc3sim/machine.hpp"
#include "lc3_fixture.hpp"
#include "main_window.hpp"
#include "micro_pane.hpp"

using namespace asmlab;
using namespace asmlab::gui;

class MicroWindowTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  static lc3sim::Lc3Machine& lc3(MainWindow& w) { return *w.session().microMachine(); }

  static void show(MainWindow& w) {
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
  }

  // A machine of its own, stepped `clocks` clocks from the start: the state to compare with.
  std::unique_ptr<lc3sim::Lc3Machine> reference(uint64_t clocks) {
    DebugSession s;
    s.setLc3Microcoded(true);
    s.load(writeSource(dir_, "ref.asm", kCountdown));
    auto* m = s.microMachine();
    for (uint64_t i = 0; i < clocks; ++i) m->stepClock();
    auto copy = std::make_unique<lc3sim::Lc3Machine>(m->options());
    copy->restoreSnapshot(*m->saveSnapshot());
    return copy;
  }

  static void sameState(const lc3sim::Lc3Machine& a, const lc3sim::Lc3Machine& b) {
    QCOMPARE(a.clockCount(), b.clockCount());
    QCOMPARE(a.instructionCount(), b.instructionCount());
    for (size_t r = 0; r < a.registers().size(); ++r) QCOMPARE(a.readRegister(r), b.readRegister(r));
    const auto va = a.microView(), vb = b.microView();
    QCOMPARE(va.state, vb.state);
    QCOMPARE(va.ir, vb.ir);
    QCOMPARE(va.mar, vb.mar);
    QCOMPARE(va.mdr, vb.mdr);
    QCOMPARE(va.ben, vb.ben);
  }

private slots:
  void initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.filePath("settings"));
  }

  void f7StepsOneClockAndThePaneFollows() {
    MainWindow w;
    w.session().setLc3Microcoded(true);
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    show(w);
    auto* dock = w.findChild<QDockWidget*>("microarchitecture");
    QVERIFY(dock);
    auto* pane = dynamic_cast<MicroPane*>(dock->widget());
    QVERIFY(pane);
    QVERIFY(pane->stateText().contains("<b>State 18</b>"));
    QVERIFY(pane->stateText().contains("Next state: <b>33</b>"));
    QTest::keyClick(&w, Qt::Key_F7);
    QCOMPARE(lc3(w).clockCount(), 1u);
    QCOMPARE(lc3(w).microView().state, 33);
    QVERIFY(pane->stateText().contains("[ACV]"));
    for (int i = 0; i < 8; ++i) QTest::keyClick(&w, Qt::Key_F7);
    QCOMPARE(lc3(w).microView().state, 5);  // AND R0,R0,#0 dispatched
    QCOMPARE(lc3(w).instructionCount(), 1u);
    QVERIFY(!pane->grab().isNull());  // the datapath paints
  }

  void ctrlF7GoesBackOneClockAcrossInstructions() {
    MainWindow w;
    w.session().setLc3Microcoded(true);
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    show(w);
    for (int i = 0; i < 12; ++i) QTest::keyClick(&w, Qt::Key_F7);  // into the second instruction's fetch
    QCOMPARE(lc3(w).clockCount(), 12u);
    for (uint64_t back = 11; back >= 8; --back) {
      QTest::keyClick(&w, Qt::Key_F7, Qt::ControlModifier);
      auto expected = reference(back);
      sameState(lc3(w), *expected);
    }
    QCOMPARE(lc3(w).microView().state, 32);  // clock 8: the first instruction's decode is next
  }

  void f11BetweenClocksFinishesTheInstruction() {
    MainWindow w;
    w.session().setLc3Microcoded(true);
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    show(w);
    for (int i = 0; i < 13; ++i) QTest::keyClick(&w, Qt::Key_F7);
    QTest::keyClick(&w, Qt::Key_F11);
    QCOMPARE(lc3(w).instructionCount(), 2u);
    QCOMPARE(lc3(w).clockCount(), 20u);  // AND and ADD: 10 clocks each
    QCOMPARE(lc3(w).reg(0), 5);
    QVERIFY(lc3(w).atInstructionBoundary());
  }

  void theDebugMenuSwitchesEngines() {
    MainWindow w;
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    QVERIFY(w.session().microMachine() == nullptr);
    QAction* micro = nullptr;
    for (QAction* a : w.menuBar()->findChildren<QAction*>())
      if (a->text() == "LC-3 &micro engine") micro = a;
    QVERIFY(micro);
    micro->setChecked(true);
    QVERIFY(w.session().microMachine() != nullptr);
    micro->setChecked(false);
    QVERIFY(w.session().microMachine() == nullptr);
  }
};

QTEST_MAIN(MicroWindowTest)
#include "micro_window_test.moc"
