#include "asmlab/x86/pc/video/vga_card.hpp"

#include <cstring>

namespace asmlab::x86::pc::video {

VgaCard::VgaCard() : bios_(vga_) {}

std::unique_ptr<VideoCard> makeVgaCard() { return std::make_unique<VgaCard>(); }

uint64_t VgaCard::now() const { return clock_ != nullptr ? clock_->now() : 0; }

uint64_t VgaCard::frameNumber() const {
  if (clock_ == nullptr) return 0;
  const double frameClocks = vga_.frameSeconds() * static_cast<double>(clock_->clocksPerSecond());
  return frameClocks > 0 ? static_cast<uint64_t>(static_cast<double>(now()) / frameClocks) : 0;
}

bool VgaCard::cursorPhaseOn() const { return (frameNumber() / 8) % 2 == 0; }
bool VgaCard::blinkPhaseOn() const { return (frameNumber() / 16) % 2 == 0; }

void VgaCard::powerOn(Bus& bus, const ClockSource& clock) {
  clock_ = &clock;
  vga_.setClockRate(clock.clocksPerSecond());
  bios_.powerOn(bus);
}

void VgaCard::render(std::vector<uint32_t>& pixels, unsigned& width, unsigned& height, bool withCursor) const {
  Frame frame;
  RenderOptions options;
  options.cursor = withCursor;
  options.pointer = pointer_;
  video::renderFrame(vga_, options, frame);
  pixels = std::move(frame.pixels);
  width = frame.width;
  height = frame.height;
}

// Screenshots show the text cursor and blinking characters in their visible phase, and the mouse
// pointer when the program shows it, so the same screen gives the same file on every run.
bool VgaCard::writePng(const std::string& path, std::string& error) const {
  Frame frame;
  RenderOptions options;
  options.cursor = true;
  options.pointer = pointer_;
  video::renderFrame(vga_, options, frame);
  return video::writePng(path, frame, error);
}

unsigned VgaCard::textRows() const {
  const DisplayGeometry g = vga_.geometry();
  return g.kind == DisplayGeometry::Kind::Text ? g.rows : 0;
}
unsigned VgaCard::textColumns() const {
  const DisplayGeometry g = vga_.geometry();
  return g.kind == DisplayGeometry::Kind::Text ? g.columns : 0;
}

sim::TextCell VgaCard::textCell(unsigned row, unsigned column) const {
  const DisplayGeometry g = vga_.geometry();
  if (g.kind != DisplayGeometry::Kind::Text || row >= g.rows || column >= g.columns) return {' ', 0x07};
  const unsigned address = ((g.startAddress + row * g.rowPitch + column) << g.addressShift) & 0xFFFF;
  return {vga_.plane(0, address), vga_.plane(1, address)};
}

std::array<uint32_t, 256> VgaCard::paletteRgb() const {
  std::array<uint32_t, 256> out{};
  for (unsigned i = 0; i < 256; ++i) {
    const Rgb6 c = vga_.dac(i);
    auto scale = [](uint8_t v) { return static_cast<uint32_t>((v << 2) | (v >> 4)); };
    out[i] = (scale(c.r) << 16) | (scale(c.g) << 8) | scale(c.b);
  }
  return out;
}

VgaCard::TextCursor VgaCard::textCursor() const {
  TextCursor c;
  const DisplayGeometry g = vga_.geometry();
  if (g.kind != DisplayGeometry::Kind::Text || g.rowPitch == 0) return c;
  const unsigned offset = static_cast<uint16_t>(vga_.cursorLocation() - g.startAddress);
  c.row = offset / g.rowPitch;
  c.column = offset % g.rowPitch;
  c.startLine = vga_.crtc(0x0A) & 0x1F;
  c.endLine = vga_.crtc(0x0B) & 0x1F;
  c.visible = !(vga_.crtc(0x0A) & 0x20) && c.startLine <= c.endLine && c.row < g.rows && c.column < g.columns;
  return c;
}

std::vector<uint8_t> VgaCard::saveState() const {
  std::vector<uint8_t> out = vga_.save();
  out.push_back(bios_.currentMode());
  return out;
}

void VgaCard::restoreState(const std::vector<uint8_t>& state) {
  if (state.empty()) return;
  std::vector<uint8_t> vgaState(state.begin(), state.end() - 1);
  if (vga_.restore(vgaState)) bios_.restoreMode(state.back());
}

}  // namespace asmlab::x86::pc::video
