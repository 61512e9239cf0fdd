// OMF libraries (.LIB) as MS LIB and Borland TLIB write them (TIS OMF 1.1, appendix "Library
// format"): a header record F0h giving the page size and the dictionary's place, the modules each
// starting on a page boundary, an end record F1h padded to 512 bytes, then the hashed dictionary:
// a prime number of 512-byte blocks, each with 37 buckets, holding every public name (and every
// module name followed by '!') with the page number of the module that defines it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "asmlab/link/diagnostics.hpp"
#include "asmlab/link/omf.hpp"

namespace asmlab::link {

// The block, bucket and their probing steps for one name (the LIB dictionary hash).
struct DictionaryHash {
  uint32_t block = 0;
  uint32_t blockStep = 1;
  uint32_t bucket = 0;
  uint32_t bucketStep = 1;
};
constexpr uint32_t kDictionaryBuckets = 37;
constexpr uint32_t kDictionaryBlockSize = 512;
DictionaryHash hashDictionaryName(const std::string& name, uint32_t blockCount);

class Library {
public:
  struct Member {
    std::string name;               // THEADR name of the module
    uint64_t offset = 0;            // file offset of its THEADR
  };

  // Parses the header, the member list and the dictionary. Reports malformed parts with offsets.
  static std::optional<Library> read(std::vector<uint8_t> bytes, std::string file, LinkDiagnostics& diag);
  static std::optional<Library> load(const std::string& path, LinkDiagnostics& diag);

  const std::string& file() const { return file_; }
  uint32_t pageSize() const { return pageSize_; }
  bool caseSensitive() const { return caseSensitive_; }
  uint32_t dictionaryBlocks() const { return dictionaryBlocks_; }
  const std::vector<Member>& members() const { return members_; }

  // The member whose module defines `symbol`, found through the hashed dictionary (names compare
  // case-insensitively unless the library's case-sensitive flag is set). A library without a
  // dictionary (0 blocks) is searched through its members' PUBDEF records instead.
  std::optional<size_t> findDefiningMember(const std::string& symbol) const;
  // Every name in the dictionary with the member it points to (module names end in '!').
  std::vector<std::pair<std::string, size_t>> dictionaryEntries() const;
  // Reads member `index` as an object module.
  std::optional<Module> loadMember(size_t index, LinkDiagnostics& diag) const;
  // "FILE.LIB(MODULE)", how diagnostics name a library member.
  std::string memberLabel(size_t index) const;

private:
  std::optional<size_t> memberAtPage(uint32_t page) const;

  std::string file_;
  std::vector<uint8_t> bytes_;
  uint32_t pageSize_ = 16;
  uint64_t dictionaryOffset_ = 0;
  uint32_t dictionaryBlocks_ = 0;
  bool caseSensitive_ = false;
  std::vector<Member> members_;
  // Built on first use for libraries without a dictionary: public name -> member.
  mutable std::optional<std::vector<std::pair<std::string, size_t>>> scannedPublics_;
};

struct LibraryWriteOptions {
  uint32_t pageSize = 0;            // 0 = the smallest power of two (>= 16) that fits every module
  bool caseSensitive = false;
};

// Builds a .LIB from modules. Reports (and returns nothing for) two modules publishing one name or a
// dictionary that cannot be built.
std::optional<std::vector<uint8_t>> writeLibrary(const std::vector<Module>& modules, const LibraryWriteOptions& options,
                                                 LinkDiagnostics& diag, const std::string& file = "");

}  // namespace asmlab::link
