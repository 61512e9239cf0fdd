#include "speaker_sound.hpp"

#include <algorithm>

#include "asmlab/gui/speaker_synth.hpp"

#if defined(ASMLAB_HAVE_SOUND)
#include <QAudioDevice>
#include <QAudioFormat>
#include <QAudioSink>
#include <QIODevice>
#include <QMediaDevices>
#endif

namespace asmlab::gui {

namespace {
constexpr unsigned kSampleRate = 44'100;
}

#if defined(ASMLAB_HAVE_SOUND)
struct SpeakerSound::Output {
  std::unique_ptr<QAudioSink> sink;
  QIODevice* io = nullptr;  // owned by the sink (push mode)
};
#else
struct SpeakerSound::Output {};
#endif

SpeakerSound::SpeakerSound(QObject* parent) : QObject(parent) {
#if defined(ASMLAB_HAVE_SOUND)
  const QAudioDevice device = QMediaDevices::defaultAudioOutput();
  if (device.isNull()) {
    status_ = "No sound output device: the speaker is shown on the timeline only";
    return;
  }
  QAudioFormat format;
  format.setSampleRate(kSampleRate);
  format.setChannelCount(1);
  format.setSampleFormat(QAudioFormat::Int16);
  if (!device.isFormatSupported(format)) {
    status_ = QString("Sound device cannot play 16-bit mono at 44.1 kHz: %1; the speaker is shown on the timeline only")
                  .arg(device.description());
    return;
  }
  output_ = std::make_unique<Output>();
  output_->sink = std::make_unique<QAudioSink>(device, format);
  output_->sink->setBufferSize(static_cast<qsizetype>(kSampleRate / 2 * sizeof(int16_t)));  // half a second
  output_->io = output_->sink->start();
  if (!output_->io) {
    output_.reset();
    status_ = QString("Sound device could not be opened: %1; the speaker is shown on the timeline only")
                  .arg(device.description());
    return;
  }
  status_ = QString("Sound on: %1 (View > Mute speaker)").arg(device.description());
#else
  status_ = "Built without Qt Multimedia: the speaker is shown on the timeline only";
#endif
}

SpeakerSound::~SpeakerSound() {
#if defined(ASMLAB_HAVE_SOUND)
  if (output_ && output_->sink) output_->sink->stop();
#endif
}

bool SpeakerSound::available() const { return output_ != nullptr; }

QString SpeakerSound::status() const { return status_; }

void SpeakerSound::play(const std::vector<sim::SpeakerNote>& notes, uint64_t clocksPerSecond, uint64_t now) {
  if (!started_ || now < lastClock_) {
    started_ = true;
    lastClock_ = now;
    return;
  }
  uint64_t from = lastClock_;
  lastClock_ = now;
#if defined(ASMLAB_HAVE_SOUND)
  if (!output_ || muted_ || now == from || clocksPerSecond == 0) return;
  from = std::max(from, now > clocksPerSecond / 5 ? now - clocksPerSecond / 5 : 0);
  SpeakerSynthOptions options;
  options.sampleRate = kSampleRate;
  std::vector<int16_t> samples = synthesizeSpeaker(notes, clocksPerSecond, from, now, options);
  // 40-150 ms queued in the device: gaps between refreshes do not starve it, and what is heard
  // is what the machine does now (planSoundQueue).
  constexpr size_t kMinQueued = kSampleRate * 40 / 1000, kMaxQueued = kSampleRate * 150 / 1000;
  const auto capacity = static_cast<size_t>(output_->sink->bufferSize()) / sizeof(int16_t);
  const auto free = static_cast<size_t>(output_->sink->bytesFree()) / sizeof(int16_t);
  const SoundQueuePlan plan = planSoundQueue(capacity > free ? capacity - free : 0, free, samples.size(), kMinQueued, kMaxQueued);
  samples.erase(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(plan.skip));
  samples.insert(samples.begin(), plan.silence, int16_t{0});
  if (!samples.empty()) output_->io->write(reinterpret_cast<const char*>(samples.data()), static_cast<qint64>(samples.size() * sizeof(int16_t)));
#else
  (void)notes;
  (void)clocksPerSecond;
  (void)from;
#endif
}

}  // namespace asmlab::gui
