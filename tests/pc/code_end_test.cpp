// A program that runs past the end of its code segment (it forgot MOV AH, 4Ch / INT 21h) is
// noted when the CPU first reaches the byte after the segment; the run itself is unchanged.
// Addresses are worked by hand: the image is loaded at 1010h (PSP at 1000h, docs/pc-platform.md)
// and the instruction lengths come from the Intel 8086 opcode map.
#include <algorithm>
#include <memory>
#include <utility>

#include <gtest/gtest.h>

#include "pc_test_util.hpp"

namespace asmlab::x86::pc {
namespace {

// B8 iw, 8E D8, B4 09, BA iw, CD 21: 12 bytes, so the code ends at offset 0Ch.
const std::string kPrint = "  mov ax, @data\n  mov ds, ax\n  mov ah, 9\n  mov dx, offset msg\n  int 21h\n";
const std::string kSmallHead = ".model small\n.stack 100h\n.data\nmsg db 'Hi$'\n.code\nstart:\n";

std::vector<std::string> pastTheEnd(const sim::Machine& m) {
  std::vector<std::string> found;
  for (const auto& note : m.notes())
    if (note.find("ran past the end of code segment") != std::string::npos) found.push_back(note);
  return found;
}

sim::RunLimits instructions(uint64_t n) {
  sim::RunLimits limits;
  limits.maxInstructions = n;
  return limits;
}

// Where two runs of one program stand: the same instruction, clock and output.
void expectSameState(const sim::Machine& a, const sim::Machine& b) {
  EXPECT_EQ(a.instructionCount(), b.instructionCount());
  EXPECT_EQ(a.clockCount(), b.clockCount());
  EXPECT_EQ(a.output(), b.output());
}

// The program loaded twice, the second copy without its code-end marks.
std::pair<std::unique_ptr<sim::Machine>, std::unique_ptr<sim::Machine>> markedAndUnmarked(const std::string& source) {
  auto marked = test::loadSource("program.asm", source);
  auto unmarked = test::loadSource("program.asm", source);
  if (unmarked) dynamic_cast<PcMachine&>(*unmarked).setCodeEnds({});
  return {std::move(marked), std::move(unmarked)};
}

// The note's count is where an execute breakpoint on the same byte stops, and both coexist.
TEST(CodeEnd, ASmallModelProgramWithoutAnExitIsNotedWhereItsCodeEnds) {
  auto withBreakpoint = test::loadSource("noexit.asm", kSmallHead + kPrint + "end start\n");
  ASSERT_TRUE(withBreakpoint);
  withBreakpoint->breakpoints().addExecute(0x1010C);
  const auto stop = withBreakpoint->run(instructions(1000));
  ASSERT_EQ(stop.reason, sim::StopReason::Breakpoint) << stop.message;
  EXPECT_EQ(withBreakpoint->programCounter(), 0x1010Cu);
  EXPECT_EQ(withBreakpoint->output(), "Hi");
  const uint64_t reached = withBreakpoint->instructionCount();
  ASSERT_EQ(pastTheEnd(*withBreakpoint).size(), 1u);

  auto machine = test::loadSource("noexit.asm", kSmallHead + kPrint + "end start\n");
  ASSERT_TRUE(machine);
  machine->run(instructions(100'000));
  const auto notes = pastTheEnd(*machine);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "the program ran past the end of code segment _TEXT: after " + std::to_string(reached) +
                          " instructions the CPU reached 1010:000C, the first byte after it, and runs what "
                          "follows as instructions (a DOS program ends with MOV AH, 4Ch / INT 21h)");
  EXPECT_EQ(pastTheEnd(*withBreakpoint), notes);
}

TEST(CodeEnd, AProgramThatExitsIsNotNoted) {
  auto machine = test::loadSource("exits.asm", kSmallHead + kPrint + "  mov ax, 4C00h\n  int 21h\nend start\n");
  ASSERT_TRUE(machine);
  const auto stop = machine->run(instructions(100'000));
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_EQ(machine->output(), "Hi");
  EXPECT_TRUE(pastTheEnd(*machine).empty());
}

// Segments without a class: the one the program starts in holds code. DATA takes the first
// paragraph, so CODE is at 1011h.
TEST(CodeEnd, TheSegmentTheProgramStartsInHoldsCode) {
  auto machine = test::loadSource("classless.asm",
                                  "data segment\nmsg db 'Hi$'\ndata ends\ncode segment\nassume cs:code, ds:data\n"
                                  "start:\n  mov ax, data\n  mov ds, ax\n  mov ah, 9\n  mov dx, offset msg\n"
                                  "  int 21h\ncode ends\nend start\n");
  ASSERT_TRUE(machine);
  machine->run(instructions(100'000));
  const auto notes = pastTheEnd(*machine);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("code segment CODE: after "), std::string::npos) << notes[0];
  EXPECT_NE(notes[0].find("the CPU reached 1011:000C, the first byte after it"), std::string::npos) << notes[0];
}

// Code that runs on from one code segment into the next (byte-aligned, so adjacent) is no end;
// the second is code by its class CODE, or by a name ending in TEXT (code_segment.hpp).
TEST(CodeEnd, RunningIntoTheNextCodeSegmentIsNotNoted) {
  for (const std::string second : {"two segment byte 'CODE'", "two_text segment byte"}) {
    auto machine = test::loadSource(
        "two.asm", "one segment byte 'CODE'\nassume cs:one\nstart:\n  mov bx, 1\none ends\n" + second +
                       "\n  mov ax, 4C03h\n  int 21h\n" + second.substr(0, second.find(' ')) + " ends\nend start\n");
    ASSERT_TRUE(machine) << second;
    const auto stop = machine->run(instructions(100'000));
    EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
    EXPECT_EQ(stop.exitCode, 3);
    EXPECT_TRUE(pastTheEnd(*machine).empty()) << second;
  }
}

// The mark only adds a note: without it the same run stops at the same instruction and clock
// with the same output.
TEST(CodeEnd, TheNoteDoesNotChangeTheRun) {
  auto [marked, unmarked] = markedAndUnmarked(kSmallHead + kPrint + "end start\n");
  ASSERT_TRUE(marked && unmarked);
  const auto a = marked->run(instructions(50'000));
  const auto b = unmarked->run(instructions(50'000));
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(a.message, b.message);
  expectSameState(*marked, *unmarked);
  EXPECT_EQ(pastTheEnd(*marked).size(), 1u);
  EXPECT_TRUE(pastTheEnd(*unmarked).empty());
}

// HLT as the last instruction leaves IP on the byte after it while the CPU waits. Under DOS the
// timer's interrupt returns there and the program runs past its end, noted then; the waits are
// the same with and without the mark.
TEST(CodeEnd, AHaltAtTheEndIsNotedWhenTheTimerWakesIt) {
  auto [marked, unmarked] = markedAndUnmarked(kSmallHead + kPrint + "  hlt\nend start\n");
  ASSERT_TRUE(marked && unmarked);
  sim::RunLimits limits;
  limits.maxClocks = 600'000;  // past the first timer tick (65,536 x 4 clocks)
  EXPECT_EQ(marked->run(limits).reason, unmarked->run(limits).reason);
  expectSameState(*marked, *unmarked);
  const auto notes = pastTheEnd(*marked);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("the CPU reached 1010:000D"), std::string::npos) << notes[0];  // after F4
}

// emu8086 ends a program at HLT: it never runs past it.
TEST(CodeEnd, AnEmu8086HaltIsNotNoted) {
  auto machine = test::loadSource("emu.asm", "#make_COM#\norg 100h\n  mov al, 1\n  hlt\n");
  ASSERT_TRUE(machine);
  const auto stop = machine->run(instructions(1000));
  EXPECT_EQ(stop.reason, sim::StopReason::Halted) << stop.message;
  EXPECT_TRUE(pastTheEnd(*machine).empty());
}

// The debugger's run pauses before the mark with the note as its message; run again, the
// program goes on from there and ends as an unpaused run does.
TEST(CodeEnd, ARunAskedToPausesThereOnceAndGoesOnUnchanged) {
  const std::string source = kSmallHead + kPrint + "end start\n";
  auto paused = test::loadSource("noexit.asm", source);
  auto straight = test::loadSource("noexit.asm", source);
  ASSERT_TRUE(paused && straight);
  sim::RunLimits limits = instructions(50'000);
  limits.stopAtCodeEnd = true;
  const auto first = paused->run(limits);
  ASSERT_EQ(first.reason, sim::StopReason::Paused) << first.message;
  EXPECT_EQ(paused->programCounter(), 0x1010Cu);
  ASSERT_EQ(pastTheEnd(*paused).size(), 1u);
  EXPECT_EQ(first.message, pastTheEnd(*paused)[0]);
  const uint64_t before = paused->instructionCount();
  const auto second = paused->run(instructions(50'000 - before));
  const auto whole = straight->run(instructions(50'000));
  EXPECT_EQ(second.reason, whole.reason) << second.message;
  expectSameState(*paused, *straight);
  EXPECT_EQ(pastTheEnd(*paused), pastTheEnd(*straight));
}

// Single steps, as in the debugger, give the same note as a run.
TEST(CodeEnd, SteppingOntoTheEndGivesTheSameNote) {
  const std::string source = kSmallHead + kPrint + "end start\n";
  auto run = test::loadSource("noexit.asm", source);
  auto stepped = test::loadSource("noexit.asm", source);
  ASSERT_TRUE(run && stepped);
  run->run(instructions(1000));
  for (int i = 0; i < 1000 && pastTheEnd(*stepped).empty(); ++i) stepped->step();
  ASSERT_EQ(pastTheEnd(*stepped).size(), 1u);
  EXPECT_EQ(pastTheEnd(*stepped), pastTheEnd(*run));
}

}  // namespace
}  // namespace asmlab::x86::pc
