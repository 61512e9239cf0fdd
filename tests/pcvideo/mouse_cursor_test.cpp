// The INT 33h text cursor with the VGA in the machine: drawn once, in video memory, with the
// Microsoft driver's masks (Microsoft Mouse Programmer's Reference, functions 00h-02h and 0Ah), and
// the driver's virtual screen for 50-line text.
#include <gtest/gtest.h>

#include "asmlab/x86/pc/pc_machine.hpp"
#include "asmlab/x86/pc/video/vga_card.hpp"

namespace asmlab::x86::pc::video {
namespace {

// Runs a .COM program (ending in JMP $) for a while on a machine with the VGA.
std::unique_ptr<PcMachine> runCom(const std::vector<uint8_t>& code, uint64_t clocks = 200000) {
  auto m = std::make_unique<PcMachine>(PcOptions{}, makeVgaCard());
  std::string error;
  EXPECT_TRUE(m->loadProgram(code, "MOUSE.COM", "", error)) << error;
  m->closeInput();
  sim::RunLimits limits;
  limits.maxClocks = clocks;
  m->run(limits);
  return m;
}

uint8_t attributeAt(const PcMachine& m, unsigned row, unsigned column) { return m.textCell(row, column).attribute; }

TEST(MouseTextCursor, ShownCellIsInvertedInVideoMemoryAndDrawnOnce) {
  auto m = runCom({0xB8, 0x00, 0x00, 0xCD, 0x33, 0xB8, 0x01, 0x00, 0xCD, 0x33,  // reset / show
                   0xEB, 0xFE});
  // Reset puts the cursor at (320, 100): cell row 12, column 40. 07h -> (07h & 77h) ^ 77h = 70h.
  EXPECT_EQ(attributeAt(*m, 12, 40), 0x70);
  EXPECT_EQ(attributeAt(*m, 12, 41), 0x07);
  // The rendered frame shows it once: grey background (a second inversion would give black).
  auto& card = dynamic_cast<VgaCard&>(m->video());
  Frame f;
  card.renderFrame(card.liveRenderOptions(), f);
  EXPECT_EQ(f.at(40 * 9 + 4, 12 * 16 + 8), 0xAAAAAAu);
  EXPECT_EQ(m->pixelRgb(40 * 9 + 4, 12 * 16 + 8), 0xAAAAAAu);  // FrameBuffer, as the GUI reads it
}

TEST(MouseTextCursor, HideRestoresAndMasksComeFromFunction0Ah) {
  // reset / show / mov ax,2 / int 33h (hide) /
  // mov ax,0Ah / xor bx,bx / mov cx,0FFFFh (screen mask) / mov dx,4F18h (cursor: XOR) / int 33h /
  // mov ax,1 / int 33h (show again) / jmp $
  auto m = runCom({0xB8, 0x00, 0x00, 0xCD, 0x33, 0xB8, 0x01, 0x00, 0xCD, 0x33, 0xB8, 0x02, 0x00, 0xCD, 0x33,
                   0xB8, 0x0A, 0x00, 0x31, 0xDB, 0xB9, 0xFF, 0xFF, 0xBA, 0x18, 0x4F, 0xCD, 0x33,
                   0xB8, 0x01, 0x00, 0xCD, 0x33, 0xEB, 0xFE});
  // Cell ' ' (20h) / 07h: (0720h AND FFFFh) XOR 4F18h = 4838h: character '8', attribute 48h.
  EXPECT_EQ(m->textCell(12, 40).character, '8');
  EXPECT_EQ(attributeAt(*m, 12, 40), 0x48);
}

TEST(MouseTextCursor, ModeSetTakesTheCursorOffFirst) {
  // mov ax,0B800h / mov es,ax / mov byte [es:07D1h],1Eh (the attribute of cell row 12, column 40)
  // then reset / show / mov ax,0003h / int 10h (mode 03h: the screen is cleared) / mov ax,2 /
  // int 33h (hide) / jmp $
  auto m = runCom({0xB8, 0x00, 0xB8, 0x8E, 0xC0, 0x26, 0xC6, 0x06, 0xD1, 0x07, 0x1E,
                   0xB8, 0x00, 0x00, 0xCD, 0x33, 0xB8, 0x01, 0x00, 0xCD, 0x33,
                   0xB8, 0x03, 0x00, 0xCD, 0x10, 0xB8, 0x02, 0x00, 0xCD, 0x33, 0xEB, 0xFE});
  // The saved 1Eh belonged to the old screen: hiding must not write it into the new one.
  EXPECT_EQ(attributeAt(*m, 12, 40), 0x07);
}

TEST(MouseTextCursor, FiftyLineTextHasA400LineVirtualScreen) {
  // mov ax,1112h / xor bl,bl / int 10h / reset / show / mov ax,4 / mov cx,8 / mov dx,392 / int 33h
  // (set position: the last row) / mov ax,3 / int 33h / mov [200h],dx / jmp $
  auto m = runCom({0xB8, 0x12, 0x11, 0x30, 0xDB, 0xCD, 0x10,
                   0xB8, 0x00, 0x00, 0xCD, 0x33, 0xB8, 0x01, 0x00, 0xCD, 0x33,
                   0xB8, 0x04, 0x00, 0xB9, 0x08, 0x00, 0xBA, 0x88, 0x01, 0xCD, 0x33,
                   0xB8, 0x03, 0x00, 0xCD, 0x33, 0x89, 0x16, 0x00, 0x02, 0xEB, 0xFE});
  EXPECT_EQ(m->read16(PcMachine::linear(0x1000, 0x200)), 392);  // within the 0-399 limits
  EXPECT_EQ(attributeAt(*m, 49, 1), 0x70);                       // row 392/8 = 49, column 8/8 = 1
}

TEST(MouseTextCursor, Mode10hHasA350LineVirtualScreen) {
  // mov ax,10h / int 10h / reset / mov ax,3 / int 33h / mov [200h],dx / mov ax,4 / mov cx,0 /
  // mov dx,1000 / int 33h (below the screen) / mov ax,3 / int 33h / mov [202h],dx / jmp $
  auto m = runCom({0xB8, 0x10, 0x00, 0xCD, 0x10, 0xB8, 0x00, 0x00, 0xCD, 0x33, 0xB8, 0x03, 0x00, 0xCD,
                   0x33, 0x89, 0x16, 0x00, 0x02, 0xB8, 0x04, 0x00, 0xB9, 0x00, 0x00, 0xBA, 0xE8, 0x03,
                   0xCD, 0x33, 0xB8, 0x03, 0x00, 0xCD, 0x33, 0x89, 0x16, 0x02, 0x02, 0xEB, 0xFE});
  EXPECT_EQ(m->read16(PcMachine::linear(0x1000, 0x200)), 175);  // the centre of 0-349
  EXPECT_EQ(m->read16(PcMachine::linear(0x1000, 0x202)), 349);  // clamped to the last line
}

}  // namespace
}  // namespace asmlab::x86::pc::video
