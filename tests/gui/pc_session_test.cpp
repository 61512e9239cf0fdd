// The debugger on the PC machine: a breakpoint on a DOS function stops at the INT, the text
// screen and the device tables are visible through the capabilities, stepping back works.
#include <QTest>

#include <set>

#include "asmlab/gui/breakpoint_model.hpp"
#include "asmlab/gui/debug_session.hpp"
#include "asmlab/gui/register_model.hpp"
#include "asmlab/sim/capabilities.hpp"
#include "asmlab/sim/device_inspector.hpp"
#include "lc3_fixture.hpp"

using namespace asmlab;
using namespace asmlab::gui;

// A .COM program, encoded by hand (Intel 8086 manual: MOV reg16,imm16 = B8+reg, MOV AH,imm8 = B4,
// INT imm8 = CD): prints "Hi$" with INT 21h AH=09h, then exits with INT 21h AH=4Ch.
static const char kHello[] =
    "\xBA\x0C\x01"   // 0100h MOV DX, 010Ch
    "\xB4\x09"        // 0103h MOV AH, 09h
    "\xCD\x21"        // 0105h INT 21h
    "\xB8\x00\x4C"   // 0107h MOV AX, 4C00h
    "\xCD\x21"        // 010Ah INT 21h
    "Hi$";             // 010Ch

static QString writeCom(QTemporaryDir& dir) {
  QString path = dir.filePath("hello.com");
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(kHello, sizeof kHello - 1);
  return path;
}

class PcSessionTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

private slots:
  void dosFunctionBreakpointStopsAtTheCall() {
    DebugSession s;
    QString path = writeCom(dir_);
    if (!s.load(path)) QFAIL(qPrintable(s.diagnosticsText()));
    QCOMPARE(QString::fromStdString(std::string(s.machine()->architecture())).contains("86"), true);
    BreakpointModel bps(s);
    QString error;
    QVERIFY2(bps.add("int 21h ah=09h", &error), qPrintable(error));
    s.run();
    s.waitUntilStopped();
    QVERIFY2(s.lastStop().reason == sim::StopReason::Breakpoint, s.lastStop().message.c_str());
    QVERIFY(s.machine()->output().find("Hi") == std::string::npos);  // stopped before the call
    int ah = s.machine()->registerIndex("AX");
    QCOMPARE((s.machine()->readRegister(static_cast<size_t>(ah)) >> 8) & 0xFF, 0x09u);
    s.run();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Halted);
    QVERIFY(s.machine()->output().find("Hi") != std::string::npos);
  }

  // A source without an exit pauses where it runs past its code (_TEXT is 12 bytes at 1010h),
  // once: run again, it goes on.
  void aProgramRunningPastItsCodePauses() {
    const QString path = dir_.filePath("noexit.asm");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        ".model small\n.stack 100h\n.data\nmsg db 'Hi$'\n.code\nstart:\n  mov ax, @data\n  mov ds, ax\n"
        "  mov ah, 9\n  mov dx, offset msg\n  int 21h\nend start\n");
    f.close();
    DebugSession s;
    if (!s.load(path)) QFAIL(qPrintable(s.diagnosticsText()));
    s.run();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Paused);
    QVERIFY2(s.lastStop().message.find("ran past the end of code segment _TEXT") != std::string::npos,
             s.lastStop().message.c_str());
    QCOMPARE(s.machine()->programCounter(), uint64_t{0x1010C});
    QCOMPARE(QString::fromStdString(s.machine()->output()), QString("Hi"));
    const uint64_t pausedAt = s.machine()->instructionCount();
    s.runFor(1000);
    QCOMPARE(s.machine()->instructionCount(), pausedAt + 1000);
  }

  void screenAndDevicesAreVisible() {
    DebugSession s;
    QVERIFY(s.load(writeCom(dir_)));
    auto* screen = sim::capability<sim::TextScreen>(*s.machine());
    QVERIFY(screen);
    QVERIFY(screen->textModeActive());
    QCOMPARE(screen->textColumns(), 80u);
    auto* devices = sim::capability<sim::DeviceInspector>(*s.machine());
    QVERIFY(devices);
    bool pit = false, pic = false, ivt = false;
    for (const auto& t : devices->deviceTables()) {
      pit |= t.name.find("PIT") != std::string::npos && t.rows.size() == 3;
      pic |= t.name.find("PIC") != std::string::npos;
      ivt |= t.name.find("vector table") != std::string::npos && t.rows.size() == 256;
    }
    QVERIFY(pit && pic && ivt);
  }

  void stepBackOnThePc() {
    DebugSession s;
    QVERIFY(s.load(writeCom(dir_)));
    RegisterModel regs(s);
    regs.refresh();
    uint64_t pc0 = s.machine()->programCounter();
    s.stepInto();  // MOV DX, OFFSET MSG
    regs.refresh();
    int dx = s.machine()->registerIndex("DX");
    QVERIFY(regs.changed(dx));
    QCOMPARE(s.machine()->readRegister(static_cast<size_t>(dx)), 0x010Cu);
    s.stepBack();
    QCOMPARE(s.machine()->programCounter(), pc0);
  }

  // MASM sources get a line table (the front end's line numbers, resolved by the linker): CS:IP
  // maps to the line, a macro's code to the invoking line, an included file's code to that file.
  void masmSourceLinesFollowCsIp_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("origin");
    QTest::newRow("exe") << ".model small\n.stack 100h\n" << "";
    QTest::newRow("com") << ".model tiny\n\n" << "org 100h\n";
  }
  void masmSourceLinesFollowCsIp() {
    QFETCH(QString, model);
    QFETCH(QString, origin);
    writeSource(dir_, "part.inc", "; included\n inc dx\n");
    const QString text = model +      // lines 1-2
                         "twice macro\n"  // 3
                         " inc ax\n"      // 4
                         " inc ax\n"      // 5
                         "endm\n"         // 6
                         ".code\n" +      // 7
                         (origin.isEmpty() ? QString("\n") : origin) +  // 8
                         "start: mov ax, 1\n"  // 9
                         " twice\n"            // 10
                         " include part.inc\n" // 11
                         " mov ax, 4C00h\n"    // 12
                         " int 21h\n"          // 13
                         "end start\n";
    const QString path = writeSource(dir_, "lines.asm", text.toLatin1().constData());
    DebugSession s;
    QVERIFY2(s.load(path), qPrintable(s.diagnosticsText()));
    QVERIFY(s.hasSourceLines());
    QCOMPARE(s.sourceLineAt(s.machine()->programCounter()), 9);
    s.stepInto();
    QCOMPARE(s.sourceLineAt(s.machine()->programCounter()), 10);  // first INC AX of the macro
    s.stepInto();
    QCOMPARE(s.sourceLineAt(s.machine()->programCounter()), 10);  // the second one
    s.stepInto();
    QCOMPARE(s.sourceLineAt(s.machine()->programCounter()), 0);   // INC DX of part.inc
    s.stepInto();
    QCOMPARE(s.sourceLineAt(s.machine()->programCounter()), 12);
    // A breakpoint on line 13 by its address; run stops there.
    auto address = s.addressOfSourceLine(13);
    QVERIFY(address);
    QVERIFY(s.toggleBreakpoint(*address));
    QCOMPARE(s.breakpointLines(), std::set<int>{13});
    s.run();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Breakpoint);
    QCOMPARE(s.sourceLineAt(s.machine()->programCounter()), 13);
    // Lines without code (the macro's definition, blank lines) give the next line that has code.
    QCOMPARE(s.addressOfSourceLine(3), s.addressOfSourceLine(9));
  }
};

QTEST_GUILESS_MAIN(PcSessionTest)
#include "pc_session_test.moc"
