// The object module (asmlab::link::Module) and the listing file.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {

// Line numbers (Options::lineNumbers, MASM /Zd): called from emitBytes for the first bytes of
// each statement. Every pass records afresh, so the last pass's offsets are the ones kept.
void Assembler::recordLine() {
  lineStatement = currentStatement;
  if (!currentStatement || pass == 1) return;
  auto& lines = result_.module.lines;
  if (linePass != pass) {
    lines.clear();
    linePass = pass;
  }
  // The outermost invocation's line for macro code (as MASM's /Zd), else the line itself.
  const LineOrigin origin = statementLines[currentStatement->line];
  const SourceFile* file = originFile(currentStatement->line).get();
  uint32_t lineNumber = origin.line;
  if (origin.expansion != UINT32_MAX)
    for (const ExpansionInfo* e = originExpansions[origin.expansion].get(); e; e = e->parent.get()) {
      file = e->invokedAt.file.get();
      lineNumber = e->invokedAt.line;
    }
  if (!file) return;
  const auto segment = static_cast<uint32_t>(current);
  lines.push_back({segment, lineNumber, segments[segment].pc, lineFile(file)});
}

uint32_t Assembler::lineFile(const SourceFile* file) {
  for (size_t i = lineSources.size(); i-- > 0;)
    if (lineSources[i] == file) return static_cast<uint32_t>(i);
  lineSources.push_back(file);
  result_.module.lineFiles.push_back(file->name());
  return static_cast<uint32_t>(lineSources.size() - 1);
}

void Assembler::buildModule() {
  link::Module& m = result_.module;
  size_t fixupCount = 0;
  for (const SegmentState& s : segments) fixupCount += s.fixups.size();
  m.fixups.reserve(m.fixups.size() + fixupCount);
  for (auto& s : segments) {
    link::Segment& out = m.segments.emplace_back();
    out.name = s.name;
    out.className = s.className;
    out.align = s.align;
    out.combine = s.combine;
    out.use32 = s.use32;
    out.length = s.length;
    // The last pass's bytes and fixups are final: moved, not copied, so the largest buffers of
    // the assembly are not held twice (the listing reads the bytes from the module).
    out.data = std::move(s.data);
    out.absoluteFrame = s.atFrame;
    m.fixups.insert(m.fixups.end(), s.fixups.begin(), s.fixups.end());
    std::vector<link::Fixup>().swap(s.fixups);
  }
  m.groups = groups;
  for (Symbol* e : externals) {
    link::Extern x;
    x.name = e->name;
    m.externs.push_back(std::move(x));
  }
  // Publics in a stable order (by name) so the object does not depend on hash order.
  std::vector<Symbol*> pubs;
  for (const GlobalEntry& g : globals)
    if (g.symbol->isPublic && !g.isField()) pubs.push_back(g.symbol);
  std::sort(pubs.begin(), pubs.end(), [](Symbol* a, Symbol* b) { return a->name < b->name; });
  for (Symbol* s : pubs) {
    link::Public p;
    p.name = s->name;
    if (s->kind == SymKind::Label || s->kind == SymKind::Variable) {
      p.segment = static_cast<uint32_t>(s->segment);
      if (segments[static_cast<size_t>(s->segment)].group >= 0)
        p.group = static_cast<uint32_t>(segments[static_cast<size_t>(s->segment)].group);
      p.offset = static_cast<uint32_t>(s->value);
    } else if (s->kind == SymKind::Constant) {
      p.offset = static_cast<uint32_t>(s->value);
    } else if (s->kind == SymKind::External) {
      continue;
    } else {
      Diagnostic d;
      d.severity = Severity::Error;
      d.location = definedAt(*s);
      d.message = fmt::format("PUBLIC symbol '{}' is not defined in this module", s->name);
      diags.add(std::move(d));
      continue;
    }
    m.publics.push_back(std::move(p));
  }
  // END label: the program's entry point.
  for (auto it = statements.rbegin(); it != statements.rend(); ++it) {
    if (it->kind != StmtKind::End) continue;
    currentStatement = &*it;
    Value v = evaluate(it->operands[0], true);
    for (auto& d : passDiagnostics) diags.add(std::move(d));
    clearPassDiagnostics();
    if (v.unknown) break;
    if (!v.relocatable || v.segmentValue || v.target.kind != link::RefKind::Segment) {
      Diagnostic d;
      d.severity = Severity::Error;
      d.location = originLocation(it->line);
      d.message = "END needs a code label in this module as the entry point";
      diags.add(std::move(d));
      break;
    }
    link::EntryPoint e;
    e.target = v.target;
    e.frame = frameFor(v);
    if (model != Model::Tiny && e.frame.kind == link::RefKind::Group) e.frame = {link::RefKind::Target, 0};
    e.displacement = static_cast<uint32_t>(v.num);
    const auto text =
        std::find_if(segments.begin(), segments.end(), [](const SegmentState& g) { return g.name == "_TEXT"; });
    if (emu8086Source && model == Model::Tiny && text != segments.end() &&
        !(v.target.index == static_cast<uint32_t>(text - segments.begin()) && v.num == 0x100)) {
      // emu8086 runs a .COM from its first byte whatever END names (its documentation, "COM
      // files": execution always starts from the first byte of the file); TLINK /t refuses the
      // entry instead.
      Diagnostic d;
      d.severity = Severity::Warning;
      d.location = originLocation(it->line);
      d.message = fmt::format(
          "a .COM program starts at its first byte (100h), as emu8086 runs it: the END label's "
          "offset {:X}h is not its entry",
          v.num);
      diags.add(std::move(d));
      e.target = {link::RefKind::Segment, static_cast<uint32_t>(text - segments.begin())};
      e.displacement = 0x100;
    }
    m.entry = e;
    m.isMain = true;
    break;
  }
  if (!m.entry) {
    if (Symbol* st = findSymbol("@Startup", -1, 0); st && st->kind == SymKind::Label) {
      link::EntryPoint e;
      e.target = {link::RefKind::Segment, static_cast<uint32_t>(st->segment)};
      e.frame = {link::RefKind::Target, 0};
      e.displacement = static_cast<uint32_t>(st->value);
      m.entry = e;
      m.isMain = true;
    }
  }
  // Nothing below reads the statements: without a listing they are given back now, before the
  // label table is built, so that the two are never held at once (the largest buffers of a large
  // assembly).
  if (!options.listing) {
    std::vector<Statement>().swap(statements);
    currentStatement = nullptr;
  }
  result_.labels.reserve(result_.labels.size() + globals.size() + localOwners.size());
  // Every label and variable, public or not, for debuggers (--break LABEL) and the disassembler;
  // they stay out of the object file, as MASM writes only PUBLIC names.
  for (const GlobalEntry& g : globals) {
    const Symbol* sym = g.symbol;
    if (g.isField() || (sym->kind != SymKind::Label && sym->kind != SymKind::Variable) || sym->segment < 0) continue;
    link::Public p;
    p.name = sym->name;
    p.segment = static_cast<uint32_t>(sym->segment);
    p.offset = static_cast<uint32_t>(sym->value);
    result_.labels.push_back(std::move(p));
  }
  // The procedures' own labels (MASM 6 scopes a label with one colon to its PROC), for debuggers
  // too: a step into another module's routine shows the loop labels inside it.
  for (const Symbol* sym : localOwners) {
    if (sym->kind != SymKind::Label || sym->segment < 0) continue;
    link::Public p;
    p.name = sym->name;
    p.segment = static_cast<uint32_t>(sym->segment);
    p.offset = static_cast<uint32_t>(sym->value);
    result_.labels.push_back(std::move(p));
  }
}

namespace {
const char* kindName(const Symbol& s) {
  switch (s.kind) {
    case SymKind::Label: return s.isProc ? (s.far ? "F PROC" : "N PROC") : (s.far ? "L FAR" : "L NEAR");
    case SymKind::Variable:
      switch (s.typeSize) {
        case 1: return "V BYTE";
        case 2: return "V WORD";
        case 4: return "V DWORD";
        case 6: return "V FWORD";
        case 8: return "V QWORD";
        case 10: return "V TBYTE";
        default: return "V";
      }
    case SymKind::Constant: return "Number";
    case SymKind::External: return s.far ? "External FAR" : "External";
    case SymKind::Segment: return "Segment";
    case SymKind::Group: return "Group";
    case SymKind::StructType: return "Struct";
    case SymKind::StructField: return "Field";
    case SymKind::RecordType: return "Record";
    case SymKind::RecordField: return "Record field";
    case SymKind::TypeAlias: return "Type";
    case SymKind::Undefined: return "Undefined";
  }
  return "";
}
}  // namespace

void Assembler::buildListing() {
  std::string& out = result_.listing;
  out += fmt::format("asmlab MASM assembler listing: {}\n\n", result_.module.name);
  for (const ListingLine& l : lines) {
    if (!l.listed) continue;
    const Span* span = l.statement != UINT32_MAX && l.statement < spans.size() ? &spans[l.statement] : nullptr;
    if (!l.fromFile && (l.macroListing == static_cast<uint8_t>(MacroListing::None) ||
                        (l.macroListing == static_cast<uint8_t>(MacroListing::CodeOnly) &&
                         (!span || span->segment < 0 || span->end == span->start))))
      continue;
    std::string source = l.fromFile && l.location.file ? std::string(l.location.file->line(l.location.line)) : l.text;
    std::string offset = "    ";
    std::string bytes;
    if (l.statement != UINT32_MAX && l.statement < spans.size()) {
      const Span& sp = spans[l.statement];
      if (sp.segment >= 0) {
        const auto& seg = segments[static_cast<size_t>(sp.segment)];
        const std::vector<uint8_t>& data = result_.module.segments[static_cast<size_t>(sp.segment)].data;
        offset = seg.use32 ? fmt::format("{:08X}", sp.start) : fmt::format("{:04X}", sp.start);
        for (uint32_t a = sp.start; a < sp.end && a < sp.start + 6; ++a)
          bytes += a < data.size() ? fmt::format("{:02X}", data[a]) : std::string("??");
        if (sp.end > sp.start + 6) bytes += "+";
      }
    }
    out += fmt::format("{:<8} {:<14}{} {}\n", offset, bytes, l.fromFile ? ' ' : '1', source);
  }
  out += "\nSegments and Groups:\n\n";
  for (const auto& g : groups) out += fmt::format("{:<31} GROUP\n", g.name);
  for (const auto& s : segments) {
    static const char* aligns[] = {"AT", "Byte", "Word", "Para", "Page", "DWord"};
    static const char* combines[] = {"Private", "?", "Public", "?", "?", "Stack", "Common"};
    out += fmt::format("{:<31} {} {:08X} {:<6} {:<8} '{}'\n", s.name, s.use32 ? "32 Bit" : "16 Bit", s.length,
                       aligns[static_cast<int>(s.align)], combines[static_cast<int>(s.combine)], s.className);
  }
  out += "\nSymbols:\n\n";
  std::map<std::string, const Symbol*> sorted;
  for (auto& g : globals) {
    const Symbol* sym = g.symbol;
    const std::string key = globalKey(g);
    if (key[0] == '\x03' || sym->kind == SymKind::Undefined || sym->kind == SymKind::Segment || sym->kind == SymKind::Group) continue;
    sorted.emplace(sym->name + key, sym);
  }
  for (auto& sym : localOwners)
    if (sym->kind != SymKind::Undefined) sorted.emplace(sym->name + " (local)", sym);
  for (auto& [k, s] : sorted) {
    std::string where;
    if ((s->kind == SymKind::Label || s->kind == SymKind::Variable) && s->segment >= 0)
      where = fmt::format("{:04X}  {}", s->value, segments[static_cast<size_t>(s->segment)].name);
    else if (s->kind == SymKind::Constant || s->kind == SymKind::StructField)
      where = fmt::format("{:04X}", static_cast<uint64_t>(s->value) & 0xFFFFFFFF);
    out += fmt::format("{:<31} {:<13} {}{}\n", s->name, kindName(*s), where, s->isPublic ? "  Public" : "");
  }
  out += fmt::format("\n{} lines, {} passes\n", result_.logicalLines, result_.passes);
}

}  // namespace asmlab::masm
