// The speaker's notes on a timeline: one bar per note, its height the pitch (log scale), its
// length the duration, in seconds of machine time, the present at the right edge; the note sounding
// now is highlighted and named. Shown whether or not the host can play sound.
#pragma once

#include <QWidget>

#include <vector>

#include "asmlab/gui/debug_session.hpp"
#include "asmlab/sim/capabilities.hpp"

namespace asmlab::gui {

class SpeakerTimeline : public QWidget {
public:
  explicit SpeakerTimeline(DebugSession& session, QWidget* parent = nullptr);
  void capture();  // caller holds the machine mutex
  QSize sizeHint() const override { return {400, 120}; }
  // What the last capture saw, for the sound output.
  const std::vector<sim::SpeakerNote>& notes() const { return notes_; }
  uint64_t clocksPerSecond() const { return clocksPerSecond_; }
  uint64_t now() const { return now_; }
  bool hasSpeaker() const { return hasSpeaker_; }
  // Whether the notes are also heard (SpeakerSound::status()), shown in the pane's corner.
  void setSoundStatus(const QString& status);
  QString soundStatus() const { return soundStatus_; }
  // "G4  392 Hz": the nearest equal-tempered note and the frequency.
  static QString noteName(double hz);

protected:
  void paintEvent(QPaintEvent*) override;

private:
  DebugSession& session_;
  bool hasSpeaker_ = false;
  std::vector<sim::SpeakerNote> notes_;
  uint64_t clocksPerSecond_ = 1;
  uint64_t now_ = 0;
  QString soundStatus_;
};

}  // namespace asmlab::gui
