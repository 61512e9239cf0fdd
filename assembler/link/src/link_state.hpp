// State shared by the linker's passes (symbol resolution, layout, fixups). Internal.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "asmlab/link/linker.hpp"

namespace asmlab::link::detail {

// Where a symbol, segment or group lives once laid out.
struct Address {
  uint32_t linear = 0;              // from the start of the load image (or absolute, see below)
  uint16_t frame = 0;               // paragraph the address is naturally reached through
  bool relocatable = true;          // false for absolute frames (AT segments, absolute symbols)
};

struct SymbolDefinition {
  size_t module = 0;
  size_t publicIndex = 0;
};

struct LinkState {
  std::vector<InputModule> modules;
  const LinkOptions* options = nullptr;
  LinkDiagnostics* diag = nullptr;

  // Global (non-local) publics by name.
  std::map<std::string, SymbolDefinition> globals;
  // [module][extern] -> the definition that resolves it, when there is one.
  std::vector<std::vector<std::optional<SymbolDefinition>>> externDefinitions;

  // Layout results.
  std::vector<LinkedSegment> segments;                 // image order
  std::vector<std::vector<size_t>> combinedOf;         // [module][segment] -> index in `segments`
  std::vector<std::vector<uint32_t>> partStart;        // [module][segment] -> linear start of contribution
  std::vector<LinkedGroup> groups;
  std::vector<std::vector<std::optional<size_t>>> groupOf;  // [module][group] -> index in `groups`
  std::vector<std::optional<size_t>> segmentGroup;     // [combined segment] -> group
};

// Pass 1: global symbols, library members, local externals, communal variables.
bool resolveSymbols(LinkState& state, const std::vector<Library>& libraries);
// Pass 2: combine and order segments, place groups.
bool layoutSegments(LinkState& state);
// The address of a module's public symbol (after layout).
Address publicAddress(const LinkState& state, size_t module, const Public& p);

}  // namespace asmlab::link::detail
