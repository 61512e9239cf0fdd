// Register-level behaviour of the VGA: text memory, chain-4, Mode X planes, latches, the DAC.
#include "fixture.hpp"

namespace asmlab::x86::pc::video::testing {
namespace {

TEST_F(VideoTest, PowerOnIsMode03hWithBlankScreen) {
  EXPECT_EQ(card.mode(), 0x03);
  EXPECT_TRUE(card.textModeActive());
  EXPECT_EQ(card.textRows(), 25u);
  EXPECT_EQ(card.textColumns(), 80u);
  EXPECT_EQ(card.frameWidth(), 720u);  // 80 cells of 9 dots
  EXPECT_EQ(card.frameHeight(), 400u);
  EXPECT_EQ(card.textCell(24, 79).character, ' ');
  EXPECT_EQ(card.textCell(24, 79).attribute, 0x07);
  EXPECT_EQ(bda(0x49), 0x03);
  EXPECT_EQ(bda(0x4A), 80);
  EXPECT_EQ(bda(0x84), 24);
  EXPECT_EQ(bda(0x63), 0xD4);
  EXPECT_EQ(bda(0x64), 0x03);
}

TEST_F(VideoTest, TextMemoryHoldsCharacterAndAttributePairs) {
  // Row 2, column 5: offset (2*80+5)*2 = 330 = 14Ah.
  card.writeMemory(0xB8000 + 0x14A, 'Q');
  card.writeMemory(0xB8000 + 0x14B, 0x4E);
  EXPECT_EQ(card.textCell(2, 5).character, 'Q');
  EXPECT_EQ(card.textCell(2, 5).attribute, 0x4E);
  EXPECT_EQ(card.peekMemory(0xB814A), 'Q');
  EXPECT_EQ(card.readMemory(0xB814B), 0x4E);
  // Text mode decodes B8000h-BFFFFh only.
  EXPECT_EQ(card.peekMemory(0xA0000), 0xFF);
}

TEST_F(VideoTest, Mode13hIsChainFourOneBytePerPixel) {
  int10(0x0013);
  EXPECT_EQ(card.mode(), 0x13);
  EXPECT_TRUE(card.graphicsMode());
  EXPECT_EQ(card.frameWidth(), 320u);
  EXPECT_EQ(card.frameHeight(), 200u);
  card.writeMemory(0xA0000 + 10 * 320 + 7, 0x28);
  // Chain-4: pixel 7 is in plane 3 at offset (3207 & ~3) = 3204.
  EXPECT_EQ(card.vga().plane(3, 3204), 0x28);
  EXPECT_EQ(card.peekMemory(0xA0000 + 10 * 320 + 7), 0x28);
  // Default palette entry 28h (40) is pure red (63,0,0).
  EXPECT_EQ(card.pixelRgb(7, 10), 0xFF0000u);
  EXPECT_EQ(card.pixelRgb(8, 10), 0x000000u);
}

TEST_F(VideoTest, ModeXMapMaskWritesAndReadMapReads) {
  enterModeX();
  EXPECT_TRUE(card.unchained());
  EXPECT_EQ(card.mode(), 0x13);
  EXPECT_EQ(card.frameWidth(), 320u);
  EXPECT_EQ(card.frameHeight(), 240u);  // follows the CRTC: 480 lines / 2
  out(0x3C4, 0x02); out(0x3C5, 0x02);   // map mask: plane 1 only
  card.writeMemory(0xA0000 + 5, 9);
  EXPECT_EQ(card.vga().plane(1, 5), 9);
  EXPECT_EQ(card.vga().plane(0, 5), 0);
  EXPECT_EQ(card.vga().plane(2, 5), 0);
  // Pixel (x,y) is plane x&3 at y*80 + x/4: offset 5 plane 1 is x = 21, y = 0.
  EXPECT_EQ(card.pixelRgb(21, 0), 0x5555FFu);  // colour 9: light blue (21,21,63)
  EXPECT_EQ(card.pixelRgb(20, 0), 0x000000u);
  out(0x3C5, 0x0C);  // planes 2 and 3 at once
  card.writeMemory(0xA0000 + 80 * 239 + 79, 14);
  EXPECT_EQ(card.pixelRgb(318, 239), 0xFFFF55u);  // colour 14: yellow
  EXPECT_EQ(card.pixelRgb(319, 239), 0xFFFF55u);
  EXPECT_EQ(card.pixelRgb(317, 239), 0x000000u);
  out(0x3CE, 0x04); out(0x3CF, 0x01);  // read map select: plane 1
  EXPECT_EQ(card.readMemory(0xA0005), 9);
  out(0x3CF, 0x00);
  EXPECT_EQ(card.readMemory(0xA0005), 0);
}

TEST_F(VideoTest, WriteModeOneCopiesTheLatches) {
  enterModeX();
  for (unsigned p = 0; p < 4; ++p) {
    out(0x3C4, 0x02); out(0x3C5, static_cast<uint8_t>(1u << p));
    card.writeMemory(0xA0100, static_cast<uint8_t>(0x10 + p));
  }
  out(0x3C5, 0x0F);
  out(0x3CE, 0x05); out(0x3CF, 0x41);  // write mode 1
  (void)card.readMemory(0xA0100);     // loads all four latches
  card.writeMemory(0xA0200, 0xEE);    // the CPU's byte is ignored
  for (unsigned p = 0; p < 4; ++p) EXPECT_EQ(card.vga().plane(p, 0x200), 0x10 + p) << "plane " << p;
  // Only the planes enabled in the map mask are written.
  out(0x3C5, 0x05);
  card.writeMemory(0xA0300, 0);
  EXPECT_EQ(card.vga().plane(0, 0x300), 0x10);
  EXPECT_EQ(card.vga().plane(1, 0x300), 0x00);
  EXPECT_EQ(card.vga().plane(2, 0x300), 0x12);
}

TEST_F(VideoTest, WriteModeZeroSetResetAndBitMask) {
  int10(0x0012);
  EXPECT_EQ(card.frameWidth(), 640u);
  EXPECT_EQ(card.frameHeight(), 480u);
  out(0x3CE, 0x00); out(0x3CF, 0x0C);  // set/reset value: colour 12
  out(0x3CE, 0x01); out(0x3CF, 0x0F);  // enable set/reset on all planes
  out(0x3CE, 0x08); out(0x3CF, 0x80);  // bit mask: leftmost pixel of the byte
  (void)card.readMemory(0xA0000);
  card.writeMemory(0xA0000, 0xFF);
  EXPECT_EQ(card.vga().plane(2, 0), 0x80);
  EXPECT_EQ(card.vga().plane(3, 0), 0x80);
  EXPECT_EQ(card.vga().plane(0, 0), 0x00);
  EXPECT_EQ(card.pixelRgb(0, 0), 0xFF5555u);  // colour 12: light red
  EXPECT_EQ(card.pixelRgb(1, 0), 0x000000u);
}

TEST_F(VideoTest, DacWriteAndReadAutoIncrementByColour) {
  out(0x3C8, 5);
  const uint8_t values[] = {1, 2, 3, 0x7F, 5, 6};  // 7Fh keeps its low six bits: 3Fh
  for (uint8_t v : values) out(0x3C9, v);
  EXPECT_EQ(card.vga().dac(5).r, 1);
  EXPECT_EQ(card.vga().dac(5).b, 3);
  EXPECT_EQ(card.vga().dac(6).r, 0x3F);
  EXPECT_EQ(in(0x3C8), 7);  // write index moved past both colours
  EXPECT_EQ(in(0x3C7), 0x00);
  out(0x3C7, 5);
  EXPECT_EQ(in(0x3C7), 0x03);  // DAC state: read mode
  const uint8_t expected[] = {1, 2, 3, 0x3F, 5, 6};
  for (uint8_t e : expected) EXPECT_EQ(in(0x3C9), e);
  // A partial write is not stored until blue arrives. Entry 9 holds the EGA default for the
  // 6-bit value 001001b: B and b set, so blue = 2Ah + 15h = 3Fh, red and green 0.
  out(0x3C8, 9);
  out(0x3C9, 10);
  out(0x3C9, 11);
  EXPECT_EQ(card.vga().dac(9).r, 0);
  EXPECT_EQ(card.vga().dac(9).b, 0x3F);
  out(0x3C9, 12);
  EXPECT_EQ(card.vga().dac(9).r, 10);
  EXPECT_EQ(card.vga().dac(9).g, 11);
  EXPECT_EQ(card.vga().dac(9).b, 12);
}

TEST_F(VideoTest, AttributeControllerFlipFlopResetByStatusRead) {
  out(0x3C0, 0x12);  // index 12h; the next write would be data
  (void)in(0x3DA);   // reset: the next write is an index again
  out(0x3C0, 0x11);
  out(0x3C0, 0x05);
  EXPECT_EQ(card.vga().attribute(0x11), 0x05);
  EXPECT_EQ(card.vga().attribute(0x12), 0x0F);  // unchanged (mode 03h default)
}

TEST_F(VideoTest, CrtcProtectBitGuardsRegistersZeroToSeven) {
  out(0x3D4, 0x06); out(0x3D5, 0x0D);  // mode 03h leaves 11h bit 7 set
  EXPECT_EQ(card.vga().crtc(0x06), 0xBF);
  out(0x3D4, 0x11); out(0x3D5, 0x0E);
  out(0x3D4, 0x06); out(0x3D5, 0x0D);
  EXPECT_EQ(card.vga().crtc(0x06), 0x0D);
}

TEST_F(VideoTest, SnapshotRestoresMemoryRegistersAndMode) {
  int10(0x0013);
  card.writeMemory(0xA0000, 0x42);
  const auto state = card.saveState();
  int10(0x0003);
  card.restoreState(state);
  EXPECT_EQ(card.mode(), 0x13);
  EXPECT_EQ(card.peekMemory(0xA0000), 0x42);
  EXPECT_EQ(card.frameWidth(), 320u);
}

}  // namespace
}  // namespace asmlab::x86::pc::video::testing
