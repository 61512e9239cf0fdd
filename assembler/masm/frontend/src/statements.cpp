// The statement layer: splits each logical line into label, operation and operands, records the
// statements that later passes replay, and runs the passes until label offsets settle.
#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {

Assembler::Assembler(const Options& o, Diagnostics& d) : options(o), diags(d), macros(*this, d, o) {
  cpu = o.cpu == Cpu::I8086 ? enc::Cpu::I8086 : o.cpu == Cpu::I186 ? enc::Cpu::I80186 : o.cpu == Cpu::I286 ? enc::Cpu::I80286 : enc::Cpu::I80386;
  cpu32 = o.cpu >= Cpu::I386;
  fpu = impliedFpu(cpu);
  scoped = true;
  tasmLocals = false;
  jumps = o.dialect == Dialect::Masm;
  if (o.masm510) setMasm510(true);
}

// OPTION M510 (or ML's /Zm): OLDSTRUCTS, DOTNAME, SETIF2:TRUE, and without a language type code
// labels global (NOSCOPED) and procedures private; without .MODEL, OFFSET:SEGMENT. OPTION NOM510
// restores MASM 6.1's defaults (MASM 6.1 Programmer's Guide appendix A, "OPTION M510").
void Assembler::setMasm510(bool on) {
  masm510 = on;
  oldStructs = on;
  dotName = on;
  macros.setIf2(on);
  procVisibility = on ? ProcVisibility::PrivateWithoutLanguage : ProcVisibility::Public;
  scoped = !on || languageDefined;
  offsetSegment = on && model == Model::None;
}

std::string Assembler::fold(std::string_view name) const {
  return options.caseMode == CaseMode::Preserve ? std::string(name) : upper(name);
}
std::string Assembler::spelling(std::string_view name) const {
  return options.caseMode == CaseMode::Upper ? upper(name) : std::string(name);
}

// The globals in the order of the unordered_map<folded name, Symbol*> that held them until
// session 3: the same insertions in the same order give the same walk.
std::vector<Symbol*> Assembler::globalsInMapOrder() const {
  std::unordered_map<std::string, Symbol*> map;
  for (const GlobalEntry& g : globals) map.emplace(globalKey(g), g.symbol);
  std::vector<Symbol*> out;
  out.reserve(map.size());
  for (auto& entry : map) out.push_back(entry.second);
  return out;
}

std::string_view Assembler::foldInto(std::string_view name, FoldedKey& key) const {
  // The fold and SymbolIndex::nameHash in one pass over the name.
  if (options.caseMode == CaseMode::Preserve) {
    key.hash = SymbolIndex::nameHash(name);
    return key.text = name;
  }
  char* out = key.buffer;
  if (name.size() > sizeof key.buffer) {
    key.spill.resize(name.size());
    out = key.spill.data();
  }
  uint64_t h = SymbolIndex::kHashSeed;
  for (size_t i = 0; i < name.size(); ++i) {
    out[i] = toUpper(name[i]);
    h = SymbolIndex::hashStep(h, out[i]);
  }
  key.hash = h;
  return key.text = std::string_view(out, name.size());
}

namespace {
std::string_view symbolName(const Symbol* s) { return s->name; }
}  // namespace

Symbol* Assembler::findSymbol(std::string_view name, int proc, int at) {
  FoldedKey folded;
  std::string_view key = foldInto(name, folded);
  const uint64_t hash = folded.hash;
  const bool exact = options.caseMode == CaseMode::Preserve;
  if (symbolIndex.hasScoped()) {
    if (isTasmLocal(name))
      if (Symbol* s = symbolIndex.find(hash, -2 - static_cast<int64_t>(at), key, exact, symbolName)) return s;
    if (proc >= 0)
      if (Symbol* s = symbolIndex.find(hash, proc, key, exact, symbolName)) return s;
  }
  return symbolIndex.find(hash, SymbolIndex::kGlobalScope, key, exact, symbolName);
}

Symbol* Assembler::globalSymbol(std::string_view name, bool create) {
  FoldedKey folded;
  std::string_view key = foldInto(name, folded);
  const uint64_t hash = folded.hash;
  const bool exact = options.caseMode == CaseMode::Preserve;
  if (Symbol* s = symbolIndex.find(hash, SymbolIndex::kGlobalScope, key, exact, symbolName)) return s;
  if (!create) return nullptr;
  Symbol* s = newSymbol();
  s->name = spelling(name);
  globals.push_back({s});
  symbolIndex.insert(hash, SymbolIndex::kGlobalScope, s);
  return s;
}

Symbol* Assembler::defineLocalLabel(std::string_view name, int scope) {
  int64_t scopeKey = isTasmLocal(name) ? -2 - static_cast<int64_t>(scope) : scope;
  FoldedKey folded;
  std::string_view key = foldInto(name, folded);
  const uint64_t hash = folded.hash;
  const bool exact = options.caseMode == CaseMode::Preserve;
  if (Symbol* s = symbolIndex.find(hash, scopeKey, key, exact, symbolName)) return s;
  if (symbolIndex.find(hash, SymbolIndex::kGlobalScope, key, exact, symbolName) ||
      (scopeKey != scope && findSymbol(name, procScope, -1)))
    replay.pass1LookupsUnstable = true;  // earlier lookups of the name found the other symbol
  Symbol* s = newSymbol();
  s->name = spelling(name);
  localOwners.push_back(s);
  symbolIndex.insert(hash, scopeKey, s);
  symbolIndex.noteScoped();
  return s;
}

bool Assembler::isMnemonic(std::string_view name) { return (wordBits(name) & kWordMnemonic) != 0; }

// What a word in the first two fields can be. Keywords are remembered; other words (the many
// unique names of labels, variables and procedures) are looked at again if they come back, which
// costs less than growing the table with each of them.
Assembler::WordInfo Assembler::classifyWord(std::string_view name) {
  if (name.empty()) return {};
  const bool isShort = name.size() <= FoldedWord::kMaxLength;
  if (!isShort) {
    auto it = wordCache.find(name);
    if (it != wordCache.end()) return {it->second, 0};
  }
  static const FoldedWordTable<uint32_t> fixed = [] {
    FoldedWordTable<uint32_t> m;
    auto add = [&m](const char* w, uint32_t bit) {
      const uint32_t* had = m.find(w);
      m.insert(w, (had ? *had : 0u) | bit);
    };
    for (const char* w : {"OPTION", "ASSUME", "PUBLIC", "EXTRN", "EXTERN", "EXTERNDEF", "INCLUDELIB", "END", "ORG",
                          "ALIGN", "EVEN", "GLOBAL", ".MODEL", "MODEL", "INCLUDE"})
      add(w, kWordUnnamedDirective);
    for (const char* w : {"SEGMENT", "ENDS", "PROC", "ENDP", "EQU", "=", "LABEL", "STRUCT", "STRUC", "UNION", "RECORD",
                          "GROUP", "TYPEDEF", "DB", "DW", "DD", "DF", "DQ", "DT", "BYTE", "SBYTE", "WORD", "SWORD",
                          "DWORD", "SDWORD", "FWORD", "QWORD", "TBYTE", "REAL4", "REAL8", "REAL10", "MACRO", "TEXTEQU",
                          "CATSTR"})
      add(w, kWordNameDirective);
    for (const char* w : {"REP", "REPE", "REPZ", "REPNE", "REPNZ", "LOCK"}) add(w, kWordPrefix);
    return m;
  }();
  WordInfo info;
  if (const uint32_t* f = fixed.find(name)) info.bits = *f;
  if (enc::isMnemonic(name)) {
    info.bits |= kWordMnemonic;
    if (enc::isBranchMnemonic(name)) info.bits |= kWordBranch;
    if (isShort) info.mnemonic = mnemonicId(upper(name));
  }
  if (!isShort) wordCache.emplace(std::string(name), info.bits);
  else if (info.bits) shortWordBits.insert(name, info);
  return info;
}

uint16_t Assembler::mnemonicId(std::string_view upperText) {
  if (auto known = mnemonicIds.find(upperText); known != mnemonicIds.end()) return known->second;
  // Only the encoder's mnemonics get here (a few hundred, well under the 16-bit index's range).
  const auto id = static_cast<uint16_t>(mnemonicTable.size());
  mnemonicTable.push_back(mnemonicTexts.emplace_back(upperText).c_str());
  mnemonicIds.emplace(std::string(upperText), id);
  return id;
}

Symbol* Assembler::findType(std::string_view name) {
  Symbol* s = globalSymbol(name, false);
  if (!s) return nullptr;
  if (s->kind == SymKind::StructType || s->kind == SymKind::RecordType || s->kind == SymKind::TypeAlias) return s;
  return nullptr;
}

namespace {
// A column in the logical text (after text macros were replaced) mapped back to the source line:
// the token under the column is looked for in the original line.
uint32_t sourceColumn(const LogicalLine& line, uint32_t column) {
  if (!line.fromFile || !line.location.file || column == 0 || line.text.empty()) return column;
  std::string_view original = line.location.file->line(line.location.line);
  if (original.substr(0, line.text.size()) == line.text) return column;
  size_t at = std::min<size_t>(column - 1, line.text.size() - 1);
  // Text after the last replacement is unchanged: the tail of the logical line ends the source line.
  std::string_view tail = std::string_view(line.text).substr(at);
  std::string_view body = original.substr(0, std::min(original.size(), commentStart(original)));
  while (!body.empty() && isBlank(body.back())) body.remove_suffix(1);
  if (tail.size() <= body.size() && body.substr(body.size() - tail.size()) == tail)
    return static_cast<uint32_t>(body.size() - tail.size() + 1);
  size_t start = at, end = at;
  while (start > 0 && isIdentChar(line.text[start - 1])) --start;
  while (end < line.text.size() && isIdentChar(line.text[end])) ++end;
  if (end == start) return column;
  std::string token = upper(std::string_view(line.text).substr(start, end - start));
  size_t found = upper(original).find(token);
  return found == std::string::npos ? column : static_cast<uint32_t>(found + 1 + (at - start));
}
}  // namespace

void Assembler::error(const LogicalLine& line, uint32_t column, std::string message, uint32_t length) {
  Diagnostic d;
  d.severity = Severity::Error;
  d.location = line.location;
  d.location.column = column ? sourceColumn(line, column) : 1;
  d.location.length = length;
  d.message = std::move(message);
  if (diags.keeps(d)) MacroLayer::addExpansionNotes(d, line);
  diags.add(std::move(d));
}

void Assembler::warning(const LogicalLine& line, uint32_t column, std::string message) {
  Diagnostic d;
  d.severity = Severity::Warning;
  d.location = line.location;
  d.location.column = column ? column : 1;
  d.message = std::move(message);
  if (diags.keeps(d)) MacroLayer::addExpansionNotes(d, line);
  diags.add(std::move(d));
}

// Errors found while replaying statements: only the last pass's are kept (earlier passes see
// forward references that are not errors at all).
void Assembler::passWarning(uint32_t column, std::string message) {
  passError(column, std::move(message), 0, Severity::Warning);
}

void Assembler::passError(uint32_t column, std::string message, uint32_t length, Severity severity) {
  Diagnostic d;
  d.severity = severity;
  d.message = std::move(message);
  // An error past the error limit is only counted when the pass's diagnostics are added: its
  // line and notes are not worth rebuilding in every pass (errors on every line of a long
  // expansion, replayed up to maxPasses times).
  bool kept = diags.keeps(severity, passErrors);
  if (severity == Severity::Error) ++passErrors;
  if (currentStatement && kept) {
    const LogicalLine line = originLine(statementLine());
    d.location = line.location;
    d.location.column = column ? column : 1;
    d.location.length = length;
    MacroLayer::addExpansionNotes(d, line);
  }
  passDiagnostics.push_back(std::move(d));
}

std::string Assembler::atDefinition(const Symbol& s) const {
  const SourceLocation at = definedAt(s);
  return at.file ? fmt::format(" (at {}:{})", at.file->name(), at.line) : std::string();
}

namespace {
// Names a label or variable cannot take: MASM's error A2005, "symbol redefinition"; Turbo
// Assembler's manual: "Record field names are global in scope and cannot be redefined".
const char* kindALabelCannotRedefine(SymKind kind) {
  switch (kind) {
    case SymKind::Constant:
      return "a constant";
    case SymKind::Segment:
      return "a segment";
    case SymKind::Group:
      return "a group";
    case SymKind::StructType:
      return "a structure type";
    case SymKind::RecordType:
      return "a record";
    case SymKind::RecordField:
      return "a record field";
    case SymKind::TypeAlias:
      return "a type";
    default:
      return nullptr;
  }
}
}  // namespace

bool Assembler::defineLabelHere(Symbol* sym, SymKind kind, uint32_t typeSize, bool far) {
  if (current < 0) {
    passError(1, fmt::format("'{}' is outside any segment: open one with SEGMENT, .CODE or .DATA", sym->name));
    return false;
  }
  if (const char* taken = kindALabelCannotRedefine(sym->kind)) {
    passError(1, fmt::format("'{}' is already defined as {}{}: a label or variable needs a name of its own", sym->name,
                             taken, atDefinition(*sym)));
    return false;
  }
  int64_t value = segments[static_cast<size_t>(current)].pc;
  if (sym->passDefined == pass) {
    if (pass == 1 || sym->segment != current || sym->value != value)
      passError(1, fmt::format("symbol '{}' is already defined{}", sym->name, atDefinition(*sym)));
    return false;
  }
  if (pass > 1 && (sym->value != value || sym->segment != current)) changed = true;
  sym->kind = kind;
  sym->segment = current;
  sym->value = value;
  if (typeSize || kind == SymKind::Variable) sym->typeSize = typeSize;
  sym->far = far;
  sym->passDefined = pass;
  markDefinedHere(*sym);
  return true;
}

void Assembler::defineConstant(Symbol* sym, int64_t value, bool redefinable, const LogicalLine& line, uint32_t column) {
  (void)line;
  (void)column;
  if (sym->kind != SymKind::Undefined && sym->kind != SymKind::Constant) {
    passError(column, fmt::format("'{}' is already defined as something other than a constant", sym->name));
    return;
  }
  if (sym->kind == SymKind::Constant && sym->passDefined == pass && !sym->redefinable && sym->value != value) {
    passError(column, fmt::format("'{}' is an EQU constant and cannot be redefined (use '=')", sym->name));
    return;
  }
  if (!redefinable && pass > 1 && sym->passDefined != pass && sym->value != value) changed = true;
  sym->kind = SymKind::Constant;
  sym->value = value;
  sym->redefinable = redefinable;
  sym->passDefined = pass;
  markDefinedHere(*sym);
}

namespace {

bool isPrefix(std::string_view w, enc::RepPrefix& rep, bool& lock) {
  const std::string upperWord = upper(w);
  const std::string_view u = upperWord;
  if (u == "REP") rep = enc::RepPrefix::Rep;
  else if (u == "REPE" || u == "REPZ") rep = enc::RepPrefix::Repe;
  else if (u == "REPNE" || u == "REPNZ") rep = enc::RepPrefix::Repne;
  else if (u == "LOCK") lock = true;
  else return false;
  return true;
}

// Splits operands at top-level commas into (offset, text) pairs (`out` is reused from line to line).
void splitOperands(std::string_view text, size_t base, std::vector<std::pair<size_t, std::string_view>>& out) {
  // What each character means to the split: most mean nothing and are skipped in a tight loop.
  enum : uint8_t { kPlain, kQuote, kOpen, kClose, kComma };
  static constexpr auto kRole = [] {
    std::array<uint8_t, 256> t{};
    t['"'] = t['\''] = kQuote;
    t['('] = t['['] = t['<'] = t['{'] = kOpen;
    t[')'] = t[']'] = t['>'] = t['}'] = kClose;
    t[','] = kComma;
    return t;
  }();
  out.clear();
  int depth = 0;
  size_t start = 0;
  auto cut = [&](size_t end) {
    auto piece = text.substr(start, end - start);
    size_t lead = 0;
    while (lead < piece.size() && isBlank(piece[lead])) ++lead;
    out.emplace_back(base + start + lead, trim(piece));
    start = end + 1;
  };
  const size_t size = text.size();
  for (size_t i = 0; i < size; ++i) {
    while (kRole[static_cast<unsigned char>(text[i])] == kPlain)
      if (++i == size) {
        cut(size);
        return;
      }
    switch (kRole[static_cast<unsigned char>(text[i])]) {
      case kPlain: break;
      case kQuote: {
        size_t close = text.find(text[i], i + 1);
        if (close == std::string_view::npos) i = text.size();  // unterminated: the rest is the string
        else i = close;
        break;
      }
      case kOpen: ++depth; break;
      case kClose: --depth; break;
      case kComma:
        if (depth <= 0) cut(i);
        break;
    }
  }
  cut(text.size());
}

// `push ax bx cx`: TASM's PUSH and POP of several registers, separated by blanks.
bool severalRegisters(std::string_view mnemonic, std::string_view operands) {
  if (mnemonic != "PUSH" && mnemonic != "POP") return false;
  WordCursor c{operands};
  int count = 0;
  while (!c.atEnd())
    if (!enc::parseRegister(c.word()) || ++count > 8) return false;
  return count >= 2;
}

}  // namespace

void Assembler::processLine(const LogicalLine& line) {
  // Turbo Assembler's own forms (Ideal mode, ENDP without a name, ARG ...) first (ideal.cpp).
  if (options.dialect == Dialect::Tasm && !tasmState.rewriting && processTasmLine(line)) return;
  std::string_view text = line.text;
  WordCursor cur{text};
  std::string_view w1 = cur.word();
  if (w1.empty()) return;
  uint32_t col1 = static_cast<uint32_t>(w1.data() - text.data()) + 1;
  // Code before any segment or model: an emu8086 program (emu8086.cpp).
  const bool noSegmentYet = current < 0 && model == Model::None && segments.empty() && !openStruct;
  if (w1 == "#" && emu8086Directive(line)) return;

  // STRUCT bodies: data lines become fields.
  Symbol* label = nullptr;
  size_t labelAt = SIZE_MAX;  // the index of the line's Label statement
  bool globalLabel = false;
  // `name:` (MASM also takes `name :` with blanks before the colon). Under OPTION DOTNAME (M510)
  // a label may start with a dot.
  size_t colon = cur.pos;
  while (colon < text.size() && isBlank(text[colon])) ++colon;
  if ((isIdentStart(w1[0]) || (dotName && w1[0] == '.' && w1.size() > 1)) && colon < text.size() &&
      text[colon] == ':' && !(colon + 1 < text.size() && text[colon + 1] == '=')) {
    cur.pos = colon + 1;
    if (cur.pos < text.size() && text[cur.pos] == ':') {
      ++cur.pos;
      globalLabel = true;
    }
    if (const auto reg = enc::parseRegister(w1); reg && !(emu8086Source && enc::isFpuRegister(*reg))) {
      error(line, col1, fmt::format("'{}' is a register and cannot be a label", w1));
      return;
    }
    openImpliedSegment(line);
    checkReservedName(line, w1, col1);
    // A procedure's first code label comes after its USES pushes, as its first instruction does:
    // a loop back to it does not push again.
    if (usesFrame() && !tasmState.frame.started) procPrologueAndEpilogue(line, {});
    // MASM 6: code labels are local to their procedure unless written `name::` (or OPTION NOSCOPED).
    // A TASM @@ label is local to its procedure, or outside procedures to the stretch between
    // two other labels (Turbo Assembler User's Guide, LOCALS).
    bool atLocal = isTasmLocal(w1);
    if (atLocal) {
      label = defineLocalLabel(w1, atScope);
    } else if (scoped && procScope >= 0 && !globalLabel) {
      label = defineLocalLabel(w1, procScope);
    } else {
      label = globalSymbol(w1, true);
      if (procScope < 0) ++atScope;
    }
    labelAt = statements.size();
    Statement& s = statements.emplace_back();
    s.kind = StmtKind::Label;
    s.label = label;
    s.line = currentLine;
    s.procScope = procScope;
    s.atScope = atScope;
    currentStatement = &s;
    execute(s);
    w1 = cur.word();
    if (w1.empty()) return;
    col1 = static_cast<uint32_t>(w1.data() - text.data()) + 1;
  }

  size_t afterW1 = cur.pos;
  const WordInfo info1 = wordInfo(w1);
  const uint32_t bits1 = info1.bits;
  // After a mnemonic the second word matters only if it is `=` (a symbol named like an
  // instruction being assigned), so most lines do not split it off.
  std::string_view w2;
  if (bits1 & kWordMnemonic) {
    WordCursor c2{text, afterW1};
    c2.skipBlanks();
    if (c2.pos < text.size() && text[c2.pos] == '=') w2 = text.substr(c2.pos, 1);
  } else {
    w2 = cur.peekWord();
  }
  uint32_t col2 = w2.empty() ? 0 : static_cast<uint32_t>(w2.data() - text.data()) + 1;
  bool hasName = false;
  if (!w2.empty() && isIdentStart(w1[0]) && !(bits1 & (kWordMnemonic | kWordUnnamedDirective))) {
    if (wordBits(w2) & kWordNameDirective) hasName = true;
    if (!hasName && typeCount > 0 && findType(w2)) hasName = true;
  }
  if (!hasName && w2 == "=" ) hasName = true;
  // emu8086 takes a directive's name for a variable (`option db 2 dup(?)`); MASM 6.1 does not.
  if (!hasName && emu8086Source && !w2.empty() && isIdentStart(w1[0]) && (bits1 & kWordUnnamedDirective) &&
      !(bits1 & kWordMnemonic) && dataKeywordSize(w2)) {
    hasName = true;
    warning(line, col1, fmt::format("directive name used as a variable: {} (emu8086 takes it; MASM 6.1 does not)", w1));
  }
  if ((bits1 & kWordMnemonic) || dataKeywordSize(hasName ? w2 : w1) || (hasName && iequals(w2, "PROC")))
    openImpliedSegment(line);
  if (noSegmentYet && !hasName && iequals(w1, "ORG")) orgBeforeSegments = true;
  if (hasName) {
    WordCursor c2{text, afterW1};
    c2.word();
    auto rest = c2.rest();
    uint32_t colRest = rest.empty() ? static_cast<uint32_t>(text.size()) + 1 : static_cast<uint32_t>(rest.data() - text.data()) + 1;
    if (handleDirective(line, w1, w2, rest, col1, col2, colRest, true)) return;
    error(line, col2, fmt::format("'{}' cannot follow a name here", w2));
    return;
  }
  if (!(bits1 & kWordMnemonic)) {
    auto rest = cur.rest();
    uint32_t colRest = rest.empty() ? static_cast<uint32_t>(text.size()) + 1 : static_cast<uint32_t>(rest.data() - text.data()) + 1;
    if (handleDirective(line, {}, w1, rest, 0, col1, colRest, false)) return;
  }

  // An instruction, possibly with prefixes. It is built in place in the statement list (and
  // taken back out if the line has an error).
  std::string_view mnemonic = w1;
  uint32_t mnemonicColumn = col1;
  WordInfo mnemonicInfo = info1;
  uint32_t mnemonicBits = bits1;
  enc::RepPrefix rep = enc::RepPrefix::None;
  bool lock = false;
  while ((mnemonicBits & kWordPrefix) && isPrefix(mnemonic, rep, lock)) {
    auto next = cur.peekWord();
    if (next.empty() || !isMnemonic(next)) break;
    mnemonic = cur.word();
    mnemonicInfo = wordInfo(mnemonic);
    mnemonicBits = mnemonicInfo.bits;
    mnemonicColumn = static_cast<uint32_t>(mnemonic.data() - text.data()) + 1;
  }
  if (!(mnemonicBits & kWordMnemonic)) {
    if (mnemonic.size() > 1 && mnemonic[0] == '.' && colon < text.size() && text[colon] == ':' && mnemonic == w1) {
      error(line, mnemonicColumn,
            fmt::format("'{}' starts with a dot: MASM 6.1 takes such names only under OPTION DOTNAME (MASM 5.1 "
                        "took them: OPTION M510, or --m510)", mnemonic),
            static_cast<uint32_t>(mnemonic.size()));
      return;
    }
    if (options.dialect != Dialect::Tasm && isTasmOnlyDirective(mnemonic)) {
      error(line, mnemonicColumn, fmt::format("'{}' is a Turbo Assembler directive; {}", mnemonic, tasmDialectHint()),
            static_cast<uint32_t>(mnemonic.size()));
      return;
    }
    // A macro used above its definition: MASM and emu8086 read a source once, so it is unknown here.
    const auto& file = line.location.file;
    if (file && file->text().data() == mainText.data() && diags.keeps(Severity::Error)) {
      const size_t here = static_cast<size_t>(file->line(line.location.line).data() - mainText.data());
      if (!mainMacroDefinitions) mainMacroDefinitions = macroDefinitions(mainText);
      for (const auto& [at, name] : *mainMacroDefinitions) {
        if (at < here || !iequals(name, mnemonic)) continue;
        error(line, mnemonicColumn,
              fmt::format("'{}' is a macro defined further on, at line {}: a macro must be defined above the code "
                          "that uses it (MASM and emu8086 read the source once); move its definition up",
                          mnemonic, file->position(at).first),
              static_cast<uint32_t>(mnemonic.size()));
        return;
      }
    }
    static const std::vector<std::string> kCandidates = {
        "MOV", "ADD", "SUB", "CMP", "JMP", "CALL", "PUSH", "POP", "INC", "DEC", "DB", "DW", "DD", "PROC", "ENDP",
        "SEGMENT", "ENDS", "ASSUME", "INCLUDE", "LOOP", "RET", "INT", "LEA", "XOR", "AND", "OR", "TEST", "SHL", "SHR"};
    // Past the error limit the error is only counted: no hint to look for.
    const auto guess = diags.keeps(Severity::Error) ? closestMatch(mnemonic, kCandidates) : std::string();
    error(line, mnemonicColumn,
          guess.empty() ? fmt::format("unknown instruction or directive '{}'", mnemonic)
                        : fmt::format("unknown instruction or directive '{}'; did you mean '{}'?", mnemonic, guess),
          static_cast<uint32_t>(mnemonic.size()));
    return;
  }
  if (usesFrame()) procPrologueAndEpilogue(line, mnemonic);
  lastCodeSegment = current;
  Statement& s = statements.emplace_back();
  s.kind = StmtKind::Instruction;
  s.rep = rep;
  s.lock = lock;
  // wordInfo() keeps the upper-case text of mnemonics (all are short enough for its table).
  s.mnemonic = mnemonicInfo.mnemonic ? mnemonicInfo.mnemonic : mnemonicId(upper(mnemonic));
  s.number = mnemonicColumn;
  s.branch = (mnemonicBits & kWordBranch) != 0;
  auto rest = cur.rest();
  size_t restOffset = static_cast<size_t>(rest.data() - text.data());
  // What the operands add to the stores, given back below if the instruction's bytes turn out fixed.
  const ExprStore::Mark exprsBefore = exprs.mark();
  const OperandStore::Mark operandsBefore = operandStore.mark();
  if (!rest.empty()) {
    auto& pieces = operandPieces;
    splitOperands(rest, restOffset, pieces);
    // Every operand is parsed (so a bad one is reported as such) before the count is checked.
    for (auto& [offset, piece] : pieces) {
      if (piece.empty()) {
        statements.pop_back();
        error(line, static_cast<uint32_t>(offset) + 1, "missing operand");
        return;
      }
      // `jmp again:`: emu8086 takes the label's colon after a jump (three authors of the public
      // corpus write it); MASM refuses it, so no MASM program changes meaning.
      if (s.branch && pieces.size() == 1 && piece.size() > 1 && piece.back() == ':' &&
          isIdentChar(piece[piece.size() - 2])) {
        piece.remove_suffix(1);
        if (!jumpColonWarned)
          warning(line, static_cast<uint32_t>(offset + piece.size()) + 1,
                  fmt::format("the ':' after '{}' is left out, as emu8086 does (a label takes its colon where it is "
                              "defined; MASM 6.1 refuses it here; said once)",
                              piece));
        jumpColonWarned = true;
      }
      ParseError pe;
      auto e = parseExpression(exprs, piece, static_cast<uint16_t>(offset), pe);
      if (!e) {
        statements.pop_back();
        if (severalRegisters(mnemonicOf(s), piece)) {
          error(line, static_cast<uint32_t>(offset) + 1,
                fmt::format("{} of several registers at once ('{} {}') is Turbo Assembler's; {}", mnemonicOf(s),
                            mnemonic, piece, tasmDialectHint()));
          return;
        }
        error(line, pe.column + 1u, pe.message);
        return;
      }
      addOperand(s, *e);  // only the first three are kept
    }
    if (pieces.size() > Operands::kCapacity) {
      statements.pop_back();
      error(line, mnemonicColumn, fmt::format("'{}' has too many operands", mnemonic));
      return;
    }
  }
  // RET in a FAR procedure is RETF (MASM 6.1 Programmer's Guide, ch. 7).
  if (std::string_view(mnemonicOf(s)) == "RET" && !procStack.empty() && procStack.back()->far)
    s.mnemonic = mnemonicId("RETF");
  if (options.dialect == Dialect::Tasm) {
    s.choices = kChoiceAccumulatorAx | (options.tasmMultiPass ? 0 : kChoiceOnePass);
    if (tasmState.smart) s.choices |= kChoiceSmart8086;
    if (tasmState.smart && std::string_view(mnemonicOf(s)) == "LEA") s.choices |= kChoiceSmartLea;
  } else if (std::string_view(mnemonicOf(s)) == "LEA") {
    // MASM 6 encodes LEA of a direct memory operand as MOV reg, OFFSET (MASM 6.0 Programmer's
    // Guide, "Changes to Instruction Encodings": smaller and faster than MASM 5.1's LEA).
    s.choices |= kChoiceSmartLea;
  }
  s.line = currentLine;
  s.procScope = procScope;
  s.atScope = atScope;
  currentStatement = &s;
  execute(s);
  // An instruction whose bytes are fixed (registers and numbers only: `push bp`, `mov cx, 10`) is
  // never evaluated again: later passes emit fixedBytes. Its operations and operands were the
  // last ones stored, and nothing refers to them (no replay record, no symbol reads them).
  if (s.fixedLength && &s == &statements.back()) {
    s.operands.clear();
    operandStore.release(operandsBefore);
    exprs.release(exprsBefore);
  }
  if (&s == &statements.back()) compactInstruction(labelAt);
}

void Assembler::switchSegment(int index) {
  current = index;
}

void Assembler::execute(const Statement& s) {
  currentStatement = &s;
  if (current >= 0) statementStart = segments[static_cast<size_t>(current)].pc;
  if (options.listing) recordSpanStart(s);
  executeKind(s);
  if (options.listing) recordSpanEnd(s);
}

void Assembler::recordSpanStart(const Statement& s) {
  size_t i = static_cast<size_t>(&s - statements.data());
  if (spans.size() <= i) spans.resize(statements.size());
  spans[i] = {current, current >= 0 ? segments[static_cast<size_t>(current)].pc : 0u, 0u};
}

void Assembler::recordSpanEnd(const Statement& s) {
  size_t i = static_cast<size_t>(&s - statements.data());
  auto& sp = spans[i];
  if (sp.segment == current && current >= 0) sp.end = segments[static_cast<size_t>(current)].pc;
  else sp.end = sp.start;
}

void Assembler::executeKind(const Statement& s) {
  switch (s.kind) {
    case StmtKind::Label:
      defineLabelHere(s.label, SymKind::Label, 0, false);
      break;
    case StmtKind::Instruction:
      if (s.label) defineLabelHere(s.label, SymKind::Label, 0, false);  // folded (fixed_runs.cpp)
      if (current < 0) {
        passError(1, "instruction outside any segment: open one with SEGMENT or .CODE");
        break;
      }
      emitInstruction(s);
      break;
    case StmtKind::Data:
    case StmtKind::StructData:
      if (openStruct && pass == 1) break;  // handled as a field by the directive layer
      if (s.label) {
        if (!defineLabelHere(s.label, SymKind::Variable, s.elementSize, false)) {
          if (current < 0) break;
        }
        s.label->structType = structTypeOf(s);
      } else if (current < 0) {
        passError(1, "data outside any segment: open one with SEGMENT or .DATA");
        break;
      }
      emitData(s);
      break;
    case StmtKind::Equal:
    case StmtKind::Equ: {
      Value v = evaluate(s.operands[0], s.kind == StmtKind::Equ ? pass > 1 : true);
      if (v.relocatable && !v.segmentValue && v.kind == Value::Kind::Address) {
        // `name EQU label` / `name = $`: an alias of an address
        Symbol* sym = s.label;
        if (pass > 1 && (sym->value != v.num || sym->segment != v.segment) && sym->passDefined != pass) changed = true;
        sym->kind = v.codeLabel && !v.memory ? SymKind::Label : SymKind::Variable;
        sym->segment = v.segment;
        sym->value = v.num;
        sym->typeSize = v.size;
        sym->far = v.distance == enc::Distance::Far;
        sym->passDefined = pass;
        // emu8086 reads `name = $` as a number, the offset there (its traffic_lights.asm ends a
        // table so and compares SI with it); MASM, as an alias of the location.
        sym->offsetEquate = emu8086Source && std::any_of(s.operands[0].ops.begin(), s.operands[0].ops.end(),
                                                         [](const ExprOp& op) { return op.op == Op::Location; });
        if (sym->offsetEquate && pass == 1 && !offsetEquateWarned) {  // (EQU runs in pass 1 only)
          offsetEquateWarned = true;
          warning(originLine(s.line), s.operands[0].column + 1u,
                  fmt::format("'{}' is the offset of '$' here, a number, as emu8086 reads it (MASM reads the "
                              "location, a memory operand; said once)",
                              sym->name));
        }
        break;
      }
      if (v.unknown && pass == 1) {
        if (s.label->kind == SymKind::Undefined) break;
      }
      defineConstant(s.label, v.num, s.kind == StmtKind::Equal, originLine(s.line), s.operands[0].column + 1u);
      if (v.size && s.label->kind == SymKind::Constant) s.label->typeSize = 0;
      break;
    }
    case StmtKind::SegmentBegin:
      segmentStack.push_back(current);
      current = static_cast<int>(s.number);
      break;
    case StmtKind::SegmentEnd:
      if (segmentStack.empty()) current = -1;
      else {
        current = segmentStack.back();
        segmentStack.pop_back();
      }
      break;
    case StmtKind::Org: {
      if (current < 0) {
        // Before any segment: emu8086's .COM template starts with ORG 100h, which the implied
        // segment's ORG 100h repeats (emu8086.cpp); another address (a trainer kit's 2000h) is
        // left out, said so. MASM 6.1 refuses ORG outside a segment (error A2034).
        const Value v = evaluate(s.operands[0], true);
        if (!v.unknown && (v.num != 0x100 || !emu8086Source))
          passWarning(s.operands[0].column + 1u,
                      fmt::format("ORG {:X}h outside any segment: ignored (a .COM program's code starts at 100h; "
                                  "MASM 6.1 wants ORG inside a segment)",
                                  v.num));
        break;
      }
      Value v = evaluate(s.operands[0], true);
      if (v.unknown) break;
      if (v.relocatable && v.segment != current) {
        passError(s.operands[0].column + 1u, "ORG needs a constant or an address in the current segment");
        break;
      }
      if (v.num < 0 || v.num > 0xFFFFFFF) {
        passError(s.operands[0].column + 1u, "ORG address out of range");
        break;
      }
      auto& seg = segments[static_cast<size_t>(current)];
      seg.pc = static_cast<uint32_t>(v.num);
      seg.length = std::max(seg.length, seg.pc);
      break;
    }
    case StmtKind::Even:
    case StmtKind::Align: {
      if (current < 0) break;
      auto& seg = segments[static_cast<size_t>(current)];
      uint32_t a = s.kind == StmtKind::Even ? 2 : static_cast<uint32_t>(s.number);
      bool code = iequals(seg.className, "CODE") || seg.name.ends_with("_TEXT") || iequals(seg.className, "'CODE'");
      while (a && seg.pc % a) {
        uint8_t fill = code ? 0x90 : 0;  // MASM pads code with NOP
        emitBytes(&fill, 1, true);
      }
      break;
    }
    case StmtKind::ProcBegin: {
      procStack.push_back(s.label);
      procScope = s.procScope;
      defineLabelHere(s.label, SymKind::Label, 0, s.number != 0);
      s.label->isProc = true;
      break;
    }
    case StmtKind::ProcEnd:
      if (!procStack.empty()) procStack.pop_back();
      procScope = -1;
      break;
    case StmtKind::Assume:
      if (extraOf(s).assumeNothing) assumed.fill(false);
      for (auto& [reg, e] : extraOf(s).assumes) {
        size_t i = static_cast<size_t>(static_cast<int>(reg) - static_cast<int>(enc::Reg::ES));
        if (e.empty()) {
          assumed[i] = false;
          continue;
        }
        Value v = evaluate(e, true);
        if (v.segmentValue || (v.relocatable && v.target.kind == link::RefKind::Segment)) {
          assumed[i] = true;
          assumes[i] = v.target;
          if (!v.segmentValue && v.target.kind == link::RefKind::Segment) assumes[i] = v.target;
        } else if (!v.unknown) {
          passError(e.column + 1u, "ASSUME needs a segment, group, SEG expression or NOTHING");
        }
      }
      break;
    case StmtKind::CpuChange:
      cpu = static_cast<enc::Cpu>(s.number);
      cpu32 = cpu == enc::Cpu::I80386;
      fpu = impliedFpu(cpu);
      break;
    case StmtKind::FpuChange:
      fpu = static_cast<enc::Fpu>(s.number);
      break;
    case StmtKind::Jumps:
      jumps = s.number != 0;
      break;
    case StmtKind::LabelDirective:
      defineLabelHere(s.label, s.elementSize ? SymKind::Variable : SymKind::Label, s.elementSize, s.number != 0);
      s.label->structType = structTypeOf(s);
      break;
    case StmtKind::End:
      break;
    case StmtKind::Radix:
      radix = static_cast<unsigned>(s.number);
      break;
    case StmtKind::ListControl:
      listingOn = s.number != 0;
      break;
    case StmtKind::FixedRun:
      executeFixedRun(s);
      break;
  }
}

void Assembler::handleLogicalLine(const LogicalLine& line) {
  ++result_.logicalLines;
  size_t before = statements.size();
  uint32_t savedLine = currentLine;
  currentStatement = nullptr;
  // Statements keep where they came from (not the text) for diagnostics in later passes.
  LineOrigin where;
  if (line.location.file) {
    if (originFiles.empty() || originFiles.back() != line.location.file) originFiles.push_back(line.location.file);
    where.file = static_cast<uint32_t>(originFiles.size() - 1);
  }
  if (line.expansion) {
    if (originExpansions.empty() || originExpansions.back() != line.expansion) originExpansions.push_back(line.expansion);
    where.expansion = static_cast<uint32_t>(originExpansions.size() - 1);
  }
  where.line = line.location.line;
  where.column = line.location.column;
  where.length = line.location.length;
  where.fromFile = line.fromFile;
  currentLine = statementLines.push(where);
  exprs.cHexColumn = exprs.digitSeparatorColumn = exprs.cShiftColumn = exprs.sizeDotColumn = -1;
  processLine(line);
  if (exprs.sizeDotColumn >= 0 && !sizeDotWarned) {
    sizeDotWarned = true;
    result_.emu8086 = true;
    const char* type = toUpper(exprs.sizeDotLetter) == 'B' ? "BYTE" : "WORD";
    warning(line, static_cast<uint32_t>(exprs.sizeDotColumn) + 1,
            fmt::format("'{}.' is emu8086's short form of {} PTR: taken (MASM 6.1 wants {} PTR; said once)",
                        exprs.sizeDotLetter, type, type));
  }
  if (exprs.cHexColumn >= 0 && !cHexWarned) {
    cHexWarned = true;
    result_.emu8086 = true;
    warning(line, static_cast<uint32_t>(exprs.cHexColumn) + 1,
            "'0x' numbers are C's hexadecimal, which emu8086 takes: read as hexadecimal (MASM writes 0B800h for "
            "0xB800; said once)");
  }
  if (exprs.cShiftColumn >= 0 && !cShiftWarned) {
    cShiftWarned = true;
    result_.emu8086 = true;
    warning(line, static_cast<uint32_t>(exprs.cShiftColumn) + 1,
            "'<<' and '>>' are C's shifts, which emu8086 takes: read as SHL and SHR (MASM writes 'green SHL 3'; "
            "said once)");
  }
  if (exprs.digitSeparatorColumn >= 0 && !digitSeparatorWarned) {
    digitSeparatorWarned = true;
    result_.emu8086 = true;
    warning(line, static_cast<uint32_t>(exprs.digitSeparatorColumn) + 1,
            "'_' between digits is emu8086's separator: skipped (MASM numbers have none; said once)");
  }
  if (options.listing) {
    ListingLine l;
    l.text = line.text;
    l.location = line.location;
    l.fromFile = line.fromFile;
    l.statement = statements.size() > before ? static_cast<uint32_t>(statements.size() - 1) : UINT32_MAX;
    l.listed = listingOn;
    l.macroListing = static_cast<uint8_t>(macroListing);
    lines.push_back(std::move(l));
  }
  currentStatement = nullptr;  // the statement list may have grown: hold no pointer into it
  currentLine = savedLine;
}

const std::shared_ptr<const SourceFile>& Assembler::originFile(uint32_t lineIndex) const {
  static const std::shared_ptr<const SourceFile> none;
  uint32_t file = statementLines[lineIndex].file;
  return file == UINT32_MAX ? none : originFiles[file];
}

SourceLocation Assembler::originLocation(uint32_t lineIndex) const {
  const LineOrigin o = statementLines[lineIndex];
  return SourceLocation{originFile(lineIndex), o.line, o.column, o.length};
}

LogicalLine Assembler::originLine(uint32_t lineIndex) const {
  LogicalLine l;
  const LineOrigin o = statementLines[lineIndex];
  l.location = originLocation(lineIndex);
  if (o.expansion != UINT32_MAX) l.expansion = originExpansions[o.expansion];
  l.fromFile = o.fromFile;
  return l;
}

void Assembler::processNestedLine(const LogicalLine& line) {
  // A macro function's lines come while another line is being prepared; statement pointers
  // may move when the statement list grows, so nothing of the outer line is held here.
  handleLogicalLine(line);
}

AssemblyResult Assembler::run(std::shared_ptr<const SourceFile> source) {
  mainText = source->text();
  mainMacroDefinitions.reset();
  // What is not a source at all gets one clear error instead of a screen of nonsense (as the LC-3
  // assembler does). Text after a Ctrl-Z is ignored by MASM, so only what precedes it counts.
  {
    const std::string& text = source->text();
    const std::string_view body(text.data(), std::min(text.size(), text.find('\x1A')));
    Diagnostic d;
    d.severity = Severity::Error;
    d.location.file = source;
    if (const size_t nul = body.find('\0'); nul != std::string_view::npos) {
      auto [line, column] = source->position(nul);
      d.location.line = line;
      d.location.column = column;
      d.message = "this is a binary file, not assembly source (it holds a NUL byte)";
    } else if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
      d.location.line = d.location.column = 1;
      d.message = "the file is empty; an 8086 program needs its segments, its code and END";
    }
    if (!d.message.empty()) {
      diags.add(std::move(d));
      return std::move(result_);
    }
  }
  {
    std::string base = source->name();
    auto slash = base.find_last_of("/\\");
    if (slash != std::string::npos) base = base.substr(slash + 1);
    result_.module.name = base;
  }
  // Predefined names: TASM's ??VERSION (its presence is what IFDEF ??VERSION tests), @Version for MASM.
  if (options.dialect == Dialect::Tasm) {
    Symbol* v = globalSymbol("??VERSION", true);
    v->kind = SymKind::Constant;
    v->value = 0x0500;
    v->passDefined = 1;
    tasmLocals = false;
    scoped = false;  // TASM: code labels are global; only LOCALS' @@ names are local
  } else {
    macros.defineText("@Version", "611");
    // emu8086 keeps every code label global, a PROC's included (as MASM 5.1 and TASM do).
    emu8086Source = emu8086Shaped(mainText);
    if (emu8086Source) scoped = false;
    // emu8086 takes operator words as names (`low:`), also where a jump names one before it is
    // defined: a text that does not parse is read again with such words as names.
    if (emu8086Source) exprs.operatorWordSymbols = true;
    result_.emu8086 |= emu8086Source;  // so that HLT ends its run, as emu8086 stops there
  }
  for (auto& [name, value] : options.defines) {
    if (value.empty() || parseNumber(value, 10)) {
      Symbol* s = globalSymbol(name, true);
      s->kind = SymKind::Constant;
      s->value = value.empty() ? 0 : *parseNumber(value, 10);
      s->redefinable = true;
      s->passDefined = 1;
    } else {
      macros.defineText(name, value);
    }
  }
  macros.pushFile(source);
  if (options.lineNumbers) lineFile(source.get());  // file 0: the module's own source
  // Room for the statements, so that the list rarely has to move (each move copies every
  // statement). With a listing a label and an instruction on one line are two statements: a
  // quarter more than the lines; otherwise the label is folded into the instruction
  // (fixed_runs.cpp) and a line makes at most one statement, macros and TASM's PUSH of several
  // registers aside.
  const size_t lineCount = source->lineCount();
  statements.reserve(lineCount + (options.listing ? lineCount / 4 : lineCount / 16) + 16);
  LogicalLine line;
  size_t lines = 0;
  while (macros.next(line)) {
    if (++lines > options.maxLogicalLines) {
      error(line, 1, fmt::format("macro expansion made more than {} lines; assembly stopped (does a macro invoke "
                                 "itself more than once?)", options.maxLogicalLines));
      break;
    }
    handleLogicalLine(line);
    if (ended) break;
    if (diags.shouldStop()) {
      // What follows is not read: no later pass, no module (a few lines of REPT can make a
      // million wrong ones).
      diags.stopped(line.location, "assembly");
      return std::move(result_);
    }
  }
  if (openStruct) error(line, 1, fmt::format("structure '{}' has no ENDS", openStruct->name));
  if (!ended) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.location = SourceLocation{source, source->lineCount(), 1, 0};
    d.message = "no END directive at the end of the source";
    diags.add(std::move(d));
  }
  // Pass 1 errors other than undefined symbols are real; forward references are settled below.
  clearPassDiagnostics();
  // EXTERNDEF names not defined here are external (MASM 6.1 Programmer's Guide ch. 8).
  bool anyExternDef = false;
  for (const GlobalEntry& g : globals) anyExternDef |= g.symbol->externDef;
  if (anyExternDef)
  for (Symbol* sym : globalsInMapOrder()) {
    if (sym->externDef && sym->kind == SymKind::Undefined) {
      sym->kind = SymKind::External;
      sym->index = static_cast<int>(externals.size());
      sym->passDefined = 1;
      externals.push_back(sym);
    } else if (sym->externDef && sym->kind != SymKind::External) {
      sym->isPublic = true;
    }
  }
  // Later passes replay the recorded statements until no label moves (jump sizing).
  unsigned passes = 1;
  do {
    ++passes;
    pass = passes;
    finalPass = true;
    changed = false;
    clearPassDiagnostics();
    startPass();
    for (const Statement& s : statements) execute(s);
      if (passes >= options.maxPasses) {
      Diagnostic d;
      d.severity = Severity::Error;
      d.location = SourceLocation{source, 1, 1, 0};
      d.message = fmt::format("jump sizes did not settle after {} passes", passes);
      diags.add(std::move(d));
      break;
    }
  } while (changed);
  result_.passes = passes;
  if (options.dialect == Dialect::Tasm) finishTasm();
  for (auto& d : passDiagnostics) diags.add(std::move(d));
  reportSegmentOverflows();
  clearPassDiagnostics();
  // No pass follows: the replay records (a tenth of the assembly's memory on large sources) go
  // before the module is built, which is when memory use peaks.
  replay = ReplayCache{};
  buildModule();
  if (options.listing) buildListing();
  return std::move(result_);
}

AssemblyResult assemble(std::shared_ptr<const SourceFile> source, const Options& options, Diagnostics& diags) {
  Assembler a(options, diags);
  return a.run(std::move(source));
}

AssemblyResult assembleFile(const std::string& path, const Options& options, Diagnostics& diags) {
  std::string why;
  auto file = SourceFile::load(path, why);
  if (!file) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.message = why;
    diags.add(std::move(d));
    return {};
  }
  return assemble(file, options, diags);
}

}  // namespace asmlab::masm
