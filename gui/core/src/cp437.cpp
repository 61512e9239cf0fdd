#include "asmlab/gui/cp437.hpp"

#include "asmlab/x86/pc/video/cp437.hpp"

namespace asmlab::gui {

// One code page 437 table serves the VGA's font generator, its text dump and this pane. NUL has
// no Unicode picture; the PC shows it as a blank cell, so the pane draws a space.
QChar cp437ToUnicode(uint8_t code) {
  if (code == 0) return QChar(u' ');
  return QChar(static_cast<char16_t>(x86::pc::video::kCp437ToUnicode[code]));
}

}  // namespace asmlab::gui
