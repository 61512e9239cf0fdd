// The PC's support chips against their data sheets (Intel 8259A, Intel 8254).
#include <gtest/gtest.h>

#include "asmlab/x86/pc/pic.hpp"
#include "asmlab/x86/pc/pit.hpp"
#include "asmlab/x86/pc/speaker.hpp"

namespace asmlab::x86::pc {
namespace {

Pic8259 initialisedPic() {
  Pic8259 pic;
  pic.out(0x20, 0x13);  // ICW1: edge, single, ICW4 needed
  pic.out(0x21, 0x08);  // ICW2: vector base 08h
  pic.out(0x21, 0x09);  // ICW4: 8086 mode, buffered
  pic.out(0x21, 0x00);  // OCW1: nothing masked
  return pic;
}

TEST(Pic8259, VectorsFromTheBaseInPriorityOrder) {
  Pic8259 pic = initialisedPic();
  pic.raise(1);
  pic.raise(0);
  ASSERT_TRUE(pic.pending());
  EXPECT_EQ(pic.acknowledge(), 0x08);  // IRQ0 has the highest priority
  // IRQ1 must wait: IRQ0 is in service until its EOI.
  EXPECT_FALSE(pic.pending());
  pic.out(0x20, 0x20);  // non-specific EOI
  ASSERT_TRUE(pic.pending());
  EXPECT_EQ(pic.acknowledge(), 0x09);
}

TEST(Pic8259, WithoutEoiNoFurtherInterrupts) {
  Pic8259 pic = initialisedPic();
  pic.raise(0);
  EXPECT_EQ(pic.acknowledge(), 0x08);
  pic.raise(0);
  EXPECT_FALSE(pic.pending());  // the handler never sent EOI
  pic.out(0x20, 0x60);          // specific EOI for IRQ0
  EXPECT_TRUE(pic.pending());
}

TEST(Pic8259, MaskAndRegisterReads) {
  Pic8259 pic = initialisedPic();
  pic.out(0x21, 0x01);  // mask IRQ0
  pic.raise(0);
  EXPECT_FALSE(pic.pending());
  EXPECT_EQ(pic.in(0x21), 0x01);
  EXPECT_EQ(pic.in(0x20), 0x01);  // IRR by default
  pic.raise(3);
  EXPECT_EQ(pic.acknowledge(), 0x0B);
  pic.out(0x20, 0x0B);  // OCW3: read ISR
  EXPECT_EQ(pic.in(0x20), 0x08);
  pic.out(0x20, 0x0A);  // OCW3: read IRR
  EXPECT_EQ(pic.in(0x20), 0x01);
}

TEST(Pit8253, Mode2CountsDownFromTheNextClock) {
  Pit8253 pit;
  pit.out(0x43, 0x34, 0);  // channel 0, LSB then MSB, mode 2
  pit.out(0x40, 0xE8, 0);  // 1000
  pit.out(0x40, 0x03, 0);
  // Loaded on the first clock after the write (tick 1), then one less per clock: tick 10 -> 991.
  const uint64_t tick10 = 10 * Pit8253::kCpuClocksPerTick;
  EXPECT_EQ(pit.count(0, tick10), 991);
  pit.out(0x43, 0x00, tick10);  // latch channel 0
  EXPECT_EQ(pit.in(0x40, tick10 + 400), 991 & 0xFF);  // the latched value, not the live count
  EXPECT_EQ(pit.in(0x40, tick10 + 400), 991 >> 8);
  // Unlatched reads follow the live count.
  EXPECT_EQ(pit.in(0x40, 20 * Pit8253::kCpuClocksPerTick), (1000 - 19) & 0xFF);
}

TEST(Pit8253, Mode3PeriodAndIrqEdges) {
  Pit8253 pit;
  pit.out(0x43, 0x36, 0);
  pit.out(0x40, 0x00, 0);  // 65536: the BIOS's 18.2 Hz tick
  pit.out(0x40, 0x00, 0);
  const uint64_t first = pit.nextRisingEdge(0, 0);
  const uint64_t second = pit.nextRisingEdge(0, first);
  EXPECT_EQ(second - first, 65536 * Pit8253::kCpuClocksPerTick);
  // Square wave: high for the first half of the period, low for the second.
  EXPECT_TRUE(pit.output(0, first + 4));
  EXPECT_FALSE(pit.output(0, first + 32768 * 4 + 4));
}

TEST(Pit8253, Mode0TerminalCountAndReadBackStatus) {
  Pit8253 pit;
  pit.out(0x43, 0x30, 0);  // channel 0, LSB/MSB, mode 0
  pit.out(0x40, 100, 0);
  pit.out(0x40, 0, 0);
  EXPECT_FALSE(pit.output(0, 50 * 4));
  EXPECT_TRUE(pit.output(0, 101 * 4));
  EXPECT_EQ(pit.nextRisingEdge(0, 0), 101u * 4);
  pit.out(0x43, 0xE2, 200 * 4);  // 8254 read-back: status of channel 0
  const uint8_t status = pit.in(0x40, 200 * 4);
  EXPECT_EQ(status & 0x80, 0x80);    // output high
  EXPECT_EQ(status & 0x3F, 0x30);    // LSB/MSB, mode 0, binary
}

TEST(Pit8253, LsbOnlyAccess) {
  Pit8253 pit;
  pit.out(0x43, 0x94, 0);  // channel 2, LSB only, mode 2
  pit.out(0x42, 50, 0);
  EXPECT_EQ(pit.divisor(2), 50u);
  EXPECT_EQ(pit.in(0x42, 11 * 4), 40);
}

TEST(Speaker, ToneFrequencyFromTheDivisorAndSilence) {
  Speaker s;
  s.update(100, true, true, true, 3, 1193);
  s.update(5000, false, false, true, 3, 1193);
  ASSERT_EQ(s.events().size(), 2u);
  EXPECT_EQ(s.events()[0].kind, SpeakerEvent::Kind::Tone);
  EXPECT_NEAR(s.events()[0].frequencyHz, 1000.15, 0.01);  // 1193182 / 1193
  EXPECT_EQ(s.events()[1].kind, SpeakerEvent::Kind::Silence);
  const auto notes = s.notes(10000, 4772727);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].startClock, 100u);
  EXPECT_EQ(notes[0].durationClocks, 4900u);
}

TEST(Speaker, BitBangedTogglesBecomeANote) {
  Speaker s;
  // 440 Hz by hand: a toggle every 1/880 s (4772727 / 880 = 5423 clocks), gate off.
  bool level = false;
  for (int i = 0; i < 100; ++i) {
    level = !level;
    s.update(1000 + uint64_t(i) * 5423, false, level, true, 3, 0);
  }
  const auto notes = s.notes(2'000'000, 4772727);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NEAR(notes[0].frequencyHz, 440.0, 0.5);
}

}  // namespace
}  // namespace asmlab::x86::pc
