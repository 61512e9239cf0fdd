// Linker pass 2: combining segments by name and class, ordering them as MS LINK does, placing each
// module's contribution at its alignment, and giving groups their frames.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "link_state.hpp"

namespace asmlab::link::detail {

namespace {

uint32_t alignment(Align a) {
  switch (a) {
    case Align::Byte: return 1;
    case Align::Word: return 2;
    case Align::DWord: return 4;
    case Align::Paragraph: return 16;
    case Align::Page: return 256;
    case Align::Absolute: return 16;
  }
  return 16;
}

uint32_t alignUp(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool wantsDosseg(const LinkState& s) {
  if (s.options->dosseg) return true;
  for (const auto& in : s.modules)
    for (const auto& c : in.module.comments)
      if (c.commentClass == 0x9E) return true;
  return false;
}

struct Part {
  size_t module;
  uint32_t segment;
};

}  // namespace

bool layoutSegments(LinkState& s) {
  bool ok = true;
  // Combined segments in order of first appearance, with the modules' parts in input order.
  std::vector<LinkedSegment> combined;
  std::vector<std::vector<Part>> parts;
  std::map<std::pair<std::string, std::string>, size_t> byName;
  s.combinedOf.assign(s.modules.size(), {});
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    const Module& m = s.modules[mi].module;
    s.combinedOf[mi].resize(m.segments.size());
    for (uint32_t si = 0; si < m.segments.size(); ++si) {
      const Segment& seg = m.segments[si];
      size_t index = combined.size();
      bool combines = seg.combine != Combine::Private && seg.align != Align::Absolute;
      if (combines) {
        auto it = byName.find({seg.name, seg.className});
        if (it != byName.end()) {
          index = it->second;
          LinkedSegment& target = combined[index];
          if (target.combine != seg.combine) {
            s.diag->warning(s.modules[mi].origin,
                            fmt::format("segment {} is {} here but {} in an earlier module; combining as {}", seg.name,
                                        toString(seg.combine), toString(target.combine), toString(target.combine)));
          }
        }
      }
      if (index == combined.size()) {
        LinkedSegment out;
        out.name = seg.name;
        out.className = seg.className;
        out.align = seg.align;
        out.combine = seg.combine;
        out.absolute = seg.align == Align::Absolute;
        if (out.absolute) out.frame = seg.absoluteFrame;
        combined.push_back(out);
        parts.emplace_back();
        if (combines) byName[{seg.name, seg.className}] = index;
      }
      parts[index].push_back({mi, si});
      s.combinedOf[mi][si] = index;
    }
  }

  // Groups by name; a combined segment belongs to the group any module puts it in.
  std::vector<std::optional<size_t>> groupOfCombined(combined.size());
  s.groupOf.assign(s.modules.size(), {});
  std::map<std::string, size_t> groupIndex;
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    const Module& m = s.modules[mi].module;
    for (const auto& g : m.groups) {
      auto [it, fresh] = groupIndex.emplace(g.name, s.groups.size());
      if (fresh) s.groups.push_back(LinkedGroup{g.name, 0, 0, 0});
      s.groupOf[mi].push_back(it->second);
      for (uint32_t si : g.segments) {
        size_t c = s.combinedOf[mi][si];
        if (groupOfCombined[c] && *groupOfCombined[c] != it->second) {
          s.diag->error(s.modules[mi].origin, fmt::format("segment {} is in group {} and in group {}", combined[c].name,
                                                          s.groups[*groupOfCombined[c]].name, g.name));
          ok = false;
        }
        groupOfCombined[c] = it->second;
      }
    }
  }
  for (size_t c = 0; c < combined.size(); ++c)
    if (groupOfCombined[c]) combined[c].group = s.groups[*groupOfCombined[c]].name;

  // Order: stable sort by a key (class order of first appearance; DOSSEG categories).
  std::map<std::string, size_t> classOrder;
  for (const auto& seg : combined) classOrder.emplace(seg.className, classOrder.size());
  bool dosseg = wantsDosseg(s);
  auto category = [&](const LinkedSegment& seg) -> int {
    if (!dosseg) return 0;
    if (endsWith(seg.className, "CODE")) return 0;
    if (seg.group != "DGROUP") return 1;
    if (seg.className == "BEGDATA") return 2;
    if (seg.className == "STACK") return 5;
    if (seg.className == "BSS") return 4;
    return 3;
  };
  std::vector<size_t> order(combined.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    int ca = category(combined[a]), cb = category(combined[b]);
    if (ca != cb) return ca < cb;
    return classOrder[combined[a].className] < classOrder[combined[b].className];
  });

  // Place the parts.
  s.partStart.assign(s.modules.size(), {});
  for (size_t mi = 0; mi < s.modules.size(); ++mi) s.partStart[mi].resize(s.modules[mi].module.segments.size());
  std::vector<size_t> newIndex(combined.size());
  uint64_t cursor = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    size_t c = order[k];
    newIndex[c] = k;
    LinkedSegment& out = combined[c];
    if (out.absolute) {
      for (const Part& p : parts[c]) {
        const Segment& seg = s.modules[p.module].module.segments[p.segment];
        s.partStart[p.module][p.segment] = uint32_t{seg.absoluteFrame} * 16;
        out.length = std::max(out.length, seg.length);
        out.contributions.push_back({s.modules[p.module].origin, uint32_t{seg.absoluteFrame} * 16, seg.length});
      }
      out.start = uint32_t{out.frame} * 16;
      continue;
    }
    if (out.combine == Combine::Common) {
      uint32_t a = 1;
      for (const Part& p : parts[c]) a = std::max(a, alignment(s.modules[p.module].module.segments[p.segment].align));
      cursor = alignUp(static_cast<uint32_t>(cursor), a);
      out.start = static_cast<uint32_t>(cursor);
      for (const Part& p : parts[c]) {
        const Segment& seg = s.modules[p.module].module.segments[p.segment];
        s.partStart[p.module][p.segment] = out.start;
        out.length = std::max(out.length, seg.length);
        out.contributions.push_back({s.modules[p.module].origin, out.start, seg.length});
      }
      cursor += out.length;
    } else {
      bool first = true;
      for (const Part& p : parts[c]) {
        const Segment& seg = s.modules[p.module].module.segments[p.segment];
        cursor = alignUp(static_cast<uint32_t>(cursor), alignment(seg.align));
        if (first) out.start = static_cast<uint32_t>(cursor);
        first = false;
        s.partStart[p.module][p.segment] = static_cast<uint32_t>(cursor);
        out.contributions.push_back({s.modules[p.module].origin, static_cast<uint32_t>(cursor), seg.length});
        cursor += seg.length;
      }
      out.length = static_cast<uint32_t>(cursor - out.start);
    }
    out.frame = static_cast<uint16_t>(out.start >> 4);
    if (out.length > 0x10000 && !std::any_of(parts[c].begin(), parts[c].end(), [&](const Part& p) {
          return s.modules[p.module].module.segments[p.segment].use32;
        })) {
      s.diag->error(s.modules[parts[c].front().module].origin,
                    fmt::format("segment {} ({}) is {} bytes after combining, more than 64K", out.name, out.className,
                                out.length));
      ok = false;
    }
    if (cursor > 0xFFFFF) {
      s.diag->error(s.options->outputName, fmt::format("the program is larger than 1 MB (segment {} ends at {:X}h)", out.name, cursor));
      return false;
    }
  }
  for (size_t mi = 0; mi < s.modules.size(); ++mi)
    for (auto& c : s.combinedOf[mi]) c = newIndex[c];
  s.segments.resize(combined.size());
  s.segmentGroup.assign(combined.size(), std::nullopt);
  for (size_t c = 0; c < combined.size(); ++c) {
    s.segments[newIndex[c]] = std::move(combined[c]);
    s.segmentGroup[newIndex[c]] = groupOfCombined[c];
  }

  // Group frames: the lowest member's frame; every member must end within 64K of it.
  for (size_t g = 0; g < s.groups.size(); ++g) {
    LinkedGroup& grp = s.groups[g];
    bool any = false;
    uint32_t low = 0, high = 0;
    for (size_t c = 0; c < s.segments.size(); ++c) {
      if (s.segmentGroup[c] != g) continue;
      const LinkedSegment& seg = s.segments[c];
      uint32_t start = seg.absolute ? uint32_t{seg.frame} * 16 : seg.start;
      low = any ? std::min(low, start) : start;
      high = any ? std::max(high, start + seg.length) : start + seg.length;
      any = true;
    }
    grp.frame = static_cast<uint16_t>(low >> 4);
    grp.start = low;
    grp.end = high;
    if (any && high - uint32_t{grp.frame} * 16 > 0x10000) {
      s.diag->error(s.options->outputName, fmt::format("group {} is {} bytes long, more than the 64K one frame can address", grp.name,
                                    high - uint32_t{grp.frame} * 16));
      ok = false;
    }
  }
  return ok;
}

Address publicAddress(const LinkState& s, size_t module, const Public& p) {
  if (!p.segment) return Address{uint32_t{p.absoluteFrame} * 16 + p.offset, p.absoluteFrame, false};
  const LinkedSegment& seg = s.segments[s.combinedOf[module][*p.segment]];
  Address a;
  a.linear = s.partStart[module][*p.segment] + p.offset;
  a.frame = seg.frame;
  a.relocatable = !seg.absolute;
  if (p.group && *p.group < s.groupOf[module].size()) a.frame = s.groups[*s.groupOf[module][*p.group]].frame;
  return a;
}

}  // namespace asmlab::link::detail
