// Bounds-checked little-endian cursor over one OMF record body. Every read past the end sets
// `failed()` and returns zero, so the record parsers stay linear and check once at the end.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace asmlab::link::detail {

class ByteCursor {
public:
  explicit ByteCursor(std::span<const uint8_t> bytes, bool wide = false) : bytes_(bytes), wide_(wide) {}

  bool failed() const { return failed_; }
  bool atEnd() const { return pos_ >= bytes_.size(); }
  size_t position() const { return pos_; }
  size_t remaining() const { return failed_ ? 0 : bytes_.size() - pos_; }

  uint8_t u8();
  uint16_t u16();
  uint32_t u24();
  uint32_t u32();
  // A 16-bit field, or a 32-bit one in the 32-bit variant of a record (odd record type).
  uint32_t word();
  // OMF index: one byte below 80h, else two bytes with the high bit of the first cleared (TIS 1.1 §"Index").
  uint32_t index();
  // Length-prefixed name (one count byte, then that many bytes).
  std::string name();
  // COMDEF "variable length" number: a byte < 81h, or 81h/84h/88h followed by 2, 3 or 4 bytes.
  uint32_t comdefLength();
  std::span<const uint8_t> take(size_t n);
  std::span<const uint8_t> rest();

private:
  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
  bool wide_ = false;
  bool failed_ = false;
};

}  // namespace asmlab::link::detail
