// Turbo Assembler's statements, before the MASM statement layer sees a line (--dialect tasm):
// Ideal mode (Turbo Assembler User's Guide, "Using Ideal mode" and the appendix of Ideal-mode
// syntax), the MASM-mode rules in which TASM differs from MASM (ENDP and ENDS without a name,
// LOCALS with a prefix, nested anonymous structures) and TASM's own directives (DISPLAY, ERRIF...).
// An Ideal line is either handled here (directives that come before their name) or handed to the
// MASM layer, its operands rewritten where Ideal syntax differs (`[byte bx]` is `[byte ptr bx]`).
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {
namespace {

enum class Word : uint8_t {
  None, Ideal, Masm, Locals, NoLocals, Endp, Ends, Proc, Segment, Struc, Union, Group, Label, Record, Typedef,
  Arg, Local, Uses, Display, Err, ErrIf, ErrIfE, ErrIfDef, ErrIfNDef, ErrIfB, ErrIfNB, ErrIf1, ErrIf2, ErrIfIdn,
  ErrIfIdnI, ErrIfDif, ErrIfDifI, Model, EvenData, Smart, NoSmart, Ignored,
};

Word classify(std::string_view w) {
  static const FoldedWordTable<Word> table = [] {
    FoldedWordTable<Word> t;
    const std::pair<const char*, Word> words[] = {
        {"IDEAL", Word::Ideal}, {"MASM", Word::Masm}, {"LOCALS", Word::Locals}, {"NOLOCALS", Word::NoLocals},
        {"ENDP", Word::Endp}, {"ENDS", Word::Ends}, {"PROC", Word::Proc}, {"SEGMENT", Word::Segment},
        {"STRUC", Word::Struc}, {"STRUCT", Word::Struc}, {"UNION", Word::Union}, {"GROUP", Word::Group},
        {"LABEL", Word::Label}, {"RECORD", Word::Record}, {"TYPEDEF", Word::Typedef}, {"ARG", Word::Arg},
        {"LOCAL", Word::Local}, {"USES", Word::Uses}, {"DISPLAY", Word::Display}, {"ERR", Word::Err},
        {"%ERR", Word::Err}, {"ERRIF", Word::ErrIf}, {"ERRIFE", Word::ErrIfE}, {"ERRIFDEF", Word::ErrIfDef},
        {"ERRIFNDEF", Word::ErrIfNDef}, {"ERRIFB", Word::ErrIfB}, {"ERRIFNB", Word::ErrIfNB},
        {"ERRIF1", Word::ErrIf1}, {"ERRIF2", Word::ErrIf2}, {"ERRIFIDN", Word::ErrIfIdn},
        {"ERRIFIDNI", Word::ErrIfIdnI}, {"ERRIFDIF", Word::ErrIfDif}, {"ERRIFDIFI", Word::ErrIfDifI},
        {"MODEL", Word::Model}, {".MODEL", Word::Model}, {"EVENDATA", Word::EvenData}, {"SMART", Word::Smart},
        {"NOSMART", Word::NoSmart}};
    for (auto& [name, word] : words) t.insert(name, word);
    // Accepted with no effect on the object: warning classes, error reporting, emulation,
    // parsing quirks, the state stack, and the listing controls MASM does not have.
    for (const char* w : {"WARN", "NOWARN", "MULTERRS", "NOMULTERRS", "EMUL", "NOEMUL", "QUIRKS",
                          "MASM51", "NOMASM51", "PUSHSTATE", "POPSTATE", "LARGESTACK", "SMALLSTACK", "%TABSIZE",
                          "%TRUNC", "%NOTRUNC", "%CREF", "%NOCREF", "%CREFALL", "%CREFREF", "%CREFUREF", "%DEPTH",
                          "%PUSHLCTL", "%POPLCTL", "%UREF"})
      t.insert(w, Word::Ignored);
    return t;
  }();
  const Word* found = table.find(w);
  return found ? *found : Word::None;
}

uint32_t columnOf(std::string_view text, std::string_view word) {
  return static_cast<uint32_t>(word.data() - text.data()) + 1;
}

// Words that continue an expression after a type keyword (`WORD PTR x`, `TYPE x EQ 2`): no PTR
// is implied before them.
bool isOperatorWord(std::string_view w) {
  for (const char* op : {"PTR", "MOD", "SHL", "SHR", "AND", "OR", "XOR", "EQ", "NE", "LT", "LE", "GT", "GE", "DUP"})
    if (iequals(w, op)) return true;
  return false;
}

// In Ideal mode a type in front of an operand casts it without PTR: `[byte bx]`, `[word cs:x]`,
// `(Point bx).x` (Turbo Assembler User's Guide, "Ideal mode": size specifiers). The MASM layer
// reads these with PTR inserted; nothing else in the text changes.
std::string impliedPtr(std::string_view text, size_t from, const std::function<bool(std::string_view)>& isType) {
  std::string out;
  size_t copied = 0;
  for (size_t i = from; i < text.size();) {
    char c = text[i];
    if (c == '\'' || c == '"') {
      size_t close = text.find(c, i + 1);
      i = close == std::string_view::npos ? text.size() : close + 1;
      continue;
    }
    if (!isIdentStart(c)) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && isIdentChar(text[end])) ++end;
    std::string_view word = text.substr(i, end - i);
    size_t next = end;
    while (next < text.size() && isBlank(text[next])) ++next;
    if (next > end && next < text.size() && isType(word)) {
      char n = text[next];
      bool operand = n == '[' || n == '(' || isDigit(n);
      if (isIdentStart(n)) {
        size_t e = next;
        while (e < text.size() && isIdentChar(text[e])) ++e;
        operand = !isOperatorWord(text.substr(next, e - next));
      }
      if (operand) {
        out.append(text.substr(copied, end - copied));
        out += " ptr";
        copied = end;
      }
    }
    i = end;
  }
  if (copied == 0) return {};
  out.append(text.substr(copied));
  return out;
}

}  // namespace

bool Assembler::idealStatement(const Statement* s) const {
  if (!s || statements.empty()) return false;
  const Statement* first = statements.data();
  const Statement* last = first + statements.size();
  if (std::less<const Statement*>()(s, first) || !std::less<const Statement*>()(s, last)) return false;
  if (tasmState.rewriting && tasmState.ideal && s == last - 1) return true;  // being assembled now
  return std::binary_search(tasmState.idealInstructions.begin(), tasmState.idealInstructions.end(),
                            static_cast<uint32_t>(s - first));
}

bool Assembler::processTasmLine(const LogicalLine& line) {
  const std::string_view text = line.text;
  WordCursor cur{text};
  const std::string_view w1 = cur.word();
  if (w1.empty()) return false;
  const uint32_t col1 = columnOf(text, w1);
  const std::string_view w2 = cur.peekWord();
  Word word = classify(w1);
  // A name in front of a directive is a name, whatever it spells (`Display PROC`).
  if (word != Word::None && !w2.empty() && (w2 == ":" || (wordBits(w2) & kWordNameDirective))) word = Word::None;
  const bool ideal = tasmState.ideal;
  auto restColumn = [&](std::string_view rest) {
    return rest.empty() ? static_cast<uint32_t>(text.size()) + 1 : columnOf(text, rest);
  };
  // Ideal mode's `DIRECTIVE name rest`, given to the MASM layer as `name DIRECTIVE rest`.
  auto nameAfter = [&](std::string_view directive) {
    std::string_view name = cur.word();
    if (name.empty() || !isIdentStart(name[0])) {
      error(line, col1, fmt::format("{} needs a name after it in Ideal mode", upper(directive)));
      return true;
    }
    std::string_view rest = cur.rest();
    if (!handleDirective(line, name, directive, rest, columnOf(text, name), col1, restColumn(rest), true))
      error(line, col1, fmt::format("'{}' cannot follow a name here", directive));
    return true;
  };
  switch (word) {
    case Word::None:
      break;
    case Word::Ideal:
      tasmState.ideal = true;
      macros.setIdealMode(true);
      // Ideal-mode course programs use @@ labels in several procedures without LOCALS.
      tasmLocals = true;
      return true;
    case Word::Masm:
      tasmState.ideal = false;
      macros.setIdealMode(false);
      return true;
    case Word::Locals: {
      std::string_view prefix = cur.rest();
      tasmLocals = true;
      tasmState.localPrefix = prefix.empty() ? std::string("@@") : std::string(prefix);
      return true;
    }
    case Word::NoLocals:
      tasmLocals = false;
      return true;
    case Word::Endp: {
      std::string_view name = cur.word();
      if (procStack.empty()) {
        error(line, col1, "ENDP without PROC");
        return true;
      }
      const std::string& open = procStack.back()->name;
      handleDirective(line, name.empty() ? std::string_view(open) : name, "ENDP", {},
                      name.empty() ? col1 : columnOf(text, name), col1, restColumn({}), true);
      tasmState.frame = {};
      return true;
    }
    case Word::Ends: {
      std::string_view name = cur.word();
      if (!tasmState.anonymous.empty() && openStruct == tasmState.anonymous.back()) return closeAnonymousStruct();
      std::string_view open;
      if (openStruct) open = openStruct->name;
      else if (current >= 0) open = segments[static_cast<size_t>(current)].name;
      else {
        error(line, col1, "ENDS without an open segment or structure");
        return true;
      }
      handleDirective(line, name.empty() ? open : name, "ENDS", {}, name.empty() ? col1 : columnOf(text, name), col1,
                      restColumn({}), true);
      return true;
    }
    case Word::Struc:
    case Word::Union:
      // Without a name inside a structure: an anonymous block nested in it (both modes).
      if (openStruct && w2.empty()) return openAnonymousStruct(word == Word::Union);
      if (!ideal) break;
      return nameAfter(w1);
    case Word::Proc: {
      if (!ideal) break;
      std::string_view name = cur.word();
      if (name.empty() || !isIdentStart(name[0])) {
        error(line, col1, "PROC needs a name after it in Ideal mode");
        return true;
      }
      std::string_view rest = cur.rest();
      return tasmProc(line, name, rest, columnOf(text, name), col1, restColumn(rest));
    }
    case Word::Segment:
    case Word::Group:
    case Word::Label:
    case Word::Record:
    case Word::Typedef:
      if (!ideal) break;
      return nameAfter(w1);
    case Word::Arg:
    case Word::Local:
    case Word::Uses: {
      std::string_view rest = cur.rest();
      return tasmFrameDirective(line, w1, rest, restColumn(rest));
    }
    case Word::Display: {
      std::string_view rest = cur.rest();
      if (rest.size() >= 2 && (rest.front() == '"' || rest.front() == '\'') && rest.back() == rest.front())
        rest = rest.substr(1, rest.size() - 2);
      message(std::string(rest));
      return true;
    }
    case Word::Err: case Word::ErrIf: case Word::ErrIfE: case Word::ErrIfDef: case Word::ErrIfNDef: case Word::ErrIfB:
    case Word::ErrIfNB: case Word::ErrIf1: case Word::ErrIf2: case Word::ErrIfIdn: case Word::ErrIfIdnI:
    case Word::ErrIfDif: case Word::ErrIfDifI: {
      // TASM's conditional errors (Turbo Assembler User's Guide, "Conditional error-generation
      // directives"); like MASM's .ERR family, pass 1 decides.
      std::string_view rest = cur.rest();
      bool fire = false;
      std::string detail;
      auto args = splitMacroArguments(rest, nullptr, nullptr);
      if (word == Word::Err || word == Word::ErrIf1) {
        fire = true;
        detail = std::string(rest);
      } else if (word == Word::ErrIf || word == Word::ErrIfE) {
        auto comma = rest.find(',');
        auto v = evaluateConstant(rest.substr(0, comma), line);
        if (!v) return true;
        fire = word == Word::ErrIf ? *v != 0 : *v == 0;
        if (comma != std::string_view::npos) detail = std::string(trim(rest.substr(comma + 1)));
      } else if (word == Word::ErrIfDef || word == Word::ErrIfNDef) {
        std::string_view name = trim(rest);
        bool defined = isSymbolDefined(name) || macros.isTextMacro(name) || macros.isMacro(name);
        fire = word == Word::ErrIfDef ? defined : !defined;
      } else if (word == Word::ErrIfB || word == Word::ErrIfNB) {
        bool blank = args.empty() || trim(args[0]).empty();
        fire = word == Word::ErrIfB ? blank : !blank;
      } else if (word != Word::ErrIf2 && args.size() >= 2) {
        bool caseless = word == Word::ErrIfIdnI || word == Word::ErrIfDifI;
        bool same = caseless ? iequals(args[0], args[1]) : args[0] == args[1];
        fire = word == Word::ErrIfIdn || word == Word::ErrIfIdnI ? same : !same;
      }
      if (fire)
        error(line, col1, detail.empty() ? fmt::format("forced error ({})", upper(w1))
                                         : fmt::format("forced error ({}): {}", upper(w1), detail));
      return true;
    }
    case Word::Model: {
      // MODEL [modifier] model [, [language modifier] language]: a language changes ARG and LOCAL.
      WordCursor c{cur.rest()};
      while (!c.atEnd()) {
        std::string_view w = c.word();
        if (w == "," || !isTasmLanguage(w)) continue;
        tasmState.modelLanguage = !iequals(w, "NOLANGUAGE");
        tasmState.modelPascal = isPascalLanguage(w);
      }
      return false;  // the MASM layer makes the model's segments
    }
    case Word::EvenData:
      // EVENDATA: EVEN in a data segment (no NOPs); the MASM layer pads by the segment's class.
      return handleDirective(line, {}, "EVEN", {}, 0, col1, restColumn({}), false);
    case Word::Smart:
    case Word::NoSmart:
      // SMART (the default) lets TASM pick shorter code: LEA of a simple address is MOV OFFSET.
      tasmState.smart = word == Word::Smart;
      return true;
    case Word::Ignored:
      return true;
  }
  if (!w2.empty() && iequals(w2, "ENDP")) {
    tasmState.frame = {};
    return false;  // `name ENDP`: the MASM layer's
  }
  // `name PROC ...` with TASM's procedure options (language, USES, arguments).
  if (!w2.empty() && iequals(w2, "PROC") && isIdentStart(w1[0])) {
    cur.word();
    std::string_view rest = cur.rest();
    return tasmProc(line, w1, rest, col1, columnOf(text, w2), restColumn(rest));
  }
  return tasmInstruction(line);
}

// An instruction line: the pops of USES before a RET, and in Ideal mode the PTR its casts imply
// and the record of its statement (brackets, and the warning for a variable without them).
bool Assembler::tasmInstruction(const LogicalLine& line) {
  const std::string_view text = line.text;
  WordCursor cur{text};
  std::string_view op = cur.word();
  size_t labelEnd = 0;
  if (!op.empty() && isIdentStart(op[0]) && cur.pos < text.size() && text[cur.pos] == ':') {
    labelEnd = ++cur.pos;
    if (labelEnd < text.size() && text[labelEnd] == ':') labelEnd = ++cur.pos;
    op = cur.word();
  }
  while (!op.empty() && (wordBits(op) & kWordPrefix) && isMnemonic(cur.peekWord())) op = cur.word();
  const bool instruction = !op.empty() && isMnemonic(op);
  // The procedure's prologue goes before its first label or instruction.
  if ((instruction || labelEnd) && !procStack.empty() && !tasmState.frame.started) startFrame(line);
  if (!instruction) return false;
  if (pushesSeveral(line, op, cur.pos, labelEnd)) return true;
  const bool ret = iequals(op, "RET") || iequals(op, "RETN") || iequals(op, "RETF");
  const TasmFrame& frame = tasmState.frame;
  const bool epilogue = ret && !procStack.empty() && (frame.bp || !frame.uses.empty());
  if (!tasmState.ideal && !epilogue) return false;
  LogicalLine rewritten;
  const LogicalLine* toRun = &line;
  if (tasmState.ideal) {
    std::string withPtr = impliedPtr(text, cur.pos, [this](std::string_view w) {
      bool isDistance = false, far = false;
      if (typeKeywordSize(w, isDistance, far) || isDistance) return !iequals(w, "PROC");
      return typeCount > 0 && findType(w) != nullptr;
    });
    if (!withPtr.empty()) {
      rewritten = line;
      rewritten.text = std::move(withPtr);
      toRun = &rewritten;
    }
  }
  const bool saved = tasmState.rewriting;
  tasmState.rewriting = true;
  if (epilogue) {
    // The label first, then the epilogue, then the RET with the label blanked (columns unchanged).
    if (toRun != &rewritten) {
      rewritten = line;
      toRun = &rewritten;
    }
    if (labelEnd) {
      LogicalLine label = rewritten;
      label.text.resize(labelEnd);
      processLine(label);
      std::fill(rewritten.text.begin(), rewritten.text.begin() + static_cast<std::ptrdiff_t>(labelEnd), ' ');
    }
    emitEpilogue(line);
    // Pascal's RET removes the arguments (unless the RET says how many bytes itself).
    if (frame.bp && frame.pascal && frame.argBytes && trim(cur.rest()).empty())
      rewritten.text += fmt::format(" {}t", frame.argBytes);
  }
  const size_t before = statements.size();
  processLine(*toRun);
  tasmState.rewriting = saved;
  if (tasmState.ideal)
    for (size_t i = before; i < statements.size(); ++i)
      if (statements[i].kind == StmtKind::Instruction) tasmState.idealInstructions.push_back(static_cast<uint32_t>(i));
  return true;
}

// `push ax bx cx`, `pop cx bx ax`: TASM takes several registers, separated by blanks, and
// pushes or pops them in the order written (Turbo Assembler User's Guide, "Extended PUSH and
// POP instructions"). Each becomes its own statement; a label stays with the first.
bool Assembler::pushesSeveral(const LogicalLine& line, std::string_view op, size_t operandsAt, size_t labelEnd) {
  if (!iequals(op, "PUSH") && !iequals(op, "POP")) return false;
  const std::string_view text = line.text;
  WordCursor c{text, operandsAt};
  std::vector<std::string_view> registers;
  while (!c.atEnd()) {
    std::string_view r = c.word();
    if (!enc::parseRegister(r)) return false;  // anything else is one operand (`push word ptr x`)
    registers.push_back(r);
  }
  if (registers.size() < 2) return false;
  const std::string prefix(text.substr(0, labelEnd));
  for (size_t i = 0; i < registers.size(); ++i)
    runGenerated(line, fmt::format("{}{} {}", i == 0 ? prefix : std::string(prefix.size(), ' '), op, registers[i]));
  if (tasmState.ideal)
    for (size_t i = statements.size() - registers.size(); i < statements.size(); ++i)
      tasmState.idealInstructions.push_back(static_cast<uint32_t>(i));
  return true;
}

// Ideal mode: a variable named without brackets is still a memory operand, with TASM's warning
// ("Pointer expression needs brackets"). Checked once every symbol is known.
void Assembler::finishTasm() {
  for (uint32_t index : tasmState.idealInstructions) {
    const Statement& s = statements[index];
    for (const Expr& e : s.operands) {
      bool bracketed = false, names = false;
      std::string_view first;
      for (const ExprOp& o : e.ops) {
        if (o.op == Op::Bracket || o.op == Op::Index || o.op == Op::Offset || o.op == Op::Seg || o.op == Op::Size ||
            o.op == Op::SizeOf || o.op == Op::Length || o.op == Op::LengthOf || o.op == Op::Type)
          bracketed = true;
        if (o.op == Op::Identifier && o.resolved != 1 && o.resolved != 2 && !names) {
          names = true;
          first = o.text();
        }
      }
      if (bracketed || !names) continue;
      const size_t diagnosticsBefore = passDiagnostics.size();
      currentStatement = &s;
      Value v = evaluate(e, false);
      currentStatement = nullptr;
      truncatePassDiagnostics(diagnosticsBefore);
      if (v.unknown || !v.memory || v.regs[0] != enc::Reg::None || v.regs[1] != enc::Reg::None) continue;
      warning(originLine(s.line), e.column + 1u,
              fmt::format("pointer expression needs brackets: Ideal mode reads '{}' as memory; write [{}]", first,
                          first));
    }
  }
}

bool Assembler::openAnonymousStruct(bool isUnion) {
  auto def = std::make_unique<StructDef>();
  def->name = openStruct->name;  // its fields belong to the enclosing structure
  def->isUnion = isUnion;
  structStack.push_back(def.get());
  openStruct = def.get();
  tasmState.anonymous.push_back(def.get());
  structs.push_back(std::move(def));
  return true;
}

// ENDS of an anonymous STRUC or UNION nested in a structure (Turbo Assembler User's Guide,
// "Nesting structures and unions"): its fields become the enclosing structure's, at the place
// the block starts (a structure's end, or 0 in a union).
bool Assembler::closeAnonymousStruct() {
  StructDef* inner = tasmState.anonymous.back();
  tasmState.anonymous.pop_back();
  structStack.pop_back();
  openStruct = structStack.back();
  const uint32_t base = openStruct->isUnion ? 0 : openStruct->size;
  for (StructField& f : inner->fields) {
    if (f.symbol) {
      // MASM mode also gave the field a global name (directives.cpp): it moves with the field.
      Symbol* global = tasmState.ideal ? nullptr : globalSymbol(f.symbol->name, false);
      if (global && global->kind == SymKind::StructField && global->value == f.offset) global->value = f.offset + base;
      f.symbol->value = f.offset + base;
    }
    f.offset += base;
    openStruct->fields.push_back(std::move(f));
  }
  inner->fields.clear();
  openStruct->size = openStruct->isUnion ? std::max(openStruct->size, inner->size) : openStruct->size + inner->size;
  return true;
}

// `[bx.x]` where nothing says which structure BX points to: the one structure with a field of
// that name (Ideal mode keeps field names out of the global names).
const StructField* Assembler::fieldByName(std::string_view name, std::string& ambiguity) const {
  const StructField* found = nullptr;
  std::vector<std::string_view> owners;
  const bool exact = options.caseMode == CaseMode::Preserve;
  for (const auto& def : structs) {
    if (def->isRecord) continue;
    for (const StructField& f : def->fields) {
      if (!f.symbol || !(exact ? f.symbol->name == name : iequals(f.symbol->name, name))) continue;
      if (found && (found->offset != f.offset || found->elementSize != f.elementSize)) owners.push_back(def->name);
      else if (!found) {
        found = &f;
        owners.push_back(def->name);
      }
    }
  }
  if (owners.size() > 1) {
    std::string list;
    for (auto o : owners) list += (list.empty() ? "" : ", ") + std::string(o);
    ambiguity = fmt::format("'{}' is a field of several structures ({}): name the structure, as in "
                            "[({} PTR bx).{}]", name, list, owners.front(), name);
    return nullptr;
  }
  return found;
}

}  // namespace asmlab::masm
