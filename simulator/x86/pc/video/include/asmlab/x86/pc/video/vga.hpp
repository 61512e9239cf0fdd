// The IBM VGA at register level: 256 KiB of display memory in four 64 KiB planes, the sequencer,
// graphics controller (latches, write modes 0-3, read modes 0-1, bit mask, set/reset, rotate and
// logical operation), CRT controller, attribute controller, the DAC and the status registers.
// IBM VGA Technical Reference (Personal System/2 Hardware Interface Technical Reference, "Video
// Graphics Array"), register chapters. Timing (3DAh) is derived from the CRTC totals, the dot
// clock selected by the miscellaneous output register and the machine's clock, never the host's.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace asmlab::x86::pc::video {

struct Rgb6 {
  uint8_t r = 0, g = 0, b = 0;  // 0-63 each, as the DAC holds them
};

// What the CRTC and the other registers make of the display, for rendering and the debugger.
struct DisplayGeometry {
  // Cga4: the graphics controller's shift register interleave (CGA 320x200 in four colours):
  // two bits a pixel, four pixels from plane 0 then four from plane 1 at each address.
  enum class Kind : uint8_t { Text, Planar16, Packed256, Cga4 } kind = Kind::Text;
  unsigned width = 0, height = 0;  // pixels of the rendered frame
  unsigned columns = 0, rows = 0;  // text cells (text) or memory units per line (graphics)
  unsigned charWidth = 9, charHeight = 16;  // text: on-screen cell size in rendered pixels
  unsigned dotRepeat = 1;          // text: 2 when the sequencer halves the dot clock (40 columns)
  unsigned startAddress = 0;       // CRTC 0Ch/0Dh
  unsigned rowPitch = 0;           // address-counter units from one row to the next (offset * 2)
  unsigned addressShift = 0;       // 0 byte mode, 1 word mode, 2 doubleword mode
  unsigned scanlinesPerRow = 1;    // graphics: scanlines per pixel row (max scan line + double scan)
  unsigned maxScan = 1;            // CRTC 09h: scanlines of a character row
  bool cgaBanks = false;           // CRTC 17h bit 0 clear: row scan bit 0 replaces address bit 13

  // The plane offset of memory unit `unit` (a character clock) of pixel row `y`: the address
  // counter (start + character row * offset) shifted for word or doubleword mode. With CGA banks
  // a character row is `maxScan` pixel rows, and row scan bit 0 is address bit 13, so even rows
  // come from the first 8 KiB and odd rows from the second, as on the CGA.
  unsigned address(unsigned y, unsigned unit) const {
    if (!cgaBanks) return ((startAddress + y * rowPitch + unit) << addressShift) & 0xFFFF;
    const unsigned a = ((startAddress + (y / maxScan) * rowPitch + unit) << addressShift) & 0xFFFF;
    return (a & ~0x2000u) | (((y % maxScan) & 1u) << 13);
  }
};

class Vga {
public:
  static constexpr std::size_t kPlaneSize = 0x10000;

  Vga();

  // ---- CPU interface (physical addresses A0000h-BFFFFh, ports 3B0h-3DFh) ----
  uint8_t read(uint32_t address);           // loads the latches
  void write(uint32_t address, uint8_t value);
  uint8_t peek(uint32_t address) const;     // what a read would return, without loading latches
  uint8_t in(uint16_t port, uint64_t clock);
  void out(uint16_t port, uint8_t value);
  uint8_t peekPort(uint16_t port, uint64_t clock) const;
  // The clock rate the `clock` arguments count in (CPU clocks per second).
  void setClockRate(uint64_t clocksPerSecond) { clocksPerSecond_ = clocksPerSecond; }

  // ---- register files (read-only views for the BIOS, the renderer and the debugger) ----
  uint8_t sequencer(unsigned index) const { return seq_[index % seq_.size()]; }
  uint8_t graphics(unsigned index) const { return gc_[index % gc_.size()]; }
  uint8_t crtc(unsigned index) const { return crtc_[index % crtc_.size()]; }
  uint8_t attribute(unsigned index) const { return attr_[index % attr_.size()]; }
  uint8_t miscOutput() const { return misc_; }
  uint8_t pelMask() const { return pelMask_; }
  Rgb6 dac(unsigned index) const { return dac_[index & 0xFF]; }
  const std::array<Rgb6, 256>& dacTable() const { return dac_; }
  uint8_t plane(unsigned p, unsigned offset) const { return planes_[p & 3][offset & 0xFFFF]; }
  uint8_t latch(unsigned p) const { return latches_[p & 3]; }

  // ---- direct register and memory access for the BIOS mode set and services ----
  void setSequencer(unsigned index, uint8_t v) { seq_[index % seq_.size()] = v; }
  void setGraphics(unsigned index, uint8_t v) { gc_[index % gc_.size()] = v; }
  void setCrtc(unsigned index, uint8_t v) { crtc_[index % crtc_.size()] = v; }
  void setAttribute(unsigned index, uint8_t v) { attr_[index % attr_.size()] = v; }
  void setMiscOutput(uint8_t v) { misc_ = v; }
  void setDac(unsigned index, Rgb6 c) { dac_[index & 0xFF] = {uint8_t(c.r & 63), uint8_t(c.g & 63), uint8_t(c.b & 63)}; }
  void setPelMask(uint8_t v) { pelMask_ = v; }
  void setPlane(unsigned p, unsigned offset, uint8_t v) { planes_[p & 3][offset & 0xFFFF] = v; }
  void clearPlanes(unsigned planeMask, uint8_t value);

  // ---- derived state ----
  DisplayGeometry geometry() const;
  uint16_t cursorLocation() const { return static_cast<uint16_t>((crtc_[0x0E] << 8) | crtc_[0x0F]); }
  // The colour (0xRRGGBB) of a palette index after the attribute controller (16-colour and text
  // modes) or directly (256-colour modes) and the DAC with its 6-bit components scaled to 8 bits.
  uint32_t dacRgb(unsigned index) const;
  uint32_t attributeRgb(unsigned colour) const;  // colour 0-15 through the attribute palette
  // Vertical retrace and display-enable state at `clock` (3DAh bits 3 and 0).
  bool inVerticalRetrace(uint64_t clock) const;
  bool displayInactive(uint64_t clock) const;
  // Clocks in one frame at the current timings (for tests and the debugger).
  double frameSeconds() const;

  // ---- snapshots ----
  std::vector<uint8_t> save() const;
  bool restore(const std::vector<uint8_t>& state);

private:
  struct Position {
    unsigned line, dot;
  };
  Position beamPosition(uint64_t clock) const;
  bool decode(uint32_t address, uint32_t& offset) const;
  uint8_t readPlanes(uint32_t offset) const;
  void writePlanes(uint32_t offset, uint8_t value, unsigned enabled);
  unsigned verticalTotal() const;
  unsigned verticalDisplayEnd() const;
  unsigned verticalRetraceStart() const;

  std::array<std::vector<uint8_t>, 4> planes_;
  std::array<uint8_t, 4> latches_{};
  std::array<uint8_t, 5> seq_{};
  std::array<uint8_t, 9> gc_{};
  std::array<uint8_t, 25> crtc_{};
  std::array<uint8_t, 21> attr_{};
  std::array<Rgb6, 256> dac_{};
  uint8_t misc_ = 0x67, featureControl_ = 0, pelMask_ = 0xFF;
  uint8_t seqIndex_ = 0, gcIndex_ = 0, crtcIndex_ = 0, attrIndex_ = 0;
  bool attrFlipFlopData_ = false;  // false: the next 3C0h write is an index
  uint8_t dacWriteIndex_ = 0, dacReadIndex_ = 0, dacWriteSub_ = 0, dacReadSub_ = 0;
  uint8_t dacState_ = 0;  // 3C7h read: 00h = last access was a write-index set, 03h = read
  Rgb6 dacPending_{};
  uint64_t clocksPerSecond_ = 4772727;
};

}  // namespace asmlab::x86::pc::video
