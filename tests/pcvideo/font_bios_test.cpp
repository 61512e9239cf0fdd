// INT 10h AH=11h (character generator) and the video BIOS ROM. Expected values: Ralf Brown's
// Interrupt List (1130h returns CX = the on-screen character height, DL = rows - 1; 1111h/1112h/
// 1114h recalculate rows and the CRTC), Microsoft KB Q120565 (80x50 page size 2040h), the IBM VGA
// mode 03h timing (400 displayed lines: 50 rows of 8, 28 of 14, 25 of 16).
#include <cstring>

#include "asmlab/x86/bios/video_bios.hpp"
#include "asmlab/x86/pc/video/font.hpp"
#include "fixture.hpp"

namespace asmlab::x86::pc::video::testing {
namespace {

class FontBiosTest : public VideoTest {
protected:
  // INT 10h with ES:BP as well.
  void int10Es(uint16_t ax, uint16_t bx, uint16_t cx, uint16_t dx, uint16_t es, uint16_t bp) {
    cpu.setSeg(ES, es);
    cpu.setReg16(BP, bp);
    int10(ax, bx, cx, dx);
  }
  uint32_t esBp() const { return (uint32_t{cpu.seg(ES)} << 4) + cpu.reg16(BP); }
  uint16_t bdaWord(uint32_t offset) const { return static_cast<uint16_t>(bda(offset) | (bda(offset + 1) << 8)); }
  uint32_t vector(uint8_t v) const {
    const uint32_t a = v * 4u;
    return ((uint32_t{bus.peek8(a + 2)} | (uint32_t{bus.peek8(a + 3)} << 8)) << 4) + (bus.peek8(a) | (bus.peek8(a + 1) << 8));
  }
};

TEST_F(FontBiosTest, RomCarriesTheAdapterSignatureAndTheThreeFonts) {
  const auto& rom = card.romImage();
  ASSERT_GE(rom.size(), 0x2800u);
  EXPECT_EQ(rom[0], 0x55);
  EXPECT_EQ(rom[1], 0xAA);
  EXPECT_EQ(rom[2] * 512u, rom.size());
  // 1130h BH=03h/02h/06h: the ROM 8x8, 8x14 and 8x16 fonts, 256 characters of 8/14/16 bytes.
  for (const auto& [bh, height] : {std::pair{0x0300, 8u}, std::pair{0x0200, 14u}, std::pair{0x0600, 16u}}) {
    int10Es(0x1130, static_cast<uint16_t>(bh), 0, 0, 0, 0);
    EXPECT_EQ(cpu.seg(ES), 0xC000);
    const uint32_t font = esBp();
    for (unsigned line = 0; line < height; ++line) {
      const uint8_t expected = height == 8    ? kCp437Font8x8['A'][line]
                               : height == 14 ? kCp437Font8x14['A'][line]
                                              : kCp437Font8x16['A'][line];
      EXPECT_EQ(bus.peek8(font + 'A' * height + line), expected) << "height " << height << " line " << line;
    }
    // CX is the height of the font on the screen (16 in mode 03h), not of the one asked for; DL
    // the last row.
    EXPECT_EQ(cpu.reg16(CX), 16);
    EXPECT_EQ(cpu.reg8(DL), 24);
  }
  // BH=04h: the upper 128 characters of the 8x8 font.
  int10Es(0x1130, 0x0400, 0, 0, 0, 0);
  const uint32_t upper = esBp();
  int10Es(0x1130, 0x0300, 0, 0, 0, 0);
  EXPECT_EQ(upper, esBp() + 128 * 8);
  // The 14-line font has real glyphs: the full block is solid, 'A' has dots.
  for (unsigned r = 0; r < 14; ++r) EXPECT_EQ(kCp437Font8x14[0xDB][r], 0xFF);
  unsigned dots = 0;
  for (unsigned r = 0; r < 14; ++r) dots += kCp437Font8x14['A'][r] != 0;
  EXPECT_GE(dots, 7u);
}

TEST_F(FontBiosTest, Load8x8MakesFiftyRows) {
  int10(0x1112, 0x0000);
  EXPECT_EQ(bda(0x84), 49);            // rows - 1
  EXPECT_EQ(bdaWord(0x85), 8);         // character height
  EXPECT_EQ(bdaWord(0x4C), 0x2040);    // page size, as KB Q120565 gives for VGA 80x50
  EXPECT_EQ(card.vga().crtc(0x09) & 0x1F, 7);
  const DisplayGeometry g = card.geometry();
  EXPECT_EQ(g.rows, 50u);
  EXPECT_EQ(g.charHeight, 8u);
  EXPECT_EQ(g.height, 400u);
  EXPECT_EQ(card.textRows(), 50u);
  // The 8x8 glyphs are in plane 2, block 0, 32 bytes per character.
  for (unsigned line = 0; line < 8; ++line) EXPECT_EQ(card.vga().plane(2, 'A' * 32 + line), kCp437Font8x8['A'][line]);
  // The cursor is the underline of the 8-line cell (lines 6-7).
  EXPECT_EQ(card.vga().crtc(0x0A) & 0x1F, 6);
  EXPECT_EQ(card.vga().crtc(0x0B) & 0x1F, 7);
  // 1130h now reports the 8-line font and row 49; the teletype scrolls at row 49.
  int10Es(0x1130, 0x0000, 0, 0, 0, 0);
  EXPECT_EQ(cpu.reg16(CX), 8);
  EXPECT_EQ(cpu.reg8(DL), 49);
  int10(0x0200, 0, 0, 0x3100);  // cursor to row 49
  int10(0x0E41);                // 'A'
  EXPECT_EQ(card.textCell(49, 0).character, 'A');
}

TEST_F(FontBiosTest, Load8x14Makes28RowsAnd8x16Returns) {
  int10(0x1111, 0x0000);
  EXPECT_EQ(bda(0x84), 27);
  EXPECT_EQ(bdaWord(0x85), 14);
  // Vertical display end = 28 x 14 - 1 = 391 (Ralf Brown: ((rows+1) x bytes/char) - 1).
  const unsigned vde = card.vga().crtc(0x12) | ((card.vga().crtc(0x07) & 0x02) << 7) | ((card.vga().crtc(0x07) & 0x40) << 3);
  EXPECT_EQ(vde, 391u);
  EXPECT_EQ(card.geometry().rows, 28u);
  EXPECT_EQ(card.geometry().height, 392u);
  EXPECT_EQ(bdaWord(0x4C), 28 * 80 * 2 + 256);
  int10(0x1114, 0x0000);
  EXPECT_EQ(bda(0x84), 24);
  EXPECT_EQ(bdaWord(0x85), 16);
  EXPECT_EQ(card.geometry().height, 400u);
  EXPECT_EQ(card.geometry().rows, 25u);
}

TEST_F(FontBiosTest, LoadUserGlyphsIntoABlockWithoutChangingTheLayout) {
  // Two 16-line glyphs for characters 80h and 81h into block 1 (plane 2 offset 16 KiB).
  for (unsigned i = 0; i < 32; ++i) bus.write8(0x20000 + i, static_cast<uint8_t>(i + 1));
  int10Es(0x1100, 0x1001, 2, 0x80, 0x2000, 0x0000);
  EXPECT_EQ(card.vga().plane(2, 0x4000 + 0x80 * 32 + 0), 1);
  EXPECT_EQ(card.vga().plane(2, 0x4000 + 0x81 * 32 + 15), 32);
  EXPECT_EQ(bda(0x84), 24);  // 0xh functions do not recalculate
  // 1103h: block 1 as map A (attribute bit 3 set), block 0 as map B: Character Map Select 04h.
  int10(0x1103, 0x0004);
  EXPECT_EQ(card.vga().sequencer(3), 0x04);
  // A character with attribute bit 3 set is drawn from block 1: line 0 of glyph 80h is 01h
  // (only the eighth dot); with bit 3 clear, from block 0 (the ROM 'Ç', whose line 0 is blank).
  card.writeMemory(0xB8000, 0x80);
  card.writeMemory(0xB8001, 0x0F);  // white (bit 3 set) on black
  card.writeMemory(0xB8002, 0x80);
  card.writeMemory(0xB8003, 0x07);
  Frame f;
  card.renderFrame({}, f);
  EXPECT_EQ(f.at(7, 0), 0xFFFFFFu);
  EXPECT_EQ(f.at(9 + 7, 0), 0x000000u);
  // 1110h: a user 8-line font with the layout recalculated (50 rows).
  int10Es(0x1110, 0x0800, 2, 0x80, 0x2000, 0x0000);
  EXPECT_EQ(bda(0x84), 49);
  EXPECT_EQ(bdaWord(0x85), 8);
}

TEST_F(FontBiosTest, GraphicsCharactersComeFromTheInt43Font) {
  int10(0x0013);
  // After the mode set INT 43h points at the ROM 8x8 font (C000:0100), INT 1Fh at its upper half.
  EXPECT_EQ(vector(0x43), 0xC0000u + 0x100);
  EXPECT_EQ(vector(0x1F), 0xC0000u + 0x100 + 128 * 8);
  // 1121h: a program's own 8-line font (every glyph a single dot in column 0 of line 0).
  for (unsigned c = 0; c < 256; ++c)
    for (unsigned line = 0; line < 8; ++line) bus.write8(0x30000 + c * 8 + line, line == 0 ? 0x80 : 0x00);
  int10Es(0x1121, 0x0002, 8, 0, 0x3000, 0x0000);
  EXPECT_EQ(vector(0x43), 0x30000u);
  EXPECT_EQ(bda(0x84), 24);
  int10(0x0E48, 0x000F);  // 'H' in white at (0,0)
  EXPECT_EQ(card.pixelRgb(0, 0), 0xFFFFFFu);
  EXPECT_EQ(card.pixelRgb(1, 0), 0x000000u);
  EXPECT_EQ(card.pixelRgb(0, 1), 0x000000u);
  // 1123h: back to the ROM 8x8 font.
  int10(0x1123, 0x0002);
  EXPECT_EQ(vector(0x43), 0xC0000u + 0x100);
  // Mode 12h draws with the 8x16 font.
  int10(0x0012);
  EXPECT_EQ(vector(0x43), 0xC0000u + 0x1700);
  int10Es(0x1130, 0x0100, 0, 0, 0, 0);
  EXPECT_EQ(esBp(), 0xC0000u + 0x1700);
  EXPECT_EQ(cpu.reg16(CX), 16);
  EXPECT_EQ(cpu.reg8(DL), 29);
}

TEST_F(FontBiosTest, StateInformationAfter50Lines) {
  // Function 1Bh (Ralf Brown's table 00040): a 64-byte copy of the video state at ES:DI.
  int10(0x1112, 0x0000);
  cpu.setSeg(ES, 0x2000);
  cpu.setReg16(DI, 0x0010);
  int10(0x1B00, 0x0000);
  EXPECT_EQ(cpu.reg8(AL), 0x1B);
  const uint32_t info = 0x20010;
  auto word = [&](unsigned offset) { return static_cast<uint16_t>(bus.peek8(info + offset) | (bus.peek8(info + offset + 1) << 8)); };
  EXPECT_EQ(bus.peek8(info + 0x04), 0x03);  // mode
  EXPECT_EQ(word(0x05), 80);                // columns
  EXPECT_EQ(word(0x07), 0x2040);            // page size
  EXPECT_EQ(word(0x1E), 0x3D4);             // CRTC port
  EXPECT_EQ(bus.peek8(info + 0x22), 50);    // rows (not rows - 1)
  EXPECT_EQ(word(0x23), 8);                 // character height
  EXPECT_EQ(bus.peek8(info + 0x25), 0x08);  // display combination: VGA, colour
  EXPECT_EQ(word(0x27), 16);                // colours
  EXPECT_EQ(bus.peek8(info + 0x2A), 2);     // 400 scan lines
  EXPECT_EQ(bus.peek8(info + 0x31), 3);     // 256 KiB
  // The static functionality table in the ROM: bit n of its first three bytes says mode n is
  // offered, which must be what function 00h sets (00h-06h, 0Dh, 0Eh, 10h, 12h, 13h).
  const uint32_t table = (uint32_t{word(0x02)} << 4) + word(0x00);
  EXPECT_EQ(word(0x02), 0xC000);
  for (uint8_t mode = 0; mode < 24; ++mode)
    EXPECT_EQ(((bus.peek8(table + mode / 8) >> (mode % 8)) & 1) != 0, bios::VideoBios::modeSupported(mode))
        << int(mode);
  EXPECT_EQ(bus.peek8(table + 2), 0x0D);
}

}  // namespace
}  // namespace asmlab::x86::pc::video::testing
