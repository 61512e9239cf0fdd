// VGA I/O ports, the DAC, the status registers with their timing, display geometry and palette
// lookup. IBM VGA Technical Reference: External registers (3C2h/3CCh miscellaneous output, 3DAh
// input status 1), indexed register ports (3C4h sequencer, 3CEh graphics, 3D4h CRTC, 3C0h
// attribute controller with its index/data flip-flop), DAC (3C6h-3C9h).
#include <algorithm>
#include <cstring>

#include "asmlab/x86/pc/video/vga.hpp"

namespace asmlab::x86::pc::video {

namespace {
constexpr uint64_t kDotClock25 = 25175000;  // misc output bits 2-3 = 00
constexpr uint64_t kDotClock28 = 28322000;  // misc output bits 2-3 = 01
}  // namespace

uint8_t Vga::in(uint16_t port, uint64_t clock) {
  const uint8_t value = peekPort(port, clock);
  switch (port) {
    case 0x3BA: case 0x3DA: attrFlipFlopData_ = false; break;  // reading status 1 resets the flip-flop
    case 0x3C9: {
      if (++dacReadSub_ == 3) {
        dacReadSub_ = 0;
        ++dacReadIndex_;
      }
      break;
    }
    default: break;
  }
  return value;
}

uint8_t Vga::peekPort(uint16_t port, uint64_t clock) const {
  switch (port) {
    case 0x3C0: return static_cast<uint8_t>(attrIndex_);
    case 0x3C1: return attrIndex_ < 0x20 ? attr_[attrIndex_ & 0x1F] : 0;
    case 0x3C2: return 0x10;  // input status 0: switch sense high (colour monitor present)
    case 0x3C4: return seqIndex_;
    case 0x3C5: return seqIndex_ < seq_.size() ? seq_[seqIndex_] : 0xFF;
    case 0x3C6: return pelMask_;
    case 0x3C7: return dacState_;
    case 0x3C8: return dacWriteIndex_;
    case 0x3C9: {
      const Rgb6& c = dac_[dacReadIndex_];
      return dacReadSub_ == 0 ? c.r : dacReadSub_ == 1 ? c.g : c.b;
    }
    case 0x3CA: return featureControl_;
    case 0x3CC: return misc_;
    case 0x3CE: return gcIndex_;
    case 0x3CF: return gcIndex_ < gc_.size() ? gc_[gcIndex_] : 0xFF;
    case 0x3B4: case 0x3D4: return crtcIndex_;
    case 0x3B5: case 0x3D5: return crtcIndex_ < crtc_.size() ? crtc_[crtcIndex_] : 0xFF;
    case 0x3BA: case 0x3DA: {
      // Bit 3: vertical retrace; bit 0: display disabled (horizontal or vertical blanking).
      uint8_t status = 0;
      if (inVerticalRetrace(clock)) status |= 0x08;
      if (displayInactive(clock)) status |= 0x01;
      return status;
    }
    default: return 0xFF;
  }
}

void Vga::out(uint16_t port, uint8_t value) {
  switch (port) {
    case 0x3C0: case 0x3C1:
      if (!attrFlipFlopData_) {
        attrIndex_ = value & 0x3F;  // bit 5: palette address source (screen on)
      } else if ((attrIndex_ & 0x1F) < attr_.size()) {
        attr_[attrIndex_ & 0x1F] = value;
      }
      attrFlipFlopData_ = !attrFlipFlopData_;
      return;
    case 0x3C2: misc_ = value; return;
    case 0x3C4: seqIndex_ = value & 0x07; return;
    case 0x3C5: if (seqIndex_ < seq_.size()) seq_[seqIndex_] = value; return;
    case 0x3C6: pelMask_ = value; return;
    case 0x3C7: dacReadIndex_ = value; dacReadSub_ = 0; dacState_ = 0x03; return;
    case 0x3C8: dacWriteIndex_ = value; dacWriteSub_ = 0; dacState_ = 0x00; return;
    case 0x3C9: {
      const uint8_t v = value & 0x3F;
      if (dacWriteSub_ == 0) dacPending_.r = v;
      else if (dacWriteSub_ == 1) dacPending_.g = v;
      else dacPending_.b = v;
      if (++dacWriteSub_ == 3) {  // the colour is stored when its blue component arrives
        dac_[dacWriteIndex_++] = dacPending_;
        dacWriteSub_ = 0;
      }
      return;
    }
    case 0x3CE: gcIndex_ = value & 0x0F; return;
    case 0x3CF: if (gcIndex_ < gc_.size()) gc_[gcIndex_] = value; return;
    case 0x3B4: case 0x3D4: crtcIndex_ = value & 0x1F; return;
    case 0x3B5: case 0x3D5: {
      if (crtcIndex_ >= crtc_.size()) return;
      // Vertical Retrace End bit 7 protects CRTC registers 00h-07h (except the line-compare bit
      // of the overflow register).
      if ((crtc_[0x11] & 0x80) && crtcIndex_ <= 7) {
        if (crtcIndex_ == 7) crtc_[7] = static_cast<uint8_t>((crtc_[7] & ~0x10) | (value & 0x10));
        return;
      }
      crtc_[crtcIndex_] = value;
      return;
    }
    case 0x3BA: case 0x3DA: featureControl_ = value; return;
    default: return;
  }
}

// ---- timing -------------------------------------------------------------------------------------

unsigned Vga::verticalTotal() const {
  return (crtc_[6] | ((crtc_[7] & 0x01) << 8) | ((crtc_[7] & 0x20) << 4)) + 2u;
}
unsigned Vga::verticalDisplayEnd() const {
  return (crtc_[0x12] | ((crtc_[7] & 0x02) << 7) | ((crtc_[7] & 0x40) << 3)) + 1u;
}
unsigned Vga::verticalRetraceStart() const {
  return crtc_[0x10] | ((crtc_[7] & 0x04) << 6) | ((crtc_[7] & 0x80) << 2);
}

namespace {
struct DotTiming {
  uint64_t dotClock;
  unsigned dotsPerChar;
};
DotTiming dotTiming(uint8_t misc, uint8_t clocking) {
  uint64_t clock = ((misc >> 2) & 3) == 1 ? kDotClock28 : kDotClock25;
  if (clocking & 0x08) clock /= 2;  // Clocking Mode bit 3: dot clock divided by two
  return {clock, (clocking & 0x01) ? 8u : 9u};
}
}  // namespace

// The beam position at `clock`: dots since power-on at the dot clock, folded into one frame of
// (horizontal total) x (vertical total). Integer arithmetic keeps it exact and repeatable.
Vga::Position Vga::beamPosition(uint64_t clock) const {
  const DotTiming t = dotTiming(misc_, seq_[1]);
  const uint64_t lineDots = uint64_t{crtc_[0] + 5u} * t.dotsPerChar;
  const uint64_t frameDots = lineDots * verticalTotal();
  const unsigned __int128 dots = static_cast<unsigned __int128>(clock) * t.dotClock / std::max<uint64_t>(clocksPerSecond_, 1);
  const uint64_t inFrame = static_cast<uint64_t>(dots % frameDots);
  return {static_cast<unsigned>(inFrame / lineDots), static_cast<unsigned>(inFrame % lineDots)};
}

bool Vga::inVerticalRetrace(uint64_t clock) const {
  const Position p = beamPosition(clock);
  const unsigned start = verticalRetraceStart();
  // Vertical Retrace End holds the low four bits of the line at which the pulse ends.
  unsigned length = ((crtc_[0x11] & 0x0F) - start) & 0x0F;
  if (length == 0) length = 16;
  return p.line >= start && p.line < start + length;
}

bool Vga::displayInactive(uint64_t clock) const {
  const Position p = beamPosition(clock);
  const DotTiming t = dotTiming(misc_, seq_[1]);
  return p.line >= verticalDisplayEnd() || p.dot >= (crtc_[1] + 1u) * t.dotsPerChar;
}

double Vga::frameSeconds() const {
  const DotTiming t = dotTiming(misc_, seq_[1]);
  return static_cast<double>((crtc_[0] + 5u) * t.dotsPerChar) * verticalTotal() / static_cast<double>(t.dotClock);
}

// ---- geometry and colours -------------------------------------------------------------------------

DisplayGeometry Vga::geometry() const {
  DisplayGeometry g;
  const unsigned displayedChars = crtc_[1] + 1u;
  const unsigned lines = verticalDisplayEnd();
  const unsigned maxScan = (crtc_[9] & 0x1F) + 1u;
  const unsigned doubleScan = (crtc_[9] & 0x80) ? 2u : 1u;
  g.startAddress = (crtc_[0x0C] << 8) | crtc_[0x0D];
  g.rowPitch = crtc_[0x13] * 2u;
  g.addressShift = (crtc_[0x14] & 0x40) ? 2 : (crtc_[0x17] & 0x40) ? 0 : 1;
  g.columns = displayedChars;
  if (!(attr_[0x10] & 0x01)) {
    g.kind = DisplayGeometry::Kind::Text;
    // Clocking Mode bit 3 halves the dot clock: each dot is shown twice as wide (40-column modes),
    // which the rendered frame reproduces so the picture keeps its proportions.
    g.dotRepeat = (seq_[1] & 0x08) ? 2 : 1;
    g.charWidth = ((seq_[1] & 0x01) ? 8 : 9) * g.dotRepeat;
    g.charHeight = maxScan;
    g.rows = (lines + maxScan - 1) / maxScan;
    g.width = displayedChars * g.charWidth;
    g.height = lines;
    return g;
  }
  g.maxScan = maxScan;
  g.cgaBanks = !(crtc_[0x17] & 0x01);
  // Without CGA banks every scanline of a character row shows the same memory; with them each
  // shows its own bank, so each is a pixel row.
  g.scanlinesPerRow = g.cgaBanks ? doubleScan : maxScan * doubleScan;
  g.height = lines / g.scanlinesPerRow;
  g.rows = g.height;
  if (gc_[5] & 0x40) {
    g.kind = DisplayGeometry::Kind::Packed256;
    g.width = displayedChars * 4;  // four planes give four pixels per character clock
  } else if (gc_[5] & 0x20) {
    g.kind = DisplayGeometry::Kind::Cga4;
    g.width = displayedChars * 8;  // a byte of plane 0 and one of plane 1, four pixels each
  } else {
    g.kind = DisplayGeometry::Kind::Planar16;
    g.width = displayedChars * 8;
  }
  return g;
}

uint32_t Vga::dacRgb(unsigned index) const {
  const Rgb6& c = dac_[index & pelMask_ & 0xFF];
  auto scale = [](uint8_t v) { return static_cast<uint32_t>((v << 2) | (v >> 4)); };
  return (scale(c.r) << 16) | (scale(c.g) << 8) | scale(c.b);
}

// Attribute controller: palette register, then bits 4-5 from Color Select when Mode Control bit 7
// (P5/P4 select) is set, bits 6-7 always from Color Select bits 2-3.
uint32_t Vga::attributeRgb(unsigned colour) const {
  const uint8_t entry = attr_[colour & 0x0F];
  unsigned index = (attr_[0x10] & 0x80) ? ((entry & 0x0F) | ((attr_[0x14] & 0x03) << 4)) : (entry & 0x3F);
  index |= (attr_[0x14] & 0x0C) << 4;
  return dacRgb(index);
}

// ---- snapshots ------------------------------------------------------------------------------------

namespace {
template <class T>
void put(std::vector<uint8_t>& out, const T& v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out.insert(out.end(), p, p + sizeof v);
}
template <class T>
bool get(const std::vector<uint8_t>& in, size_t& at, T& v) {
  if (at + sizeof v > in.size()) return false;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return true;
}
constexpr uint32_t kStateVersion = 0x56474131;  // "VGA1"
}  // namespace

std::vector<uint8_t> Vga::save() const {
  std::vector<uint8_t> out;
  out.reserve(4 * kPlaneSize + 1024);
  put(out, kStateVersion);
  for (const auto& p : planes_) out.insert(out.end(), p.begin(), p.end());
  put(out, latches_); put(out, seq_); put(out, gc_); put(out, crtc_); put(out, attr_); put(out, dac_);
  put(out, misc_); put(out, featureControl_); put(out, pelMask_);
  put(out, seqIndex_); put(out, gcIndex_); put(out, crtcIndex_); put(out, attrIndex_); put(out, attrFlipFlopData_);
  put(out, dacWriteIndex_); put(out, dacReadIndex_); put(out, dacWriteSub_); put(out, dacReadSub_); put(out, dacState_);
  put(out, dacPending_);
  return out;
}

bool Vga::restore(const std::vector<uint8_t>& in) {
  size_t at = 0;
  uint32_t version = 0;
  if (!get(in, at, version) || version != kStateVersion || in.size() < at + 4 * kPlaneSize) return false;
  for (auto& p : planes_) {
    std::copy(in.begin() + static_cast<long>(at), in.begin() + static_cast<long>(at + kPlaneSize), p.begin());
    at += kPlaneSize;
  }
  return get(in, at, latches_) && get(in, at, seq_) && get(in, at, gc_) && get(in, at, crtc_) && get(in, at, attr_) &&
         get(in, at, dac_) && get(in, at, misc_) && get(in, at, featureControl_) && get(in, at, pelMask_) &&
         get(in, at, seqIndex_) && get(in, at, gcIndex_) && get(in, at, crtcIndex_) && get(in, at, attrIndex_) &&
         get(in, at, attrFlipFlopData_) && get(in, at, dacWriteIndex_) && get(in, at, dacReadIndex_) &&
         get(in, at, dacWriteSub_) && get(in, at, dacReadSub_) && get(in, at, dacState_) && get(in, at, dacPending_);
}

}  // namespace asmlab::x86::pc::video
