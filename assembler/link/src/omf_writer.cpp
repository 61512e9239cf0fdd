// OMF object writer (TIS OMF 1.1). Records are kept well under the 1024-byte limit most linkers
// impose on LEDATA and under 4 KB elsewhere.
#include "asmlab/link/omf_writer.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include <fmt/format.h>

#include "asmlab/asm/output_file.hpp"
#include "record_builder.hpp"

namespace asmlab::link {

using detail::RecordBuilder;

namespace {

constexpr size_t kMaxBody = 1000;        // split name lists before a record grows past this
constexpr size_t kMaxDataChunk = 1024;   // LEDATA data bytes per record (MS LINK limit)

bool fitsIndex(size_t n) { return n <= 0x7FFF; }

// Frame/target method numbers and their datum, as FIXUPP and MODEND encode them.
uint8_t methodOf(RefKind k) {
  switch (k) {
    case RefKind::Segment: return 0;
    case RefKind::Group: return 1;
    case RefKind::Extern: return 2;
    case RefKind::Absolute: return 3;
    case RefKind::Location: return 4;
    case RefKind::Target: return 5;
    case RefKind::None: return 6;
  }
  return 5;
}

void datum(RecordBuilder& b, const Ref& r) {
  switch (r.kind) {
    case RefKind::Segment:
    case RefKind::Group:
    case RefKind::Extern: b.index(r.index + 1); break;
    case RefKind::Absolute: b.u16(r.index); break;
    default: break;
  }
}

uint8_t locationCode(FixupKind k) {
  switch (k) {
    case FixupKind::LowByte: return 0;
    case FixupKind::Offset16: return 1;
    case FixupKind::Base16: return 2;
    case FixupKind::Pointer32: return 3;
    case FixupKind::HighByte: return 4;
    case FixupKind::Offset32: return 9;
    case FixupKind::Pointer48: return 11;
  }
  return 1;
}

bool needsWideFixup(const Fixup& f) {
  return f.kind == FixupKind::Offset32 || f.kind == FixupKind::Pointer48 || f.displacement < -32768 ||
         f.displacement > 32767;  // the reader sign-extends 16-bit displacements
}

// Names in LNAMES order with their 1-based indices.
class NameTable {
public:
  uint32_t indexOf(const std::string& s) {
    auto it = map_.find(s);
    if (it != map_.end()) return it->second;
    names_.push_back(s);
    return map_[s] = static_cast<uint32_t>(names_.size());
  }
  void emit(std::vector<uint8_t>& out) const {
    RecordBuilder b;
    for (const auto& n : names_) {
      if (b.size() + n.size() + 1 > kMaxBody) b.emit(0x96, out);
      b.name(n);
    }
    if (!b.empty()) b.emit(0x96, out);
  }

private:
  std::vector<std::string> names_;
  std::map<std::string, uint32_t> map_;
};

void writeSegdefs(const Module& m, NameTable& names, std::vector<uint8_t>& out) {
  for (const auto& s : m.segments) {
    bool wide = s.use32 || s.length > 0x10000;
    RecordBuilder b;
    uint32_t combine = static_cast<uint32_t>(s.combine);
    bool big = !wide && s.length == 0x10000;
    b.u8((static_cast<uint32_t>(s.align) << 5) | (combine << 2) | (big ? 2 : 0) | (s.use32 ? 1 : 0));
    if (s.align == Align::Absolute) {
      b.u16(s.absoluteFrame);
      b.u8(0);
    }
    b.word(big ? 0 : s.length, wide);
    b.index(names.indexOf(s.name));
    b.index(names.indexOf(s.className));
    b.index(names.indexOf(s.overlayName));
    b.emit(wide ? 0x99 : 0x98, out);
  }
}

void writeGrpdefs(const Module& m, NameTable& names, std::vector<uint8_t>& out) {
  for (const auto& g : m.groups) {
    RecordBuilder b;
    b.index(names.indexOf(g.name));
    for (uint32_t s : g.segments) {
      b.u8(0xFF);
      b.index(s + 1);
    }
    b.emit(0x9A, out);
  }
}

// EXTDEF, LEXTDEF and COMDEF share one index space, so runs of the same kind keep their order.
void writeExterns(const Module& m, std::vector<uint8_t>& out) {
  RecordBuilder b;
  uint8_t current = 0;
  auto comdefLength = [&b](uint32_t v) {
    if (v < 0x80) {
      b.u8(v);
    } else if (v <= 0xFFFF) {
      b.u8(0x81);
      b.u16(v);
    } else if (v <= 0xFFFFFF) {
      b.u8(0x84);
      b.u16(v);
      b.u8(v >> 16);
    } else {
      b.u8(0x88);
      b.u32(v);
    }
  };
  for (const auto& e : m.externs) {
    uint8_t type = e.communal ? (e.local ? 0xB8 : 0xB0) : (e.local ? 0xB4 : 0x8C);
    if (!b.empty() && (type != current || b.size() + e.name.size() + 16 > kMaxBody)) b.emit(current, out);
    current = type;
    b.name(e.name);
    b.index(e.typeIndex);
    if (e.communal) {
      if (e.communal->far) {
        b.u8(0x61);
        comdefLength(e.communal->elementCount);
        comdefLength(e.communal->elementSize);
      } else {
        b.u8(0x62);
        comdefLength(e.communal->elementSize);
      }
    }
  }
  if (!b.empty()) b.emit(current, out);
}

void writePublics(const Module& m, std::vector<uint8_t>& out) {
  // One record per (local, group, segment, frame) base; the order of publics within a base is kept.
  std::vector<bool> done(m.publics.size(), false);
  for (size_t i = 0; i < m.publics.size(); ++i) {
    if (done[i]) continue;
    const Public& base = m.publics[i];
    std::vector<const Public*> batch;
    for (size_t j = i; j < m.publics.size(); ++j) {
      const Public& p = m.publics[j];
      if (done[j] || p.local != base.local || p.group != base.group || p.segment != base.segment ||
          (!p.segment && p.absoluteFrame != base.absoluteFrame))
        continue;
      done[j] = true;
      batch.push_back(&p);
    }
    bool wide = std::any_of(batch.begin(), batch.end(), [](const Public* p) { return p->offset > 0xFFFF; });
    uint8_t type = static_cast<uint8_t>((base.local ? 0xB6 : 0x90) | (wide ? 1 : 0));
    RecordBuilder b;
    auto header = [&] {
      b.index(base.group ? *base.group + 1 : 0);
      b.index(base.segment ? *base.segment + 1 : 0);
      if (!base.segment) b.u16(base.absoluteFrame);
    };
    header();
    for (const Public* p : batch) {
      if (b.size() + p->name.size() + 8 > kMaxBody) {
        b.emit(type, out);
        header();
      }
      b.name(p->name);
      b.word(p->offset, wide);
      b.index(p->typeIndex);
    }
    b.emit(type, out);
  }
}

void writeLines(const Module& m, std::vector<uint8_t>& out) {
  for (uint32_t seg = 0; seg < m.segments.size(); ++seg) {
    std::vector<LineNumber> lines;
    for (const auto& l : m.lines)
      if (l.segment == seg && l.file == 0 && l.line <= 0xFFFF) lines.push_back(l);
    if (lines.empty()) continue;
    bool wide = std::any_of(lines.begin(), lines.end(), [](const LineNumber& l) { return l.offset > 0xFFFF; });
    RecordBuilder b;
    auto header = [&] {
      b.index(0);
      b.index(seg + 1);
    };
    header();
    for (const auto& l : lines) {
      if (b.size() + 6 > kMaxBody) {
        b.emit(wide ? 0x95 : 0x94, out);
        header();
      }
      b.u16(l.line);
      b.word(l.offset, wide);
    }
    b.emit(wide ? 0x95 : 0x94, out);
  }
}

void writeFixupp(const std::vector<const Fixup*>& fixups, uint32_t chunkStart, std::vector<uint8_t>& out) {
  if (fixups.empty()) return;
  bool wide = std::any_of(fixups.begin(), fixups.end(), [](const Fixup* f) { return needsWideFixup(*f); });
  RecordBuilder b;
  for (const Fixup* f : fixups) {
    if (b.size() + 16 > kMaxBody) b.emit(wide ? 0x9D : 0x9C, out);
    uint32_t rel = f->offset - chunkStart;
    b.u8(0x80 | (f->selfRelative ? 0 : 0x40) | (locationCode(f->kind) << 2) | (rel >> 8));
    b.u8(rel);
    bool hasDisplacement = f->displacement != 0;
    b.u8((methodOf(f->frame.kind) << 4) | (hasDisplacement ? 0 : 4) | methodOf(f->target.kind));
    datum(b, f->frame);
    datum(b, f->target);
    if (hasDisplacement) b.word(static_cast<uint32_t>(f->displacement), wide);
  }
  b.emit(wide ? 0x9D : 0x9C, out);
}

// Runs of one repeated byte at least this long (and free of fixups) are written as LIDATA, as
// MASM does for DUP: `buffer DB 8000 DUP (0)` costs one small record instead of eight LEDATAs.
constexpr uint32_t kMinIteratedRun = 64;

void writeIterated(uint32_t seg, uint32_t pos, uint32_t length, uint8_t value, bool use32, std::vector<uint8_t>& out) {
  while (length > 0) {
    uint32_t piece = std::min<uint32_t>(length, 0x7FFF);
    bool wide = use32 || pos + piece > 0x10000;
    RecordBuilder b;
    b.index(seg + 1);
    b.word(pos, wide);
    b.word(piece, wide);  // repeat count
    b.u16(0);             // block count 0: the content follows
    b.u8(1);
    b.u8(value);
    b.emit(wide ? 0xA3 : 0xA2, out);
    pos += piece;
    length -= piece;
  }
}

// LEDATA chunks of at most 1024 bytes, cut so that no fixup field straddles two records, each
// followed by the FIXUPP that patches it; long runs of one byte go out as LIDATA.
void writeData(const Module& m, std::vector<uint8_t>& out) {
  for (uint32_t seg = 0; seg < m.segments.size(); ++seg) {
    const Segment& s = m.segments[seg];
    if (s.align == Align::Absolute) continue;
    std::vector<const Fixup*> fixups;
    for (const auto& f : m.fixups)
      if (f.segment == seg) fixups.push_back(&f);
    std::sort(fixups.begin(), fixups.end(), [](const Fixup* a, const Fixup* b) { return a->offset < b->offset; });
    uint32_t size = static_cast<uint32_t>(s.data.size());
    // run[i]: how many bytes from i on repeat s.data[i] with no fixup field among them.
    std::vector<bool> patched(size, false);
    for (const Fixup* f : fixups)
      for (uint32_t k = 0; k < fixupWidth(f->kind) && f->offset + k < size; ++k) patched[f->offset + k] = true;
    std::vector<uint32_t> run(size + 1, 0);
    for (uint32_t i = size; i-- > 0;)
      run[i] = patched[i] ? 0 : (i + 1 < size && s.data[i + 1] == s.data[i] ? run[i + 1] + 1 : 1);
    size_t next = 0;
    uint32_t pos = 0;
    while (pos < size) {
      if (run[pos] >= kMinIteratedRun) {
        writeIterated(seg, pos, run[pos], s.data[pos], s.use32, out);
        pos += run[pos];
        continue;
      }
      uint32_t end = std::min<uint32_t>(size, pos + kMaxDataChunk);
      for (uint32_t q = pos + 1; q < end; ++q)
        if (run[q] >= kMinIteratedRun && (q == 0 || run[q - 1] != run[q] + 1)) {
          end = q;
          break;
        }
      for (const Fixup* f : fixups)
        if (f->offset < end && f->offset + fixupWidth(f->kind) > end && f->offset > pos) end = f->offset;
      bool wide = s.use32 || end > 0x10000;
      RecordBuilder b;
      b.index(seg + 1);
      b.word(pos, wide);
      b.bytes(s.data.data() + pos, end - pos);
      b.emit(wide ? 0xA1 : 0xA0, out);
      std::vector<const Fixup*> here;
      while (next < fixups.size() && fixups[next]->offset < end) here.push_back(fixups[next++]);
      writeFixupp(here, pos, out);
      pos = end;
    }
  }
}

void writeModend(const Module& m, std::vector<uint8_t>& out) {
  RecordBuilder b;
  bool wide = false;
  if (m.entry) {
    wide = m.entry->displacement > 0xFFFF;
    b.u8((m.isMain ? 0x80 : 0) | 0x40 | 1);
    bool hasDisplacement = m.entry->displacement != 0;
    b.u8((methodOf(m.entry->frame.kind) << 4) | (hasDisplacement ? 0 : 4) | methodOf(m.entry->target.kind));
    datum(b, m.entry->frame);
    datum(b, m.entry->target);
    if (hasDisplacement) b.word(m.entry->displacement, wide);
  } else {
    b.u8(m.isMain ? 0x80 : 0);
  }
  b.emit(wide ? 0x8B : 0x8A, out);
}

bool checkRef(const Module& m, const Ref& r, bool isFrame) {
  switch (r.kind) {
    case RefKind::Segment: return r.index < m.segments.size();
    case RefKind::Group: return r.index < m.groups.size();
    case RefKind::Extern: return r.index < m.externs.size();
    case RefKind::Absolute: return r.index <= 0xFFFF;
    default: return isFrame;
  }
}

}  // namespace

bool validateModule(const Module& m, const std::string& file, LinkDiagnostics& diag) {
  size_t before = diag.errorCount();
  auto nameOk = [&](const std::string& n, const char* what) {
    if (n.size() > 255) diag.error(file, fmt::format("{} name '{}...' is longer than 255 characters", what, n.substr(0, 20)));
  };
  nameOk(m.name, "module");
  if (!fitsIndex(m.segments.size()) || !fitsIndex(m.externs.size()) || !fitsIndex(m.groups.size()))
    diag.error(file, "too many segments, groups or externals for OMF indices (at most 32767)");
  for (const auto& s : m.segments) {
    nameOk(s.name, "segment");
    nameOk(s.className, "class");
    nameOk(s.overlayName, "overlay");
    if (s.data.size() > s.length)
      diag.error(file, fmt::format("segment {} has {} bytes of data but a length of {}", s.name, s.data.size(), s.length));
    if (!s.use32 && s.length > 0x10000)
      diag.error(file, fmt::format("16-bit segment {} is {} bytes long (at most 65536)", s.name, s.length));
  }
  for (const auto& g : m.groups) {
    nameOk(g.name, "group");
    for (uint32_t s : g.segments)
      if (s >= m.segments.size()) diag.error(file, fmt::format("group {} names segment index {} out of range", g.name, s));
  }
  for (const auto& p : m.publics) {
    nameOk(p.name, "public");
    if ((p.segment && *p.segment >= m.segments.size()) || (p.group && *p.group >= m.groups.size()))
      diag.error(file, fmt::format("public {} refers to a segment or group out of range", p.name));
  }
  for (const auto& e : m.externs) nameOk(e.name, "external");
  for (const auto& f : m.fixups) {
    if (f.segment >= m.segments.size()) {
      diag.error(file, fmt::format("fixup refers to segment index {} out of range", f.segment));
      continue;
    }
    const Segment& s = m.segments[f.segment];
    if (static_cast<uint64_t>(f.offset) + fixupWidth(f.kind) > s.data.size())
      diag.error(file, fmt::format("fixup at {}:{:X}h lies outside the segment's initialised data", s.name, f.offset));
    if (!checkRef(m, f.frame, true) || !checkRef(m, f.target, false) || f.target.kind >= RefKind::Location)
      diag.error(file, fmt::format("fixup at {}:{:X}h has a frame or target out of range", s.name, f.offset));
  }
  for (const auto& l : m.lines)
    if (l.segment >= m.segments.size()) diag.error(file, "line number refers to a segment out of range");
  if (m.entry && (!checkRef(m, m.entry->frame, true) || !checkRef(m, m.entry->target, false) ||
                  m.entry->target.kind >= RefKind::Location))
    diag.error(file, "entry point refers to a frame or target out of range");
  return diag.errorCount() == before;
}

std::vector<uint8_t> writeObject(const Module& m) {
  std::vector<uint8_t> out;
  RecordBuilder b;
  b.name(m.name);
  b.emit(0x80, out);
  for (const auto& c : m.comments) {
    b.u8(c.attributes);
    b.u8(c.commentClass);
    b.bytes(reinterpret_cast<const uint8_t*>(c.text.data()), c.text.size());
    b.emit(0x88, out);
  }
  NameTable names;
  names.indexOf("");
  for (const auto& s : m.segments) {
    names.indexOf(s.name);
    names.indexOf(s.className);
    names.indexOf(s.overlayName);
  }
  for (const auto& g : m.groups) names.indexOf(g.name);
  names.emit(out);
  writeSegdefs(m, names, out);
  writeGrpdefs(m, names, out);
  writeExterns(m, out);
  writePublics(m, out);
  writeLines(m, out);
  writeData(m, out);
  writeModend(m, out);
  return out;
}

bool writeFileAtomically(const std::string& path, const std::vector<uint8_t>& bytes, LinkDiagnostics& diag) {
  std::string error;
  if (writeOutputFile(path, bytes, {}, error))
    return true;
  diag.error(path, error);
  return false;
}

bool writeObjectFile(const Module& m, const std::string& path, LinkDiagnostics& diag) {
  if (!validateModule(m, path, diag)) return false;
  return writeFileAtomically(path, writeObject(m), diag);
}

}  // namespace asmlab::link
