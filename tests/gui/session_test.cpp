// The debugger's models and session actions, without a window: a step highlights the changed
// register, breakpoints (label, condition, memory write) stop, step back and reverse continue
// restore the earlier state, watches and memory edits work, bad sources give located errors.
#include <QTest>

#include "asmlab/gui/breakpoint_model.hpp"
#include "asmlab/gui/call_stack_model.hpp"
#include "asmlab/gui/debug_session.hpp"
#include "asmlab/gui/disassembly_model.hpp"
#include "asmlab/gui/expression.hpp"
#include "asmlab/gui/memory_model.hpp"
#include "asmlab/gui/register_model.hpp"
#include "asmlab/gui/watch_model.hpp"
#include "lc3_fixture.hpp"

using namespace asmlab;
using namespace asmlab::gui;

class SessionTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  uint64_t reg(DebugSession& s, const char* name) {
    return s.machine()->readRegister(static_cast<size_t>(s.machine()->registerIndex(name)));
  }
  int row(DebugSession& s, const char* name) { return s.machine()->registerIndex(name); }

private slots:
  void stepHighlightsTheChangedRegister() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    RegisterModel regs(s);
    regs.refresh();
    QCOMPARE(s.machine()->programCounter(), 0x3000u);
    s.stepInto();  // AND R0,R0,#0: R0 stays 0
    regs.refresh();
    QVERIFY(!regs.changed(row(s, "R0")));
    s.stepInto();  // ADD R0,R0,#5
    regs.refresh();
    QVERIFY(regs.changed(row(s, "R0")));
    QVERIFY(!regs.changed(row(s, "R1")));
    QCOMPARE(regs.data(regs.index(row(s, "R0"), RegisterModel::Hex), Qt::DisplayRole).toString(), QString("0005"));
    QVERIFY(regs.data(regs.index(row(s, "R0"), RegisterModel::Hex), Qt::BackgroundRole).isValid());
    QVERIFY(!regs.data(regs.index(row(s, "R1"), RegisterModel::Hex), Qt::BackgroundRole).isValid());
  }

  void registerEditChangesTheMachine() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    RegisterModel regs(s);
    regs.refresh();
    QVERIFY(regs.setData(regs.index(row(s, "R3"), RegisterModel::Hex), "1234", Qt::EditRole));
    QCOMPARE(reg(s, "R3"), 0x1234u);
    QVERIFY(regs.setData(regs.index(row(s, "R3"), RegisterModel::Decimal), "-1", Qt::EditRole));
    QCOMPARE(reg(s, "R3"), 0xFFFFu);
    QVERIFY(!regs.setData(regs.index(row(s, "R3"), RegisterModel::Hex), "zz top", Qt::EditRole));
  }

  void breakpointOnLabelStopsTheRun() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    BreakpointModel bps(s);
    QVERIFY(bps.add("DONE"));
    QCOMPARE(bps.rowCount(), 1);
    s.run();
    s.waitUntilStopped();
    QVERIFY(!s.isRunning());
    QCOMPARE(s.lastStop().reason, sim::StopReason::Breakpoint);
    QCOMPARE(s.machine()->programCounter(), 0x3005u);
    QCOMPARE(reg(s, "R1"), 5u);
    QCOMPARE(bps.data(bps.index(0, BreakpointModel::Hits), Qt::DisplayRole).toULongLong(), 1u);
  }

  void conditionalBreakpointStopsOnlyWhenTrue() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    BreakpointModel bps(s);
    QVERIFY(bps.add("LOOP if R1 == 3"));
    s.run();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Breakpoint);
    QCOMPARE(s.machine()->programCounter(), 0x3002u);
    QCOMPARE(reg(s, "R1"), 3u);
  }

  void memoryWriteBreakpointStops() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    BreakpointModel bps(s);
    QVERIFY(bps.add("write COUNT"));
    s.run();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Watchpoint);
    QCOMPARE(s.machine()->peek(0x3007), 5u);
  }

  void badBreakpointsAreRefusedWithAReason() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    BreakpointModel bps(s);
    QString error;
    QVERIFY(!bps.add("NOSUCHLABEL", &error));
    QVERIFY2(error.contains("unknown name"), qPrintable(error));
    QVERIFY(!bps.add("int 21h ah=zz", &error));
    QVERIFY(bps.add("int 21h ah=09h", &error));  // accepted on any machine; only a PC raises it
    QCOMPARE(s.machine()->breakpoints().all().begin()->second.function, 9);
  }

  void stepBackRestoresTheEarlierState() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    for (int i = 0; i < 4; ++i) s.stepInto();  // R0 = 5, R1 = 1, at x3003... then R0 = 4
    uint64_t pc = s.machine()->programCounter(), r0 = reg(s, "R0"), r1 = reg(s, "R1");
    uint64_t count = s.machine()->instructionCount();
    s.stepInto();
    s.stepInto();
    QVERIFY(s.machine()->programCounter() != pc || reg(s, "R1") != r1);
    s.stepBack();
    s.stepBack();
    QCOMPARE(s.machine()->programCounter(), pc);
    QCOMPARE(reg(s, "R0"), r0);
    QCOMPARE(reg(s, "R1"), r1);
    QCOMPARE(s.machine()->instructionCount(), count);
  }

  void reverseContinueGoesBackToThePreviousBreakpointHit() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    BreakpointModel bps(s);
    QVERIFY(bps.add("LOOP"));
    for (int i = 0; i < 3; ++i) {
      s.run();
      s.waitUntilStopped();
    }
    QCOMPARE(reg(s, "R1"), 2u);  // third arrival at LOOP: two passes done
    s.stepInto();
    s.reverseContinue();
    QCOMPARE(s.machine()->programCounter(), 0x3002u);
    QCOMPARE(reg(s, "R1"), 2u);
    s.reverseContinue();
    QCOMPARE(s.machine()->programCounter(), 0x3002u);
    QCOMPARE(reg(s, "R1"), 1u);
  }

  void runToCursorAndReset() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    s.runTo(0x3006);
    s.waitUntilStopped();
    QCOMPARE(s.machine()->programCounter(), 0x3006u);
    QVERIFY(s.machine()->breakpoints().all().empty());  // the temporary breakpoint is gone
    s.reset();
    QCOMPARE(s.machine()->programCounter(), 0x3000u);
    QCOMPARE(reg(s, "R1"), 0u);
    QCOMPARE(s.machine()->instructionCount(), 0u);
  }

  void pauseStopsAProgramThatRunsForever() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "spin.asm", ".ORIG x3000\nSPIN ADD R2, R2, #1\nBRnzp SPIN\n.END\n")));
    s.run();
    QTest::qWait(100);
    QVERIFY(s.isRunning());
    s.pause();
    s.waitUntilStopped();
    QVERIFY(!s.isRunning());
    QCOMPARE(s.lastStop().reason, sim::StopReason::Paused);
    QVERIFY(s.machine()->instructionCount() > 1000);
  }

  void stopwatchCountsSinceTheMark() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    s.stepInto();
    s.markStopwatch();
    s.stepInto();
    s.stepInto();
    QCOMPARE(s.stopwatchInstructions(), 2u);
    QVERIFY(s.stopwatchClocks() > 0);
    QVERIFY(s.clocksAt(0x3001) > 0);
    QCOMPARE(s.clocksAt(0x3005), -1);
  }

  void watchesEvaluateAndHighlightChanges() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    WatchModel w(s);
    w.addWatch("R0 + 1");
    w.addWatch("[COUNT]");
    w.addWatch("BOGUS");
    QCOMPARE(w.rowCount(), 4);  // three watches and the "add" row
    QCOMPARE(w.data(w.index(0, WatchModel::Decimal), Qt::DisplayRole).toString(), QString("1"));
    QVERIFY(w.data(w.index(2, WatchModel::Hex), Qt::DisplayRole).toString().contains("unknown name"));
    s.stepInto();
    s.stepInto();
    w.refresh();
    QCOMPARE(w.data(w.index(0, WatchModel::Decimal), Qt::DisplayRole).toString(), QString("6"));
    QVERIFY(w.changed(0));
    QVERIFY(!w.changed(1));
    QVERIFY(w.setData(w.index(3, WatchModel::Expression), "R1", Qt::EditRole));
    QCOMPARE(w.rowCount(), 5);
  }

  void memoryViewShowsAndEditsWords() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    MemoryModel m(s);
    m.refresh();
    QCOMPARE(m.unitsPerRow(), 8);
    QCOMPARE(m.rowCount(), 0x10000 / 8);
    int r = m.rowOf(0x3000);
    // ADD R0,R0,#5 = 0001 000 000 1 00101 = x1025 (Patt & Patel, Appendix A).
    QCOMPARE(m.data(m.index(r, 2), Qt::DisplayRole).toString(), QString("1025"));
    QVERIFY(m.setData(m.index(r, 8), "BEEF", Qt::EditRole));
    QCOMPARE(s.machine()->peek(0x3007), 0xBEEFu);
    QVERIFY(!m.setData(m.index(r, 8), "12345", Qt::EditRole));  // wider than a word
  }

  void disassemblyMarksTheCurrentLineAndBreakpoints() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    DisassemblyModel d(s);
    d.refresh();
    int cur = d.currentRow();
    QVERIFY(cur >= 0);
    QCOMPARE(d.addressOfRow(cur), 0x3000u);
    int loop = d.rowOfAddress(0x3002);
    QCOMPARE(d.data(d.index(loop, DisassemblyModel::Label), Qt::DisplayRole).toString(), QString("LOOP"));
    QVERIFY(d.data(d.index(loop, DisassemblyModel::Instruction), Qt::DisplayRole).toString().contains("ADD"));
    QVERIFY(s.toggleBreakpoint(0x3002));
    QVERIFY(d.data(d.index(loop, DisassemblyModel::Gutter), Qt::DisplayRole).toString().contains(QChar(0x25CF)));
    QVERIFY(!s.toggleBreakpoint(0x3002));
  }

  void callStackFindsTheReturnAddress() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "call.asm",
                               ".ORIG x3000\n"
                               "      JSR SUB\n"    // x3000
                               "      HALT\n"       // x3001
                               "SUB   ADD R2, R2, #1\n"  // x3002
                               "      RET\n"
                               ".END\n")));
    CallStackModel c(s);
    s.stepInto();
    c.refresh();
    QVERIFY(!c.frames().empty());
    QCOMPARE(c.frames().front().returnAddress, 0x3001u);
    QCOMPARE(c.frames().front().callAddress, 0x3000u);
  }

  void badSourceGivesLocatedDiagnostics() {
    DebugSession s;
    QVERIFY(!s.load(writeSource(dir_, "bad.asm", ".ORIG x3000\nADD R0, R0\nHALT\n.END\n")));
    QVERIFY(!s.diagnostics().empty());
    QCOMPARE(s.diagnostics().front().line, 2);
    QVERIFY(s.diagnostics().front().isError);
    QVERIFY(s.diagnosticsText().contains("bad.asm:2:"));
  }

  void expressionsFollowPrecedence() {
    DebugSession s;
    QVERIFY(s.load(writeSource(dir_, "a.asm", kCountdown)));
    auto v = [&](const char* t) { return evaluate(*s.machine(), t).value.value_or(-999); };
    QCOMPARE(v("x10 + 2 * 3"), 22);
    QCOMPARE(v("(1 + 2) * 3"), 9);
    QCOMPARE(v("LOOP"), 0x3002);
    QCOMPARE(v("[LOOP] & xF000"), 0x1000);
    QCOMPARE(v("10h == 16"), 1);
    QCOMPARE(v("#-3 < 0"), 1);
    QVERIFY(!evaluate(*s.machine(), "1 +").value);
    QVERIFY(!evaluate(*s.machine(), "[x10000]").value);
  }
};

QTEST_GUILESS_MAIN(SessionTest)
#include "session_test.moc"
