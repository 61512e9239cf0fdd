#include "asmlab/x86/pc/speaker.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace asmlab::x86::pc {

void Speaker::update(uint64_t clock, bool gate, bool data, bool timerRunning, unsigned timerMode, uint32_t divisor) {
  // A steady tone needs the gate (the timer counts), the data bit (the AND gate passes the
  // timer's output) and a periodic mode (2 or 3).
  const bool tone = gate && data && timerRunning && (timerMode == 3 || timerMode == 2);
  if (tone) {
    if (!sounding_ || divisor != divisor_) {
      SpeakerEvent e;
      e.kind = SpeakerEvent::Kind::Tone;
      e.clock = clock;
      e.divisor = divisor;
      e.frequencyHz = kPitHz / divisor;
      events_.push_back(e);
    }
    sounding_ = true;
    divisor_ = divisor;
  } else {
    if (sounding_) {
      SpeakerEvent e;
      e.kind = SpeakerEvent::Kind::Silence;
      e.clock = clock;
      events_.push_back(e);
      sounding_ = false;
    }
    // With the gate low the timer output stays high, so the data bit alone moves the cone.
    if (data != lastData_ && !gate && !lastGate_) {
      SpeakerEvent e;
      e.kind = SpeakerEvent::Kind::Click;
      e.clock = clock;
      e.level = data;
      events_.push_back(e);
    }
  }
  lastData_ = data;
  lastGate_ = gate;
}

std::vector<sim::SpeakerNote> Speaker::notes(uint64_t now, uint64_t clocksPerSecond) const {
  std::vector<sim::SpeakerNote> out;
  const uint64_t clickGap = clocksPerSecond / 20;
  for (size_t i = 0; i < events_.size(); ++i) {
    const SpeakerEvent& e = events_[i];
    if (e.kind == SpeakerEvent::Kind::Tone) {
      const uint64_t end = i + 1 < events_.size() ? events_[i + 1].clock : now;
      out.push_back({e.clock, end - e.clock, e.frequencyHz});
    } else if (e.kind == SpeakerEvent::Kind::Click) {
      size_t j = i;
      while (j + 1 < events_.size() && events_[j + 1].kind == SpeakerEvent::Kind::Click &&
             events_[j + 1].clock - events_[j].clock <= clickGap)
        ++j;
      const uint64_t span = events_[j].clock - e.clock;
      const size_t toggles = j - i;
      double hz = 0;
      if (toggles >= 2 && span > 0) hz = static_cast<double>(toggles) * clocksPerSecond / (2.0 * span);
      out.push_back({e.clock, span, hz});
      i = j;
    }
  }
  return out;
}

std::string Speaker::logText() const {
  std::ostringstream s;
  char buf[64];
  for (const auto& e : events_) {
    switch (e.kind) {
      case SpeakerEvent::Kind::Tone:
        std::snprintf(buf, sizeof buf, "%.2f", e.frequencyHz);
        s << e.clock << " tone " << buf << " Hz (divisor " << e.divisor << ")\n";
        break;
      case SpeakerEvent::Kind::Silence: s << e.clock << " off\n"; break;
      case SpeakerEvent::Kind::Click: s << e.clock << " click " << (e.level ? 1 : 0) << "\n"; break;
    }
  }
  return s.str();
}

namespace {
void put16(std::string& b, unsigned v) { b += static_cast<char>(v & 0xFF); b += static_cast<char>((v >> 8) & 0xFF); }
void put32(std::string& b, uint32_t v) { put16(b, v & 0xFFFF); put16(b, v >> 16); }
}  // namespace

bool Speaker::writeWav(const std::string& path, uint64_t endClock, uint64_t clocksPerSecond, std::string& error,
                       unsigned sampleRate) const {
  // The sound ends one second after the last change when the speaker is quiet by then, and the
  // file holds at most ten minutes, so a long silent run does not make a huge file.
  if (!events_.empty() && events_.back().kind != SpeakerEvent::Kind::Tone)
    endClock = std::min(endClock, events_.back().clock + clocksPerSecond);
  endClock = std::min(endClock, 600 * clocksPerSecond);
  const uint64_t samples = endClock * sampleRate / clocksPerSecond;
  std::string pcm;
  pcm.reserve(samples * 2);
  size_t next = 0;
  const SpeakerEvent* current = nullptr;
  bool level = false;
  constexpr int kAmplitude = 8000;
  for (uint64_t s = 0; s < samples; ++s) {
    const uint64_t clock = s * clocksPerSecond / sampleRate;
    while (next < events_.size() && events_[next].clock <= clock) {
      current = &events_[next];
      if (current->kind == SpeakerEvent::Kind::Click) level = current->level;
      ++next;
    }
    int value = 0;
    if (current != nullptr && current->kind == SpeakerEvent::Kind::Tone) {
      // Square wave in phase with the timer: high for the first half of each period.
      const double t = static_cast<double>(clock - current->clock) / clocksPerSecond;
      const double phase = std::fmod(t * current->frequencyHz, 1.0);
      value = phase < 0.5 ? kAmplitude : -kAmplitude;
    } else if (current != nullptr && current->kind == SpeakerEvent::Kind::Click) {
      value = level ? kAmplitude : -kAmplitude;
    }
    put16(pcm, static_cast<uint16_t>(static_cast<int16_t>(value)));
  }
  std::string file = "RIFF";
  put32(file, static_cast<uint32_t>(36 + pcm.size()));
  file += "WAVEfmt ";
  put32(file, 16);
  put16(file, 1);  // PCM
  put16(file, 1);  // mono
  put32(file, sampleRate);
  put32(file, sampleRate * 2);
  put16(file, 2);
  put16(file, 16);
  file += "data";
  put32(file, static_cast<uint32_t>(pcm.size()));
  file += pcm;
  std::ofstream out(path, std::ios::binary);
  if (!out || !out.write(file.data(), static_cast<std::streamsize>(file.size()))) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace asmlab::x86::pc
