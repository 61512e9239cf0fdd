// Rendering, screenshots and the text dump.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "asmlab/x86/pc/video/font.hpp"
#include "fixture.hpp"

namespace asmlab::x86::pc::video::testing {
namespace {

constexpr uint32_t kBlue = 0x0000AA, kWhite = 0xFFFFFF, kGrey = 0xAAAAAA, kBlack = 0x000000;

Frame renderOf(const VgaCard& card, bool cursor = false) {
  Frame f;
  RenderOptions o;
  o.cursor = cursor;
  o.pointer = card.pointer();
  card.renderFrame(o, f);
  return f;
}

TEST(Cp437Font, CapitalAHasTheVgaShape) {
  // The VGA 'A' (8x16): apex at row 2, sides in columns 0 and 6 from row 5, crossbar at row 7.
  const auto& a = kCp437Font8x16['A'];
  EXPECT_EQ(a[0], 0x00);
  EXPECT_EQ(a[1], 0x00);
  EXPECT_EQ(a[2], 0x10);  // ...X....
  EXPECT_EQ(a[7], 0xFE);  // XXXXXXX.
  EXPECT_EQ(a[10] & 0xC6, 0xC6);
  EXPECT_EQ(a[15], 0x00);
  // The full block DBh is solid, the space blank, the light shade B0h a quarter of the dots.
  for (unsigned r = 0; r < 16; ++r) EXPECT_EQ(kCp437Font8x16[0xDB][r], 0xFF);
  for (unsigned r = 0; r < 16; ++r) EXPECT_EQ(kCp437Font8x16[' '][r], 0x00);
  // Every printable character has at least one dot, in both sizes.
  for (unsigned c = 1; c < 256; ++c) {
    if (c == 0x20 || c == 0xFF) continue;
    unsigned dots16 = 0, dots8 = 0;
    for (unsigned r = 0; r < 16; ++r) dots16 += kCp437Font8x16[c][r] != 0;
    for (unsigned r = 0; r < 8; ++r) dots8 += kCp437Font8x8[c][r] != 0;
    EXPECT_GT(dots16, 0u) << "character " << c;
    EXPECT_GT(dots8, 0u) << "character " << c;
  }
}

TEST_F(VideoTest, TextCellRendersGlyphInAttributeColours) {
  card.writeMemory(0xB8000, 'A');
  card.writeMemory(0xB8001, 0x1F);  // bright white on blue
  const Frame f = renderOf(card);
  ASSERT_EQ(f.width, 720u);
  ASSERT_EQ(f.height, 400u);
  EXPECT_EQ(f.at(3, 2), kWhite);   // apex
  EXPECT_EQ(f.at(2, 2), kBlue);
  for (unsigned x = 0; x < 7; ++x) EXPECT_EQ(f.at(x, 7), kWhite) << x;  // crossbar
  EXPECT_EQ(f.at(7, 7), kBlue);
  EXPECT_EQ(f.at(8, 7), kBlue);    // ninth dot: background for letters
  EXPECT_EQ(f.at(9, 7), kBlack);   // next cell: blank, black background
  EXPECT_EQ(card.pixelRgb(3, 2), kWhite);
}

TEST_F(VideoTest, LineDrawingCharactersExtendIntoTheNinthDot) {
  card.writeMemory(0xB8000, 0xC4);  // horizontal line
  const Frame f = renderOf(card);
  unsigned lineRow = 99;
  for (unsigned y = 0; y < 16 && lineRow == 99; ++y)
    if (f.at(0, y) == kGrey) lineRow = y;
  ASSERT_NE(lineRow, 99u);
  EXPECT_EQ(f.at(8, lineRow), kGrey);
  EXPECT_EQ(f.at(9, lineRow), kBlack);
}

TEST_F(VideoTest, BlinkBitIsBlinkOrBrightBackground) {
  card.writeMemory(0xB8000, 0xDB);
  card.writeMemory(0xB8001, 0x9F);
  card.writeMemory(0xB8002, ' ');
  card.writeMemory(0xB8003, 0x9F);
  Frame f = renderOf(card);
  EXPECT_EQ(f.at(0, 0), kWhite);      // blink phase "on" in screenshots
  EXPECT_EQ(f.at(9 + 2, 5), kBlue);   // background 9 -> 1 while blinking is enabled
  RenderOptions off;
  off.blinkOn = false;
  card.renderFrame(off, f);
  EXPECT_EQ(f.at(0, 0), kBlue);       // blinking character hidden in its off phase
  int10(0x1003, 0x0000);
  f = renderOf(card);
  EXPECT_EQ(f.at(9 + 2, 5), 0x5555FFu);  // bright background: light blue
}

TEST_F(VideoTest, LiveBlinkPhasesFollowTheFrameCount) {
  // Mode 03h frames last 404,100 / 28,322,000 s = 68,098.7 clocks.
  clock.clock = 0;
  EXPECT_TRUE(card.cursorPhaseOn());
  EXPECT_TRUE(card.blinkPhaseOn());
  clock.clock = 9 * 68099;  // frame 9: cursor off (frames 8-15), characters still shown
  EXPECT_FALSE(card.cursorPhaseOn());
  EXPECT_TRUE(card.blinkPhaseOn());
  clock.clock = 17 * 68099;  // frame 17: cursor on again, blinking characters hidden
  EXPECT_TRUE(card.cursorPhaseOn());
  EXPECT_FALSE(card.blinkPhaseOn());
  EXPECT_FALSE(card.liveRenderOptions().blinkOn);
}

TEST_F(VideoTest, CursorIsDrawnOnItsScanlines) {
  int10(0x0200, 0, 0, 0x0102);  // row 1, column 2
  const Frame f = renderOf(card, true);
  const unsigned x = 2 * 9 + 4, y = 16;
  EXPECT_EQ(f.at(x, y + 12), kBlack);
  EXPECT_EQ(f.at(x, y + 13), kGrey);  // lines 13-14, in the cell's foreground (07h)
  EXPECT_EQ(f.at(x, y + 14), kGrey);
  EXPECT_EQ(f.at(x, y + 15), kBlack);
  EXPECT_EQ(renderOf(card, false).at(x, y + 13), kBlack);
}

TEST_F(VideoTest, Mode13hFrameUsesTheDac) {
  int10(0x0013);
  card.writeMemory(0xA0000 + 199 * 320 + 319, 0x37);
  out(0x3C8, 0x37);
  out(0x3C9, 0x3F); out(0x3C9, 0x20); out(0x3C9, 0x00);
  const Frame f = renderOf(card);
  ASSERT_EQ(f.width, 320u);
  ASSERT_EQ(f.height, 200u);
  EXPECT_EQ(f.at(319, 199), 0xFF8200u);  // 20h -> 80h | 20h>>4 = 82h
  EXPECT_EQ(f.at(0, 0), 0x000000u);
  EXPECT_EQ(card.paletteRgb()[0x37], 0xFF8200u);
}

TEST_F(VideoTest, ModeXStartAddressScrollsThePicture) {
  enterModeX();
  out(0x3C4, 0x02); out(0x3C5, 0x01);
  card.writeMemory(0xA0000 + 80 * 10, 4);  // pixel (0,10) red
  out(0x3D4, 0x0C); out(0x3D5, 0x00);
  out(0x3D4, 0x0D); out(0x3D5, 80 * 3);    // start 3 rows later
  const Frame f = renderOf(card);
  EXPECT_EQ(f.height, 240u);
  EXPECT_EQ(f.at(0, 7), 0xAA0000u);
  EXPECT_EQ(f.at(0, 10), 0x000000u);
}

TEST_F(VideoTest, PointerIsOverlaidInGraphicsModesOnly) {
  // Text modes: the INT 33h driver draws the cursor in video memory itself, so the adapter must
  // not draw it a second time (a second inversion would cancel the first).
  card.writeMemory(0xB8000 + (1 * 80 + 2) * 2 + 1, 0x1E);  // yellow on blue
  card.setPointerCursor({true, 16, 8});                      // cell (row 1, column 2)
  Frame f = renderOf(card);
  EXPECT_EQ(f.at(2 * 9, 16), kBlue);  // the cell's own background, not inverted
  int10(0x0013);
  card.setPointerCursor({true, 100, 50});  // x halved in 320-pixel modes
  f = renderOf(card);
  EXPECT_EQ(f.at(50, 50), 0x000000u);   // the tip (outline)
  EXPECT_EQ(f.at(51, 52), 0xFFFFFFu);   // inside the arrow
  card.setPointerCursor({false, 100, 50});
  card.writeMemory(0xA0000 + 52 * 320 + 51, 4);
  EXPECT_EQ(renderOf(card).at(51, 52), 0xAA0000u);
}

TEST_F(VideoTest, PngRoundTrip) {
  card.writeMemory(0xB8000, 'A');
  card.writeMemory(0xB8001, 0x4E);
  const auto path = (std::filesystem::temp_directory_path() / "asmlab_pcvideo_roundtrip.png").string();
  std::string error;
  ASSERT_TRUE(card.writePng(path, error)) << error;
  Frame back;
  ASSERT_TRUE(readPng(path, back, error)) << error;
  std::filesystem::remove(path);
  Frame expected;
  RenderOptions o;
  o.cursor = true;
  card.renderFrame(o, expected);
  ASSERT_EQ(back.width, expected.width);
  ASSERT_EQ(back.height, expected.height);
  EXPECT_EQ(back.pixels, expected.pixels);
  EXPECT_EQ(back.at(3, 2), 0xFFFF55u);  // yellow apex on red
}

TEST_F(VideoTest, PngToAnUnwritablePathFailsWithAMessage) {
  std::string error;
  EXPECT_FALSE(card.writePng("/nonexistent-dir/x.png", error));
  EXPECT_NE(error.find("/nonexistent-dir/x.png"), std::string::npos);
}

TEST_F(VideoTest, TextDumpMapsCp437ToUtf8) {
  const uint8_t line[] = {'H', 0x82, 0xC4, 0x01, ' ', ' '};
  for (unsigned i = 0; i < sizeof line; ++i) card.writeMemory(0xB8000 + 160 * 2 + i * 2, line[i]);
  const std::string dump = card.dumpText();
  // 25 lines; row 2 holds "Hé─☺" with the trailing blanks trimmed.
  EXPECT_EQ(std::count(dump.begin(), dump.end(), '\n'), 25);
  EXPECT_EQ(dump.substr(0, 3), "\n\nH");
  EXPECT_NE(dump.find("H\xC3\xA9\xE2\x94\x80\xE2\x98\xBA\n"), std::string::npos);
  int10(0x0013);
  EXPECT_EQ(card.dumpText(), "");
  EXPECT_FALSE(card.textModeActive());
  EXPECT_EQ(card.textRows(), 0u);
}

TEST_F(VideoTest, RenderingIsDeterministic) {
  int10(0x0013);
  for (unsigned i = 0; i < 64000; i += 7) card.writeMemory(0xA0000 + i, static_cast<uint8_t>(i * 13));
  std::vector<uint32_t> a, b;
  unsigned w = 0, h = 0;
  card.render(a, w, h);
  card.render(b, w, h);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.size(), 320u * 200u);
}

}  // namespace
}  // namespace asmlab::x86::pc::video::testing

namespace asmlab::x86::pc::video::testing {
namespace {

// Programs can write anything to the registers; whatever they describe must render without a
// crash (a fixed-seed generator keeps the test repeatable).
TEST_F(VideoTest, ArbitraryRegisterValuesRenderSafely) {
  uint32_t seed = 12345;
  auto next = [&seed] {
    seed = seed * 1103515245u + 12345u;
    return static_cast<uint8_t>(seed >> 16);
  };
  for (int round = 0; round < 40; ++round) {
    for (uint8_t i = 0; i < 25; ++i) { out(0x3D4, 0x11); out(0x3D5, 0); out(0x3D4, i); out(0x3D5, next()); }
    for (uint8_t i = 0; i < 5; ++i) { out(0x3C4, i); out(0x3C5, next()); }
    for (uint8_t i = 0; i < 9; ++i) { out(0x3CE, i); out(0x3CF, next()); }
    (void)in(0x3DA);
    for (uint8_t i = 0; i < 21; ++i) { out(0x3C0, i); out(0x3C0, next()); }
    out(0x3C2, next());
    for (int i = 0; i < 64; ++i) card.writeMemory(0xA0000 + next() * 256u + next(), next());
    std::vector<uint32_t> pixels;
    unsigned w = 0, h = 0;
    card.render(pixels, w, h, true);
    EXPECT_EQ(pixels.size(), size_t{w} * h);
    (void)card.dumpText();
    if (w > 0 && h > 0) (void)card.pixelRgb(w - 1, h - 1);
    for (unsigned r = 0; r < card.textRows(); ++r) (void)card.textCell(r, 0);
    clock.clock += 12345;
    (void)in(0x3DA);
  }
}

}  // namespace
}  // namespace asmlab::x86::pc::video::testing
