// Replaying instructions in later passes (replay.hpp): the record made when an instruction was
// encoded, and the check that lets a later pass emit the recorded bytes and fixups unchanged.
#include <algorithm>
#include <cstring>

#include "assembler_impl.hpp"

namespace asmlab::masm {

SymbolFields SymbolFields::of(const Symbol& s) {
  SymbolFields f;
  f.segment = s.segment;
  f.index = s.index;
  f.typeSize = s.typeSize;
  f.lengthCount = s.lengthCount;
  f.lengthOf = s.lengthOf;
  f.sizeOf = s.sizeOf;
  f.width = s.width;
  f.structType = s.structType;
  f.kind = static_cast<uint8_t>(s.kind);
  f.far = s.far;
  return f;
}

bool SymbolFields::matches(const Symbol& s) const {
  return segment == s.segment && kind == static_cast<uint8_t>(s.kind) && typeSize == s.typeSize && far == s.far &&
         index == s.index && structType == s.structType && lengthCount == s.lengthCount && lengthOf == s.lengthOf &&
         sizeOf == s.sizeOf && width == s.width;
}

uint32_t ReplayCache::fieldsIndex(const SymbolFields& f) {
  if (lastSymbolFields != UINT32_MAX && symbolFields[lastSymbolFields] == f) return lastSymbolFields;
  uint64_t h = 0;
  for (uint64_t w : {uint64_t(uint32_t(f.segment)), uint64_t(uint32_t(f.index)), uint64_t{f.typeSize},
                     uint64_t{f.lengthCount}, uint64_t{f.lengthOf}, uint64_t{f.sizeOf}, uint64_t{f.width},
                     uint64_t(reinterpret_cast<uintptr_t>(f.structType)), uint64_t{f.kind}, uint64_t{f.far}})
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
  std::vector<uint32_t>& same = symbolFieldsByHash[h];
  for (uint32_t i : same)
    if (symbolFields[i] == f) return lastSymbolFields = i;
  same.push_back(static_cast<uint32_t>(symbolFields.size()));
  symbolFields.push_back(f);
  return lastSymbolFields = same.back();
}

namespace {

bool sameRefs(const std::array<link::Ref, 6>& a, const std::array<link::Ref, 6>& b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].kind != b[i].kind || a[i].index != b[i].index) return false;
  return true;
}

}  // namespace

bool EncodingCache::keyOf(const x86::enc::Instruction& in, const x86::enc::Options& options, Key& key) {
  if (in.mnemonic.size() > 8 || in.operandCount > in.operands.size() || in.segment != x86::enc::Reg::None) return false;
  key = Key{};
  std::memcpy(&key[0], in.mnemonic.data(), in.mnemonic.size());
  key[1] = in.mnemonic.size() | uint64_t{static_cast<uint8_t>(in.rep)} << 8 | uint64_t{in.lock} << 16 |
           uint64_t{static_cast<uint8_t>(options.cpu)} << 24 | uint64_t{options.jumps} << 32 |
           uint64_t{static_cast<uint8_t>(options.accumulator)} << 36 |
           uint64_t{in.operandCount} << 40 | uint64_t{options.use32} << 48 |
           uint64_t{static_cast<uint8_t>(options.fpu)} << 56;
  for (size_t i = 0; i < in.operandCount; ++i) {
    const x86::enc::Operand& o = in.operands[i];
    switch (o.kind) {
      case x86::enc::Operand::Kind::Register:
        key[2] |= (uint64_t{1} | uint64_t{static_cast<uint8_t>(o.reg)} << 8) << (16 * i);
        break;
      case x86::enc::Operand::Kind::Immediate:
        if (o.imm.reloc.kind != x86::enc::RelocKind::None) return false;
        key[2] |= uint64_t{2} << (16 * i);
        key[3 + i] = static_cast<uint64_t>(o.imm.value);
        break;
      default:
        return false;
    }
  }
  return true;
}

size_t EncodingCache::slotOf(const Key& key) {
  uint64_t h = 0;
  for (uint64_t w : key) h = (h ^ w) * 0x9E3779B97F4A7C15ull;
  return static_cast<size_t>(h >> 40) % kSlots;
}

const EncodingCache::Entry* EncodingCache::find(const Key& key) const {
  if (entries.empty()) return nullptr;
  const Entry& e = entries[slotOf(key)];
  return e.length != 0 && e.key == key ? &e : nullptr;
}

void EncodingCache::store(const Key& key, const uint8_t* bytes, uint8_t length) {
  if (length == 0 || length > 16) return;
  if (entries.empty()) entries.resize(kSlots);
  Entry& e = entries[slotOf(key)];
  e.key = key;
  e.length = length;
  std::memcpy(e.bytes.data(), bytes, length);
}

// Emits the recorded encoding of `s` and returns true when nothing it depends on has changed.
bool Assembler::replayInstruction(const Statement& s) {
  if (s.extra == ReplayCache::kNone) return false;
  const ReplayRecord& r = replay.records[s.extra];
  if (r.pass == 1 && replay.pass1LookupsUnstable) return false;
  const auto& seg = segments[static_cast<size_t>(current)];
  if (r.address != seg.pc || r.segment != current || r.cpu != cpu || r.fpu != fpu || r.jumps != jumps ||
      r.jumpForm != s.jumpForm ||
      r.groupEdits != groupEdits || replay.assumeStates[r.assumeState].assumed != assumed ||
      !sameRefs(replay.assumeStates[r.assumeState].assumes, assumes))
    return false;
  for (uint32_t i = 0; i < r.symbolCount; ++i) {
    const SymbolSnapshot& snap = replay.symbols[r.firstSymbol + i];
    if (snap.value != snap.symbol->value || !replay.symbolFields[snap.fields].matches(*snap.symbol)) return false;
  }
  emitBytes(r.bytes.data(), r.length, true);
  auto& fixups = segments[static_cast<size_t>(current)].fixups;
  for (uint32_t i = 0; i < r.fixupCount; ++i) fixups.push_back(replay.fixups[r.firstFixup + i]);
  return true;
}

// Records the encoding `s` just emitted at `start` (its fixups from `firstFixup` in the segment's
// list) with the symbols its operands read.
void Assembler::recordInstruction(const Statement& s, uint32_t start, size_t firstFixup, const std::vector<Symbol*>& read) {
  const auto& seg = segments[static_cast<size_t>(current)];
  // What a record cannot hold is encoded again each pass, and so are bytes past what the segment
  // holds, which are not stored (SegmentState::holds).
  if (seg.pc < start || seg.data.size() < seg.pc || seg.pc - start > ReplayRecord::kMaxBytes || pass > UINT8_MAX ||
      current > INT16_MAX || read.size() > UINT8_MAX || seg.fixups.size() - firstFixup > UINT8_MAX)
    return;
  if (s.extra == ReplayCache::kNone) {
    s.extra = static_cast<uint32_t>(replay.records.size());
    replay.records.emplace_back();
  }
  ReplayRecord& r = replay.records[s.extra];
  r.pass = static_cast<uint8_t>(pass);
  r.address = start;
  r.segment = static_cast<int16_t>(current);
  r.cpu = cpu;
  r.fpu = fpu;
  r.jumps = jumps;
  r.jumpForm = s.jumpForm;
  auto& states = replay.assumeStates;
  if (states.empty() || states.back().assumed != assumed || !sameRefs(states.back().assumes, assumes))
    states.push_back({assumes, assumed});
  r.assumeState = static_cast<uint32_t>(states.size() - 1);
  r.groupEdits = groupEdits;
  r.length = static_cast<uint8_t>(seg.pc - start);
  std::copy(seg.data.begin() + start, seg.data.begin() + seg.pc, r.bytes.begin());
  // A statement recorded again (its inputs changed) reuses its slots when they are large enough.
  if (r.symbolCount < read.size()) {
    r.firstSymbol = static_cast<uint32_t>(replay.symbols.extend(read.size()));
  }
  r.symbolCount = static_cast<uint8_t>(read.size());
  for (size_t i = 0; i < read.size(); ++i)
    replay.symbols[r.firstSymbol + i] = {read[i], read[i]->value, replay.fieldsIndex(SymbolFields::of(*read[i]))};
  size_t added = seg.fixups.size() - firstFixup;
  if (r.fixupCount < added) {
    r.firstFixup = static_cast<uint32_t>(replay.fixups.extend(added));
  }
  r.fixupCount = static_cast<uint8_t>(added);
  for (size_t i = 0; i < added; ++i) replay.fixups[r.firstFixup + i] = seg.fixups[firstFixup + i];
}

}  // namespace asmlab::masm
