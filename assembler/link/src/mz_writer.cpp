// MZ .EXE and .COM output.
#include <algorithm>

#include "asmlab/link/mz_reader.hpp"
#include "asmlab/link/mz_writer.hpp"

namespace asmlab::link {

namespace {
void put16(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  out[at] = static_cast<uint8_t>(v);
  out[at + 1] = static_cast<uint8_t>(v >> 8);
}
}  // namespace

uint32_t MzHeader::fileSize() const {
  if (pages == 0) return 0;
  return uint32_t{pages - 1u} * 512 + (lastPageBytes ? lastPageBytes : 512);
}

uint32_t MzFile::memoryParagraphs() const {
  return static_cast<uint32_t>((image.size() + 15) / 16) + header.minAlloc;
}

uint16_t mzChecksum(std::span<const uint8_t> bytes) {
  uint32_t sum = 0;
  for (size_t i = 0; i < bytes.size(); i += 2) {
    if (i == 0x12) continue;  // e_csum itself counts as zero
    uint32_t word = bytes[i] | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0);
    sum = (sum + word) & 0xFFFF;
  }
  return static_cast<uint16_t>(~sum);
}

std::vector<uint8_t> writeMz(const LinkedProgram& p) {
  // The relocation table follows the 28-byte header and a reserved word, at 1Eh as MS LINK puts it.
  constexpr uint32_t kRelocationTable = 0x1E;
  uint32_t headerBytes = kRelocationTable + 4 * static_cast<uint32_t>(p.relocations.size());
  uint32_t headerParagraphs = (headerBytes + 15) / 16;
  uint32_t fileSize = headerParagraphs * 16 + static_cast<uint32_t>(p.image.size());
  std::vector<uint8_t> out(headerParagraphs * 16, 0);
  out[0] = 'M';
  out[1] = 'Z';
  put16(out, 0x02, fileSize % 512);
  put16(out, 0x04, (fileSize + 511) / 512);
  put16(out, 0x06, static_cast<uint32_t>(p.relocations.size()));
  put16(out, 0x08, headerParagraphs);
  uint32_t uninitialised = p.memorySize > p.image.size() ? p.memorySize - static_cast<uint32_t>(p.image.size()) : 0;
  uint32_t minAlloc = (uninitialised + 15) / 16;
  put16(out, 0x0A, minAlloc);
  put16(out, 0x0C, std::max<uint32_t>(p.maxAlloc, minAlloc));
  put16(out, 0x0E, p.ss);
  put16(out, 0x10, p.sp);
  put16(out, 0x14, p.ip);
  put16(out, 0x16, p.cs);
  put16(out, 0x18, kRelocationTable);
  put16(out, 0x1A, 0);
  for (size_t i = 0; i < p.relocations.size(); ++i) {
    put16(out, kRelocationTable + 4 * i, p.relocations[i].offset);
    put16(out, kRelocationTable + 4 * i + 2, p.relocations[i].segment);
  }
  out.insert(out.end(), p.image.begin(), p.image.end());
  put16(out, 0x12, mzChecksum(out));
  return out;
}


}  // namespace asmlab::link
