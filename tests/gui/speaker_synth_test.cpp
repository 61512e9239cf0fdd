// The speaker's square wave (asmlab::gui::synthesizeSpeaker), with samples worked out by hand:
// at 4,410,000 clocks per second and 44,100 samples per second a sample is 100 clocks, so a
// 441 Hz tone has a period of exactly 100 samples: 50 high, then 50 low.
#include <QTest>

#include "asmlab/gui/speaker_synth.hpp"

using namespace asmlab;
using namespace asmlab::gui;

namespace {
constexpr uint64_t kClocksPerSecond = 4'410'000;
constexpr int16_t kAmp = 6'000;
}  // namespace

class SpeakerSynthTest : public QObject {
  Q_OBJECT

private slots:
  // The device queue at 44.1 kHz with 40 ms (1,764 samples) to 150 ms (6,615) queued; a refresh
  // of real time is 33 ms (1,455 samples).
  void aStarvedDeviceGetsSilenceFirst() {
    const SoundQueuePlan plan = planSoundQueue(0, 22'050, 1'455, 1'764, 6'615);
    QCOMPARE(plan.silence, size_t{1'764});
    QCOMPARE(plan.skip, size_t{0});
    QCOMPARE(plan.write, size_t{1'455});
  }
  void aFullEnoughDeviceTakesTheRefreshAsItIs() {
    const SoundQueuePlan plan = planSoundQueue(2'000, 20'050, 1'455, 1'764, 6'615);
    QCOMPARE(plan.silence, size_t{0});
    QCOMPARE(plan.write, size_t{1'455});
  }
  void beyondTheMaximumTheOldestSamplesAreDropped() {
    // 6,000 queued and a fifth of a second (8,820) of fresh sound: only 615 fit under 150 ms.
    const SoundQueuePlan plan = planSoundQueue(6'000, 16'050, 8'820, 1'764, 6'615);
    QCOMPARE(plan.write, size_t{615});
    QCOMPARE(plan.skip, size_t{8'205});
    // No room at all in the device: nothing is written.
    QCOMPARE(planSoundQueue(22'050, 0, 1'455, 1'764, 6'615).write, size_t{0});
  }
  void aToneIsASquareWaveFromItsStart() {
    std::vector<sim::SpeakerNote> notes{{1'000, kClocksPerSecond, 441.0}};  // starts at sample 10
    auto s = synthesizeSpeaker(notes, kClocksPerSecond, 0, 30'000);
    QCOMPARE(s.size(), size_t{300});
    for (int i = 0; i < 10; ++i) QCOMPARE(s[i], int16_t{0});  // before the note
    QCOMPARE(s[10], kAmp);
    QCOMPARE(s[59], kAmp);
    QCOMPARE(s[60], int16_t{-kAmp});
    QCOMPARE(s[109], int16_t{-kAmp});
    QCOMPARE(s[110], kAmp);
  }

  void thePhaseCountsFromTheNoteNotTheSpan() {
    std::vector<sim::SpeakerNote> notes{{0, kClocksPerSecond, 441.0}};
    // From clock 5,000 (sample 50 of the note): the low half first.
    auto s = synthesizeSpeaker(notes, kClocksPerSecond, 5'000, 15'000);
    QCOMPARE(s.size(), size_t{100});
    QCOMPARE(s[0], int16_t{-kAmp});
    QCOMPARE(s[49], int16_t{-kAmp});
    QCOMPARE(s[50], kAmp);
  }

  void silenceBetweenNotesAndAfterTheEnd() {
    // Two 882 Hz notes (50-sample periods) of 10 samples each with a 10-sample gap.
    std::vector<sim::SpeakerNote> notes{{0, 1'000, 882.0}, {2'000, 1'000, 882.0}};
    auto s = synthesizeSpeaker(notes, kClocksPerSecond, 0, 4'000);
    QCOMPARE(s.size(), size_t{40});
    for (int i = 0; i < 10; ++i) QCOMPARE(s[i], kAmp);
    for (int i = 10; i < 20; ++i) QCOMPARE(s[i], int16_t{0});
    for (int i = 20; i < 30; ++i) QCOMPARE(s[i], kAmp);
    for (int i = 30; i < 40; ++i) QCOMPARE(s[i], int16_t{0});
  }

  void clicksAndUltrasoundAreSilent() {
    std::vector<sim::SpeakerNote> notes{{0, 1'000, 0.0}, {1'000, 1'000, 30'000.0}};  // 30 kHz > 22.05 kHz
    auto s = synthesizeSpeaker(notes, kClocksPerSecond, 0, 2'000);
    QCOMPARE(s.size(), size_t{20});
    for (int16_t v : s) QCOMPARE(v, int16_t{0});
  }

  void sampleCountRoundsUpAndEmptySpansGiveNothing() {
    QCOMPARE(synthesizeSpeaker({}, kClocksPerSecond, 0, 150).size(), size_t{2});  // samples at 0 and 100
    QCOMPARE(synthesizeSpeaker({}, kClocksPerSecond, 0, kClocksPerSecond).size(), size_t{44'100});
    QVERIFY(synthesizeSpeaker({}, kClocksPerSecond, 500, 500).empty());
    QVERIFY(synthesizeSpeaker({}, kClocksPerSecond, 500, 100).empty());
  }

  void theAmplitudeAndRateAreOptions() {
    SpeakerSynthOptions o;
    o.sampleRate = 8'000;
    o.amplitude = 100;
    // 1 kHz at 8 kHz: 4 samples high, 4 low; 8,000 clocks per second makes a sample one clock.
    std::vector<sim::SpeakerNote> notes{{0, 8'000, 1'000.0}};
    auto s = synthesizeSpeaker(notes, 8'000, 0, 8, o);
    const std::vector<int16_t> expected{100, 100, 100, 100, -100, -100, -100, -100};
    QCOMPARE(s, expected);
  }
};

QTEST_MAIN(SpeakerSynthTest)
#include "speaker_synth_test.moc"
