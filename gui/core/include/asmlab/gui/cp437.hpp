// Code page 437, the IBM PC's character set, as Unicode: what each byte of a text screen shows
// (IBM PC Technical Reference, character set chart), including the graphic glyphs of 00h-1Fh.
#pragma once

#include <QChar>

#include <cstdint>

namespace asmlab::gui {

QChar cp437ToUnicode(uint8_t code);

}  // namespace asmlab::gui
