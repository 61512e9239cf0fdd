// Program symbols (labels) known to a machine, for breakpoints by label and for showing addresses.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace asmlab::sim {

// A segment of a linked PC program: the linear range its bytes occupy and the paragraph a
// segment register holds to reach them (its group's, for a segment in DGROUP), so that front ends
// can show an address as segment:offset the way the program addresses it.
struct SegmentRange {
  std::string name;
  uint16_t paragraph = 0;
  uint64_t start = 0;  // linear, first byte
  uint64_t end = 0;    // linear, one past the last byte
};

class SymbolTable {
public:
  void add(std::string name, uint64_t address);
  void clear();
  // Case-insensitive lookup.
  std::optional<uint64_t> find(std::string_view name) const;
  // The symbol at exactly this address, if any.
  std::optional<std::string> nameAt(uint64_t address) const;
  // "LABEL" or "LABEL+3" for the nearest symbol at or below the address within `maxOffset`.
  std::optional<std::string> describe(uint64_t address, uint64_t maxOffset = 64) const;
  // The nearest symbol at or below the address within `maxOffset`, and the distance to it.
  std::optional<std::pair<std::string, uint64_t>> nearest(uint64_t address, uint64_t maxOffset) const;
  std::vector<std::string> names() const;
  // The program's segments (none for the LC-3, or a PC program loaded as a .COM/.EXE file).
  void addSegment(SegmentRange segment);
  // The segment holding the address: the smallest of those that contain it; nullptr when none.
  const SegmentRange* segmentAt(uint64_t address) const;
  const std::vector<SegmentRange>& segments() const { return segments_; }
  bool empty() const { return byName_.empty(); }
  const std::map<std::string, uint64_t>& byUpperName() const { return byName_; }

private:
  std::map<std::string, uint64_t> byName_;      // upper-cased name -> address
  std::map<uint64_t, std::string> byAddress_;   // first name given for each address
  std::map<std::string, std::string> spelling_; // upper-cased -> as written
  std::vector<SegmentRange> segments_;
};

}  // namespace asmlab::sim
