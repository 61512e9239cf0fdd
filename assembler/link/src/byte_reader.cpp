#include "byte_reader.hpp"

namespace asmlab::link::detail {

uint8_t ByteCursor::u8() {
  if (failed_ || pos_ >= bytes_.size()) {
    failed_ = true;
    return 0;
  }
  return bytes_[pos_++];
}

uint16_t ByteCursor::u16() {
  uint16_t lo = u8();
  uint16_t hi = u8();
  return static_cast<uint16_t>(lo | (hi << 8));
}

uint32_t ByteCursor::u24() {
  uint32_t lo = u16();
  return lo | (static_cast<uint32_t>(u8()) << 16);
}

uint32_t ByteCursor::u32() {
  uint32_t lo = u16();
  return lo | (static_cast<uint32_t>(u16()) << 16);
}

uint32_t ByteCursor::word() { return wide_ ? u32() : u16(); }

uint32_t ByteCursor::index() {
  uint32_t first = u8();
  if (first < 0x80) return first;
  return ((first & 0x7F) << 8) | u8();
}

std::string ByteCursor::name() {
  auto text = take(u8());
  return std::string(text.begin(), text.end());
}

uint32_t ByteCursor::comdefLength() {
  uint32_t first = u8();
  switch (first) {
    case 0x81: return u16();
    case 0x84: return u24();
    case 0x88: return u32();
    default:
      if (first > 0x80) failed_ = true;
      return first;
  }
}

std::span<const uint8_t> ByteCursor::take(size_t n) {
  if (failed_ || n > bytes_.size() - pos_) {
    failed_ = true;
    return {};
  }
  auto out = bytes_.subspan(pos_, n);
  pos_ += n;
  return out;
}

std::span<const uint8_t> ByteCursor::rest() { return take(remaining()); }

}  // namespace asmlab::link::detail
