// OMF object reader (TIS "Relocatable Object Module Format" 1.1). One function per record type;
// errors carry the record's file offset.
#include "asmlab/link/omf_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "byte_reader.hpp"

namespace asmlab::link {

using detail::ByteCursor;

const char* recordName(uint8_t type) {
  switch (type) {
    case 0x80: return "THEADR";
    case 0x82: return "LHEADR";
    case 0x88: return "COMENT";
    case 0x8A: return "MODEND";
    case 0x8B: return "MODEND32";
    case 0x8C: return "EXTDEF";
    case 0x90: return "PUBDEF";
    case 0x91: return "PUBDEF32";
    case 0x94: return "LINNUM";
    case 0x95: return "LINNUM32";
    case 0x96: return "LNAMES";
    case 0x98: return "SEGDEF";
    case 0x99: return "SEGDEF32";
    case 0x9A: return "GRPDEF";
    case 0x9C: return "FIXUPP";
    case 0x9D: return "FIXUPP32";
    case 0xA0: return "LEDATA";
    case 0xA1: return "LEDATA32";
    case 0xA2: return "LIDATA";
    case 0xA3: return "LIDATA32";
    case 0xB0: return "COMDEF";
    case 0xB2: return "BAKPAT";
    case 0xB3: return "BAKPAT32";
    case 0xB4: return "LEXTDEF";
    case 0xB6: return "LPUBDEF";
    case 0xB7: return "LPUBDEF32";
    case 0xB8: return "LCOMDEF";
    case 0xBC: return "CEXTDEF";
    case 0xC2: return "COMDAT";
    case 0xC3: return "COMDAT32";
    case 0xC4: return "LINSYM";
    case 0xC5: return "LINSYM32";
    case 0xC6: return "ALIAS";
    case 0xC8: return "NBKPAT";
    case 0xC9: return "NBKPAT32";
    case 0xCA: return "LLNAMES";
    case 0xCC: return "VERNUM";
    case 0xCE: return "VENDEXT";
    case 0xF0: return "LIBHDR";
    case 0xF1: return "LIBEND";
    default: return "unknown";
  }
}

bool splitModuleRecords(std::span<const uint8_t> bytes, uint64_t start, const std::string& file,
                        LinkDiagnostics& diag, std::vector<RawRecord>& records, uint64_t* end) {
  uint64_t pos = start;
  while (true) {
    if (pos >= bytes.size()) {
      diag.error(file, records.empty() ? "empty object module (no THEADR record)"
                                       : "file ends before the MODEND record (truncated object?)",
                 pos);
      return false;
    }
    if (bytes.size() - pos < 3) {
      diag.error(file, fmt::format("truncated record header ({} byte(s) left)", bytes.size() - pos), pos);
      return false;
    }
    uint8_t type = bytes[pos];
    if (records.empty() && type != 0x80 && type != 0x82) {
      diag.error(file, fmt::format("not an OMF object module: it starts with byte {:02X}h, not THEADR (80h)", type),
                 pos);
      return false;
    }
    uint16_t length = static_cast<uint16_t>(bytes[pos + 1] | (bytes[pos + 2] << 8));
    if (length == 0) {
      diag.error(file, fmt::format("{} record ({:02X}h) has length 0", recordName(type), type), pos);
      return false;
    }
    if (bytes.size() - pos - 3 < length) {
      diag.error(file,
                 fmt::format("{} record ({:02X}h) is truncated: it needs {} bytes, the file has {}", recordName(type),
                             type, length, bytes.size() - pos - 3),
                 pos);
      return false;
    }
    RawRecord r;
    r.type = type;
    r.offset = pos;
    r.body = bytes.subspan(pos + 3, length - 1u);
    uint8_t checksum = bytes[pos + 3 + length - 1];
    if (checksum != 0) {  // a zero checksum means "not computed" (TIS 1.1, record format)
      uint8_t sum = 0;
      for (uint64_t i = pos; i < pos + 3 + length; ++i) sum = static_cast<uint8_t>(sum + bytes[i]);
      r.checksumOk = sum == 0;
      if (!r.checksumOk) {
        diag.error(file, fmt::format("{} record ({:02X}h) has a bad checksum", recordName(type), type), pos);
        return false;
      }
    }
    records.push_back(r);
    pos += 3 + length;
    if (type == 0x8A || type == 0x8B) break;
  }
  if (end) *end = pos;
  return true;
}

namespace {

// Parses the records of one module into a Module. Stops at the first error.
class ModuleParser {
public:
  ModuleParser(const std::string& file, LinkDiagnostics& diag) : file_(file), diag_(diag) {}

  std::optional<Module> parse(const std::vector<RawRecord>& records) {
    for (const auto& r : records) {
      record_ = &r;
      recordType_ = r.type;
      ByteCursor c(r.body, (r.type & 1) != 0);
      if (!parseRecord(r.type, c)) return std::nullopt;
      if (c.failed()) return fail(fmt::format("{} record ({:02X}h) is shorter than its fields", recordName(r.type), r.type));
    }
    return std::move(module_);
  }

private:
  std::nullopt_t fail(const std::string& message) {
    diag_.error(file_, message, record_ ? std::optional<uint64_t>(record_->offset) : std::nullopt);
    return std::nullopt;
  }
  bool error(const std::string& message) {
    fail(message);
    return false;
  }

  bool parseRecord(uint8_t type, ByteCursor& c) {
    switch (type) {
      case 0x80:
      case 0x82: module_.name = c.name(); return true;
      case 0x88: return comment(c);
      case 0x8A:
      case 0x8B: return modend(c);
      case 0x8C: return externs(c, false);
      case 0xB4: return externs(c, true);
      case 0xBC: return cextdef(c);
      case 0xB0: return comdef(c, false);
      case 0xB8: return comdef(c, true);
      case 0x90:
      case 0x91: return publics(c, false);
      case 0xB6:
      case 0xB7: return publics(c, true);
      case 0x94:
      case 0x95: return linnum(c);
      case 0x96:
      case 0xCA:
        while (!c.atEnd() && !c.failed()) names_.push_back(c.name());
        return true;
      case 0x98:
      case 0x99: return segdef(c, type == 0x99);
      case 0x9A: return grpdef(c);
      case 0x9C:
      case 0x9D: return fixupp(c);
      case 0xA0:
      case 0xA1: return ledata(c);
      case 0xA2:
      case 0xA3: return lidata(c);
      case 0x8E:  // TYPDEF: debugging types only
      case 0xC4:
      case 0xC5:  // LINSYM: line numbers of COMDATs
      case 0xCC:
      case 0xCE: return true;
      case 0xF0:
      case 0xF1: return error(fmt::format("library record {} inside an object module", recordName(type)));
      default:
        return error(fmt::format("unsupported OMF record type {:02X}h ({})", type, recordName(type)));
    }
  }

  bool comment(ByteCursor& c) {
    Comment k;
    k.attributes = c.u8();
    k.commentClass = c.u8();
    auto text = c.rest();
    k.text.assign(text.begin(), text.end());
    // Class 9Fh (default library) holds the bare name; some translators length-prefix it.
    if (k.commentClass == 0x9F && !k.text.empty() && static_cast<uint8_t>(k.text[0]) == k.text.size() - 1)
      k.text.erase(0, 1);
    module_.comments.push_back(std::move(k));
    return true;
  }

  std::optional<std::string> nameAt(uint32_t index, const char* what) {
    if (index == 0 || index > names_.size()) {
      fail(fmt::format("{} name index {} is not defined by an LNAMES record ({} names)", what, index, names_.size()));
      return std::nullopt;
    }
    return names_[index - 1];
  }

  bool segdef(ByteCursor& c, bool wide) {
    Segment s;
    uint8_t acbp = c.u8();
    uint8_t a = acbp >> 5;
    uint8_t comb = (acbp >> 2) & 7;
    if (a > 5) return error(fmt::format("SEGDEF alignment {} is not supported (only absolute, byte, word, para, page, dword)", a));
    s.align = static_cast<Align>(a);
    if (a == 0) {
      s.absoluteFrame = c.u16();
      c.u8();  // offset within the frame: ignored by every linker
    }
    switch (comb) {
      case 0: s.combine = Combine::Private; break;
      case 2:
      case 4:
      case 7: s.combine = Combine::Public; break;
      case 5: s.combine = Combine::Stack; break;
      case 6: s.combine = Combine::Common; break;
      default: return error(fmt::format("SEGDEF combine type {} is reserved", comb));
    }
    s.use32 = (acbp & 1) != 0;
    uint32_t length = c.word();
    if (acbp & 2) {  // B bit: the segment is exactly 64K (or 4G)
      if (length != 0) return error("SEGDEF has the Big bit set but a non-zero length");
      if (wide) return error("32-bit SEGDEF of 4 GB is not supported");
      length = 0x10000;
    }
    s.length = length;
    auto name = nameAt(c.index(), "segment");
    auto cls = nameAt(c.index(), "class");
    auto ovl = c.atEnd() ? std::optional<std::string>("") : nameAt(c.index(), "overlay");
    if (!name || !cls || !ovl) return false;
    s.name = *name;
    s.className = *cls;
    s.overlayName = *ovl;
    module_.segments.push_back(std::move(s));
    return true;
  }

  bool segmentIndex(uint32_t index, uint32_t& out, bool allowZero = false) {
    if (index == 0 && allowZero) return true;
    if (index == 0 || index > module_.segments.size())
      return error(fmt::format("segment index {} is out of range (the module defines {} segments)", index,
                               module_.segments.size()));
    out = index - 1;
    return true;
  }

  bool grpdef(ByteCursor& c) {
    Group g;
    auto name = nameAt(c.index(), "group");
    if (!name) return false;
    g.name = *name;
    while (!c.atEnd() && !c.failed()) {
      uint8_t kind = c.u8();
      if (kind != 0xFF) return error(fmt::format("GRPDEF component type {:02X}h is not supported (only FFh, segment)", kind));
      uint32_t seg = 0;
      if (!segmentIndex(c.index(), seg)) return false;
      g.segments.push_back(seg);
    }
    module_.groups.push_back(std::move(g));
    return true;
  }

  bool externs(ByteCursor& c, bool local) {
    while (!c.atEnd() && !c.failed()) {
      Extern e;
      e.name = c.name();
      e.typeIndex = static_cast<uint16_t>(c.index());
      e.local = local;
      module_.externs.push_back(std::move(e));
    }
    return true;
  }

  bool cextdef(ByteCursor& c) {
    while (!c.atEnd() && !c.failed()) {
      auto name = nameAt(c.index(), "CEXTDEF");
      if (!name) return false;
      Extern e;
      e.name = *name;
      e.typeIndex = static_cast<uint16_t>(c.index());
      module_.externs.push_back(std::move(e));
    }
    return true;
  }

  bool comdef(ByteCursor& c, bool local) {
    while (!c.atEnd() && !c.failed()) {
      Extern e;
      e.name = c.name();
      e.typeIndex = static_cast<uint16_t>(c.index());
      e.local = local;
      uint8_t dataType = c.u8();
      Extern::Communal k;
      if (dataType == 0x61) {
        k.far = true;
        k.elementCount = c.comdefLength();
        k.elementSize = c.comdefLength();
      } else if (dataType == 0x62) {
        k.elementSize = c.comdefLength();
      } else {
        return error(fmt::format("COMDEF data type {:02X}h is not supported (61h FAR or 62h NEAR)", dataType));
      }
      e.communal = k;
      module_.externs.push_back(std::move(e));
    }
    return true;
  }

  bool publics(ByteCursor& c, bool local) {
    uint32_t groupIndex = c.index();
    uint32_t segIndex = c.index();
    uint16_t frame = 0;
    if (segIndex == 0) frame = c.u16();
    if (groupIndex > module_.groups.size())
      return error(fmt::format("PUBDEF group index {} is out of range", groupIndex));
    uint32_t seg = 0;
    if (segIndex != 0 && !segmentIndex(segIndex, seg)) return false;
    while (!c.atEnd() && !c.failed()) {
      Public p;
      p.name = c.name();
      p.offset = c.word();
      p.typeIndex = static_cast<uint16_t>(c.index());
      if (segIndex != 0) p.segment = seg;
      if (groupIndex != 0) p.group = groupIndex - 1;
      p.absoluteFrame = frame;
      p.local = local;
      module_.publics.push_back(std::move(p));
    }
    return true;
  }

  bool linnum(ByteCursor& c) {
    c.index();  // base group: unused
    uint32_t seg = 0;
    if (!segmentIndex(c.index(), seg)) return false;
    while (!c.atEnd() && !c.failed()) {
      LineNumber l;
      l.segment = seg;
      l.line = c.u16();
      l.offset = c.word();
      if (!c.failed()) module_.lines.push_back(l);
    }
    if (module_.lineFiles.empty()) module_.lineFiles.push_back(module_.name);
    return true;
  }

  bool storeData(uint32_t seg, uint64_t offset, std::span<const uint8_t> bytes) {
    Segment& s = module_.segments[seg];
    if (offset + bytes.size() > s.length)
      return error(fmt::format("data for segment {} at offset {:X}h..{:X}h lies beyond its length {:X}h", s.name,
                               offset, offset + bytes.size(), s.length));
    if (s.data.size() < offset + bytes.size()) s.data.resize(offset + bytes.size(), 0);
    std::copy(bytes.begin(), bytes.end(), s.data.begin() + static_cast<std::ptrdiff_t>(offset));
    return true;
  }

  bool ledata(ByteCursor& c) {
    uint32_t seg = 0;
    if (!segmentIndex(c.index(), seg)) return false;
    uint32_t offset = c.word();
    auto bytes = c.rest();
    if (c.failed()) return true;  // reported by the caller
    if (!storeData(seg, offset, bytes)) return false;
    lastData_ = LastData{seg, offset, false};
    return true;
  }

  // LIDATA iterated data block (TIS 1.1, A2h): repeat count, block count, then either nested
  // blocks or a length-prefixed content. Depth and size are bounded so hostile input cannot blow up:
  // a record expands to at most what its segment holds from its offset, and a module's records to
  // at most 16 MB in all (`room`, counted down), checked before each block is repeated.
  // `origin` receives, for every expanded byte, the position of the content byte it copies within
  // the record's data field: a following FIXUPP addresses content bytes by that position and
  // applies to every copy (TIS 1.1, LIDATA: "the fixup is applied before the block is expanded").
  bool expandBlock(ByteCursor& c, size_t dataStart, std::vector<uint8_t>& out, std::vector<uint32_t>& origin,
                   uint64_t room, int depth) {
    if (depth > 16) return error("LIDATA blocks are nested more than 16 deep");
    uint32_t repeat = c.word();
    uint16_t blocks = c.u16();
    std::vector<uint8_t> once;
    std::vector<uint32_t> onceOrigin;
    if (blocks == 0) {
      uint8_t length = c.u8();
      size_t contentAt = c.position() - dataStart;
      auto content = c.take(length);
      once.assign(content.begin(), content.end());
      for (size_t i = 0; i < once.size(); ++i) onceOrigin.push_back(static_cast<uint32_t>(contentAt + i));
    } else {
      for (uint16_t i = 0; i < blocks && !c.failed(); ++i)
        if (!expandBlock(c, dataStart, once, onceOrigin, room, depth + 1)) return false;
    }
    if (c.failed()) return true;
    const uint64_t total = static_cast<uint64_t>(repeat) * once.size();
    if (total == 0) return true;  // no copies, or copies of an empty block
    if (total + out.size() > room) return tooMuchIteratedData(room);
    // Copies of the copies made so far: a few large copies instead of `repeat` small ones.
    const size_t start = out.size();
    out.resize(start + total);
    origin.resize(start + total);
    std::copy(once.begin(), once.end(), out.begin() + static_cast<std::ptrdiff_t>(start));
    std::copy(onceOrigin.begin(), onceOrigin.end(), origin.begin() + static_cast<std::ptrdiff_t>(start));
    for (size_t have = once.size(); have < total;) {
      const size_t n = std::min<size_t>(have, total - have);
      const auto from = static_cast<std::ptrdiff_t>(start);
      const auto to = static_cast<std::ptrdiff_t>(start + have);
      std::copy_n(out.begin() + from, n, out.begin() + to);
      std::copy_n(origin.begin() + from, n, origin.begin() + to);
      have += n;
    }
    return true;
  }

  bool tooMuchIteratedData(uint64_t room) {
    if (room + lidataExpanded_ >= kLidataLimit)
      return error(fmt::format("LIDATA records expand to more than {} MB", kLidataLimit >> 20));
    return error(fmt::format("LIDATA expands to more than the {:X}h bytes its segment has from its offset", room));
  }

  bool lidata(ByteCursor& c) {
    uint32_t seg = 0;
    if (!segmentIndex(c.index(), seg)) return false;
    uint32_t offset = c.word();
    size_t dataStart = c.position();
    std::vector<uint8_t> bytes;
    lidataOrigin_.clear();
    const uint64_t length = module_.segments[seg].length;
    const uint64_t room = std::min<uint64_t>(length > offset ? length - offset : 0, kLidataLimit - lidataExpanded_);
    while (!c.atEnd() && !c.failed())
      if (!expandBlock(c, dataStart, bytes, lidataOrigin_, room, 0)) return false;
    if (c.failed()) return true;
    lidataExpanded_ += bytes.size();
    if (!storeData(seg, offset, bytes)) return false;
    lastData_ = LastData{seg, offset, true};
    return true;
  }

  bool reference(ByteCursor& c, uint8_t method, bool isFrame, Ref& out) {
    switch (method) {
      case 0: {
        uint32_t i = c.index();
        if (!segmentIndex(i, out.index)) return false;
        out.kind = RefKind::Segment;
        return true;
      }
      case 1: {
        uint32_t i = c.index();
        if (i == 0 || i > module_.groups.size()) return error(fmt::format("group index {} is out of range", i));
        out = {RefKind::Group, i - 1};
        return true;
      }
      case 2: {
        uint32_t i = c.index();
        if (i == 0 || i > module_.externs.size())
          return error(fmt::format("external index {} is out of range (the module declares {} externals)", i,
                                   module_.externs.size()));
        out = {RefKind::Extern, i - 1};
        return true;
      }
      case 3: out = {RefKind::Absolute, c.u16()}; return true;
      case 4:
        if (isFrame) {
          out = {RefKind::Location, 0};
          return true;
        }
        break;
      case 5:
        if (isFrame) {
          out = {RefKind::Target, 0};
          return true;
        }
        break;
      case 6:
        if (isFrame) {
          out = {RefKind::None, 0};
          return true;
        }
        break;
      default: break;
    }
    return error(fmt::format("{} method {} is not valid", isFrame ? "frame" : "target", method));
  }

  static std::optional<FixupKind> locationKind(uint8_t loc) {
    switch (loc) {
      case 0: return FixupKind::LowByte;
      case 1:
      case 5: return FixupKind::Offset16;
      case 2: return FixupKind::Base16;
      case 3: return FixupKind::Pointer32;
      case 4: return FixupKind::HighByte;
      case 9:
      case 13: return FixupKind::Offset32;
      case 11: return FixupKind::Pointer48;
      default: return std::nullopt;
    }
  }

  bool fixupp(ByteCursor& c) {
    while (!c.atEnd() && !c.failed()) {
      uint8_t first = c.u8();
      if ((first & 0x80) == 0) {  // THREAD subrecord
        bool isFrame = (first & 0x40) != 0;
        uint8_t method = (first >> 2) & 7;
        uint8_t number = first & 3;
        Ref ref;
        if (!isFrame) method &= 3;  // target threads: only T0..T3 (P comes from the FIXUP)
        if (!reference(c, method, isFrame, ref)) return false;
        (isFrame ? frameThreads_ : targetThreads_)[number] = Thread{true, ref};
        continue;
      }
      uint8_t second = c.u8();
      bool segmentRelative = (first & 0x40) != 0;
      uint8_t loc = (first >> 2) & 0xF;
      uint32_t recordOffset = ((first & 3u) << 8) | second;
      auto kind = locationKind(loc);
      if (!kind) return error(fmt::format("fixup location type {} is not supported", loc));
      if (!lastData_) return error("FIXUPP record before any LEDATA/LIDATA record");
      uint8_t fixData = c.u8();
      Fixup f;
      f.kind = *kind;
      f.selfRelative = !segmentRelative;
      f.segment = lastData_->segment;
      f.offset = lastData_->offset + recordOffset;
      if (fixData & 0x80) {
        const Thread& t = frameThreads_[(fixData >> 4) & 3];
        if (!t.defined) return error(fmt::format("fixup uses frame thread {} before it is defined", (fixData >> 4) & 3));
        f.frame = t.ref;
      } else if (!reference(c, (fixData >> 4) & 7, true, f.frame)) {
        return false;
      }
      if (fixData & 0x08) {
        const Thread& t = targetThreads_[fixData & 3];
        if (!t.defined) return error(fmt::format("fixup uses target thread {} before it is defined", fixData & 3));
        f.target = t.ref;
      } else if (!reference(c, fixData & 3, false, f.target)) {
        return false;
      }
      if ((fixData & 0x04) == 0) {
        // 16-bit displacements are sign-extended: the linker adds them modulo the field width.
        uint32_t d = c.word();
        f.displacement = (recordType_ & 1) ? static_cast<int32_t>(d) : static_cast<int16_t>(d);
      }
      if (c.failed()) return true;
      if (lastData_->iterated) {
        if (!iteratedFixups(f, recordOffset)) return false;
        continue;
      }
      const Segment& s = module_.segments[f.segment];
      if (static_cast<uint64_t>(f.offset) + fixupWidth(f.kind) > s.data.size())
        return error(fmt::format("fixup at {}:{:X}h lies outside the data of its LEDATA record", s.name, f.offset));
      module_.fixups.push_back(f);
    }
    return true;
  }

  // A fixup after LIDATA patches every copy of the content bytes it addresses.
  bool iteratedFixups(Fixup f, uint32_t recordOffset) {
    if (f.selfRelative) return error("self-relative fixup on a LIDATA record (not allowed by the OMF specification)");
    uint32_t width = fixupWidth(f.kind);
    size_t copies = 0;
    for (size_t i = 0; i + width <= lidataOrigin_.size(); ++i) {
      bool match = true;
      for (uint32_t k = 0; k < width && match; ++k) match = lidataOrigin_[i + k] == recordOffset + k;
      if (!match) continue;
      f.offset = lastData_->offset + static_cast<uint32_t>(i);
      module_.fixups.push_back(f);
      ++copies;
    }
    if (copies == 0)
      return error(fmt::format("fixup at LIDATA data offset {:X}h does not address {} content byte(s) of the "
                               "iterated data (it points into a count field)",
                               recordOffset, width));
    return true;
  }

  bool modend(ByteCursor& c) {
    uint8_t type = c.u8();
    module_.isMain = (type & 0x80) != 0;
    if ((type & 0x40) == 0) return true;
    if ((type & 1) == 0) return error("MODEND with a physical start address is not supported");
    uint8_t endData = c.u8();
    EntryPoint e;
    if (endData & 0x80) return error("MODEND start address uses a frame thread");
    if (!reference(c, (endData >> 4) & 7, true, e.frame)) return false;
    if (endData & 0x08) return error("MODEND start address uses a target thread");
    if (!reference(c, endData & 3, false, e.target)) return false;
    if ((endData & 0x04) == 0) e.displacement = c.word();
    module_.entry = e;
    return true;
  }

  struct Thread {
    bool defined = false;
    Ref ref;
  };
  struct LastData {
    uint32_t segment;
    uint32_t offset;
    bool iterated;
  };

  const std::string& file_;
  LinkDiagnostics& diag_;
  const RawRecord* record_ = nullptr;
  uint8_t recordType_ = 0;
  Module module_;
  std::vector<std::string> names_;
  Thread frameThreads_[4];
  Thread targetThreads_[4];
  std::optional<LastData> lastData_;
  std::vector<uint32_t> lidataOrigin_;  // see expandBlock
  static constexpr uint64_t kLidataLimit = uint64_t{1} << 24;  // a module's LIDATA bytes, expanded
  uint64_t lidataExpanded_ = 0;
};

}  // namespace

std::optional<Module> readModule(std::span<const uint8_t> bytes, uint64_t start, const std::string& file,
                                 LinkDiagnostics& diag, uint64_t* end) {
  std::vector<RawRecord> records;
  if (!splitModuleRecords(bytes, start, file, diag, records, end)) return std::nullopt;
  return ModuleParser(file, diag).parse(records);
}

std::optional<Module> readObject(std::span<const uint8_t> bytes, const std::string& file, LinkDiagnostics& diag) {
  if (!bytes.empty() && bytes[0] == 0xF0) {
    diag.error(file, "this is an OMF library (.LIB), not an object module", 0);
    return std::nullopt;
  }
  return readModule(bytes, 0, file, diag);
}

bool readFileBytes(const std::string& path, std::vector<uint8_t>& out, LinkDiagnostics& diag) {
  // Opening a directory succeeds on Linux and the first read fails (EISDIR), which an
  // istreambuf_iterator reports by throwing: say what the path is before reading it.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    diag.error(path, "is a directory, not an object module or library");
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diag.error(path, "cannot open file");
    return false;
  }
  try {
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } catch (const std::ios_base::failure&) {
    diag.error(path, "cannot read file");
    return false;
  }
  if (in.bad()) {
    diag.error(path, "cannot read file");
    return false;
  }
  return true;
}

}  // namespace asmlab::link
