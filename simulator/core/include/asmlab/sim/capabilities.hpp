// Optional, architecture-neutral capabilities of a machine: a text screen, a graphics frame
// buffer, a speaker log, a pointing device and a scan-code keyboard. A machine that has a device
// inherits the matching interface next to `Machine` (the PC machine will; the LC-3 has none), and
// front ends (the grader, the debugger) discover it with `capability<T>(machine)`, so the Machine
// interface itself stays small and the LC-3 pays nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asmlab/sim/machine.hpp"

namespace asmlab::sim {

// One character cell of a text screen: the character in the machine's code page (code page 437
// on the PC) and its attribute byte (PC: bits 0-3 foreground, 4-6 background, 7 blink).
struct TextCell {
  uint8_t character = ' ';
  uint8_t attribute = 0x07;
};

// A character-cell display (PC text modes, read from video RAM as the adapter would show it).
class TextScreen {
public:
  virtual ~TextScreen() = default;
  // Whether a text mode is active now (a PC in a graphics mode has no text screen).
  virtual bool textModeActive() const = 0;
  virtual unsigned textRows() const = 0;
  virtual unsigned textColumns() const = 0;
  virtual TextCell textCell(unsigned row, unsigned column) const = 0;
};

// A pixel display as the monitor would show it (after palette lookup), 0xRRGGBB per pixel.
class FrameBuffer {
public:
  virtual ~FrameBuffer() = default;
  virtual unsigned frameWidth() const = 0;
  virtual unsigned frameHeight() const = 0;
  virtual uint32_t pixelRgb(unsigned x, unsigned y) const = 0;
  // The whole frame at once, row-major 0xRRGGBB, with what the device overlays (the PC's text
  // cursor and mouse pointer); by default pixel by pixel.
  virtual void copyFrame(std::vector<uint32_t>& pixels, unsigned& width, unsigned& height) const {
    width = frameWidth();
    height = frameHeight();
    pixels.resize(size_t{width} * height);
    for (unsigned y = 0; y < height; ++y)
      for (unsigned x = 0; x < width; ++x) pixels[size_t{y} * width + x] = pixelRgb(x, y);
  }
};

// A note the program played on a speaker: the time it started and how long it lasted, in the
// machine's clocks, and its frequency (0 for a click that was not a steady tone).
struct SpeakerNote {
  uint64_t startClock = 0;
  uint64_t durationClocks = 0;
  double frequencyHz = 0;
};

class SpeakerLog {
public:
  virtual ~SpeakerLog() = default;
  // Every note played since the program started (or since the log was cleared), in order. A note
  // still sounding is included with its duration so far.
  virtual std::vector<SpeakerNote> speakerNotes() const = 0;
  virtual uint64_t clocksPerSecond() const = 0;
};

// A byte written to an I/O port that no device of the machine decodes (on the PC: emu8086's
// virtual devices, traffic lights at port 4 and the like), with the clock it was written at.
struct PortWrite {
  uint64_t clock = 0;
  uint16_t port = 0;
  uint8_t value = 0;
  uint64_t instruction = 0;  // Machine::instructionCount() then: a word OUT's two bytes share it
};

// What a program sent to hardware the machine does not have, in order: a test watches it there.
// A write of the value a port already holds from the program changes nothing a device shows, so
// it is counted but not kept again: a program that polls a device and writes its state on every
// pass keeps one entry per change, not one per pass.
class PortLog {
public:
  virtual ~PortLog() = default;
  virtual const std::vector<PortWrite>& portWrites() const = 0;
};

// Mouse events as a mouse driver would report them (PC: INT 33h coordinates, in pixels of the
// virtual screen; buttons bit 0 left, bit 1 right, bit 2 middle).
struct MouseEvent {
  int x = 0;
  int y = 0;
  unsigned buttons = 0;
};

// The pointer as the mouse driver shows it (PC: the INT 33h cursor, visible after function 01h),
// in the same virtual-screen coordinates as MouseEvent.
struct PointerState {
  bool visible = false;
  int x = 0;
  int y = 0;
};

class PointerInput {
public:
  virtual ~PointerInput() = default;
  // Moves the pointer and sets the buttons; the driver sees it as a hardware event now.
  virtual void pushMouseEvent(const MouseEvent& event) = 0;
  // The same, seen when the machine's clock reaches `clock` (at once if it already has): a
  // debugger pacing the machine in real time stamps each press and release with the simulated
  // moment it happened, so a click lasts as long as the button was held.
  virtual void pushMouseEventAt(const MouseEvent& event, uint64_t clock) {
    (void)clock;
    pushMouseEvent(event);
  }
  // Where the driver's cursor is and whether the program shows it (hidden when the machine has
  // no driver that draws one).
  virtual PointerState pointerState() const { return {}; }
};

// A machine whose clock stands for real time: its nominal frequency (PC: 4.77 MHz), so that a
// front end can run it at the speed of the real machine (the debugger's real-time pacing).
class ClockRate {
public:
  virtual ~ClockRate() = default;
  virtual uint64_t clocksPerSecond() const = 0;
};

// Keys that have no ASCII code (arrows, function keys), by scan code, as the keyboard would send
// them (PC: the BIOS buffer receives scan code and ASCII 0).
class ScanCodeKeyboard {
public:
  virtual ~ScanCodeKeyboard() = default;
  virtual void pushKey(uint8_t scanCode, uint8_t ascii) = 0;
};

// The capability T of a machine, or nullptr when the machine has no such device.
template <class T>
T* capability(Machine& machine) {
  return dynamic_cast<T*>(&machine);
}
template <class T>
const T* capability(const Machine& machine) {
  return dynamic_cast<const T*>(&machine);
}

}  // namespace asmlab::sim
