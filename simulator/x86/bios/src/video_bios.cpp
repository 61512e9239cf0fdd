// INT 10h: mode set, cursor, pages, the function dispatch, and the configuration queries.
// Ralf Brown's Interrupt List, INT 10h; IBM PC/AT and PS/2 BIOS technical references (BIOS data
// area fields at 0040:0049-0066 and 0084-0089).
#include "asmlab/x86/bios/video_bios.hpp"

#include <algorithm>

#include "asmlab/x86/bus.hpp"
#include "asmlab/x86/cpu.hpp"
#include "asmlab/x86/pc/video/font.hpp"
#include "bda.hpp"
#include "video_modes.hpp"

namespace asmlab::x86::bios {

using pc::video::Vga;

bool VideoBios::modeSupported(uint8_t mode) { return findVideoMode(mode & 0x7F) != nullptr; }

bool VideoBios::textMode() const { return !(vga_.attribute(0x10) & 0x01); }
unsigned VideoBios::columns(Bus& bus) const { return std::max<unsigned>(bdaWord(bus, kBdaColumns), 1); }
unsigned VideoBios::rows(Bus& bus) const { return bus.peek8(kBda + kBdaRowsMinusOne) + 1u; }

void VideoBios::powerOn(Bus& bus) {
  // INT 1Fh: the upper half of the 8x8 font, for characters 80h-FFh in CGA graphics modes.
  setVector(bus, 0x1F, kRomSegment, kFont8x8Offset + 128 * 8);
  setMode(bus, 0x03);
}

bool VideoBios::setMode(Bus& bus, uint8_t modeAndFlags) {
  const uint8_t number = modeAndFlags & 0x7F;
  const VideoModeTable* m = findVideoMode(number);
  if (m == nullptr) return false;
  const bool keepMemory = modeAndFlags & 0x80;
  mode_ = number;
  vga_.setMiscOutput(m->misc);
  for (unsigned i = 0; i < m->sequencer.size(); ++i) vga_.setSequencer(i, m->sequencer[i]);
  for (unsigned i = 0; i < m->crtc.size(); ++i) vga_.setCrtc(i, m->crtc[i]);
  for (unsigned i = 0; i < m->graphics.size(); ++i) vga_.setGraphics(i, m->graphics[i]);
  for (unsigned i = 0; i < m->attribute.size(); ++i) vga_.setAttribute(i, m->attribute[i]);
  vga_.setPelMask(0xFF);
  const bool lines200 = m->number == 0x04 || m->number == 0x06 || m->number == 0x0D || m->number == 0x0E;
  if (number == 0x13)
    loadDefault256Palette(vga_);
  else if (lines200)
    loadCgaPalette(vga_);
  else loadEgaPalette(vga_);
  if (!keepMemory) {
    if (m->text) {
      // Text pages are filled with blanks in grey on black (word 0720h).
      vga_.clearPlanes(0x01, ' ');
      vga_.clearPlanes(0x02, 0x07);
    } else {
      vga_.clearPlanes(0x0F, 0x00);
    }
  }
  if (m->text) {
    // The character generator lives in plane 2: 32 bytes per character, map A at 0.
    for (unsigned c = 0; c < 256; ++c)
      for (unsigned line = 0; line < 32; ++line)
        vga_.setPlane(2, c * 32 + line, line < 16 ? pc::video::kCp437Font8x16[c][line] : 0);
  }
  // Graphics modes draw characters with the ROM font of their cell height, through INT 43h.
  if (!m->text) setVector(bus, 0x43, kRomSegment, romFontOffset(m->charHeight));
  // BIOS data area.
  bus.write8(kBda + kBdaMode, number);
  setBdaWord(bus, kBdaColumns, m->columns);
  setBdaWord(bus, kBdaPageSize, m->pageSize);
  setBdaWord(bus, kBdaPageOffset, 0);
  for (unsigned i = 0; i < 16; ++i) bus.write8(kBda + kBdaCursorPositions + i, 0);
  bus.write8(kBda + kBdaActivePage, 0);
  setBdaWord(bus, kBdaCrtcPort, 0x3D4);
  bus.write8(kBda + kBdaModeControl, m->modeControl);
  bus.write8(kBda + kBdaPalette, number == 0x13 || number == 0x06 ? 0x3F : 0x30);
  bus.write8(kBda + kBdaRowsMinusOne, static_cast<uint8_t>(m->rows - 1));
  setBdaWord(bus, kBdaCharHeight, m->charHeight);
  bus.write8(kBda + kBdaVideoControl, static_cast<uint8_t>((keepMemory ? 0x80 : 0x00) | 0x60));
  bus.write8(kBda + kBdaSwitches, 0xF9);
  bus.write8(kBda + kBdaVgaFlags, 0x51);
  // The cursor shape as the CGA knew it (lines 6-7 of an 8-line cell); the CRTC gets the VGA
  // equivalent (13-14 of 16) through the emulation in setCursorShape.
  setCursorShape(bus, m->text ? 0x0607 : 0x2000);
  updateHardwareCursor(bus);
  return true;
}

// Function 0Bh, the CGA colour select register as the EGA/VGA BIOS emulates it (its value kept in
// 0066h). BH=0: BL bits 0-3 the background (the overscan and, in graphics modes, palette entry 0),
// bit 4 the intensity of the four-colour palette. BH=1: BL bit 0 selects palette 0 (green, red,
// brown) or 1 (cyan, magenta, white) for colours 1-3 of modes 04h and 05h.
void VideoBios::cgaPalette(Bus& bus, uint8_t which, uint8_t value) {
  uint8_t select = bus.peek8(kBda + kBdaPalette);
  if (which == 0)
    select = static_cast<uint8_t>((select & 0xE0) | (value & 0x1F));
  else if (which == 1)
    select = static_cast<uint8_t>((select & 0xDF) | ((value & 1) << 5));
  else
    return;
  bus.write8(kBda + kBdaPalette, select);
  const uint8_t background = static_cast<uint8_t>((select & 7) | ((select & 8) << 1));
  vga_.setAttribute(0x11, background);
  if (textMode() || mode_ == 0x13) return;
  vga_.setAttribute(0, background);
  if (mode_ == 0x04 || mode_ == 0x05) {
    const uint8_t intensity = (select & 0x10) ? 0x10 : 0x00, first = (select & 0x20) ? 3 : 2;
    for (uint8_t i = 1; i <= 3; ++i) vga_.setAttribute(i, static_cast<uint8_t>((first + 2 * (i - 1)) | intensity));
  }
}

// ---- cursor and pages ---------------------------------------------------------------------------

VideoBios::Position VideoBios::cursor(Bus& bus, unsigned page) const {
  const uint32_t at = kBda + kBdaCursorPositions + (page & 7) * 2;
  return {bus.peek8(at + 1), bus.peek8(at)};
}

void VideoBios::setCursor(Bus& bus, unsigned page, Position p) {
  const uint32_t at = kBda + kBdaCursorPositions + (page & 7) * 2;
  bus.write8(at, static_cast<uint8_t>(p.column));
  bus.write8(at + 1, static_cast<uint8_t>(p.row));
  if ((page & 7) == bus.peek8(kBda + kBdaActivePage)) updateHardwareCursor(bus);
}

// CRTC Cursor Location (0Eh/0Fh) in character-clock units from the start of memory.
void VideoBios::updateHardwareCursor(Bus& bus) {
  const unsigned page = bus.peek8(kBda + kBdaActivePage);
  const Position p = cursor(bus, page);
  const unsigned location = bdaWord(bus, kBdaPageOffset) / 2 + p.row * columns(bus) + p.column;
  vga_.setCrtc(0x0E, static_cast<uint8_t>(location >> 8));
  vga_.setCrtc(0x0F, static_cast<uint8_t>(location));
}

// Function 01h: CH start line (bit 5 = hidden), CL end line. The BIOS records the value as given
// and, like the VGA BIOS's cursor emulation, maps CGA 8-line shapes onto the 16-line cell.
void VideoBios::setCursorShape(Bus& bus, uint16_t shape) {
  setBdaWord(bus, kBdaCursorShape, shape);
  uint8_t start = static_cast<uint8_t>(shape >> 8), end = static_cast<uint8_t>(shape);
  const unsigned height = (vga_.crtc(0x09) & 0x1F) + 1u;
  if (!(start & 0x20) && (start & 0x1F) <= 7 && (end & 0x1F) <= 7 && height > 8) {
    const unsigned s = start & 0x1F, e = end & 0x1F;
    if (s == 6 && e == 7) {  // the underline cursor
      start = static_cast<uint8_t>(height - 3);
      end = static_cast<uint8_t>(height - 2);
    } else {
      start = static_cast<uint8_t>(s * height / 8);
      end = static_cast<uint8_t>((e + 1) * height / 8 - 1);
    }
  }
  vga_.setCrtc(0x0A, static_cast<uint8_t>((vga_.crtc(0x0A) & 0xC0) | (start & 0x3F)));
  vga_.setCrtc(0x0B, static_cast<uint8_t>((vga_.crtc(0x0B) & 0xE0) | (end & 0x1F)));
}

void VideoBios::selectPage(Bus& bus, unsigned page) {
  const unsigned pageSize = bdaWord(bus, kBdaPageSize);
  const unsigned pages = textMode() ? 0x8000 / std::max(pageSize, 1u) : 1;
  if (page >= pages) return;
  bus.write8(kBda + kBdaActivePage, static_cast<uint8_t>(page));
  setBdaWord(bus, kBdaPageOffset, static_cast<uint16_t>(page * pageSize));
  const unsigned start = page * pageSize / 2;
  vga_.setCrtc(0x0C, static_cast<uint8_t>(start >> 8));
  vga_.setCrtc(0x0D, static_cast<uint8_t>(start));
  updateHardwareCursor(bus);
}

// ---- dispatch -----------------------------------------------------------------------------------

void VideoBios::int10(Cpu& cpu) {
  Bus& bus = cpu.bus();
  const uint8_t ah = cpu.reg8(AH);
  switch (ah) {
    case 0x00: setMode(bus, cpu.reg8(AL)); return;
    case 0x01: setCursorShape(bus, cpu.reg16(CX)); return;
    case 0x02: setCursor(bus, cpu.reg8(BH), {cpu.reg8(DH), cpu.reg8(DL)}); return;
    case 0x03: {
      const Position p = cursor(bus, cpu.reg8(BH));
      cpu.setReg8(DH, static_cast<uint8_t>(p.row));
      cpu.setReg8(DL, static_cast<uint8_t>(p.column));
      cpu.setReg16(CX, bdaWord(bus, kBdaCursorShape));
      return;
    }
    case 0x04: cpu.setReg8(AH, 0); return;  // light pen: not triggered
    case 0x05: selectPage(bus, cpu.reg8(AL)); return;
    case 0x06: case 0x07:
      scroll(bus, ah == 0x06, cpu.reg8(AL), cpu.reg8(BH), {cpu.reg8(CH), cpu.reg8(CL)}, {cpu.reg8(DH), cpu.reg8(DL)},
             bus.peek8(kBda + kBdaActivePage));
      return;
    case 0x08: {
      uint8_t character = 0, attribute = 0;
      readCell(bus, cpu.reg8(BH), cursor(bus, cpu.reg8(BH)), character, attribute);
      cpu.setReg8(AL, character);
      cpu.setReg8(AH, attribute);
      return;
    }
    case 0x09: case 0x0A: {
      // CX copies from the cursor on, wrapping to the next rows; the cursor does not move.
      const unsigned page = cpu.reg8(BH);
      const unsigned cols = columns(bus), total = cols * rows(bus);
      const Position p = cursor(bus, page);
      unsigned at = p.row * cols + p.column;
      for (unsigned n = cpu.reg16(CX); n > 0 && at < total; --n, ++at)
        writeCell(bus, page, {at / cols, at % cols}, cpu.reg8(AL), cpu.reg8(BL), ah == 0x09 || !textMode());
      return;
    }
    case 0x0B:
      cgaPalette(bus, cpu.reg8(BH), cpu.reg8(BL));
      return;
    case 0x0C: writePixel(cpu.reg16(CX), cpu.reg16(DX), cpu.reg8(AL)); return;
    case 0x0D: cpu.setReg8(AL, readPixel(cpu.reg16(CX), cpu.reg16(DX))); return;
    case 0x0E: teletypeOn(bus, bus.peek8(kBda + kBdaActivePage), cpu.reg8(AL), cpu.reg8(BL)); return;
    case 0x0F:
      cpu.setReg8(AL, static_cast<uint8_t>(bus.peek8(kBda + kBdaMode) | (bus.peek8(kBda + kBdaVideoControl) & 0x80)));
      cpu.setReg8(AH, static_cast<uint8_t>(columns(bus)));
      cpu.setReg8(BH, bus.peek8(kBda + kBdaActivePage));
      return;
    case 0x10: palette(cpu); return;
    case 0x11: characterGenerator(cpu); return;
    case 0x12:
      if (cpu.reg8(BL) == 0x10) {  // EGA/VGA information: colour, 256 KiB, switches
        cpu.setReg8(BH, 0x00);
        cpu.setReg8(BL, 0x03);
        cpu.setReg16(CX, 0x0009);
      }
      return;
    case 0x13: writeString(cpu); return;
    case 0x1B: stateInformation(cpu); return;
    case 0x1A:
      if (cpu.reg8(AL) == 0x00) {  // display combination: VGA with colour analogue display
        cpu.setReg8(AL, 0x1A);
        cpu.setReg8(BL, 0x08);
        cpu.setReg8(BH, 0x00);
      }
      return;
    default: return;  // unsupported functions leave the registers as they were
  }
}

}  // namespace asmlab::x86::bios
