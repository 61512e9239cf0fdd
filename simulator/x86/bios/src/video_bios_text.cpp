// INT 10h character, pixel and palette services: 06h/07h scroll, 08h-0Ah characters, 0Ch/0Dh
// pixels, 0Eh teletype, 10h palette/DAC, 13h write string. In graphics modes characters are drawn
// from the ROM font (8x8 cells in mode 13h, 8x16 in mode 12h) in the colour given, as the BIOS does.
#include <algorithm>

#include "asmlab/x86/bios/video_bios.hpp"
#include "asmlab/x86/bus.hpp"
#include "asmlab/x86/cpu.hpp"
#include "bda.hpp"

namespace asmlab::x86::bios {

using pc::video::DisplayGeometry;

namespace {
uint32_t linear(uint16_t segment, uint16_t offset) { return (uint32_t{segment} << 4) + offset; }
}  // namespace

// ---- text cells -----------------------------------------------------------------------------------

// Plane offset of a text cell: odd/even addressing puts the character in plane 0 and the
// attribute in plane 1 at the even address of the pair.
unsigned VideoBios::cellAddress(Bus& bus, unsigned page, Position p) const { return textPage(bus, page).address(p); }

VideoBios::TextPage VideoBios::textPage(Bus& bus, unsigned page) const {
  return {(page & 7) * bdaWord(bus, kBdaPageSize) / 2, columns(bus)};
}

// Graphics-mode characters are cells of the height the BIOS data area records (0085h: 8 in mode
// 13h, 16 in mode 12h after the mode set; functions 1121h-1124h change it).
unsigned VideoBios::glyphHeight(Bus& bus) const { return std::clamp<unsigned>(bdaWord(bus, kBdaCharHeight), 1, 32); }
unsigned VideoBios::pixelWidth() const { return vga_.geometry().width; }
unsigned VideoBios::pixelHeight() const { return vga_.geometry().height; }

void VideoBios::writeCell(Bus& bus, unsigned page, Position p, uint8_t character, uint8_t attribute, bool withAttribute) {
  if (p.row >= rows(bus) || p.column >= columns(bus)) return;
  if (!textMode()) {
    drawGlyph(bus, p, character, attribute);
    return;
  }
  const unsigned at = cellAddress(bus, page, p);
  vga_.setPlane(0, at, character);
  if (withAttribute) vga_.setPlane(1, at, attribute);
}

void VideoBios::readCell(Bus& bus, unsigned page, Position p, uint8_t& character, uint8_t& attribute) {
  character = 0;
  attribute = 0;
  if (!textMode() || p.row >= rows(bus) || p.column >= columns(bus)) return;
  const unsigned at = cellAddress(bus, page, p);
  character = vga_.plane(0, at);
  attribute = vga_.plane(1, at);
}

// The glyph comes from the font INT 43h points to (the ROM font of the mode after a mode set, or a
// program's own after function 1121h), as the VGA BIOS draws graphics-mode characters.
void VideoBios::drawGlyph(Bus& bus, Position p, uint8_t character, uint8_t colour) {
  const unsigned height = glyphHeight(bus);
  const DisplayGeometry g = vga_.geometry();
  const uint32_t font = linear(static_cast<uint16_t>(bus.peek8(0x43 * 4 + 2) | (bus.peek8(0x43 * 4 + 3) << 8)),
                               static_cast<uint16_t>(bus.peek8(0x43 * 4) | (bus.peek8(0x43 * 4 + 1) << 8)));
  for (unsigned line = 0; line < height; ++line) {
    const uint8_t bits = bus.peek8((font + character * height + line) & 0xFFFFF);
    for (unsigned px = 0; px < 8; ++px) {
      const bool on = (bits >> (7 - px)) & 1;
      const unsigned x = p.column * 8 + px, y = p.row * height + line;
      if (colour & 0x80 && mode_ != 0x13) {
        if (on) writePixelAt(g, x, y, colour);  // XOR onto the screen
      } else {
        writePixelAt(g, x, y, on ? colour : 0);
      }
    }
  }
}

// ---- scrolling --------------------------------------------------------------------------------------

void VideoBios::scroll(Bus& bus, bool up, unsigned lines, uint8_t fill, Position topLeft, Position bottomRight,
                       unsigned page) {
  const unsigned maxRow = rows(bus) - 1, maxColumn = columns(bus) - 1;
  const unsigned top = topLeft.row, left = topLeft.column;
  const unsigned bottom = std::min(bottomRight.row, maxRow), right = std::min(bottomRight.column, maxColumn);
  if (top > bottom || left > right) return;
  const unsigned height = bottom - top + 1;
  if (lines == 0 || lines > height) lines = height;  // AL = 0 clears the window
  if (textMode()) {
    const TextPage text = textPage(bus, page);
    for (unsigned i = 0; i < height; ++i) {
      const unsigned row = up ? top + i : bottom - i;
      for (unsigned column = left; column <= right; ++column) {
        const unsigned to = text.address({row, column});
        if (i + lines < height) {
          const unsigned from = text.address({up ? row + lines : row - lines, column});
          vga_.setPlane(0, to, vga_.plane(0, from));
          vga_.setPlane(1, to, vga_.plane(1, from));
        } else {
          vga_.setPlane(0, to, ' ');
          vga_.setPlane(1, to, fill);
        }
      }
    }
    return;
  }
  const unsigned gh = glyphHeight(bus);
  const DisplayGeometry g = vga_.geometry();
  for (unsigned i = 0; i < height * gh; ++i) {
    const unsigned y = up ? top * gh + i : (bottom + 1) * gh - 1 - i;
    for (unsigned x = left * 8; x < (right + 1) * 8; ++x) {
      if (i + lines * gh < height * gh) writePixelAt(g, x, y, readPixelAt(g, x, up ? y + lines * gh : y - lines * gh));
      else writePixelAt(g, x, y, fill);
    }
  }
}

// ---- teletype and strings ---------------------------------------------------------------------------

bool VideoBios::teletype(Bus& bus, uint8_t character) {
  return teletypeWith(bus, bus.peek8(kBda + kBdaActivePage), character, 0x07, false, false);
}

bool VideoBios::teletypeOn(Bus& bus, unsigned page, uint8_t character, uint8_t colour) {
  return teletypeWith(bus, page, character, colour, false);
}

// BEL sounds the bell, BS moves left (not past column 0), CR to column 0, LF down; other
// characters are written (text modes keep the cell's attribute unless `withAttribute`) and the
// cursor advances, wrapping at the right edge. Below the last row the screen scrolls up; the new
// row takes the attribute of the cell at the cursor (text) or colour 0 (graphics).
bool VideoBios::teletypeWith(Bus& bus, unsigned page, uint8_t character, uint8_t colour, bool withAttribute,
                             bool ringBell) {
  Position p = cursor(bus, page);
  const unsigned cols = columns(bus), lastRow = rows(bus) - 1;
  switch (character) {
    case 0x07:
      if (ringBell && bell) bell();
      return true;
    case 0x08: if (p.column > 0) --p.column; break;
    case 0x0D: p.column = 0; break;
    case 0x0A: ++p.row; break;
    default:
      writeCell(bus, page, p, character, colour, withAttribute);
      if (++p.column >= cols) {
        p.column = 0;
        ++p.row;
      }
      break;
  }
  if (p.row > lastRow) {
    uint8_t unused = 0, fill = 0;
    if (textMode()) readCell(bus, page, {lastRow, std::min(p.column, cols - 1)}, unused, fill);
    scroll(bus, true, 1, fill, {0, 0}, {lastRow, cols - 1}, page);
    p.row = lastRow;
  }
  setCursor(bus, page, p);
  return false;
}

// Function 13h: AL bit 0 = leave the cursor after the string, bit 1 = the string alternates
// character and attribute; BH page, BL attribute, CX length, DH/DL start, ES:BP the string.
void VideoBios::writeString(Cpu& cpu) {
  Bus& bus = cpu.bus();
  const uint8_t flags = cpu.reg8(AL);
  const unsigned page = cpu.reg8(BH) & 7;
  const Position saved = cursor(bus, page);
  setCursor(bus, page, {cpu.reg8(DH), cpu.reg8(DL)});
  uint16_t offset = cpu.reg16(BP);
  for (unsigned n = cpu.reg16(CX); n > 0; --n) {
    const uint8_t character = bus.peek8(linear(cpu.seg(ES), offset++));
    uint8_t attribute = cpu.reg8(BL);
    if (flags & 0x02) attribute = bus.peek8(linear(cpu.seg(ES), offset++));
    const bool control = character == 0x07 || character == 0x08 || character == 0x0A || character == 0x0D;
    teletypeWith(bus, page, character, attribute, !control);
  }
  if (!(flags & 0x01)) setCursor(bus, page, saved);
}

// ---- pixels -----------------------------------------------------------------------------------------

// Pixels are addressed the way the CRTC displays them (start address, offset, chain-4 or
// unchained), so the BIOS draws where the picture shows.
void VideoBios::writePixel(unsigned x, unsigned y, uint8_t colour) { writePixelAt(vga_.geometry(), x, y, colour); }
uint8_t VideoBios::readPixel(unsigned x, unsigned y) { return readPixelAt(vga_.geometry(), x, y); }

void VideoBios::writePixelAt(const DisplayGeometry& g, unsigned x, unsigned y, uint8_t colour) {
  if (g.kind == DisplayGeometry::Kind::Text || x >= g.width || y >= g.height) return;
  if (g.kind == DisplayGeometry::Kind::Packed256) {
    vga_.setPlane(x & 3, g.address(y, x / 4), colour);  // no XOR in 256-colour modes
    return;
  }
  const unsigned at = g.address(y, x / 8);
  if (g.kind == DisplayGeometry::Kind::Cga4) {  // two bits a pixel; bit 7 of the colour XORs
    const unsigned plane = (x & 7) < 4 ? 0 : 1, shift = 6 - 2 * (x & 3);
    const uint8_t old = vga_.plane(plane, at), bits = static_cast<uint8_t>((colour & 3u) << shift);
    vga_.setPlane(
        plane, at,
        (colour & 0x80) ? static_cast<uint8_t>(old ^ bits) : static_cast<uint8_t>((old & ~(3u << shift)) | bits));
    return;
  }
  const uint8_t bit = static_cast<uint8_t>(0x80 >> (x & 7));
  for (unsigned p = 0; p < 4; ++p) {
    const uint8_t old = vga_.plane(p, at);
    const bool set = colour & (1u << p);
    if (colour & 0x80) vga_.setPlane(p, at, set ? static_cast<uint8_t>(old ^ bit) : old);
    else vga_.setPlane(p, at, set ? static_cast<uint8_t>(old | bit) : static_cast<uint8_t>(old & ~bit));
  }
}

uint8_t VideoBios::readPixelAt(const DisplayGeometry& g, unsigned x, unsigned y) const {
  if (g.kind == DisplayGeometry::Kind::Text || x >= g.width || y >= g.height) return 0;
  if (g.kind == DisplayGeometry::Kind::Packed256) return vga_.plane(x & 3, g.address(y, x / 4));
  const unsigned at = g.address(y, x / 8);
  if (g.kind == DisplayGeometry::Kind::Cga4)
    return static_cast<uint8_t>((vga_.plane((x & 7) < 4 ? 0 : 1, at) >> (6 - 2 * (x & 3))) & 3u);
  uint8_t colour = 0;
  for (unsigned p = 0; p < 4; ++p) colour |= static_cast<uint8_t>(((vga_.plane(p, at) >> (7 - (x & 7))) & 1) << p);
  return colour;
}

// ---- function 10h: palette registers and DAC ----------------------------------------------------------

void VideoBios::palette(Cpu& cpu) {
  Bus& bus = cpu.bus();
  const uint32_t table = linear(cpu.seg(ES), cpu.reg16(DX));
  switch (cpu.reg8(AL)) {
    case 0x00: if (cpu.reg8(BL) < 16) vga_.setAttribute(cpu.reg8(BL), cpu.reg8(BH) & 0x3F); return;
    case 0x01: vga_.setAttribute(0x11, cpu.reg8(BH)); return;
    case 0x02:
      for (unsigned i = 0; i < 16; ++i) vga_.setAttribute(i, bus.peek8(table + i) & 0x3F);
      vga_.setAttribute(0x11, bus.peek8(table + 16));
      return;
    case 0x03: {  // BL = 0: bright backgrounds, 1: blinking
      const uint8_t control = vga_.attribute(0x10);
      vga_.setAttribute(0x10, static_cast<uint8_t>(cpu.reg8(BL) ? (control | 0x08) : (control & ~0x08)));
      return;
    }
    case 0x07: if (cpu.reg8(BL) < 16) cpu.setReg8(BH, vga_.attribute(cpu.reg8(BL))); return;
    case 0x08: cpu.setReg8(BH, vga_.attribute(0x11)); return;
    case 0x09:
      for (unsigned i = 0; i < 16; ++i) bus.write8(table + i, vga_.attribute(i));
      bus.write8(table + 16, vga_.attribute(0x11));
      return;
    case 0x10: vga_.setDac(cpu.reg16(BX) & 0xFF, {cpu.reg8(DH), cpu.reg8(CH), cpu.reg8(CL)}); return;
    case 0x12:
      for (unsigned i = 0; i < cpu.reg16(CX) && cpu.reg16(BX) + i < 256; ++i)
        vga_.setDac(cpu.reg16(BX) + i, {bus.peek8(table + i * 3), bus.peek8(table + i * 3 + 1), bus.peek8(table + i * 3 + 2)});
      return;
    case 0x15: {
      const pc::video::Rgb6 c = vga_.dac(cpu.reg16(BX) & 0xFF);
      cpu.setReg8(DH, c.r);
      cpu.setReg8(CH, c.g);
      cpu.setReg8(CL, c.b);
      return;
    }
    case 0x17:
      for (unsigned i = 0; i < cpu.reg16(CX) && cpu.reg16(BX) + i < 256; ++i) {
        const pc::video::Rgb6 c = vga_.dac(cpu.reg16(BX) + i);
        bus.write8(table + i * 3, c.r);
        bus.write8(table + i * 3 + 1, c.g);
        bus.write8(table + i * 3 + 2, c.b);
      }
      return;
    case 0x18: vga_.setPelMask(cpu.reg8(BL)); return;
    case 0x19: cpu.setReg8(BL, vga_.pelMask()); return;
    case 0x1A:
      cpu.setReg8(BL, static_cast<uint8_t>(vga_.attribute(0x10) >> 7));
      cpu.setReg8(BH, vga_.attribute(0x14) & 0x0F);
      return;
    case 0x1B:  // sum to grey: 30% red, 59% green, 11% blue
      for (unsigned i = 0; i < cpu.reg16(CX) && cpu.reg16(BX) + i < 256; ++i) {
        const pc::video::Rgb6 c = vga_.dac(cpu.reg16(BX) + i);
        const auto grey = static_cast<uint8_t>((30u * c.r + 59u * c.g + 11u * c.b + 50u) / 100u);
        vga_.setDac(cpu.reg16(BX) + i, {grey, grey, grey});
      }
      return;
    default: return;
  }
}

}  // namespace asmlab::x86::bios
