// INT 10h AH=11h, the character generator, and the video BIOS ROM at C000:0000 that holds the
// fonts programs read through function 1130h and the INT 43h / INT 1Fh vectors.
// Ralf Brown's Interrupt List, INT 10h AX=1100h-1104h, 1110h-1114h, 1120h-1124h, 1130h; IBM VGA
// Technical Reference (Sequencer Character Map Select, CRTC Maximum Scan Line, Cursor Start/End,
// Vertical Display End); Microsoft KB Q120565 (the page size the BIOS records for 43/50 lines).
#include <algorithm>
#include <cstring>

#include "asmlab/x86/bios/video_bios.hpp"
#include "asmlab/x86/bus.hpp"
#include "asmlab/x86/cpu.hpp"
#include "asmlab/x86/pc/video/font.hpp"
#include "bda.hpp"
#include "video_modes.hpp"

namespace asmlab::x86::bios {

namespace {

uint32_t linear(uint16_t segment, uint16_t offset) { return (uint32_t{segment} << 4) + offset; }

std::vector<uint8_t> buildRom() {
  std::vector<uint8_t> rom(VideoBios::kRomSize, 0x00);
  // An adapter ROM: signature 55h AAh, its length in 512-byte blocks, and the initialisation
  // entry at offset 3 (here a far return: the machine's POST sets the adapter up natively).
  rom[0] = 0x55;
  rom[1] = 0xAA;
  rom[2] = static_cast<uint8_t>(VideoBios::kRomSize / 512);
  rom[3] = 0xCB;
  const char* id = "IBM VGA COMPATIBLE (asmlab)";  // IBM adapters carry "IBM" at offset 1Eh
  std::memcpy(&rom[0x1E], id, std::strlen(id));
  // The alternate 9x14 and 9x16 tables (1130h BH=05h/07h) are lists of (character, glyph) pairs
  // ended by a zero byte; these glyphs need no ninth-column replacements, so the lists are empty.
  rom[VideoBios::kAlternateFontOffset] = 0x00;
  // The static functionality table function 1Bh points at (Ralf Brown's table 00045): modes
  // supported (bit n of the 24-bit field = mode n: 00h-06h, 0Dh, 0Eh, 10h, 12h, 13h), 400-line text only,
  // 8 character blocks with 2 active at a time, and the functions offered: gray summing (bit 1),
  // font loading (2), cursor emulation (4), EGA and colour palettes (5, 6), colour paging (7),
  // blink/intensity control (10), display combination code (11); no save/restore state (9).
  uint8_t* table = &rom[VideoBios::kStaticTableOffset];
  table[0] = 0x7F;
  table[1] = 0x60;
  table[2] = 0x0D;
  table[7] = 0x04;
  table[8] = 8;
  table[9] = 2;
  table[0x0A] = 0xF6;
  table[0x0B] = 0x0C;
  for (unsigned c = 0; c < 256; ++c) {
    std::memcpy(&rom[VideoBios::kFont8x8Offset + c * 8], pc::video::kCp437Font8x8[c], 8);
    std::memcpy(&rom[VideoBios::kFont8x14Offset + c * 14], pc::video::kCp437Font8x14[c], 14);
    std::memcpy(&rom[VideoBios::kFont8x16Offset + c * 16], pc::video::kCp437Font8x16[c], 16);
  }
  return rom;
}

// Character map block n (0-7) in plane 2 (Sequencer Character Map Select): blocks 0-3 at 0, 16,
// 32 and 48 KiB, blocks 4-7 8 KiB after each of those.
unsigned blockOffset(unsigned block) { return (block & 3) * 0x4000 + ((block >> 2) & 1) * 0x2000; }

}  // namespace

const std::vector<uint8_t>& VideoBios::romImage() {
  static const std::vector<uint8_t> rom = buildRom();
  return rom;
}

uint16_t VideoBios::romFontOffset(unsigned height) {
  return height == 8 ? kFont8x8Offset : height == 14 ? kFont8x14Offset : kFont8x16Offset;
}

void VideoBios::setVector(Bus& bus, uint8_t vector, uint16_t segment, uint16_t offset) {
  const uint32_t at = vector * 4u;
  bus.write8(at, static_cast<uint8_t>(offset));
  bus.write8(at + 1, static_cast<uint8_t>(offset >> 8));
  bus.write8(at + 2, static_cast<uint8_t>(segment));
  bus.write8(at + 3, static_cast<uint8_t>(segment >> 8));
}

// `count` glyphs of `height` rows from `source` (a linear address) into block `block` of plane 2,
// starting at character `first`: 32 bytes per character whatever the height.
void VideoBios::loadGlyphs(Bus& bus, uint32_t source, unsigned count, unsigned first, unsigned block, unsigned height) {
  const unsigned base = blockOffset(block);
  height = std::min(height, 32u);
  for (unsigned i = 0; i < count && first + i < 256; ++i)
    for (unsigned line = 0; line < height; ++line)
      vga_.setPlane(2, base + (first + i) * 32 + line, bus.peek8((source + i * height + line) & 0xFFFFF));
}

// Functions 11h-14h "are designed to be called immediately after a mode set" (Ralf Brown): page 0
// becomes active, and the character height, the number of rows, the page size and the CRTC are
// recalculated for `height`-line cells on the mode's vertical display (400 lines in mode 03h:
// 50 rows of 8 lines, 28 of 14, 25 of 16).
void VideoBios::relayoutText(Bus& bus, unsigned height) {
  if (height == 0 || height > 32) return;
  // The mode's own display height, from the vertical display end of its parameter table.
  const VideoModeTable* mode = findVideoMode(mode_);
  if (mode == nullptr || !mode->text) return;
  const unsigned lines = (mode->crtc[0x12] | ((mode->crtc[0x07] & 0x02) << 7) | ((mode->crtc[0x07] & 0x40) << 3)) + 1u;
  const unsigned rowsOnScreen = std::max(1u, lines / height);
  const unsigned displayEnd = rowsOnScreen * height - 1;
  vga_.setCrtc(0x09, static_cast<uint8_t>((vga_.crtc(0x09) & 0xE0) | (height - 1)));
  vga_.setCrtc(0x12, static_cast<uint8_t>(displayEnd));
  uint8_t overflow = vga_.crtc(0x07) & ~0x42;
  if (displayEnd & 0x100) overflow |= 0x02;
  if (displayEnd & 0x200) overflow |= 0x40;
  vga_.setCrtc(0x07, overflow);
  bus.write8(kBda + kBdaRowsMinusOne, static_cast<uint8_t>(rowsOnScreen - 1));
  setBdaWord(bus, kBdaCharHeight, static_cast<uint16_t>(height));
  // Page size: rows x columns x 2 + 256, e.g. 2040h for 80x50 on the VGA and 1BE0h for 80x43 on
  // the EGA (Microsoft KB Q120565).
  setBdaWord(bus, kBdaPageSize, static_cast<uint16_t>(rowsOnScreen * columns(bus) * 2 + 256));
  selectPage(bus, 0);
  // The cursor: the underline in the last lines of the new cell (CGA shape 0607h, lines 6-7 of
  // an 8-line cell), through the same emulation as function 01h.
  setCursorShape(bus, 0x0607);
  updateHardwareCursor(bus);
}

void VideoBios::characterGenerator(Cpu& cpu) {
  Bus& bus = cpu.bus();
  const uint8_t al = cpu.reg8(AL);
  const uint32_t table = linear(cpu.seg(ES), cpu.reg16(BP));
  const uint32_t rom = linear(kRomSegment, 0);
  switch (al) {
    // Text-mode character generator: 0xh loads into block BL; 1xh also recalculates the layout.
    case 0x00: case 0x10: {
      const unsigned height = cpu.reg8(BH);
      loadGlyphs(bus, table, cpu.reg16(CX), cpu.reg16(DX), cpu.reg8(BL), height);
      if (al == 0x10) relayoutText(bus, height);
      return;
    }
    case 0x01: case 0x11: case 0x02: case 0x12: case 0x04: case 0x14: {
      const unsigned height = (al & 0x0F) == 0x01 ? 14 : (al & 0x0F) == 0x02 ? 8 : 16;
      loadGlyphs(bus, rom + romFontOffset(height), 256, 0, cpu.reg8(BL), height);
      if (al & 0x10) relayoutText(bus, height);
      return;
    }
    case 0x03:
      // Block specifier: BL is the Character Map Select value (bits 0, 1, 4: map B, used when
      // attribute bit 3 is 0; bits 2, 3, 5: map A, attribute bit 3 = 1).
      vga_.setSequencer(3, static_cast<uint8_t>(cpu.reg8(BL) & 0x3F));
      return;
    // Graphics-mode character generator: the font the BIOS draws characters with in graphics
    // modes is the one INT 43h points to (INT 1Fh: characters 80h-FFh of CGA modes).
    case 0x20: setVector(bus, 0x1F, cpu.seg(ES), cpu.reg16(BP)); return;
    case 0x21: case 0x22: case 0x23: case 0x24: {
      unsigned height = cpu.reg16(CX);
      if (al == 0x21) {
        setVector(bus, 0x43, cpu.seg(ES), cpu.reg16(BP));
      } else {
        height = al == 0x22 ? 14 : al == 0x23 ? 8 : 16;
        setVector(bus, 0x43, kRomSegment, romFontOffset(height));
      }
      // BL: rows on screen: 00h DL, 01h 14, 02h 25, 03h 43.
      static constexpr unsigned kRows[] = {0, 14, 25, 43};
      const unsigned rowsOnScreen = cpu.reg8(BL) == 0 ? cpu.reg8(DL) : cpu.reg8(BL) <= 3 ? kRows[cpu.reg8(BL)] : 25;
      bus.write8(kBda + kBdaRowsMinusOne, static_cast<uint8_t>(std::max(rowsOnScreen, 1u) - 1));
      setBdaWord(bus, kBdaCharHeight, static_cast<uint16_t>(std::clamp(height, 1u, 32u)));
      return;
    }
    case 0x30: {
      // Font information: CX the current character height (0085h), DL the last row (0084h),
      // ES:BP the font BH asks for.
      uint16_t segment = kRomSegment, offset = 0;
      switch (cpu.reg8(BH)) {
        case 0x00: case 0x01: {
          const uint32_t v = cpu.reg8(BH) == 0 ? 0x1F * 4u : 0x43 * 4u;
          offset = static_cast<uint16_t>(bus.peek8(v) | (bus.peek8(v + 1) << 8));
          segment = static_cast<uint16_t>(bus.peek8(v + 2) | (bus.peek8(v + 3) << 8));
          break;
        }
        case 0x02: offset = kFont8x14Offset; break;
        case 0x03: offset = kFont8x8Offset; break;
        case 0x04: offset = kFont8x8Offset + 128 * 8; break;
        case 0x06: offset = kFont8x16Offset; break;
        case 0x05: case 0x07: offset = kAlternateFontOffset; break;
        default: return;  // not a font the VGA BIOS knows: registers unchanged
      }
      cpu.setSeg(ES, segment);
      cpu.setReg16(BP, offset);
      cpu.setReg16(CX, bdaWord(bus, kBdaCharHeight));
      cpu.setReg8(DL, bus.peek8(kBda + kBdaRowsMinusOne));
      return;
    }
    default: return;
  }
}

// Function 1Bh, BX=0000h: the 64-byte state information at ES:DI (Ralf Brown's table 00040; HelpPC
// "INT 10,1B"), mostly copies of the BIOS data area. AL = 1Bh says it is supported.
void VideoBios::stateInformation(Cpu& cpu) {
  Bus& bus = cpu.bus();
  if (cpu.reg16(BX) != 0) return;
  const uint32_t at = linear(cpu.seg(ES), cpu.reg16(DI));
  uint8_t info[64] = {};
  auto word = [&](unsigned offset, uint16_t v) {
    info[offset] = static_cast<uint8_t>(v);
    info[offset + 1] = static_cast<uint8_t>(v >> 8);
  };
  word(0x00, kStaticTableOffset);
  word(0x02, kRomSegment);
  info[0x04] = bus.peek8(kBda + kBdaMode);
  word(0x05, bdaWord(bus, kBdaColumns));
  word(0x07, bdaWord(bus, kBdaPageSize));
  word(0x09, bdaWord(bus, kBdaPageOffset));
  for (unsigned i = 0; i < 16; ++i) info[0x0B + i] = bus.peek8(kBda + kBdaCursorPositions + i);
  word(0x1B, bdaWord(bus, kBdaCursorShape));
  info[0x1D] = bus.peek8(kBda + kBdaActivePage);
  word(0x1E, bdaWord(bus, kBdaCrtcPort));
  info[0x20] = bus.peek8(kBda + kBdaModeControl);
  info[0x21] = bus.peek8(kBda + kBdaPalette);
  info[0x22] = static_cast<uint8_t>(bus.peek8(kBda + kBdaRowsMinusOne) + 1);  // rows, not rows - 1
  word(0x23, bdaWord(bus, kBdaCharHeight));
  info[0x25] = 0x08;  // display combination: VGA with colour display; none inactive
  word(0x27, mode_ == 0x13 ? 256 : mode_ == 0x04 || mode_ == 0x05 ? 4 : mode_ == 0x06 ? 2 : 16);  // colours
  const unsigned pageSize = std::max<unsigned>(bdaWord(bus, kBdaPageSize), 1);
  info[0x29] = static_cast<uint8_t>(textMode() ? std::min(8u, 0x8000 / pageSize) : 1);
  // Raster scan lines 0 = 200, 1 = 350, 2 = 400, 3 = 480: the displayed lines of the mode.
  const VideoModeTable* mode = findVideoMode(mode_);
  const unsigned lines =
      mode != nullptr ? (mode->crtc[0x12] | ((mode->crtc[0x07] & 0x02) << 7) | ((mode->crtc[0x07] & 0x40) << 3)) + 1u : 400;
  info[0x2A] = lines >= 480 ? 3 : lines >= 400 ? 2 : lines >= 350 ? 1 : 0;
  const uint8_t select = vga_.sequencer(3);
  info[0x2B] = static_cast<uint8_t>(((select >> 2) & 0x03) | ((select >> 3) & 0x04));  // map A
  info[0x2C] = static_cast<uint8_t>((select & 0x03) | ((select >> 2) & 0x04));         // map B
  info[0x2D] = static_cast<uint8_t>(0x10 | ((vga_.attribute(0x10) & 0x08) ? 0x20 : 0x00));  // cursor emulation, blink
  info[0x31] = 0x03;  // 256 KiB
  for (unsigned i = 0; i < 64; ++i) bus.write8((at + i) & 0xFFFFF, info[i]);
  cpu.setReg8(AL, 0x1B);
}

}  // namespace asmlab::x86::bios
