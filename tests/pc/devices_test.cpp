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

TEST(Pit8253, Mode3CountsByTwoForEvenAndOddCounts) {
  // 8254 data sheet, mode 3. Even N = 10: 10 8 6 4 2 | 10 8 6 4 2 (output high, then low).
  Pit8253 pit;
  pit.out(0x43, 0x36, 0);  // channel 0, LSB/MSB, mode 3
  pit.out(0x40, 10, 0);
  pit.out(0x40, 0, 0);
  const auto at = [](uint64_t tick) { return tick * Pit8253::kCpuClocksPerTick; };  // loaded at tick 1
  const uint16_t even[] = {10, 8, 6, 4, 2, 10, 8, 6, 4, 2, 10};
  for (unsigned i = 0; i < 11; ++i) EXPECT_EQ(pit.count(0, at(1 + i)), even[i]) << "tick " << 1 + i;
  EXPECT_TRUE(pit.output(0, at(5)));
  EXPECT_FALSE(pit.output(0, at(6)));
  // Odd N = 7: N-1 = 6 4 2 then 0 with the output high ((N+1)/2 = 4 clocks), 6 4 2 low (3 clocks).
  pit.out(0x43, 0x36, 0);
  pit.out(0x40, 7, 0);
  pit.out(0x40, 0, 0);
  const uint16_t odd[] = {6, 4, 2, 0, 6, 4, 2, 6};
  const bool high[] = {true, true, true, true, false, false, false, true};
  for (unsigned i = 0; i < 8; ++i) {
    EXPECT_EQ(pit.count(0, at(1 + i)), odd[i]) << "tick " << 1 + i;
    EXPECT_EQ(pit.output(0, at(1 + i)), high[i]) << "tick " << 1 + i;
  }
}

TEST(Pit8253, LatchHoldsTheCountUntilBothBytesAreRead) {
  Pit8253 pit;
  pit.out(0x43, 0xB4, 0);  // channel 2, LSB/MSB, mode 2
  pit.out(0x42, 0x34, 0);
  pit.out(0x42, 0x12, 0);  // 1234h
  pit.out(0x43, 0x80, 100 * 4);  // latch channel 2 at tick 100: 1234h - 99 = 11D1h
  pit.out(0x43, 0x80, 150 * 4);  // a second latch before reading is ignored
  EXPECT_EQ(pit.in(0x42, 200 * 4), 0xD1);
  EXPECT_EQ(pit.in(0x42, 300 * 4), 0x11);
  // After both bytes the reads follow the counter again.
  EXPECT_EQ(pit.in(0x42, 400 * 4), (0x1234 - 399) & 0xFF);
}

TEST(Pit8253, GateLowStopsMode0AndReloadsMode2) {
  // 8254 data sheet: GATE low disables counting in modes 0, 2, 3, 4; a rising GATE reloads the
  // count in modes 2 and 3 and lets modes 0 and 4 go on.
  Pit8253 pit;
  pit.out(0x43, 0xB0, 0);  // channel 2, LSB/MSB, mode 0
  pit.out(0x42, 100, 0);
  pit.out(0x42, 0, 0);
  EXPECT_EQ(pit.count(2, 11 * 4), 90);
  pit.setGate2(false, 11 * 4);
  EXPECT_EQ(pit.count(2, 500 * 4), 90);  // held
  EXPECT_FALSE(pit.output(2, 500 * 4));
  pit.setGate2(true, 500 * 4);
  EXPECT_EQ(pit.count(2, 510 * 4), 80);  // resumed where it stopped
  EXPECT_TRUE(pit.output(2, 591 * 4));   // terminal count 90 ticks after the resume
  pit.out(0x43, 0xB4, 600 * 4);  // mode 2
  pit.out(0x42, 50, 600 * 4);
  pit.out(0x42, 0, 600 * 4);
  EXPECT_EQ(pit.count(2, 611 * 4), 40);
  pit.setGate2(false, 611 * 4);
  EXPECT_EQ(pit.count(2, 700 * 4), 40);
  pit.setGate2(true, 700 * 4);
  EXPECT_EQ(pit.count(2, 701 * 4), 50);  // reloaded on the clock after the rising gate
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
