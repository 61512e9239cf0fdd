// Builds OMF records: appends fields to a body, then frames it with type, length and checksum.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asmlab::link::detail {

class RecordBuilder {
public:
  void u8(uint32_t v) { body_.push_back(static_cast<uint8_t>(v)); }
  void u16(uint32_t v) {
    u8(v);
    u8(v >> 8);
  }
  void u32(uint32_t v) {
    u16(v);
    u16(v >> 16);
  }
  void word(uint32_t v, bool wide) { wide ? u32(v) : u16(v); }
  void index(uint32_t v) {
    if (v < 0x80) {
      u8(v);
    } else {
      u8(0x80 | (v >> 8));
      u8(v);
    }
  }
  void name(const std::string& s) {
    u8(static_cast<uint32_t>(s.size()));
    body_.insert(body_.end(), s.begin(), s.end());
  }
  void bytes(const uint8_t* p, size_t n) { body_.insert(body_.end(), p, p + n); }
  size_t size() const { return body_.size(); }
  bool empty() const { return body_.empty(); }
  void clear() { body_.clear(); }

  // Appends type, length, body and checksum (the byte that makes the record sum to zero mod 256).
  void emit(uint8_t type, std::vector<uint8_t>& out) {
    size_t start = out.size();
    out.push_back(type);
    uint32_t length = static_cast<uint32_t>(body_.size() + 1);
    out.push_back(static_cast<uint8_t>(length));
    out.push_back(static_cast<uint8_t>(length >> 8));
    out.insert(out.end(), body_.begin(), body_.end());
    uint8_t sum = 0;
    for (size_t i = start; i < out.size(); ++i) sum = static_cast<uint8_t>(sum + out[i]);
    out.push_back(static_cast<uint8_t>(-sum));
    body_.clear();
  }

private:
  std::vector<uint8_t> body_;
};

}  // namespace asmlab::link::detail
