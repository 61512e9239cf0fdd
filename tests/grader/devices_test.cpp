// Screen, pixel, speaker, mouse and scan-code features through the optional capability
// interfaces, on a fake machine that has every device (the PC machine will implement them).
#include <png.h>

#include <gtest/gtest.h>

#include "asmlab/sim/capabilities.hpp"
#include "grader_test_util.hpp"

namespace asmlab::grader::testing {
namespace {

class FakePc : public FakeMachine,
               public sim::TextScreen,
               public sim::FrameBuffer,
               public sim::SpeakerLog,
               public sim::PointerInput,
               public sim::ScanCodeKeyboard {
public:
  explicit FakePc(const ToyProgram& p) : FakeMachine(p) {
    text.assign(25, std::string(80, ' '));
    pixels.assign(320 * 200, 0x000000);
  }
  bool textModeActive() const override { return textMode; }
  unsigned textRows() const override { return 25; }
  unsigned textColumns() const override { return 80; }
  sim::TextCell textCell(unsigned row, unsigned column) const override {
    return {static_cast<uint8_t>(text.at(row).at(column)), 0x07};
  }
  unsigned frameWidth() const override { return 320; }
  unsigned frameHeight() const override { return 200; }
  uint32_t pixelRgb(unsigned x, unsigned y) const override { return pixels.at(y * 320 + x); }
  std::vector<sim::SpeakerNote> speakerNotes() const override { return notes; }
  uint64_t clocksPerSecond() const override { return 4'772'727; }
  void pushMouseEvent(const sim::MouseEvent& e) override { mouse.push_back(e); }
  void pushKey(uint8_t scan, uint8_t) override { scans.push_back(scan); }

  bool textMode = true;
  std::vector<std::string> text;
  std::vector<uint32_t> pixels;
  std::vector<sim::SpeakerNote> notes;
  std::vector<sim::MouseEvent> mouse;
  std::vector<uint8_t> scans;
};

struct Graded {
  TestResult result;
  std::unique_ptr<FakePc> machine;
};

// Runs the spec's first test on a FakePc prepared by `prepare`.
Graded gradeOnPc(const std::string& tests, const std::function<void(FakePc&)>& prepare, const std::filesystem::path& dir = ".") {
  Spec spec = specFrom("machine: pc\nbuild: {submission: prog.asm}\ntests:\n" + tests, dir);
  Graded g;
  g.machine = std::make_unique<FakePc>(assembleToy(".ORIG x3000\n  HALT\n"));
  g.machine->setProgramCounter(0x3000);
  prepare(*g.machine);
  auto atEntry = g.machine->saveSnapshot();
  g.result = runTest(spec, spec.tests.at(0), *g.machine, *atEntry, {});
  return g;
}

TEST(Devices, ScreenRegionText) {
  auto g = gradeOnPc(R"(  - name: t
    checks:
      - screen: {row: 1, col: 10, rows: 2, cols: 12, text: "Tic Tac Toe\n  X | O"}
      - screen: {row: 1, col: 10, cols: 20, regex: "Tac"}
      - screen: {row: 0, col: 0, cols: 5, text: "Score"}
)", [](FakePc& m) {
    m.text[1].replace(10, 11, "Tic Tac Toe");
    m.text[2].replace(10, 7, "  X | O");
  });
  const auto& c = g.result.checks;
  EXPECT_TRUE(c.at(0).passed) << c[0].message;
  EXPECT_TRUE(c.at(1).passed) << c[1].message;
  EXPECT_FALSE(c.at(2).passed);
  EXPECT_EQ(c[2].message, "screen at row 0 column 0: expected \"Score\", shows \"\"");
}

TEST(Devices, ScreenInGraphicsModeFails) {
  auto g = gradeOnPc("  - name: t\n    checks: [{screen: {row: 0, text: x}}]\n", [](FakePc& m) { m.textMode = false; });
  EXPECT_EQ(g.result.checks.at(0).message, "the screen is not in a text mode");
}

TEST(Devices, PixelAndScreenshotWithTolerance) {
  TempDir dir;
  // A 4x2 reference image: red, green, blue, white / black x4.
  std::vector<uint8_t> rgb = {255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = 4;
  image.height = 2;
  image.format = PNG_FORMAT_RGB;
  ASSERT_TRUE(png_image_write_to_file(&image, (dir.path() / "shot.png").c_str(), 0, rgb.data(), 0, nullptr));
  auto prepare = [](FakePc& m) {
    m.pixels[10 * 320 + 20] = 0xFF0000;
    m.pixels[10 * 320 + 21] = 0x00FF00;
    m.pixels[10 * 320 + 22] = 0x0000FF;
    m.pixels[10 * 320 + 23] = 0xFFFFFE;  // one of 8 pixels is off by one
  };
  auto g = gradeOnPc(R"(  - name: t
    checks:
      - pixel: {x: 20, y: 10, rgb: 0xFF0000}
      - pixel: {x: 21, y: 10, rgb: 0xFF0000}
      - pixels: {x: 20, y: 10, image: shot.png, tolerance: 0.125}
      - pixels: {x: 20, y: 10, image: shot.png, tolerance: 0.1}
)", prepare, dir.path());
  const auto& c = g.result.checks;
  EXPECT_TRUE(c.at(0).passed) << c[0].message;
  EXPECT_EQ(c.at(1).message, "pixel (21, 10): expected #FF0000, got #00FF00");
  EXPECT_TRUE(c.at(2).passed) << c[2].message;
  EXPECT_FALSE(c.at(3).passed);
  EXPECT_NE(c[3].message.find("1 of 8 pixels differ (12.50%"), std::string::npos) << c[3].message;
  EXPECT_NE(c[3].message.find("first at (23, 10): expected #FFFFFF, got #FFFFFE"), std::string::npos) << c[3].message;
}

TEST(Devices, SpeakerNotesInOrderWithinTolerance) {
  auto prepare = [](FakePc& m) {
    m.notes = {{0, 100, 523.3}, {100, 100, 0}, {200, 100, 659.0}, {300, 100, 784.5}};
  };
  auto g = gradeOnPc(R"(  - name: t
    checks:
      - speaker: {notes: [523.25, 783.99], tolerance_hz: 2}
      - speaker: {notes: [784, 523], tolerance_hz: 2}
      - speaker: {min_notes: 4}
)", prepare);
  const auto& c = g.result.checks;
  EXPECT_TRUE(c.at(0).passed) << c[0].message;
  EXPECT_FALSE(c.at(1).passed);
  EXPECT_NE(c[1].message.find("note 2 (523 Hz"), std::string::npos) << c[1].message;
  EXPECT_EQ(c.at(2).message, "3 notes played; at least 4 expected");  // the silent click is not a note
}

TEST(Devices, MouseAndScanCodeEventsReachTheMachine) {
  auto g = gradeOnPc(R"(  - name: t
    input:
      - {mouse: {x: 100, y: 40, buttons: [left, right]}, at: start}
      - {scancode: 0x48, at: start}
    checks: [{stop: halted}]
)", [](FakePc&) {});
  ASSERT_EQ(g.machine->mouse.size(), 1u);
  EXPECT_EQ(g.machine->mouse[0].x, 100);
  EXPECT_EQ(g.machine->mouse[0].y, 40);
  EXPECT_EQ(g.machine->mouse[0].buttons, 3u);
  ASSERT_EQ(g.machine->scans.size(), 1u);
  EXPECT_EQ(g.machine->scans[0], 0x48);
}

TEST(Devices, MachineWithoutTheDeviceSaysSo) {
  // A spec for the PC run on a machine without a screen (the LC-3-like fake): a clear failure.
  Spec spec = specFrom("machine: pc\nbuild: {submission: p.asm}\ntests:\n  - name: t\n    checks: [{screen: {row: 0, text: x}}]\n");
  FakeMachine m(assembleToy(".ORIG x3000\n  HALT\n"));
  m.setProgramCounter(0x3000);
  auto atEntry = m.saveSnapshot();
  TestResult r = runTest(spec, spec.tests[0], m, *atEntry, {});
  EXPECT_EQ(r.checks.at(0).message, "machine lc3 has no text screen");
}

}  // namespace
}  // namespace asmlab::grader::testing
