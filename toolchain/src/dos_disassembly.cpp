#include "asmlab/toolchain/dos_disassembly.hpp"

#include <algorithm>
#include <cctype>
#include <deque>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "asmlab/link/com_writer.hpp"
#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz_reader.hpp"
#include "asmlab/link/mz_writer.hpp"
#include "asmlab/masm/assembler.hpp"
#include "asmlab/x86/disassembler.hpp"

namespace asmlab::toolchain {

namespace dis = asmlab::x86::dis;

namespace {

constexpr uint32_t kComOrigin = 0x100;  // a .COM is loaded at PSP:0100h

// The program as DOS would load it: the image, and (for an .EXE) its relocations and registers.
struct DosImage {
  bool com = false;
  std::vector<uint8_t> image;
  std::map<uint32_t, uint16_t> relocations;  // image offset of the word -> the segment it holds
  uint16_t cs = 0, ip = 0, ss = 0, sp = 0;
  uint32_t memory = 0;  // image bytes plus the uninitialised memory the header asks for
};

struct Decoded {
  dis::Instruction insn;
  uint16_t frame = 0;
};

// One disassembly attempt's text and, per line, the image offset it came from.
struct Listing {
  std::string text;
  std::vector<uint32_t> lineOffsets;  // index = line number - 1; UINT32_MAX for lines with no bytes
};

dis::Cpu cpuModel(const std::string& cpu) {
  if (cpu == "80186") return dis::Cpu::I80186;
  if (cpu == "80286") return dis::Cpu::I80286;
  if (cpu == "80386") return dis::Cpu::I80386;
  return dis::Cpu::I8086;
}

class DosDisassembler {
public:
  DosDisassembler(DosImage program, const DosDisassemblyOptions& options)
      : p_(std::move(program)), options_(options), cpu_(cpuModel(options.cpu)) {}

  DosDisassembly run() {
    findSegments();
    findCode();
    DosDisassembly result;
    // Every round demotes at least one instruction to data, so this ends; the bound is a guard.
    for (size_t round = 0; round <= code_.size() + 1; ++round) {
      Listing listing = emit();
      std::string difference;
      const std::optional<uint32_t> wrong = check(listing, difference);
      result.source = listing.text;
      if (difference.empty()) {
        result.exact = true;
        break;
      }
      result.difference = difference;
      // The instruction at fault, and one that starts inside the same word (a relocated word
      // that two instructions share can only be written as data).
      const bool first = wrong && demoteAt(*wrong);
      const bool second = wrong && demoteAt(*wrong + 1);
      if (!first && !second) break;
    }
    for (const auto& [offset, d] : code_) result.instructions += demoted_.count(offset) == 0;
    result.dataBytes = p_.image.size();
    for (const auto& [offset, d] : code_)
      if (!demoted_.count(offset)) result.dataBytes -= d.insn.length;
    return result;
  }

private:
  // ---- analysis --------------------------------------------------------------------------------

  // Segments start at every paragraph the program names: CS, SS, and every relocated word's value.
  void findSegments() {
    std::set<uint16_t> frames{0};
    if (!p_.com) {
      frames.insert(p_.cs);
      frames.insert(p_.ss);
      for (const auto& [site, value] : p_.relocations) frames.insert(value);
    }
    for (uint16_t f : frames)
      if (uint32_t{f} * 16 < std::max<uint32_t>(p_.memory, 1)) frames_.push_back(f);
  }

  uint16_t frameOf(uint32_t offset) const {
    uint16_t frame = frames_.front();
    for (uint16_t f : frames_)
      if (uint32_t{f} * 16 <= offset) frame = f;
    return frame;
  }
  uint32_t segmentEnd(uint16_t frame) const {
    auto it = std::upper_bound(frames_.begin(), frames_.end(), frame);
    return it == frames_.end() ? p_.memory : uint32_t{*it} * 16;
  }
  // The IP of an image offset in its segment (a .COM's offsets start at 100h).
  uint32_t ipOf(uint32_t offset, uint16_t frame) const { return p_.com ? offset + kComOrigin : offset - uint32_t{frame} * 16; }
  std::optional<uint32_t> offsetOf(uint16_t frame, uint32_t ip) const {
    if (p_.com) return ip >= kComOrigin ? std::optional<uint32_t>(ip - kComOrigin) : std::nullopt;
    return uint32_t{frame} * 16 + ip;
  }

  dis::Instruction decodeAt(uint32_t offset, uint16_t frame) const {
    dis::DecodeOptions o;
    o.cpu = cpu_;
    o.address = ipOf(offset, frame);
    const uint32_t end = std::min<uint32_t>(segmentEnd(frame), static_cast<uint32_t>(p_.image.size()));
    auto fetch = [&](uint32_t i) -> uint8_t { return offset + i < end ? p_.image[offset + i] : 0; };
    return dis::decode(fetch, o);
  }

  // Follows the flow from the entry point (and every direct jump and call) through the image.
  void findCode() {
    std::deque<std::pair<uint32_t, uint16_t>> work;
    if (auto entry = offsetOf(p_.com ? 0 : p_.cs, p_.ip)) work.emplace_back(*entry, p_.com ? 0 : p_.cs);
    for (const auto& [offset, name] : options_.names) work.emplace_back(offset, frameOf(offset));
    auto covered = [&](uint32_t offset) {
      auto it = code_.upper_bound(offset);
      if (it == code_.begin()) return false;
      --it;
      return offset < it->first + it->second.insn.length;
    };
    while (!work.empty()) {
      auto [offset, frame] = work.front();
      work.pop_front();
      for (;;) {
        if (offset >= p_.image.size() || code_.count(offset) || covered(offset)) break;
        const uint32_t end = std::min<uint32_t>(segmentEnd(frame), static_cast<uint32_t>(p_.image.size()));
        dis::Instruction insn = decodeAt(offset, frame);
        if (!insn.valid || insn.undocumented || offset + insn.length > end) break;
        // An instruction may not overlap one found earlier.
        bool overlaps = false;
        for (uint32_t i = 1; i < insn.length; ++i) overlaps |= code_.count(offset + i) != 0;
        if (overlaps) break;
        code_[offset] = {insn, frame};
        const dis::Flow flow = insn.flow;
        if ((flow == dis::Flow::Jump || flow == dis::Flow::ConditionalJump || flow == dis::Flow::Call) && insn.target.known) {
          const uint16_t targetFrame = insn.target.far ? insn.target.segment : frame;
          if (auto target = offsetOf(targetFrame, insn.target.offset); target && *target < p_.image.size()) {
            work.emplace_back(*target, targetFrame);
            targets_.insert(*target);
          }
        }
        if (flow == dis::Flow::Jump || flow == dis::Flow::Return || flow == dis::Flow::InterruptReturn ||
            flow == dis::Flow::Halt)
          break;
        offset += insn.length;
      }
    }
  }

  bool demoteAt(uint32_t offset) {
    auto it = code_.upper_bound(offset);
    if (it == code_.begin()) return false;
    --it;
    if (offset >= it->first + it->second.insn.length || demoted_.count(it->first)) return false;
    demoted_.insert(it->first);
    return true;
  }

  bool isCode(uint32_t offset) const { return code_.count(offset) && !demoted_.count(offset); }

  // ---- text ------------------------------------------------------------------------------------

  std::string segmentName(uint16_t frame) const { return p_.com ? "CODE" : fmt::format("S{:04X}", frame); }

  uint32_t entry() const { return p_.com ? p_.ip - kComOrigin : uint32_t{p_.cs} * 16 + p_.ip; }
  std::string labelAt(uint32_t offset) const {
    if (auto it = options_.names.find(offset); it != options_.names.end()) return it->second;
    if (offset == entry()) return "start";
    return fmt::format("L{:05X}", offset);
  }
  bool needsLabel(uint32_t offset) const {
    return targets_.count(offset) || options_.names.count(offset) || offset == entry();
  }

  // Bytes as `db` lines, with `dw SEGMENT` for relocated words, 16 to a line.
  void emitData(Listing& out, uint32_t from, uint32_t to) {
    uint32_t at = from;
    while (at < to) {
      if (auto r = p_.relocations.find(at); r != p_.relocations.end() && at + 2 <= to) {
        line(out, fmt::format("        dw {}", segmentName(r->second)), at);
        at += 2;
        continue;
      }
      // A run of one byte value (a zeroed buffer, a stack written out) is one DUP line.
      uint32_t same = at + 1;
      while (same < to && p_.image[same] == p_.image[at] && !p_.relocations.count(same)) ++same;
      if (same - at >= 16) {
        line(out, fmt::format("        db {} dup({})", same - at, dis::masmHex(p_.image[at])), at);
        at = same;
        continue;
      }
      uint32_t end = at + 1;  // at least one byte: a relocated word cut by `to` is written as bytes
      while (end < to && end - at < 16 && !p_.relocations.count(end)) ++end;
      std::string text = "        db ";
      for (uint32_t i = at; i < end; ++i) text += fmt::format("{}{}", i == at ? "" : ", ", dis::masmHex(p_.image[i]));
      line(out, text, at);
      at = end;
    }
  }

  void line(Listing& out, const std::string& text, uint32_t offset) {
    out.text += text;
    out.text += '\n';
    out.lineOffsets.push_back(offset);
  }

  // An instruction's text with branch targets as labels and a relocated immediate as its segment;
  // nullopt when it cannot be written as an instruction (a relocation inside, a target unnamed).
  std::optional<std::string> instructionText(uint32_t offset, const Decoded& d) const {
    dis::DecodeOptions o;
    o.cpu = cpu_;
    o.address = ipOf(offset, d.frame);
    bool unnamed = false;
    o.symbols = [&](const dis::SymbolQuery& q) -> std::optional<std::string> {
      if (q.kind == dis::SymbolQuery::Kind::Data) return std::nullopt;
      const uint16_t frame = q.kind == dis::SymbolQuery::Kind::FarCode ? q.segment : d.frame;
      auto target = offsetOf(frame, q.offset);
      if (target && isCode(*target) && frameOf(*target) == frame) return labelAt(*target);
      unnamed = true;
      return std::nullopt;
    };
    const uint32_t end = offset + d.insn.length;
    auto fetch = [&](uint32_t i) -> uint8_t { return offset + i < end ? p_.image[offset + i] : 0; };
    dis::Instruction insn = dis::decode(fetch, o);
    if (unnamed || insn.length != d.insn.length) return std::nullopt;
    std::string text = insn.text;
    for (uint32_t i = offset; i < end; ++i) {
      auto r = p_.relocations.find(i);
      if (r == p_.relocations.end()) continue;
      // Only a trailing 16-bit immediate can name a segment in MASM text (mov ax, seg).
      const std::string value = dis::masmHex(r->second);
      if (i + 2 != end || text.size() < value.size() || text.compare(text.size() - value.size(), value.size(), value) != 0)
        return std::nullopt;
      text = text.substr(0, text.size() - value.size()) + segmentName(r->second);
    }
    return "        " + text;
  }

  // The segments written: one per frame, except that the stack (SS up to SP) is a segment of its
  // own, so that the linker sets SS:SP as the program had them; the rest of its paragraph's
  // segment follows it byte-aligned.
  struct Piece {
    uint32_t start = 0, end = 0;
    std::string name;
    const char* align = "para";
    bool stack = false;
  };
  std::vector<Piece> pieces() const {
    std::vector<Piece> out;
    const uint32_t stackEnd = uint32_t{p_.ss} * 16 + p_.sp;
    for (uint16_t frame : frames_) {
      const uint32_t start = p_.com ? 0 : uint32_t{frame} * 16, end = segmentEnd(frame);
      if (!p_.com && frame == p_.ss && stackEnd > start && stackEnd <= end) {
        out.push_back({start, stackEnd, segmentName(frame), "para", true});
        if (stackEnd < end) out.push_back({stackEnd, end, segmentName(frame) + "B", "byte", false});
        continue;
      }
      out.push_back({start, end, segmentName(frame), "para", false});
    }
    return out;
  }

  Listing emit() {
    Listing out;
    line(out, "; asmlab dis: a MASM program that `asmlab build` assembles back to the same bytes", UINT32_MAX);
    if (cpu_ != dis::Cpu::I8086)
      line(out, cpu_ == dis::Cpu::I80186 ? ".186" : cpu_ == dis::Cpu::I80286 ? ".286" : ".386", UINT32_MAX);
    for (const Piece& piece : pieces()) {
      const std::string& name = piece.name;
      line(out, fmt::format("{} segment {} {}'PROG'", name, piece.align, piece.stack ? "stack " : "public "), UINT32_MAX);
      line(out, fmt::format("        assume cs:{0}, ds:{0}, es:{0}, ss:{0}", name), UINT32_MAX);
      if (p_.com) line(out, "        org 100h", UINT32_MAX);
      const uint32_t initialised = std::min<uint32_t>(piece.end, static_cast<uint32_t>(p_.image.size()));
      uint32_t at = piece.start;
      while (at < initialised) {
        if (needsLabel(at)) line(out, isCode(at) ? labelAt(at) + ":" : labelAt(at) + " label near", UINT32_MAX);
        if (isCode(at)) {
          const Decoded& d = code_.at(at);
          if (auto text = instructionText(at, d)) {
            line(out, *text, at);
            at += d.insn.length;
            continue;
          }
          emitData(out, at, at + d.insn.length);
          at += d.insn.length;
          continue;
        }
        uint32_t next = at + 1;
        while (next < initialised && !isCode(next) && !needsLabel(next)) ++next;
        emitData(out, at, next);
        at = next;
      }
      if (piece.end > std::max(initialised, piece.start))
        line(out, fmt::format("        db {} dup(?)", piece.end - std::max(initialised, piece.start)), UINT32_MAX);
      line(out, fmt::format("{} ends", name), UINT32_MAX);
    }
    line(out, entry() < p_.image.size() ? "        end " + labelAt(entry()) : "        end", UINT32_MAX);
    return out;
  }

  // ---- the round trip -----------------------------------------------------------------------------

  // Assembles and links the listing; "" in `difference` when it gives the same program, else what
  // differs and the image offset to write as data next (nullopt when no instruction is to blame).
  std::optional<uint32_t> check(const Listing& listing, std::string& difference) {
    Diagnostics d;
    masm::Options options;
    options.cpu = cpu_ == dis::Cpu::I8086 ? masm::Cpu::I8086 : cpu_ == dis::Cpu::I80186 ? masm::Cpu::I186
                  : cpu_ == dis::Cpu::I80286 ? masm::Cpu::I286 : masm::Cpu::I386;
    auto result = masm::assemble(std::make_shared<const SourceFile>("dis.asm", listing.text), options, d);
    if (d.hasErrors()) {
      for (const auto& e : d.all()) {
        if (e.severity != Severity::Error) continue;
        difference = "it does not assemble: " + e.message;
        if (e.location.line >= 1 && e.location.line <= listing.lineOffsets.size() &&
            listing.lineOffsets[e.location.line - 1] != UINT32_MAX)
          return listing.lineOffsets[e.location.line - 1];
        return std::nullopt;
      }
    }
    link::LinkDiagnostics ld;
    link::LinkOptions lo;
    lo.format = p_.com ? link::OutputFormat::Com : link::OutputFormat::Exe;
    lo.useDefaultLibraries = false;
    std::vector<link::InputModule> modules;
    modules.push_back({std::move(result.module), "dis.asm"});
    auto linked = link::link(std::move(modules), {}, lo, ld);
    if (!linked) {
      difference = "it does not link: " + (ld.all().empty() ? std::string() : ld.all().front().message);
      return std::nullopt;
    }
    std::vector<uint8_t> image, file = p_.com ? link::writeCom(*linked) : link::writeMz(*linked);
    DosImage again;
    if (p_.com) {
      image = file;
    } else {
      auto mz = link::readMz(file, "dis.exe", ld);
      if (!mz) {
        difference = "its .EXE cannot be read back";
        return std::nullopt;
      }
      image = mz->image;
      again.cs = mz->header.cs, again.ip = mz->header.ip, again.ss = mz->header.ss, again.sp = mz->header.sp;
      for (const auto& r : mz->relocations) again.relocations[r.linear()] = 0;
    }
    const size_t common = std::min(image.size(), p_.image.size());
    for (size_t i = 0; i < common; ++i) {
      if (image[i] != p_.image[i]) {
        difference = fmt::format("byte {:X}h is {:02X}h instead of {:02X}h", i, image[i], p_.image[i]);
        return static_cast<uint32_t>(i);
      }
    }
    if (image.size() != p_.image.size()) {
      difference = fmt::format("the image has {} bytes instead of {}", image.size(), p_.image.size());
      return std::nullopt;
    }
    if (!p_.com) {
      for (const auto& [site, value] : p_.relocations) {
        if (!again.relocations.count(site)) {
          difference = fmt::format("no relocation at {:X}h", site);
          return site;
        }
      }
      if (again.relocations.size() != p_.relocations.size()) {
        difference = "the relocations differ";
        return std::nullopt;
      }
      if (again.cs != p_.cs || again.ip != p_.ip || again.ss != p_.ss || again.sp != p_.sp) {
        difference = fmt::format("CS:IP {:04X}:{:04X} SS:SP {:04X}:{:04X} instead of {:04X}:{:04X} {:04X}:{:04X}", again.cs,
                                 again.ip, again.ss, again.sp, p_.cs, p_.ip, p_.ss, p_.sp);
        return std::nullopt;
      }
    }
    difference.clear();
    return std::nullopt;
  }

  DosImage p_;
  const DosDisassemblyOptions& options_;
  dis::Cpu cpu_;
  std::vector<uint16_t> frames_;
  std::map<uint32_t, Decoded> code_;
  std::set<uint32_t> demoted_;
  std::set<uint32_t> targets_;
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::optional<DosDisassembly> disassembleDosProgram(const std::string& name, const std::string& bytes,
                                                    const DosDisassemblyOptions& options, Diagnostics& diagnostics) {
  DosImage program;
  const bool mz = bytes.size() >= 2 && ((bytes[0] == 'M' && bytes[1] == 'Z') || (bytes[0] == 'Z' && bytes[1] == 'M'));
  if (mz) {
    link::LinkDiagnostics ld;
    std::vector<uint8_t> file(bytes.begin(), bytes.end());
    auto exe = link::readMz(file, name, ld);
    if (!exe) {
      for (const auto& m : ld.all()) diagnostics.error({}, fmt::format("{}: {}", name, m.message));
      return std::nullopt;
    }
    program.image = exe->image;
    for (const auto& r : exe->relocations)
      program.relocations[r.linear()] = static_cast<uint16_t>(exe->image[r.linear()] | (exe->image[r.linear() + 1] << 8));
    program.cs = exe->header.cs, program.ip = exe->header.ip, program.ss = exe->header.ss, program.sp = exe->header.sp;
    program.memory = static_cast<uint32_t>(exe->image.size()) + uint32_t{exe->header.minAlloc} * 16;
    program.memory = std::max(program.memory, uint32_t{program.ss} * 16 + program.sp);
  } else {
    if (lower(name).size() < 4 || lower(name).substr(lower(name).size() - 4) != ".com") {
      diagnostics.error({}, fmt::format("{}: not a DOS program (.COM, or an .EXE with the MZ signature)", name));
      return std::nullopt;
    }
    if (bytes.empty() || bytes.size() > 0xFF00) {
      diagnostics.error({}, fmt::format("{}: a .COM holds 1 to 65280 bytes; this one has {}", name, bytes.size()));
      return std::nullopt;
    }
    program.com = true;
    program.image.assign(bytes.begin(), bytes.end());
    program.ip = kComOrigin;
    program.memory = static_cast<uint32_t>(bytes.size());
  }
  DosDisassembler disassembler(std::move(program), options);
  return disassembler.run();
}

std::map<uint32_t, std::string> readMapPublics(const std::string& text) {
  std::map<uint32_t, std::string> names;
  static const std::regex publicLine(R"(^\s*([0-9A-Fa-f]{4}):([0-9A-Fa-f]{4})\s+([A-Za-z_@$?][A-Za-z0-9_@$?]*)\s*$)");
  std::istringstream in(text);
  bool inPublics = false;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find("Publics by") != std::string::npos) inPublics = true;
    std::smatch m;
    if (inPublics && std::regex_match(line, m, publicLine))
      names.emplace(std::stoul(m[1], nullptr, 16) * 16 + std::stoul(m[2], nullptr, 16), m[3]);
  }
  return names;
}

}  // namespace asmlab::toolchain
