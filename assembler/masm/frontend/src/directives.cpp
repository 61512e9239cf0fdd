// Directives: segments (full and simplified), PROC, ASSUME, OPTION, symbols, data, structures,
// records, CPU selection and the TASM MASM-mode additions.
#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "assembler_impl.hpp"
#include "name_map.hpp"

namespace asmlab::masm {
namespace {

std::optional<enc::Cpu> cpuDirective(const std::string& u, bool& is32) {
  static const std::unordered_map<std::string_view, enc::Cpu> table = {
      {".8086", enc::Cpu::I8086},  {".186", enc::Cpu::I80186},  {".286", enc::Cpu::I80286},
      {".286P", enc::Cpu::I80286}, {".286C", enc::Cpu::I80286}, {".386", enc::Cpu::I80386},
      {".386P", enc::Cpu::I80386}, {".386C", enc::Cpu::I80386}, {".486", enc::Cpu::I80386},
      {".486P", enc::Cpu::I80386}, {".586", enc::Cpu::I80386},  {".586P", enc::Cpu::I80386},
      {"P8086", enc::Cpu::I8086},  {"P186", enc::Cpu::I80186},  {"P286", enc::Cpu::I80286},
      {"P286N", enc::Cpu::I80286}, {"P386", enc::Cpu::I80386},  {"P386N", enc::Cpu::I80386},
      {"P486", enc::Cpu::I80386},  {"P486N", enc::Cpu::I80386}, {"P586", enc::Cpu::I80386},
      {"P586N", enc::Cpu::I80386}};
  auto found = table.find(u);
  if (found == table.end()) return std::nullopt;
  is32 = found->second == enc::Cpu::I80386;
  return found->second;
}

// Coprocessor directives select the FPU only: `.8087` after `.386` leaves the 386 instructions on.
std::optional<enc::Fpu> fpuDirective(const std::string& u) {
  static const std::pair<const char*, enc::Fpu> table[] = {
      {".8087", enc::Fpu::I8087}, {".287", enc::Fpu::I80287}, {".387", enc::Fpu::I80387}, {".NO87", enc::Fpu::None},
      {"P8087", enc::Fpu::I8087}, {"P287", enc::Fpu::I80287}, {"P387", enc::Fpu::I80387}, {"PNO87", enc::Fpu::None}};
  for (auto& [name, f] : table)
    if (u == name) return f;
  return std::nullopt;
}

bool isListingDirective(const std::string& u) {
  // One hash probe: the handler asks this of every directive line.
  static const std::unordered_set<std::string_view> words = {
      ".LIST",        ".XLIST",        ".NOLIST",  ".LISTALL", ".LALL",    ".SALL",    ".XALL",     ".CREF",
      ".XCREF",       ".NOCREF",       ".LFCOND",  ".SFCOND",  ".TFCOND",  ".LISTIF",  ".NOLISTIF", ".LISTMACRO",
      ".NOLISTMACRO", ".LISTMACROALL", "PAGE",     "TITLE",    "SUBTTL",   "SUBTITLE", "%TITLE",    "%NOLIST",
      "%LIST",        "%SUBTTL",       "NAME",     "%NOCTLS",  "%CTLS",    "%MACS",    "%NOMACS",   "%NOSYMS",
      "%SYMS",        "%PAGESIZE",     "%BIN",     "%TEXT",    "%CONDS",   "%NOCONDS", "%INCL",     "%NOINCL",
      ".ALPHA",       ".SEQ",          "MASM",     "MASM51",   "NOMASM51", "QUIRKS",   "SMART",     "NOSMART",
      "EMUL",         "NOEMUL",        "%NEWPAGE", "%PCNT",    "%LINUM"};
  return words.contains(u);
}

}  // namespace

// The size of a data-definition word (DB, DW, BYTE, REAL4 ...), 0 for any other word: one table
// probe for the commonest directive lines, instead of the directive chain and typeKeywordSize's
// map. Sizes come from typeKeywordSize itself; a word missing here takes the general path.
uint32_t dataKeywordSize(std::string_view word) {
  static const FoldedWordTable<uint32_t> table = [] {
    FoldedWordTable<uint32_t> t;
    for (const char* w : {"BYTE", "SBYTE", "DB", "WORD", "SWORD", "DW", "DWORD", "SDWORD", "REAL4", "DD", "FWORD", "DF",
                          "QWORD", "REAL8", "DQ", "TBYTE", "REAL10", "DT"}) {
      bool isDistance = false, far = false;
      if (uint32_t size = typeKeywordSize(w, isDistance, far); size && !isDistance) t.insert(w, size);
    }
    return t;
  }();
  const uint32_t* size = table.find(word);
  return size ? *size : 0;
}

namespace {

// The column of `piece` in the directive's operands `rest` (which start at `restColumn`). Pieces
// from splitMacroArguments are copies, not views into `rest`: they are found by their text.
uint32_t columnOfPiece(std::string_view rest, uint32_t restColumn, std::string_view piece) {
  const char* begin = rest.data();
  if (piece.data() >= begin && piece.data() <= begin + rest.size())
    return restColumn + static_cast<uint32_t>(piece.data() - begin);
  size_t at = piece.empty() ? std::string_view::npos : rest.find(piece);
  return at == std::string_view::npos ? restColumn : restColumn + static_cast<uint32_t>(at);
}

Expr numberExpr(ExprStore& store, int64_t v, uint16_t column) {
  ExprOp o;
  o.op = Op::Number;
  o.numberRadix = 0;  // the member of ExprOp's union a Number uses
  o.setText(store.keepText(fmt::format("{}t", v)));
  o.column = column;
  return store.make({&o, 1}, column);
}

}  // namespace

int Assembler::createSegment(const std::string& name) {
  Symbol* sym = globalSymbol(name, true);
  if (sym->kind == SymKind::Segment) return sym->index;
  sym->kind = SymKind::Segment;
  sym->index = static_cast<int>(segments.size());
  sym->passDefined = 1;
  SegmentState seg;
  seg.name = sym->name;
  seg.symbol = sym;
  seg.use32 = forceUse16 ? false : cpu32;
  segments.push_back(std::move(seg));
  return sym->index;
}

int Assembler::groupIndex(const std::string& name) {
  Symbol* sym = globalSymbol(name, true);
  if (sym->kind == SymKind::Group) return sym->index;
  sym->kind = SymKind::Group;
  sym->index = static_cast<int>(groups.size());
  sym->passDefined = 1;
  link::Group g;
  g.name = sym->name;
  groups.push_back(std::move(g));
  groupSymbols.push_back(sym);
  return sym->index;
}

void Assembler::addToGroup(int group, int segment) {
  ++groupEdits;  // offsets and frames of the group's segments change: see replay.hpp
  auto& g = groups[static_cast<size_t>(group)];
  if (std::find(g.segments.begin(), g.segments.end(), static_cast<uint32_t>(segment)) == g.segments.end())
    g.segments.push_back(static_cast<uint32_t>(segment));
  segments[static_cast<size_t>(segment)].group = group;
}

// The memory model's symbols, DGROUP, its predefined segments and ASSUMEs (MASM 6.1 Programmer's
// Guide, ch. 2, "Defining Basic Attributes with .MODEL"); `use32` makes its segments 32-bit.
void Assembler::defineModel(Model chosen, const LogicalLine& line, bool use32) {
  model = chosen;
  modelFar = model == Model::Medium || model == Model::Large || model == Model::Huge;
  offsetSegment = false;  // simplified segments: offsets are relative to DGROUP
  use32Segments = use32;
  result_.tinyModel = model == Model::Tiny;
  macros.defineText("@data", "DGROUP");
  macros.defineText("@stack", "DGROUP");
  macros.defineText("@Model", std::to_string(static_cast<int>(model)));
  macros.defineText("@CodeSize", modelFar ? "1" : "0");
  macros.defineText("@DataSize", model == Model::Compact || model == Model::Large ? "1"
                                 : model == Model::Huge                           ? "2"
                                                                                  : "0");
  groupIndex("DGROUP");
  if (options.dialect != Dialect::Tasm) {
    // ML defines _TEXT and _DATA at .MODEL, in that order (MASM 6.1 Programmer's Guide appendix E:
    // "If you use .MODEL, a _TEXT segment is always defined"), and orders the program's segments
    // as DOSSEG does: code, then DGROUP's data, BSS and stack (Microsoft KB Q68562, MASM 5.0-6.11,
    // whose LINK map lists an unused _TEXT and _DATA of length 0). So the load image starts with
    // code even when .DATA comes first in the source, and a TINY program's code is at 100h.
    simplifiedSegment(".CODE", "_TEXT", line);
    simplifiedSegment(".DATA", "", line);
    if (!modelFar) macros.defineText("@code", "_TEXT");
    for (const char* predefined : {"_TEXT", "_DATA"})
      segments[static_cast<size_t>(findSymbol(predefined, -1, 0)->index)].predefined = true;
    bool present = false;
    for (auto& c : result_.module.comments) present |= c.commentClass == 0x9E;
    if (!present) result_.module.comments.push_back(link::Comment{0x80, 0x9E, ""});
  }
  ParseError pe;
  auto dgroup = parseExpression(exprs, "DGROUP", 0, pe);
  Statement& s = statements.emplace_back();
  s.kind = StmtKind::Assume;
  extraOf(s).assumes.emplace_back(enc::Reg::DS, *dgroup);
  extraOf(s).assumes.emplace_back(enc::Reg::SS, *dgroup);
  s.line = currentLine;
  s.procScope = procScope;
  s.atScope = atScope;
  currentStatement = &s;
  execute(s);
}

// The segments of the simplified directives (MASM 6.1 Programmer's Guide, table 2.2).
int Assembler::simplifiedSegment(const std::string& which, const std::string& name, const LogicalLine& line) {
  if (model == Model::None) {
    // MASM 6.1 refuses this (error A2013, ".MODEL must precede this directive"); emu8086, which
    // many courses use, assembles such programs, and so does asmlab, saying so: as a .COM (TINY,
    // its code from 100h) after an ORG 100h outside any segment, else as a SMALL program. A
    // program that loads @data into DS needs an .EXE's loader (a .COM holds no segment values).
    const bool com = orgBeforeSegments && !sourceWrites(mainText, {"@DATA"});
    result_.emu8086 = true;
    warning(line, 1,
            fmt::format("{} without .MODEL: assuming .MODEL {}, as emu8086 does (MASM 6.1 requires .MODEL first)",
                        which, com ? "TINY after ORG 100h (a .COM program)" : "SMALL"));
    defineModel(com ? Model::Tiny : Model::Small, line, false);  // emu8086's programs are 16-bit, .386 or not
    if (com) {
      handleDirective(line, {}, ".CODE", {}, 0, 1, 1, false);
      handleDirective(line, {}, "ORG", "100h", 0, 1, 1, false);
    }
  }
  std::string segName, cls;
  link::Align align = link::Align::Word;
  link::Combine combine = link::Combine::Public;
  bool inGroup = true;
  if (which == ".CODE") {
    bool farCode = model == Model::Medium || model == Model::Large || model == Model::Huge;
    std::string base = result_.module.name;
    if (auto dot = base.find('.'); dot != std::string::npos) base = base.substr(0, dot);
    segName = !name.empty() ? name : farCode ? upper(base) + "_TEXT" : "_TEXT";
    cls = "CODE";
    inGroup = model == Model::Tiny;
  } else if (which == ".DATA") {
    segName = "_DATA", cls = "DATA";
  } else if (which == ".DATA?") {
    segName = "_BSS", cls = "BSS";
  } else if (which == ".CONST") {
    segName = "CONST", cls = "CONST";
  } else if (which == ".STACK") {
    segName = "STACK", cls = "STACK", align = link::Align::Paragraph, combine = link::Combine::Stack;
  } else if (which == ".FARDATA") {
    segName = name.empty() ? "FAR_DATA" : name, cls = "FAR_DATA", align = link::Align::Paragraph;
    combine = link::Combine::Private, inGroup = false;
  } else {  // .FARDATA?
    segName = name.empty() ? "FAR_BSS" : name, cls = "FAR_BSS", align = link::Align::Paragraph;
    combine = link::Combine::Private, inGroup = false;
  }
  bool existed = findSymbol(segName, -1, 0) && findSymbol(segName, -1, 0)->kind == SymKind::Segment;
  int index = createSegment(segName);
  auto& seg = segments[static_cast<size_t>(index)];
  if (!existed) {
    seg.className = cls;
    seg.align = align;
    seg.combine = combine;
    seg.use32 = use32Segments && !forceUse16;
    if (inGroup) addToGroup(groupIndex("DGROUP"), index);
  } else if (seg.predefined) {
    // Defined by .MODEL and opened now: OPTION SEGMENT in between decides its size.
    seg.use32 = use32Segments && !forceUse16;
    seg.predefined = false;
  }
  return index;
}

bool Assembler::reachedThroughCsGroup(uint32_t segment) const {
  const auto cs = static_cast<size_t>(static_cast<int>(enc::Reg::CS) - static_cast<int>(enc::Reg::ES));
  if (segment >= segments.size() || current < 0 || !assumed[cs]) return false;
  const int group = segments[segment].group;
  return group >= 0 && segments[static_cast<size_t>(current)].group == group &&
         assumes[cs].kind == link::RefKind::Group && static_cast<int>(assumes[cs].index) == group;
}

void Assembler::startPass() {
  for (auto& s : segments) {
    s.pc = 0;
    s.overflowLine = SegmentState::kNoLine;
    s.unassumedWarned = false;
    s.length = 0;
    s.data.clear();
    s.fixups.clear();
  }
  current = -1;
  bracketMemoryWarned = false;
  emu80186Warned = false;
  segmentStack.clear();
  assumed.fill(false);
  procStack.clear();
  procScope = -1;
  radix = 10;
  cpu = options.cpu == Cpu::I8086 ? enc::Cpu::I8086 : options.cpu == Cpu::I186 ? enc::Cpu::I80186 : options.cpu == Cpu::I286 ? enc::Cpu::I80286 : enc::Cpu::I80386;
  cpu32 = options.cpu >= Cpu::I386;
  fpu = impliedFpu(cpu);
  jumps = options.dialect == Dialect::Masm;  // MASM 6.1's OPTION LJMP; TASM's NOJUMPS
  listingOn = true;
}

bool Assembler::handleDirective(const LogicalLine& line, std::string_view name, std::string_view directive,
                                std::string_view rest, uint32_t nameColumn, uint32_t dirColumn, uint32_t restColumn,
                                bool hasName) {
  // Instructions are by far the most common lines: leave at once.
  if (!hasName && isMnemonic(directive)) return false;
  // Data lines (the commonest directives) go straight to the data definitions; the others are
  // compared with many literals below: a string_view compares lengths before bytes.
  const uint32_t dataSize = dataKeywordSize(directive);
  // `name PROC` and `name ENDP` (the next commonest) are recognised without the copy too; both
  // always return from the named directives, so D is not needed for them.
  const bool isProc = hasName && !dataSize && iequals(directive, "PROC");
  const bool isEndp = hasName && !dataSize && !isProc && iequals(directive, "ENDP");
  std::string upperDirective;
  if (!dataSize && !isProc && !isEndp) upperDirective = upper(directive);
  const std::string_view D = upperDirective;
  auto commit = [&](Statement&& s) {
    s.line = currentLine;
    s.procScope = procScope;
    s.atScope = atScope;
    statements.push_back(std::move(s));
    currentStatement = &statements.back();
    execute(statements.back());
  };
  // The same for a statement built in place (place, fill in, run): nothing moved.
  auto place = [&](StmtKind kind) -> Statement& {
    Statement& s = statements.emplace_back();
    s.kind = kind;
    return s;
  };
  auto run = [&](Statement& s) {
    s.line = currentLine;
    s.procScope = procScope;
    s.atScope = atScope;
    currentStatement = &s;
    execute(s);
  };
  auto parseOne = [&](std::string_view text, uint32_t column) -> std::optional<Expr> {
    ParseError pe;
    auto e = parseExpression(exprs, text, static_cast<uint16_t>(column - 1), pe);
    if (!e) error(line, pe.column + 1u, pe.message);
    return e;
  };
  auto passOneError = [&](uint32_t column, std::string message) { error(line, column, std::move(message)); };
  bool tasm = options.dialect == Dialect::Tasm;
  if (hasName && !isEndp && D != "ENDS") checkReservedName(line, name, nameColumn);

  // ---- named directives ----
  if (hasName && !dataSize) {
    if (D == "=" || D == "EQU") {
      if (enc::parseRegister(name)) {
        passOneError(nameColumn, fmt::format("'{}' is a register name", name));
        return true;
      }
      auto e = parseOne(rest, restColumn);
      if (!e) return true;
      Statement s;
      s.kind = D == "=" ? StmtKind::Equal : StmtKind::Equ;
      s.label = globalSymbol(name, true);
      addOperand(s, *e);
      commit(std::move(s));
      return true;
    }
    if (D == "SEGMENT") {
      int index = createSegment(std::string(name));
      auto& seg = segments[static_cast<size_t>(index)];
      WordCursor c{rest};
      bool sawClass = false;
      while (!c.atEnd()) {
        size_t at = c.pos;
        if (rest[c.pos] == '\'' || rest[c.pos] == '"') {
          char q = rest[c.pos];
          auto end = rest.find(q, c.pos + 1);
          if (end == std::string_view::npos) {
            passOneError(restColumn + static_cast<uint32_t>(at), "unterminated class name");
            return true;
          }
          seg.className = std::string(rest.substr(c.pos + 1, end - c.pos - 1));
          sawClass = true;
          c.pos = end + 1;
          continue;
        }
        auto w = upper(c.word());
        if (w == "BYTE") seg.align = link::Align::Byte;
        else if (w == "WORD") seg.align = link::Align::Word;
        else if (w == "DWORD") seg.align = link::Align::DWord;
        else if (w == "PARA") seg.align = link::Align::Paragraph;
        else if (w == "PAGE") seg.align = link::Align::Page;
        else if (w == "PUBLIC" || w == "MEMORY") seg.combine = link::Combine::Public;
        else if (w == "STACK") seg.combine = link::Combine::Stack;
        else if (w == "COMMON") seg.combine = link::Combine::Common;
        else if (w == "PRIVATE") seg.combine = link::Combine::Private;
        else if (w == "USE16") seg.use32 = false;
        else if (w == "USE32" || w == "FLAT") seg.use32 = true;
        else if (w == "READONLY" || w == "EXECUTE" || w == "INFO") {}
        else if (w == "AT") {
          auto e = parseOne(c.rest(), restColumn + static_cast<uint32_t>(c.pos));
          if (!e) return true;
          currentStatement = nullptr;
          Value v = evaluate(*e, true);
          seg.align = link::Align::Absolute;
          seg.atFrame = static_cast<uint16_t>(v.num);
          break;
        } else if (w == ",") {
        } else {
          passOneError(restColumn + static_cast<uint32_t>(at), fmt::format("unknown segment attribute '{}'", w));
          return true;
        }
      }
      (void)sawClass;
      Statement s;
      s.kind = StmtKind::SegmentBegin;
      s.number = index;
      commit(std::move(s));
      macros.defineText("@curseg", segments[static_cast<size_t>(index)].name);
      return true;
    }
    if (D == "ENDS") {
      if (openStruct) {
        if (!iequals(openStruct->name, name)) passOneError(nameColumn, fmt::format("ENDS '{}' does not close structure '{}'", name, openStruct->name));
        structStack.pop_back();
        openStruct = structStack.empty() ? nullptr : structStack.back();
        return true;
      }
      if (current < 0 || !iequals(segments[static_cast<size_t>(current)].name, name)) {
        passOneError(nameColumn, current < 0 ? fmt::format("ENDS '{}' without an open segment", name)
                                              : fmt::format("ENDS '{}' does not match the open segment '{}'", name,
                                                            segments[static_cast<size_t>(current)].name));
        return true;
      }
      Statement s;
      s.kind = StmtKind::SegmentEnd;
      commit(std::move(s));
      macros.defineText("@curseg", current >= 0 ? segments[static_cast<size_t>(current)].name : std::string());
      return true;
    }
    if (isProc) {
      bool far = modelFar;
      // MASM 6.1 makes a procedure public unless it says PRIVATE or OPTION PROC:PRIVATE is in force;
      // under OPTION M510 one without a language type is private (MASM 6.1 Programmer's Guide ch. 7
      // and appendix A; OPTION PROC in the MASM 6.1 reference).
      std::optional<bool> visible;
      bool hasLanguage = languageDefined;
      std::vector<std::string> uses;
      WordCursor c{rest};
      while (!c.atEnd()) {
        auto w = upper(c.word());
        if (w == "NEAR" || w == "NEAR16" || w == "NEAR32") far = false;
        else if (w == "FAR" || w == "FAR16" || w == "FAR32") far = true;
        else if (w == "PUBLIC" || w == "EXPORT") visible = true;
        else if (w == "PRIVATE") visible = false;
        else if (w == "C" || w == "PASCAL" || w == "SYSCALL" || w == "STDCALL" || w == "BASIC" || w == "FORTRAN")
          hasLanguage = true;
        else if (w == "USES") {
          if (!procUsesList(line, c, rest, restColumn, uses)) break;
        } else if (w == ",") {
          passOneError(restColumn + static_cast<uint32_t>(c.pos - 1),
                       "PROC parameters are not supported: address the arguments through BP ([bp+4] is the first "
                       "word a NEAR procedure's caller pushed last)");
          break;
        } else {
          passOneError(dirColumn, fmt::format("PROC option '{}' is not supported (NEAR, FAR, PUBLIC, PRIVATE, EXPORT, "
                                              "a language type and USES are)",
                                              w));
          break;
        }
      }
      Symbol* label = globalSymbol(name, true);
      if (visible.value_or(procVisibility == ProcVisibility::Public ||
                           (procVisibility == ProcVisibility::PrivateWithoutLanguage && hasLanguage)))
        label->isPublic = true;
      procScope = ++procCounter;
      ++atScope;
      label->far = far;
      procStack.push_back(label);
      tasmState.frame = {};  // MASM's USES shares Turbo Assembler's frame (masm_frames.cpp)
      tasmState.frame.uses = std::move(uses);
      Statement& s = place(StmtKind::ProcBegin);
      s.label = label;
      s.number = far ? 1 : 0;
      run(s);
      // execute() pushed the procedure again for the replay; keep one entry
      procStack.pop_back();
      return true;
    }
    if (isEndp) {
      if (procStack.empty() || !iequals(procStack.back()->name, name)) {
        passOneError(nameColumn, procStack.empty() ? fmt::format("ENDP '{}' without PROC", name)
                                                   : fmt::format("ENDP '{}' does not match PROC '{}'", name, procStack.back()->name));
        return true;
      }
      run(place(StmtKind::ProcEnd));
      ++atScope;
      tasmState.frame = {};
      return true;
    }
    if (D == "LABEL") {
      Statement s;
      s.kind = StmtKind::LabelDirective;
      s.label = globalSymbol(name, true);
      bool isDistance = false, far = false;
      s.elementSize = typeKeywordSize(trim(rest), isDistance, far);
      if (!s.elementSize && !isDistance) {
        if (Symbol* t = findType(trim(rest))) {
          s.elementSize = t->structType ? t->structType->size : t->typeSize;
          setStructType(s, t->structType);
        } else {
          passOneError(restColumn, fmt::format("LABEL needs a type (BYTE, WORD, NEAR, FAR ...), not '{}'", rest));
          return true;
        }
      }
      s.number = far ? 1 : 0;
      commit(std::move(s));
      return true;
    }
    if (D == "STRUCT" || D == "STRUC" || D == "UNION") {
      auto def = std::make_unique<StructDef>();
      def->name = spelling(name);
      def->isUnion = D == "UNION";
      Symbol* sym = globalSymbol(name, true);
      sym->kind = SymKind::StructType;
      sym->structType = def.get();
      sym->definedLine = currentLine;
      sym->passDefined = 1;
      ++typeCount;
      structStack.push_back(def.get());
      openStruct = def.get();
      structs.push_back(std::move(def));
      return true;
    }
    if (D == "GROUP") {
      int g = groupIndex(std::string(name));
      for (auto& piece : splitMacroArguments(rest, nullptr, nullptr)) {
        auto segName = std::string(trim(piece));
        if (segName.empty()) continue;
        addToGroup(g, createSegment(segName));
      }
      return true;
    }
    if (D == "RECORD") {
      // Owned by the list from the start: the symbol points at it even when a field is wrong.
      StructDef* def = structs.emplace_back(std::make_unique<StructDef>()).get();
      def->name = spelling(name);
      def->isRecord = true;
      Symbol* sym = globalSymbol(name, true);
      sym->kind = SymKind::RecordType;
      sym->structType = def;
      sym->definedLine = currentLine;
      sym->passDefined = 1;
      def->size = sym->typeSize = 1;  // a byte until its fields say more (also when one is wrong)
      ++typeCount;
      // A wrong field ends the list; the fields before it stand, packed as if they were all.
      uint32_t total = 0;
      for (auto& piece : splitMacroArguments(rest, nullptr, nullptr)) {
        auto colon = piece.find(':');
        auto fieldName =
            colon == std::string::npos ? std::string() : std::string(trim(std::string_view(piece).substr(0, colon)));
        if (!isName(fieldName)) {
          passOneError(restColumn, "RECORD fields are written name:width[=default]");
          break;
        }
        auto widthText = std::string_view(piece).substr(colon + 1);
        std::string_view defText;
        if (auto eq = widthText.find('='); eq != std::string_view::npos) {
          defText = widthText.substr(eq + 1);
          widthText = widthText.substr(0, eq);
        }
        auto w = evaluateConstant(widthText, line);
        if (!w) break;
        // A field is 1 to 32 bits and a record at most 32 in all (MASM 6.1 Reference, RECORD;
        // 16 before .386, which TASM does not ask): wider, its bits would fall past a doubleword.
        if (*w < 1 || *w > 32 || total + *w > 32) {
          passOneError(restColumn, fmt::format("RECORD field '{}' is {} bits wide: a field has 1 to 32 bits, and a "
                                               "record at most 32 in all",
                                               fieldName, *w));
          break;
        }
        // Field names are global (MASM 6.1 Programmer's Guide ch. 5): one used already for anything
        // else, this record included, is a redefinition (MASM: A2005).
        Symbol* f = globalSymbol(fieldName, true);
        const bool ours = f->kind == SymKind::RecordField && f->structType && f->structType->name == def->name &&
                          std::none_of(def->recordFields.begin(), def->recordFields.end(),
                                       [&](const StructDef::Bits& b) { return b.symbol == f; });
        if (f->kind != SymKind::Undefined && !ours) {
          passOneError(restColumn,
                       fmt::format("RECORD field '{}' is already defined: a field needs a name of its own", fieldName));
          break;
        }
        f->kind = SymKind::RecordField;
        f->structType = def;
        f->definedLine = currentLine;
        f->width = static_cast<uint32_t>(*w);
        f->passDefined = 1;
        Expr initial = numberExpr(exprs, 0, 0);
        if (!defText.empty()) {
          if (auto e = parseOne(defText, restColumn)) initial = std::move(*e);
        }
        def->recordFields.push_back({f, f->width, 0, std::move(initial)});
        total += f->width;
      }
      uint32_t shift = total;
      for (auto& field : def->recordFields) {
        shift -= field.width;
        field.shift = shift;
        field.symbol->value = shift;
      }
      sym->width = total;
      def->size = total <= 8 ? 1 : total <= 16 ? 2 : 4;
      sym->typeSize = def->size;
      return true;
    }
    if (D == "TYPEDEF") {
      Symbol* sym = globalSymbol(name, true);
      sym->kind = SymKind::TypeAlias;
      sym->passDefined = 1;
      sym->definedLine = currentLine;
      ++typeCount;
      bool isDistance = false, far = false;
      WordCursor c{rest};
      auto w = c.word();
      if (iequals(w, "PTR") || iequals(w, "NEAR") || iequals(w, "FAR")) {
        if (iequals(w, "FAR")) far = true;
        sym->typeSize = far ? 4 : 2;
        sym->far = far;
      } else if (uint32_t size = typeKeywordSize(w, isDistance, far)) {
        sym->typeSize = size;
      } else if (Symbol* t = findType(w)) {
        sym->typeSize = t->structType ? t->structType->size : t->typeSize;
        sym->structType = t->structType;
      } else {
        passOneError(restColumn, fmt::format("unknown type '{}'", w));
      }
      return true;
    }
  }

  // ---- data definitions (named or not) ----
  {
    bool isDistance = false, far = false;
    uint32_t size = dataSize ? dataSize : typeKeywordSize(D, isDistance, far);
    Symbol* type = size || isDistance ? nullptr : findType(directive);
    if ((size && !isDistance) || type) {
      StmtKind kind = type ? StmtKind::StructData : StmtKind::Data;
      uint32_t elementSize = type ? (type->structType ? type->structType->size : type->typeSize) : size;
      StructDef* structType = type ? type->structType : nullptr;
      uint64_t count = 1;
      std::optional<int64_t> value;
      // The variable the line defines (none without a name); false once an EXTRN name is reported.
      auto dataLabel = [&](Symbol*& label) {
        label = hasName ? globalSymbol(name, true) : nullptr;
        if (label && label->kind == SymKind::External) {
          passOneError(nameColumn, fmt::format("'{}' is declared EXTRN and cannot be defined here", name));
          return false;
        }
        return true;
      };
      if (!type && !openStruct && simpleDataText(rest, radix, elementSize, count, value)) {
        // The commonest data lines (`x DW ?`, `m DB 2 DUP (1)`): length and bytes from the text,
        // no items kept (data.cpp, emitData).
        Symbol* label = nullptr;
        if (!dataLabel(label)) return true;
        currentStatement = nullptr;
        Statement& placed = place(kind);
        placed.elementSize = elementSize;
        placed.label = label;
        presetData(placed, label, count, value);
        run(placed);
        return true;
      }
      ParseError pe;
      auto items = parseDataItems(exprs, rest, static_cast<uint16_t>(restColumn - 1), pe);
      if (!items) {
        error(line, pe.column + 1u, pe.message);
        return true;
      }
      if (items->empty() && !type) {
        passOneError(dirColumn, fmt::format("{} needs at least one value (use ? for none)", directive));
        return true;
      }
      if (openStruct) {
        // A field of the structure being defined.
        Statement s;
        s.kind = kind;
        s.elementSize = elementSize;
        setStructType(s, structType);
        extraOf(s).data = std::move(*items);
        StructField f;
        f.elementSize = s.elementSize;
        f.structType = structTypeOf(s);
        f.offset = openStruct->isUnion ? 0 : openStruct->size;
        currentStatement = nullptr;
        computeDataLength(s, nullptr);
        f.size = static_cast<uint32_t>(s.number);
        f.initialiser = dataOf(s);
        if (hasName) {
          // Ideal mode keeps a field's name to its structure (Turbo Assembler User's Guide, "Ideal
          // mode": duplicate member names among structures), so it makes no global name.
          Symbol* fs = tasmState.ideal ? nullptr : globalSymbol(name, true);
          if (fs && (fs->kind == SymKind::Undefined || fs->kind == SymKind::StructField)) {
            fs->kind = SymKind::StructField;
            fs->value = f.offset;
            fs->typeSize = f.elementSize;
            fs->structType = f.structType;
            fs->passDefined = 1;
          }
          // Field names are also looked up per structure, so two structures may share one.
          Symbol* own = newSymbol();
          if (fs) *own = *fs;
          own->name = spelling(name);
          own->kind = SymKind::StructField;
          own->value = f.offset;
          own->typeSize = f.elementSize;
          own->structType = f.structType;
          own->passDefined = 1;
          f.symbol = own;
          fieldKeys.push_back(fmt::format("\x03{}.{}", openStruct->name, fold(name)));
          globals.push_back({own, static_cast<uint32_t>(fieldKeys.size() - 1)});
        }
        openStruct->size = openStruct->isUnion ? std::max(openStruct->size, f.size) : openStruct->size + f.size;
        openStruct->fields.push_back(std::move(f));
        return true;
      }
      Symbol* label = nullptr;
      if (!dataLabel(label)) return true;
      currentStatement = nullptr;
      // Built in place in the statement list (the commonest directive line: no Statement moved).
      Statement& placed = place(kind);
      placed.elementSize = elementSize;
      setStructType(placed, structType);
      extraOf(placed).data = std::move(*items);
      placed.label = label;
      if (!presetSimpleData(placed, label)) computeDataLength(placed, label);
      run(placed);
      return true;
    }
  }
  if (hasName) return false;

  // ---- unnamed directives ----
  if (D == ".MODEL" || (D == "MODEL" && tasm)) {
    auto args = splitMacroArguments(rest, nullptr, nullptr);
    std::string m = args.empty() ? "" : upper(trim(args[0]));
    static const std::pair<const char*, Model> models[] = {{"TINY", Model::Tiny},       {"SMALL", Model::Small},
                                                           {"COMPACT", Model::Compact}, {"MEDIUM", Model::Medium},
                                                           {"LARGE", Model::Large},     {"HUGE", Model::Huge},
                                                           {"FLAT", Model::Flat}};
    Model chosen = Model::None;
    for (auto& [n, v] : models)
      if (m == n) chosen = v;
    if (chosen == Model::None || chosen == Model::Flat) {
      passOneError(restColumn, chosen == Model::Flat ? "the FLAT model is for 32-bit protected mode, which DOS programs do not use"
                                                     : fmt::format("unknown memory model '{}' (TINY, SMALL, COMPACT, MEDIUM, LARGE, HUGE)", m));
      return true;
    }
    // `.MODEL small, c`: a language type makes procedures public under OPTION M510 too.
    for (size_t i = 1; i < args.size(); ++i) {
      std::string a = upper(trim(args[i]));
      if (a == "C" || a == "PASCAL" || a == "BASIC" || a == "FORTRAN" || a == "SYSCALL" || a == "STDCALL")
        languageDefined = true;
    }
    if (masm510 && languageDefined) scoped = true;
    // `.386` before `.MODEL` makes the model's segments 32-bit (MASM 6.1 Programmer's Guide, ch. 2).
    defineModel(chosen, line, cpu32);
    return true;
  }
  static const std::pair<const char*, const char*> tasmSegs[] = {
      {"CODESEG", ".CODE"}, {"DATASEG", ".DATA"}, {"UDATASEG", ".DATA?"}, {"CONST", ".CONST"}, {"FARDATA", ".FARDATA"},
      {"UFARDATA", ".FARDATA?"}, {"STACK", ".STACK"}};
  std::string simplified(D);
  if (tasm)
    for (auto& [t, m] : tasmSegs)
      if (D == t) simplified = m;
  if (simplified == ".CODE" || simplified == ".DATA" || simplified == ".DATA?" || simplified == ".CONST" ||
      simplified == ".FARDATA" || simplified == ".FARDATA?") {
    std::string segName(trim(rest));
    if (simplified != ".CODE" && simplified != ".FARDATA" && simplified != ".FARDATA?") segName.clear();
    if (!segName.empty() && !isName(segName)) {
      passOneError(restColumn, fmt::format("'{}' is not a segment name", segName));
      return true;
    }
    int index = simplifiedSegment(simplified, segName, line);
    if (index < 0) return true;
    macros.defineText("@curseg", segments[static_cast<size_t>(index)].name);
    Statement s;
    s.kind = StmtKind::SegmentEnd;  // the simplified directives close the open segment
    if (current >= 0) commit(std::move(s));
    Statement b;
    b.kind = StmtKind::SegmentBegin;
    b.number = index;
    commit(std::move(b));
    if (simplified == ".CODE") {
      macros.defineText("@code", segments[static_cast<size_t>(index)].name);
      Statement a;
      a.kind = StmtKind::Assume;
      auto e = parseOne(model == Model::Tiny ? "DGROUP" : segments[static_cast<size_t>(index)].name, 1);
      if (!e) {  // a name that is also a keyword (".code .code")
        passOneError(restColumn, fmt::format("'{}' cannot name a segment: it is a reserved word", segName));
        return true;
      }
      extraOf(a).assumes.emplace_back(enc::Reg::CS, *e);
      commit(std::move(a));
    }
    return true;
  }
  if (simplified == ".STACK") {
    int64_t size = 1024;
    if (!trim(rest).empty()) {
      auto v = evaluateConstant(rest, line);
      if (!v) return true;
      size = *v;
    }
    int index = simplifiedSegment(".STACK", "", line);
    if (index < 0) return true;
    Statement b;
    b.kind = StmtKind::SegmentBegin;
    b.number = index;
    commit(std::move(b));
    Statement d;
    d.kind = StmtKind::Data;
    d.elementSize = 1;
    DataItem dup;
    dup.kind = DataItem::Kind::Dup;
    dup.expr = numberExpr(exprs, size, 0);
    DataItem q;
    q.kind = DataItem::Kind::Undefined;
    dup.items.push_back(q);
    extraOf(d).data.push_back(std::move(dup));
    commit(std::move(d));
    Statement e;
    e.kind = StmtKind::SegmentEnd;
    commit(std::move(e));
    return true;
  }
  if (D == ".STARTUP" || (tasm && D == "STARTUPCODE")) {
    std::vector<std::string> code;
    if (model == Model::Tiny) code.push_back("org 100h");
    code.push_back("@Startup:");
    if (model != Model::Tiny) {
      code.insert(code.end(), {"mov dx, DGROUP", "mov ds, dx", "mov bx, ss", "sub bx, dx"});
      if (cpu == enc::Cpu::I8086) code.insert(code.end(), {"shl bx, 1", "shl bx, 1", "shl bx, 1", "shl bx, 1"});
      else code.push_back("shl bx, 4");
      code.insert(code.end(), {"cli", "mov ss, dx", "add sp, bx", "sti"});
    }
    for (auto& t : code) {
      LogicalLine l = line;
      l.text = t;
      processLine(l);
    }
    return true;
  }
  if (D == ".EXIT" || (tasm && D == "EXITCODE")) {
    std::vector<std::string> code;
    if (trim(rest).empty()) code.push_back("mov ah, 4Ch");
    else code.push_back(fmt::format("mov ax, 4C00h + (({}) AND 0FFh)", trim(rest)));
    code.push_back("int 21h");
    for (auto& t : code) {
      LogicalLine l = line;
      l.text = t;
      processLine(l);
    }
    return true;
  }
  if (D == "ASSUME") {
    Statement s;
    s.kind = StmtKind::Assume;
    for (auto& piece : splitMacroArguments(rest, nullptr, nullptr)) {
      auto p = trim(piece);
      if (p.empty()) continue;
      if (iequals(p, "NOTHING")) {
        extraOf(s).assumeNothing = true;
        continue;
      }
      auto colon = p.find(':');
      auto regName = trim(p.substr(0, colon));
      auto reg = enc::parseRegister(regName);
      if (colon == std::string_view::npos || !reg) {
        uint32_t col = restColumn + static_cast<uint32_t>(rest.find(p));
        passOneError(col, fmt::format("ASSUME expects register:segment, not '{}'", p));
        return true;
      }
      if (!enc::isSegmentRegister(*reg)) continue;  // ASSUME bx:PTR ... (typed registers) is accepted and ignored
      auto target = trim(p.substr(colon + 1));
      if (iequals(target, "NOTHING") || iequals(target, "ERROR")) {
        extraOf(s).assumes.emplace_back(*reg, Expr{});
        continue;
      }
      uint32_t col = columnOfPiece(rest, restColumn, target);
      auto e = parseOne(target, col);
      if (!e) return true;
      extraOf(s).assumes.emplace_back(*reg, std::move(*e));
    }
    commit(std::move(s));
    return true;
  }
  if (D == "OPTION") {
    for (auto& piece : splitMacroArguments(rest, nullptr, nullptr)) {
      std::string p = upper(trim(piece));
      std::string key = p.substr(0, p.find(':'));
      std::string value = p.find(':') == std::string::npos ? "" : std::string(trim(std::string_view(p).substr(p.find(':') + 1)));
      key = std::string(trim(key));
      if (key == "SEGMENT") {
        if (value == "USE16") forceUse16 = true, use32Segments = false;
        else if (value == "USE32" || value == "FLAT") forceUse16 = false, use32Segments = true;
      } else if (key == "SCOPED") scoped = true;
      else if (key == "NOSCOPED") scoped = false;
      else if (key == "M510" || key == "NOM510") setMasm510(key == "M510");
      else if (key == "DOTNAME") dotName = true;
      else if (key == "NODOTNAME") dotName = false;
      else if (key == "OLDSTRUCTS") oldStructs = true;
      else if (key == "NOOLDSTRUCTS") oldStructs = false;
      else if (key == "SETIF2") macros.setIf2(value == "TRUE");
      else if (key == "PROC") {
        if (value == "PUBLIC" || value == "EXPORT") procVisibility = ProcVisibility::Public;
        else if (value == "PRIVATE") procVisibility = ProcVisibility::Private;
        else passOneError(restColumn, fmt::format("unknown OPTION PROC:{} (PUBLIC, PRIVATE, EXPORT)", value));
      } else if (key == "LJMP" || key == "NOLJMP") {
        // MASM 6.1 extends out-of-range conditional jumps unless OPTION NOLJMP (Programmer's Guide ch. 7).
        Statement s;
        s.kind = StmtKind::Jumps;
        s.number = key == "LJMP";
        commit(std::move(s));
      } else if (key == "OFFSET") {
        if (value == "GROUP" || value == "FLAT") offsetSegment = false;
        else if (value == "SEGMENT") offsetSegment = true;
        else passOneError(restColumn, fmt::format("unknown OPTION OFFSET:{} (GROUP, SEGMENT, FLAT)", value));
      } else if (key == "LANGUAGE") {
        languageDefined = value != "NONE" && !value.empty();
        if (masm510) scoped = languageDefined;
      } else if (key == "CASEMAP") {
        if (value != "NOTPUBLIC" && value != "ALL" && value != "NONE")
          passOneError(restColumn, fmt::format("unknown CASEMAP '{}' (NONE, NOTPUBLIC, ALL)", value));
        else if ((value == "NONE") != (options.caseMode == CaseMode::Preserve))
          warning(line, restColumn, "OPTION CASEMAP differs from the command line's case mode; the command line's applies");
      } else if (key == "EXPR16" || key == "EXPR32" || key == "EMULATOR" || key == "NOEMULATOR" ||
                 key == "NOKEYWORD" || key == "NOSIGNEXTEND" || key == "READONLY" || key == "NOREADONLY" ||
                 key == "OLDMACROS" || key == "NOOLDMACROS" || key == "EPILOGUE" || key == "PROLOGUE") {
      } else {
        passOneError(restColumn, fmt::format("unknown OPTION '{}'", key));
      }
    }
    return true;
  }
  if (D == "PUBLIC") {
    for (auto& piece : splitMacroArguments(rest, nullptr, nullptr)) {
      WordCursor c{piece};
      auto w = c.word();
      if (iequals(w, "C") || iequals(w, "PASCAL")) w = c.word();
      if (w.empty()) continue;
      globalSymbol(w, true)->isPublic = true;
    }
    return true;
  }
  if (D == "EXTRN" || D == "EXTERN" || D == "EXTERNDEF" || (tasm && D == "GLOBAL")) {
    for (auto& piece : splitMacroArguments(rest, nullptr, nullptr)) {
      auto p = trim(piece);
      if (p.empty()) continue;
      auto colon = p.find(':');
      auto symName = trim(p.substr(0, colon));
      WordCursor nc{symName};
      auto first = nc.word();
      if (iequals(first, "C") || iequals(first, "PASCAL")) symName = nc.rest();
      std::string_view typeName = colon == std::string_view::npos ? "ABS" : trim(p.substr(colon + 1));
      Symbol* s = globalSymbol(symName, true);
      bool isDistance = false, far = false;
      uint32_t size = typeKeywordSize(typeName, isDistance, far);
      StructDef* st = nullptr;
      if (!size && !isDistance && !iequals(typeName, "ABS")) {
        if (Symbol* t = findType(typeName)) {
          size = t->structType ? t->structType->size : t->typeSize;
          st = t->structType;
        } else {
          passOneError(columnOfPiece(rest, restColumn, typeName),
                       fmt::format("unknown type '{}' for external '{}'", typeName, symName));
          continue;
        }
      }
      if (iequals(typeName, "PROC")) far = modelFar;
      if (D == "EXTERNDEF" || D == "GLOBAL") {
        s->externDef = true;
        s->typeSize = size;
        s->far = far;
        s->structType = st;
        if (s->kind != SymKind::Undefined) s->isPublic = true;
        continue;
      }
      if (s->kind == SymKind::External) continue;
      if (s->kind != SymKind::Undefined) {
        passOneError(restColumn, fmt::format("'{}' is already defined in this module", symName));
        continue;
      }
      s->kind = SymKind::External;
      s->typeSize = size;
      s->far = far;
      s->structType = st;
      s->index = static_cast<int>(externals.size());
      s->passDefined = 1;
      externals.push_back(s);
    }
    return true;
  }
  if (D == "DOSSEG" || D == ".DOSSEG") {
    // COMENT class 9Eh asks the linker for the DOS segment order (TIS OMF 1.1, "DOSSEG").
    bool present = false;
    for (auto& c : result_.module.comments) present |= c.commentClass == 0x9E;
    if (!present) result_.module.comments.push_back(link::Comment{0x80, 0x9E, ""});
    return true;
  }
  if (D == "INCLUDELIB") {
    std::string lib(trim(rest));
    if (lib.size() >= 2 && lib.front() == '<' && lib.back() == '>') lib = lib.substr(1, lib.size() - 2);
    if (lib.empty()) passOneError(dirColumn, "INCLUDELIB needs a library name");
    else result_.module.comments.push_back(link::Comment{0x40, 0x9F, lib});
    return true;
  }
  if (D == "ORG") {
    auto e = parseOne(rest, restColumn);
    if (!e) return true;
    Statement s;
    s.kind = StmtKind::Org;
    addOperand(s, *e);
    commit(std::move(s));
    return true;
  }
  if (D == "EVEN") {
    Statement s;
    s.kind = StmtKind::Even;
    commit(std::move(s));
    return true;
  }
  if (D == "ALIGN") {
    Statement s;
    s.kind = StmtKind::Align;
    s.number = 2;
    if (!trim(rest).empty()) {
      auto v = evaluateConstant(rest, line);
      if (!v) return true;
      if (*v <= 0 || (*v & (*v - 1))) {
        passOneError(restColumn, "ALIGN needs a power of two");
        return true;
      }
      s.number = *v;
    }
    commit(std::move(s));
    return true;
  }
  if (D == "END") {
    ended = true;
    if (!trim(rest).empty()) {
      auto e = parseOne(rest, restColumn);
      if (!e) return true;
      Statement s;
      s.kind = StmtKind::End;
      addOperand(s, *e);
      commit(std::move(s));
    }
    return true;
  }
  if (D == ".RADIX") {
    auto v = parseNumber(trim(rest), 10);
    if (!v || (*v != 2 && *v != 8 && *v != 10 && *v != 16)) {
      passOneError(restColumn, ".RADIX must be 2, 8, 10 or 16");
      return true;
    }
    Statement s;
    s.kind = StmtKind::Radix;
    s.number = *v;
    commit(std::move(s));
    return true;
  }
  bool is32 = false;
  if (auto c = cpuDirective(upperDirective, is32); c && (D[0] == '.' || tasm)) {
    Statement s;
    s.kind = StmtKind::CpuChange;
    s.number = static_cast<int64_t>(*c);
    commit(std::move(s));
    return true;
  }
  if (auto f = fpuDirective(upperDirective); f && (D[0] == '.' || tasm)) {
    Statement s;
    s.kind = StmtKind::FpuChange;
    s.number = static_cast<int64_t>(*f);
    commit(std::move(s));
    return true;
  }
  if (tasm && (D == "LOCALS" || D == "NOLOCALS")) {
    tasmLocals = D == "LOCALS";
    return true;
  }
  if (tasm && (D == "JUMPS" || D == "NOJUMPS")) {
    Statement s;
    s.kind = StmtKind::Jumps;
    s.number = D == "JUMPS";
    commit(std::move(s));
    return true;
  }
  if (tasm && D == "IDEAL") {
    passOneError(dirColumn, "TASM IDEAL mode is not supported; use MASM mode syntax");
    return true;
  }
  if (D == ".LIST" || D == ".XLIST" || D == "%LIST" || D == "%NOLIST" || D == ".NOLIST") {
    Statement s;
    s.kind = StmtKind::ListControl;
    s.number = D == ".LIST" || D == "%LIST";
    commit(std::move(s));
    listingOn = s.number != 0;
    return true;
  }
  if (D == ".LALL" || D == ".LISTMACROALL" || D == ".LISTALL") macroListing = MacroListing::All;
  else if (D == ".XALL" || D == ".LISTMACRO") macroListing = MacroListing::CodeOnly;
  else if (D == ".SALL" || D == ".NOLISTMACRO") macroListing = MacroListing::None;
  if (isListingDirective(upperDirective)) return true;
  // `ENDP` / `ENDS` without the name in front (or with it after: `endp print`), as Turbo Assembler
  // and code written for it close a procedure, segment or structure: MASM wants the name first.
  // Accepted with a warning that names it, so a grade does not fall on it and nothing after it is
  // misread (labels stay in their procedure's scope).
  if ((D == "ENDP" && !procStack.empty()) || (D == "ENDS" && (openStruct || current >= 0))) {
    const std::string open = D == "ENDP" ? procStack.back()->name
                             : openStruct ? openStruct->name
                                          : segments[static_cast<size_t>(current)].name;
    const std::string_view written = trim(rest);
    if (!written.empty() && !iequals(written, open)) {
      passOneError(restColumn, fmt::format("{} '{}' does not match the open {} '{}'", D, written,
                                           D == "ENDP" ? "procedure" : openStruct ? "structure" : "segment", open));
      return true;
    }
    warning(line, dirColumn, fmt::format("{} without a name in front: MASM wants '{} {}' (Turbo Assembler's form; "
                                         "--dialect tasm accepts it silently)", D, open, D));
    return handleDirective(line, open, D == "ENDP" ? "ENDP" : "ENDS", {}, dirColumn, dirColumn, restColumn, true);
  }
  if (D == "PROC" && emu8086Source && !rest.empty() && isIdentStart(rest[0])) {
    // `proc twice`: programs written for emu8086 put the keyword first, as Turbo Assembler's
    // Ideal mode does; read as `twice PROC`.
    const size_t end = std::min(rest.size(), rest.find_first_of(" \t"));
    const std::string_view name = rest.substr(0, end);
    const std::string_view after = trim(rest.substr(end));
    warning(line, dirColumn,
            fmt::format("'PROC {0}' names the procedure after the keyword, as emu8086 takes it: read "
                        "as '{0} PROC' (MASM wants the name first)",
                        name));
    openImpliedSegment(line);
    return handleDirective(
        line, name, "PROC", after, restColumn, dirColumn,
        after.empty() ? restColumn : static_cast<uint32_t>(restColumn + (after.data() - rest.data())), true);
  }
  if (D == "ENDP" || D == "ENDS" || D == "SEGMENT" || D == "PROC" || D == "EQU" || D == "LABEL" || D == "GROUP" ||
      D == "STRUCT" || D == "RECORD") {
    passOneError(dirColumn, fmt::format("{} needs a name in front of it", D));
    return true;
  }
  return false;
}

}  // namespace asmlab::masm
