// emu8086's virtual devices (the programs in its DEVICES folder; docs/emu8086.md, "Devices").
// emu8086 keeps the whole I/O space in a file of 65,536 bytes, port N at byte N (c:\emu8086.io),
// which the program and the device programs both read and write: IN gives the byte last written
// there by either, OUT stores one. Each device polls its ports on a timer. Here those timers run
// on the simulated clock, so what a program reads depends on its own instructions, never on the
// host's speed. Ports the PC's own devices decode (PIC, PIT, PPI, video) stay theirs.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "asmlab/sim/device_inspector.hpp"

namespace asmlab::x86::pc {

class Emu8086Devices {
public:
  explicit Emu8086Devices(uint64_t clocksPerSecond);

  // The devices' timers run up to `now` (CPU clocks since power-on) before the byte is read or
  // written, as each would have polled by then.
  uint8_t in(uint16_t port, uint64_t now);
  void out(uint16_t port, uint8_t value, uint64_t now);
  uint8_t peek(uint16_t port) const { return io_[port]; }
  // What the devices have to say since the last call (a command lost to a second write...).
  std::vector<std::string> takeNotes();

  // The device emu8086 has at `port` ("thermometer"), or null for a port that is only a byte.
  static const char* deviceAt(uint16_t port);
  // Each device's state at `now` for the debugger's Devices pane (no side effects).
  std::vector<sim::DeviceTable> tables(uint64_t now) const;

  // The robot's world: 9 columns by 6 rows (frmRobot.frm), cell codes as in robot_map.dat.
  static constexpr int kMapColumns = 9, kMapRows = 6;
  enum Cell : uint8_t { Empty = 0, Wall = 7, LampOn = 10, LampOff = 11 };
  struct Robot {
    std::array<uint8_t, kMapColumns * kMapRows> map{};
    int x = 3, y = 3, heading = 90;   // degrees: 0 east, 90 north, 180 west, 270 south
    uint8_t command = 0, status = 0;  // the last command taken; status bits: 0 data, 1 busy, 2 error
    uint64_t busyUntil = UINT64_MAX;  // when a move or a turn ends
    uint64_t nextPoll = 0;
    unsigned moves = 0, turns = 0, lampsSwitched = 0, errors = 0;
  };
  const Robot& robot() const { return robot_; }
  int temperature() const { return temperature_; }
  double stepperAngle() const { return stepperDot_ * 11.25; }  // degrees: 32 half steps a turn
  unsigned stepperSteps() const { return stepperSteps_; }
  const std::string& printerPaper() const { return paper_; }

private:
  uint64_t ms(unsigned milliseconds) const { return clocksPerSecond_ * milliseconds / 1000; }
  void advanceTo(uint64_t now);
  void skipIdleTimers(uint64_t now);
  void pollThermometer(uint64_t t);
  void thermometerTimer();
  void pollStepper();
  void pollRobot(uint64_t t);
  void robotCommand(uint64_t t);
  void robotStatus(uint8_t set, uint8_t clear);
  int frontX() const;
  int frontY() const;
  uint8_t* frontCell();
  void pollPrinter();
  void noteOverwrite(uint16_t port, uint8_t value);

  uint64_t clocksPerSecond_;
  uint64_t advancedTo_ = 0;
  std::array<uint8_t, 0x10000> io_{};  // c:\emu8086.io

  // Thermometer and heater, ports 125 and 127 (frmThermometer.frm).
  int temperature_ = 0, airTemperature_ = 0;
  bool flame_ = true;  // lit at the device's start; its 20 ms poll of port 127 then decides
  uint64_t thermometerPoll_ = 0, thermometerTick_ = 0;

  // Stepper motor, port 7 (frmStepperMotor.frm): rotor position 0-3, needle at 32 half steps.
  int stepperPosition_ = 0, stepperDot_ = 0;
  uint8_t stepperSeen_ = 0x80;
  uint64_t stepperPoll_ = 0;
  unsigned stepperSteps_ = 0;

  Robot robot_;

  // Printer, port 130 (frmPrinter.frm): one character per poll, then 0 written back.
  std::string paper_;
  size_t paperLineStart_ = 0, paperColumn_ = 0;
  uint64_t printerPoll_ = 0;
  unsigned bells_ = 0;

  std::array<bool, 3> overwriteNoted_{};  // robot, stepper motor, printer
  std::vector<std::string> notes_;
};

}  // namespace asmlab::x86::pc
