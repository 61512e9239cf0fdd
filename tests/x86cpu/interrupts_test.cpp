// Interrupts at instruction boundaries (Intel 8086 Family User's Manual, 2.8): INTR through the
// interrupt-controller hook, NMI, single-step, HLT, the STI / MOV SS shadow, interrupted REP;
// and the debugger hooks (breakpoint table, trace hook).
#include "harness.hpp"

namespace asmlab::x86::test {
namespace {

struct TestPic : InterruptController {
  bool line = false;
  uint8_t vector = 8;
  int acknowledged = 0;
  bool pending() const override { return line; }
  uint8_t acknowledge() override { line = false; ++acknowledged; return vector; }
};

TEST(X86Interrupts, IntrIsTakenOnlyWithIfSet) {
  Harness h;
  TestPic pic;
  h.cpu.setInterruptController(&pic);
  h.vector(8, 0x0070, 0x0000);
  pic.line = true;
  h.code({0x90, 0x90});
  h.cpu.step();  // IF clear: the NOP runs
  EXPECT_EQ(h.cpu.ip(), 0x101);
  h.cpu.setFlags(kIF);
  h.cpu.step();  // the interrupt is entered instead of the next NOP
  EXPECT_EQ(h.cpu.seg(CS), 0x0070);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x101);
  EXPECT_EQ(pic.acknowledged, 1);
  EXPECT_FALSE(h.flag(kIF));
}

TEST(X86Interrupts, HltWaitsForAnInterrupt) {
  Harness h;
  TestPic pic;
  h.cpu.setInterruptController(&pic);
  h.vector(8, 0x0070, 0x0000);
  h.cpu.setFlags(kIF);
  h.code({0xF4});
  h.cpu.step();
  EXPECT_TRUE(h.cpu.halted());
  EXPECT_EQ(h.cpu.run(100), RunStop::Halted);
  EXPECT_EQ(h.cpu.step(), 1u);  // idles one clock
  pic.line = true;
  h.cpu.step();
  EXPECT_FALSE(h.cpu.halted());
  EXPECT_EQ(h.cpu.seg(CS), 0x0070);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x101);  // returns after the HLT
}

TEST(X86Interrupts, NmiIgnoresIf) {
  Harness h;
  h.vector(2, 0x0080, 0x0000);
  h.cpu.raiseNmi();
  h.code({0x90});
  h.cpu.step();
  EXPECT_EQ(h.cpu.seg(CS), 0x0080);
}

TEST(X86Interrupts, SingleStepTrapAfterEachInstruction) {
  Harness h;
  h.vector(1, 0x0090, 0x0000);
  h.cpu.setFlags(kTF);
  h.code({0x90, 0x90});
  h.cpu.step();  // the NOP
  EXPECT_EQ(h.cpu.ip(), 0x101);
  h.cpu.step();  // then interrupt 1
  EXPECT_EQ(h.cpu.seg(CS), 0x0090);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x101);
  EXPECT_FALSE(h.flag(kTF));
  EXPECT_EQ(h.word(0x4000, 0x0FFE) & kTF, kTF);  // pushed with TF set
}

TEST(X86Interrupts, StiDelaysInterruptsByOneInstruction) {
  Harness h;
  TestPic pic;
  h.cpu.setInterruptController(&pic);
  h.vector(8, 0x0070, 0x0000);
  pic.line = true;
  h.code({0xFB, 0x90, 0x90});  // sti / nop / nop
  h.cpu.step();
  h.cpu.step();
  EXPECT_EQ(h.cpu.ip(), 0x102);  // the instruction after STI ran
  h.cpu.step();
  EXPECT_EQ(h.cpu.seg(CS), 0x0070);
}

TEST(X86Interrupts, MovSsDelaysInterrupts) {
  Harness h;
  TestPic pic;
  h.cpu.setInterruptController(&pic);
  h.vector(8, 0x0070, 0x0000);
  h.cpu.setFlags(kIF);
  h.code({0x8E, 0xD0, 0xBC, 0x00, 0x20});  // mov ss,ax / mov sp,2000h
  h.cpu.setReg16(AX, 0x5000);
  h.cpu.step();
  pic.line = true;
  h.cpu.step();
  EXPECT_EQ(h.cpu.reg16(SP), 0x2000);
  EXPECT_EQ(h.cpu.ip(), 0x105);
}

// An interrupt between iterations of REP MOVSB suspends it; after IRET it resumes.
void interruptedRep(CpuModel model, bool withOverride, uint16_t expectedResumeIp) {
  Harness h(model);
  TestPic pic;
  h.cpu.setInterruptController(&pic);
  h.vector(8, 0x0070, 0x0000);
  h.mem(0x0070, 0x0000) = 0xCF;  // the handler is IRET
  for (int i = 0; i < 5; ++i) {
    h.mem(0x2000, uint16_t(0x10 + i)) = uint8_t(0x10 + i);
    h.mem(0x3000, uint16_t(0x10 + i)) = uint8_t(0x30 + i);
  }
  h.cpu.setReg16(SI, 0x10);
  h.cpu.setReg16(DI, 0x40);
  h.cpu.setReg16(CX, 5);
  pic.line = true;
  if (withOverride) h.code({0xFB, 0x26, 0xF3, 0xA4});  // sti / es: rep movsb
  else h.code({0xFB, 0xF3, 0xA4});                     // sti / rep movsb
  h.cpu.step();  // STI
  h.cpu.step();  // one iteration, then suspended
  EXPECT_EQ(h.cpu.reg16(CX), 4);
  EXPECT_EQ(h.cpu.ip(), expectedResumeIp);
  h.cpu.step();  // interrupt entry
  EXPECT_EQ(h.cpu.seg(CS), 0x0070);
  h.cpu.step();  // IRET
  EXPECT_EQ(h.cpu.ip(), expectedResumeIp);
  h.cpu.step();  // the rest of the string
  EXPECT_EQ(h.cpu.reg16(CX), 0);
  EXPECT_EQ(h.mem(0x3000, 0x40), withOverride ? 0x30 : 0x10);
  // The 8086 resumes at the REP byte and forgets the ES override for the remaining bytes.
  const bool overrideKept = !withOverride || model >= CpuModel::i80286;
  const uint8_t rest = overrideKept && withOverride ? 0x34 : 0x14;
  EXPECT_EQ(h.mem(0x3000, 0x44), rest);
}

TEST(X86Interrupts, InterruptedRepResumes) { interruptedRep(CpuModel::i8086, false, 0x101); }
TEST(X86Interrupts, InterruptedRepWithOverrideLosesItOn8086) { interruptedRep(CpuModel::i8086, true, 0x102); }
TEST(X86Interrupts, InterruptedRepWithOverrideKeepsItOn80286) { interruptedRep(CpuModel::i80286, true, 0x101); }

TEST(X86Debugger, RunStopsAtAnExecuteBreakpoint) {
  Harness h;
  std::vector<uint8_t> flags(0x110000, 0);
  flags[0x10103] = 1;
  h.cpu.setBreakpointTable(flags.data(), uint32_t(flags.size()));
  h.code({0x90, 0x90, 0x90, 0x90, 0x90});
  EXPECT_EQ(h.cpu.run(100), RunStop::Breakpoint);
  EXPECT_EQ(h.cpu.ip(), 0x103);
  EXPECT_EQ(h.cpu.instructionCount(), 3u);
  EXPECT_EQ(h.cpu.run(1), RunStop::InstructionLimit);  // continuing steps past it
  EXPECT_EQ(h.cpu.ip(), 0x104);
}

// run() does not poll the controller before every instruction once it found INTR low; a device
// access (here OUT) must make it look again at the next boundary.
struct RaisingBus : FlatMemoryBus {
  TestPic* pic = nullptr;
  const Cpu* cpu = nullptr;
  uint64_t clockAtOut = 0;
  void out8(uint16_t port, uint8_t value) override {
    FlatMemoryBus::out8(port, value);
    clockAtOut = cpu->clockCount();
    pic->line = true;
  }
};

TEST(X86Interrupts, LineRaisedByADeviceAccessIsTakenAtTheNextBoundary) {
  RaisingBus bus;
  Cpu cpu(bus);
  TestPic pic;
  bus.pic = &pic;
  bus.cpu = &cpu;
  cpu.setInterruptController(&pic);
  cpu.setSeg(CS, 0x1000); cpu.setSeg(SS, 0x4000); cpu.setReg16(SP, 0x1000); cpu.setIp(0x100);
  cpu.setFlags(kIF);
  bus.ram()[8 * 4 + 2] = 0x70;  // vector 8 -> 0070:0000, a HLT there
  bus.ram()[0x700] = 0xF4;
  const uint8_t code[] = {0x90, 0x90, 0xE6, 0x80, 0x90, 0x90};  // nop / nop / out 80h,al / nop / nop
  for (unsigned i = 0; i < sizeof code; ++i) bus.ram()[0x10100 + i] = code[i];
  EXPECT_EQ(cpu.run(100), RunStop::Halted);  // in the handler's HLT with IF clear
  EXPECT_EQ(pic.acknowledged, 1);
  EXPECT_EQ(cpu.seg(CS), 0x0070);
  EXPECT_EQ(bus.ram()[0x40000 + 0x0FFA], 0x04);  // returns to 0104h, right after the OUT
  EXPECT_EQ(cpu.instructionCount(), 4u);         // nop nop out hlt
  // A device sees the clock count at the start of the instruction: two NOPs of 3 clocks.
  EXPECT_EQ(bus.clockAtOut, 6u);
}

TEST(X86Interrupts, LineRaisedBetweenRunsIsTakenAtTheFirstBoundary) {
  Harness h;
  TestPic pic;
  h.cpu.setInterruptController(&pic);
  h.vector(8, 0x0070, 0x0000);
  h.cpu.setFlags(kIF);
  h.code({0x90, 0x90, 0x90, 0x90});
  EXPECT_EQ(h.cpu.run(2), RunStop::InstructionLimit);  // polled, line low
  pic.line = true;                                     // the platform raises IRQ between runs
  h.cpu.run(1);
  EXPECT_EQ(pic.acknowledged, 1);
  EXPECT_EQ(h.cpu.seg(CS), 0x0070);
  EXPECT_EQ(h.word(0x4000, 0x0FFA), 0x102);
}

TEST(X86Debugger, BreakpointInTheSegmentAFarJumpEnters) {
  Harness h;
  std::vector<uint8_t> flags(0x110000, 0);
  flags[0x20012] = 1;  // 2000:0012
  h.cpu.setBreakpointTable(flags.data(), uint32_t(flags.size()));
  h.code({0xEA, 0x10, 0x00, 0x00, 0x20});  // jmp far 2000:0010
  for (uint16_t i = 0; i < 8; ++i) h.mem(0x2000, uint16_t(0x10 + i)) = 0x90;
  EXPECT_EQ(h.cpu.run(100), RunStop::Breakpoint);
  EXPECT_EQ(h.cpu.seg(CS), 0x2000);
  EXPECT_EQ(h.cpu.ip(), 0x12);
  EXPECT_EQ(h.cpu.instructionCount(), 3u);  // jmp nop nop
}

TEST(X86Debugger, BreakpointInACodeSegmentThatWrapsAtOneMegabyte) {
  Harness h;
  std::vector<uint8_t> flags(0x110000, 0);
  flags[0x00002] = 1;  // FFFF:0012 is physical 00002h on the 8086
  h.cpu.setBreakpointTable(flags.data(), uint32_t(flags.size()));
  h.cpu.setSeg(CS, 0xFFFF);
  h.cpu.setIp(0x0010);
  for (uint32_t a = 0; a < 8; ++a) h.bus.ram()[a] = 0x90;
  EXPECT_EQ(h.cpu.run(100), RunStop::Breakpoint);
  EXPECT_EQ(h.cpu.ip(), 0x12);
  EXPECT_EQ(h.cpu.instructionCount(), 2u);
}

TEST(X86Debugger, TraceHookSeesEveryInstructionAndClocksAccumulate) {
  Harness h;
  int seen = 0;
  h.cpu.setTraceHook([&](const Cpu&) { ++seen; });
  h.code({0x90, 0x90, 0x90});
  h.cpu.run(3);
  EXPECT_EQ(seen, 3);
  EXPECT_EQ(h.cpu.clockCount(), 9u);  // NOP (XCHG AX,AX) is 3 clocks
  EXPECT_EQ(h.cpu.lastInstructionClocks(), 3u);
}

TEST(X86Debugger, PeekHasNoSideEffects) {
  Harness h;
  h.mem(0x2000, 0x10) = 0x5A;
  EXPECT_EQ(h.cpu.peek8(0x2000, 0x10), 0x5A);
  EXPECT_EQ(h.cpu.instructionCount(), 0u);
}

}  // namespace
}  // namespace asmlab::x86::test
