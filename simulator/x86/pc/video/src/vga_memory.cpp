// VGA display memory as the CPU sees it: the memory map select of the graphics controller, chain-4
// and odd/even addressing, the four latches, write modes 0-3 and read modes 0-1.
// IBM VGA Technical Reference: Sequencer Memory Mode (index 04h), Graphics Controller registers
// Set/Reset (00h), Enable Set/Reset (01h), Color Compare (02h), Data Rotate (03h), Read Map Select
// (04h), Graphics Mode (05h), Miscellaneous (06h), Color Don't Care (07h), Bit Mask (08h).
#include "asmlab/x86/pc/video/vga.hpp"

namespace asmlab::x86::pc::video {

namespace {
uint8_t rotateRight(uint8_t v, unsigned n) {
  n &= 7;
  return n == 0 ? v : static_cast<uint8_t>((v >> n) | (v << (8 - n)));
}
}  // namespace

Vga::Vga() {
  for (auto& p : planes_) p.assign(kPlaneSize, 0);
}

void Vga::clearPlanes(unsigned planeMask, uint8_t value) {
  for (unsigned p = 0; p < 4; ++p)
    if (planeMask & (1u << p)) std::fill(planes_[p].begin(), planes_[p].end(), value);
}

// Graphics controller Miscellaneous register bits 2-3 choose the window the adapter answers in.
bool Vga::decode(uint32_t address, uint32_t& offset) const {
  switch ((gc_[6] >> 2) & 3) {
    case 0: offset = address - 0xA0000; return address >= 0xA0000 && address < 0xC0000;
    case 1: offset = address - 0xA0000; return address >= 0xA0000 && address < 0xB0000;
    case 2: offset = address - 0xB0000; return address >= 0xB0000 && address < 0xB8000;
    default: offset = address - 0xB8000; return address >= 0xB8000 && address < 0xC0000;
  }
}

uint8_t Vga::readPlanes(uint32_t offset) const {
  // Read mode 1 (Graphics Mode bit 3): each bit is 1 where all planes not masked out by Color
  // Don't Care match Color Compare.
  if (gc_[5] & 0x08) {
    uint8_t result = 0xFF;
    for (unsigned p = 0; p < 4; ++p) {
      if (!(gc_[7] & (1u << p))) continue;
      const uint8_t want = (gc_[2] & (1u << p)) ? 0xFF : 0x00;
      result &= static_cast<uint8_t>(~(planes_[p][offset] ^ want));
    }
    return result;
  }
  return planes_[gc_[4] & 3][offset];
}

uint8_t Vga::peek(uint32_t address) const {
  uint32_t offset = 0;
  if (!decode(address, offset)) return 0xFF;
  if (seq_[4] & 0x08) return planes_[offset & 3][offset & 0xFFFC];  // chain-4
  if (!(seq_[4] & 0x04)) return planes_[(offset & 1) | (gc_[4] & 2)][offset & 0xFFFE];  // odd/even
  return readPlanes(offset & 0xFFFF);
}

uint8_t Vga::read(uint32_t address) {
  uint32_t offset = 0;
  if (!decode(address, offset)) return 0xFF;
  uint32_t planeOffset = offset & 0xFFFF;
  if (seq_[4] & 0x08) planeOffset &= 0xFFFC;
  else if (!(seq_[4] & 0x04)) planeOffset &= 0xFFFE;
  for (unsigned p = 0; p < 4; ++p) latches_[p] = planes_[p][planeOffset];
  return peek(address);
}

void Vga::write(uint32_t address, uint8_t value) {
  uint32_t offset = 0;
  if (!decode(address, offset)) return;
  unsigned enabled = seq_[2] & 0x0F;  // Map Mask
  uint32_t planeOffset = offset & 0xFFFF;
  if (seq_[4] & 0x08) {
    enabled &= 1u << (offset & 3);
    planeOffset &= 0xFFFC;
  } else if (!(seq_[4] & 0x04)) {
    enabled &= (offset & 1) ? 0x0A : 0x05;
    planeOffset &= 0xFFFE;
  }
  if (enabled != 0) writePlanes(planeOffset, value, enabled);
}

void Vga::writePlanes(uint32_t offset, uint8_t value, unsigned enabled) {
  const unsigned writeMode = gc_[5] & 3;
  const unsigned operation = (gc_[3] >> 3) & 3;  // 0 replace, 1 AND, 2 OR, 3 XOR with the latch
  uint8_t bitMask = gc_[8];
  if (writeMode == 3) bitMask &= rotateRight(value, gc_[3]);
  for (unsigned p = 0; p < 4; ++p) {
    if (!(enabled & (1u << p))) continue;
    if (writeMode == 1) {  // the latches are written as they are (fast copies in planar modes)
      planes_[p][offset] = latches_[p];
      continue;
    }
    uint8_t data = 0;
    switch (writeMode) {
      case 0:
        data = (gc_[1] & (1u << p)) ? ((gc_[0] & (1u << p)) ? 0xFF : 0x00) : rotateRight(value, gc_[3]);
        break;
      case 2: data = (value & (1u << p)) ? 0xFF : 0x00; break;
      default: data = (gc_[0] & (1u << p)) ? 0xFF : 0x00; break;
    }
    switch (operation) {
      case 1: data &= latches_[p]; break;
      case 2: data |= latches_[p]; break;
      case 3: data ^= latches_[p]; break;
      default: break;
    }
    planes_[p][offset] = static_cast<uint8_t>((data & bitMask) | (latches_[p] & ~bitMask));
  }
}

}  // namespace asmlab::x86::pc::video
