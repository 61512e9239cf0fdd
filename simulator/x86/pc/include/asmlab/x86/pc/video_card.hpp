// The interface between the PC machine (memory map, bus, clocks, BIOS call gate) and the video
// adapter (VGA registers and memory, rendering, INT 10h). The machine owns one VideoCard and routes
// to it: memory A0000h-BFFFFh, ports 3B0h-3DFh, INT 10h, and the text-screen / frame-buffer
// capabilities the grader and the debugger read. Everything time-dependent (the 3DAh retrace and
// display-enable bits, the cursor blink) is derived from the machine clock given by `ClockSource`,
// never from the host clock.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "asmlab/sim/capabilities.hpp"

namespace asmlab::x86 {
class Cpu;
class Bus;
}  // namespace asmlab::x86

namespace asmlab::x86::pc {

// The machine's clock as devices see it: CPU clocks since power-on (4.77 MHz on the PC/XT
// configuration; `clocksPerSecond()` says which rate).
class ClockSource {
public:
  virtual ~ClockSource() = default;
  virtual uint64_t now() const = 0;
  virtual uint64_t clocksPerSecond() const = 0;
};

// The mouse cursor as the INT 33h driver keeps it. Coordinates are the driver's virtual-screen
// pixels (640 wide; the adapter divides x by 2 in 320-pixel modes). In graphics modes the adapter
// draws it as an overlay of the rendered frame (video memory is not changed). In text modes the
// driver itself draws the cursor in video memory, as the Microsoft driver does (the cell's
// attribute ANDed with the screen mask and XORed with the cursor mask), so the adapter draws
// nothing there: the cursor appears exactly once in every view of the screen.
struct PointerCursor {
  bool visible = false;
  int x = 0;
  int y = 0;
};

class VideoCard : public sim::TextScreen, public sim::FrameBuffer {
public:
  static constexpr uint32_t kMemoryBase = 0xA0000;  // the adapter decodes A0000h-BFFFFh
  static constexpr uint32_t kMemoryEnd = 0xC0000;
  static constexpr uint16_t kFirstPort = 0x3B0;     // and ports 3B0h-3DFh
  static constexpr uint16_t kLastPort = 0x3DF;

  ~VideoCard() override = default;

  // Power-on: mode 03h (80x25 colour text), default DAC palette, and the BIOS data area fields the
  // video BIOS owns (0040:0049 mode, 004A columns, 004C page size, 004E page offset, 0050 cursor
  // positions, 0060 cursor shape, 0062 active page, 0063 CRTC base port, 0084 rows-1) written
  // through `bus`.
  virtual void powerOn(Bus& bus, const ClockSource& clock) = 0;

  // CPU memory accesses in [kMemoryBase, kMemoryEnd) (physical addresses). Reads may have side
  // effects (VGA latches); peek must not.
  virtual uint8_t readMemory(uint32_t address) = 0;
  virtual void writeMemory(uint32_t address, uint8_t value) = 0;
  virtual uint8_t peekMemory(uint32_t address) const = 0;

  // Port accesses in [kFirstPort, kLastPort]. Reading 3DAh resets the attribute-controller
  // flip-flop; peekPort must not.
  virtual uint8_t inPort(uint16_t port) = 0;
  virtual void outPort(uint16_t port, uint8_t value) = 0;
  virtual uint8_t peekPort(uint16_t port) const = 0;

  // The adapter's ROM, mapped read-only at C0000h (the VGA BIOS with its fonts); empty for none.
  virtual const std::vector<uint8_t>& romImage() const {
    static const std::vector<uint8_t> none;
    return none;
  }

  // Extra CPU clocks for one bus cycle to video memory (0 = none); the machine adds them per
  // access when the adapter asks for them.
  virtual unsigned memoryWaitStates() const { return 0; }

  // The INT 10h video BIOS: called by the machine's BIOS call gate with the CPU stopped at the
  // service entry; reads and writes the caller's registers through `cpu` (and memory, e.g. ES:BP
  // for function 13h, through cpu.bus()). The machine returns to the caller with IRET afterwards,
  // so the caller's flags are restored; no INT 10h function used by course programs returns flags.
  virtual void int10(Cpu& cpu) = 0;

  // Teletype output of one character on the active page (INT 10h AH=0Eh semantics: BEL, BS, CR,
  // LF handled; scrolls at the bottom), used by DOS console output (INT 21h 02h/09h/...). BEL
  // returns true so the machine can sound the speaker's beep.
  virtual bool teletype(Bus& bus, uint8_t character) = 0;

  // Called when a program writes BEL through INT 10h (functions 0Eh and 13h), so the machine can
  // sound the speaker's beep (teletype() reports BEL by its result instead).
  virtual void setBellHook(std::function<void()> /*hook*/) {}

  virtual void setPointerCursor(const PointerCursor& cursor) = 0;

  // Current display mode number (BIOS numbering: 03h, 13h, ...; Mode X reports 13h's successor
  // state as the adapter sees fit) and the size of the mouse driver's virtual screen for it.
  virtual uint8_t mode() const = 0;
  virtual bool graphicsMode() const = 0;

  // Whole-frame rendering for screenshots and the debugger: width x height pixels, 0xRRGGBB, text
  // modes drawn with the code page 437 font (the cursor drawn when `withCursor`).
  virtual void render(std::vector<uint32_t>& pixels, unsigned& width, unsigned& height, bool withCursor = false) const = 0;
  // Writes the current frame as a PNG; false with `error` set when the file cannot be written.
  virtual bool writePng(const std::string& path, std::string& error) const = 0;
  // The text screen as plain text (CP437 characters mapped to UTF-8), one line per row, trailing
  // blanks trimmed; empty in graphics modes.
  virtual std::string dumpText() const = 0;

  // Saving and restoring the adapter's whole state, for machine snapshots.
  virtual std::vector<uint8_t> saveState() const = 0;
  virtual void restoreState(const std::vector<uint8_t>& state) = 0;

  // sim::TextScreen (textModeActive, textRows, textColumns, textCell) and sim::FrameBuffer
  // (frameWidth, frameHeight, pixelRgb) are implemented by the adapter too.
};

}  // namespace asmlab::x86::pc
