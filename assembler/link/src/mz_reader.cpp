// MZ .EXE reader for the PC loader, objdump and tests.
#include <fmt/format.h>

#include "asmlab/link/mz_reader.hpp"

namespace asmlab::link {

std::optional<MzFile> readMz(std::span<const uint8_t> b, const std::string& file, LinkDiagnostics& diag) {
  if (b.size() < 0x1C) {
    diag.error(file, fmt::format("too short for an MZ header ({} bytes, the header alone is 28)", b.size()), 0);
    return std::nullopt;
  }
  if (!((b[0] == 'M' && b[1] == 'Z') || (b[0] == 'Z' && b[1] == 'M'))) {
    diag.error(file, "not a DOS .EXE: it does not start with the signature MZ", 0);
    return std::nullopt;
  }
  auto u16 = [&](size_t at) { return static_cast<uint16_t>(b[at] | (b[at + 1] << 8)); };
  MzFile f;
  MzHeader& h = f.header;
  h.lastPageBytes = u16(0x02);
  h.pages = u16(0x04);
  h.relocationCount = u16(0x06);
  h.headerParagraphs = u16(0x08);
  h.minAlloc = u16(0x0A);
  h.maxAlloc = u16(0x0C);
  h.ss = u16(0x0E);
  h.sp = u16(0x10);
  h.checksum = u16(0x12);
  h.ip = u16(0x14);
  h.cs = u16(0x16);
  h.relocationOffset = u16(0x18);
  h.overlay = u16(0x1A);
  if (h.lastPageBytes > 511) {
    diag.error(file, fmt::format("bytes-in-last-page field is {}, more than 511", h.lastPageBytes), 2);
    return std::nullopt;
  }
  uint32_t size = h.fileSize();
  uint32_t headerSize = uint32_t{h.headerParagraphs} * 16;
  if (size > b.size()) {
    diag.error(file, fmt::format("truncated: the header says the file has {} bytes, it has {}", size, b.size()), 2);
    return std::nullopt;
  }
  if (headerSize < 0x1C || headerSize > size) {
    diag.error(file, fmt::format("header size {} bytes is outside the file's {} bytes", headerSize, size), 8);
    return std::nullopt;
  }
  if (uint64_t{h.relocationOffset} + 4ull * h.relocationCount > headerSize && h.relocationCount > 0) {
    diag.error(file, fmt::format("the relocation table ({} entries at {:X}h) runs past the header", h.relocationCount,
                                 h.relocationOffset),
               0x18);
    return std::nullopt;
  }
  for (uint32_t i = 0; i < h.relocationCount; ++i) {
    size_t at = h.relocationOffset + 4 * i;
    f.relocations.push_back(Relocation{u16(at + 2), u16(at)});
  }
  f.image.assign(b.begin() + headerSize, b.begin() + size);
  for (const auto& r : f.relocations) {
    if (r.linear() + 2 > f.image.size()) {
      diag.error(file, fmt::format("relocation {:04X}:{:04X} points outside the load image ({} bytes)", r.segment,
                                   r.offset, f.image.size()),
                 h.relocationOffset);
      return std::nullopt;
    }
  }
  return f;
}

}  // namespace asmlab::link
