// Pacing in simulated time (docs/debugger.md, "Speed"): in real time the PC's clock (4,772,727 Hz,
// the IBM PC's 14.31818 MHz crystal divided by 3) follows a wall clock the test moves by hand,
// never ahead of it, within 1% over a minute of simulated time, both while the program waits for
// a key (the CPU halted between timer ticks) and while it spins; a speed change in the middle of
// a run resumes within one refresh (33 ms) instead of waiting for time owed at the old speed.
#include <QTest>

#include <QFile>
#include <QTemporaryDir>

#include <chrono>

#include "asmlab/gui/debug_session.hpp"
#include "asmlab/gui/pacer.hpp"
#include "manual_wall_clock.hpp"

using namespace asmlab;
using namespace asmlab::gui;
using namespace std::chrono_literals;

namespace {

constexpr double kPcClock = 14'318'181.0 / 3;  // IBM PC Technical Reference: 14.31818 MHz / 3

// Hand-encoded .COM programs (Intel 8086 manual: MOV AH,imm8 = B4, INT imm8 = CD, JMP rel8 = EB).
const char kWaitForKeys[] =
    "\xB4\x00"   // 0100h MOV AH, 00h
    "\xCD\x16"   // 0102h INT 16h        wait for a key (the BIOS halts until an interrupt)
    "\xEB\xFA";  // 0104h JMP 0100h
const char kSpin[] = "\xEB\xFE";  // 0100h JMP 0100h

QString writeCom(QTemporaryDir& dir, const char* name, const char* bytes, size_t size) {
  const QString path = dir.filePath(name);
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(bytes, static_cast<qint64>(size));
  return path;
}

double seconds(WallClock::Time t) { return std::chrono::duration<double>(t).count(); }

struct Counters {
  uint64_t clocks, instructions;
};
Counters counters(DebugSession& s) {
  std::lock_guard lock(s.machineMutex());
  return {s.machine()->clockCount(), s.machine()->instructionCount()};
}

}  // namespace

class PacingTest : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // Runs `program` in real time for a minute of wall time in steps of `step`; after each step
  // (once the worker sleeps again) the simulated time is never ahead of the wall clock, and it
  // is behind by less than the pacer's least chunk plus one step.
  void trackAMinute(const QString& program, WallClock::Time step) {
    test::ManualWallClock clock;
    DebugSession s;
    s.setWallClock(clock);
    QVERIFY2(s.load(program), qPrintable(s.diagnosticsText()));
    QCOMPARE(s.clockRate(), uint64_t{4'772'727});
    s.setSpeed(Speed::realTime(1));
    const Counters start = counters(s);
    const WallClock::Time begin = clock.now();
    s.run();
    QVERIFY(clock.waitUntilSleeping());
    double simulated = 0, wall = 0;
    while (wall < 60.0) {
      clock.advance(step);
      QVERIFY(clock.waitUntilSleeping());
      wall = seconds(clock.now() - begin);
      simulated = static_cast<double>(counters(s).clocks - start.clocks) / kPcClock;
      // One instruction may end past the allowed clock (at most a few hundred clocks).
      QVERIFY2(simulated <= wall + 300 / kPcClock, qPrintable(QString("simulated %1 s ahead of wall %2 s").arg(simulated).arg(wall)));
      QVERIFY2(simulated >= wall - seconds(Pacer::kMinChunk + step) - 0.001,
               qPrintable(QString("simulated %1 s behind wall %2 s").arg(simulated).arg(wall)));
    }
    QVERIFY2(std::abs(simulated - wall) <= 0.01 * wall, qPrintable(QString("simulated %1 s, wall %2 s").arg(simulated).arg(wall)));
    s.pause();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Paused);
  }

private slots:
  void realTimeTracksTheWallClockWhileTheProgramWaitsForAKey() {
    trackAMinute(writeCom(dir_, "wait.com", kWaitForKeys, sizeof kWaitForKeys - 1), 10ms);
  }

  void realTimeTracksTheWallClockWhileTheProgramSpins() {
    trackAMinute(writeCom(dir_, "spin.com", kSpin, sizeof kSpin - 1), 100ms);
  }

  void doubleSpeedRunsTwoSecondsOfMachineTimeAWallSecond() {
    test::ManualWallClock clock;
    DebugSession s;
    s.setWallClock(clock);
    QVERIFY(s.load(writeCom(dir_, "wait2.com", kWaitForKeys, sizeof kWaitForKeys - 1)));
    s.setSpeed(Speed::realTime(2));
    const Counters start = counters(s);
    s.run();
    for (int i = 0; i < 100; ++i) {
      QVERIFY(clock.waitUntilSleeping());
      clock.advance(10ms);
    }
    QVERIFY(clock.waitUntilSleeping());
    const double simulated = static_cast<double>(counters(s).clocks - start.clocks) / kPcClock;
    QVERIFY2(std::abs(simulated - 2.0) <= 0.02, qPrintable(QString::number(simulated)));
    s.pause();
    s.waitUntilStopped();
  }

  // The case: from full speed to 1,000,000 instructions a second in the middle of a run.
  void aSpeedChangeMidRunResumesWithinOneRefresh() {
    test::ManualWallClock clock;
    DebugSession s;
    s.setWallClock(clock);
    QVERIFY(s.load(writeCom(dir_, "spin2.com", kSpin, sizeof kSpin - 1)));
    s.setSpeed(Speed::maximum());
    s.run();
    // At maximum the worker never waits: let it run 2 million instructions of real host time.
    QTRY_VERIFY_WITH_TIMEOUT(counters(s).instructions > 2'000'000, 20000);
    const auto refresh = 33ms;
    for (const Speed& next : {Speed::instructions(1'000'000), Speed::realTime(1), Speed::instructions(1'000), Speed::realTime(10)}) {
      clock.mark();
      s.setSpeed(next);
      QVERIFY(clock.waitUntilSleeping());
      // It sleeps no longer than a refresh, and one refresh later it has run what the new speed
      // gives in that time (less the least chunk it waits for).
      QVERIFY2(clock.deadline() - clock.now() <= refresh,
               qPrintable(QString("sleeps %1 ms").arg(seconds(clock.deadline() - clock.now()) * 1000)));
      const Counters before = counters(s);
      clock.advance(refresh);
      QVERIFY(clock.waitUntilSleeping());
      const Counters after = counters(s);
      if (next.kind == Speed::Kind::InstructionsPerSecond) {
        const double expected = static_cast<double>(next.instructionsPerSecond) * seconds(refresh);
        const double chunk = std::max(1.0, static_cast<double>(next.instructionsPerSecond) * seconds(Pacer::kMinChunk));
        const double ran = static_cast<double>(after.instructions - before.instructions);
        QVERIFY2(ran >= expected - chunk - 1 && ran <= expected + 1, qPrintable(QString("ran %1, expected %2").arg(ran).arg(expected)));
      } else {
        const double expected = kPcClock * next.factor * seconds(refresh);
        const double ran = static_cast<double>(after.clocks - before.clocks);
        const double chunk = kPcClock * next.factor * seconds(Pacer::kMinChunk);
        QVERIFY2(ran >= expected - chunk - 300 && ran <= expected + 300, qPrintable(QString("ran %1 clocks, expected %2").arg(ran).arg(expected)));
      }
    }
    // Back to maximum: it runs on without the wall clock moving at all.
    const Counters before = counters(s);
    s.setSpeed(Speed::maximum());
    QTRY_VERIFY_WITH_TIMEOUT(counters(s).instructions > before.instructions + 100'000, 20000);
    s.pause();
    s.waitUntilStopped();
    QCOMPARE(s.lastStop().reason, sim::StopReason::Paused);
  }

  // Pause is taken at once even while the worker waits for wall-clock time (1 instruction a
  // second: it sleeps for a second between instructions).
  void pauseWakesASleepingWorker() {
    test::ManualWallClock clock;
    DebugSession s;
    s.setWallClock(clock);
    QVERIFY(s.load(writeCom(dir_, "spin3.com", kSpin, sizeof kSpin - 1)));
    s.setSpeed(Speed::instructions(1));
    s.run();
    QVERIFY(clock.waitUntilSleeping());
    s.pause();
    QTRY_VERIFY_WITH_TIMEOUT(!s.isRunning(), 5000);
    QCOMPARE(s.lastStop().reason, sim::StopReason::Paused);
  }

  // The pacer alone: after a speed change it counts from the counters it is given, not from
  // the time run at the old speed (the stall of the issue: 6 s at 1,000,000 instructions/s).
  void pacerForgetsTimeOwedAtTheOldSpeed() {
    test::ManualWallClock clock;
    Pacer pacer(clock);
    pacer.setClockRate(4'772'727);
    pacer.setSpeed(Speed::maximum());
    pacer.start(0, 0);
    clock.advance(1s);
    // Meanwhile 50 million instructions ran at maximum.
    pacer.setSpeed(Speed::instructions(1'000'000));
    Pacer::Slice slice = pacer.next(700'000'000, 50'000'000);
    QCOMPARE(slice.maxInstructions, uint64_t{0});
    QVERIFY(slice.wakeAt - clock.now() <= 33ms);
    clock.advance(10ms);
    slice = pacer.next(700'000'000, 50'000'000);
    QCOMPARE(slice.maxInstructions, uint64_t{10'000});
    // Real time that fell behind by more than kMaxLag (the machine was held up) is forgotten.
    pacer.setSpeed(Speed::realTime(1));
    slice = pacer.next(1'000'000, 10);
    clock.advance(2s);
    slice = pacer.next(1'000'000, 10);
    QCOMPARE(slice.maxClocks, static_cast<uint64_t>(4'772'727 * seconds(Pacer::kMaxLag)));
    // A machine without a clock rate runs real time at maximum.
    pacer.setClockRate(0);
    QCOMPARE(pacer.effectiveSpeed(), Speed::maximum());
  }
};

QTEST_GUILESS_MAIN(PacingTest)
#include "pacing_test.moc"
