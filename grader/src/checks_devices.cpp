// Screen text, pixels and speaker notes, read through the machine's optional capabilities
// (simulator/core capabilities.hpp). The spec parser already rejects them for the LC-3; the
// evaluator still reports a missing device instead of assuming it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <regex>

#include <fmt/format.h>

#include "asmlab/sim/capabilities.hpp"
#include "checks_devices.hpp"
#include "compiled_regex.hpp"

namespace asmlab::grader {

CheckResult screenCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto* screen = sim::capability<sim::TextScreen>(ctx.machine);
  if (!screen) {
    r.message = fmt::format("machine {} has no text screen", ctx.machine.architecture());
    return r;
  }
  if (!screen->textModeActive()) {
    r.message = "the screen is not in a text mode";
    return r;
  }
  // The region as text, one line per row, trailing blanks removed.
  std::string text;
  for (unsigned row = check.row; row < check.row + check.rows && row < screen->textRows(); ++row) {
    std::string line;
    for (unsigned col = check.column; col < check.column + check.columns && col < screen->textColumns(); ++col) {
      uint8_t c = screen->textCell(row, col).character;
      line += c == 0 ? ' ' : static_cast<char>(c);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    text += (row == check.row ? "" : "\n") + line;
  }
  if (!check.screenRegex.empty()) {
    try {
      r.passed = std::regex_search(text, compileRegex(check.screenRegex, std::regex::ECMAScript));
    } catch (const std::exception& e) {
      r.message = fmt::format("regular expression could not be evaluated: {}", e.what());
      return r;
    }
    if (!r.passed) r.message = fmt::format("screen region does not match /{}/; it shows:\n{}", check.screenRegex, text);
    return r;
  }
  std::string expected = check.screenText;
  while (!expected.empty() && (expected.back() == ' ' || expected.back() == '\n')) expected.pop_back();
  std::string actual = text;
  while (!actual.empty() && (actual.back() == ' ' || actual.back() == '\n')) actual.pop_back();
  r.passed = expected == actual;
  if (!r.passed) r.message = fmt::format("screen at row {} column {}: expected \"{}\", shows \"{}\"", check.row, check.column, expected, actual);
  return r;
}

CheckResult pixelsCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto* frame = sim::capability<sim::FrameBuffer>(ctx.machine);
  if (!frame) {
    r.message = fmt::format("machine {} has no graphics display", ctx.machine.architecture());
    return r;
  }
  if (!check.image) {
    r.message = "the reference image was not loaded";
    return r;
  }
  const RgbImage& image = *check.image;
  unsigned width = check.width ? check.width : image.width;
  unsigned height = check.height ? check.height : image.height;
  if (width > image.width || height > image.height) {
    r.message = fmt::format("the region {}x{} is larger than the reference image {}x{}", width, height, image.width, image.height);
    return r;
  }
  uint64_t differing = 0;
  std::string first;
  for (unsigned y = 0; y < height; ++y) {
    for (unsigned x = 0; x < width; ++x) {
      unsigned sx = check.x + x, sy = check.y + y;
      uint32_t actual = sx < frame->frameWidth() && sy < frame->frameHeight() ? frame->pixelRgb(sx, sy) : 0xFFFFFFFF;
      uint32_t expected = image.pixels[static_cast<size_t>(y) * image.width + x];
      if (actual != expected) {
        if (differing++ == 0) first = fmt::format("first at ({}, {}): expected #{:06X}, got #{:06X}", sx, sy, expected, actual & 0xFFFFFF);
      }
    }
  }
  double fraction = static_cast<double>(differing) / std::max<double>(1, static_cast<double>(width) * height);
  r.passed = fraction <= check.tolerance;
  if (!r.passed) {
    r.message = fmt::format("{} of {} pixels differ ({:.2f}%, tolerance {:.2f}%); {}", differing,
                            static_cast<uint64_t>(width) * height, fraction * 100, check.tolerance * 100, first);
  }
  return r;
}

CheckResult pixelCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto* frame = sim::capability<sim::FrameBuffer>(ctx.machine);
  if (!frame) {
    r.message = fmt::format("machine {} has no graphics display", ctx.machine.architecture());
    return r;
  }
  if (check.x >= frame->frameWidth() || check.y >= frame->frameHeight()) {
    r.message = fmt::format("pixel ({}, {}) is outside the {}x{} display", check.x, check.y, frame->frameWidth(), frame->frameHeight());
    return r;
  }
  uint32_t actual = frame->pixelRgb(check.x, check.y) & 0xFFFFFF;
  r.passed = actual == check.rgb;
  if (!r.passed) r.message = fmt::format("pixel ({}, {}): expected #{:06X}, got #{:06X}", check.x, check.y, check.rgb, actual);
  return r;
}

std::string compareNotes(const std::vector<double>& expected, const std::vector<double>& played, double toleranceHz) {
  // The expected notes must appear in order (other notes may come between them).
  size_t next = 0;
  for (double f : played) {
    if (next < expected.size() && std::fabs(f - expected[next]) <= toleranceHz) ++next;
  }
  if (next == expected.size()) return {};
  std::string heard;
  for (size_t i = 0; i < played.size() && i < 16; ++i) heard += fmt::format("{}{:.0f}", i ? ", " : "", played[i]);
  if (played.size() > 16) heard += ", ...";
  return fmt::format("note {} ({:.0f} Hz, within {:.0f} Hz) was not played in order; played: [{}]", next + 1,
                     expected[next], toleranceHz, heard);
}

CheckResult speakerCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto* speaker = sim::capability<sim::SpeakerLog>(ctx.machine);
  if (!speaker) {
    r.message = fmt::format("machine {} has no speaker", ctx.machine.architecture());
    return r;
  }
  std::vector<double> played;
  for (const auto& note : speaker->speakerNotes()) {
    if (note.frequencyHz > 0) played.push_back(note.frequencyHz);
  }
  if (played.size() < check.minNotes) {
    r.message = fmt::format("{} notes played; at least {} expected", played.size(), check.minNotes);
    return r;
  }
  r.message = compareNotes(check.notes, played, check.toleranceHz);
  r.passed = r.message.empty();
  return r;
}

namespace {

// The values written to the check's port, in order. The log keeps only writes that changed the
// port (sim::PortLog), so a value written again and again counts once, unless a device took it in
// between (emu8086's printer clears its port after each character: "ll" is two). A word port is a
// 16-bit latch whose high byte is port+1: `OUT 4, AX` writes both bytes, one after the other in
// one instruction, and counts once; `OUT 4, AL` changes the low byte alone. A word OUT that
// changes one byte is logged as that byte alone.
std::vector<int64_t> portSequence(const std::vector<sim::PortWrite>& writes, uint16_t port, bool word) {
  std::vector<int64_t> values;
  unsigned latch = 0;
  for (size_t i = 0; i < writes.size(); ++i) {
    const sim::PortWrite& w = writes[i];
    const bool low = w.port == port, high = word && w.port == static_cast<uint16_t>(port + 1);
    if (!low && !high) continue;
    latch = low ? (latch & 0xFF00u) | w.value : (latch & 0x00FFu) | (unsigned{w.value} << 8);
    const bool pairFollows = low && word && i + 1 < writes.size() &&
                             writes[i + 1].port == static_cast<uint16_t>(port + 1) &&
                             writes[i + 1].instruction == w.instruction;
    if (pairFollows) continue;  // the word's high byte comes next
    values.push_back(latch);
  }
  return values;
}

std::string hexList(const std::vector<int64_t>& values, size_t limit) {
  std::string text;
  for (size_t i = 0; i < values.size() && i < limit; ++i) text += fmt::format("{}{:X}h", i ? ", " : "", values[i]);
  if (values.size() > limit) text += ", ...";
  return "[" + text + "]";
}

}  // namespace

CheckResult portWritesCheck(const Check& check, const RunContext& ctx, CheckResult r) {
  const auto* log = sim::capability<sim::PortLog>(ctx.machine);
  if (!log) {
    r.message = fmt::format("machine {} keeps no port writes", ctx.machine.architecture());
    return r;
  }
  const std::vector<int64_t> written = portSequence(log->portWrites(), check.port, check.portWord);
  const auto& expected = check.portValues;
  size_t same = 0;
  while (same < expected.size() && same < written.size() && written[same] == expected[same]) ++same;
  if (same == expected.size() && (!check.portExact || written.size() == expected.size())) {
    r.passed = true;
    return r;
  }
  const size_t shown = std::max<size_t>(expected.size() + 2, 8);
  if (same < expected.size())
    r.message = fmt::format("port {:X}h: value {} was {}, expected {:X}h; written: {}", check.port, same + 1,
                            same < written.size() ? fmt::format("{:X}h", written[same]) : std::string("never written"),
                            expected[same], hexList(written, shown));
  else
    r.message = fmt::format("port {:X}h: {} values written, exactly {} expected; written: {}", check.port,
                            written.size(), expected.size(), hexList(written, shown));
  return r;
}

}  // namespace asmlab::grader
