#include "asmlab/gui/speaker_synth.hpp"

#include <algorithm>
#include <cmath>

namespace asmlab::gui {

std::vector<int16_t> synthesizeSpeaker(const std::vector<sim::SpeakerNote>& notes, uint64_t clocksPerSecond,
                                       uint64_t fromClock, uint64_t toClock, const SpeakerSynthOptions& options) {
  std::vector<int16_t> samples;
  if (toClock <= fromClock || clocksPerSecond == 0 || options.sampleRate == 0) return samples;
  // Sample count: the samples whose clock lies before toClock (ceiling of span * rate / cps).
  // (64-bit products: a span of 10^12 clocks, days of 8086 time, times 44,100 still fits.)
  const uint64_t span = toClock - fromClock;
  const auto count = static_cast<size_t>((span * options.sampleRate + clocksPerSecond - 1) / clocksPerSecond);
  samples.assign(count, 0);
  const double nyquist = options.sampleRate / 2.0;
  // The first note that may still sound at fromClock; notes are in order of start.
  auto note = std::partition_point(notes.begin(), notes.end(), [&](const sim::SpeakerNote& n) {
    return n.startClock + n.durationClocks <= fromClock;
  });
  for (size_t i = 0; i < count; ++i) {
    const uint64_t clock =
        fromClock + static_cast<uint64_t>(i) * clocksPerSecond / options.sampleRate;
    while (note != notes.end() && note->startClock + note->durationClocks <= clock) ++note;
    if (note == notes.end()) break;
    if (clock < note->startClock || note->frequencyHz <= 0 || note->frequencyHz >= nyquist) continue;
    // Periods since the note began; the first half of each is high.
    const double periods = static_cast<double>(clock - note->startClock) * note->frequencyHz /
                           static_cast<double>(clocksPerSecond);
    samples[i] = periods - std::floor(periods) < 0.5 ? options.amplitude : static_cast<int16_t>(-options.amplitude);
  }
  return samples;
}

SoundQueuePlan planSoundQueue(size_t queued, size_t free, size_t fresh, size_t minQueued, size_t maxQueued) {
  SoundQueuePlan plan;
  plan.silence = queued < minQueued ? std::min(minQueued - queued, free) : 0;
  const size_t after = queued + plan.silence;
  const size_t room = std::min(free - plan.silence, maxQueued > after ? maxQueued - after : 0);
  plan.write = std::min(fresh, room);
  plan.skip = fresh - plan.write;
  return plan;
}

}  // namespace asmlab::gui
