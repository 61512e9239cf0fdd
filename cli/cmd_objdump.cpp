// `asmlab objdump`: what is inside an OMF object, an OMF library or a DOS .EXE, for students
// looking at their object files and for tests.
#include <iostream>

#include <fmt/format.h>

#include "asmlab/link/mz.hpp"
#include "asmlab/link/omf_library.hpp"
#include "asmlab/link/omf_reader.hpp"
#include "command.hpp"

namespace asmlab::cli {
namespace {

using namespace asmlab::link;

std::string refText(const Module& m, const Ref& r) {
  switch (r.kind) {
    case RefKind::Segment: return r.index < m.segments.size() ? "SI(" + m.segments[r.index].name + ")" : "SI(?)";
    case RefKind::Group: return r.index < m.groups.size() ? "GI(" + m.groups[r.index].name + ")" : "GI(?)";
    case RefKind::Extern: return r.index < m.externs.size() ? "EI(" + m.externs[r.index].name + ")" : "EI(?)";
    case RefKind::Absolute: return fmt::format("FRAME({:04X})", r.index);
    case RefKind::Location: return "LOCATION";
    case RefKind::Target: return "TARGET";
    case RefKind::None: return "NONE";
  }
  return "?";
}

void dumpHex(std::ostream& out, const std::vector<uint8_t>& data, uint32_t limit) {
  for (uint32_t i = 0; i < data.size() && i < limit; i += 16) {
    out << fmt::format("      {:04X}:", i);
    for (uint32_t j = i; j < i + 16 && j < data.size(); ++j) out << fmt::format(" {:02X}", data[j]);
    out << '\n';
  }
  if (data.size() > limit) out << fmt::format("      ... {} more bytes\n", data.size() - limit);
}

void dumpModule(std::ostream& out, std::span<const uint8_t> bytes, uint64_t start, const std::string& file,
                LinkDiagnostics& diag, bool showData) {
  std::vector<RawRecord> records;
  if (!splitModuleRecords(bytes, start, file, diag, records)) return;
  out << "  Records:\n";
  for (const auto& r : records)
    out << fmt::format("    {:06X}  {:02X}h {:<9} {:5} bytes\n", r.offset, r.type, recordName(r.type), r.body.size());
  auto m = readModule(bytes, start, file, diag);
  if (!m) return;
  out << fmt::format("  Module {}{}\n", m->name, m->isMain ? " (main)" : "");
  out << "  Segments:\n";
  for (size_t i = 0; i < m->segments.size(); ++i) {
    const auto& s = m->segments[i];
    out << fmt::format("    {:2} {:<16} class '{}'{} {} {} {} length {:04X}h, {} bytes initialised\n", i + 1, s.name,
                       s.className, s.overlayName.empty() ? "" : " overlay '" + s.overlayName + "'",
                       toString(s.align), toString(s.combine), s.use32 ? "USE32" : "USE16", s.length, s.data.size());
    if (showData) dumpHex(out, s.data, 256);
  }
  if (!m->groups.empty()) out << "  Groups:\n";
  for (const auto& g : m->groups) {
    out << "    " << g.name << ':';
    for (auto s : g.segments) out << ' ' << (s < m->segments.size() ? m->segments[s].name : "?");
    out << '\n';
  }
  if (!m->publics.empty()) out << "  Publics:\n";
  for (const auto& p : m->publics)
    out << fmt::format("    {:<24} {}:{:04X}h{}\n", p.name,
                       p.segment ? m->segments[*p.segment].name : fmt::format("abs {:04X}", p.absoluteFrame), p.offset,
                       p.local ? " (local)" : "");
  if (!m->externs.empty()) out << "  Externals:\n";
  for (size_t i = 0; i < m->externs.size(); ++i) {
    const auto& e = m->externs[i];
    std::string kind = e.local ? " (local)" : "";
    if (e.communal)
      kind += fmt::format(" communal {} {} x {}", e.communal->far ? "FAR" : "NEAR", e.communal->elementCount,
                          e.communal->elementSize);
    out << fmt::format("    {:2} {}{}\n", i + 1, e.name, kind);
  }
  if (!m->fixups.empty()) out << "  Fixups:\n";
  for (const auto& f : m->fixups)
    out << fmt::format("    {}:{:04X}h {:<9} {} frame {} target {}{}\n", m->segments[f.segment].name, f.offset,
                       toString(f.kind), f.selfRelative ? "self-rel" : "seg-rel ", refText(*m, f.frame),
                       refText(*m, f.target), f.displacement ? fmt::format(" {:+d}", f.displacement) : "");
  for (const auto& c : m->comments) {
    std::string text;
    for (char ch : c.text) text += (ch >= 0x20 && ch < 0x7F) ? std::string(1, ch) : fmt::format("\\x{:02X}", static_cast<uint8_t>(ch));
    const char* meaning = c.commentClass == 0x9F ? " (default library)" : c.commentClass == 0x9E ? " (DOSSEG)"
                          : c.commentClass == 0xA2 ? " (link pass separator)" : c.commentClass == 0x00 ? " (translator)" : "";
    out << fmt::format("  Comment class {:02X}h{}: {}\n", c.commentClass, meaning, text);
  }
  if (!m->lines.empty()) out << fmt::format("  Line numbers: {}\n", m->lines.size());
  if (m->entry)
    out << fmt::format("  Entry point: frame {} target {} + {:X}h\n", refText(*m, m->entry->frame),
                       refText(*m, m->entry->target), m->entry->displacement);
}

void dumpExe(std::ostream& out, std::span<const uint8_t> bytes, const std::string& file, LinkDiagnostics& diag) {
  auto f = readMz(bytes, file, diag);
  if (!f) return;
  const MzHeader& h = f->header;
  out << fmt::format("{}: DOS MZ executable\n", file);
  out << fmt::format("  file size        {} bytes ({} pages, {} in the last)\n", h.fileSize(), h.pages, h.lastPageBytes);
  out << fmt::format("  header           {} paragraphs\n", h.headerParagraphs);
  out << fmt::format("  load image       {} bytes\n", f->image.size());
  out << fmt::format("  min/max alloc    {:04X}h / {:04X}h paragraphs\n", h.minAlloc, h.maxAlloc);
  out << fmt::format("  initial SS:SP    {:04X}:{:04X}\n", h.ss, h.sp);
  out << fmt::format("  initial CS:IP    {:04X}:{:04X}\n", h.cs, h.ip);
  out << fmt::format("  checksum         {:04X}h ({})\n", h.checksum,
                     h.checksum == 0 ? "not set" : mzChecksum(bytes.first(h.fileSize())) == h.checksum ? "valid" : "wrong");
  out << fmt::format("  relocations      {} at {:04X}h\n", h.relocationCount, h.relocationOffset);
  for (const auto& r : f->relocations) {
    uint16_t value = static_cast<uint16_t>(f->image[r.linear()] | (f->image[r.linear() + 1] << 8));
    out << fmt::format("    {:04X}:{:04X}  holds {:04X}\n", r.segment, r.offset, value);
  }
}

int runObjdump(const std::vector<std::string>& files, bool showData) {
  LinkDiagnostics diag;
  for (const auto& file : files) {
    std::vector<uint8_t> bytes;
    if (!readFileBytes(file, bytes, diag)) continue;
    if (bytes.size() >= 2 && ((bytes[0] == 'M' && bytes[1] == 'Z') || (bytes[0] == 'Z' && bytes[1] == 'M'))) {
      dumpExe(std::cout, bytes, file, diag);
    } else if (!bytes.empty() && bytes[0] == 0xF0) {
      auto lib = Library::read(bytes, file, diag);
      if (!lib) continue;
      std::cout << fmt::format("{}: OMF library, page size {}, {} dictionary blocks{}\n", file, lib->pageSize(),
                               lib->dictionaryBlocks(), lib->caseSensitive() ? ", case-sensitive" : "");
      std::cout << "  Dictionary:\n";
      for (const auto& [name, member] : lib->dictionaryEntries())
        std::cout << fmt::format("    {:<24} {}\n", name,
                                 member < lib->members().size() ? lib->members()[member].name : "(no such module)");
      for (size_t i = 0; i < lib->members().size(); ++i) {
        std::cout << fmt::format("Member {} at {:X}h\n", lib->memberLabel(i), lib->members()[i].offset);
        dumpModule(std::cout, bytes, lib->members()[i].offset, file, diag, showData);
      }
    } else {
      std::cout << file << ": OMF object\n";
      dumpModule(std::cout, bytes, 0, file, diag, showData);
    }
  }
  diag.render(std::cerr);
  return diag.hasErrors() ? 1 : 0;
}

CommandRegistration objdumpCommand("objdump", [](CLI::App& app) -> std::function<int()> {
  auto files = std::make_shared<std::vector<std::string>>();
  auto data = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("objdump", "Show the records, segments, symbols and fixups of .OBJ/.LIB/.EXE files");
  cmd->add_option("files", *files, "Object, library or MZ executable files")->required();
  cmd->add_flag("-d,--data", *data, "Also dump segment data bytes");
  return [files, data] { return runObjdump(*files, *data); };
});

}  // namespace
}  // namespace asmlab::cli
