// Programs that misbehave end with a verdict, never a crash or a hang.
#include <gtest/gtest.h>

#include "pc_test_util.hpp"

namespace asmlab::x86::pc {
namespace {

using test::comMachine;
using test::runFor;

TEST(PcHostile, DivideByZeroEndsWithAnException) {
  // xor ax,ax / div al / int 20h
  auto m = comMachine({0x31, 0xC0, 0xF6, 0xF0, 0xCD, 0x20});
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.reason, sim::StopReason::Exception);
  EXPECT_NE(stop.message.find("divide error"), std::string::npos) << stop.message;
  EXPECT_EQ(m->output(), "Divide overflow\r\n");  // what DOS prints
}

TEST(PcHostile, EndlessLoopHitsTheClockLimit) {
  auto m = comMachine({0xEB, 0xFE});  // jmp $
  const auto stop = runFor(*m, 1'000'000);
  EXPECT_EQ(stop.reason, sim::StopReason::ClockLimit);
  EXPECT_GE(m->clockCount(), 1'000'000u);
  EXPECT_LT(m->clockCount(), 1'000'100u);
}

TEST(PcHostile, EndlessLoopHitsTheInstructionLimit) {
  auto m = comMachine({0xEB, 0xFE});
  sim::RunLimits limits;
  limits.maxInstructions = 12345;
  const auto stop = m->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::InstructionLimit);
  EXPECT_EQ(m->instructionCount(), 12345u);
}

TEST(PcHostile, HaltWithInterruptsDisabled) {
  auto m = comMachine({0xFA, 0xF4});  // cli / hlt
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.reason, sim::StopReason::Exception);
  EXPECT_NE(stop.message.find("HLT"), std::string::npos);
}

TEST(PcHostile, OverwrittenInterruptTableEndsAtALimit) {
  // xor ax,ax / mov es,ax / xor di,di / mov cx,512 / rep stosw / jmp $
  auto m = comMachine({0x31, 0xC0, 0x8E, 0xC0, 0x31, 0xFF, 0xB9, 0x00, 0x02, 0xF3, 0xAB, 0xEB, 0xFE});
  const auto stop = runFor(*m, 3'000'000);
  EXPECT_EQ(stop.reason, sim::StopReason::ClockLimit) << stop.message;
  // The next timer tick went through the zeroed vector to 0000:0000.
  EXPECT_LT(m->programCounter(), 0x10000u);
}

TEST(PcHostile, JumpIntoVideoMemoryEndsWithAVerdict) {
  auto m = comMachine({0xEA, 0x00, 0x00, 0x00, 0xB8});  // jmp far B800:0000
  const auto stop = runFor(*m, 2'000'000);
  EXPECT_NE(stop.reason, sim::StopReason::Running);
  EXPECT_NE(stop.reason, sim::StopReason::Halted);
}

TEST(PcHostile, TimerHandlerThatNeverReturns) {
  // mov ax,2508h / mov dx,handler / int 21h / jmp $ / handler: jmp $
  auto m = comMachine({0xB8, 0x08, 0x25, 0xBA, 0x0A, 0x01, 0xCD, 0x21, 0xEB, 0xFE, 0xEB, 0xFE});
  const auto stop = runFor(*m, 2'000'000);
  EXPECT_EQ(stop.reason, sim::StopReason::ClockLimit);
  EXPECT_EQ(m->cpu().ip(), 0x10A);  // stuck in the handler
  EXPECT_TRUE(m->pic().inService(0));
}

TEST(PcHostile, HandlerWithoutEoiGetsNoMoreTicks) {
  // Hook INT 08h with a handler that counts and IRETs without EOI: exactly one tick arrives.
  const std::vector<uint8_t> code = {
      0xB8, 0x08, 0x25, 0xBA, 0x0E, 0x01, 0xCD, 0x21,  // set vector 08h -> handler
      0xFB, 0xEB, 0xFE,                                  // sti / jmp $
      0x90, 0x90, 0x90,
      0x2E, 0xFE, 0x06, 0x14, 0x01,                      // handler: inc byte cs:[count]
      0xCF,                                              // iret (no EOI)
      0x00};
  auto m = comMachine(code);
  runFor(*m, 3'000'000);
  EXPECT_EQ(m->read8(PcMachine::linear(0x1000, 0x114)), 1);
}

TEST(PcHostile, DivideByZeroWithTheProgramsOwnHandler) {
  // The program hooks INT 0 (INT 21h 25h), divides by zero, and its handler counts and IRETs. The
  // 8086 pushes the address after DIV (Intel 8086 manual: the 80286 changed it to the DIV), so the
  // program goes on and exits with the count.
  const std::vector<uint8_t> code = {
      0xB8, 0x00, 0x25, 0xBA, 0x17, 0x01, 0xCD, 0x21,  // 100: set vector 00h -> 117h
      0x31, 0xC0, 0xF6, 0xF0,                          // 108: xor ax,ax / div al
      0x2E, 0xA0, 0x1D, 0x01,                          // 10C: mov al,cs:[11Dh]
      0xB4, 0x4C, 0xCD, 0x21,                          // 110: exit with AL
      0x90, 0x90, 0x90,                                // 114
      0x2E, 0xFE, 0x06, 0x1D, 0x01,                    // 117: handler: inc byte cs:[11Dh]
      0xCF,                                            // 11C: iret
      0x00};                                           // 11D: the count
  auto m = comMachine(code);
  const auto stop = runFor(*m, 1'000'000);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 1);
  EXPECT_EQ(m->output(), "");  // DOS's "Divide overflow" is not printed: the program handled it
}

TEST(PcHostile, KeyboardHandlerThatNeverReturns) {
  // Hook INT 09h with "jmp $" and wait with interrupts on; the first scan code enters the handler
  // for good. The clock limit ends the run; IRQ1 stays in service.
  const std::vector<uint8_t> code = {0xB8, 0x09, 0x25, 0xBA, 0x0B, 0x01, 0xCD, 0x21,  // set vector 09h -> 10Bh
                                     0xFB, 0xEB, 0xFE,                                  // sti / jmp $
                                     0xEB, 0xFE};                                       // 10B: jmp $
  auto m = comMachine(code, "@100000 key a\n");
  const auto stop = runFor(*m, 2'000'000);
  EXPECT_EQ(stop.reason, sim::StopReason::ClockLimit);
  EXPECT_EQ(m->cpu().ip(), 0x10B);
  EXPECT_TRUE(m->pic().inService(1));
}

TEST(PcHostile, KeyboardHandlerWithoutEoiGetsOneScanCode) {
  // The handler reads port 60h, counts, and IRETs without EOI: IRQ1 stays in service, so of the
  // four scan codes of two key presses only the first arrives; the timer (a higher priority) still
  // ticks.
  const std::vector<uint8_t> code = {
      0xB8, 0x09, 0x25, 0xBA, 0x0E, 0x01, 0xCD, 0x21,  // 100: set vector 09h -> 10Eh
      0xFB, 0xEB, 0xFE,                                // 108: sti / jmp $
      0x90, 0x90, 0x90,                                // 10B
      0x50, 0xE4, 0x60,                                // 10E: push ax / in al,60h
      0x2E, 0xFE, 0x06, 0x1A, 0x01,                    // 111: inc byte cs:[11Ah]
      0x58, 0xCF,                                      // 116: pop ax / iret
      0x90, 0x90,                                      // 118
      0x00};                                           // 11A: the count
  auto m = comMachine(code, "@100000 key a\n@200000 key b\n");
  const auto stop = runFor(*m, 3'000'000);
  EXPECT_EQ(stop.reason, sim::StopReason::ClockLimit);
  EXPECT_EQ(m->read8(PcMachine::linear(0x1000, 0x11A)), 1);
  EXPECT_TRUE(m->pic().inService(1));
  // Ticks went on: the BIOS tick count advanced (3 000 000 clocks = 0.63 s = 11 ticks).
  const uint32_t ticks = m->read16(0x46C) | (uint32_t{m->read16(0x46E)} << 16);
  EXPECT_GE(ticks - 524348u, 10u);
}

TEST(PcHostile, OutputFloodStopsAtTheOutputLimit) {
  // mov dl,'x' / mov ah,2 / int 21h / jmp back: endless output through DOS.
  auto m = comMachine({0xB2, 'x', 0xB4, 0x02, 0xCD, 0x21, 0xEB, 0xF8});
  sim::RunLimits limits;
  limits.maxOutputBytes = 10000;
  limits.maxClocks = 500'000'000;
  const auto stop = m->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::OutputLimit) << stop.message;
  EXPECT_EQ(m->output().size(), 10000u);  // exact: the byte that reaches the limit is the last one
}

// The video BIOS's characters count toward the output limit as DOS's do (docs/pc-platform.md,
// "Output"); the transcript stays what DOS printed.
TEST(PcHostile, TeletypeFloodStopsAtTheOutputLimit) {
  // 100: mov ax,0E41h / int 10h / inc word [0200h] / jmp 100h: one 'A' per call (INT 10h 0Eh),
  // then a count of the calls that returned.
  auto m = comMachine(test::padded({0xB8, 0x41, 0x0E, 0xCD, 0x10, 0xFF, 0x06, 0x00, 0x02, 0xEB, 0xF5}, 0x200));
  sim::RunLimits limits;
  limits.maxOutputBytes = 1000;
  limits.maxClocks = 500'000'000;
  const auto stop = m->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::OutputLimit) << stop.message;
  EXPECT_NE(stop.message.find("1000 characters (1000 through the video BIOS)"), std::string::npos) << stop.message;
  // Exact: the 1000th character is printed and its call never returns to the program.
  const uint32_t counter = PcMachine::linear(m->cpu().seg(DS), 0x200);
  EXPECT_EQ(m->read16(counter), 999u);
  EXPECT_EQ(m->output(), "");  // not DOS output: a redirected DOS program's file would not hold it
}

TEST(PcHostile, RepeatedCharacterStopsInsideTheCallAtTheOutputLimit) {
  // mov ax,0941h / mov bx,0007h / mov cx,5000 / int 10h / inc word [0200h] / jmp $: one call
  // writing 5000 copies of 'A' from the cursor (0,0); the limit lets 1000 through.
  auto m = comMachine(test::padded({0xB8, 0x41, 0x09, 0xBB, 0x07, 0x00, 0xB9, 0x88, 0x13, 0xCD, 0x10, 0xFF, 0x06,
                                    0x00, 0x02, 0xEB, 0xFE},
                                   0x200));
  sim::RunLimits limits;
  limits.maxOutputBytes = 1000;
  limits.maxClocks = 50'000'000;
  const auto stop = m->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::OutputLimit) << stop.message;
  EXPECT_EQ(m->read16(PcMachine::linear(m->cpu().seg(DS), 0x200)), 0u);
  // Function 09h writes across rows without moving the cursor: cells 0..999 hold 'A', 1000 not.
  EXPECT_EQ(m->textCell(999 / 80, 999 % 80).character, 'A');
  EXPECT_NE(m->textCell(1000 / 80, 1000 % 80).character, 'A');
  EXPECT_EQ(m->cpu().reg16(CX), 5000u);  // the caller's CX as the BIOS leaves it
}

TEST(PcHostile, DosAndBiosOutputShareTheOutputLimit) {
  // mov dl,'d' / mov ah,2 / int 21h (x3 via loop) then the 0Eh flood: 3 DOS bytes + 7 BIOS
  // characters reach a limit of 10.
  // 100: mov cx,3 / L: mov dl,'d' / mov ah,2 / int 21h / loop L / M: mov ax,0E62h / int 10h / jmp M
  auto m = comMachine({0xB9, 0x03, 0x00, 0xB2, 'd', 0xB4, 0x02, 0xCD, 0x21, 0xE2, 0xF8, 0xB8, 0x62, 0x0E, 0xCD, 0x10,
                       0xEB, 0xF9});
  sim::RunLimits limits;
  limits.maxOutputBytes = 10;
  limits.maxClocks = 50'000'000;
  const auto stop = m->run(limits);
  EXPECT_EQ(stop.reason, sim::StopReason::OutputLimit) << stop.message;
  EXPECT_EQ(m->output(), "ddd");
  EXPECT_EQ(test::screenRow(*m, 0), "dddbbbbbbb");
}

TEST(PcHostile, WritesToTheRomAreLost) {
  // mov ax,0F000h / mov es,ax / mov byte [es:0FF53h],90h (the dummy IRET) / int 1Ch / int 20h:
  // the ROM keeps its IRET, so INT 1Ch still returns and the program ends normally.
  auto m = comMachine({0xB8, 0x00, 0xF0, 0x8E, 0xC0, 0x26, 0xC6, 0x06, 0x53, 0xFF, 0x90, 0xCD, 0x1C, 0xCD, 0x20});
  const auto stop = runFor(*m, 1'000'000);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(m->read8(0xFFF53), 0xCF);
}

}  // namespace
}  // namespace asmlab::x86::pc
