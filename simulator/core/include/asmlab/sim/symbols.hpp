// Program symbols (labels) known to a machine, for breakpoints by label and for showing addresses.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asmlab::sim {

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
  std::vector<std::string> names() const;
  bool empty() const { return byName_.empty(); }
  const std::map<std::string, uint64_t>& byUpperName() const { return byName_; }

private:
  std::map<std::string, uint64_t> byName_;      // upper-cased name -> address
  std::map<uint64_t, std::string> byAddress_;   // first name given for each address
  std::map<std::string, std::string> spelling_; // upper-cased -> as written
};

}  // namespace asmlab::sim
