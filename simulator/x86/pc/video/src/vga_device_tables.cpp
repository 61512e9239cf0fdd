// The VGA's state as tables for debuggers (sim::DeviceInspector), added to the PC machine's own
// device tables: the display mode and the 256-entry DAC palette (6 bits per gun, as the DAC holds
// them; IBM VGA Technical Reference, video DAC).
#include <cstdio>

#include "asmlab/x86/pc/video/vga_card.hpp"

namespace asmlab::x86::pc::video {

std::vector<sim::DeviceTable> VgaCard::deviceTables() const {
  std::vector<sim::DeviceTable> tables;
  char buffer[32];
  DisplayGeometry g = geometry();
  const char* kind = g.kind == DisplayGeometry::Kind::Text        ? "text"
                     : g.kind == DisplayGeometry::Kind::Packed256 ? "256 colours"
                     : g.kind == DisplayGeometry::Kind::Cga4      ? "CGA 4 colours"
                     : g.cgaBanks                                 ? "CGA 2 colours"
                                                                  : "16 colours, planar";
  std::snprintf(buffer, sizeof buffer, "%02XH", mode());
  tables.push_back({"VGA display",
                    {"BIOS mode", "kind", "size", "Mode X (unchained)"},
                    {{buffer, kind, std::to_string(g.width) + "x" + std::to_string(g.height), unchained() ? "yes" : "no"}}});
  sim::DeviceTable dac{"VGA DAC palette", {"index", "R", "G", "B", "colour"}, {}};
  for (unsigned i = 0; i < 256; ++i) {
    Rgb6 c = vga_.dac(i);
    // 6-bit guns widened to 8 bits by repeating the top bits, as a monitor shows them.
    std::snprintf(buffer, sizeof buffer, "#%02X%02X%02X", (c.r << 2) | (c.r >> 4), (c.g << 2) | (c.g >> 4), (c.b << 2) | (c.b >> 4));
    dac.rows.push_back({std::to_string(i), std::to_string(c.r), std::to_string(c.g), std::to_string(c.b), buffer});
  }
  tables.push_back(std::move(dac));
  return tables;
}

}  // namespace asmlab::x86::pc::video
