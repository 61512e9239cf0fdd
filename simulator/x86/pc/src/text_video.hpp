// A minimal colour text adapter (80x25, mode 03h, B800h) used when no VideoCard is supplied: enough
// for DOS and BIOS text output, the text screen capability and tests. The VGA in
// simulator/x86/pc/video (pc-video) replaces it in the full build.
#pragma once

#include <vector>

#include "asmlab/x86/pc/video_card.hpp"

namespace asmlab::x86::pc {

class TextVideoCard final : public VideoCard {
public:
  void powerOn(Bus& bus, const ClockSource& clock) override;
  uint8_t readMemory(uint32_t a) override { return peekMemory(a); }
  void writeMemory(uint32_t a, uint8_t v) override { if (a >= 0xB8000) vram_[(a - 0xB8000) & 0x7FFF] = v; }
  uint8_t peekMemory(uint32_t a) const override { return a >= 0xB8000 ? vram_[(a - 0xB8000) & 0x7FFF] : 0xFF; }
  uint8_t inPort(uint16_t port) override { return peekPort(port); }
  void outPort(uint16_t port, uint8_t value) override;
  uint8_t peekPort(uint16_t port) const override;
  void int10(Cpu& cpu) override;
  bool teletype(Bus& bus, uint8_t character) override;
  void setPointerCursor(const PointerCursor&) override {}
  uint8_t mode() const override { return 3; }
  bool graphicsMode() const override { return false; }
  void render(std::vector<uint32_t>& pixels, unsigned& width, unsigned& height, bool withCursor) const override;
  bool writePng(const std::string& path, std::string& error) const override;
  std::string dumpText() const override;
  std::vector<uint8_t> saveState() const override { return vram_; }
  void restoreState(const std::vector<uint8_t>& s) override { vram_ = s; }
  bool textModeActive() const override { return true; }
  unsigned textRows() const override { return 25; }
  unsigned textColumns() const override { return 80; }
  sim::TextCell textCell(unsigned row, unsigned column) const override;
  unsigned frameWidth() const override { return 640; }
  unsigned frameHeight() const override { return 400; }
  uint32_t pixelRgb(unsigned x, unsigned y) const override;

private:
  void scrollUp(Bus& bus, unsigned lines, uint8_t attribute, unsigned top, unsigned left, unsigned bottom, unsigned right);
  std::vector<uint8_t> vram_ = std::vector<uint8_t>(0x8000, 0);
  const ClockSource* clock_ = nullptr;
  uint8_t crtcIndex_ = 0;
};

}  // namespace asmlab::x86::pc
