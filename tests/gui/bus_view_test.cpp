// The Bus pane (issue 15): the clocks of the last instructions of an 8086 on the cycle model, one
// row per instruction and one per clock, kept by stepping and rebuilt from the step-back history
// after a run, a step back or a reset. The program is a hand-assembled .COM (Intel 8086 manual:
// MOV reg16,imm16 = B8+reg, JMP short = EB, MOV reg16,r/m16 = 8B with ModRM 07 = AX,[BX],
// MUL r/m16 = F7 /4, INT = CD) that reads the word at 0120h twice: once just after a jump (the
// queue emptied) and once after a MUL (the queue full).
#include <QDockWidget>
#include <QTest>
#include <QTreeView>

#include "asmlab/gui/bus_view_model.hpp"
#include "asmlab/gui/debug_session.hpp"
#include "lc3_fixture.hpp"
#include "bus_pane.hpp"
#include "main_window.hpp"

using namespace asmlab;
using namespace asmlab::gui;

static QString writeReadTwice(QTemporaryDir& dir) {
  QByteArray code("\xBB\x20\x01"   // 0100h MOV BX,0120h
                  "\xEB\x00"       // 0103h JMP SHORT 0105h
                  "\x8B\x07"       // 0105h MOV AX,[BX]
                  "\xF7\xE1"       // 0107h MUL CX
                  "\x8B\x07"       // 0109h MOV AX,[BX]
                  "\xB8\x00\x4C"   // 010Bh MOV AX,4C00h
                  "\xCD\x21",      // 010Eh INT 21h
                  16);
  code.append(QByteArray(0x20 - code.size(), '\0'));
  code.append("\x34\x12", 2);  // 0120h DW 1234h
  QString path = dir.filePath("readtwice.com");
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(code);
  return path;
}

class BusViewTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  static QString cell(const BusViewModel& model, int instruction, int clock, int column) {
    return model.data(model.index(clock, column, model.index(instruction, 0)), Qt::DisplayRole).toString();
  }
  // Every clock row of an instruction as text, to compare two recordings.
  static QStringList rowsOf(const BusViewModel& model, int instruction) {
    QStringList rows;
    const QModelIndex parent = model.index(instruction, 0);
    for (int r = 0; r < model.rowCount(parent); ++r) {
      QStringList cells;
      for (int c = 0; c < BusViewModel::ColumnCount; ++c) cells << cell(model, instruction, r, c);
      rows << cells.join('|');
    }
    return rows;
  }
  static int last(const BusViewModel& model) { return model.rowCount() - 1; }
  uint64_t linearDs(DebugSession& s, uint16_t offset) {
    const auto ds = s.machine()->readRegister(static_cast<size_t>(s.machine()->registerIndex("DS")));
    return (ds << 4) + offset;
  }

private slots:
  void stepShowsTheInstructionAndItsClocks() {
    DebugSession s;
    if (!s.load(writeReadTwice(dir_))) QFAIL(qPrintable(s.diagnosticsText()));
    QVERIFY(s.hasBusView());
    BusViewModel model(s);
    s.setBusViewEnabled(true);
    model.refresh();
    QCOMPARE(model.rowCount(), 0);  // nothing executed yet
    s.stepInto();                   // MOV BX
    s.stepInto();                   // JMP
    s.stepInto();                   // MOV AX,[BX]
    model.refresh();
    QCOMPARE(model.rowCount(), 3);
    const auto& mov = model.instructions()[2];
    QCOMPARE(mov.bytes, QString("8B 07"));
    QVERIFY2(mov.text.contains("mov") && mov.text.contains("[bx]"), qPrintable(mov.text));
    QVERIFY2(mov.where.endsWith(":0105"), qPrintable(mov.where));
    // Its clock count is the Code pane's, and there is one row per clock.
    QCOMPARE(static_cast<int64_t>(mov.clocks), s.clocksAt(s.machine()->programCounter() - 2));
    QCOMPARE(model.rowCount(model.index(2, 0)), static_cast<int>(mov.clocks));
    // One memory read cycle: T1 with the word's address, T3 with the word (1234h).
    int t1 = -1;
    for (int r = 0; r < model.rowCount(model.index(2, 0)); ++r)
      if (cell(model, 2, r, BusViewModel::TState) == "T1" && cell(model, 2, r, BusViewModel::Cycle) == "memory read") {
        QCOMPARE(t1, -1);
        t1 = r;
      }
    QVERIFY(t1 >= 0);
    QCOMPARE(cell(model, 2, t1, BusViewModel::Address), QString("%1").arg(linearDs(s, 0x120), 5, 16, QChar('0')).toUpper());
    QCOMPARE(cell(model, 2, t1 + 1, BusViewModel::Segment), QString("DS"));
    QCOMPARE(cell(model, 2, t1 + 2, BusViewModel::TState).left(2), QString("T3"));
    QCOMPARE(cell(model, 2, t1 + 2, BusViewModel::Data), QString("1234"));
    for (int r = t1; r < t1 + 4; ++r) QCOMPARE(cell(model, 2, r, BusViewModel::Eu), QString("its bus cycle"));
    // The jump emptied the queue (E) and, its target 0105h being odd, the BIU fetched that one
    // byte and then the aligned word 0106h (x86-bus.md section 3, rule 7).
    QStringList jumpFetches;
    bool flushed = false;
    for (int r = 0; r < model.rowCount(model.index(1, 0)); ++r) {
      flushed |= cell(model, 1, r, BusViewModel::QueueOp) == "E (flush)";
      if (flushed && cell(model, 1, r, BusViewModel::TState) == "T1") jumpFetches << cell(model, 1, r, BusViewModel::Address);
    }
    QVERIFY(flushed);
    const auto linearCs = [&](uint16_t offset) { return QString("%1").arg(linearDs(s, offset), 5, 16, QChar('0')).toUpper(); };
    QCOMPARE(jumpFetches, QStringList({linearCs(0x105), linearCs(0x106)}));
    // So MOV takes its opcode at once (F) but waits for the ModRM byte (S) with the queue empty
    // until the word 0106h-0107h has come in.
    QCOMPARE(cell(model, 2, 0, BusViewModel::QueueOp), QString("F 8B"));
    int modrm = -1;
    for (int r = 1; r < model.rowCount(model.index(2, 0)) && modrm < 0; ++r)
      if (cell(model, 2, r, BusViewModel::QueueOp) == "S 07") modrm = r;
    QVERIFY(modrm > 1);
    for (int r = 1; r < modrm - 1; ++r) QCOMPARE(cell(model, 2, r, BusViewModel::Eu), QString("queue empty"));
    QVERIFY2(mov.summary.contains("queue empty"), qPrintable(mov.summary));
    QVERIFY(mov.summary.startsWith(QString("%1 clocks: ").arg(mov.clocks)));
  }

  void theDifferenceBetweenTwoReadsIsTheEusWaits() {
    DebugSession s;
    if (!s.load(writeReadTwice(dir_))) QFAIL(qPrintable(s.diagnosticsText()));
    BusViewModel model(s);
    s.setBusViewEnabled(true);
    for (int i = 0; i < 5; ++i) s.stepInto();  // ... MUL, MOV AX,[BX]
    model.refresh();
    QCOMPARE(model.rowCount(), 5);
    if (qEnvironmentVariableIsSet("BUS_VIEW_DUMP"))
      for (int i = 0; i < 5; ++i) {
        qInfo().noquote() << model.data(model.index(i, 0), Qt::DisplayRole).toString();
        for (const QString& row : rowsOf(model, i)) qInfo().noquote() << "   " << row;
      }
    const auto& afterJump = model.instructions()[2].log;
    const auto& afterMul = model.instructions()[4].log;
    // The same microcode: the same execute, queue-read and own-bus-cycle clocks; whatever differs
    // between the two is time the EU waited for the bus.
    const auto a = x86::clockUses(afterJump), b = x86::clockUses(afterMul);
    unsigned waitA = 0, waitB = 0;
    for (unsigned u = 0; u < a.size(); ++u) {
      if (x86::isBusWait(static_cast<x86::ClockUse>(u))) {
        waitA += a[u];
        waitB += b[u];
      } else {
        QCOMPARE(a[u], b[u]);
      }
    }
    QCOMPARE(int64_t(afterJump.clocks) - int64_t(afterMul.clocks), int64_t(waitA) - int64_t(waitB));
    QCOMPARE(model.instructions()[2].waited, waitA);
    QVERIFY(afterJump.clocks != afterMul.clocks);
    // After the MUL the queue holds 5 bytes (the 8086 fetches words, and needs 2 free bytes) and
    // the bus is idle with the next fetch at an even address: the state the SingleStepTests 8086
    // record "mov si, word [ds:bx]" (8B.MOO.gz; queue 8B 37 90 90 90) starts from. Its silicon
    // clocks: F, S, a code fetch T1-T4, two idle clocks, the memory read T1-T4, two idle clocks.
    const QStringList silicon = {"Ti", "Ti", "T1", "T2", "T3", "T4", "Ti", "Ti", "T1", "T2", "T3", "T4", "Ti", "Ti"};
    const QStringList siliconCycles = {"", "", "code fetch", "code fetch", "code fetch", "code fetch", "", "",
                                       "memory read", "memory read", "memory read", "memory read", "", ""};
    QStringList tstates, cycles;
    for (int r = 0; r < model.rowCount(model.index(4, 0)); ++r) {
      tstates << cell(model, 4, r, BusViewModel::TState);
      cycles << cell(model, 4, r, BusViewModel::Cycle);
    }
    QCOMPARE(tstates, silicon);
    QCOMPARE(cycles, siliconCycles);
    QCOMPARE(cell(model, 4, 0, BusViewModel::Queue), QString("4: 07 B8 00 4C"));
  }

  void stepBackAndRunRecordTheSameClocks() {
    DebugSession s;
    if (!s.load(writeReadTwice(dir_))) QFAIL(qPrintable(s.diagnosticsText()));
    BusViewModel model(s);
    s.setBusViewEnabled(true);
    for (int i = 0; i < 5; ++i) s.stepInto();
    model.refresh();
    const QStringList stepped = rowsOf(model, 4), steppedMul = rowsOf(model, 3);
    // Back one: the log ends at MUL, recorded again from the history, the same rows.
    s.stepBack();
    model.refresh();
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(rowsOf(model, 3), steppedMul);
    s.stepInto();
    model.refresh();
    QCOMPARE(rowsOf(model, 4), stepped);
    // Reset, then run to the exit call at full speed: nothing recorded while running, the last
    // instructions recorded when it stops, the same as stepped.
    s.reset();
    model.refresh();
    QCOMPARE(model.rowCount(), 0);
    s.runTo(linearDs(s, 0x10E));
    s.waitUntilStopped();
    model.refresh();
    QCOMPARE(model.rowCount(), 6);
    QCOMPARE(rowsOf(model, 4), stepped);
    QVERIFY(model.instructions()[5].text.contains("4C00"));
  }

  void offWhenThePaneIsHiddenAndAbsentOnTheLc3() {
    DebugSession s;
    if (!s.load(writeReadTwice(dir_))) QFAIL(qPrintable(s.diagnosticsText()));
    s.stepInto();
    QVERIFY(s.busLog() == nullptr);
    s.setBusViewEnabled(true);
    QVERIFY(s.busLog() != nullptr);
    QCOMPARE(s.busLog()->size(), 1u);  // recorded from the history when shown
    s.setBusViewEnabled(false);
    QVERIFY(s.busLog() == nullptr);

    DebugSession lc3;
    QVERIFY(lc3.load(writeSource(dir_, "a.asm", kCountdown)));
    QVERIFY(!lc3.hasBusView());
    lc3.setBusViewEnabled(true);
    QVERIFY(lc3.busLog() == nullptr);
  }

  void thePaneIsShownOnlyForACycleModel() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(w.openFile(writeReadTwice(dir_)));
    auto* dock = w.findChild<QDockWidget*>("bus");
    QVERIFY(dock != nullptr);
    QVERIFY(dock->toggleViewAction()->isEnabled());
    // Tabbed behind the memory pane it records nothing; brought to the front it follows a step.
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.findChild<QDockWidget*>("memory")->raise();
    QTRY_VERIFY(!w.session().busViewEnabled());
    dock->raise();
    QTRY_VERIFY(w.session().busViewEnabled());
    w.session().stepInto();
    QCoreApplication::processEvents();
    auto* pane = dynamic_cast<BusPane*>(dock->widget());
    QVERIFY(pane != nullptr);
    QCOMPARE(pane->model().rowCount(), 1);
    QVERIFY2(pane->headingText().contains("mov bx"), qPrintable(pane->headingText()));
    QVERIFY(pane->view()->isExpanded(pane->model().index(0, 0)));
    w.findChild<QDockWidget*>("memory")->raise();
    QTRY_VERIFY(!w.session().busViewEnabled());
    QVERIFY(w.openFile(writeSource(dir_, "a.asm", kCountdown)));
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->toggleViewAction()->isEnabled());
  }
};

QTEST_MAIN(BusViewTest)
#include "bus_view_test.moc"
