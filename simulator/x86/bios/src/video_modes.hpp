// Register tables of the video modes the BIOS sets, and the default DAC palettes.
#pragma once

#include <array>
#include <cstdint>

#include "asmlab/x86/pc/video/vga.hpp"

namespace asmlab::x86::bios {

struct VideoModeTable {
  uint8_t number;
  bool text;
  uint8_t columns, rows;       // character cells (BIOS data area 004Ah and 0084h + 1)
  uint8_t charHeight;          // 0085h: scanlines per character
  uint16_t pageSize;           // 004Ch: bytes of one page
  uint8_t modeControl;         // 0065h: the CGA mode-control value the BIOS records
  uint8_t misc;
  std::array<uint8_t, 5> sequencer;
  std::array<uint8_t, 25> crtc;
  std::array<uint8_t, 9> graphics;
  std::array<uint8_t, 21> attribute;
};

const VideoModeTable* findVideoMode(uint8_t number);

// The 64-entry EGA-compatible DAC contents loaded for 16-colour and text modes, and the
// 256-entry default palette of mode 13h (IBM VGA BIOS defaults).
void loadEgaPalette(pc::video::Vga& vga);
void loadCgaPalette(pc::video::Vga& vga);
void loadDefault256Palette(pc::video::Vga& vga);
pc::video::Rgb6 default256Colour(unsigned index);

}  // namespace asmlab::x86::bios
