// Plays the speaker through the host's sound device (Qt Multimedia's QAudioSink) when the build
// has Qt Multimedia (ASMLAB_GUI_SOUND) and the host has an output device; otherwise it only says
// why not, and the Speaker pane's timeline is all there is.
#pragma once

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

#include "asmlab/sim/capabilities.hpp"

namespace asmlab::gui {

class SpeakerSound : public QObject {
public:
  explicit SpeakerSound(QObject* parent = nullptr);
  ~SpeakerSound() override;
  // True when sound can be played: built with Qt Multimedia and a default output device exists.
  bool available() const;
  // "Sound on: <device>", or why there is none; the words before the colon are the short form.
  QString status() const;
  void setMuted(bool muted) { muted_ = muted; }
  bool muted() const { return muted_; }
  // Plays the machine time since the previous call, synthesised from `notes`
  // (synthesizeSpeaker). Paced in real time the machine gives as much sound as the device plays,
  // and the device is kept 40-150 ms ahead, so what is heard is what the program does now; when
  // the machine runs faster, only the most recent part of each refresh is kept. Going back in
  // time (step back, reset) starts afresh.
  void play(const std::vector<sim::SpeakerNote>& notes, uint64_t clocksPerSecond, uint64_t now);

private:
  struct Output;
  std::unique_ptr<Output> output_;
  QString status_;
  bool muted_ = false;
  bool started_ = false;
  uint64_t lastClock_ = 0;
};

}  // namespace asmlab::gui
