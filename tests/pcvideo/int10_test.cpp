// INT 10h services, checked against the BIOS data area, video memory and the CRTC as Ralf Brown's
// interrupt list and the IBM BIOS references describe them.
#include "fixture.hpp"

namespace asmlab::x86::pc::video::testing {
namespace {

std::string row(const VgaCard& card, unsigned r, unsigned from, unsigned count) {
  std::string s;
  for (unsigned c = from; c < from + count; ++c) s += static_cast<char>(card.textCell(r, c).character);
  return s;
}

TEST_F(VideoTest, SetModeClearsUnlessBitSeven) {
  card.writeMemory(0xB8000, 'X');
  int10(0x0083);  // AL bit 7: keep memory
  EXPECT_EQ(card.textCell(0, 0).character, 'X');
  EXPECT_EQ(bda(0x87) & 0x80, 0x80);
  int10(0x0F00);
  EXPECT_EQ(cpu.reg8(AL), 0x83);  // function 0Fh reports the no-clear bit
  int10(0x0003);
  EXPECT_EQ(card.textCell(0, 0).character, ' ');
  EXPECT_EQ(card.textCell(0, 0).attribute, 0x07);
  EXPECT_EQ(bda(0x87) & 0x80, 0x00);
  int10(0x0013);
  EXPECT_EQ(bda(0x49), 0x13);
  EXPECT_EQ(bda(0x4A), 40);
  EXPECT_EQ(bda(0x84), 24);
  int10(0x0F00);
  EXPECT_EQ(cpu.reg8(AL), 0x13);
  EXPECT_EQ(cpu.reg8(AH), 40);
  EXPECT_EQ(cpu.reg8(BH), 0);
}

TEST_F(VideoTest, FortyColumnTextShowsDoubleWidthDots) {
  int10(0x0001);
  EXPECT_EQ(bda(0x49), 0x01);
  EXPECT_EQ(bda(0x4A), 40);
  EXPECT_EQ(card.textColumns(), 40u);
  EXPECT_EQ(card.textRows(), 25u);
  EXPECT_EQ(card.frameWidth(), 720u);  // 40 cells of 9 dots at half the dot clock
  // 50 characters of 9 dots = 450 dots a line at 14.161 MHz, 449 lines: 70.09 Hz, like mode 03h.
  EXPECT_NEAR(1.0 / card.vga().frameSeconds(), 70.087, 0.01);
  card.writeMemory(0xB8000 + 2 * 39, 'A');  // column 39: the last
  EXPECT_EQ(card.textCell(0, 39).character, 'A');
  // The apex dot (column 3 of the glyph, row 2) covers rendered pixels 6 and 7 of the cell.
  const unsigned x0 = 39 * 18;
  EXPECT_EQ(card.pixelRgb(x0 + 6, 2), 0xAAAAAAu);
  EXPECT_EQ(card.pixelRgb(x0 + 7, 2), 0xAAAAAAu);
  EXPECT_EQ(card.pixelRgb(x0 + 5, 2), 0x000000u);
  int10(0x0200, 0, 0, 0x0027);
  int10(0x0E42);
  EXPECT_EQ(bda(0x50), 0);  // wrapped at column 40
  EXPECT_EQ(bda(0x51), 1);
  int10(0x0000);
  EXPECT_EQ(bda(0x49), 0x00);
  EXPECT_EQ(card.textColumns(), 40u);
}

TEST_F(VideoTest, UnsupportedModeChangesNothing) {
  int10(0x0007);
  EXPECT_EQ(card.mode(), 0x03);
  EXPECT_EQ(bda(0x49), 0x03);
}

TEST_F(VideoTest, CursorPositionLivesInTheBiosDataArea) {
  int10(0x0200, 0x0000, 0, 0x0C22);  // row 12, column 34
  EXPECT_EQ(bda(0x50), 0x22);
  EXPECT_EQ(bda(0x51), 0x0C);
  // CRTC cursor location = 12*80 + 34 = 994 = 03E2h.
  EXPECT_EQ(card.vga().crtc(0x0E), 0x03);
  EXPECT_EQ(card.vga().crtc(0x0F), 0xE2);
  int10(0x0300);
  EXPECT_EQ(cpu.reg16(DX), 0x0C22);
  EXPECT_EQ(cpu.reg16(CX), 0x0607);  // the shape as the BIOS records it
  // A page other than the active one keeps its own position and leaves the CRTC alone.
  int10(0x0200, 0x0100, 0, 0x0101);
  EXPECT_EQ(bda(0x52), 0x01);
  EXPECT_EQ(card.vga().crtc(0x0F), 0xE2);
  EXPECT_EQ(card.textCursor().row, 12u);
  EXPECT_EQ(card.textCursor().column, 34u);
}

TEST_F(VideoTest, CursorShapeHidesAndEmulatesCgaLines) {
  int10(0x0100, 0, 0x2000);
  EXPECT_TRUE(card.vga().crtc(0x0A) & 0x20);
  EXPECT_FALSE(card.textCursor().visible);
  int10(0x0100, 0, 0x0007);  // CGA full block: lines 0-15 of the 16-line cell
  EXPECT_EQ(card.vga().crtc(0x0A), 0x00);
  EXPECT_EQ(card.vga().crtc(0x0B) & 0x1F, 15);
  EXPECT_EQ(bda(0x60), 0x07);
  EXPECT_EQ(bda(0x61), 0x00);
  int10(0x0100, 0, 0x0607);  // CGA underline: lines 13-14
  EXPECT_EQ(card.vga().crtc(0x0A) & 0x1F, 13);
  EXPECT_EQ(card.vga().crtc(0x0B) & 0x1F, 14);
}

TEST_F(VideoTest, SelectPageMovesTheStartAddress) {
  int10(0x0501);
  EXPECT_EQ(bda(0x62), 1);
  EXPECT_EQ(bda(0x4E), 0x00);
  EXPECT_EQ(bda(0x4F), 0x10);  // page offset 1000h
  EXPECT_EQ(card.vga().crtc(0x0C), 0x08);  // start address 800h character clocks
  card.writeMemory(0xB9000, 'P');
  EXPECT_EQ(card.textCell(0, 0).character, 'P');
  int10(0x0500);
  EXPECT_EQ(card.textCell(0, 0).character, ' ');
}

TEST_F(VideoTest, ScrollUpAndDownWindows) {
  for (unsigned r = 0; r < 5; ++r) card.writeMemory(0xB8000 + r * 160, static_cast<uint8_t>('0' + r));
  // Scroll rows 0-3, column 0-0, up by one with attribute 1Eh.
  int10(0x0601, 0x1E00, 0x0000, 0x0300);
  EXPECT_EQ(card.textCell(0, 0).character, '1');
  EXPECT_EQ(card.textCell(2, 0).character, '3');
  EXPECT_EQ(card.textCell(3, 0).character, ' ');
  EXPECT_EQ(card.textCell(3, 0).attribute, 0x1E);
  EXPECT_EQ(card.textCell(4, 0).character, '4');  // outside the window
  int10(0x0702, 0x2F00, 0x0000, 0x0300);
  EXPECT_EQ(card.textCell(0, 0).attribute, 0x2F);
  EXPECT_EQ(card.textCell(1, 0).attribute, 0x2F);
  EXPECT_EQ(card.textCell(2, 0).character, '1');
  EXPECT_EQ(card.textCell(3, 0).character, '2');
  // AL = 0 clears the whole window (DX beyond the screen is clipped).
  int10(0x0600, 0x7000, 0x0000, 0xFFFF);
  EXPECT_EQ(card.textCell(24, 79).attribute, 0x70);
  EXPECT_EQ(card.textCell(4, 0).character, ' ');
}

TEST_F(VideoTest, WriteCharacterCxTimesWithAndWithoutAttribute) {
  int10(0x0200, 0, 0, 0x0A4E);  // row 10, column 78
  int10(0x0941, 0x001F, 4);     // 'A' x4 with attribute 1Fh: wraps to the next row
  EXPECT_EQ(row(card, 10, 78, 2), "AA");
  EXPECT_EQ(row(card, 11, 0, 2), "AA");
  EXPECT_EQ(card.textCell(11, 1).attribute, 0x1F);
  EXPECT_EQ(card.textCell(11, 2).character, ' ');
  EXPECT_EQ(bda(0x50), 78);  // the cursor did not move
  int10(0x0A42, 0x004F, 1);  // 'B', attribute untouched
  EXPECT_EQ(card.textCell(10, 78).character, 'B');
  EXPECT_EQ(card.textCell(10, 78).attribute, 0x1F);
  int10(0x0800);
  EXPECT_EQ(cpu.reg8(AL), 'B');
  EXPECT_EQ(cpu.reg8(AH), 0x1F);
}

TEST_F(VideoTest, TeletypeHandlesControlsWrapsAndScrolls) {
  int bells = 0;
  card.setBellHook([&] { ++bells; });
  for (char c : std::string("AB\bC\rD\nE")) int10(static_cast<uint16_t>(0x0E00 | static_cast<uint8_t>(c)));
  // "AB", BS -> over B: "AC", CR -> column 0: "DC", LF -> row 1 at column 1: "E".
  EXPECT_EQ(row(card, 0, 0, 2), "DC");
  EXPECT_EQ(card.textCell(1, 1).character, 'E');
  EXPECT_EQ(bda(0x50), 2);
  EXPECT_EQ(bda(0x51), 1);
  int10(0x0E07);
  EXPECT_EQ(bells, 1);
  EXPECT_EQ(card.textCell(1, 2).character, ' ');  // BEL prints nothing
  // teletype() (DOS output) reports BEL by its result and leaves the hook to the caller.
  EXPECT_TRUE(card.teletype(bus, 0x07));
  EXPECT_FALSE(card.teletype(bus, 'x'));
  EXPECT_EQ(bells, 1);
  // At the bottom right a character wraps and the screen scrolls up one row.
  card.writeMemory(0xB8000 + 24 * 160 + 79 * 2 + 1, 0x1E);
  int10(0x0200, 0, 0, 0x184F);
  int10(0x0E5A);
  EXPECT_EQ(card.textCell(23, 79).character, 'Z');
  EXPECT_EQ(card.textCell(0, 0).character, ' ');  // row 1 ("E") moved to row 0
  EXPECT_EQ(card.textCell(0, 1).character, 'E');
  EXPECT_EQ(bda(0x51), 24);
  EXPECT_EQ(bda(0x50), 0);
}

TEST_F(VideoTest, WriteStringWithAndWithoutAttributes) {
  const uint8_t text[] = {'H', 'i', '!'};
  for (unsigned i = 0; i < 3; ++i) bus.write8(0x20000 + i, text[i]);
  cpu.setSeg(ES, 0x2000);
  cpu.setReg16(BP, 0);
  int10(0x1301, 0x0071, 3, 0x0304);  // AL=1: move the cursor; attribute 71h
  EXPECT_EQ(row(card, 3, 4, 3), "Hi!");
  EXPECT_EQ(card.textCell(3, 6).attribute, 0x71);
  EXPECT_EQ(bda(0x50), 7);
  const uint8_t pairs[] = {'o', 0x4F, 'k', 0x2A};
  for (unsigned i = 0; i < 4; ++i) bus.write8(0x20010 + i, pairs[i]);
  cpu.setReg16(BP, 0x10);
  int10(0x1302, 0, 2, 0x0500);  // AL=2: pairs; cursor stays
  EXPECT_EQ(row(card, 5, 0, 2), "ok");
  EXPECT_EQ(card.textCell(5, 1).attribute, 0x2A);
  EXPECT_EQ(bda(0x50), 7);
  EXPECT_EQ(bda(0x51), 3);
}

TEST_F(VideoTest, PixelsInMode13hAndMode12h) {
  int10(0x0013);
  int10(0x0C2C, 0, 100, 50);  // colour 2Ch at (100,50)
  EXPECT_EQ(card.peekMemory(0xA0000 + 50 * 320 + 100), 0x2C);
  int10(0x0D00, 0, 100, 50);
  EXPECT_EQ(cpu.reg8(AL), 0x2C);
  EXPECT_EQ(card.pixelRgb(100, 50), 0xFFFF00u);  // 2Ch (44): yellow (63,63,0)
  int10(0x0012);
  int10(0x0C0A, 0, 9, 1);  // colour 10 at (9,1): byte 80+1, bit 6
  EXPECT_EQ(card.vga().plane(1, 81), 0x40);
  EXPECT_EQ(card.vga().plane(3, 81), 0x40);
  EXPECT_EQ(card.vga().plane(0, 81), 0x00);
  int10(0x0C8F, 0, 9, 1);  // XOR with 15 -> 5
  int10(0x0D00, 0, 9, 1);
  EXPECT_EQ(cpu.reg8(AL), 5);
}

// CGA mode 04h (IBM CGA Technical Reference, "320x200 graphics"): pixel (x, y) is byte
// B8000h + 2000h * (y & 1) + 80 * (y / 2) + x / 4, bits 7-6 for x % 4 = 0; colours 1-3 of
// palette 1 are cyan, magenta and white, intense after the mode set.
TEST_F(VideoTest, Mode04hPixelsFollowTheCgaLayoutAndPalettes) {
  int10(0x0004);
  EXPECT_EQ(bda(0x49), 0x04);
  EXPECT_EQ(card.vga().geometry().width, 320u);
  EXPECT_EQ(card.vga().geometry().height, 200u);
  int10(0x0C03, 0, 5, 3);  // colour 3 at (5, 3): odd row, bank 2000h, row 1, byte 1, bits 5-4
  EXPECT_EQ(card.peekMemory(0xB8000 + 0x2000 + 80 + 1), 0x30);
  int10(0x0D00, 0, 5, 3);
  EXPECT_EQ(cpu.reg8(AL), 3);
  EXPECT_EQ(card.pixelRgb(5, 3), 0xFFFFFFu);  // intense white
  card.writeMemory(0xB8000 + 80 * 2, 0x6C);   // row 4: colours 1, 2, 3, 0
  EXPECT_EQ(card.pixelRgb(0, 4), 0x55FFFFu);  // light cyan
  EXPECT_EQ(card.pixelRgb(1, 4), 0xFF55FFu);  // light magenta
  EXPECT_EQ(card.pixelRgb(3, 4), 0x000000u);
  EXPECT_EQ(card.pixelRgb(0, 5), 0x000000u);  // row 5 is the other bank
  int10(0x0B00, 0x0100);                      // BH=1: palette 0, still intense: light green, light red, yellow
  EXPECT_EQ(card.pixelRgb(0, 4), 0x55FF55u);
  EXPECT_EQ(card.pixelRgb(2, 4), 0xFFFF55u);
  int10(0x0B00, 0x0001);  // BH=0: blue background, intensity (bit 4) off: green, red, brown
  EXPECT_EQ(card.pixelRgb(0, 4), 0x00AA00u);
  EXPECT_EQ(card.pixelRgb(1, 4), 0xAA0000u);
  EXPECT_EQ(card.pixelRgb(2, 4), 0xAA5500u);
  EXPECT_EQ(card.pixelRgb(3, 4), 0x0000AAu);
  EXPECT_EQ(bda(0x66), 0x01);
  cpu.setSeg(ES, 0x2000);
  int10(0x1B00, 0, 0, 0);  // state information: colours of the mode at offset 27h
  EXPECT_EQ(bus.peek8(0x20027) | (bus.peek8(0x20028) << 8), 4);
}

// Mode 06h: one bit a pixel, plane 0 at B8000h, the same two banks; mode 05h is 04h.
TEST_F(VideoTest, Mode06hIsTwoColoursAndMode05hIsMode04h) {
  int10(0x0006);
  EXPECT_EQ(card.vga().geometry().width, 640u);
  EXPECT_EQ(card.vga().geometry().height, 200u);
  card.writeMemory(0xB8000 + 0x2000, 0x81);  // row 1, pixels 0 and 7
  EXPECT_EQ(card.pixelRgb(0, 1), 0xFFFFFFu);
  EXPECT_EQ(card.pixelRgb(7, 1), 0xFFFFFFu);
  EXPECT_EQ(card.pixelRgb(1, 1), 0x000000u);
  EXPECT_EQ(card.pixelRgb(0, 0), 0x000000u);
  int10(0x0C01, 0, 639, 198);  // row 198: bank 0, row 99, byte 79, bit 0
  EXPECT_EQ(card.peekMemory(0xB8000 + 99 * 80 + 79), 0x01);
  int10(0x0005);
  EXPECT_EQ(bda(0x49), 0x05);
  int10(0x0C02, 0, 0, 0);
  EXPECT_EQ(card.peekMemory(0xB8000), 0x80);
}

// The EGA modes: 0Dh 320x200 and 0Eh 640x200 (CGA colours through the 200-line palette), 10h
// 640x350 (the EGA's 64 colours), all planar at A0000h like 12h.
TEST_F(VideoTest, EgaModes0Dh0EhAnd10hArePlanar) {
  const struct {
    uint8_t mode;
    unsigned width, height, bytesPerRow;
  } modes[] = {{0x0D, 320, 200, 40}, {0x0E, 640, 200, 80}, {0x10, 640, 350, 80}};
  for (const auto& m : modes) {
    int10(m.mode);
    EXPECT_EQ(card.vga().geometry().width, m.width) << int(m.mode);
    EXPECT_EQ(card.vga().geometry().height, m.height) << int(m.mode);
    int10(0x0C09, 0, 3, 2);  // colour 9 (light blue) at (3, 2): planes 0 and 3, bit 4
    EXPECT_EQ(card.vga().plane(0, 2 * m.bytesPerRow), 0x10) << int(m.mode);
    EXPECT_EQ(card.vga().plane(3, 2 * m.bytesPerRow), 0x10) << int(m.mode);
    EXPECT_EQ(card.pixelRgb(3, 2), 0x5555FFu) << int(m.mode);
    int10(0x0C0E, 0, 4, 2);
    EXPECT_EQ(card.pixelRgb(4, 2), 0xFFFF55u) << int(m.mode);  // yellow
    int10(0x0C06, 0, 5, 2);
    EXPECT_EQ(card.pixelRgb(5, 2), 0xAA5500u) << int(m.mode);  // brown
  }
}

TEST_F(VideoTest, TeletypeInMode13hDrawsGlyphsInColour) {
  int10(0x0013);
  int10(0x0E41, 0x000E);  // 'A' in colour 14 at cell (0,0), 8x8
  bool any = false;
  for (unsigned y = 0; y < 8; ++y)
    for (unsigned x = 0; x < 8; ++x) any |= card.vga().plane(x & 3, (y * 320 + x) & ~3u) == 14;
  EXPECT_TRUE(any);
  EXPECT_EQ(bda(0x50), 1);
}

TEST_F(VideoTest, PaletteFunctions) {
  int10(0x1010, 0x0020, 0x0506, 0x0700);  // DAC 20h = (7, 5, 6)
  EXPECT_EQ(card.vga().dac(0x20).r, 7);
  EXPECT_EQ(card.vga().dac(0x20).g, 5);
  EXPECT_EQ(card.vga().dac(0x20).b, 6);
  int10(0x1015, 0x0020);
  EXPECT_EQ(cpu.reg8(DH), 7);
  EXPECT_EQ(cpu.reg8(CH), 5);
  EXPECT_EQ(cpu.reg8(CL), 6);
  const uint8_t block[] = {1, 2, 3, 4, 5, 6};
  for (unsigned i = 0; i < 6; ++i) bus.write8(0x30000 + i, block[i]);
  cpu.setSeg(ES, 0x3000);
  int10(0x1012, 0x0040, 2, 0x0000);
  EXPECT_EQ(card.vga().dac(0x41).b, 6);
  int10(0x1017, 0x0040, 2, 0x0100);
  for (unsigned i = 0; i < 6; ++i) EXPECT_EQ(bus.peek8(0x30100 + i), block[i]);
  int10(0x1000, 0x3F01);  // palette register 1 = 3Fh (white)
  EXPECT_EQ(card.vga().attribute(1), 0x3F);
  int10(0x1007, 0x0001);
  EXPECT_EQ(cpu.reg8(BH), 0x3F);
  int10(0x1003, 0x0000);  // bright backgrounds instead of blinking
  EXPECT_EQ(card.vga().attribute(0x10) & 0x08, 0);
}

TEST_F(VideoTest, ConfigurationQueries) {
  int10(0x1A00);
  EXPECT_EQ(cpu.reg8(AL), 0x1A);
  EXPECT_EQ(cpu.reg8(BL), 0x08);
  int10(0x1200, 0x0010);
  EXPECT_EQ(cpu.reg8(BH), 0x00);
  EXPECT_EQ(cpu.reg8(BL), 0x03);
}

}  // namespace
}  // namespace asmlab::x86::pc::video::testing
