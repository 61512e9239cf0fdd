// The symbol table's index: (scope, folded name) -> symbol, open addressing. A lookup hashes the
// name once (findSymbol probes the @@ scope, the procedure and the globals with one hash) and
// allocates nothing; the symbols themselves live in Assembler::symbolPool.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "text_util.hpp"

namespace asmlab::masm {

struct Symbol;

class SymbolIndex {
public:
  static constexpr int64_t kGlobalScope = -1;  // procedure scopes are >= 0, @@ scopes <= -2

  // FNV-1a of the folded name: the scope is mixed in per probe sequence by slotHash().
  static constexpr uint64_t kHashSeed = 14695981039346656037ull;
  static uint64_t hashStep(uint64_t h, char c) { return (h ^ static_cast<unsigned char>(c)) * 1099511628211ull; }
  static uint64_t nameHash(std::string_view folded) {
    uint64_t h = kHashSeed;
    for (char c : folded) h = hashStep(h, c);
    return h;
  }

  // `folded` is the name folded for the case mode; a symbol's spelling folds to the same key in
  // every mode, so it is compared exactly (case-sensitive mode) or ignoring case (the others).
  template <typename NameOf>
  Symbol* find(uint64_t nameHash, int64_t scope, std::string_view folded, bool caseSensitive, NameOf nameOf) const {
    if (count_ == 0) return nullptr;
    const uint64_t h = slotHash(nameHash, scope);
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.symbol) return nullptr;
      if (s.hash == static_cast<uint32_t>(h) && s.scope == scope) {
        std::string_view name = nameOf(s.symbol);
        if (caseSensitive ? name == folded : iequals(name, folded)) return s.symbol;
      }
    }
  }

  // The key must not be present yet.
  void insert(uint64_t nameHash, int64_t scope, Symbol* symbol) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    const uint64_t h = slotHash(nameHash, scope);
    place(h, Slot{static_cast<uint32_t>(h), static_cast<int32_t>(scope), symbol});
    ++count_;
  }

  bool hasScoped() const { return scoped_ > 0; }
  void noteScoped() { ++scoped_; }

private:
  // 16 bytes: the index of a large program has a hundred thousand slots. The low half of the
  // hash tells most other names apart without reading them; scopes are ints (Statement::procScope,
  // -2 - atScope).
  struct Slot {
    uint32_t hash = 0;
    int32_t scope = 0;
    Symbol* symbol = nullptr;  // null: free
  };
  static_assert(sizeof(Slot) == 16);
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t count_ = 0;
  size_t scoped_ = 0;  // entries of procedure and @@ scopes

  static uint64_t slotHash(uint64_t nameHash, int64_t scope) {
    uint64_t h = nameHash ^ (static_cast<uint64_t>(scope) * 0x9E3779B97F4A7C15ull);
    return h ^ (h >> 29);
  }
  void place(uint64_t hash, const Slot& slot) {
    for (size_t i = hash & mask_;; i = (i + 1) & mask_)
      if (!slots_[i].symbol) {
        slots_[i] = slot;
        return;
      }
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.symbol) place(s.hash, s);  // the low 32 bits place it: the table has fewer slots
  }
};

}  // namespace asmlab::masm
