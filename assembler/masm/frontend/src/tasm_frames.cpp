// Turbo Assembler's procedure directives (--dialect tasm): PROC's options (language, USES, an
// argument list), ARG and LOCAL, which name the stack frame's arguments and local variables as
// BP-relative operands, and USES, which saves registers at the start of the procedure and
// restores them before each RET (Turbo Assembler User's Guide, "Declaring procedures", ARG, LOCAL).
#include <algorithm>

#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {

bool isTasmLanguage(std::string_view w) {
  for (const char* l : {"NOLANGUAGE", "C", "CPP", "PROLOG", "SYSCALL", "STDCALL", "PASCAL", "TPASCAL", "BASIC", "FORTRAN"})
    if (iequals(w, l)) return true;
  return false;
}

// The languages that push their arguments left to right and whose procedures remove them.
bool isPascalLanguage(std::string_view w) {
  return iequals(w, "PASCAL") || iequals(w, "TPASCAL") || iequals(w, "BASIC") || iequals(w, "FORTRAN");
}

namespace {

bool isFrameKeyword(std::string_view w) {
  return iequals(w, "ARG") || iequals(w, "LOCAL") || iequals(w, "RETURNS") || iequals(w, "USES");
}

// A pointer-sized complex type (`FAR PTR`, `WORD PTR`, `NEAR`, `DATAPTR` ...) and its size.
const char* sizeKeyword(uint32_t size) {
  switch (size) {
    case 1: return "BYTE";
    case 2: return "WORD";
    case 4: return "DWORD";
    case 6: return "FWORD";
    case 8: return "QWORD";
    case 10: return "TBYTE";
    default: return nullptr;
  }
}

std::string bpOperand(const std::string& type, int64_t offset) {
  return fmt::format("({} PTR [BP{}0{:X}h])", type, offset < 0 ? '-' : '+', offset < 0 ? -offset : offset);
}

}  // namespace

void Assembler::runGenerated(const LogicalLine& line, std::string text) {
  LogicalLine generated = line;
  generated.text = std::move(text);
  const bool saved = tasmState.rewriting;
  tasmState.rewriting = true;
  processLine(generated);
  tasmState.rewriting = saved;
}

void Assembler::startFrame(const LogicalLine& line) {
  TasmFrame& f = tasmState.frame;
  f.started = true;
  if (f.bp) {
    runGenerated(line, "push bp");
    runGenerated(line, "mov bp, sp");
    if (f.localBytes) runGenerated(line, fmt::format("sub sp, {}t", f.localBytes));
  }
  for (const std::string& r : f.uses) runGenerated(line, "push " + r);
}

void Assembler::emitEpilogue(const LogicalLine& line) {
  const TasmFrame& f = tasmState.frame;
  for (auto it = f.uses.rbegin(); it != f.uses.rend(); ++it) runGenerated(line, "pop " + *it);
  if (f.bp) {
    if (f.localBytes) runGenerated(line, "mov sp, bp");
    runGenerated(line, "pop bp");
  }
}

bool Assembler::tasmProc(const LogicalLine& line, std::string_view name, std::string_view rest, uint32_t nameColumn,
                         uint32_t dirColumn, uint32_t restColumn) {
  std::string masmOptions;  // distance and visibility: what the MASM layer's PROC reads
  bool language = tasmState.modelLanguage, pascal = tasmState.modelPascal;
  std::string_view uses, frame;
  WordCursor c{rest};
  while (!c.atEnd()) {
    const size_t at = c.pos;
    std::string_view w = c.word();
    std::string u = upper(w);
    if (u == ",") continue;
    if (u == "NEAR" || u == "FAR" || u == "NEAR16" || u == "FAR16" || u == "NEAR32" || u == "FAR32" || u == "PUBLIC" ||
        u == "PRIVATE") {
      masmOptions += " " + u;
    } else if (isTasmLanguage(u)) {
      language = u != "NOLANGUAGE";
      pascal = isPascalLanguage(u);
    } else if (u == "NORMAL" || u == "WINDOWS" || u == "ODDNEAR" || u == "ODDFAR") {
    } else if (u == "USES") {
      size_t end = c.pos;
      while (!c.atEnd()) {
        size_t before = c.pos;
        std::string_view r = c.word();
        if (isFrameKeyword(r)) {
          c.pos = before;
          break;
        }
        end = c.pos;
      }
      uses = rest.substr(at + w.size(), end - at - w.size());
    } else if (isFrameKeyword(w) || (c.pos < rest.size() && (rest[c.pos] == ':' || rest[c.pos] == '['))) {
      frame = rest.substr(at);  // ARG / LOCAL / RETURNS, or an argument list without ARG
      break;
    } else {
      error(line, restColumn + static_cast<uint32_t>(at), fmt::format("unknown PROC option '{}'", w));
      return true;
    }
  }
  handleDirective(line, name, "PROC", masmOptions, nameColumn, dirColumn, restColumn, true);
  tasmState.frame = {};
  tasmState.frame.language = language;
  tasmState.frame.pascal = language && pascal;
  const auto columnIn = [&](std::string_view part) { return restColumn + static_cast<uint32_t>(part.data() - rest.data()); };
  if (!uses.empty()) tasmFrameDirective(line, "USES", uses, columnIn(uses));
  // The frame's parts, each up to the next keyword: `ARG a:WORD LOCAL t:WORD = size`.
  std::string_view keyword = "ARG";
  while (!frame.empty()) {
    WordCursor f{frame};
    std::string_view first = f.peekWord();
    if (isFrameKeyword(first)) {
      keyword = first;
      f.word();
    }
    const size_t start = f.pos;
    size_t end = frame.size();
    while (!f.atEnd()) {
      const size_t before = f.pos;
      if (isFrameKeyword(f.word())) {
        end = before;
        break;
      }
    }
    std::string_view part = trim(frame.substr(start, end - start));
    if (iequals(keyword, "RETURNS")) part = {};  // returned values take no place in the caller's arguments
    if (!part.empty()) tasmFrameDirective(line, keyword, part, columnIn(part));
    frame = frame.substr(end);
  }
  return true;
}

bool Assembler::tasmFrameDirective(const LogicalLine& line, std::string_view directive, std::string_view rest,
                                   uint32_t restColumn) {
  const std::string d = upper(directive);
  if (procStack.empty()) {
    error(line, restColumn, fmt::format("{} belongs inside a procedure (between PROC and ENDP)", d));
    return true;
  }
  TasmFrame& frame = tasmState.frame;
  if (d == "USES") {
    // Saved with the prologue (now, after the procedure's first instruction), restored before
    // every RET of the procedure.
    for (auto& piece : splitMacroArguments(rest, nullptr, nullptr)) {
      WordCursor r{piece};
      while (!r.atEnd()) {
        std::string_view reg = r.word();
        if (!enc::parseRegister(reg)) {
          error(line, restColumn + static_cast<uint32_t>(std::string_view(rest).find(reg)),
                fmt::format("USES lists registers, not '{}'", reg));
          continue;
        }
        frame.uses.emplace_back(reg);
        if (frame.started) runGenerated(line, "push " + std::string(reg));
      }
    }
    return true;
  }
  if (frame.language && frame.started) {
    error(line, restColumn, fmt::format("{} must come before the procedure's first instruction: the assembler "
                                        "writes the stack frame of a procedure with a language there", d));
    return true;
  }
  // ARG name[count1]:type:count2, ... [= symbol]; LOCAL likewise. An argument's type defaults to
  // WORD; a BYTE argument takes 2 bytes unless a count is given (a push is a word).
  std::string_view list = rest, sizeName;
  if (size_t eq = rest.find('='); eq != std::string_view::npos) {
    list = rest.substr(0, eq);
    sizeName = trim(rest.substr(eq + 1));
  }
  struct Item {
    std::string name, type;
    uint32_t size = 0;
  };
  std::vector<Item> items;
  for (auto& piece : splitMacroArguments(list, nullptr, nullptr)) {
    std::string_view p = trim(piece);
    if (p.empty()) continue;
    const uint32_t column = restColumn + static_cast<uint32_t>(std::string_view(rest).find(p));
    size_t n = 0;
    while (n < p.size() && isIdentChar(p[n])) ++n;
    Item item;
    item.name = std::string(p.substr(0, n));
    if (item.name.empty() || !isIdentStart(item.name[0])) {
      error(line, column, fmt::format("{} expects name:type, not '{}'", d, p));
      return true;
    }
    std::string_view after = trim(p.substr(n));
    int64_t count1 = 1, count2 = 1;
    bool explicitCount = false;
    if (after.starts_with("[")) {
      size_t close = after.find(']');
      auto v = close == std::string_view::npos ? std::nullopt : evaluateConstant(after.substr(1, close - 1), line);
      if (!v) return true;
      count1 = *v;
      after = trim(after.substr(close + 1));
    }
    std::string_view typeText = "WORD";
    if (after.starts_with(":")) {
      after = after.substr(1);
      size_t colon = after.find(':');
      typeText = trim(after.substr(0, colon));
      if (colon != std::string_view::npos) {
        auto v = evaluateConstant(after.substr(colon + 1), line);
        if (!v) return true;
        count2 = *v;
        explicitCount = true;
      }
    } else if (!after.empty()) {
      error(line, column, fmt::format("{} expects name:type, not '{}'", d, p));
      return true;
    }
    bool isDistance = false, far = false;
    uint32_t typeSize = typeKeywordSize(typeText, isDistance, far);
    std::string type = upper(typeText);
    const std::string u = type;
    if (u.find("PTR") != std::string::npos || isDistance || u == "DATAPTR" || u == "CODEPTR") {
      bool farPointer = u.find("FAR") != std::string::npos || far ||
                        (u == "DATAPTR" && (model == Model::Compact || model == Model::Large || model == Model::Huge)) ||
                        (u == "CODEPTR" && modelFar);
      typeSize = farPointer ? 4 : 2;
      type = sizeKeyword(typeSize);
    } else if (!typeSize) {
      Symbol* t = findType(typeText);
      if (!t) {
        error(line, column, fmt::format("unknown type '{}' for '{}'", typeText, item.name));
        return true;
      }
      typeSize = t->structType ? t->structType->size : t->typeSize;
      type = t->structType ? t->name : sizeKeyword(typeSize) ? sizeKeyword(typeSize) : "BYTE";
    }
    if (typeSize == 1 && !explicitCount) count2 = 2;
    item.type = std::move(type);
    item.size = static_cast<uint32_t>(typeSize * count1 * count2);
    items.push_back(std::move(item));
  }
  uint32_t total = 0;
  for (const Item& item : items) total += item.size;
  // ARG: above the caller's BP and the return address; LOCAL: below BP, one after another.
  if (d == "ARG") {
    // The leftmost argument is nearest BP (pushed last), as C pushes them; Pascal pushes them
    // left to right, so there the last one is (Borland technical note TN357).
    const bool far = procStack.back()->far;
    uint32_t offset = 2 + (far ? 4 : 2) + frame.argBytes;
    if (frame.pascal) std::reverse(items.begin(), items.end());
    for (const Item& item : items) {
      macros.defineText(item.name, bpOperand(item.type, offset));
      offset += item.size;
    }
    frame.argBytes += total;
  } else {
    int64_t offset = -static_cast<int64_t>(frame.localBytes);
    for (const Item& item : items) {
      offset -= item.size;
      macros.defineText(item.name, bpOperand(item.type, offset));
    }
    frame.localBytes += total;
  }
  if (frame.language) frame.bp = true;
  if (!sizeName.empty()) {
    const std::string value = fmt::format("{}t", total);
    handleDirective(line, sizeName, "=", value, restColumn, restColumn, restColumn, true);
  }
  return true;
}

}  // namespace asmlab::masm
