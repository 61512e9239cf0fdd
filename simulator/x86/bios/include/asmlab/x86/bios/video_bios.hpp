// The video BIOS (INT 10h) of an IBM VGA, as native code over the register-level adapter
// (asmlab::x86::pc::video::Vga) and the machine's bus (BIOS data area at 0040:0000). Like the
// real BIOS it keeps the mode, the cursor positions of the eight pages, the cursor shape and the
// active page in the BIOS data area, so programs that read or write those fields see what they
// expect. Functions (Ralf Brown's interrupt list and the IBM VGA BIOS interface): 00h set mode,
// 01h cursor shape, 02h/03h cursor position, 05h page, 06h/07h scroll, 08h read character,
// 09h/0Ah write character, 0Ch/0Dh pixels, 0Eh teletype, 0Fh get mode, 10h palette and DAC,
// 11h character generator (fonts, 43/50-line text, font information), 12h (BL=10h)
// configuration, 13h write string, 1Ah display combination, 1Bh state information. Its ROM (the
// fonts, the static functionality table) is `romImage()`, which the machine maps at C000:0000.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "asmlab/x86/pc/video/vga.hpp"

namespace asmlab::x86 {
class Bus;
class Cpu;
}  // namespace asmlab::x86

namespace asmlab::x86::bios {

class VideoBios {
public:
  explicit VideoBios(pc::video::Vga& vga) : vga_(vga) {}

  // The video BIOS ROM at C000:0000 (kRomSize bytes): adapter signature 55h AAh, and the 8x8,
  // 8x14 and 8x16 fonts (256 characters each, one byte per row) that function 1130h and the
  // INT 43h / INT 1Fh vectors point at.
  static constexpr uint16_t kRomSegment = 0xC000;
  static constexpr uint32_t kRomSize = 0x3000;
  static constexpr uint16_t kAlternateFontOffset = 0x0080;
  static constexpr uint16_t kStaticTableOffset = 0x0090;  // function 1Bh's static functionality table
  static constexpr uint16_t kFont8x8Offset = 0x0100;
  static constexpr uint16_t kFont8x14Offset = 0x0900;
  static constexpr uint16_t kFont8x16Offset = 0x1700;
  static const std::vector<uint8_t>& romImage();
  static uint16_t romFontOffset(unsigned height);  // 8, 14 or 16

  // Power-on self test of the video subsystem: mode 03h with its BIOS data area fields.
  void powerOn(Bus& bus);
  void int10(Cpu& cpu);
  // Teletype output (function 0Eh) on the active page with colour 07h in graphics modes, for DOS
  // console output. True when the character was BEL: the caller sounds the beep (the bell hook
  // is not called here).
  bool teletype(Bus& bus, uint8_t character);

  // Function 00h. False (and nothing changed) for a mode this adapter does not support.
  bool setMode(Bus& bus, uint8_t modeAndFlags);
  uint8_t currentMode() const { return mode_; }
  // After a machine snapshot is restored (the registers and memory come back with the adapter).
  void restoreMode(uint8_t mode) { mode_ = mode; }
  static bool modeSupported(uint8_t mode);

  // Called for BEL written through functions 0Eh/13h or teletype(), to sound the beep.
  std::function<void()> bell;

private:
  struct Position {
    unsigned row, column;
  };
  bool textMode() const;
  unsigned columns(Bus& bus) const;
  unsigned rows(Bus& bus) const;
  Position cursor(Bus& bus, unsigned page) const;
  void setCursor(Bus& bus, unsigned page, Position p);
  void updateHardwareCursor(Bus& bus);
  void setCursorShape(Bus& bus, uint16_t shape);
  void cgaPalette(Bus& bus, uint8_t which, uint8_t value);
  void selectPage(Bus& bus, unsigned page);
  unsigned cellAddress(Bus& bus, unsigned page, Position p) const;
  // A text page's layout from the BIOS data area, read once for a service that visits many cells.
  struct TextPage {
    unsigned firstCell, columns;
    unsigned address(Position p) const { return ((firstCell + p.row * columns + p.column) * 2) & 0xFFFF; }
  };
  TextPage textPage(Bus& bus, unsigned page) const;

  // Characters.
  void writeCell(Bus& bus, unsigned page, Position p, uint8_t character, uint8_t attribute, bool withAttribute);
  void readCell(Bus& bus, unsigned page, Position p, uint8_t& character, uint8_t& attribute);
  void drawGlyph(Bus& bus, Position p, uint8_t character, uint8_t colour);
  void scroll(Bus& bus, bool up, unsigned lines, uint8_t fill, Position topLeft, Position bottomRight, unsigned page);
  bool teletypeOn(Bus& bus, unsigned page, uint8_t character, uint8_t colour);
  bool teletypeWith(Bus& bus, unsigned page, uint8_t character, uint8_t colour, bool withAttribute, bool ringBell = true);
  void writeString(Cpu& cpu);

  // Pixels.
  void writePixel(unsigned x, unsigned y, uint8_t colour);
  uint8_t readPixel(unsigned x, unsigned y);
  void writePixelAt(const pc::video::DisplayGeometry& g, unsigned x, unsigned y, uint8_t colour);
  uint8_t readPixelAt(const pc::video::DisplayGeometry& g, unsigned x, unsigned y) const;
  unsigned pixelWidth() const;
  unsigned pixelHeight() const;
  unsigned glyphHeight(Bus& bus) const;

  void palette(Cpu& cpu);

  // Function 11h.
  void characterGenerator(Cpu& cpu);
  void stateInformation(Cpu& cpu);  // function 1Bh
  void loadGlyphs(Bus& bus, uint32_t source, unsigned count, unsigned first, unsigned block, unsigned height);
  void relayoutText(Bus& bus, unsigned height);
  static void setVector(Bus& bus, uint8_t vector, uint16_t segment, uint16_t offset);

  pc::video::Vga& vga_;
  uint8_t mode_ = 0x03;
};

}  // namespace asmlab::x86::bios
