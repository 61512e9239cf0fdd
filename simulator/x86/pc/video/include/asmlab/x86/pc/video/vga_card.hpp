// The VGA as the PC machine's VideoCard: the register-level adapter (Vga), the INT 10h BIOS
// (bios::VideoBios), rendering with the mouse-pointer overlay, screenshots and the text dump.
// The accessors at the end are the read-only state the debugger shows (mode, geometry, DAC,
// registers, cells, cursor).
#pragma once

#include <array>
#include <functional>
#include <memory>

#include "asmlab/sim/device_inspector.hpp"
#include "asmlab/x86/bios/video_bios.hpp"
#include "asmlab/x86/pc/video/render.hpp"
#include "asmlab/x86/pc/video/vga.hpp"
#include "asmlab/x86/pc/video_card.hpp"

namespace asmlab::x86::pc::video {

class VgaCard final : public VideoCard, public sim::DeviceInspector {
public:
  VgaCard();

  void powerOn(Bus& bus, const ClockSource& clock) override;
  uint8_t readMemory(uint32_t address) override { return vga_.read(address); }
  void writeMemory(uint32_t address, uint8_t value) override { vga_.write(address, value); }
  uint8_t peekMemory(uint32_t address) const override { return vga_.peek(address); }
  uint8_t inPort(uint16_t port) override { return vga_.in(port, now()); }
  void outPort(uint16_t port, uint8_t value) override { vga_.out(port, value); }
  uint8_t peekPort(uint16_t port) const override { return vga_.peekPort(port, now()); }
  void int10(Cpu& cpu) override { bios_.int10(cpu); }
  const std::vector<uint8_t>& romImage() const override { return bios::VideoBios::romImage(); }
  bool teletype(Bus& bus, uint8_t character) override { return bios_.teletype(bus, character); }
  void setBellHook(std::function<void()> hook) override { bios_.bell = std::move(hook); }
  void setPointerCursor(const PointerCursor& cursor) override { pointer_ = {cursor.visible, cursor.x, cursor.y}; }
  uint8_t mode() const override { return bios_.currentMode(); }
  bool graphicsMode() const override { return vga_.geometry().kind != DisplayGeometry::Kind::Text; }
  void render(std::vector<uint32_t>& pixels, unsigned& width, unsigned& height, bool withCursor = false) const override;
  bool writePng(const std::string& path, std::string& error) const override;
  std::string dumpText() const override { return video::dumpText(vga_); }
  std::vector<uint8_t> saveState() const override;
  void restoreState(const std::vector<uint8_t>& state) override;

  // sim::TextScreen
  bool textModeActive() const override { return !graphicsMode(); }
  unsigned textRows() const override;
  unsigned textColumns() const override;
  sim::TextCell textCell(unsigned row, unsigned column) const override;
  // sim::FrameBuffer (the picture without the mouse pointer)
  unsigned frameWidth() const override { return vga_.geometry().width; }
  unsigned frameHeight() const override { return vga_.geometry().height; }
  uint32_t pixelRgb(unsigned x, unsigned y) const override { return renderPixel(vga_, x, y); }

  // ---- read-only state for the debugger ----
  // The display mode and the DAC palette as tables (vga_device_tables.cpp).
  std::vector<sim::DeviceTable> deviceTables() const override;
  const Vga& vga() const { return vga_; }
  Vga& vga() { return vga_; }
  DisplayGeometry geometry() const { return vga_.geometry(); }
  // Unchained 256-colour ("Mode X"): chain-4 off in a 256-colour mode.
  bool unchained() const { return geometry().kind == DisplayGeometry::Kind::Packed256 && !(vga_.sequencer(4) & 0x08); }
  std::array<uint32_t, 256> paletteRgb() const;
  // The hardware text cursor: cell (row, column) relative to the displayed page, and whether shown.
  struct TextCursor {
    unsigned row = 0, column = 0, startLine = 0, endLine = 0;
    bool visible = false;
  };
  TextCursor textCursor() const;
  Pointer pointer() const { return pointer_; }
  // The blink phases at the current machine clock, as the VGA runs them: the cursor is on for 8
  // frames and off for 8, blinking characters are shown for 16 frames and hidden for 16.
  bool cursorPhaseOn() const;
  bool blinkPhaseOn() const;
  // Options for a live view (debugger): the phases above, the cursor and the pointer.
  RenderOptions liveRenderOptions() const { return {cursorPhaseOn(), blinkPhaseOn(), pointer_}; }
  // Renders with explicit options (blink phase, cursor, pointer).
  void renderFrame(const RenderOptions& options, Frame& frame) const { video::renderFrame(vga_, options, frame); }

private:
  uint64_t now() const;
  uint64_t frameNumber() const;

  Vga vga_;
  bios::VideoBios bios_;
  const ClockSource* clock_ = nullptr;
  Pointer pointer_;
};

// The adapter for PcMachine's constructor.
std::unique_ptr<VideoCard> makeVgaCard();

}  // namespace asmlab::x86::pc::video
