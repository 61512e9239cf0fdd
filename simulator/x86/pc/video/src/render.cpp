// Frame rendering of the VGA display (IBM VGA Technical Reference: CRTC Start Address, Offset,
// Maximum Scan Line, Underline Location and Mode Control registers; attribute controller Mode
// Control bits 2 (line graphics), 3 (blink) and 0 (graphics)).
#include "asmlab/x86/pc/video/render.hpp"

#include <algorithm>
#include <iterator>

#include "asmlab/x86/pc/video/cp437.hpp"

namespace asmlab::x86::pc::video {

namespace {

unsigned memoryAddress(const DisplayGeometry& g, unsigned counter) { return (counter << g.addressShift) & 0xFFFF; }

struct TextCellValue {
  uint8_t character, attribute;
};

TextCellValue cellAt(const Vga& vga, const DisplayGeometry& g, unsigned row, unsigned column) {
  const unsigned address = memoryAddress(g, g.startAddress + row * g.rowPitch + column);
  return {vga.plane(0, address), vga.plane(1, address)};
}

// Whether pixel column `px` (0-8) of scanline `line` of a character is foreground. The glyph
// comes from plane 2, 32 bytes per character, in the 8 KiB block the Sequencer Character Map
// Select register names: map A (bits 5, 3, 2) for characters whose attribute bit 3 is set, map B
// (bits 4, 1, 0) for the others (IBM VGA Technical Reference); both are block 0 after a mode set.
bool glyphPixel(const Vga& vga, const DisplayGeometry& g, uint8_t character, uint8_t attribute, unsigned line, unsigned px) {
  px /= g.dotRepeat;
  const uint8_t select = vga.sequencer(3);
  const unsigned map = (attribute & 0x08) ? (((select >> 2) & 0x03) | ((select >> 3) & 0x04)) : ((select & 0x03) | ((select >> 2) & 0x04));
  // Map values 0-3 are the 16 KiB-aligned blocks, 4-7 the blocks 8 KiB after them.
  const unsigned base = (map & 0x03) * 0x4000 + ((map >> 2) & 1) * 0x2000;
  const uint8_t row = vga.plane(2, base + character * 32u + line);
  if (px < 8) return (row >> (7 - px)) & 1;
  // The ninth column repeats the eighth for the line-drawing characters C0h-DFh when the line
  // graphics enable bit is set, otherwise it is background.
  return (vga.attribute(0x10) & 0x04) && character >= 0xC0 && character <= 0xDF && (row & 1);
}

void renderText(const Vga& vga, const DisplayGeometry& g, const RenderOptions& o, Frame& f) {
  const bool blinkEnabled = vga.attribute(0x10) & 0x08;
  const unsigned cursorStart = vga.crtc(0x0A) & 0x1F, cursorEnd = vga.crtc(0x0B) & 0x1F;
  const bool cursorShown = o.cursor && !(vga.crtc(0x0A) & 0x20) && cursorStart <= cursorEnd;
  const unsigned cursorCell = static_cast<uint16_t>(vga.cursorLocation() - g.startAddress);
  for (unsigned row = 0; row < g.rows; ++row) {
    for (unsigned column = 0; column < g.columns; ++column) {
      const TextCellValue cell = cellAt(vga, g, row, column);
      unsigned foreground = cell.attribute & 0x0F, background = cell.attribute >> 4;
      bool hidden = false;
      if (blinkEnabled) {
        background &= 7;
        hidden = (cell.attribute & 0x80) && !o.blinkOn;
      }
      const uint32_t fg = vga.attributeRgb(foreground), bg = vga.attributeRgb(background);
      const bool cursorHere = cursorShown && cursorCell == row * g.rowPitch + column;
      for (unsigned line = 0; line < g.charHeight; ++line) {
        const unsigned y = row * g.charHeight + line;
        if (y >= f.height) break;
        const bool cursorLine = cursorHere && line >= cursorStart && line <= cursorEnd;
        uint32_t* out = &f.pixels[size_t{y} * f.width + column * g.charWidth];
        for (unsigned px = 0; px < g.charWidth; ++px)
          out[px] = cursorLine || (!hidden && glyphPixel(vga, g, cell.character, cell.attribute, line, px)) ? fg : bg;
      }
    }
  }
}

uint32_t graphicsPixel(const Vga& vga, const DisplayGeometry& g, unsigned x, unsigned y) {
  if (g.kind == DisplayGeometry::Kind::Packed256) return vga.dacRgb(vga.plane(x & 3, g.address(y, x / 4)));
  const unsigned address = g.address(y, x / 8);
  if (g.kind == DisplayGeometry::Kind::Cga4) {
    const uint8_t pair = vga.plane((x & 7) < 4 ? 0 : 1, address);
    return vga.attributeRgb((pair >> (6 - 2 * (x & 3))) & 3u & vga.attribute(0x12));
  }
  const unsigned bit = 7 - (x & 7);
  unsigned colour = 0;
  for (unsigned p = 0; p < 4; ++p) colour |= ((vga.plane(p, address) >> bit) & 1u) << p;
  return vga.attributeRgb(colour & vga.attribute(0x12));  // Color Plane Enable
}

// A 12x19 arrow: 'X' outline (black), '.' fill (white).
constexpr const char* kArrow[] = {
    "X",           "XX",          "X.X",         "X..X",        "X...X",       "X....X",      "X.....X",
    "X......X",    "X.......X",   "X........X",  "X.....XXXXX", "X..X..X",     "X.X X..X",    "XX  X..X",
    "X    X..X",   "     X..X",   "      X..X",  "      X..X",  "       XX",
};

}  // namespace

void renderFrame(const Vga& vga, const RenderOptions& options, Frame& frame) {
  const DisplayGeometry g = vga.geometry();
  frame.width = g.width;
  frame.height = g.height;
  frame.pixels.assign(size_t{g.width} * g.height, 0);
  if (g.kind == DisplayGeometry::Kind::Text) {
    renderText(vga, g, options, frame);
  } else {
    for (unsigned y = 0; y < g.height; ++y)
      for (unsigned x = 0; x < g.width; ++x) frame.pixels[size_t{y} * g.width + x] = graphicsPixel(vga, g, x, y);
  }
  if (options.pointer.visible) drawPointer(vga, options.pointer, frame);
}

uint32_t renderPixel(const Vga& vga, unsigned x, unsigned y) {
  const DisplayGeometry g = vga.geometry();
  if (x >= g.width || y >= g.height) return 0;
  if (g.kind != DisplayGeometry::Kind::Text) return graphicsPixel(vga, g, x, y);
  const unsigned row = y / g.charHeight, column = x / g.charWidth;
  const TextCellValue cell = cellAt(vga, g, row, column);
  unsigned background = cell.attribute >> 4;
  if (vga.attribute(0x10) & 0x08) background &= 7;
  const bool on = glyphPixel(vga, g, cell.character, cell.attribute, y % g.charHeight, x % g.charWidth);
  return vga.attributeRgb(on ? (cell.attribute & 0x0F) : background);
}

void drawPointer(const Vga& vga, const Pointer& pointer, Frame& frame) {
  if (!pointer.visible) return;
  // In text modes the mouse driver draws its cursor itself, in video memory (the Microsoft
  // driver's software text cursor), so the frame already shows it: nothing is overlaid.
  const DisplayGeometry g = vga.geometry();
  if (g.kind == DisplayGeometry::Kind::Text) return;
  const int hotX = frame.width <= 320 ? pointer.x / 2 : pointer.x;
  const int hotY = pointer.y;
  for (int dy = 0; dy < static_cast<int>(std::size(kArrow)); ++dy) {
    for (int dx = 0; kArrow[dy][dx] != '\0'; ++dx) {
      const char c = kArrow[dy][dx];
      const int x = hotX + dx, y = hotY + dy;
      if (c == ' ' || x < 0 || y < 0 || x >= static_cast<int>(frame.width) || y >= static_cast<int>(frame.height)) continue;
      frame.pixels[size_t(y) * frame.width + size_t(x)] = c == 'X' ? 0x000000 : 0xFFFFFF;
    }
  }
}

std::string dumpText(const Vga& vga) {
  const DisplayGeometry g = vga.geometry();
  if (g.kind != DisplayGeometry::Kind::Text) return {};
  std::string out;
  for (unsigned row = 0; row < g.rows; ++row) {
    std::string line;
    for (unsigned column = 0; column < g.columns; ++column) appendCp437AsUtf8(line, cellAt(vga, g, row, column).character);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace asmlab::x86::pc::video
