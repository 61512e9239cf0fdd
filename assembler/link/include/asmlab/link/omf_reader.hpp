// Reads OMF object modules (.OBJ) into the object model (TIS OMF 1.1). Malformed input (truncated
// records, bad checksums, indices out of range, unknown records) is reported with the record's
// offset through LinkDiagnostics; the reader never reads past the end of its input.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "asmlab/link/diagnostics.hpp"
#include "asmlab/link/omf.hpp"

namespace asmlab::link {

// One raw record: type byte, the offset of the type byte in the file, and its contents without
// the length field and the checksum byte.
struct RawRecord {
  uint8_t type = 0;
  uint64_t offset = 0;
  std::span<const uint8_t> body;
  bool checksumOk = true;           // false when the checksum byte is non-zero and wrong
};

const char* recordName(uint8_t type);  // "THEADR", "FIXUPP32", ... or "unknown"

// Splits the records of one module starting at `start` (up to and including MODEND). Returns
// false after reporting the error when the input is truncated or a checksum is wrong. `end`
// receives the offset just past MODEND.
bool splitModuleRecords(std::span<const uint8_t> bytes, uint64_t start, const std::string& file,
                        LinkDiagnostics& diag, std::vector<RawRecord>& records, uint64_t* end = nullptr);

// Reads one module starting at `start`; `end` receives the offset just past its MODEND.
std::optional<Module> readModule(std::span<const uint8_t> bytes, uint64_t start, const std::string& file,
                                 LinkDiagnostics& diag, uint64_t* end = nullptr);

// Reads a whole .OBJ file (one module; trailing padding ignored).
std::optional<Module> readObject(std::span<const uint8_t> bytes, const std::string& file, LinkDiagnostics& diag);

// Reads a file from disk into memory; reports an error and returns false if it cannot.
bool readFileBytes(const std::string& path, std::vector<uint8_t>& out, LinkDiagnostics& diag);

}  // namespace asmlab::link
