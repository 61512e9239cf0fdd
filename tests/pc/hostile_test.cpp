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

}  // namespace
}  // namespace asmlab::x86::pc
