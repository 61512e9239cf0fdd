// emu8086's virtual devices on the simulated clock. Each device's ports, timers and rules are those
// of its program in emu8086's DEVICES folder (the file each comment names); docs/emu8086.md lists
// them with the few choices made where emu8086's devices depend on the host.
#include "asmlab/x86/pc/emu8086_devices.hpp"

#include <algorithm>
#include <cstdio>

namespace asmlab::x86::pc {
namespace {

// Ports (decimal, as emu8086's help and programs write them).
constexpr uint16_t kTrafficLights = 4, kStepper = 7, kRobotCommand = 9, kRobotData = 10, kRobotStatus = 11;
constexpr uint16_t kSimpleByte = 110, kSimpleWord = 112, kThermometer = 125, kHeater = 127, kPrinter = 130;
constexpr uint16_t kLedDisplay = 199;

// Each device program's timer intervals, in milliseconds.
constexpr unsigned kHeaterPollMs = 20, kHeatingMs = 200, kCoolingMs = 1000;  // frmThermometer.frm
constexpr unsigned kStepperPollMs = 107;                                     // frmStepperMotor.frm
constexpr unsigned kRobotPollMs = 117, kRobotTurnMs = 250;                   // frmRobot.frm
constexpr unsigned kRobotMoveMs = 33;     // 32 one-pixel steps of a 1 ms timer, then the stop
constexpr unsigned kPrinterPollMs = 200;  // frmPrinter.frm

// The thermometer's range (frmThermometer.frm): a temperature outside it is never set.
constexpr int kLowestTemperature = -65, kHighestTemperature = 120;

// frmStepperMotor.frm: the magnets' pattern (bits 2-0) moves the rotor from each of its four
// positions to a new one and the needle by a number of half steps; 0 = no move.
struct RotorMove {
  int8_t position, halfSteps;
};
constexpr RotorMove kStay{-1, 0};
constexpr RotorMove kRotor[8][4] = {
    /* 000 */ {kStay, kStay, kStay, kStay},
    /* 001 */ {{1, +2}, kStay, {1, +1}, {1, -1}},
    /* 010 */ {kStay, kStay, {0, -1}, {0, +1}},
    /* 011 */ {{3, -1}, {3, +1}, {3, -2}, kStay},
    /* 100 */ {{1, -2}, kStay, {1, +1}, {1, -1}},
    /* 101 */ {kStay, kStay, {1, +1}, {1, -1}},
    /* 110 */ {{2, +1}, {2, -1}, kStay, {2, +2}},
    /* 111 */ {kStay, kStay, {0, -1}, {0, +1}},
};
constexpr int kNeedlePositions = 32;

// frmRobot.frm: the robot's commands and status bits; what EXAMINE reports.
enum RobotCommand : uint8_t { Nothing, Move, TurnLeft, TurnRight, Examine, SwitchOn, SwitchOff };
constexpr uint8_t kDataReady = 1, kBusy = 2, kError = 4;
constexpr uint8_t kSeesNothing = 0, kSeesWall = 255, kSeesLampOn = 7, kSeesLampOff = 8;

// The robot's world when robot_map.dat is absent (frmRobot.frm's default map): the robot at
// (3,3) facing north, four lamps off, three walls.
std::array<uint8_t, Emu8086Devices::kMapColumns * Emu8086Devices::kMapRows> defaultMap() {
  std::array<uint8_t, Emu8086Devices::kMapColumns * Emu8086Devices::kMapRows> map{};
  auto at = [&](int x, int y) -> uint8_t& { return map[static_cast<size_t>(y * Emu8086Devices::kMapColumns + x)]; };
  for (auto [x, y] : {std::pair{7, 0}, {1, 1}, {0, 2}, {7, 4}}) at(x, y) = Emu8086Devices::LampOff;
  for (auto [x, y] : {std::pair{4, 1}, {8, 1}, {2, 4}}) at(x, y) = Emu8086Devices::Wall;
  return map;
}

std::string bits8(uint8_t v) {
  std::string s;
  for (int i = 7; i >= 0; --i) s += (v >> i) & 1 ? '1' : '0';
  return s;
}

}  // namespace

Emu8086Devices::Emu8086Devices(uint64_t clocksPerSecond) : clocksPerSecond_(clocksPerSecond) {
  // What each device writes when it starts: the thermometer its temperature (the air's), the
  // motor its ready bit, the robot a clear status.
  io_[kThermometer] = 0;
  io_[kStepper] = 0x80;
  io_[kRobotStatus] = 0;
  thermometerPoll_ = ms(kHeaterPollMs);
  thermometerTick_ = ms(kHeatingMs);
  stepperPoll_ = ms(kStepperPollMs);
  robot_.map = defaultMap();
  robot_.nextPoll = ms(kRobotPollMs);
  printerPoll_ = ms(kPrinterPollMs);
}

const char* Emu8086Devices::deviceAt(uint16_t port) {
  switch (port) {
    case kTrafficLights:
    case kTrafficLights + 1:
      return "traffic lights";
    case kStepper:
      return "stepper motor";
    case kRobotCommand:
    case kRobotData:
    case kRobotStatus:
      return "robot";
    case kSimpleByte:
    case kSimpleWord:
    case kSimpleWord + 1:
      return "simple i/o device";
    case kThermometer:
    case kHeater:
      return "thermometer";
    case kPrinter:
      return "printer";
    case kLedDisplay:
    case kLedDisplay + 1:
      return "LED display";
    default:
      return nullptr;
  }
}

uint8_t Emu8086Devices::in(uint16_t port, uint64_t now) {
  advanceTo(now);
  return io_[port];
}

void Emu8086Devices::out(uint16_t port, uint8_t value, uint64_t now) {
  advanceTo(now);
  noteOverwrite(port, value);
  io_[port] = value;
}

// A device sees only what is in its port when it polls, so a second write before that poll
// replaces the first unseen: a command, a pattern or a character is lost. Said once per device,
// since the program's timing, not the device, is at fault.
void Emu8086Devices::noteOverwrite(uint16_t port, uint8_t value) {
  const uint8_t old = io_[port];
  if (old == value) return;
  const char* what = nullptr;
  unsigned pollMs = 0;
  if (port == kRobotCommand && old != robot_.command) {
    what = "the robot had not yet taken command ";
    pollMs = kRobotPollMs;
  } else if (port == kStepper && !(old & 0x80)) {
    what = "the stepper motor had not yet seen pattern ";
    pollMs = kStepperPollMs;
  } else if (port == kPrinter && old != 0) {
    what = "the printer had not yet printed character ";
    pollMs = kPrinterPollMs;
  }
  if (what == nullptr || overwriteNoted_[port == kRobotCommand ? 0 : port == kStepper ? 1 : 2]) return;
  overwriteNoted_[port == kRobotCommand ? 0 : port == kStepper ? 1 : 2] = true;
  notes_.push_back("OUT " + std::to_string(port) + " wrote " + std::to_string(value) + " where " + what +
                   std::to_string(old) + ", which is lost: the device reads port " + std::to_string(port) + " every " +
                   std::to_string(pollMs) +
                   " ms of simulated time. A program must wait for the device between two writes; "
                   "emu8086 run at its slower speeds executes few instructions between two reads, "
                   "as --emu8086-step-delay MS (build.emu8086_step_delay) does here (docs/emu8086.md, "
                   "\"Devices\")");
}

std::vector<std::string> Emu8086Devices::takeNotes() {
  std::vector<std::string> taken;
  taken.swap(notes_);
  return taken;
}

// Runs every device timer due by `now`, earliest first (a tie in the order below).
void Emu8086Devices::advanceTo(uint64_t now) {
  if (now < advancedTo_) return;
  advancedTo_ = now;
  for (;;) {
    skipIdleTimers(now);
    const uint64_t next =
        std::min({thermometerPoll_, thermometerTick_, stepperPoll_, robot_.busyUntil, robot_.nextPoll, printerPoll_});
    if (next > now) return;
    if (next == thermometerPoll_) {
      pollThermometer(next);
      thermometerPoll_ += ms(kHeaterPollMs);
    } else if (next == thermometerTick_) {
      thermometerTimer();
      thermometerTick_ += ms(flame_ ? kHeatingMs : kCoolingMs);
    } else if (next == stepperPoll_) {
      pollStepper();
      stepperPoll_ += ms(kStepperPollMs);
    } else if (next == robot_.busyUntil) {
      // A turn ends facing the new way (the second 45 degrees); a move has arrived.
      if (robot_.command == TurnLeft) robot_.heading = (robot_.heading + 90) % 360;
      if (robot_.command == TurnRight) robot_.heading = (robot_.heading + 270) % 360;
      robot_.busyUntil = UINT64_MAX;
      robotStatus(0, kBusy);
    } else if (next == robot_.nextPoll) {
      pollRobot(next);
      robot_.nextPoll += ms(kRobotPollMs);
    } else {
      pollPrinter();
      printerPoll_ += ms(kPrinterPollMs);
    }
  }
}

// A timer whose tick would change nothing goes on changing nothing until `now`: what it looks at
// changes only by the program's writes (none before `now`) or by the same device's timers, idle
// too. It moves on to its first tick after `now` at once, so that an hour of simulated time (or a
// long step delay) costs no more than a second.
void Emu8086Devices::skipIdleTimers(uint64_t now) {
  auto skip = [now](uint64_t& next, uint64_t period) {
    if (next <= now && period > 0) next += ((now - next) / period + 1) * period;
  };
  const bool heaterSeen = (io_[kHeater] & 1) == flame_;
  if (heaterSeen) skip(thermometerPoll_, ms(kHeaterPollMs));
  const bool settled = flame_ ? temperature_ >= kHighestTemperature : temperature_ == airTemperature_;
  if (heaterSeen && settled) skip(thermometerTick_, ms(flame_ ? kHeatingMs : kCoolingMs));
  if (io_[kStepper] == stepperSeen_) skip(stepperPoll_, ms(kStepperPollMs));
  if (io_[kRobotCommand] == robot_.command) skip(robot_.nextPoll, ms(kRobotPollMs));
  if (io_[kPrinter] == 0) skip(printerPoll_, ms(kPrinterPollMs));
}

// ---- thermometer and heater (ports 125, 127) ----------------------------------------------------

// The heater burns while bit 0 of port 127 is set. Switching it changes the temperature timer's
// interval, which restarts that timer (a VB timer restarts when its Interval changes).
void Emu8086Devices::pollThermometer(uint64_t t) {
  const bool lit = io_[kHeater] & 1;
  if (lit == flame_) return;
  flame_ = lit;
  thermometerTick_ = t + ms(flame_ ? kHeatingMs : kCoolingMs);
}

// One degree up per tick while heating; otherwise one degree towards the air's temperature.
void Emu8086Devices::thermometerTimer() {
  int next = temperature_;
  if (flame_)
    ++next;
  else if (temperature_ != airTemperature_)
    next += temperature_ < airTemperature_ ? 1 : -1;
  if (next == temperature_ || next < kLowestTemperature || next > kHighestTemperature) return;
  temperature_ = next;
  io_[kThermometer] = static_cast<uint8_t>(temperature_);  // a signed byte
}

// ---- stepper motor (port 7) ---------------------------------------------------------------------

// A byte that differs from the one the motor last saw moves the rotor (bits 2-0 are the three
// magnets), and the motor answers ready: it writes the byte back with bit 7 set.
void Emu8086Devices::pollStepper() {
  const uint8_t seen = io_[kStepper];
  if (seen == stepperSeen_) return;
  const RotorMove move = kRotor[seen & 7][stepperPosition_];
  if (move.position >= 0) {
    stepperPosition_ = move.position;
    stepperDot_ = ((stepperDot_ + move.halfSteps) % kNeedlePositions + kNeedlePositions) % kNeedlePositions;
    ++stepperSteps_;
  }
  stepperSeen_ = static_cast<uint8_t>(seen | 0x80);
  io_[kStepper] = stepperSeen_;
}

// ---- robot (ports 9, 10, 11) --------------------------------------------------------------------

void Emu8086Devices::robotStatus(uint8_t set, uint8_t clear) {
  robot_.status = static_cast<uint8_t>((robot_.status | set) & ~clear);
  io_[kRobotStatus] = robot_.status;  // the device rewrites port 11 on every change
}

int Emu8086Devices::frontX() const { return robot_.x + (robot_.heading == 0 ? 1 : robot_.heading == 180 ? -1 : 0); }
int Emu8086Devices::frontY() const { return robot_.y + (robot_.heading == 90 ? -1 : robot_.heading == 270 ? 1 : 0); }
uint8_t* Emu8086Devices::frontCell() {
  const int x = frontX(), y = frontY();
  if (x < 0 || y < 0 || x >= kMapColumns || y >= kMapRows) return nullptr;  // the edge of the world
  return &robot_.map[static_cast<size_t>(y * kMapColumns + x)];
}

// The robot takes a command byte that differs from the last one it took; so a program writes 0
// between two equal commands. One that comes while it is busy is refused with the error bit, and
// taken at a later poll if it is still there.
void Emu8086Devices::pollRobot(uint64_t t) {
  const uint8_t command = io_[kRobotCommand];
  if (command == robot_.command) return;
  if (robot_.status & kBusy) {
    robotStatus(kError, 0);
    return;
  }
  robot_.command = command;
  robotCommand(t);
}

void Emu8086Devices::robotCommand(uint64_t t) {
  robotStatus(kBusy, kError);
  uint8_t* front = frontCell();
  auto fail = [&] {
    ++robot_.errors;
    robotStatus(kError, kBusy);
  };
  switch (robot_.command) {
    case Nothing:
      robotStatus(0, kBusy);
      return;
    case Move:
      if (front == nullptr || *front != Empty) return fail();  // a wall, a lamp or the edge
      robot_.x = frontX();
      robot_.y = frontY();
      ++robot_.moves;
      robot_.busyUntil = t + ms(kRobotMoveMs);
      return;
    case TurnLeft:
    case TurnRight:
      ++robot_.turns;
      robot_.busyUntil = t + ms(kRobotTurnMs);
      return;
    case Examine: {
      uint8_t seen = kSeesNothing;
      if (front == nullptr || *front == Wall)
        seen = kSeesWall;
      else if (*front == LampOn)
        seen = kSeesLampOn;
      else if (*front == LampOff)
        seen = kSeesLampOff;
      io_[kRobotData] = seen;
      robotStatus(kDataReady, kBusy);  // the data bit is never cleared again
      return;
    }
    case SwitchOn:
    case SwitchOff: {
      const uint8_t from = robot_.command == SwitchOn ? LampOff : LampOn;
      if (front == nullptr || *front != from) return fail();
      *front = robot_.command == SwitchOn ? LampOn : LampOff;
      ++robot_.lampsSwitched;
      robotStatus(0, kBusy);
      return;
    }
    default:
      return fail();  // no such command
  }
}

// ---- printer (port 130) -------------------------------------------------------------------------

// One character per poll; the printer then writes 0 back, which the program waits for. 13 returns
// the head to the start of the line, 10 starts a new line, 9 feeds four lines, 12 starts a new
// page and 7 rings the bell; any other byte is printed.
void Emu8086Devices::pollPrinter() {
  const uint8_t c = io_[kPrinter];
  if (c == 0) return;
  io_[kPrinter] = 0;
  auto newLine = [&] {
    paper_ += '\n';
    paperLineStart_ = paper_.size();
    paperColumn_ = 0;
  };
  switch (c) {
    case 7:
      ++bells_;
      break;
    case 9:
      for (int i = 0; i < 4; ++i) newLine();
      break;
    case 10:
      newLine();
      break;
    case 12:
      paper_.clear(), paperLineStart_ = 0, paperColumn_ = 0;
      break;
    case 13:
      paperColumn_ = 0;
      break;
    default:
      // Printing over a character already on the line (after a 13) replaces it.
      if (paperLineStart_ + paperColumn_ < paper_.size())
        paper_[paperLineStart_ + paperColumn_] = static_cast<char>(c);
      else
        paper_ += static_cast<char>(c);
      ++paperColumn_;
  }
}

// ---- the Devices pane ---------------------------------------------------------------------------

std::vector<sim::DeviceTable> Emu8086Devices::tables(uint64_t now) const {
  Emu8086Devices at = *this;
  at.advanceTo(now);
  std::vector<sim::DeviceTable> tables;
  auto word = [&](uint16_t port) { return static_cast<int16_t>(at.io_[port] | (at.io_[port + 1] << 8)); };

  tables.push_back({"emu8086 thermometer (ports 125, 127)",
                    {"temperature", "heater (port 127 bit 0)", "air"},
                    {{std::to_string(at.temperature_) + " C", at.flame_ ? "on" : "off",
                      std::to_string(at.airTemperature_) + " C"}}});
  char angle[32];
  std::snprintf(angle, sizeof angle, "%.2f", at.stepperDot_ * 11.25);
  tables.push_back(
      {"emu8086 stepper motor (port 7)",
       {"port 7", "rotor position", "needle (degrees)", "steps"},
       {{bits8(at.io_[kStepper]), std::to_string(at.stepperPosition_), angle, std::to_string(at.stepperSteps_)}}});

  const Robot& r = at.robot_;
  sim::DeviceTable robot{"emu8086 robot (ports 9-11)",
                         {"x", "y", "heading", "status (data busy error)", "moves", "turns", "lamps", "errors"},
                         {}};
  robot.rows.push_back({std::to_string(r.x), std::to_string(r.y), std::to_string(r.heading), bits8(r.status),
                        std::to_string(r.moves), std::to_string(r.turns), std::to_string(r.lampsSwitched),
                        std::to_string(r.errors)});
  tables.push_back(std::move(robot));
  sim::DeviceTable map{"emu8086 robot's map (# wall, * lamp on, o lamp off)", {"row", "cells"}, {}};
  for (int y = 0; y < kMapRows; ++y) {
    std::string line;
    for (int x = 0; x < kMapColumns; ++x) {
      const uint8_t cell = r.map[static_cast<size_t>(y * kMapColumns + x)];
      char c = cell == Wall ? '#' : cell == LampOn ? '*' : cell == LampOff ? 'o' : '.';
      if (x == r.x && y == r.y) c = r.heading == 0 ? '>' : r.heading == 90 ? '^' : r.heading == 180 ? '<' : 'v';
      line += c;
    }
    map.rows.push_back({std::to_string(y), line});
  }
  tables.push_back(std::move(map));

  sim::DeviceTable printer{"emu8086 printer (port 130)", {"line", "text"}, {}};
  size_t start = 0, line = 1;
  while (start <= at.paper_.size() && !at.paper_.empty()) {
    const size_t end = std::min(at.paper_.find('\n', start), at.paper_.size());
    printer.rows.push_back({std::to_string(line++), at.paper_.substr(start, end - start)});
    start = end + 1;
  }
  tables.push_back(std::move(printer));

  // Traffic lights (frmTrafficLights.frm): bits 0-11 of the word at port 4, red yellow green for
  // the four roads in turn.
  const auto lights = static_cast<uint16_t>(word(kTrafficLights));
  sim::DeviceTable traffic{"emu8086 traffic lights (port 4)", {"light", "red", "yellow", "green"}, {}};
  static const char* roads[] = {"1 (bits 0-2)", "2 (bits 3-5)", "3 (bits 6-8)", "4 (bits 9-11)"};
  for (unsigned i = 0; i < 4; ++i)
    traffic.rows.push_back({roads[i], lights >> (3 * i) & 1 ? "on" : "-", lights >> (3 * i + 1) & 1 ? "on" : "-",
                            lights >> (3 * i + 2) & 1 ? "on" : "-"});
  tables.push_back(std::move(traffic));
  tables.push_back({"emu8086 LED display (port 199)", {"value"}, {{std::to_string(word(kLedDisplay))}}});
  return tables;
}

}  // namespace asmlab::x86::pc
