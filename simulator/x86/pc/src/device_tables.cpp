// The PC's devices as tables for debuggers (sim::DeviceInspector): the PIT channels, PPI port 61h,
// the PIC's registers, the interrupt vector table and the video mode, plus whatever tables the
// video card adds (the VGA's DAC palette). Reads only; nothing is latched or acknowledged.
#include <cstdio>
#include <map>

#include "asmlab/x86/pc/pc_machine.hpp"

namespace asmlab::x86::pc {
namespace {

std::string hex(unsigned value, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%0*XH", digits, value);
  return buffer;
}

std::string bits8(uint8_t v) {
  std::string s;
  for (int i = 7; i >= 0; --i) s += (v >> i) & 1 ? '1' : '0';
  return s;
}

// The IRQs set in a PIC register, by number ("0 1 4"), or "-".
std::string irqList(uint8_t v) {
  std::string s;
  for (unsigned i = 0; i < 8; ++i)
    if (v & (1u << i)) s += (s.empty() ? "" : " ") + std::to_string(i);
  return s.empty() ? "-" : s;
}

}  // namespace

std::vector<sim::DeviceTable> PcMachine::deviceTables() const {
  std::vector<sim::DeviceTable> tables;
  uint64_t t = now();

  // Intel 8254 data sheet: the six counter modes; access LSB, MSB or LSB then MSB.
  sim::DeviceTable pit{"PIT 8253 (ports 40h-43h)", {"channel", "mode", "divisor", "count", "output", "frequency", "use"}, {}};
  static const char* uses[] = {"IRQ0 timer tick", "DRAM refresh", "speaker"};
  for (unsigned c = 0; c < 3; ++c) {
    const auto& ch = pit_.channels()[c];
    double hz = 1193182.0 / pit_.divisor(c);
    char freq[32];
    std::snprintf(freq, sizeof freq, "%.2f Hz", hz);
    pit.rows.push_back({std::to_string(c), std::to_string(ch.mode) + (ch.bcd ? " BCD" : ""), std::to_string(pit_.divisor(c)),
                        ch.armed ? std::to_string(pit_.count(c, t)) : "not loaded", pit_.output(c, t) ? "high" : "low",
                        ch.armed ? freq : "-", uses[c]});
  }
  tables.push_back(std::move(pit));

  // IBM PC Technical Reference, 8255 port B (61h): bit 0 timer 2 gate, bit 1 speaker data.
  tables.push_back({"PPI port 61h",
                    {"value", "bits 7-0", "timer 2 gate", "speaker data", "speaker"},
                    {{hex(port61_, 2), bits8(port61_), port61_ & 1 ? "on" : "off", port61_ & 2 ? "on" : "off",
                      (port61_ & 3) == 3 ? "sounding" : "silent"}}});

  tables.push_back({"PIC 8259A (ports 20h-21h)",
                    {"register", "bits 7-0", "IRQs"},
                    {{"IMR (masked)", bits8(pic_.imr()), irqList(pic_.imr())},
                     {"IRR (pending)", bits8(pic_.irr()), irqList(pic_.irr())},
                     {"ISR (in service)", bits8(pic_.isr()), irqList(pic_.isr())},
                     {"vector base", hex(pic_.vectorBase(), 2), "IRQ0-7 = INT " + hex(pic_.vectorBase(), 2) + "-" +
                                                                 hex(pic_.vectorBase() + 7u, 2)}}});

  sim::DeviceTable ivt{"Interrupt vector table (0000:0000)", {"vector", "handler", "linear"}, {}};
  for (unsigned v = 0; v < 256; ++v) {
    uint16_t off = read16(v * 4), seg = read16(v * 4 + 2);
    ivt.rows.push_back({hex(v, 2), hex(seg, 4).substr(0, 4) + ":" + hex(off, 4).substr(0, 4), hex(linear(seg, off), 5)});
  }
  tables.push_back(std::move(ivt));

  tables.push_back({"Video",
                    {"mode", "kind", "text size", "frame"},
                    {{hex(video_->mode(), 2), video_->graphicsMode() ? "graphics" : "text",
                      video_->textModeActive() ? std::to_string(video_->textColumns()) + "x" + std::to_string(video_->textRows()) : "-",
                      std::to_string(video_->frameWidth()) + "x" + std::to_string(video_->frameHeight())}}});
  if (auto* more = dynamic_cast<const sim::DeviceInspector*>(video_.get()))
    for (auto& table : more->deviceTables()) tables.push_back(std::move(table));

  // What the program wrote to ports no device decodes (emu8086's traffic lights at port 4 and
  // the like: docs/pc-platform.md): the last byte and the count, by port.
  if (!portWrites_.empty()) {
    std::map<uint16_t, std::pair<uint8_t, uint64_t>> byPort;
    for (const auto& w : portWrites_) byPort[w.port] = {w.value, portWriteCounts_.at(w.port).writes};
    sim::DeviceTable written{"Ports with no device (written)", {"port", "last byte", "bits 7-0", "writes"}, {}};
    for (const auto& [port, entry] : byPort)
      written.rows.push_back(
          {hex(port, port > 0xFF ? 4 : 2), hex(entry.first, 2), bits8(entry.first), std::to_string(entry.second)});
    tables.push_back(std::move(written));
  }
  if (emu8086_)
    for (auto& table : emu8086_->tables(deviceTime())) tables.push_back(std::move(table));
  return tables;
}

}  // namespace asmlab::x86::pc
