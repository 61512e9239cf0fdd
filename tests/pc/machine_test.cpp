// BIOS, DOS and device behaviour seen by programs: hand-assembled .COM programs (opcodes from the
// Intel 8086 manual's opcode table; the expected values from the BIOS/DOS references).
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "pc_test_util.hpp"

namespace asmlab::x86::pc {
namespace {

using test::comMachine;
using test::runFor;

TEST(PcDos, WritesAStringAndExitsWithItsCode) {
  // mov ah,9 / mov dx,msg / int 21h / mov ax,4C07h / int 21h / msg db 'Hi$'
  auto m = comMachine({0xB4, 0x09, 0xBA, 0x0C, 0x01, 0xCD, 0x21, 0xB8, 0x07, 0x4C, 0xCD, 0x21, 'H', 'i', '$'});
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 7);
  EXPECT_EQ(m->output(), "Hi");
  EXPECT_EQ(test::screenRow(*m, 0), "Hi");
  // Stopped for good: running again reports the same end.
  EXPECT_EQ(runFor(*m).reason, sim::StopReason::Halted);
}

TEST(PcBios, Int16ReadsScriptedKeysWithScanCodes) {
  // mov ah,0 / int 16h / mov bx,ax / mov ah,0 / int 16h / mov cx,ax / mov ah,4Ch / mov al,bl / int 21h
  auto m = comMachine({0xB4, 0x00, 0xCD, 0x16, 0x89, 0xC3, 0xB4, 0x00, 0xCD, 0x16, 0x89, 0xC1, 0xB4, 0x4C, 0x88,
                       0xD8, 0xCD, 0x21},
                      "text \"aB\"\n");
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(m->cpu().reg16(BX), 0x1E61);  // scan 1Eh, 'a'
  EXPECT_EQ(m->cpu().reg16(CX), 0x3042);  // scan 30h, 'B' typed with Shift
  EXPECT_EQ(stop.exitCode, 0x61);
}

TEST(PcBios, WaitingForInputWhenTheScriptEndsAndResumable) {
  // mov ah,0 / int 16h / mov ah,4Ch / int 21h  (exit code = the key's ASCII)
  auto m = comMachine({0xB4, 0x00, 0xCD, 0x16, 0xB4, 0x4C, 0xCD, 0x21});
  auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::WaitingForInput) << stop.message;
  m->feedInput("z");
  stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 'z');
}

TEST(PcBios, KeysAtClockTimesArriveThen) {
  // Same program; the key arrives at one simulated second.
  auto m = comMachine({0xB4, 0x00, 0xCD, 0x16, 0xB4, 0x4C, 0xCD, 0x21}, "@4772727 key q\n");
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 'q');
  EXPECT_GE(m->clockCount(), 4772727u);
  EXPECT_LT(m->clockCount(), 4772727u + 300000u);
}

// L: mov ah,1 / int 16h / jz L / mov ah,0 / int 16h / cmp al,'q' / jne L / mov ah,4Ch / int 21h
const std::vector<uint8_t> kPollUntilQ = {0xB4, 0x01, 0xCD, 0x16, 0x74, 0xFA, 0xB4, 0x00, 0xCD,
                                          0x16, 0x3C, 0x71, 0x75, 0xF2, 0xB4, 0x4C, 0xCD, 0x21};

TEST(PcBios, PollingProgramGetsEveryKey) {
  auto m = comMachine(kPollUntilQ, "text \"abq\"\n");
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 'q');
}

TEST(PcBios, PollingWithoutInputStopsAfterFiveSimulatedSeconds) {
  auto m = comMachine(kPollUntilQ, "text \"ab\"\n");
  const auto stop = runFor(*m, 100'000'000);
  ASSERT_EQ(stop.reason, sim::StopReason::WaitingForInput) << stop.message;
  EXPECT_GE(m->clockCount(), 5u * 4772727);
  EXPECT_LT(m->clockCount(), 6u * 4772727);
}

TEST(PcBios, APollingProgramBusyWhenTheLastKeyArrivesStillReadsIt) {
  // L: mov ah,1 / int 16h / jnz GOT / mov cx,0FFFFh / D: loop D / jmp L
  // GOT: mov ah,0 / int 16h / mov ah,4Ch / int 21h  (exit code = the key's ASCII)
  // It polls an empty buffer for six seconds; the script's last key arrives while it counts down
  // (0.23 s a round), so it is not polling then, and reads the key at its next poll. The
  // five-second idle rule counts from the last input, not from the first empty poll.
  auto m = comMachine({0xB4, 0x01, 0xCD, 0x16, 0x75, 0x07, 0xB9, 0xFF, 0xFF, 0xE2, 0xFE,
                       0xEB, 0xF3, 0xB4, 0x00, 0xCD, 0x16, 0xB4, 0x4C, 0xCD, 0x21},
                      "@28636362 key q\n");
  const auto stop = runFor(*m, 100'000'000);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 'q');
}

// Where a run ends may not depend on how it is observed: traced (one instruction per call inside
// the machine) or cut into slices of clocks (as --screenshot-at does) against one plain run.
struct RunEnd {
  sim::StopReason reason;
  uint64_t instructions, clocks;
  bool operator==(const RunEnd&) const = default;
};

RunEnd endOf(const std::vector<uint8_t>& code, const std::string& keys, int observe) {
  PcOptions options;
  options.pollIdleSeconds = 0.5;  // the idle rule's stop, ten times sooner (tracing is slow)
  auto m = comMachine(code, keys, options);
  if (observe == 1) m->setTraceSink([](const sim::TraceEvent&) {});
  sim::StopInfo stop;
  if (observe == 2) {
    do stop = runFor(*m, 999'983);
    while (stop.reason == sim::StopReason::ClockLimit && m->clockCount() < 100'000'000);
  } else {
    stop = runFor(*m, 100'000'000);
  }
  return {stop.reason, m->instructionCount(), m->clockCount()};
}

TEST(PcMachineRuns, TracingOrSlicingARunDoesNotMoveItsEnd) {
  const std::vector<uint8_t> busyPoll = {0xB4, 0x01, 0xCD, 0x16, 0x75, 0x07, 0xB9, 0xFF, 0xFF, 0xE2, 0xFE,
                                         0xEB, 0xF3, 0xB4, 0x00, 0xCD, 0x16, 0xB4, 0x4C, 0xCD, 0x21};
  const std::vector<std::pair<std::vector<uint8_t>, std::string>> runs = {
      {{0xB4, 0x09, 0xBA, 0x0C, 0x01, 0xCD, 0x21, 0xB8, 0x07, 0x4C, 0xCD, 0x21, 'H', 'i', '$'}, ""},  // exits
      {kPollUntilQ, "text \"ab\"\n"},  // polls until the idle rule stops it
      {busyPoll, "@9000000 key q\n"},  // reads a timed key, then exits
      {{0xB4, 0x86, 0xB9, 0x03, 0x00, 0xBA, 0x40, 0x0D, 0xCD, 0x15, 0xB8, 0x00, 0x4C, 0xCD, 0x21}, ""},  // waits 200 ms
  };
  for (const auto& [code, keys] : runs) {
    const RunEnd plain = endOf(code, keys, 0);
    EXPECT_NE(plain.reason, sim::StopReason::ClockLimit) << keys;
    EXPECT_EQ(endOf(code, keys, 1), plain) << "traced: " << keys;
    EXPECT_EQ(endOf(code, keys, 2), plain) << "sliced: " << keys;
  }
}

TEST(PcMachineRuns, HltEndsAnEmu8086ProgramButAPcRunsOnAfterTheTick) {
  // mov ah,2 / mov dl,'A' / int 21h / hlt / mov ah,2 / mov dl,'B' / int 21h / mov ax,4C00h / int 21h
  const std::vector<uint8_t> code = {0xB4, 0x02, 0xB2, 0x41, 0xCD, 0x21, 0xF4, 0xB4, 0x02,
                                     0xB2, 0x42, 0xCD, 0x21, 0xB8, 0x00, 0x4C, 0xCD, 0x21};
  auto pc = comMachine(code);
  auto stop = runFor(*pc);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(pc->output(), "AB");  // the timer's interrupt woke the CPU (Intel 8086 manual, HLT)
  PcOptions emu8086;
  emu8086.haltEndsProgram = true;
  auto emu = comMachine(code, "", emu8086);
  stop = runFor(*emu);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted);
  EXPECT_NE(stop.message.find("HLT"), std::string::npos) << stop.message;
  EXPECT_EQ(emu->output(), "A");
  EXPECT_EQ(runFor(*emu).reason, sim::StopReason::Halted);  // and it stays ended
  EXPECT_EQ(emu->output(), "A");
}

// INT 21h 3Fh from handle 0 (the console): DOS reads a whole line with 0Ah's editing, echoes CR LF
// and returns it with CR LF at its end, CX bytes at a time; the rest waits for the next read
// (Ralf Brown's Interrupt List, INT 21h AH=3Fh).
TEST(PcDos, ReadingStandardInputTakesALineInPieces) {
  // mov ah,3Fh / xor bx,bx / mov cx,5 / mov dx,200h / int 21h / mov [1F0h],ax /
  // mov ah,3Fh / xor bx,bx / mov cx,16 / mov dx,210h / int 21h / mov [1F2h],ax / mov ax,4C00h / int 21h
  auto m = comMachine(
      {0xB4, 0x3F, 0x31, 0xDB, 0xB9, 0x05, 0x00, 0xBA, 0x00, 0x02, 0xCD, 0x21, 0xA3, 0xF0, 0x01, 0xB4, 0x3F, 0x31,
       0xDB, 0xB9, 0x10, 0x00, 0xBA, 0x10, 0x02, 0xCD, 0x21, 0xA3, 0xF2, 0x01, 0xB8, 0x00, 0x4C, 0xCD, 0x21},
      "text \"helo\\bl, world!\\n\"\n");
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  auto bytes = [&](uint16_t offset, unsigned n) {
    std::string s;
    for (unsigned i = 0; i < n; ++i)
      s += static_cast<char>(m->read8(PcMachine::linear(0x1000, static_cast<uint16_t>(offset + i))));
    return s;
  };
  EXPECT_EQ(m->read16(PcMachine::linear(0x1000, 0x1F0)), 5);
  EXPECT_EQ(bytes(0x200, 5), "hell,");  // "helo", Backspace, "l, world!"
  EXPECT_EQ(m->read16(PcMachine::linear(0x1000, 0x1F2)), 9);
  EXPECT_EQ(bytes(0x210, 9), " world!\r\n");
  EXPECT_EQ(m->output(), "helo\b \bl, world!\r\n");  // the editing echoed, then CR LF
}

// A TSR (INT 21h 31h, INT 27h) ends the run like an exit: nothing after the call runs.
TEST(PcDos, StayingResidentEndsTheRun) {
  // mov ax,3105h / mov dx,20h / int 21h / mov ah,2 / mov dl,'X' / int 21h
  auto m = comMachine({0xB8, 0x05, 0x31, 0xBA, 0x20, 0x00, 0xCD, 0x21, 0xB4, 0x02, 0xB2, 0x58, 0xCD, 0x21});
  auto stop = runFor(*m);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 5);
  EXPECT_NE(stop.message.find("resident"), std::string::npos) << stop.message;
  EXPECT_EQ(m->output(), "");
  // mov dx,20h / int 27h / mov ah,2 / mov dl,'X' / int 21h
  auto old = comMachine({0xBA, 0x20, 0x00, 0xCD, 0x27, 0xB4, 0x02, 0xB2, 0x58, 0xCD, 0x21});
  stop = runFor(*old);
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(old->output(), "");
}

// INT 15h 86h waits CX:DX microseconds (IBM PC AT Technical Reference): 100 ms is 477,273 clocks
// at 4.772727 MHz; the CPU idles meanwhile (a handful of instructions, not a spin) while the timer
// keeps ticking. Other INT 15h functions answer as a PC's BIOS: CF set, AH = 86h.
TEST(PcBios, Int15WaitsTheMicrosecondsAsked) {
  // mov ah,86h / mov cx,1 / mov dx,86A0h / int 15h / mov ah,88h / int 15h / mov al,ah /
  // mov ah,4Ch / int 21h  (exit code: AH after the unsupported function 88h)
  const std::vector<uint8_t> code = {0xB4, 0x86, 0xB9, 0x01, 0x00, 0xBA, 0xA0, 0x86, 0xCD, 0x15,
                                     0xB4, 0x88, 0xCD, 0x15, 0x88, 0xE0, 0xB4, 0x4C, 0xCD, 0x21};
  auto m = comMachine(code);
  const uint32_t ticks = m->read16(0x46C);
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 0x86);
  EXPECT_GE(m->clockCount(), 477273u);
  EXPECT_LT(m->clockCount(), 477273u + 3000u);
  EXPECT_LT(m->instructionCount(), 200u);
  EXPECT_GE(m->read16(0x46C) - ticks, 1u);  // 100 ms hold at least one of the 54.9 ms ticks
  EXPECT_LE(m->read16(0x46C) - ticks, 2u);
}

TEST(PcDos, Int29WritesALToTheConsole) {
  // mov al,'O' / int 29h / mov al,'K' / int 29h / mov ax,4C00h / int 21h
  auto m = comMachine({0xB0, 0x4F, 0xCD, 0x29, 0xB0, 0x4B, 0xCD, 0x29, 0xB8, 0x00, 0x4C, 0xCD, 0x21});
  ASSERT_EQ(runFor(*m).reason, sim::StopReason::Halted);
  EXPECT_EQ(m->output(), "OK");
  EXPECT_EQ(test::screenRow(*m, 0), "OK");
}

TEST(PcDos, FlushThenReadWaitsForALaterKey) {
  // mov ax,0C01h / int 21h / mov ah,4Ch / int 21h: the key arrives while function 01h waits.
  auto m = comMachine({0xB8, 0x01, 0x0C, 0xCD, 0x21, 0xB4, 0x4C, 0xCD, 0x21}, "@1000000 key k\n");
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 'k');
  EXPECT_EQ(m->output(), "k");  // echoed
}

TEST(PcBios, HookedInt1CCountsTimerTicks) {
  const std::vector<uint8_t> code = {
      0xB8, 0x1C, 0x25,              // mov ax,251Ch
      0xBA, 0x17, 0x01,              // mov dx,handler
      0xCD, 0x21,                    // int 21h
      0xF4,                          // L: hlt
      0x80, 0x3E, 0x1D, 0x01, 0x03,  // cmp byte [count],3
      0x72, 0xF8,                    // jb L
      0xA0, 0x1D, 0x01,              // mov al,[count]
      0xB4, 0x4C, 0xCD, 0x21,        // exit
      0x2E, 0xFE, 0x06, 0x1D, 0x01,  // handler: inc byte cs:[count]
      0xCF,                          // iret
      0x00};                         // count
  auto m = comMachine(code);
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 3);
  // 08:00:00 is 28800 s * 1193182 / 65536 = 524347.5, rounded up to 524348 ticks; three more have passed.
  const uint32_t ticks = m->read16(0x46C) | (uint32_t{m->read16(0x46E)} << 16);
  EXPECT_EQ(ticks, 524348u + 3);
  // Three ticks of 65536 PIT clocks (4 CPU clocks each).
  EXPECT_GE(m->clockCount(), 2u * 65536 * 4);
  EXPECT_LT(m->clockCount(), 3u * 65536 * 4 + 10000);
}

std::vector<uint8_t> chainedInt08Program() {
  return test::padded({
      0xB8, 0x08, 0x35,              // mov ax,3508h
      0xCD, 0x21,                    // int 21h
      0x89, 0x1E, 0x40, 0x01,        // mov [old],bx
      0x8C, 0x06, 0x42, 0x01,        // mov [old+2],es
      0xB8, 0x08, 0x25,              // mov ax,2508h
      0xBA, 0x28, 0x01,              // mov dx,handler
      0xCD, 0x21,                    // int 21h
      0xF4,                          // L: hlt
      0x80, 0x3E, 0x44, 0x01, 0x05,  // cmp byte [count],5
      0x72, 0xF8,                    // jb L
      0xA0, 0x44, 0x01,              // mov al,[count]
      0xB4, 0x4C, 0xCD, 0x21,        // exit
      0x90, 0x90, 0x90, 0x90,
      0x2E, 0xFE, 0x06, 0x44, 0x01,  // handler: inc byte cs:[count]
      0x9C,                          // pushf
      0x2E, 0xFF, 0x1E, 0x40, 0x01,  // call far cs:[old]
      0xCF},                         // iret
      0x48);
}

TEST(PcBios, HookedInt08ChainsToTheBios) {
  auto m = comMachine(chainedInt08Program());
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 5);
  // The chained BIOS handler counted every tick and acknowledged the PIC each time.
  const uint32_t ticks = m->read16(0x46C) | (uint32_t{m->read16(0x46E)} << 16);
  EXPECT_EQ(ticks, 524348u + 5);
}

TEST(PcDeterminism, TwoRunsAreIdentical) {
  auto a = comMachine(chainedInt08Program());
  auto b = comMachine(chainedInt08Program());
  runFor(*a);
  runFor(*b);
  EXPECT_EQ(a->clockCount(), b->clockCount());
  EXPECT_EQ(a->instructionCount(), b->instructionCount());
  EXPECT_EQ(a->output(), b->output());
  for (unsigned r = 0; r < 25; ++r) EXPECT_EQ(test::screenRow(*a, r), test::screenRow(*b, r));
}

TEST(PcSpeaker, Timer2ToneIsLoggedWithItsFrequency) {
  auto m = comMachine({0xB0, 0xB6, 0xE6, 0x43,        // mov al,0B6h / out 43h,al
                       0xB8, 0xA9, 0x04,              // mov ax,1193
                       0xE6, 0x42, 0x88, 0xE0, 0xE6, 0x42,  // out 42h,al / mov al,ah / out 42h,al
                       0xE4, 0x61, 0x0C, 0x03, 0xE6, 0x61,  // in al,61h / or al,3 / out 61h,al
                       0xB9, 0xE8, 0x03, 0xE2, 0xFE,        // mov cx,1000 / loop $
                       0x24, 0xFC, 0xE6, 0x61,              // and al,0FCh / out 61h,al
                       0xCD, 0x20});
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  const auto notes = m->speakerNotes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NEAR(notes[0].frequencyHz, 1193181.666 / 1193, 0.01);
  // LOOP takes 17 clocks when it jumps and 5 when it falls through (Intel 8086 manual): the tone
  // lasts about 999*17+5 clocks plus the few instructions around the loop.
  EXPECT_GT(notes[0].durationClocks, 16900u);
  EXPECT_LT(notes[0].durationClocks, 17400u);
  EXPECT_EQ(m->speaker().events().back().kind, SpeakerEvent::Kind::Silence);
}

TEST(PcDos, BufferedLineInput) {
  auto code = test::padded({0xB4, 0x0A, 0xBA, 0x20, 0x01, 0xCD, 0x21,   // mov ah,0Ah / mov dx,buf / int 21h
                            0xA0, 0x21, 0x01, 0xB4, 0x4C, 0xCD, 0x21},  // mov al,[buf+1] / exit
                           0x30);
  code[0x20] = 10;  // buffer: at most 9 characters and the CR
  auto m = comMachine(code, "text \"hellp\\bo\\n\"\n");
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 5);
  std::string typed;
  for (uint32_t a = 0; a < 6; ++a) typed += static_cast<char>(m->read8(PcMachine::linear(0x1000, 0x122) + a));
  EXPECT_EQ(typed, "hello\r");
  EXPECT_EQ(test::screenRow(*m, 0), "hello");
}

TEST(PcDos, TimeComesFromTheSimulatedClock) {
  // mov ah,2Ch / int 21h / mov al,ch / mov ah,4Ch / int 21h: exit code = hour
  auto m = comMachine({0xB4, 0x2C, 0xCD, 0x21, 0x88, 0xE8, 0xB4, 0x4C, 0xCD, 0x21});
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.exitCode, 8);  // PcOptions' default start time 08:00
}

TEST(PcDos, SetAndGetVector) {
  // mov ax,2560h / mov dx,1234h / int 21h / mov ax,3560h / int 21h / mov ah,4Ch / mov al,bh / int 21h
  auto m = comMachine({0xB8, 0x60, 0x25, 0xBA, 0x34, 0x12, 0xCD, 0x21, 0xB8, 0x60, 0x35, 0xCD, 0x21, 0xB4, 0x4C,
                       0x88, 0xF8, 0xCD, 0x21});
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.exitCode, 0x12);
  EXPECT_EQ(m->read16(0x60 * 4), 0x1234);
  EXPECT_EQ(m->read16(0x60 * 4 + 2), 0x1000);  // DS = the PSP
}

TEST(PcMouse, ResetAndPositionFromTheScript) {
  // mov ax,0 / int 33h / mov ax,3 / int 33h / mov ah,4Ch / mov al,cl / int 21h; the move comes when
  // the program reads the mouse (after the reset, which centres the cursor)
  auto m = comMachine({0xB8, 0x00, 0x00, 0xCD, 0x33, 0xB8, 0x03, 0x00, 0xCD, 0x33, 0xB4, 0x4C, 0x88, 0xC8, 0xCD, 0x21});
  std::vector<InputEvent> events;
  std::string error;
  ASSERT_TRUE(parseInputScript("move 200 50\n", "mouse", events, error)) << error;
  m->addInputEvents(events);
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 200);
  EXPECT_EQ(m->cpu().reg16(DX), 50);
}

// A game that waits for a click by asking for the press count (INT 33h 05h), as mouse-driven
// course games do: the script's waiting events reach it, and with none left it stops as waiting
// for input instead of polling to the instruction limit (docs/pc-platform.md, "Input scripts").
const std::vector<uint8_t> kClickPoll = {0xB8, 0x00, 0x00, 0xCD, 0x33,        // mov ax,0 / int 33h (reset)
                                         0xB8, 0x05, 0x00, 0xBB, 0x00, 0x00,  // poll: mov ax,5 / mov bx,0 (left button)
                                         0xCD, 0x33,  // int 33h: BX = presses since the last call, CX = x of the last
                                         0x85, 0xDB, 0x74, 0xF4,               // test bx,bx / jz poll
                                         0xB4, 0x4C, 0x88, 0xC8, 0xCD, 0x21};  // mov ah,4Ch / mov al,cl / int 21h

TEST(PcMouse, PollingThePressCountTakesTheScriptsClicks) {
  auto m = comMachine(kClickPoll, "move 200 50\nclick\n");
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 200);  // the press was at the moved-to x
  auto idle = comMachine(kClickPoll);
  EXPECT_EQ(runFor(*idle, 100'000'000).reason, sim::StopReason::WaitingForInput);  // 5 s idle < 21 s
}

std::vector<uint8_t> writeFileProgram() {
  auto code = test::padded({
      0xB4, 0x3C, 0x31, 0xC9,        // mov ah,3Ch / xor cx,cx
      0xBA, 0x20, 0x01,              // mov dx,name
      0xCD, 0x21,                    // int 21h
      0x72, 0x10,                    // jc done
      0x89, 0xC3,                    // mov bx,ax
      0xB4, 0x40, 0xB9, 0x02, 0x00,  // mov ah,40h / mov cx,2
      0xBA, 0x2C, 0x01,              // mov dx,data
      0xCD, 0x21,                    // int 21h
      0xB4, 0x3E, 0xCD, 0x21,        // mov ah,3Eh / int 21h
      0xB4, 0x4C, 0xCD, 0x21},       // done: mov ah,4Ch / int 21h (AL = 02h after writing 2 bytes, or the error)
      0x30);
  const std::string name = "C:\\OUT.TXT";
  std::copy(name.begin(), name.end(), code.begin() + 0x20);
  code[0x2C] = 'h';
  code[0x2D] = 'i';
  return code;
}

TEST(PcDos, FileServicesAreOffByDefault) {
  auto m = comMachine(writeFileProgram());
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.exitCode, 5);  // access denied
}

TEST(PcDos, FilesInsideTheDosDirectory) {
  const auto dir = std::filesystem::temp_directory_path() / ("asmlab_pc_dos_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  PcOptions options;
  options.dosDirectory = dir.string();
  auto m = comMachine(writeFileProgram(), {}, options);
  const auto stop = runFor(*m);
  EXPECT_EQ(stop.exitCode, 2) << stop.message;
  std::ifstream in(dir / "OUT.TXT");
  std::string text;
  std::getline(in, text);
  EXPECT_EQ(text, "hi");
  std::filesystem::remove_all(dir);
}

TEST(PcMouse, TextCursorInvertsTheCellUnderIt) {
  // mov ax,0 / int 33h / mov ax,1 / int 33h (show) / jmp $
  auto m = comMachine({0xB8, 0x00, 0x00, 0xCD, 0x33, 0xB8, 0x01, 0x00, 0xCD, 0x33, 0xEB, 0xFE});
  runFor(*m, 100000);
  // Reset centres the cursor at (320,100): column 40, row 12; attribute 07h XOR 77h = 70h.
  EXPECT_EQ(m->textCell(12, 40).attribute, 0x70);
  m->pushMouseEvent({0, 0, 0});
  EXPECT_EQ(m->textCell(12, 40).attribute, 0x07);
  EXPECT_EQ(m->textCell(0, 0).attribute, 0x70);
}

TEST(PcMouse, EventHandlerCalledOnAPress) {
  auto code = test::padded({
      0xB8, 0x00, 0x00, 0xCD, 0x33,        // mov ax,0 / int 33h (reset)
      0xB8, 0x0C, 0x00,                    // mov ax,0Ch
      0xB9, 0x02, 0x00,                    // mov cx,2 (left button pressed)
      0xBA, 0x20, 0x01,                    // mov dx,handler
      0xCD, 0x33,                          // int 33h (ES = PSP = CS)
      0xF4,                                // L: hlt
      0x80, 0x3E, 0x2A, 0x01, 0x00,        // cmp byte [cond],0
      0x74, 0xF8,                          // je L
      0xA0, 0x2A, 0x01,                    // mov al,[cond]
      0xB4, 0x4C, 0xCD, 0x21,              // exit
      0x90,
      0x2E, 0xA2, 0x2A, 0x01,              // handler: mov cs:[cond],al
      0x2E, 0x89, 0x1E, 0x2B, 0x01,        // mov cs:[buttons],bx
      0xCB},                               // retf
      0x30);
  auto m = comMachine(code);
  std::vector<InputEvent> events;
  std::string error;
  ASSERT_TRUE(parseInputScript("@100000 move 10 20\n@200000 press left\n", "mouse", events, error)) << error;
  m->addInputEvents(events);
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 2);  // condition: left button pressed (the move is masked out)
  EXPECT_EQ(m->read16(PcMachine::linear(0x1000, 0x12B)), 1);  // BX: left button down
  EXPECT_GE(m->clockCount(), 200000u);
}

TEST(PcMachine, SnapshotRestoresTheRun) {
  auto m = comMachine(chainedInt08Program());
  sim::RunLimits limits;
  limits.maxClocks = 300000;
  m->run(limits);
  const auto snap = m->saveSnapshot();
  const uint64_t clock = m->clockCount();
  const auto first = runFor(*m);
  const uint64_t end = m->clockCount();
  m->restoreSnapshot(*snap);
  EXPECT_EQ(m->clockCount(), clock);
  const auto second = runFor(*m);
  EXPECT_EQ(second.exitCode, first.exitCode);
  EXPECT_EQ(m->clockCount(), end);
}

// Determinism (docs/x86-cpu.md, "Cycle model"): under the cycle model an instruction's clocks
// depend on the prefetch queue, the bus cycle in progress and the refresh DMA's schedule, so a
// snapshot keeps them: after a restore the same instructions take the same clocks, one by one.
TEST(PcMachine, SnapshotRestoresTheCycleModelsQueueAndBus) {
  PcOptions options;
  options.timing = TimingModel::Cycle;
  // mov bx,200h / mov cx,1000h / L: mov ax,[bx] / add ax,ax / mov [bx],ax / mul cx / loop L /
  // mov ax,4C00h / int 21h: memory cycles, a long MUL and a jump in every pass of the loop.
  auto m = comMachine({0xBB, 0x00, 0x02, 0xB9, 0x00, 0x10, 0x8B, 0x07, 0x01, 0xC0, 0x89, 0x07, 0xF7, 0xE1, 0xE2, 0xF6,
                       0xB8, 0x00, 0x4C, 0xCD, 0x21},
                      {}, options);
  sim::RunLimits limits;
  limits.maxInstructions = 1237;  // inside the loop, after MOV [BX],AX: a fetch under way
  m->run(limits);
  const auto snap = m->saveSnapshot();
  std::vector<uint64_t> first, second;
  for (int i = 0; i < 300; ++i) {
    m->step();
    first.push_back(m->lastInstructionClocks());
  }
  const uint64_t end = m->clockCount();
  m->restoreSnapshot(*snap);
  for (int i = 0; i < 300; ++i) {
    m->step();
    second.push_back(m->lastInstructionClocks());
  }
  EXPECT_EQ(first, second);
  EXPECT_EQ(m->clockCount(), end);
}

// A snapshot restores whether the CPU was halted: one taken at the start, restored into a machine
// halted in INT 16h waiting for a key (the BIOS halts until the next interrupt), runs its first
// instruction at once, as a fresh machine does, instead of idling until the timer's interrupt.
TEST(PcMachine, SnapshotRestoresWhetherTheCpuWasHalted) {
  // mov ah,0 / int 16h / mov ah,4Ch / int 21h
  const std::vector<uint8_t> program{0xB4, 0x00, 0xCD, 0x16, 0xB4, 0x4C, 0xCD, 0x21};
  auto fresh = comMachine(program);
  fresh->step();
  auto m = comMachine(program);
  const auto start = m->saveSnapshot();
  ASSERT_EQ(runFor(*m).reason, sim::StopReason::WaitingForInput);
  ASSERT_TRUE(m->cpu().halted());
  m->restoreSnapshot(*start);
  EXPECT_FALSE(m->cpu().halted());
  m->step();
  EXPECT_EQ(m->clockCount(), fresh->clockCount());
  EXPECT_EQ(m->programCounter(), fresh->programCounter());
}

TEST(PcMachine, BreakpointsAndStepOverAnInterrupt) {
  auto m = comMachine({0xB4, 0x09, 0xBA, 0x0C, 0x01, 0xCD, 0x21, 0xB8, 0x07, 0x4C, 0xCD, 0x21, 'H', 'i', '$'});
  m->breakpoints().addExecute(PcMachine::linear(0x1000, 0x105));
  auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Breakpoint);
  EXPECT_EQ(m->programCounter(), PcMachine::linear(0x1000, 0x105));
  EXPECT_EQ(m->disassemble(m->programCounter()), "int 21h");
  stop = m->stepOver({});
  EXPECT_EQ(stop.reason, sim::StopReason::Step);
  EXPECT_EQ(m->cpu().ip(), 0x107);
  EXPECT_EQ(m->output(), "Hi");
}

// A run stops at a breakpoint where it starts (the entry point, or where a run cut short by a
// limit ended), and passes over it only when continuing from a stop at that breakpoint: as the
// LC-3 machine does, and as `--break start` needs. Traced runs (one instruction at a time) alike.
TEST(PcMachine, ABreakpointWhereARunStartsStopsItUnlessResumingFromIt) {
  const std::vector<uint8_t> code = {0x40, 0x40, 0x40, 0xB8, 0x00, 0x4C, 0xCD, 0x21};  // inc ax x3; exit
  for (const bool traced : {false, true}) {
    SCOPED_TRACE(traced ? "traced" : "untraced");
    auto m = comMachine(code);
    size_t traced_instructions = 0;
    if (traced) m->setTraceSink([&](const sim::TraceEvent&) { ++traced_instructions; });
    m->breakpoints().addExecute(PcMachine::linear(m->cpu().seg(CS), 0x100));
    m->breakpoints().addExecute(PcMachine::linear(m->cpu().seg(CS), 0x102));
    auto stop = runFor(*m);
    ASSERT_EQ(stop.reason, sim::StopReason::Breakpoint);
    EXPECT_EQ(m->instructionCount(), 0u);
    stop = runFor(*m);  // continuing: the entry's instruction runs, the next breakpoint stops
    ASSERT_EQ(stop.reason, sim::StopReason::Breakpoint);
    EXPECT_EQ(m->cpu().ip(), 0x102);
    EXPECT_EQ(m->instructionCount(), 2u);
    // A run that ends on a breakpoint by its instruction limit has not reported it: the next does.
    auto again = comMachine(code);
    if (traced) again->setTraceSink([](const sim::TraceEvent&) {});
    again->breakpoints().addExecute(PcMachine::linear(again->cpu().seg(CS), 0x102));
    sim::RunLimits two;
    two.maxInstructions = 2;
    EXPECT_EQ(again->run(two).reason, sim::StopReason::InstructionLimit);
    EXPECT_EQ(runFor(*again).reason, sim::StopReason::Breakpoint);
    EXPECT_EQ(again->instructionCount(), 2u);
    // Stepping executes the instruction under a breakpoint.
    EXPECT_EQ(again->step().reason, sim::StopReason::Step);
    EXPECT_EQ(again->cpu().ip(), 0x103);
    // A step that lands on a breakpoint has shown it: running on from there executes it.
    auto stepped = comMachine(code);
    if (traced) stepped->setTraceSink([](const sim::TraceEvent&) {});
    stepped->breakpoints().addExecute(PcMachine::linear(stepped->cpu().seg(CS), 0x101));
    EXPECT_EQ(stepped->step().reason, sim::StopReason::Step);
    EXPECT_EQ(runFor(*stepped).reason, sim::StopReason::Halted);
    if (traced) {
      EXPECT_EQ(traced_instructions, 2u);
    }
  }
}

TEST(PcMachine, InterruptBreakpointWithFunction) {
  auto m = comMachine({0xB4, 0x09, 0xBA, 0x0C, 0x01, 0xCD, 0x21, 0xB8, 0x07, 0x4C, 0xCD, 0x21, 'H', 'i', '$'});
  m->breakpoints().addInterrupt(0x21, 0x4C);
  const auto stop = runFor(*m);
  ASSERT_EQ(stop.reason, sim::StopReason::Breakpoint) << stop.message;
  EXPECT_EQ(m->cpu().ip(), 0x10A);
  EXPECT_EQ(m->output(), "Hi");
}

TEST(PcKeyboard, HookedInt09ReadsPort60AndAcknowledgesThrough61) {
  // The XT-style keyboard handler of many course programs: IN AL,60h, pulse port 61h bit 7 (the
  // 8255's keyboard acknowledge), EOI. It must see every make and break code, in order.
  const std::vector<uint8_t> code = {
      0xB8, 0x09, 0x25, 0xBA, 0x20, 0x01, 0xCD, 0x21,  // 100: set vector 09h -> 120h
      0xFB,                                            // 108: sti
      0x2E, 0x80, 0x3E, 0x40, 0x01, 0x04,              // 109: cmp byte cs:[140h],4
      0x72, 0xF8,                                      // 10F: jb 109h
      0x2E, 0xA0, 0x41, 0x01,                          // 111: mov al,cs:[141h]
      0xB4, 0x4C, 0xCD, 0x21,                          // 115: exit with the last code
      0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90,        // 119
      0x50, 0xE4, 0x60,                                // 120: push ax / in al,60h
      0x2E, 0xA2, 0x41, 0x01,                          // 123: mov cs:[141h],al
      0x2E, 0xFE, 0x06, 0x40, 0x01,                    // 127: inc byte cs:[140h]
      0xE4, 0x61, 0x0C, 0x80, 0xE6, 0x61,              // 12C: in al,61h / or al,80h / out 61h,al
      0x24, 0x7F, 0xE6, 0x61,                          // 132: and al,7Fh / out 61h,al
      0xB0, 0x20, 0xE6, 0x20, 0x58, 0xCF,              // 136: EOI / pop ax / iret
      0x90, 0x90, 0x90, 0x90,                          // 13C
      0x00, 0x00};                                     // 140: count, last code
  auto m = comMachine(code, "@100000 key a\n@200000 key b\n");
  const auto stop = runFor(*m, 5'000'000);
  ASSERT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(stop.exitCode, 0xB0);  // the break code of B (scan code 30h + 80h), the fourth code
  EXPECT_TRUE(m->speaker().events().empty());  // port 61h bits 0-1 stayed off: no sound
}

}  // namespace
}  // namespace asmlab::x86::pc
