#include "asmlab/sim/symbols.hpp"

#include <algorithm>
#include <cctype>

namespace asmlab::sim {
namespace {
std::string upper(std::string_view s) {
  std::string u(s);
  std::transform(u.begin(), u.end(), u.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return u;
}
}  // namespace

void SymbolTable::add(std::string name, uint64_t address) {
  std::string key = upper(name);
  byName_[key] = address;
  spelling_[key] = name;
  byAddress_.emplace(address, std::move(name));
}

void SymbolTable::clear() {
  byName_.clear();
  byAddress_.clear();
  spelling_.clear();
  segments_.clear();
}

void SymbolTable::addSegment(SegmentRange segment) {
  if (segment.end > segment.start) segments_.push_back(std::move(segment));
}

const SegmentRange* SymbolTable::segmentAt(uint64_t address) const {
  const SegmentRange* best = nullptr;
  for (const auto& s : segments_)
    if (address >= s.start && address < s.end && (!best || s.end - s.start < best->end - best->start)) best = &s;
  return best;
}

std::optional<uint64_t> SymbolTable::find(std::string_view name) const {
  auto it = byName_.find(upper(name));
  if (it == byName_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> SymbolTable::nameAt(uint64_t address) const {
  auto it = byAddress_.find(address);
  if (it == byAddress_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::pair<std::string, uint64_t>> SymbolTable::nearest(uint64_t address, uint64_t maxOffset) const {
  auto it = byAddress_.upper_bound(address);
  if (it == byAddress_.begin()) return std::nullopt;
  --it;
  const uint64_t offset = address - it->first;
  if (offset > maxOffset) return std::nullopt;
  return std::make_pair(it->second, offset);
}

std::optional<std::string> SymbolTable::describe(uint64_t address, uint64_t maxOffset) const {
  auto found = nearest(address, maxOffset);
  if (!found) return std::nullopt;
  if (found->second == 0) return found->first;
  return found->first + "+" + std::to_string(found->second);
}

std::vector<std::string> SymbolTable::names() const {
  std::vector<std::string> out;
  out.reserve(spelling_.size());
  for (const auto& [key, name] : spelling_) out.push_back(name);
  return out;
}

}  // namespace asmlab::sim
