// Turning VGA memory and registers into pixels, the way the monitor would show them: text modes
// with the glyphs in plane 2 (loaded by the BIOS mode set from the CP437 font), attributes,
// blinking and the hardware cursor; 16-colour planar and 256-colour packed (chain-4 or unchained
// "Mode X") graphics at the resolution the CRTC programs. Also the mouse-pointer overlay, PNG
// files and the text dump.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asmlab/x86/pc/video/vga.hpp"

namespace asmlab::x86::pc::video {

struct Pointer {
  bool visible = false;
  int x = 0, y = 0;  // the mouse driver's virtual-screen coordinates
};

struct RenderOptions {
  bool cursor = false;       // draw the text cursor (CRTC 0Ah/0Bh/0Eh/0Fh)
  bool blinkOn = true;       // phase of blinking characters: true = shown (screenshots)
  Pointer pointer;           // the mouse pointer overlay
};

struct Frame {
  unsigned width = 0, height = 0;
  std::vector<uint32_t> pixels;  // 0xRRGGBB, row-major
  uint32_t at(unsigned x, unsigned y) const { return pixels[size_t{y} * width + x]; }
};

void renderFrame(const Vga& vga, const RenderOptions& options, Frame& frame);

// One pixel of the current display without rendering the whole frame (FrameBuffer capability).
uint32_t renderPixel(const Vga& vga, unsigned x, unsigned y);

// The mouse pointer in graphics modes: an arrow whose tip is the hot spot, in the driver's
// virtual-screen coordinates (640 wide: x halved in 320-pixel modes). Nothing in text modes: there
// the INT 33h driver draws the cursor in video memory, as the Microsoft driver does, so the text
// cells already show it (docs/pc-video.md, "Rendering").
void drawPointer(const Vga& vga, const Pointer& pointer, Frame& frame);

// PNG (8-bit RGB) with libpng. False with `error` (path: reason) when the file cannot be written.
bool writePng(const std::string& path, const Frame& frame, std::string& error);
bool readPng(const std::string& path, Frame& frame, std::string& error);

// The text cells of the displayed page as UTF-8 (CP437 mapped), one line per row, each ended by a
// newline, trailing blanks of each line trimmed. Empty when a graphics mode is displayed.
std::string dumpText(const Vga& vga);

}  // namespace asmlab::x86::pc::video
