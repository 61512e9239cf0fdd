#include "speaker_timeline.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace asmlab::gui {

SpeakerTimeline::SpeakerTimeline(DebugSession& session, QWidget* parent) : QWidget(parent), session_(session) {
  setMinimumHeight(80);
}

void SpeakerTimeline::capture() {
  sim::Machine* m = session_.machine();
  auto* log = m ? sim::capability<sim::SpeakerLog>(*m) : nullptr;
  hasSpeaker_ = log != nullptr;
  if (log) {
    notes_ = log->speakerNotes();
    clocksPerSecond_ = std::max<uint64_t>(1, log->clocksPerSecond());
    now_ = m->clockCount();
  }
  update();
}

void SpeakerTimeline::setSoundStatus(const QString& status) {
  soundStatus_ = status;
  setToolTip(status);
  update();
}

void SpeakerTimeline::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  p.setPen(palette().text().color());
  if (!hasSpeaker_) {
    p.drawText(rect(), Qt::AlignCenter, "This machine has no speaker.");
    return;
  }
  // The last 10 seconds of machine time (the first 2 s at the start); pitch from 100 Hz (bottom)
  // to 5 kHz (top).
  double end = static_cast<double>(now_) / static_cast<double>(clocksPerSecond_);
  const double window = std::clamp(end, 2.0, 10.0);
  double start = std::max(0.0, end - window);
  auto xOf = [&](double t) { return (t - start) / window * width(); };
  auto yOf = [&](double hz) {
    double f = std::clamp(std::log(std::max(hz, 100.0) / 100.0) / std::log(50.0), 0.0, 1.0);
    return (1.0 - f) * (height() - 16) + 4;
  };
  p.drawText(4, height() - 2, QString("%1 s").arg(start, 0, 'f', 1));
  p.drawText(width() - 50, height() - 2, QString("%1 s").arg(end, 0, 'f', 1));
  {
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.save();
    p.setFont(small);
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(rect().adjusted(4, 2, -4, -2), Qt::AlignTop | Qt::AlignRight, soundStatus_.section(':', 0, 0));
    p.restore();
  }
  int shown = 0;
  const sim::SpeakerNote* sounding = nullptr;
  for (const auto& n : notes_) {
    double t0 = static_cast<double>(n.startClock) / clocksPerSecond_;
    double t1 = static_cast<double>(n.startClock + n.durationClocks) / clocksPerSecond_;
    if (t1 < start) continue;
    ++shown;
    const bool now = n.startClock <= now_ && n.startClock + n.durationClocks >= now_ && n.frequencyHz > 0;
    if (now) sounding = &n;
    QRectF bar(xOf(t0), yOf(n.frequencyHz) - 3, std::max(2.0, xOf(t1) - xOf(t0)), 6);
    p.fillRect(bar, now ? QColor(230, 120, 20) : n.frequencyHz > 0 ? QColor(40, 160, 90) : QColor(160, 160, 160));
  }
  // The playhead: the machine's present, where the note being played ends.
  p.setPen(QPen(QColor(230, 120, 20, 160), 1, Qt::DashLine));
  p.drawLine(QPointF(width() - 1, 2), QPointF(width() - 1, height() - 14));
  p.setPen(palette().text().color());
  if (sounding) p.drawText(rect().adjusted(4, 2, -4, -2), Qt::AlignTop | Qt::AlignLeft, "\u266A " + noteName(sounding->frequencyHz));
  if (!shown) p.drawText(rect(), Qt::AlignCenter, "No notes in the last 10 seconds.");
}

QString SpeakerTimeline::noteName(double hz) {
  // Equal temperament with A4 = 440 Hz (MIDI note 69).
  static const char* kNames[] = {"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"};
  const int midi = static_cast<int>(std::lround(12.0 * std::log2(hz / 440.0) + 69.0));
  if (midi < 0 || midi > 127) return QString("%1 Hz").arg(hz, 0, 'f', 0);
  return QString("%1%2  %3 Hz").arg(kNames[midi % 12]).arg(midi / 12 - 1).arg(hz, 0, 'f', 0);
}

}  // namespace asmlab::gui
