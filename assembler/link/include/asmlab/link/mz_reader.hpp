// Reading DOS MZ .EXE files: the header, the relocation table and the load image, for the PC
// loader, `asmlab objdump` and tests.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "asmlab/link/diagnostics.hpp"
#include "asmlab/link/linker.hpp"  // Relocation

namespace asmlab::link {

// The 28-byte MZ header (field names after the DOS technical reference's e_* names).
struct MzHeader {
  uint16_t lastPageBytes = 0;      // e_cblp: bytes in the last 512-byte page (0 = full)
  uint16_t pages = 0;              // e_cp: 512-byte pages in the file, header included
  uint16_t relocationCount = 0;    // e_crlc
  uint16_t headerParagraphs = 0;   // e_cparhdr
  uint16_t minAlloc = 0;           // e_minalloc: paragraphs needed beyond the load image
  uint16_t maxAlloc = 0xFFFF;      // e_maxalloc
  uint16_t ss = 0, sp = 0;         // e_ss (relative to the load segment), e_sp
  uint16_t checksum = 0;           // e_csum
  uint16_t ip = 0, cs = 0;         // e_ip, e_cs (relative)
  uint16_t relocationOffset = 0;   // e_lfarlc
  uint16_t overlay = 0;            // e_ovno

  uint32_t fileSize() const;       // from pages and lastPageBytes
};

struct MzFile {
  MzHeader header;
  std::vector<Relocation> relocations;
  std::vector<uint8_t> image;      // the load image (file bytes after the header)
  uint32_t memoryParagraphs() const;  // image paragraphs + minAlloc
};

// Parses an .EXE; reports a bad signature, a truncated file or a relocation table out of bounds.
std::optional<MzFile> readMz(std::span<const uint8_t> bytes, const std::string& file, LinkDiagnostics& diag);
// The one's complement of the sum of the file's little-endian words, with e_csum taken as zero.
uint16_t mzChecksum(std::span<const uint8_t> bytes);

}  // namespace asmlab::link
