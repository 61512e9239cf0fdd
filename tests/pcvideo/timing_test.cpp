// Input status 1 (3DAh) against the simulated clock. Expected values are computed by hand from the
// mode 03h timings: 28.322 MHz dot clock, 9-dot characters, horizontal total 5Fh+5 = 100
// characters = 900 dots per line, vertical total 1BFh+2 = 449 lines, 720 dots and 400 lines
// displayed, vertical retrace from line 19Ch = 412 for 2 lines (end register low nibble Eh).
// CPU clock 4,772,727 Hz, so clock c is at dot floor(c * 28322000 / 4772727).
#include "fixture.hpp"

namespace asmlab::x86::pc::video::testing {
namespace {

TEST_F(VideoTest, FrameRateIsSeventyHertzInText) {
  // 900 * 449 / 28,322,000 = 14.268 ms: 70.09 frames per second.
  EXPECT_NEAR(1.0 / card.vga().frameSeconds(), 70.087, 0.01);
  int10(0x0013);  // 800 dots (8-dot characters at 25.175 MHz) x 449 lines: 70.09 Hz too
  EXPECT_NEAR(1.0 / card.vga().frameSeconds(), 70.086, 0.01);
}

TEST_F(VideoTest, DisplayEnableBitFollowsTheBeam) {
  clock.clock = 10;  // dot 59 of line 0: displaying
  EXPECT_EQ(in(0x3DA) & 0x09, 0x00);
  clock.clock = 136;  // dot 807 of line 0: horizontal blanking (past 720)
  EXPECT_EQ(in(0x3DA) & 0x09, 0x01);
}

TEST_F(VideoTest, VerticalRetraceBitDuringLines412And413) {
  // Line 412 starts at dot 370,800 = clock 62,485.6; line 414 at dot 372,600 = clock 62,789.0.
  clock.clock = 62480;
  EXPECT_EQ(in(0x3DA) & 0x08, 0x00);
  clock.clock = 62490;
  EXPECT_EQ(in(0x3DA) & 0x09, 0x09);  // retrace is outside the display: bit 0 set as well
  clock.clock = 62785;
  EXPECT_EQ(in(0x3DA) & 0x08, 0x08);
  clock.clock = 62795;
  EXPECT_EQ(in(0x3DA) & 0x08, 0x00);
  // One frame (404,100 dots = 68,098.7 clocks) later the same line is in retrace again.
  clock.clock = 62490 + 68099;
  EXPECT_EQ(in(0x3DA) & 0x08, 0x08);
}

TEST_F(VideoTest, ModeXTimingsGiveSixtyHertz) {
  enterModeX();
  // 800 dots x (20Dh+2 = 527 lines) at 25.175 MHz: 59.71 Hz; retrace from line 1EAh = 490.
  EXPECT_NEAR(1.0 / card.vga().frameSeconds(), 59.713, 0.01);
  // Line 490 starts at dot 392,000 = clock 74,315.5; line 492 at 393,600 = clock 74,618.9.
  clock.clock = 74310;
  EXPECT_EQ(in(0x3DA) & 0x08, 0x00);
  clock.clock = 74320;
  EXPECT_EQ(in(0x3DA) & 0x08, 0x08);
  clock.clock = 74625;
  EXPECT_EQ(in(0x3DA) & 0x08, 0x00);
}

TEST_F(VideoTest, PeekPortHasNoSideEffects) {
  out(0x3C0, 0x11);  // flip-flop now at data
  (void)card.peekPort(0x3DA);
  out(0x3C0, 0x03);  // still data: attribute 11h = 3
  EXPECT_EQ(card.vga().attribute(0x11), 0x03);
}

}  // namespace
}  // namespace asmlab::x86::pc::video::testing
