// Mouse presses and releases reach the program at the simulated moment they happened
// (docs/debugger.md, "Speed"): a program polling INT 33h function 03h sees the left button down
// for as long as the person held it, even when the click is shorter than one refresh of the
// window, in real time and while the machine is paused.
#include <QTest>

#include <QFile>
#include <QTemporaryDir>

#include <atomic>
#include <chrono>

#include "asmlab/gui/debug_session.hpp"
#include "manual_wall_clock.hpp"

using namespace asmlab;
using namespace asmlab::gui;
using namespace std::chrono_literals;

namespace {

constexpr double kPcClock = 14'318'181.0 / 3;  // IBM PC Technical Reference: 14.31818 MHz / 3

// A .COM program encoded by hand (Intel 8086 manual; INT 33h functions 00h reset and 03h button
// status in BX, Microsoft Mouse Programmer's Reference): waits for the left button, then for its
// release, then exits.
const char kClick[] =
    "\xB8\x00\x00"   // 0100h MOV AX, 0
    "\xCD\x33"       // 0103h INT 33h           reset the driver
    "\xB8\x03\x00"   // 0105h MOV AX, 3         wait for the press:
    "\xCD\x33"       // 0108h INT 33h
    "\xF6\xC3\x01"   // 010Ah TEST BL, 1
    "\x74\xF6"       // 010Dh JZ 0105h
    "\x90"           // 010Fh NOP               pressed
    "\xB8\x03\x00"   // 0110h MOV AX, 3         wait for the release:
    "\xCD\x33"       // 0113h INT 33h
    "\xF6\xC3\x01"   // 0115h TEST BL, 1
    "\x75\xF6"       // 0118h JNZ 0110h
    "\xB8\x00\x4C"   // 011Ah MOV AX, 4C00h     released
    "\xCD\x21";      // 011Dh INT 21h
constexpr uint16_t kPressed = 0x010F, kReleased = 0x011A;
// The longest pass through a polling loop, in clocks, by the 8086 timings (MOV 4, INT 51 plus the
// driver, TEST 5, Jcc 16) with the native driver's call gate: a generous bound.
constexpr double kLoopClocks = 400;

struct Moments {
  std::atomic<uint64_t> pressed{0}, released{0};
};

// Breakpoints whose condition records the clock when the program gets there and never stops it.
void recordMoments(DebugSession& s, Moments& moments) {
  std::lock_guard lock(s.machineMutex());
  sim::Machine& m = *s.machine();
  const uint64_t cs = m.readRegister(static_cast<size_t>(m.registerIndex("CS")));
  auto record = [](std::atomic<uint64_t>& at) {
    return [&at](const sim::Machine& machine) {
      if (at == 0) at = machine.clockCount();
      return false;
    };
  };
  m.breakpoints().addExecute(cs * 16 + kPressed, record(moments.pressed), "pressed");
  m.breakpoints().addExecute(cs * 16 + kReleased, record(moments.released), "released");
}

}  // namespace

class MouseTimingTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString program() {
    const QString path = dir_.filePath("click.com");
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(kClick, sizeof kClick - 1);
    return path;
  }

private slots:
  // In real time: a 20 ms click (shorter than the window's 33 ms refresh) pressed 0.5 s after Run.
  void aShortClickInRealTimeLastsAsLongAsItWasHeld() {
    test::ManualWallClock clock;
    DebugSession s;
    s.setWallClock(clock);
    QVERIFY2(s.load(program()), qPrintable(s.diagnosticsText()));
    Moments moments;
    recordMoments(s, moments);
    s.setSpeed(Speed::realTime(1));
    uint64_t start;
    {
      std::lock_guard lock(s.machineMutex());
      start = s.machine()->clockCount();
    }
    s.run();
    // Half a second of wall time in 10 ms steps, the worker keeping up after each.
    for (int i = 0; i < 50; ++i) {
      QVERIFY(clock.waitUntilSleeping());
      clock.advance(10ms);
    }
    QVERIFY(clock.waitUntilSleeping());
    QVERIFY(s.pushMouse({100, 50, 1}));
    clock.advance(10ms);
    QVERIFY(clock.waitUntilSleeping());
    clock.advance(10ms);
    QVERIFY(clock.waitUntilSleeping());
    QVERIFY(s.pushMouse({100, 50, 0}));
    // On until the program has seen the release and ended (the worker then sleeps no more).
    for (int i = 0; i < 10; ++i) {
      if (!clock.waitUntilSleeping(1s)) break;
      clock.advance(10ms);
    }
    s.pause();  // in case it still runs: then the check below fails
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Halted);
    QVERIFY(moments.pressed != 0 && moments.released != 0);
    // The press came 0.5 s of machine time after Run, and the button stayed down 20 ms.
    const double pressedAt = static_cast<double>(moments.pressed - start) / kPcClock;
    const double held = static_cast<double>(moments.released - moments.pressed) / kPcClock;
    QVERIFY2(std::abs(pressedAt - 0.5) <= kLoopClocks / kPcClock, qPrintable(QString("pressed at %1 s").arg(pressedAt)));
    QVERIFY2(std::abs(held - 0.020) <= kLoopClocks / kPcClock, qPrintable(QString("held %1 s").arg(held)));
  }

  // Paused: the press and the release are queued 30 ms of machine time apart, then Run at
  // maximum speed delivers them in that order and that far apart.
  void aClickWhilePausedKeepsItsLength() {
    test::ManualWallClock clock;
    DebugSession s;
    s.setWallClock(clock);
    QVERIFY(s.load(program()));
    Moments moments;
    recordMoments(s, moments);
    QVERIFY(s.pushMouse({10, 10, 1}));
    clock.advance(30ms);
    QVERIFY(s.pushMouse({10, 10, 0}));
    s.setSpeed(Speed::maximum());
    s.run();
    QTRY_VERIFY_WITH_TIMEOUT(!s.isRunning(), 10000);
    QCOMPARE(s.lastStop().reason, sim::StopReason::Halted);
    const double held = static_cast<double>(moments.released - moments.pressed) / kPcClock;
    QVERIFY2(std::abs(held - 0.030) <= kLoopClocks / kPcClock, qPrintable(QString("held %1 s").arg(held)));
  }

  // A machine without a mouse (the LC-3) refuses the event instead of losing it silently.
  void noPointerNoEvent() {
    QTemporaryDir dir;
    const QString path = dir.filePath("a.asm");
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("        .ORIG x3000\n        HALT\n        .END\n");
    f.close();
    DebugSession s;
    QVERIFY(s.load(path));
    QVERIFY(!s.pushMouse({0, 0, 1}));
  }
};

QTEST_GUILESS_MAIN(MouseTimingTest)
#include "mouse_timing_test.moc"
