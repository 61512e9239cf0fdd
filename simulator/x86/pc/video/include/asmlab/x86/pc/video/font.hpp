// The code page 437 glyphs, 8 pixels wide, generated at build time from the Debian
// console-setup-linux VGA console fonts (docs/pc-video.md, "Font"). Row r of character c is
// kCp437Font8x16[c][r] (8x14 and 8x8 alike); bit 7 is the leftmost pixel.
#pragma once

#include <cstdint>

namespace asmlab::x86::pc::video {

extern const uint8_t kCp437Font8x16[256][16];
extern const uint8_t kCp437Font8x14[256][14];
extern const uint8_t kCp437Font8x8[256][8];

}  // namespace asmlab::x86::pc::video
