// Equivalence of two OMF modules as the linker sees them (asmlab/toolchain/omf_disassembly.hpp).
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "asmlab/toolchain/omf_disassembly.hpp"

namespace asmlab::toolchain {

namespace {

using link::Fixup;
using link::FixupKind;
using link::Module;
using link::Ref;
using link::RefKind;

// What a reference names, independent of the module's index order: "S:_TEXT", "G:DGROUP", "E:PUTS".
std::string refName(const Module& m, const Ref& r) {
  switch (r.kind) {
    case RefKind::Segment: return r.index < m.segments.size() ? "segment " + m.segments[r.index].name : "segment ?";
    case RefKind::Group: return r.index < m.groups.size() ? "group " + m.groups[r.index].name : "group ?";
    case RefKind::Extern: return r.index < m.externs.size() ? "external " + m.externs[r.index].name : "external ?";
    case RefKind::Absolute: return fmt::format("frame {:04X}h", r.index);
    case RefKind::Location: return "location";
    case RefKind::Target: return "target";
    case RefKind::None: return "none";
  }
  return "?";
}

// The frame a fixup's value is relative to, resolved: F4 is the fixup's own segment, F5 its target.
std::string frameName(const Module& m, const Fixup& f) {
  if (f.frame.kind == RefKind::Location) return refName(m, {RefKind::Segment, f.segment});
  if (f.frame.kind == RefKind::Target) return refName(m, f.target);
  return refName(m, f.frame);
}

uint32_t fieldValue(const std::vector<uint8_t>& data, uint32_t at, uint32_t width) {
  uint32_t v = 0;
  for (uint32_t i = 0; i < width && i < 4; ++i) v |= uint32_t{at + i < data.size() ? data[at + i] : uint8_t{0}} << (8 * i);
  return v;
}

// A fixup as the linker computes it: the field's contents plus the displacement, modulo the width
// of the offset part (a pointer's segment word is added to as is).
struct Computed {
  FixupKind kind;
  bool selfRelative;
  std::string target, frame;
  uint32_t offsetPart, segmentPart;
  bool operator==(const Computed&) const = default;
};

Computed compute(const Module& m, const Fixup& f) {
  const auto& data = m.segments[f.segment].data;
  Computed c{f.kind, f.selfRelative, refName(m, f.target), f.selfRelative ? std::string() : frameName(m, f), 0, 0};
  const auto add = [&](uint32_t width) {
    const uint32_t mask = width >= 4 ? 0xFFFFFFFFu : (1u << (8 * width)) - 1;
    return (fieldValue(data, f.offset, width) + static_cast<uint32_t>(f.displacement)) & mask;
  };
  switch (f.kind) {
    case FixupKind::LowByte: c.offsetPart = add(1); break;
    // The linker adds the high byte of (target + displacement) to the field: both count as they are.
    case FixupKind::HighByte: c.offsetPart = fieldValue(data, f.offset, 1) | static_cast<uint32_t>(f.displacement) << 8; break;
    case FixupKind::Offset16: c.offsetPart = add(2); break;
    case FixupKind::Offset32: c.offsetPart = add(4); break;
    case FixupKind::Base16: c.segmentPart = fieldValue(data, f.offset, 2); break;
    case FixupKind::Pointer32:
      c.offsetPart = add(2);
      c.segmentPart = fieldValue(data, f.offset + 2, 2);
      break;
    case FixupKind::Pointer48:
      c.offsetPart = add(4);
      c.segmentPart = fieldValue(data, f.offset + 4, 2);
      break;
  }
  return c;
}

std::string describe(const Module& m, const Fixup& f) {
  const Computed c = compute(m, f);
  return fmt::format("{}{} to {}{:+} (frame {})", link::toString(f.kind), f.selfRelative ? " self-relative" : "", c.target,
                     static_cast<int32_t>(c.offsetPart), c.frame.empty() ? "any" : c.frame);
}

std::optional<ModuleDifference> at(std::string what, uint32_t segment, uint32_t offset) {
  return ModuleDifference{std::move(what), segment, offset};
}
std::optional<ModuleDifference> differs(std::string what) { return ModuleDifference{std::move(what), std::nullopt, 0}; }

std::optional<ModuleDifference> compareSegment(const Module& e, const Module& a, uint32_t i) {
  const auto& se = e.segments[i];
  const auto& sa = a.segments[i];
  if (se.name != sa.name) return differs(fmt::format("segment {} is {} instead of {}", i + 1, sa.name, se.name));
  if (se.className != sa.className || se.align != sa.align || se.combine != sa.combine || se.use32 != sa.use32 ||
      (se.align == link::Align::Absolute && se.absoluteFrame != sa.absoluteFrame))
    return differs(fmt::format("segment {} has other attributes", se.name));
  if (se.length != sa.length)
    return at(fmt::format("segment {} is {:X}h bytes long instead of {:X}h", se.name, sa.length, se.length), i,
              std::min(se.length, sa.length));
  // Fixups by place; their fields compare by what the linker computes, not byte by byte.
  std::map<uint32_t, const Fixup*> fe, fa;
  for (const auto& f : e.fixups)
    if (f.segment == i) fe[f.offset] = &f;
  for (const auto& f : a.fixups)
    if (f.segment == i) fa[f.offset] = &f;
  std::set<uint32_t> inField;
  for (const auto& [offset, f] : fe)
    for (uint32_t k = 0; k < link::fixupWidth(f->kind); ++k) inField.insert(offset + k);
  const size_t size = std::max(se.data.size(), sa.data.size());
  for (uint32_t k = 0; k < size; ++k) {
    const uint8_t be = k < se.data.size() ? se.data[k] : 0, ba = k < sa.data.size() ? sa.data[k] : 0;
    if (be != ba && !inField.count(k))
      return at(fmt::format("{}:{:04X}h is {:02X}h instead of {:02X}h", se.name, k, ba, be), i, k);
  }
  for (const auto& [offset, f] : fe) {
    auto it = fa.find(offset);
    if (it == fa.end()) return at(fmt::format("{}:{:04X}h has no fixup ({} expected)", se.name, offset, describe(e, *f)), i, offset);
    if (!(compute(e, *f) == compute(a, *it->second)))
      return at(fmt::format("{}:{:04X}h: {} instead of {}", se.name, offset, describe(a, *it->second), describe(e, *f)), i,
                offset);
  }
  for (const auto& [offset, f] : fa)
    if (!fe.count(offset)) return at(fmt::format("{}:{:04X}h has a fixup ({}) it should not", se.name, offset, describe(a, *f)), i, offset);
  return std::nullopt;
}

template <typename T, typename Key>
std::set<std::string> keys(const std::vector<T>& items, Key key) {
  std::set<std::string> out;
  for (const auto& item : items) out.insert(key(item));
  return out;
}

std::string firstMissing(const std::set<std::string>& from, const std::set<std::string>& in) {
  for (const auto& s : from)
    if (!in.count(s)) return s;
  return {};
}

std::optional<ModuleDifference> compareSets(const char* what, const std::set<std::string>& e, const std::set<std::string>& a) {
  if (e == a) return std::nullopt;
  if (auto missing = firstMissing(e, a); !missing.empty()) return differs(fmt::format("{} {} is missing", what, missing));
  return differs(fmt::format("{} {} is extra", what, firstMissing(a, e)));
}

}  // namespace

std::optional<ModuleDifference> compareModules(const Module& e, const Module& a) {
  if (e.segments.size() != a.segments.size())
    return differs(fmt::format("{} segments instead of {}", a.segments.size(), e.segments.size()));
  for (uint32_t i = 0; i < e.segments.size(); ++i)
    if (auto d = compareSegment(e, a, i)) return d;
  const auto groupKey = [](const Module& m) {
    return keys(m.groups, [&](const link::Group& g) {
      std::string s = g.name + " =";
      for (uint32_t i : g.segments) s += " " + (i < m.segments.size() ? m.segments[i].name : std::string("?"));
      return s;
    });
  };
  if (auto d = compareSets("group", groupKey(e), groupKey(a))) return d;
  const auto publicKey = [](const Module& m) {
    return keys(m.publics, [&](const link::Public& p) {
      if (!p.segment) return fmt::format("{}{} = {:04X}h:{:04X}h", p.local ? "local " : "", p.name, p.absoluteFrame, p.offset);
      return fmt::format("{}{} at {}:{:04X}h", p.local ? "local " : "", p.name,
                         *p.segment < m.segments.size() ? m.segments[*p.segment].name : "?", p.offset);
    });
  };
  if (auto d = compareSets("public", publicKey(e), publicKey(a))) return d;
  const auto externKey = [](const Module& m) {
    return keys(m.externs, [](const link::Extern& x) {
      std::string s = (x.local ? "local " : "") + x.name;
      if (x.communal)
        s += fmt::format(" (communal {} {}x{})", x.communal->far ? "far" : "near", x.communal->elementCount, x.communal->elementSize);
      return s;
    });
  };
  if (auto d = compareSets("external", externKey(e), externKey(a))) return d;
  if (e.defaultLibraries() != a.defaultLibraries()) return differs("the default libraries differ");
  if (e.isMain != a.isMain) return differs(e.isMain ? "not a main module" : "a main module");
  if (e.entry.has_value() != a.entry.has_value()) return differs(e.entry ? "no start address" : "a start address");
  if (e.entry) {
    const auto place = [](const Module& m, const link::EntryPoint& p) {
      return fmt::format("{}{:+}", refName(m, p.target), static_cast<int64_t>(p.displacement));
    };
    if (place(e, *e.entry) != place(a, *a.entry))
      return differs(fmt::format("the start address is {} instead of {}", place(a, *a.entry), place(e, *e.entry)));
  }
  return std::nullopt;
}

}  // namespace asmlab::toolchain
