// emu8086's virtual devices against the rules of its device programs (emu8086's DEVICES folder:
// frmThermometer.frm, frmStepperMotor.frm, frmRobot.frm, frmPrinter.frm; docs/emu8086.md). The
// devices here count 1,000 clocks a second, so a clock is a millisecond of the devices' timers.

#include <gtest/gtest.h>

#include "asmlab/x86/pc/emu8086_devices.hpp"
#include "pc_test_util.hpp"

namespace asmlab::x86::pc {
namespace {

constexpr uint16_t kHeater = 127, kThermometer = 125, kStepper = 7, kPrinter = 130;
constexpr uint16_t kCommand = 9, kData = 10, kStatus = 11;

// The heater adds a degree every 200 ms while it burns; switched off, the temperature falls a
// degree a second towards the air's (0). The heater follows port 127 at its next 20 ms poll.
TEST(Emu8086Thermometer, HeatsFiveDegreesASecondAndCoolsOne) {
  Emu8086Devices d(1000);
  EXPECT_EQ(d.in(kThermometer, 0), 0);
  d.out(kHeater, 1, 0);  // before the first poll: the flame lit at the start stays lit
  EXPECT_EQ(d.in(kThermometer, 199), 0);
  EXPECT_EQ(d.in(kThermometer, 200), 1);
  EXPECT_EQ(d.in(kThermometer, 1000), 5);
  d.out(kHeater, 0, 1005);  // seen at the poll of 1,020 ms, which restarts the timer at 1 s
  EXPECT_EQ(d.in(kThermometer, 2019), 5);
  EXPECT_EQ(d.in(kThermometer, 2020), 4);
  EXPECT_EQ(d.in(kThermometer, 6020), 0);
  EXPECT_EQ(d.in(kThermometer, 60000), 0);  // the air's temperature, and no lower
  EXPECT_EQ(d.temperature(), 0);
}

TEST(Emu8086Thermometer, StopsAt120AndAHeaterSwitchedOnLateStartsItsTimerThen) {
  Emu8086Devices d(1000);
  d.out(kHeater, 0xFF, 500);  // bit 0 is the heater; lit at the 520 ms poll
  EXPECT_EQ(d.in(kThermometer, 719), 0);
  EXPECT_EQ(d.in(kThermometer, 720), 1);
  EXPECT_EQ(d.in(kThermometer, 520 + 200 * 120), 120);
  EXPECT_EQ(d.in(kThermometer, 520 + 200 * 200), 120);  // the thermometer's top
  d.out(kHeater, 2, 100000);                            // bit 0 clear: off
  EXPECT_EQ(d.in(kThermometer, 100000 + 20 + 1000), 119);
}

// Timers with nothing to do are skipped, not ticked: a thousand years of heating (with a step
// delay, a long run can mean that) takes no time and ends at the thermometer's 120 degrees; and
// a device still answers at its next tick after the gap.
TEST(Emu8086Thermometer, AVeryLongGapCostsNothingAndEndsRight) {
  Emu8086Devices d(1000);
  d.out(kHeater, 1, 0);
  const uint64_t thousandYears = 1000ull * 365 * 24 * 3600 * 1000;
  EXPECT_EQ(d.in(kThermometer, thousandYears), 120);
  d.out(kHeater, 0, thousandYears);
  EXPECT_EQ(d.in(kThermometer, thousandYears + 2000), 119);  // the next 20 ms poll, then a second
  d.out(kStepper, 0b110, thousandYears + 2000);
  EXPECT_EQ(d.in(kStepper, thousandYears + 2000) & 0x80, 0);
  EXPECT_EQ(d.in(kStepper, thousandYears + 2000 + 107) & 0x80, 0x80);
}

// The motor answers a new pattern by setting bit 7 at its next 107 ms poll; emu8086's clockwise
// half-step sequence 110 100 011 010 turns the needle 11.25 degrees a step.
TEST(Emu8086Stepper, TakesEachNewPatternAtItsPollAndTurnsByHalfSteps) {
  Emu8086Devices d(1000);
  EXPECT_EQ(d.in(kStepper, 0), 0x80);  // ready at the start
  const uint8_t clockwise[] = {0b110, 0b100, 0b011, 0b010};
  uint64_t t = 0;
  for (int step = 0; step < 32; ++step) {
    d.out(kStepper, clockwise[step % 4], t);
    EXPECT_EQ(d.in(kStepper, t) & 0x80, 0) << step;  // busy until the motor polls
    t = (t / 107 + 1) * 107;
    EXPECT_EQ(d.in(kStepper, t), 0x80 | clockwise[step % 4]) << step;
    if (step == 3) {
      EXPECT_DOUBLE_EQ(d.stepperAngle(), 45.0);
    }
  }
  EXPECT_DOUBLE_EQ(d.stepperAngle(), 0.0);  // 32 half steps: once round
  EXPECT_EQ(d.stepperSteps(), 32u);
  // Counter-clockwise (emu8086's 011 001 110 010) goes back.
  const uint8_t counter[] = {0b011, 0b001, 0b110, 0b010};
  for (uint8_t pattern : counter) {
    d.out(kStepper, pattern, t);
    t += 107;
  }
  d.in(kStepper, t);
  EXPECT_DOUBLE_EQ(d.stepperAngle(), 360 - 4 * 11.25);
}

// The robot (default map: at column 3, row 3, facing north) takes a command that differs from the
// last it took, at its 117 ms poll; a move keeps it busy 33 ms, a turn 250 ms.
class Emu8086Robot : public ::testing::Test {
protected:
  Emu8086Devices d{1000};
  uint64_t t = 0;
  // Writes the command, waits for the poll that takes it and until the robot is not busy, then
  // writes 0 (the robot ignores a command equal to the last) and waits until that is taken too.
  uint8_t command(uint8_t c) {
    d.out(kCommand, c, t);
    waitUntilTaken(c);
    while (d.in(kStatus, t) & 2) t += 1;
    const uint8_t status = d.in(kStatus, t);
    d.out(kCommand, 0, t);
    waitUntilTaken(0);
    return status;
  }
  void waitUntilTaken(uint8_t c) {
    do d.in(kStatus, ++t);
    while (d.robot().command != c);
  }
  uint8_t examine() {
    command(4);
    return d.in(kData, t);
  }
};

TEST_F(Emu8086Robot, MovesTurnsExaminesAndSwitchesLamps) {
  EXPECT_EQ(examine(), 0);             // (3,2) is empty
  EXPECT_EQ(d.in(kStatus, t) & 1, 1);  // data ready, and it stays set (frmRobot.frm never clears it)
  EXPECT_EQ(command(1) & 4, 0);
  EXPECT_EQ(d.robot().y, 2);
  command(2);  // left: west
  EXPECT_EQ(d.robot().heading, 180);
  command(1);
  command(1);
  EXPECT_EQ(d.robot().x, 1);
  EXPECT_EQ(examine(), 8);  // the lamp at (0,2), off
  EXPECT_EQ(command(5) & 4, 0);
  EXPECT_EQ(examine(), 7);       // now on
  EXPECT_EQ(command(5) & 4, 4);  // already on: an error
  EXPECT_EQ(command(1) & 4, 4);  // a lamp is in the way
  EXPECT_EQ(d.robot().x, 1);
  command(3);  // right: north
  command(1);  // (1,1) holds a lamp: refused
  EXPECT_EQ(d.robot().y, 2);
  command(3);  // east
  EXPECT_EQ(d.robot().heading, 0);
  EXPECT_EQ(d.robot().errors, 3u);
  EXPECT_EQ(command(9) & 4, 4);  // no such command
}

TEST_F(Emu8086Robot, SeesTheEdgeAsAWallAndIsRefusedACommandWhileBusy) {
  command(1), command(1), command(1);  // to (3,0)
  EXPECT_EQ(d.robot().y, 0);
  EXPECT_EQ(examine(), 255);
  EXPECT_EQ(command(1) & 4, 4);
  // A turn takes 250 ms; a command written meanwhile sets the error bit and is taken afterwards.
  d.out(kCommand, 3, t);
  waitUntilTaken(3);
  const uint64_t turnStart = t;
  d.out(kCommand, 4, t);
  t += 117;
  EXPECT_EQ(d.in(kStatus, t) & 6, 6);  // busy, and the error bit for the refused command
  waitUntilTaken(4);
  EXPECT_GE(t, turnStart + 250);
  EXPECT_EQ(d.in(kStatus, t) & 6, 0);  // taken: the error bit cleared
  EXPECT_EQ(d.in(kData, t), 0);        // (4,0), east of the robot, is empty
}

// A character written to port 130 is printed at the printer's next 200 ms poll, which writes 0
// back; 13 returns to the start of the line and 10 starts a new one.
TEST(Emu8086Printer, PrintsACharacterAPollAndAnswersZero) {
  Emu8086Devices d(1000);
  uint64_t t = 0;
  for (char c : std::string("Hello\r\nAB\rX")) {
    d.out(kPrinter, static_cast<uint8_t>(c), t);
    EXPECT_EQ(d.in(kPrinter, t), static_cast<uint8_t>(c));
    while (d.in(kPrinter, t) != 0) ++t;
    EXPECT_EQ(t % 200, 0u);
  }
  EXPECT_EQ(d.printerPaper(), "Hello\nXB");
}

// A port with no device holds what was written to it, as c:\emu8086.io does: the LED display's
// word at 199, or any other.
TEST(Emu8086Ports, APortHoldsTheByteLastWritten) {
  Emu8086Devices d(1000);
  EXPECT_EQ(d.in(1234, 0), 0);
  d.out(199, 0x39, 5);
  d.out(200, 0x30, 5);
  EXPECT_EQ(d.in(199, 6) | d.in(200, 6) << 8, 0x3039);
  EXPECT_EQ(std::string(Emu8086Devices::deviceAt(199)), "LED display");
  EXPECT_EQ(Emu8086Devices::deviceAt(1234), nullptr);
}

// A second write before the device's poll replaces the first, which the device never sees; the
// run says so once per device.
TEST(Emu8086Ports, AWriteBeforeTheDevicesPollLosesTheFirstAndSaysSo) {
  Emu8086Devices d(1000);
  d.out(kCommand, 4, 10);
  d.out(kCommand, 1, 11);  // the robot reads port 9 at 117 ms: examine is lost
  auto notes = d.takeNotes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("robot had not yet taken command 4"), std::string::npos) << notes[0];
  EXPECT_NE(notes[0].find("every 117 ms"), std::string::npos) << notes[0];
  d.out(kCommand, 2, 12);
  EXPECT_TRUE(d.takeNotes().empty());  // said once
  d.in(kStatus, 117);
  EXPECT_EQ(d.robot().command, 2);
  EXPECT_EQ(d.robot().turns, 1u);
  d.out(kPrinter, 'a', 200);
  d.out(kPrinter, 'b', 201);
  notes = d.takeNotes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("printer had not yet printed character 97"), std::string::npos) << notes[0];
  d.out(kStepper, 3, 300);  // the motor was ready (bit 7): nothing lost
  EXPECT_TRUE(d.takeNotes().empty());
}

// A controller that polls the keyboard (INT 16h AH=01h) between readings of its thermometer is at
// work, not stuck waiting for a key: it runs until its limit.
TEST(Emu8086Programs, PollingTheKeyboardBetweenDeviceReadingsIsNotIdle) {
  PcOptions options;
  options.emu8086Devices = true;
  options.haltEndsProgram = true;
  // again: mov ah,1 / int 16h / in al,125 / jmp again
  auto m = test::comMachine({0xB4, 0x01, 0xCD, 0x16, 0xE4, 0x7D, 0xEB, 0xF8}, "", options);
  EXPECT_EQ(test::runFor(*m, 40'000'000).reason, sim::StopReason::ClockLimit);  // 8 s of polling
  // mov ah,1 / int 16h / jmp -6: the same without the device stops as waiting for input at 5 s
  auto idle = test::comMachine({0xB4, 0x01, 0xCD, 0x16, 0xEB, 0xFA}, "", options);
  EXPECT_EQ(test::runFor(*idle, 40'000'000).reason, sim::StopReason::WaitingForInput);
}

// A program that heats to 30 degrees ends after 30 heater ticks of 200 ms of simulated time; on a
// PC (no emu8086 devices) port 125 reads FFh (-1) and it never ends.
TEST(Emu8086Programs, AThermostatReadsTheTemperatureOnTheSimulatedClock) {
  auto machine = test::loadSource("heat.asm",
                                  "; heats to 30 degrees (emu8086's thermometer)\n"
                                  "#make_COM#\n"
                                  "org 100h\n"
                                  "        mov al, 1\n"
                                  "        out 127, al\n"
                                  "warm:   in al, 125\n"
                                  "        cmp al, 30\n"
                                  "        jl warm\n"
                                  "        mov al, 0\n"
                                  "        out 127, al\n"
                                  "        hlt\n");
  ASSERT_TRUE(machine);
  sim::RunLimits limits;
  limits.maxClocks = 60'000'000;
  const auto stop = machine->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  const double seconds = static_cast<double>(machine->clockCount()) / 4772727.0;
  EXPECT_NEAR(seconds, 6.0, 0.01);

  // mov al,1 / out 127,al / in al,125 / cmp al,30 / jl -6 / hlt
  auto pc = test::comMachine({0xB0, 0x01, 0xE6, 0x7F, 0xE4, 0x7D, 0x3C, 0x1E, 0x7C, 0xFA, 0xF4});
  EXPECT_EQ(test::runFor(*pc, 60'000'000).reason, sim::StopReason::ClockLimit);
}

// A loop that writes its state on every pass leaves one entry per change in the port log, and the
// Devices pane still counts every write.
TEST(Emu8086Programs, APollingLoopLogsChangesAndCountsEveryWrite) {
  PcOptions options;
  options.emu8086Devices = true;
  options.haltEndsProgram = true;  // as for every emu8086 program
  // mov cx,1000 / mov al,1 / out 127,al / loop -4 / mov al,0 / out 127,al / hlt
  auto m = test::comMachine({0xB9, 0xE8, 0x03, 0xB0, 0x01, 0xE6, 0x7F, 0xE2, 0xFA, 0xB0, 0x00, 0xE6, 0x7F, 0xF4}, "",
                            options);
  EXPECT_EQ(test::runFor(*m).reason, sim::StopReason::Halted);
  ASSERT_EQ(m->portWrites().size(), 2u);
  EXPECT_EQ(m->portWrites()[0].value, 1);
  EXPECT_EQ(m->portWrites()[1].value, 0);
  const auto tables = m->deviceTables();
  const auto written = std::find_if(tables.begin(), tables.end(), [](const sim::DeviceTable& t) {
    return t.name == "Ports with no device (written)";
  });
  ASSERT_NE(written, tables.end());
  ASSERT_EQ(written->rows.size(), 1u);
  EXPECT_EQ(written->rows[0].back(), "1001");
}

// Step back and snapshots: the devices' state is part of the machine's.
TEST(Emu8086Programs, ASnapshotKeepsTheDevices) {
  PcOptions options;
  options.emu8086Devices = true;
  options.haltEndsProgram = true;  // as for every emu8086 program
  // mov al,1 / out 127,al / in al,125 / cmp al,10 / jl -6 / hlt
  auto m = test::comMachine({0xB0, 0x01, 0xE6, 0x7F, 0xE4, 0x7D, 0x3C, 0x0A, 0x7C, 0xFA, 0xF4}, "", options);
  EXPECT_EQ(test::runFor(*m, 5'000'000).reason, sim::StopReason::ClockLimit);
  const auto snapshot = m->saveSnapshot();
  const int at = m->emu8086Devices()->temperature();
  EXPECT_EQ(test::runFor(*m, 50'000'000).reason, sim::StopReason::Halted);
  const uint64_t clocks = m->clockCount();
  m->restoreSnapshot(*snapshot);
  EXPECT_EQ(m->emu8086Devices()->temperature(), at);
  EXPECT_EQ(test::runFor(*m, 50'000'000).reason, sim::StopReason::Halted);
  EXPECT_EQ(m->clockCount(), clocks);
}

}  // namespace
}  // namespace asmlab::x86::pc
