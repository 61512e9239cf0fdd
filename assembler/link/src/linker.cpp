// Linker pass 3: fixups, the load image, the entry point and the stack, and the checks a .COM
// program needs. Pass 1 and 2 are in link_resolve.cpp and link_layout.cpp.
#include "asmlab/link/linker.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "link_state.hpp"

namespace asmlab::link {

using detail::Address;
using detail::LinkState;

namespace {

struct Frame {
  uint16_t paragraph = 0;
  bool relocatable = false;
};

class FixupApplier {
public:
  FixupApplier(LinkState& s, LinkedProgram& p) : s_(s), p_(p) {}

  std::optional<Address> target(size_t mi, const Ref& r, std::string& name) {
    const Module& m = s_.modules[mi].module;
    switch (r.kind) {
      case RefKind::Segment: {
        const LinkedSegment& seg = s_.segments[s_.combinedOf[mi][r.index]];
        name = "segment " + m.segments[r.index].name;
        return Address{s_.partStart[mi][r.index], seg.frame, !seg.absolute};
      }
      case RefKind::Group: {
        const LinkedGroup& g = s_.groups[*s_.groupOf[mi][r.index]];
        name = "group " + g.name;
        return Address{uint32_t{g.frame} * 16, g.frame, true};
      }
      case RefKind::Extern: {
        name = m.externs[r.index].name;
        const auto& def = s_.externDefinitions[mi][r.index];
        if (!def) return std::nullopt;  // reported as unresolved already
        return detail::publicAddress(s_, def->module, s_.modules[def->module].module.publics[def->publicIndex]);
      }
      case RefKind::Absolute:
        name = fmt::format("frame {:04X}h", r.index);
        return Address{r.index * 16, static_cast<uint16_t>(r.index), false};
      default: return std::nullopt;
    }
  }

  std::optional<Frame> frame(size_t mi, const Ref& r, const Address& tgt, uint32_t locationSegment) {
    switch (r.kind) {
      case RefKind::Location: {
        const LinkedSegment& seg = s_.segments[locationSegment];
        return Frame{seg.frame, !seg.absolute};
      }
      case RefKind::Target: return Frame{tgt.frame, tgt.relocatable};
      case RefKind::None: return Frame{0, false};
      default: {
        std::string ignored;
        auto a = target(mi, r, ignored);
        if (!a) return std::nullopt;
        return Frame{a->frame, a->relocatable};
      }
    }
  }

  void apply(size_t mi, const Fixup& f) {
    const Module& m = s_.modules[mi].module;
    const std::string& origin = s_.modules[mi].origin;
    uint32_t combinedIndex = static_cast<uint32_t>(s_.combinedOf[mi][f.segment]);
    const LinkedSegment& home = s_.segments[combinedIndex];
    auto where = [&] { return fmt::format("{}:{:04X}h", m.segments[f.segment].name, f.offset); };
    if (home.absolute) {
      s_.diag->error(origin, fmt::format("fixup at {} lies in an AT segment, which has no data in the image", where()));
      return;
    }
    std::string targetName;
    auto tgt = target(mi, f.target, targetName);
    if (!tgt) return;
    auto frm = frame(mi, f.frame, *tgt, combinedIndex);
    if (!frm) return;
    uint32_t location = s_.partStart[mi][f.segment] + f.offset;
    uint32_t width = fixupWidth(f.kind);
    if (location + width > p_.image.size()) return;  // cannot happen: data lies within the segment
    // The range check applies to the target itself; the displacement then wraps within the
    // field as the CPU's 16-bit offset arithmetic does (MASM writes OFFSET x+0F000h as x-1000h).
    int64_t frameBase = int64_t{frm->paragraph} * 16;
    int64_t targetInFrame = int64_t{tgt->linear} - frameBase;
    int64_t targetLinear = int64_t{tgt->linear} + f.displacement;
    bool needsFrame = f.kind == FixupKind::Offset16 || f.kind == FixupKind::Pointer32 ||
                      f.kind == FixupKind::HighByte || (f.selfRelative && f.kind != FixupKind::LowByte);
    if (needsFrame && (targetInFrame < 0 || targetInFrame > 0xFFFF)) {
      overflow(origin, where(), targetName, *frm, tgt->linear);
      return;
    }
    int64_t offset = targetInFrame + f.displacement;
    if (f.selfRelative) offset = targetLinear - (int64_t{location} + width);
    if (f.selfRelative && f.kind == FixupKind::LowByte && (offset < -128 || offset > 127)) {
      s_.diag->error(origin, fmt::format("fixup overflow at {}: {} is {} bytes away, out of the range of a short "
                                         "(8-bit) displacement",
                                         where(), targetName, offset));
      return;
    }
    uint8_t* at = p_.image.data() + location;
    auto add16 = [](uint8_t* q, uint32_t v) {
      uint32_t old = q[0] | (q[1] << 8);
      uint32_t sum = old + v;
      q[0] = static_cast<uint8_t>(sum);
      q[1] = static_cast<uint8_t>(sum >> 8);
    };
    auto add32 = [](uint8_t* q, uint32_t v) {
      uint32_t old = q[0] | (q[1] << 8) | (q[2] << 16) | (uint32_t{q[3]} << 24);
      uint32_t sum = old + v;
      for (int i = 0; i < 4; ++i) q[i] = static_cast<uint8_t>(sum >> (8 * i));
    };
    auto segmentWord = [&](uint32_t wordLocation) {
      add16(p_.image.data() + wordLocation, frm->paragraph);
      if (frm->relocatable) relocate(wordLocation, home);
    };
    auto value = static_cast<uint32_t>(offset);
    switch (f.kind) {
      case FixupKind::LowByte: at[0] = static_cast<uint8_t>(at[0] + value); break;
      case FixupKind::HighByte: at[0] = static_cast<uint8_t>(at[0] + (value >> 8)); break;
      case FixupKind::Offset16: add16(at, value); break;
      case FixupKind::Offset32: add32(at, value); break;
      case FixupKind::Base16: segmentWord(location); break;
      case FixupKind::Pointer32:
        add16(at, value);
        segmentWord(location + 2);
        break;
      case FixupKind::Pointer48:
        add32(at, value);
        segmentWord(location + 4);
        break;
    }
  }

private:
  void overflow(const std::string& origin, const std::string& where, const std::string& targetName, const Frame& frm,
                int64_t targetLinear) {
    s_.diag->error(origin, fmt::format("fixup overflow at {}: {} (at {:05X}h) is not within the 64K frame {:04X}h "
                                       "(a near reference to something outside its segment or group?)",
                                       where, targetName, targetLinear, frm.paragraph));
  }

  // The loader adds the load segment to this word (MZ relocation entry: segment:offset of the word).
  void relocate(uint32_t wordLocation, const LinkedSegment& home) {
    p_.relocations.push_back(Relocation{home.frame, static_cast<uint16_t>(wordLocation - uint32_t{home.frame} * 16)});
  }

  LinkState& s_;
  LinkedProgram& p_;
};

bool buildImage(LinkState& s, LinkedProgram& p) {
  uint32_t initialisedEnd = 0;
  for (const auto& seg : s.segments)
    if (!seg.absolute) p.memorySize = std::max(p.memorySize, seg.start + seg.length);
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    const Module& m = s.modules[mi].module;
    for (uint32_t si = 0; si < m.segments.size(); ++si) {
      const Segment& seg = m.segments[si];
      if (seg.align == Align::Absolute || seg.data.empty()) continue;
      initialisedEnd = std::max(initialisedEnd, s.partStart[mi][si] + static_cast<uint32_t>(seg.data.size()));
    }
  }
  p.image.assign(initialisedEnd, 0);
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    const Module& m = s.modules[mi].module;
    for (uint32_t si = 0; si < m.segments.size(); ++si) {
      const Segment& seg = m.segments[si];
      if (seg.align == Align::Absolute || seg.data.empty()) continue;
      uint32_t start = s.partStart[mi][si];
      // COMMON parts overlay each other: the later module's initialised bytes win, as in MS LINK.
      std::copy(seg.data.begin(), seg.data.end(), p.image.begin() + start);
    }
  }
  FixupApplier applier(s, p);
  size_t before = s.diag->errorCount();
  for (size_t mi = 0; mi < s.modules.size(); ++mi)
    for (const auto& f : s.modules[mi].module.fixups) applier.apply(mi, f);
  std::sort(p.relocations.begin(), p.relocations.end(),
            [](const Relocation& a, const Relocation& b) { return a.linear() < b.linear(); });
  return s.diag->errorCount() == before;
}

bool findEntry(LinkState& s, LinkedProgram& p) {
  std::optional<size_t> mainModule;
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    if (!s.modules[mi].module.entry) continue;
    if (mainModule) {
      s.diag->error(s.modules[mi].origin, fmt::format("a second program entry point (the first is in {})",
                                                      s.modules[*mainModule].origin));
      return false;
    }
    mainModule = mi;
  }
  if (!mainModule) return true;
  const EntryPoint& e = *s.modules[*mainModule].module.entry;
  FixupApplier applier(s, p);
  std::string name;
  auto tgt = applier.target(*mainModule, e.target, name);
  if (!tgt) return false;
  uint32_t home = 0;
  if (e.target.kind == RefKind::Segment) home = static_cast<uint32_t>(s.combinedOf[*mainModule][e.target.index]);
  auto frm = applier.frame(*mainModule, e.frame, *tgt, home);
  if (!frm) return false;
  int64_t ip = int64_t{tgt->linear} + e.displacement - int64_t{frm->paragraph} * 16;
  if (ip < 0 || ip > 0xFFFF) {
    s.diag->error(s.modules[*mainModule].origin,
                  fmt::format("the entry point ({}) is not within 64K of its frame {:04X}h", name, frm->paragraph));
    return false;
  }
  p.hasEntry = true;
  p.cs = frm->paragraph;
  p.ip = static_cast<uint16_t>(ip);
  return true;
}

void findStack(LinkState& s, LinkedProgram& p) {
  for (const auto& seg : s.segments) {
    if (seg.combine != Combine::Stack || seg.absolute) continue;
    p.hasStack = true;
    p.ss = seg.frame;
    uint32_t top = seg.start + seg.length - uint32_t{seg.frame} * 16;
    p.sp = static_cast<uint16_t>(top);  // a full 64K stack starts at SP = 0
    return;
  }
}

bool checkCom(LinkState& s, LinkedProgram& p) {
  bool ok = true;
  for (const auto& r : p.relocations) {
    const LinkedSegment* seg = nullptr;
    for (const auto& sg : s.segments)
      if (!sg.absolute && r.linear() >= sg.start && r.linear() < sg.start + std::max<uint32_t>(sg.length, 1)) seg = &sg;
    s.diag->error(s.options->outputName, fmt::format("a .COM program cannot have segment relocations, but the word at {}:{:04X}h "
                                  "({}) holds a segment address (a far call/pointer, SEG or a segment name)",
                                  seg ? seg->name : "?", seg ? r.linear() - seg->start : r.linear(),
                                  fmt::format("{:04X}:{:04X}", r.segment, r.offset)));
    ok = false;
  }
  if (!p.hasEntry && p.image.size() > 0x100) {
    // DOS starts every .COM at 100h (it has no header to say otherwise): END's label only
    // confirms it. emu8086's programs often end with a bare END, or with none.
    s.diag->warning(s.options->outputName, "no start address (END label): DOS starts a .COM program at offset 100h");
    p.hasEntry = true;
    p.cs = 0;
    p.ip = 0x100;
  }
  if (!p.hasEntry) {
    s.diag->error(s.options->outputName, "a .COM program needs a start address (END label) at offset 100h");
    ok = false;
  } else if (p.cs != 0 || p.ip != 0x100) {
    s.diag->error(s.options->outputName, fmt::format("a .COM program must start at offset 100h of its first segment (ORG 100h before "
                                  "the start label), but its entry point is {:04X}:{:04X}",
                                  p.cs, p.ip));
    ok = false;
  }
  for (uint32_t i = 0; i < std::min<size_t>(0x100, p.image.size()); ++i) {
    if (p.image[i] == 0) continue;
    s.diag->error(s.options->outputName, fmt::format("a .COM program has data at offset {:02X}h, below 100h where DOS puts the PSP", i));
    ok = false;
    break;
  }
  if (p.memorySize > 0x10000) {
    s.diag->error(s.options->outputName, fmt::format("a .COM program must fit in 64K, but this one needs {} bytes", p.memorySize));
    ok = false;
  }
  if (p.hasStack) s.diag->warning(s.options->outputName, "the stack segment is ignored in a .COM program (DOS sets SP to the top of 64K)");
  return ok;
}

// Line numbers move with their segment's contribution; the frame is the one code there runs
// through (the group's for a grouped segment, as in a .COM's DGROUP).
void resolveLines(const LinkState& s, LinkedProgram& p) {
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    const Module& m = s.modules[mi].module;
    for (const LineNumber& l : m.lines) {
      if (l.segment >= m.segments.size() || m.segments[l.segment].align == Align::Absolute) continue;
      const size_t combined = s.combinedOf[mi][l.segment];
      const LinkedSegment& seg = s.segments[combined];
      const auto group = s.segmentGroup[combined];
      LinkedLine out;
      out.file = l.file < m.lineFiles.size() ? m.lineFiles[l.file] : m.name;
      out.line = l.line;
      out.segment = seg.name;
      out.frame = group ? s.groups[*group].frame : seg.frame;
      out.linear = s.partStart[mi][l.segment] + l.offset;
      out.offset = out.linear - uint32_t{out.frame} * 16;
      p.lines.push_back(std::move(out));
    }
  }
  std::stable_sort(p.lines.begin(), p.lines.end(),
                   [](const LinkedLine& a, const LinkedLine& b) { return a.linear < b.linear; });
}

}  // namespace

std::optional<LinkedProgram> link(std::vector<InputModule> modules, const std::vector<Library>& libraries,
                                  const LinkOptions& options, LinkDiagnostics& diag) {
  LinkState s;
  s.modules = std::move(modules);
  s.options = &options;
  s.diag = &diag;
  if (s.modules.empty()) {
    diag.error(options.outputName, "no object modules to link");
    return std::nullopt;
  }
  bool ok = detail::resolveSymbols(s, libraries);
  if (diag.hasErrors()) return std::nullopt;
  if (!detail::layoutSegments(s) || !ok) return std::nullopt;

  LinkedProgram p;
  p.format = options.format;
  p.maxAlloc = options.maxAlloc;
  if (!buildImage(s, p) || !findEntry(s, p)) return std::nullopt;
  findStack(s, p);
  if (options.format == OutputFormat::Com) {
    if (!checkCom(s, p)) return std::nullopt;
  } else {
    if (!p.hasEntry) diag.warning(options.outputName, "no program entry point (END label); CS:IP will be 0000:0000");
    if (!p.hasStack) diag.warning(options.outputName, "no stack segment (DOS will start the program with SP = 0 in its first segment; add .STACK)");
  }
  p.segments = s.segments;
  p.groups = s.groups;
  resolveLines(s, p);
  for (size_t mi = 0; mi < s.modules.size(); ++mi) {
    p.modules.push_back(s.modules[mi].origin);
    for (const auto& pub : s.modules[mi].module.publics) {
      if (pub.local) continue;
      Address a = detail::publicAddress(s, mi, pub);
      p.publics.push_back(LinkedSymbol{pub.name, s.modules[mi].origin, a.frame, a.linear - uint32_t{a.frame} * 16,
                                       !a.relocatable});
    }
  }
  return p;
}

}  // namespace asmlab::link
