// The VGA plugged into the PC machine: a program sets mode 13h through INT 10h and draws.
#include <gtest/gtest.h>
#include <algorithm>

#include <cmath>

#include "asmlab/x86/pc/pc_machine.hpp"
#include "asmlab/x86/pc/video/font.hpp"
#include "asmlab/x86/pc/video/vga_card.hpp"

namespace asmlab::x86::pc::video {
namespace {

TEST(VgaInMachine, ComProgramDrawsInMode13hAndPrintsText) {
  PcMachine machine({}, makeVgaCard());
  // mov ax,0013h / int 10h / mov ax,0A000h / mov es,ax / mov byte [es:7D64h],0Ch
  // mov ah,0Eh / mov al,'H' / mov bx,000Fh / int 10h / mov ax,4C00h / int 21h
  const std::vector<uint8_t> program = {0xB8, 0x13, 0x00, 0xCD, 0x10, 0xB8, 0x00, 0xA0, 0x8E, 0xC0,
                                        0x26, 0xC6, 0x06, 0x64, 0x7D, 0x0C, 0xB4, 0x0E, 0xB0, 'H',
                                        0xBB, 0x0F, 0x00, 0xCD, 0x10, 0xB8, 0x00, 0x4C, 0xCD, 0x21};
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "DRAW.COM", "", error)) << error;
  sim::RunLimits limits;
  limits.maxInstructions = 100000;
  machine.run(limits);
  EXPECT_EQ(machine.video().mode(), 0x13);
  EXPECT_EQ(machine.frameWidth(), 320u);
  // Offset 7D64h = 32100 = 100*320 + 100: pixel (100,100), colour 0Ch (light red).
  EXPECT_EQ(machine.pixelRgb(100, 100), 0xFF5555u);
  EXPECT_EQ(machine.pixelRgb(101, 100), 0x000000u);
  // 'H' drawn by function 0Eh in colour 15 in the first 8x8 cell: its crossbar row has white dots.
  bool white = false;
  for (unsigned x = 0; x < 8; ++x) white |= machine.pixelRgb(x, 3) == 0xFFFFFFu;
  EXPECT_TRUE(white);
}

// What a program asks for and this PC lacks is noted once each for the user (the program goes on
// as DOS and the BIOS let it): a video mode the adapter does not set, an INT 21h function.
TEST(VgaInMachine, UnprovidedModesAndFunctionsAreNotedOnce) {
  PcMachine machine({}, makeVgaCard());
  // mov ax,0007h / int 10h / mov ah,5Ah / int 21h / mov ah,5Ah / int 21h / mov ax,0004h / int 10h /
  // mov ax,4C00h / int 21h
  const std::vector<uint8_t> program = {0xB8, 0x07, 0x00, 0xCD, 0x10, 0xB4, 0x5A, 0xCD, 0x21, 0xB4, 0x5A, 0xCD,
                                        0x21, 0xB8, 0x04, 0x00, 0xCD, 0x10, 0xB8, 0x00, 0x4C, 0xCD, 0x21};
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "NOTES.COM", "", error)) << error;
  sim::RunLimits limits;
  limits.maxInstructions = 100000;
  machine.run(limits);
  ASSERT_EQ(machine.notes().size(), 2u);
  EXPECT_NE(machine.notes()[0].find("video mode 07h is not provided"), std::string::npos) << machine.notes()[0];
  EXPECT_NE(machine.notes()[1].find("INT 21h function 5Ah"), std::string::npos) << machine.notes()[1];
  EXPECT_EQ(machine.video().mode(), 0x04);  // a mode it sets is not noted
}

// A port no device decodes reads FFh and loses writes, as on the PC, and is noted once, with the
// virtual device emu8086 has there (its help, "I/O ports": traffic lights at port 4, a word).
TEST(VgaInMachine, PortsWithNoDeviceAreNotedOnceNamingEmu8086sDevices) {
  PcMachine machine({}, makeVgaCard());
  // mov ax,0F0Fh / out 4,ax / out 4,ax / in al,7Dh / mov ah,4Ch / int 21h (exit code AL)
  const std::vector<uint8_t> program = {0xB8, 0x0F, 0x0F, 0xE7, 0x04, 0xE7, 0x04, 0xE4, 0x7D, 0xB4, 0x4C, 0xCD, 0x21};
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "PORTS.COM", "", error)) << error;
  sim::RunLimits limits;
  limits.maxInstructions = 100000;
  const auto stop = machine.run(limits);
  EXPECT_EQ(stop.exitCode, 0xFF);         // the floating bus
  ASSERT_EQ(machine.notes().size(), 3u);  // ports 4 and 5 (the word's two bytes), then 7Dh
  EXPECT_NE(machine.notes()[0].find("OUT to port 4h (4, emu8086's traffic lights) reached no device"),
            std::string::npos)
      << machine.notes()[0];
  EXPECT_NE(machine.notes()[2].find("IN from port 7Dh (125, emu8086's thermometer)"), std::string::npos)
      << machine.notes()[2];
  // The bytes written are kept in order (OUT 4,AX: low byte to port 4, high byte to port 5) and
  // shown to a debugger, the last byte and the count by port; the second OUT repeats both bytes,
  // so it is counted but not kept again (sim::PortLog).
  ASSERT_EQ(machine.portWrites().size(), 2u);
  EXPECT_EQ(machine.portWrites()[0].port, 4);
  EXPECT_EQ(machine.portWrites()[1].port, 5);
  EXPECT_EQ(machine.portWrites()[1].value, 0x0F);
  EXPECT_EQ(machine.portWrites()[0].instruction, machine.portWrites()[1].instruction);  // one OUT
  const auto tables = machine.deviceTables();
  const auto written = std::find_if(tables.begin(), tables.end(), [](const sim::DeviceTable& t) {
    return t.name == "Ports with no device (written)";
  });
  ASSERT_NE(written, tables.end());
  ASSERT_EQ(written->rows.size(), 2u);
  EXPECT_EQ(written->rows[0], (std::vector<std::string>{"04H", "0FH", "00001111", "2"}));
}

// Every port of emu8086's devices is named in the note, the simple i/o device's (110 and 112)
// among them: one table of them (Emu8086Devices::deviceAt) serves this PC and emu8086's.
TEST(VgaInMachine, TheNoteNamesEmu8086sSimpleDevice) {
  PcMachine machine({}, makeVgaCard());
  // out 6Eh,al / in al,70h / mov ah,4Ch / int 21h
  const std::vector<uint8_t> program = {0xE6, 0x6E, 0xE4, 0x70, 0xB4, 0x4C, 0xCD, 0x21};
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "SIMPLE.COM", "", error)) << error;
  sim::RunLimits limits;
  limits.maxInstructions = 100000;
  machine.run(limits);
  ASSERT_EQ(machine.notes().size(), 2u);
  EXPECT_NE(machine.notes()[0].find("OUT to port 6Eh (110, emu8086's simple i/o device) reached no device"),
            std::string::npos)
      << machine.notes()[0];
  EXPECT_NE(machine.notes()[1].find("IN from port 70h (112, emu8086's simple i/o device)"), std::string::npos)
      << machine.notes()[1];
}

TEST(VgaInMachine, WordOutToSequencerUnchainsAndSelectsPlanes) {
  PcMachine machine({}, makeVgaCard());
  // mov ax,0013h / int 10h / mov dx,3C4h / mov ax,0604h / out dx,ax (memory mode: chain-4 off) /
  // mov ax,0402h / out dx,ax (map mask: plane 2) / mov ax,0A000h / mov es,ax /
  // mov byte [es:0010h],0Eh / mov ax,4C00h / int 21h
  const std::vector<uint8_t> program = {0xB8, 0x13, 0x00, 0xCD, 0x10, 0xBA, 0xC4, 0x03, 0xB8, 0x04, 0x06, 0xEF,
                                        0xB8, 0x02, 0x04, 0xEF, 0xB8, 0x00, 0xA0, 0x8E, 0xC0, 0x26, 0xC6, 0x06,
                                        0x10, 0x00, 0x0E, 0xB8, 0x00, 0x4C, 0xCD, 0x21};
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "UNCHAIN.COM", "", error)) << error;
  sim::RunLimits limits;
  limits.maxInstructions = 100000;
  machine.run(limits);
  const auto& vga = dynamic_cast<const VgaCard&>(machine.video());
  EXPECT_TRUE(vga.unchained());
  EXPECT_EQ(vga.vga().plane(2, 0x10), 0x0E);
  EXPECT_EQ(vga.vga().plane(0, 0x10), 0x00);
  // The CRTC is still in doubleword mode: offset 10h is address counter 4, pixels 16-19; plane 2
  // gives pixel 18.
  EXPECT_EQ(machine.pixelRgb(18, 0), 0xFFFF55u);
  EXPECT_EQ(machine.pixelRgb(17, 0), 0x000000u);
}

TEST(VgaInMachine, ProgramWaitsForVerticalRetraceOnTheSimulatedClock) {
  PcMachine machine({}, makeVgaCard());
  // mov dx,3DAh / l1: in al,dx / test al,8 / jz l1 / in al,dx / mov bl,al / mov ah,4Ch /
  // mov al,bl / int 21h: the exit code is a second status read right after the retrace began.
  const std::vector<uint8_t> program = {0xBA, 0xDA, 0x03, 0xEC, 0xA8, 0x08, 0x74, 0xFB, 0xEC,
                                        0x88, 0xC3, 0xB4, 0x4C, 0x88, 0xD8, 0xCD, 0x21};
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "VSYNC.COM", "", error)) << error;
  sim::RunLimits limits;
  limits.maxInstructions = 1000000;
  const sim::StopInfo stop = machine.run(limits);
  // The retrace lasts 2 lines (about 303 CPU clocks), far longer than one polling iteration.
  EXPECT_EQ(stop.exitCode & 0x08, 0x08) << stop.message;
  // The program ended a few instructions after line 412 began: 370,800 dots into a frame of
  // 404,100 dots at 28.322 MHz, i.e. 62,485.6 of 68,098.7 CPU clocks (4,772,727 Hz).
  const double frameClocks = 404100.0 * 4772727.0 / 28322000.0;
  const double inFrame = std::fmod(static_cast<double>(machine.clockCount()), frameClocks);
  EXPECT_GE(inFrame, 62485.0);
  EXPECT_LT(inFrame, 62485.0 + 600.0);
}

}  // namespace
}  // namespace asmlab::x86::pc::video

namespace asmlab::x86::pc::video {
namespace {

// INT 10h 13h prints a string (IBM VGA BIOS, "Write String"); its characters count toward the
// output limit, which cuts the string at the byte it names and stops the run there.
TEST(VgaInMachine, WriteStringStopsAtTheOutputLimit) {
  PcMachine machine({}, makeVgaCard());
  // mov ax,1301h / mov bx,0007h / mov cx,11 / mov dx,0000h / mov bp,0120h / int 10h /
  // inc word [0200h] / jmp $ ; at 0120h: 'HELLO WORLD'
  std::vector<uint8_t> program(0x110, 0);
  const uint8_t code[] = {0xB8, 0x01, 0x13, 0xBB, 0x07, 0x00, 0xB9, 0x0B, 0x00, 0xBA, 0x00, 0x00,
                          0xBD, 0x20, 0x01, 0xCD, 0x10, 0xFF, 0x06, 0x00, 0x02, 0xEB, 0xFE};
  std::copy(std::begin(code), std::end(code), program.begin());
  const std::string text = "HELLO WORLD";
  std::copy(text.begin(), text.end(), program.begin() + 0x20);  // a .COM's image starts at offset 100h
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "STRING.COM", "", error)) << error;
  machine.closeInput();
  sim::RunLimits limits;
  limits.maxOutputBytes = 5;
  limits.maxClocks = 50'000'000;
  const auto stop = machine.run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::OutputLimit) << stop.message;
  std::string row;
  for (unsigned c = 0; c < 11; ++c) row += static_cast<char>(machine.textCell(0, c).character);
  EXPECT_EQ(row.substr(0, 6), "HELLO ");
  EXPECT_EQ(row.find('W'), std::string::npos);
  EXPECT_EQ(machine.read16(PcMachine::linear(machine.cpu().seg(DS), 0x200)), 0u);  // the call never returned
  EXPECT_EQ(machine.cpu().reg16(CX), 11u);
}

// Hostile: execution wanders into VGA memory (through the adapter's read path, with its latch side
// effects) in text mode and in mode 13h; the run ends at the clock limit, not with a crash.
TEST(VgaInMachine, JumpIntoVideoMemoryEndsAtALimit) {
  for (const bool graphics : {false, true}) {
    PcMachine machine({}, makeVgaCard());
    // [mov ax,0013h / int 10h /] jmp far B800:0000 or A000:0000
    std::vector<uint8_t> program;
    if (graphics) program = {0xB8, 0x13, 0x00, 0xCD, 0x10, 0xEA, 0x00, 0x00, 0x00, 0xA0};
    else program = {0xEA, 0x00, 0x00, 0x00, 0xB8};
    std::string error;
    ASSERT_TRUE(machine.loadProgram(program, "WILD.COM", "", error)) << error;
    machine.closeInput();
    sim::RunLimits limits;
    limits.maxClocks = 3'000'000;
    const auto stop = machine.run(limits);
    EXPECT_TRUE(stop.reason == sim::StopReason::ClockLimit || stop.reason == sim::StopReason::Exception)
        << sim::stopReasonName(stop.reason) << ": " << stop.message;
  }
}

}  // namespace
}  // namespace asmlab::x86::pc::video

namespace asmlab::x86::pc::video {
namespace {

// A program reads the ROM 8x8 font through INT 10h AX=1130h (BH=03h), as programs that draw big
// letters in mode 13h do: the ROM at C000h is readable through the CPU.
TEST(VgaInMachine, ProgramReadsTheRomFontThroughFunction1130h) {
  PcMachine machine({}, makeVgaCard());
  // mov ax,1130h / mov bh,3 / int 10h / mov al,es:[bp+209h] ('A' = 41h: 41h x 8 + 1, its second
  // row) / mov ah,4Ch / int 21h
  const std::vector<uint8_t> program = {0xB8, 0x30, 0x11, 0xB7, 0x03, 0xCD, 0x10, 0x26,
                                        0x8A, 0x86, 0x09, 0x02, 0xB4, 0x4C, 0xCD, 0x21};
  std::string error;
  ASSERT_TRUE(machine.loadProgram(program, "FONT.COM", "", error)) << error;
  machine.closeInput();
  sim::RunLimits limits;
  limits.maxClocks = 1'000'000;
  const auto stop = machine.run(limits);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, kCp437Font8x8['A'][1]);
  EXPECT_NE(kCp437Font8x8['A'][1], 0xFF);  // not the open bus
  EXPECT_EQ(machine.cpu().seg(ES), 0xC000);
}

}  // namespace
}  // namespace asmlab::x86::pc::video
