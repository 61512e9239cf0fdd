// OMF library reader and writer. The dictionary hash and probing order are those of MS LIB
// (Microsoft KB Q71891 "Dictionary Hashing Algorithm Used by the LIB Utility"): a name yields a
// starting block and bucket and a step for each; probing walks buckets within a block, then blocks.
#include "asmlab/link/omf_library.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"

namespace asmlab::link {

namespace {

uint16_t rotl2(uint16_t v) { return static_cast<uint16_t>((v << 2) | (v >> 14)); }
uint16_t rotr2(uint16_t v) { return static_cast<uint16_t>((v >> 2) | (v << 14)); }

bool namesEqual(const std::string& a, const std::string& b, bool caseSensitive) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    unsigned char x = a[i], y = b[i];
    if (caseSensitive ? x != y : std::tolower(x) != std::tolower(y)) return false;
  }
  return true;
}

bool isPrime(uint32_t n) {
  if (n < 2) return false;
  for (uint32_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

uint32_t readU16(const std::vector<uint8_t>& b, uint64_t at) { return b[at] | (b[at + 1] << 8); }

}  // namespace

DictionaryHash hashDictionaryName(const std::string& name, uint32_t blockCount) {
  // The name is hashed from both ends at once; the length byte seeds the front-to-back values
  // and every character is folded to lower case by OR-ing 20h.
  auto length = static_cast<uint16_t>(name.size());
  uint16_t block = length | 0x20;
  uint16_t bucketStep = length | 0x20;
  uint16_t blockStep = 0;
  uint16_t bucket = 0;
  size_t front = 0;
  size_t back = name.size();
  for (size_t left = name.size(); left > 0;) {
    uint16_t c = static_cast<uint8_t>(name[--back]) | 0x20;
    blockStep = rotl2(blockStep) ^ c;
    bucket = rotr2(bucket) ^ c;
    if (--left == 0) break;
    c = static_cast<uint8_t>(name[front++]) | 0x20;
    block = rotl2(block) ^ c;
    bucketStep = rotr2(bucketStep) ^ c;
  }
  DictionaryHash h;
  h.block = blockCount ? block % blockCount : 0;
  h.blockStep = blockCount ? blockStep % blockCount : 1;
  if (h.blockStep == 0) h.blockStep = 1;
  h.bucket = bucket % kDictionaryBuckets;
  h.bucketStep = bucketStep % kDictionaryBuckets;
  if (h.bucketStep == 0) h.bucketStep = 1;
  return h;
}

std::optional<Library> Library::load(const std::string& path, LinkDiagnostics& diag) {
  std::vector<uint8_t> bytes;
  if (!readFileBytes(path, bytes, diag)) return std::nullopt;
  return read(std::move(bytes), path, diag);
}

std::optional<Library> Library::read(std::vector<uint8_t> bytes, std::string file, LinkDiagnostics& diag) {
  Library lib;
  lib.file_ = std::move(file);
  lib.bytes_ = std::move(bytes);
  const auto& b = lib.bytes_;
  if (b.size() < 10 || b[0] != 0xF0) {
    diag.error(lib.file_, "not an OMF library: it does not start with a library header record (F0h)", 0);
    return std::nullopt;
  }
  uint32_t page = readU16(b, 1) + 3;
  if (page < 16 || (page & (page - 1)) != 0 || page > 32768) {
    diag.error(lib.file_, fmt::format("library page size {} is not a power of two from 16 to 32768", page), 0);
    return std::nullopt;
  }
  lib.pageSize_ = page;
  lib.dictionaryOffset_ = b[3] | (b[4] << 8) | (b[5] << 16) | (static_cast<uint64_t>(b[6]) << 24);
  lib.dictionaryBlocks_ = readU16(b, 7);
  lib.caseSensitive_ = (b[9] & 1) != 0;
  if (lib.dictionaryBlocks_ != 0 &&
      (lib.dictionaryOffset_ > b.size() ||
       b.size() - lib.dictionaryOffset_ < uint64_t{lib.dictionaryBlocks_} * kDictionaryBlockSize)) {
    diag.error(lib.file_,
               fmt::format("the dictionary ({} blocks at offset 0x{:X}) lies beyond the end of the file ({} bytes)",
                           lib.dictionaryBlocks_, lib.dictionaryOffset_, b.size()),
               0);
    return std::nullopt;
  }
  std::span<const uint8_t> all(b);
  uint64_t pos = page;
  while (true) {
    if (pos >= b.size()) {
      diag.error(lib.file_, "library ends without an end record (F1h)", pos);
      return std::nullopt;
    }
    if (b[pos] == 0xF1) break;
    std::vector<RawRecord> records;
    uint64_t end = 0;
    if (!splitModuleRecords(all, pos, lib.file_, diag, records, &end)) return std::nullopt;
    {
      std::string name;
      auto body = records.front().body;
      if (!body.empty() && body[0] + 1u <= body.size()) name.assign(body.begin() + 1, body.begin() + 1 + body[0]);
      lib.members_.push_back({name, pos});
    }
    pos = (end + page - 1) / page * page;
  }
  return lib;
}

std::optional<size_t> Library::memberAtPage(uint32_t pageNumber) const {
  uint64_t offset = uint64_t{pageNumber} * pageSize_;
  auto it = std::lower_bound(members_.begin(), members_.end(), offset,
                             [](const Member& m, uint64_t o) { return m.offset < o; });
  if (it == members_.end() || it->offset != offset) return std::nullopt;
  return static_cast<size_t>(it - members_.begin());
}

std::optional<size_t> Library::findDefiningMember(const std::string& symbol) const {
  if (symbol.empty() || symbol.size() > 255) return std::nullopt;
  if (dictionaryBlocks_ == 0) {
    if (!scannedPublics_) {
      scannedPublics_.emplace();
      LinkDiagnostics ignored;  // a damaged member is reported when the linker loads it
      for (size_t i = 0; i < members_.size(); ++i)
        if (auto m = loadMember(i, ignored))
          for (const auto& p : m->publics)
            if (!p.local) scannedPublics_->emplace_back(p.name, i);
    }
    for (const auto& [name, member] : *scannedPublics_)
      if (namesEqual(name, symbol, caseSensitive_)) return member;
    return std::nullopt;
  }
  DictionaryHash h = hashDictionaryName(symbol, dictionaryBlocks_);
  uint32_t block = h.block;
  for (uint32_t i = 0; i < dictionaryBlocks_; ++i) {
    const uint8_t* blk = bytes_.data() + dictionaryOffset_ + uint64_t{block} * kDictionaryBlockSize;
    uint32_t bucket = h.bucket;
    for (uint32_t j = 0; j < kDictionaryBuckets; ++j) {
      uint32_t at = blk[bucket] * 2u;
      if (at == 0) {
        if (blk[kDictionaryBuckets] != 0xFF) return std::nullopt;  // block not full: name is absent
        break;
      }
      uint32_t len = blk[at];
      if (at + 1 + len + 2 <= kDictionaryBlockSize) {
        std::string entry(reinterpret_cast<const char*>(blk + at + 1), len);
        if (namesEqual(entry, symbol, caseSensitive_)) {
          uint32_t pageNumber = blk[at + 1 + len] | (blk[at + 2 + len] << 8);
          return memberAtPage(pageNumber);
        }
      }
      bucket = (bucket + h.bucketStep) % kDictionaryBuckets;
    }
    block = (block + h.blockStep) % dictionaryBlocks_;
  }
  return std::nullopt;
}

std::vector<std::pair<std::string, size_t>> Library::dictionaryEntries() const {
  std::vector<std::pair<std::string, size_t>> out;
  for (uint32_t block = 0; block < dictionaryBlocks_; ++block) {
    const uint8_t* blk = bytes_.data() + dictionaryOffset_ + uint64_t{block} * kDictionaryBlockSize;
    for (uint32_t bucket = 0; bucket < kDictionaryBuckets; ++bucket) {
      uint32_t at = blk[bucket] * 2u;
      if (at == 0) continue;
      uint32_t len = blk[at];
      if (at + 1 + len + 2 > kDictionaryBlockSize) continue;
      std::string name(reinterpret_cast<const char*>(blk + at + 1), len);
      uint32_t pageNumber = blk[at + 1 + len] | (blk[at + 2 + len] << 8);
      auto member = memberAtPage(pageNumber);
      out.emplace_back(name, member ? *member : members_.size());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<Module> Library::loadMember(size_t index, LinkDiagnostics& diag) const {
  if (index >= members_.size()) return std::nullopt;
  return readModule(bytes_, members_[index].offset, file_, diag);
}

std::string Library::memberLabel(size_t index) const {
  return index < members_.size() ? fmt::format("{}({})", file_, members_[index].name) : file_;
}

std::optional<std::vector<uint8_t>> writeLibrary(const std::vector<Module>& modules, const LibraryWriteOptions& options,
                                                 LinkDiagnostics& diag, const std::string& file) {
  std::vector<std::vector<uint8_t>> objects;
  for (const auto& m : modules) {
    if (!validateModule(m, file, diag)) return std::nullopt;
    objects.push_back(writeObject(m));
  }
  // Dictionary names: each public, then each module name followed by '!' as MS LIB does.
  std::vector<std::pair<std::string, size_t>> names;
  std::map<std::string, size_t> seen;
  for (size_t i = 0; i < modules.size(); ++i) {
    for (const auto& p : modules[i].publics) {
      if (p.local) continue;
      std::string key = p.name;
      if (!options.caseSensitive) std::transform(key.begin(), key.end(), key.begin(), ::tolower);
      auto [it, fresh] = seen.emplace(key, i);
      if (!fresh) {
        if (it->second != i)
          diag.error(file, fmt::format("symbol {} is public in both module {} and module {}", p.name,
                                       modules[it->second].name, modules[i].name));
        continue;
      }
      names.emplace_back(p.name, i);
    }
    names.emplace_back(modules[i].name + "!", i);
  }
  if (diag.hasErrors()) return std::nullopt;

  uint32_t page = options.pageSize;
  uint64_t total = 0;
  for (const auto& o : objects) total += o.size() + 512;
  if (page == 0) {
    page = 16;
    while (page < 32768 && total / page > 0xFFFF) page *= 2;
  }
  if (page < 16 || (page & (page - 1)) != 0 || page > 32768) {
    diag.error(file, fmt::format("library page size {} is not a power of two from 16 to 32768", page));
    return std::nullopt;
  }
  std::vector<uint8_t> out(page, 0);
  std::vector<uint32_t> pages;
  for (const auto& o : objects) {
    if (out.size() / page > 0xFFFF) {
      diag.error(file, fmt::format("the library is too large for page size {}; use a larger page size", page));
      return std::nullopt;
    }
    pages.push_back(static_cast<uint32_t>(out.size() / page));
    out.insert(out.end(), o.begin(), o.end());
    out.resize((out.size() + page - 1) / page * page, 0);
  }
  // End record F1h, padded so the dictionary starts on a 512-byte boundary.
  size_t endStart = out.size();
  size_t dictStart = (endStart + 3 + 511) / 512 * 512;
  out.resize(dictStart, 0);
  out[endStart] = 0xF1;
  out[endStart + 1] = static_cast<uint8_t>(dictStart - endStart - 3);
  out[endStart + 2] = static_cast<uint8_t>((dictStart - endStart - 3) >> 8);

  for (uint32_t blocks = 2; blocks < 0xFFFF; ++blocks) {
    if (!isPrime(blocks) || blocks * 20 < names.size()) continue;
    std::vector<uint8_t> dict(size_t{blocks} * kDictionaryBlockSize, 0);
    for (uint32_t k = 0; k < blocks; ++k) dict[size_t{k} * kDictionaryBlockSize + kDictionaryBuckets] = 19;  // 38 / 2
    bool allPlaced = true;
    for (const auto& [name, member] : names) {
      DictionaryHash h = hashDictionaryName(name, blocks);
      uint32_t entrySize = static_cast<uint32_t>((name.size() + 1 + 2 + 1) & ~size_t{1});
      bool placed = false;
      uint32_t block = h.block;
      for (uint32_t i = 0; i < blocks && !placed; ++i) {
        uint8_t* blk = dict.data() + size_t{block} * kDictionaryBlockSize;
        uint32_t bucket = h.bucket;
        for (uint32_t j = 0; j < kDictionaryBuckets; ++j) {
          if (blk[bucket] == 0) {
            uint32_t freeAt = blk[kDictionaryBuckets] * 2u;
            if (blk[kDictionaryBuckets] == 0xFF || freeAt + entrySize > kDictionaryBlockSize) {
              blk[kDictionaryBuckets] = 0xFF;  // full: lookups continue in the next block
              break;
            }
            blk[bucket] = static_cast<uint8_t>(freeAt / 2);
            blk[freeAt] = static_cast<uint8_t>(name.size());
            std::copy(name.begin(), name.end(), blk + freeAt + 1);
            blk[freeAt + 1 + name.size()] = static_cast<uint8_t>(pages[member]);
            blk[freeAt + 2 + name.size()] = static_cast<uint8_t>(pages[member] >> 8);
            uint32_t next = freeAt + entrySize;
            blk[kDictionaryBuckets] = next >= kDictionaryBlockSize ? 0xFF : static_cast<uint8_t>(next / 2);
            placed = true;
            break;
          }
          bucket = (bucket + h.bucketStep) % kDictionaryBuckets;
        }
        block = (block + h.blockStep) % blocks;
      }
      if (!placed) {
        allPlaced = false;
        break;
      }
    }
    if (!allPlaced) continue;
    out.insert(out.end(), dict.begin(), dict.end());
    // Header record F0h: record length = page size - 3, dictionary offset and size, flags.
    out[0] = 0xF0;
    out[1] = static_cast<uint8_t>(page - 3);
    out[2] = static_cast<uint8_t>((page - 3) >> 8);
    for (int i = 0; i < 4; ++i) out[3 + i] = static_cast<uint8_t>(dictStart >> (8 * i));
    out[7] = static_cast<uint8_t>(blocks);
    out[8] = static_cast<uint8_t>(blocks >> 8);
    out[9] = options.caseSensitive ? 1 : 0;
    return out;
  }
  diag.error(file, "cannot build the library dictionary (too many names)");
  return std::nullopt;
}

}  // namespace asmlab::link
