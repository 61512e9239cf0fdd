// The speaker's notes on a timeline: one bar per note, its height the pitch (log scale), its
// length the duration, in seconds of machine time. Shown whether or not the host can play sound.
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
  // Notes that started after the previous capture (for the sound output).
  std::vector<sim::SpeakerNote> takeNewNotes();

protected:
  void paintEvent(QPaintEvent*) override;

private:
  DebugSession& session_;
  bool hasSpeaker_ = false;
  std::vector<sim::SpeakerNote> notes_;
  size_t played_ = 0;
  uint64_t clocksPerSecond_ = 1;
  uint64_t now_ = 0;
};

}  // namespace asmlab::gui
