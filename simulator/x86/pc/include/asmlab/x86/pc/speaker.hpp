// The PC speaker: driven by PIT channel 2's output ANDed with port 61h bit 1, channel 2 gated by
// port 61h bit 0 (IBM PC Technical Reference, system board, "Speaker"). Every change of what the
// speaker does is logged with its clock: a steady tone (timer-driven, with its frequency), silence,
// or a click (port 61h bit 1 toggled by hand while the timer does not drive it). The log turns
// into notes (sim::SpeakerNote) and into a WAV file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asmlab/sim/capabilities.hpp"

namespace asmlab::x86::pc {

struct SpeakerEvent {
  enum class Kind : uint8_t { Tone, Silence, Click } kind = Kind::Silence;
  uint64_t clock = 0;
  double frequencyHz = 0;  // Tone: 1193182 / divisor
  uint32_t divisor = 0;    // Tone: the PIT channel 2 count
  bool level = false;      // Click: the speaker data bit after the toggle
};

class Speaker {
public:
  static constexpr double kPitHz = 1193181.666;  // 14.31818 MHz / 12

  // Called whenever port 61h bits 0-1 or PIT channel 2 change; logs an event if the sound changed.
  void update(uint64_t clock, bool gate, bool data, bool timerRunning, unsigned timerMode, uint32_t divisor);
  void clear() { events_.clear(); }
  const std::vector<SpeakerEvent>& events() const { return events_; }
  void setEvents(std::vector<SpeakerEvent> e) { events_ = std::move(e); }

  // Tones as notes; runs of clicks closer than 50 ms apart become one note whose frequency is
  // estimated from the toggles (two toggles per cycle).
  std::vector<sim::SpeakerNote> notes(uint64_t now, uint64_t clocksPerSecond) const;
  // The log as text, one event per line: "<clock> tone <Hz> (divisor <n>)", "<clock> off",
  // "<clock> click <0|1>".
  std::string logText() const;
  // A mono 16-bit PCM WAV at `sampleRate`, from clock 0 to `endClock`.
  bool writeWav(const std::string& path, uint64_t endClock, uint64_t clocksPerSecond, std::string& error,
                unsigned sampleRate = 44100) const;

private:
  std::vector<SpeakerEvent> events_;
  bool sounding_ = false;
  uint32_t divisor_ = 0;
  bool lastData_ = false;
  bool lastGate_ = false;
};

}  // namespace asmlab::x86::pc
