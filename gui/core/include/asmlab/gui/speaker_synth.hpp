// The PC speaker as sound: the notes of sim::SpeakerLog rendered as the square wave the speaker
// cone follows (PIT channel 2 in mode 3 drives it high for half of each period and low for the
// other half; 8254 datasheet, mode 3 "square wave"). A pure function of the notes and the span of
// machine time, so what is heard is a function of the run, never of the host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "asmlab/sim/capabilities.hpp"

namespace asmlab::gui {

struct SpeakerSynthOptions {
  unsigned sampleRate = 44'100;  // samples per second of machine time
  int16_t amplitude = 6'000;     // of the square wave (signed 16-bit samples)
};

// Samples for the machine time [fromClock, toClock): sample i is taken at clock
// fromClock + i * clocksPerSecond / sampleRate. Inside a note of frequency f that started at clock
// s the wave is +amplitude during the first half of each period from s and -amplitude during the
// second; between notes, for clicks (frequency 0) and for tones at or above the Nyquist frequency
// (sampleRate / 2, which the host could only alias) it is 0. `notes` are in order of start, as the
// log gives them.
std::vector<int16_t> synthesizeSpeaker(const std::vector<sim::SpeakerNote>& notes, uint64_t clocksPerSecond,
                                       uint64_t fromClock, uint64_t toClock, const SpeakerSynthOptions& options = {});

// What of a refresh's `fresh` samples goes to a sound device that has `queued` samples waiting
// and room for `free` more, so that between `minQueued` and `maxQueued` stay queued: what is
// heard then lags the machine by a bounded time. A device that has run short gets silence first
// (else its clock would slip behind the machine's for good); beyond `maxQueued` (or the room) the
// oldest fresh samples are dropped.
struct SoundQueuePlan {
  size_t silence = 0;  // zero samples to write first
  size_t skip = 0;     // fresh samples dropped from the front
  size_t write = 0;    // fresh samples written after the silence
};
SoundQueuePlan planSoundQueue(size_t queued, size_t free, size_t fresh, size_t minQueued, size_t maxQueued);

}  // namespace asmlab::gui
