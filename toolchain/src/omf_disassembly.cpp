// `asmlab dis` of an OMF module (asmlab/toolchain/omf_disassembly.hpp): MASM text with every fixup
// written as the expression that makes the assembler produce it again.
#include "asmlab/toolchain/omf_disassembly.hpp"

#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "asmlab/link/omf_reader.hpp"
#include "asmlab/link/omf_writer.hpp"
#include "asmlab/masm/assembler.hpp"
#include "asmlab/x86/disassembler.hpp"
#include "code_segment.hpp"

namespace asmlab::toolchain {

namespace dis = asmlab::x86::dis;
using link::Fixup;
using link::FixupKind;
using link::Module;
using link::Ref;
using link::RefKind;

namespace {

constexpr uint32_t kNoPlace = UINT32_MAX;
// Field contents while decoding an instruction with fixups: each field gets a value of its own
// that no other operand is likely to show, so its text can be found and replaced.
constexpr uint16_t kMarkers[] = {0x5A3C, 0x4B2D, 0x3E1F};

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool isCodeSegment(const link::Segment& s) { return toolchain::isCodeSegment(s.className, s.name); }

const char* alignText(link::Align a) {
  switch (a) {
    case link::Align::Byte: return "byte";
    case link::Align::Word: return "word";
    case link::Align::Paragraph: return "para";
    case link::Align::Page: return "page";
    case link::Align::DWord: return "dword";
    case link::Align::Absolute: return "";
  }
  return "para";
}

const char* combineText(link::Combine c) {
  switch (c) {
    case link::Combine::Public: return " public";
    case link::Combine::Stack: return " stack";
    case link::Combine::Common: return " common";
    case link::Combine::Private: return "";
  }
  return "";
}

dis::Cpu cpuNamed(const std::string& cpu) {
  if (cpu == "80186" || cpu == "80188") return dis::Cpu::I80186;
  if (cpu == "80286") return dis::Cpu::I80286;
  if (cpu == "80386") return dis::Cpu::I80386;
  return dis::Cpu::I8086;
}

masm::Cpu assemblerCpu(dis::Cpu cpu) {
  switch (cpu) {
    case dis::Cpu::I8086: return masm::Cpu::I8086;
    case dis::Cpu::I80186: return masm::Cpu::I186;
    case dis::Cpu::I80286: return masm::Cpu::I286;
    case dis::Cpu::I80386: return masm::Cpu::I386;
  }
  return masm::Cpu::I8086;
}

std::string signedTerm(int64_t n) { return n == 0 ? std::string() : n > 0 ? fmt::format("+{}", n) : fmt::format("{}", n); }

bool isSegmentPrefix(uint8_t b) { return b == 0x26 || b == 0x2E || b == 0x36 || b == 0x3E || b == 0x64 || b == 0x65; }
bool isPrefix(uint8_t b) { return isSegmentPrefix(b) || b == 0xF0 || b == 0xF2 || b == 0xF3 || b == 0x66 || b == 0x67; }

struct Decoded {
  dis::Instruction insn;
  dis::Cpu cpu = dis::Cpu::I8086;
};

// One attempt's text and, per line, the place it came from.
struct Listing {
  std::string text;
  std::vector<std::pair<uint32_t, uint32_t>> lines;  // (segment, offset) per line; kNoPlace for none
};

class OmfDisassembler {
public:
  OmfDisassembler(const Module& module, const OmfDisassemblyOptions& options) : m_(module), options_(options) {
    const size_t n = m_.segments.size();
    code_.resize(n);
    demoted_.resize(n);
    fixupsAt_.resize(n);
    publicsAt_.resize(n);
    linesAt_.resize(n);
    for (const auto& f : m_.fixups)
      if (f.segment < n) fixupsAt_[f.segment][f.offset] = &f;
    for (const auto& p : m_.publics)
      if (p.segment && *p.segment < n && !publicsAt_[*p.segment].count(p.offset)) publicsAt_[*p.segment][p.offset] = p.name;
    for (const auto& l : m_.lines)
      if (l.segment < n && !linesAt_[l.segment].count(l.offset)) linesAt_[l.segment][l.offset] = l.line;
    for (const auto& s : m_.segments) name(s.name);
    for (const auto& g : m_.groups) name(g.name);
    for (const auto& e : m_.externs) name(e.name);
    for (const auto& p : m_.publics) name(p.name);
    moduleNames_ = taken_;
    caseSensitive_ = caseSensitive();
  }

  OmfDisassembly run() {
    findCode();
    OmfDisassembly result;
    result.caseSensitive = caseSensitive_;
    for (size_t round = 0;; ++round) {
      Listing listing = emit();
      auto problem = check(listing);
      result.source = listing.text;
      if (!problem) {
        result.exact = true;
        result.difference.clear();
        break;
      }
      result.difference = problem->what;
      if (!problem->segment || !demoteAt(*problem->segment, problem->offset) || round > 100000) break;
    }
    for (size_t s = 0; s < code_.size(); ++s) {
      for (const auto& [offset, d] : code_[s]) result.instructions += demoted_[s].count(offset) == 0;
      result.dataBytes += m_.segments[s].data.size();
      for (const auto& [offset, d] : code_[s])
        if (!demoted_[s].count(offset)) result.dataBytes -= d.insn.length;
    }
    return result;
  }

private:
  // ---- names -------------------------------------------------------------------------------------

  void name(const std::string& n) { taken_.insert(upper(n)); }

  bool caseSensitive() const {
    std::set<std::string> seen;
    bool lower = false, clash = false;
    auto note = [&](const std::string& n) {
      for (char c : n) lower |= std::islower(static_cast<unsigned char>(c)) != 0;
      clash |= !seen.insert(upper(n)).second;
    };
    for (const auto& s : m_.segments) note(s.name);
    for (const auto& g : m_.groups) note(g.name);
    for (const auto& e : m_.externs) note(e.name);
    for (const auto& p : m_.publics) note(p.name);
    return lower || clash;
  }

  // ---- analysis ----------------------------------------------------------------------------------

  std::optional<Decoded> decodeAt(uint32_t s, uint32_t offset) const {
    const auto& data = m_.segments[s].data;
    auto fetch = [&](uint32_t i) -> uint8_t { return offset + i < data.size() ? data[offset + i] : 0; };
    std::vector<dis::Cpu> models;
    if (!options_.cpu.empty()) models = {cpuNamed(options_.cpu)};
    else models = {dis::Cpu::I8086, dis::Cpu::I80186, dis::Cpu::I80286, dis::Cpu::I80386};
    for (dis::Cpu cpu : models) {
      dis::DecodeOptions o;
      o.cpu = cpu;
      o.address = offset;
      dis::Instruction insn = dis::decode(fetch, o);
      if (insn.valid && !insn.undocumented && offset + insn.length <= data.size()) return Decoded{std::move(insn), cpu};
    }
    return std::nullopt;
  }

  // A fixup field that starts before `offset` and reaches it or past it.
  bool fieldCovers(uint32_t s, uint32_t offset) const {
    auto it = fixupsAt_[s].lower_bound(offset > 5 ? offset - 5 : 0);
    for (; it != fixupsAt_[s].end() && it->first < offset; ++it)
      if (it->first + link::fixupWidth(it->second->kind) > offset) return true;
    return false;
  }

  // Where a fixup points in this module: (segment, offset), or nothing for externals and groups.
  std::optional<std::pair<uint32_t, int64_t>> fixupPlace(const Fixup& f) const {
    if (f.target.kind != RefKind::Segment || f.target.index >= m_.segments.size()) return std::nullopt;
    const auto& data = m_.segments[f.segment].data;
    int64_t field = 0;
    if (f.kind == FixupKind::Offset16 || f.kind == FixupKind::Pointer32) {
      const uint16_t raw = static_cast<uint16_t>((f.offset < data.size() ? data[f.offset] : 0) |
                                                 (f.offset + 1 < data.size() ? data[f.offset + 1] << 8 : 0));
      field = f.selfRelative ? static_cast<int16_t>(raw) : raw;
    }
    return std::make_pair(f.target.index, field + f.displacement);
  }

  // Follows the flow from the entry point, the publics and the code fixups through each code
  // segment; an instruction may not overlap another, run past a public, or cut a fixup field.
  void findCode() {
    std::deque<std::pair<uint32_t, uint32_t>> work;
    auto enqueue = [&](uint32_t s, int64_t offset) {
      if (s < m_.segments.size() && isCodeSegment(m_.segments[s]) && offset >= 0 && offset < int64_t(m_.segments[s].data.size()))
        work.emplace_back(s, static_cast<uint32_t>(offset));
    };
    if (m_.entry && m_.entry->target.kind == RefKind::Segment) enqueue(m_.entry->target.index, m_.entry->displacement);
    for (const auto& p : m_.publics)
      if (p.segment) enqueue(*p.segment, p.offset);
    for (const auto& f : m_.fixups)
      if (f.selfRelative || f.kind == FixupKind::Pointer32)
        if (auto place = fixupPlace(f)) enqueue(place->first, place->second);
    for (uint32_t s = 0; s < m_.segments.size(); ++s) {
      bool named = false;
      for (const auto& [p, s2] : work) named |= p == s;
      if (!named) enqueue(s, 0);
    }
    while (!work.empty()) {
      auto [s, offset] = work.front();
      work.pop_front();
      auto& code = code_[s];
      for (;;) {
        if (code.count(offset) || inside(s, offset) || fieldCovers(s, offset)) break;
        auto d = decodeAt(s, offset);
        if (!d) break;
        const uint32_t end = offset + d->insn.length;
        bool blocked = fieldCovers(s, end);
        for (uint32_t i = offset + 1; i < end && !blocked; ++i) blocked = code.count(i) || publicsAt_[s].count(i);
        if (blocked) break;
        code[offset] = *d;
        const dis::Flow flow = d->insn.flow;
        if ((flow == dis::Flow::Jump || flow == dis::Flow::ConditionalJump || flow == dis::Flow::Call) && d->insn.target.known) {
          const Fixup* f = fixupIn(s, offset, end);
          if (f) {
            if (auto place = fixupPlace(*f)) enqueue(place->first, place->second);
          } else if (!d->insn.target.far) {
            enqueue(s, d->insn.target.offset);
          }
        }
        if (flow == dis::Flow::Jump || flow == dis::Flow::Return || flow == dis::Flow::InterruptReturn || flow == dis::Flow::Halt)
          break;
        offset = end;
      }
    }
  }

  const Fixup* fixupIn(uint32_t s, uint32_t from, uint32_t to) const {
    auto it = fixupsAt_[s].lower_bound(from);
    return it != fixupsAt_[s].end() && it->first < to ? it->second : nullptr;
  }

  // Strictly inside an instruction (found and not demoted).
  bool inside(uint32_t s, uint32_t offset) const {
    auto it = code_[s].upper_bound(offset);
    if (it == code_[s].begin()) return false;
    --it;
    return it->first < offset && offset < it->first + it->second.insn.length && !demoted_[s].count(it->first);
  }
  bool isCode(uint32_t s, uint32_t offset) const { return code_[s].count(offset) && !demoted_[s].count(offset); }

  bool demoteAt(uint32_t s, uint32_t offset) {
    auto it = code_[s].upper_bound(offset);
    if (it == code_[s].begin()) return false;
    --it;
    if (offset >= it->first + it->second.insn.length || demoted_[s].count(it->first)) return false;
    demoted_[s].insert(it->first);
    return true;
  }

  // ---- symbolic places -----------------------------------------------------------------------------

  // A name for offset `d` of segment `s`: a label there, or the label of the line holding it plus
  // the distance. Labels are only at line starts (not inside an instruction), within [0, length].
  std::string placeText(uint32_t s, int64_t d) {
    const int64_t length = m_.segments[s].length;
    int64_t at = std::clamp<int64_t>(d, 0, length);
    while (at > 0 && inside(s, static_cast<uint32_t>(at))) --at;
    return labelAt(s, static_cast<uint32_t>(at)) + signedTerm(d - at);
  }

  std::string labelAt(uint32_t s, uint32_t offset) {
    auto& labels = labels_[s];
    if (auto it = labels.find(offset); it != labels.end()) return it->second;
    std::string n = fmt::format("L{}_{:04X}", s, offset);
    while (taken_.count(upper(n))) n += '_';
    name(n);
    labels[offset] = n;
    wanted_ = true;
    return n;
  }

  // The group a segment belongs to (the front end's frame for its offsets: MASM 6's OPTION
  // OFFSET:GROUP), if any.
  std::optional<uint32_t> groupOf(uint32_t s) const {
    for (uint32_t g = 0; g < m_.groups.size(); ++g)
      if (std::find(m_.groups[g].segments.begin(), m_.groups[g].segments.end(), s) != m_.groups[g].segments.end()) return g;
    return std::nullopt;
  }

  // The frame a fixup resolves to, as a reference that names something (F4/F5 resolved).
  Ref resolvedFrame(const Fixup& f) const {
    if (f.frame.kind == RefKind::Location) return {RefKind::Segment, f.segment};
    if (f.frame.kind == RefKind::Target) return f.target;
    return f.frame;
  }

  std::optional<std::string> refName(const Ref& r) const {
    if (r.kind == RefKind::Segment && r.index < m_.segments.size()) return m_.segments[r.index].name;
    if (r.kind == RefKind::Group && r.index < m_.groups.size()) return m_.groups[r.index].name;
    if (r.kind == RefKind::Extern && r.index < m_.externs.size()) return m_.externs[r.index].name;
    return std::nullopt;
  }

  uint32_t field(const Fixup& f, uint32_t width) const {
    const auto& data = m_.segments[f.segment].data;
    uint32_t v = 0;
    for (uint32_t i = 0; i < width; ++i) v |= uint32_t{f.offset + i < data.size() ? data[f.offset + i] : uint8_t{0}} << (8 * i);
    return v;
  }

  // The target of an offset fixup (Offset16, Pointer32's offset, a self-relative branch) as an
  // expression, with the frame named when it is not the one the assembler would choose.
  std::optional<std::string> offsetText(const Fixup& f) {
    const uint16_t raw = static_cast<uint16_t>(field(f, 2));
    const int64_t stored = f.selfRelative ? int64_t{static_cast<int16_t>(raw)} : int64_t{raw};
    int64_t d = stored + f.displacement;
    std::string text;
    Ref usual;
    if (f.target.kind == RefKind::Extern && f.target.index < m_.externs.size()) {
      if (!f.selfRelative) d = static_cast<int16_t>(static_cast<uint16_t>(d));
      text = m_.externs[f.target.index].name + signedTerm(d);
      usual = f.target;
    } else if (f.target.kind == RefKind::Segment && f.target.index < m_.segments.size()) {
      if (!f.selfRelative) {
        d &= 0xFFFF;
        if (d > int64_t{m_.segments[f.target.index].length} && d >= 0x8000) d -= 0x10000;
      }
      text = placeText(f.target.index, d);
      const auto g = groupOf(f.target.index);
      usual = g ? Ref{RefKind::Group, *g} : f.target;
    } else {
      return std::nullopt;
    }
    if (f.selfRelative) return text;
    const Ref frame = resolvedFrame(f);
    if (frame.kind == usual.kind && frame.index == usual.index) return text;
    if (frame.kind != RefKind::Segment && frame.kind != RefKind::Group) return std::nullopt;
    return *refName(frame) + ":" + text;
  }

  // A segment word (Base16): the paragraph of the frame.
  std::optional<std::string> segmentText(const Fixup& f) const {
    if (field(f, 2) != 0) return std::nullopt;
    const Ref frame = resolvedFrame(f);
    if (frame.kind == RefKind::Extern) return "SEG " + *refName(frame);
    if (frame.kind == RefKind::Segment || frame.kind == RefKind::Group)
      if (auto n = refName(frame)) return *n;
    return std::nullopt;
  }

  // ---- instructions ----------------------------------------------------------------------------

  std::optional<std::string> instructionText(uint32_t s, uint32_t offset, const Decoded& d) {
    const uint32_t end = offset + d.insn.length;
    const auto& data = m_.segments[s].data;
    std::vector<const Fixup*> fixups;
    for (auto it = fixupsAt_[s].lower_bound(offset); it != fixupsAt_[s].end() && it->first < end; ++it) {
      if (it->first + link::fixupWidth(it->second->kind) > end) return std::nullopt;
      fixups.push_back(it->second);
    }
    if (fieldCovers(s, offset)) return std::nullopt;
    // Markers for the fields found by their value (immediates, displacements).
    std::map<uint32_t, uint16_t> markerAt;  // field offset -> marker
    const Fixup* branch = nullptr;
    const Fixup* farPointer = nullptr;
    for (const Fixup* f : fixups) {
      if (f->selfRelative && f->kind == FixupKind::Offset16 && f->offset + 2 == end && !branch) branch = f;
      else if (!f->selfRelative && f->kind == FixupKind::Pointer32 && f->offset + 4 == end && !farPointer) farPointer = f;
      else if (!f->selfRelative && (f->kind == FixupKind::Offset16 || f->kind == FixupKind::Base16) && markerAt.size() < 3)
        markerAt[f->offset] = kMarkers[markerAt.size()];
      else
        return std::nullopt;
    }
    bool explicitSegment = false;
    for (uint32_t i = offset; i < end && isPrefix(data[i]); ++i) explicitSegment |= isSegmentPrefix(data[i]);
    const bool nearJump = data[offset] == 0xE9 || (data[offset] == 0x0F && offset + 1 < end && (data[offset + 1] & 0xF0) == 0x80);
    std::set<uint32_t> used;
    bool failed = false;
    dis::DecodeOptions o;
    o.cpu = d.cpu;
    o.address = offset;
    o.symbols = [&](const dis::SymbolQuery& q) -> std::optional<std::string> {
      switch (q.kind) {
        case dis::SymbolQuery::Kind::NearCode: {
          if (branch) {
            used.insert(branch->offset);
            auto text = offsetText(*branch);
            if (!text) failed = true;
            return text;
          }
          // A near branch inside this segment; a near JMP whose target a short one reaches keeps its size.
          const bool shortReach = int64_t(q.offset) - int64_t(end) >= -128 && int64_t(q.offset) - int64_t(end) <= 127;
          return (nearJump && shortReach ? "near ptr " : "") + placeText(s, q.offset);
        }
        case dis::SymbolQuery::Kind::FarCode: {
          if (!farPointer) return std::nullopt;
          used.insert(farPointer->offset);
          auto text = offsetText(*farPointer);
          if (!text) failed = true;
          return text;
        }
        case dis::SymbolQuery::Kind::Data: {
          for (const auto& [at, marker] : markerAt) {
            if (q.offset != marker || m_.fixups.empty()) continue;
            const Fixup* f = fixupsAt_[s].at(at);
            if (f->kind != FixupKind::Offset16) continue;
            used.insert(at);
            auto text = offsetText(*f);
            if (!text) {
              failed = true;
              return std::nullopt;
            }
            // The register the CPU uses, written out, so that no ASSUME decides it.
            return (explicitSegment ? std::string() : std::string(q.segmentRegister) + ":") + *text;
          }
          return std::nullopt;
        }
      }
      return std::nullopt;
    };
    auto fetch = [&](uint32_t i) -> uint8_t {
      const uint32_t at = offset + i;
      for (const auto& [field, marker] : markerAt)
        if (at == field || at == field + 1) return static_cast<uint8_t>(at == field ? marker : marker >> 8);
      return at < end ? data[at] : 0;
    };
    dis::Instruction insn = dis::decode(fetch, o);
    if (failed || insn.length != d.insn.length || !insn.valid) return std::nullopt;
    std::string text = insn.text;
    for (const auto& [at, marker] : markerAt) {
      if (used.count(at)) continue;
      const std::string hex = dis::masmHex(marker);
      const size_t first = text.find(hex);
      if (first == std::string::npos || text.find(hex, first + 1) != std::string::npos) return std::nullopt;
      const Fixup* f = fixupsAt_[s].at(at);
      auto value = f->kind == FixupKind::Base16 ? segmentText(*f) : offsetText(*f);
      if (!value) return std::nullopt;
      text.replace(first, hex.size(), f->kind == FixupKind::Base16 ? *value : "OFFSET " + *value);
      used.insert(at);
    }
    if ((branch && !used.count(branch->offset)) || (farPointer && !used.count(farPointer->offset))) return std::nullopt;
    return text;
  }

  // ---- data ------------------------------------------------------------------------------------------

  // Bytes as `db` lines, 16 to a line; a fixup's field as the directive that makes it.
  void emitData(Listing& out, uint32_t s, uint32_t from, uint32_t to) {
    const auto& data = m_.segments[s].data;
    uint32_t at = from;
    while (at < to) {
      if (auto it = fixupsAt_[s].find(at); it != fixupsAt_[s].end() && at + link::fixupWidth(it->second->kind) <= to) {
        const Fixup& f = *it->second;
        std::optional<std::string> text;
        if (!f.selfRelative && f.kind == FixupKind::Offset16) {
          if (auto v = offsetText(f)) text = "dw OFFSET " + *v;
        } else if (!f.selfRelative && f.kind == FixupKind::Base16) {
          if (auto v = segmentText(f)) text = "dw " + *v;
        } else if (!f.selfRelative && f.kind == FixupKind::Pointer32 && field(f, 4) >> 16 == 0) {
          if (auto v = offsetText(f)) text = "dd " + *v;
        }
        if (text) {
          line(out, "        " + *text, s, at);
          at += link::fixupWidth(f.kind);
          continue;
        }
      }
      uint32_t end = at + 1;
      while (end < to && end - at < 16 && !fixupsAt_[s].count(end)) ++end;
      std::string text = "        db ";
      for (uint32_t i = at; i < end; ++i) text += fmt::format("{}{}", i == at ? "" : ", ", dis::masmHex(data[i]));
      line(out, text, s, at);
      at = end;
    }
  }

  void line(Listing& out, const std::string& text, uint32_t s = kNoPlace, uint32_t offset = kNoPlace) {
    out.text += text;
    out.text += '\n';
    out.lines.emplace_back(s, offset);
  }

  // ---- the module ----------------------------------------------------------------------------------

  std::string segmentHeader(uint32_t s, bool use16Explicit) const {
    const auto& seg = m_.segments[s];
    std::string text = seg.name + " segment";
    if (seg.align == link::Align::Absolute) text += fmt::format(" at {}", dis::masmHex(seg.absoluteFrame));
    else text += fmt::format(" {}{}", alignText(seg.align), combineText(seg.combine));
    if (seg.use32) text += " use32";
    else if (use16Explicit) text += " use16";
    if (!seg.className.empty()) text += " '" + seg.className + "'";
    return text;
  }

  dis::Cpu cpuUsed() const {
    dis::Cpu cpu = options_.cpu.empty() ? dis::Cpu::I8086 : cpuNamed(options_.cpu);
    for (uint32_t s = 0; s < code_.size(); ++s)
      for (const auto& [offset, d] : code_[s])
        if (!demoted_[s].count(offset)) cpu = std::max(cpu, d.cpu);
    for (const auto& seg : m_.segments)
      if (seg.use32) cpu = dis::Cpu::I80386;
    return cpu;
  }

  Listing emit() {
    // Labels are wanted while the text is written (targets, fixups); a second pass writes them.
    labels_.assign(m_.segments.size(), {});
    taken_ = moduleNames_;
    for (uint32_t s = 0; s < m_.segments.size(); ++s)
      for (const auto& [offset, n] : publicsAt_[s]) labels_[s][offset] = n;
    if (m_.entry && m_.entry->target.kind == RefKind::Segment && m_.entry->target.index < m_.segments.size()) {
      auto& labels = labels_[m_.entry->target.index];
      if (!labels.count(m_.entry->displacement) && !taken_.count("START")) {
        labels[m_.entry->displacement] = "start";
        name("start");
      }
    }
    Listing out;
    for (int pass = 0; pass < 3; ++pass) {
      wanted_ = false;
      out = emitOnce();
      if (!wanted_) break;
    }
    return out;
  }

  Listing emitOnce() {
    Listing out;
    const dis::Cpu cpu = cpuUsed();
    const bool use16Explicit = cpu == dis::Cpu::I80386;
    line(out, fmt::format("; asmlab dis: module {}{} as a MASM source that assembles back to an equivalent object", m_.name,
                          options_.file.empty() ? "" : " of " + options_.file));
    if (caseSensitive_) {
      line(out, "; (its names keep their case: assemble it with --case preserve)");
      line(out, "        option casemap:none");
    }
    if (cpu != dis::Cpu::I8086)
      line(out, cpu == dis::Cpu::I80186 ? ".186" : cpu == dis::Cpu::I80286 ? ".286" : ".386");
    // Every segment first, in the module's order (which the object keeps), then the groups.
    for (uint32_t s = 0; s < m_.segments.size(); ++s) {
      line(out, segmentHeader(s, use16Explicit));
      line(out, m_.segments[s].name + " ends");
    }
    for (const auto& g : m_.groups) {
      std::string text = g.name + " group ";
      for (size_t i = 0; i < g.segments.size(); ++i)
        text += (i ? ", " : "") + (g.segments[i] < m_.segments.size() ? m_.segments[g.segments[i]].name : std::string("?"));
      line(out, text);
    }
    for (const auto& e : m_.externs) {
      if (e.communal) {
        if (e.communal->far)
          line(out, fmt::format("        comm far {}:byte:{}", e.name, uint64_t{e.communal->elementCount} * e.communal->elementSize));
        else
          line(out, fmt::format("        comm near {}:byte:{}", e.name, e.communal->elementSize));
        continue;
      }
      line(out, fmt::format("        extrn {}:{}", e.name, externType(e)));
    }
    for (const auto& p : m_.publics) {
      if (!p.segment) line(out, fmt::format("{} equ {}", p.name, dis::masmHex(p.offset)));
      if (!p.local) line(out, "        public " + p.name);
    }
    for (const auto& library : m_.defaultLibraries()) line(out, "        includelib " + library);
    for (uint32_t s = 0; s < m_.segments.size(); ++s) emitSegment(out, s, use16Explicit);
    std::string end = "        end";
    if (m_.entry && m_.entry->target.kind == RefKind::Segment && m_.entry->target.index < m_.segments.size())
      end += " " + placeText(m_.entry->target.index, m_.entry->displacement);
    else if (m_.entry && m_.entry->target.kind == RefKind::Extern && m_.entry->target.index < m_.externs.size())
      end += " " + m_.externs[m_.entry->target.index].name + signedTerm(m_.entry->displacement);
    line(out, end);
    return out;
  }

  // An external's type, from how the module uses it: a far pointer to it makes it FAR, a
  // self-relative reference NEAR; otherwise WORD (every memory operand says its size).
  std::string externType(const link::Extern& e) const {
    bool far = false, near = false;
    for (const auto& f : m_.fixups) {
      if (f.target.kind != RefKind::Extern || f.target.index >= m_.externs.size() || &m_.externs[f.target.index] != &e) continue;
      far |= f.kind == FixupKind::Pointer32;
      near |= f.selfRelative;
    }
    return far ? "far" : near ? "near" : "word";
  }

  void emitLabels(Listing& out, uint32_t s, uint32_t offset, bool code) {
    auto it = labels_[s].find(offset);
    if (it == labels_[s].end()) return;
    line(out, code ? it->second + " label near" : it->second + " label byte");
  }

  void emitSegment(Listing& out, uint32_t s, bool use16Explicit) {
    const auto& seg = m_.segments[s];
    const bool code = isCodeSegment(seg);
    line(out, segmentHeader(s, use16Explicit));
    line(out, fmt::format("        assume cs:{}, ds:nothing, es:nothing, ss:nothing", seg.name));
    const uint32_t initialised = static_cast<uint32_t>(seg.data.size());
    auto nextStop = [&](uint32_t from, uint32_t limit) {
      // The next place where a line must start: a label, an instruction, a line number.
      uint32_t next = limit;
      if (auto it = labels_[s].upper_bound(from); it != labels_[s].end()) next = std::min(next, it->first);
      if (auto it = code_[s].upper_bound(from); it != code_[s].end()) {
        for (; it != code_[s].end() && it->first < next; ++it)
          if (!demoted_[s].count(it->first)) {
            next = std::min(next, it->first);
            break;
          }
      }
      if (auto it = linesAt_[s].upper_bound(from); it != linesAt_[s].end()) next = std::min(next, it->first);
      return std::max(next, from + 1);
    };
    uint32_t at = 0;
    if (seg.align == link::Align::Absolute) {
      // An AT segment has no data: only its labels, each at its ORG.
      for (const auto& [offset, n] : labels_[s]) {
        line(out, fmt::format("        org {}", dis::masmHex(offset)));
        emitLabels(out, s, offset, code);
      }
      line(out, seg.name + " ends");
      return;
    }
    while (at < initialised) {
      emitLabels(out, s, at, code);
      const std::string lineNote = linesAt_[s].count(at) ? fmt::format("  ; line {}", linesAt_[s].at(at)) : "";
      if (isCode(s, at)) {
        const Decoded& d = code_[s].at(at);
        if (auto text = instructionText(s, at, d)) {
          line(out, "        " + *text + lineNote, s, at);
          at += d.insn.length;
          continue;
        }
        emitData(out, s, at, at + d.insn.length);
        at += d.insn.length;
        continue;
      }
      const uint32_t next = std::min(nextStop(at, initialised), initialised);
      emitData(out, s, at, next);
      at = next;
    }
    // The uninitialised rest, cut at the labels inside it.
    while (at < seg.length) {
      emitLabels(out, s, at, code);
      uint32_t next = seg.length;
      if (auto it = labels_[s].upper_bound(at); it != labels_[s].end()) next = std::min(next, it->first);
      line(out, fmt::format("        db {} dup(?)", next - at), s, at);
      at = next;
    }
    emitLabels(out, s, seg.length, code);
    line(out, seg.name + " ends");
  }

  // ---- the round trip ----------------------------------------------------------------------------

  std::optional<ModuleDifference> check(const Listing& listing) const {
    Diagnostics d;
    masm::Options options;
    options.cpu = assemblerCpu(cpuUsed());
    options.caseMode = caseSensitive_ ? masm::CaseMode::Preserve : masm::CaseMode::Upper;
    auto result = masm::assemble(std::make_shared<const SourceFile>("dis.asm", listing.text), options, d);
    if (d.hasErrors()) {
      for (const auto& e : d.all()) {
        if (e.severity != Severity::Error) continue;
        ModuleDifference problem{"it does not assemble: " + e.message, std::nullopt, 0};
        if (e.location.line >= 1 && e.location.line <= listing.lines.size() && listing.lines[e.location.line - 1].first != kNoPlace) {
          problem.segment = listing.lines[e.location.line - 1].first;
          problem.offset = listing.lines[e.location.line - 1].second;
        }
        return problem;
      }
    }
    link::LinkDiagnostics ld;
    if (!link::validateModule(result.module, "dis.obj", ld))
      return ModuleDifference{"its object is not valid: " + (ld.all().empty() ? std::string() : ld.all().front().message), std::nullopt, 0};
    // Through the writer and the reader, so both modules are as an .OBJ file carries them.
    const std::vector<uint8_t> bytes = link::writeObject(result.module);
    auto again = link::readObject(bytes, "dis.obj", ld);
    if (!again) return ModuleDifference{"its object cannot be read back", std::nullopt, 0};
    again->name = m_.name;
    return compareModules(m_, *again);
  }

  const Module& m_;
  const OmfDisassemblyOptions& options_;
  std::vector<std::map<uint32_t, Decoded>> code_;
  std::vector<std::set<uint32_t>> demoted_;
  std::vector<std::map<uint32_t, const Fixup*>> fixupsAt_;
  std::vector<std::map<uint32_t, std::string>> publicsAt_;
  std::vector<std::map<uint32_t, uint32_t>> linesAt_;
  std::vector<std::map<uint32_t, std::string>> labels_;
  std::set<std::string> taken_;        // upper case: the module's names and the labels made
  std::set<std::string> moduleNames_;  // upper case: the module's own names
  bool caseSensitive_ = false;
  bool wanted_ = false;          // a label was created while writing: write again
};

}  // namespace

OmfDisassembly disassembleOmfModule(const Module& module, const OmfDisassemblyOptions& options) {
  OmfDisassembler disassembler(module, options);
  return disassembler.run();
}

}  // namespace asmlab::toolchain
