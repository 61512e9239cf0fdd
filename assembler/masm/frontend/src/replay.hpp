// Later passes replay an instruction's bytes and fixups instead of evaluating and encoding it
// again, when nothing the encoding was computed from has changed since the pass that recorded it.
//
// What an instruction's encoding depends on: its address and segment (USE16 or USE32), its jump
// form so far, the CPU, coprocessor and JUMPS in force, the ASSUMEs, which segments are in which group, and the symbols its
// operands name (their kind, segment, offset, type, size and distance). A record keeps all of
// them; a later pass compares them (a few dozen host instructions) and, if all are equal, emits
// the recorded bytes and fixups, which are then exactly what encoding again would give.
// Instructions whose operands were not all known, or that reported an error, are never recorded.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "asmlab/link/omf.hpp"
#include "asmlab/x86/encoder.hpp"
#include "chunked_vector.hpp"

namespace asmlab::masm {

struct Symbol;
struct StructDef;

// The fields of a symbol that evaluate() reads other than its value, as they were when an
// instruction was encoded. Few distinct ones occur (a label's differ only by segment), so
// snapshots share them (ReplayCache::symbolFields).
struct SymbolFields {
  int segment = -1;
  int index = -1;
  uint32_t typeSize = 0;
  uint32_t lengthCount = 0, lengthOf = 0, sizeOf = 0, width = 0;
  const StructDef* structType = nullptr;
  uint8_t kind = 0;
  bool far = false;

  static SymbolFields of(const Symbol& s);
  bool matches(const Symbol& s) const;
  bool operator==(const SymbolFields&) const = default;
};

// A symbol as an instruction read it: its value, and its other fields by index.
struct SymbolSnapshot {
  const Symbol* symbol = nullptr;
  int64_t value = 0;
  uint32_t fields = 0;  // in ReplayCache::symbolFields
};
static_assert(sizeof(SymbolSnapshot) <= 24, "one snapshot per symbol an instruction reads: keep it small");

struct ReplayRecord {
  // A record holds an encoding of up to kMaxBytes (every 8086 instruction with its prefixes, and
  // most 386 ones); longer ones are encoded again each pass, as unrecorded instructions are.
  static constexpr size_t kMaxBytes = 10;
  uint32_t address = 0;
  uint32_t assumeState = 0;          // in ReplayCache::assumeStates
  uint32_t groupEdits = 0;
  uint32_t firstSymbol = 0;          // in ReplayCache::symbols
  uint32_t firstFixup = 0;           // in ReplayCache::fixups
  int16_t segment = -1;
  uint8_t pass = 0;                  // 0: no record
  x86::enc::Cpu cpu = x86::enc::Cpu::I8086;
  x86::enc::Fpu fpu = x86::enc::Fpu::I8087;
  bool jumps = false;
  x86::enc::JumpForm jumpForm = x86::enc::JumpForm::None;  // the statement's form after encoding
  uint8_t symbolCount = 0, fixupCount = 0;
  uint8_t length = 0;
  std::array<uint8_t, kMaxBytes> bytes{};
};
static_assert(sizeof(ReplayRecord) <= 40, "one record per instruction that names a symbol: keep it small");

// Encodings of instructions whose operands are all lone registers and numbers (`push bp`,
// `mov cx, 10`, `inc si`), keyed by everything encode() reads for such an instruction: the
// mnemonic as written, REP/LOCK, the CPU, JUMPS, USE32, the coprocessor and each operand's kind, register and value (not
// the address: only branches use it, and they are never cached). encode() is a pure function of
// these, so a hit gives exactly the bytes encoding again would give. Only successful encodings
// without fixups or a jump form are kept. Direct-mapped: a colliding key replaces the entry.
struct EncodingCache {
  using Key = std::array<uint64_t, 6>;
  struct Entry {
    Key key{};
    uint8_t length = 0;  // 0: empty
    std::array<uint8_t, 16> bytes{};
  };
  static constexpr size_t kSlots = 512;
  std::vector<Entry> entries;  // kSlots once used

  // The key of `in`, or false when it cannot be cached (too long a mnemonic, too many operands).
  static bool keyOf(const x86::enc::Instruction& in, const x86::enc::Options& options, Key& key);
  const Entry* find(const Key& key) const;
  void store(const Key& key, const uint8_t* bytes, uint8_t length);

 private:
  static size_t slotOf(const Key& key);
};

// The ASSUME table (ES CS SS DS FS GS) an instruction was encoded under. Records name one by
// index instead of holding a copy: most instructions of a source share a handful of tables, and a
// copy was half of every record.
struct AssumeState {
  std::array<link::Ref, 6> assumes{};
  std::array<bool, 6> assumed{};
};

struct ReplayCache {
  // An instruction's record is named by its statement (Statement::extra).
  ChunkedVector<ReplayRecord> records;
  // ASSUME tables in the order they were first recorded under; a table equal to the last one
  // reuses its entry (an equal older one may be stored again: records compare contents).
  std::vector<AssumeState> assumeStates;
  std::vector<Symbol*> read;              // the symbols read by the instruction being encoded
  static constexpr uint32_t kNone = UINT32_MAX;
  ChunkedVector<SymbolSnapshot> symbols;
  // The distinct SymbolFields the snapshots name; the last one found is tried first.
  std::vector<SymbolFields> symbolFields;
  std::unordered_map<uint64_t, std::vector<uint32_t>> symbolFieldsByHash;
  uint32_t lastSymbolFields = UINT32_MAX;
  uint32_t fieldsIndex(const SymbolFields& f);
  ChunkedVector<link::Fixup> fixups;
  // A pass-1 lookup may have found a global symbol that a procedure-local label of the same name,
  // defined further on, hides in later passes: then no pass-1 record can be trusted.
  bool pass1LookupsUnstable = false;
  EncodingCache encodings;
};

}  // namespace asmlab::masm
