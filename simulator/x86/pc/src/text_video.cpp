#include "text_video.hpp"

#include "asmlab/x86/cpu.hpp"

namespace asmlab::x86::pc {

namespace {
constexpr uint32_t kBda = 0x400;
constexpr uint32_t kScreen = 0xB8000;
uint16_t bdaWord(Bus& bus, uint32_t off) { return static_cast<uint16_t>(bus.peek8(kBda + off) | (bus.peek8(kBda + off + 1) << 8)); }
// CGA palette, 0xRRGGBB (IBM CGA: colour 6 is brown).
constexpr uint32_t kPalette[16] = {0x000000, 0x0000AA, 0x00AA00, 0x00AAAA, 0xAA0000, 0xAA00AA, 0xAA5500, 0xAAAAAA,
                                   0x555555, 0x5555FF, 0x55FF55, 0x55FFFF, 0xFF5555, 0xFF55FF, 0xFFFF55, 0xFFFFFF};
}  // namespace

void TextVideoCard::powerOn(Bus& bus, const ClockSource& clock) {
  clock_ = &clock;
  for (size_t i = 0; i < vram_.size(); i += 2) { vram_[i] = ' '; vram_[i + 1] = 0x07; }
  bus.write8(kBda + 0x49, 3);
  bus.write8(kBda + 0x4A, 80);
  bus.write8(kBda + 0x4B, 0);
  bus.write8(kBda + 0x4C, 0x00);
  bus.write8(kBda + 0x4D, 0x10);
  bus.write8(kBda + 0x60, 0x07);
  bus.write8(kBda + 0x61, 0x06);
  bus.write8(kBda + 0x63, 0xD4);
  bus.write8(kBda + 0x64, 0x03);
  bus.write8(kBda + 0x84, 24);
}

void TextVideoCard::outPort(uint16_t port, uint8_t value) {
  if (port == 0x3D4) crtcIndex_ = value;
}

uint8_t TextVideoCard::peekPort(uint16_t port) const {
  if (port == 0x3DA && clock_ != nullptr) {
    // 60 Hz frames; vertical retrace during the last 1/20 of each frame (display enable off too).
    const uint64_t frame = clock_->clocksPerSecond() / 60;
    const uint64_t phase = clock_->now() % frame;
    const bool retrace = phase >= frame - frame / 20;
    return static_cast<uint8_t>(retrace ? 0x09 : ((phase / 300) & 1));
  }
  if (port == 0x3D4) return crtcIndex_;
  return 0xFF;
}

sim::TextCell TextVideoCard::textCell(unsigned row, unsigned column) const {
  const size_t at = (size_t{row} * 80 + column) * 2;
  return {vram_[at], vram_[at + 1]};
}

uint32_t TextVideoCard::pixelRgb(unsigned x, unsigned y) const {
  // Without a font: the background colour of the cell.
  const sim::TextCell c = textCell(y / 16, x / 8);
  return kPalette[(c.character == ' ' ? c.attribute >> 4 : c.attribute) & 0x0F];
}

void TextVideoCard::render(std::vector<uint32_t>& pixels, unsigned& width, unsigned& height, bool) const {
  width = 640;
  height = 400;
  pixels.resize(size_t{width} * height);
  for (unsigned y = 0; y < height; ++y)
    for (unsigned x = 0; x < width; ++x) pixels[size_t{y} * width + x] = pixelRgb(x, y);
}

bool TextVideoCard::writePng(const std::string& path, std::string& error) const {
  error = path + ": screenshots need the VGA adapter, which this build does not include";
  return false;
}

std::string TextVideoCard::dumpText() const {
  std::string out;
  for (unsigned r = 0; r < 25; ++r) {
    std::string line;
    for (unsigned c = 0; c < 80; ++c) {
      const uint8_t ch = textCell(r, c).character;
      line += ch >= 0x20 && ch < 0x7F ? static_cast<char>(ch) : ch == 0 ? ' ' : '?';
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

void TextVideoCard::scrollUp(Bus&, unsigned lines, uint8_t attribute, unsigned top, unsigned left, unsigned bottom,
                             unsigned right) {
  const unsigned height = bottom - top + 1;
  if (lines == 0 || lines > height) lines = height;
  for (unsigned r = top; r <= bottom; ++r) {
    for (unsigned c = left; c <= right; ++c) {
      const size_t at = (size_t{r} * 80 + c) * 2;
      if (r + lines <= bottom) {
        const size_t from = (size_t{r + lines} * 80 + c) * 2;
        vram_[at] = vram_[from];
        vram_[at + 1] = vram_[from + 1];
      } else {
        vram_[at] = ' ';
        vram_[at + 1] = attribute;
      }
    }
  }
}

bool TextVideoCard::teletype(Bus& bus, uint8_t ch) {
  unsigned col = bus.peek8(kBda + 0x50), row = bus.peek8(kBda + 0x51);
  bool bell = false;
  switch (ch) {
    case 0x07: bell = true; break;
    case 0x08: if (col > 0) --col; break;
    case 0x0D: col = 0; break;
    case 0x0A: ++row; break;
    default: {
      const size_t at = (size_t{row} * 80 + col) * 2;
      vram_[at] = ch;
      if (++col >= 80) { col = 0; ++row; }
    }
  }
  if (row >= 25) {
    scrollUp(bus, 1, vram_[(24 * 80 + (col > 0 ? col - 1 : 0)) * 2 + 1], 0, 0, 24, 79);
    row = 24;
  }
  bus.write8(kBda + 0x50, static_cast<uint8_t>(col));
  bus.write8(kBda + 0x51, static_cast<uint8_t>(row));
  return bell;
}

void TextVideoCard::int10(Cpu& cpu) {
  Bus& bus = cpu.bus();
  switch (cpu.reg8(AH)) {
    case 0x00:
      for (size_t i = 0; i < vram_.size(); i += 2) { vram_[i] = ' '; vram_[i + 1] = 0x07; }
      bus.write8(kBda + 0x50, 0);
      bus.write8(kBda + 0x51, 0);
      return;
    case 0x02:
      bus.write8(kBda + 0x50, cpu.reg8(DL));
      bus.write8(kBda + 0x51, cpu.reg8(DH));
      return;
    case 0x03:
      cpu.setReg8(DL, bus.peek8(kBda + 0x50));
      cpu.setReg8(DH, bus.peek8(kBda + 0x51));
      cpu.setReg16(CX, static_cast<uint16_t>(bdaWord(bus, 0x60)));
      return;
    case 0x06: case 0x07: {
      unsigned top = cpu.reg8(CH), left = cpu.reg8(CL), bottom = cpu.reg8(DH), right = cpu.reg8(DL);
      if (bottom > 24) bottom = 24;
      if (right > 79) right = 79;
      if (top > bottom || left > right) return;
      if (cpu.reg8(AH) == 0x06) {
        scrollUp(bus, cpu.reg8(AL), cpu.reg8(BH), top, left, bottom, right);
      } else {
        // Scroll down: mirror of scroll up.
        unsigned lines = cpu.reg8(AL);
        const unsigned height = bottom - top + 1;
        if (lines == 0 || lines > height) lines = height;
        for (unsigned r = bottom + 1; r-- > top;) {
          for (unsigned c = left; c <= right; ++c) {
            const size_t at = (size_t{r} * 80 + c) * 2;
            if (r >= top + lines) {
              const size_t from = (size_t{r - lines} * 80 + c) * 2;
              vram_[at] = vram_[from];
              vram_[at + 1] = vram_[from + 1];
            } else {
              vram_[at] = ' ';
              vram_[at + 1] = cpu.reg8(BH);
            }
          }
        }
      }
      return;
    }
    case 0x08: {
      const size_t at = (size_t{bus.peek8(kBda + 0x51)} * 80 + bus.peek8(kBda + 0x50)) * 2;
      cpu.setReg8(AL, vram_[at]);
      cpu.setReg8(AH, vram_[at + 1]);
      return;
    }
    case 0x09: case 0x0A: {
      size_t at = (size_t{bus.peek8(kBda + 0x51)} * 80 + bus.peek8(kBda + 0x50)) * 2;
      for (unsigned i = 0; i < cpu.reg16(CX) && at < 4000; ++i, at += 2) {
        vram_[at] = cpu.reg8(AL);
        if (cpu.reg8(AH) == 0x09) vram_[at + 1] = cpu.reg8(BL);
      }
      return;
    }
    case 0x0E: teletype(bus, cpu.reg8(AL)); return;
    case 0x0F: cpu.setReg8(AL, 3); cpu.setReg8(AH, 80); cpu.setReg8(BH, 0); return;
    default: return;
  }
}

}  // namespace asmlab::x86::pc
