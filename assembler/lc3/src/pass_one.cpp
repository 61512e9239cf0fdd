// Pass 1: blocks (.ORIG/.END), the address of every statement, label definitions, and the
// diagnostics that need only the layout (unknown opcodes, memory overflow, overlaps, data reached
// by falling through).
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "passes.hpp"

namespace asmlab::lc3::detail {
namespace {

std::optional<std::string> canonicalBranch(std::string_view word) {
  if (word.size() < 3 || foldCase(word[0]) != 'B' || foldCase(word[1]) != 'R') return std::nullopt;
  bool n = false, z = false, p = false;
  for (char c : word.substr(2)) {
    bool* flag = foldCase(c) == 'N' ? &n : foldCase(c) == 'Z' ? &z : foldCase(c) == 'P' ? &p : nullptr;
    if (!flag || *flag) return std::nullopt;
    *flag = true;
  }
  return std::string("BR") + (n ? "n" : "") + (z ? "z" : "") + (p ? "p" : "");
}


}  // namespace

bool fallsThrough(const Statement& st) {
  switch (st.mnemonic) {
    case Mnemonic::Br: return st.conditions != 7;
    case Mnemonic::Jmp:
    case Mnemonic::Ret:
    case Mnemonic::Rti:
    case Mnemonic::Halt: return false;
    case Mnemonic::Trap: return !(st.operandCount == 1 && st.operands[0].kind == OperandKind::Number && st.operands[0].value == 0x25);
    default: return true;
  }
}

bool isData(Mnemonic m) { return m == Mnemonic::Fill || m == Mnemonic::Blkw || m == Mnemonic::Stringz; }

void Assembler::reportUnknownOpcode(const Statement& st) {
  // "ADDD LOOP" parses as label ADDD + opcode LOOP: blame the word that looks like an opcode.
  std::string_view word = st.mnemonicText;
  uint32_t column = st.mnemonicColumn;
  const auto& candidates = mnemonicCandidates();
  std::string hint = closestMatch(word, candidates);
  if (!st.label.empty()) {
    std::string labelHint = closestMatch(st.label, candidates);
    if (word.empty() || (hint.empty() && !labelHint.empty())) {
      word = st.label;
      column = st.labelColumn;
      hint = labelHint;
    }
  }
  if (word.empty()) {
    const Operand& first = st.operands[0];
    ctx_.error(ctx_.at(st.line, first), fmt::format("expected a label or an opcode before '{}'", first.text));
    return;
  }
  // BR conditions read better in lower case: "BRzp", as the book writes them.
  if (hint.size() > 2 && hint.compare(0, 2, "BR") == 0)
    for (size_t i = 2; i < hint.size(); ++i) hint[i] = static_cast<char>(hint[i] + 32);
  std::string note;
  if (auto canonical = canonicalBranch(word)) {
    hint = *canonical;
    note = " (BR takes its conditions in the order n, z, p)";
  }
  ctx_.error(ctx_.at(st.line, column, uint32_t(word.size())),
             hint.empty() ? fmt::format("unknown opcode '{}'", word)
                          : fmt::format("unknown opcode '{}'; did you mean '{}'?{}", word, hint, note));
}

// "What?" -> "What_": the label with every character outside [A-Za-z0-9_] replaced.
std::string portableLabel(std::string_view name) {
  std::string out(name);
  for (char& c : out)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) c = '_';
  return out;
}

void Assembler::defineLabel(const Statement& st, uint16_t address, bool atOrigin) {
  if (st.label.empty()) return;
  const SourceLocation where = ctx_.at(st.line, st.labelColumn, uint32_t(st.label.size()));
  if (!isPortableLabel(st.label)) {
    // The UT Austin tools take any run of non-separator characters as a label; lc3as and PennSim
    // take letters, digits and '_' only.
    auto odd = std::find_if(st.label.begin(), st.label.end(), [](char c) {
      return !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
    });
    if (ctx_.options().strict)
      ctx_.error(where, fmt::format("label '{}' has '{}': a label is letters, digits and '_'", st.label, *odd));
    else
      ctx_.warning(where, fmt::format("label '{}' has '{}', which only some LC-3 assemblers accept in a label; the "
                                    "portable spelling is '{}'",
                                    st.label, *odd, portableLabel(st.label)));
  }
  auto& symbols = ctx_.symbols();
  auto [it, inserted] = symbols.try_emplace(st.label);
  if (!inserted) {
    auto& d = ctx_.error(where, fmt::format("duplicate label '{}'", st.label));
    d.notes.push_back({Severity::Note, ctx_.at(it->second.line, it->second.column, uint32_t(st.label.size())),
                       fmt::format("'{}' was first defined here", it->first), {}});
    if (it->first != st.label)
      d.notes.push_back({Severity::Note, where,
                         fmt::format("labels are case-insensitive; with --case-sensitive-labels '{}' and '{}' are two "
                                     "labels, as in assemblers of the 2nd edition's time",
                                     it->first, st.label),
                         {}});
    return;
  }
  it->second = Symbol{address, st.line, st.labelColumn, 0, atOrigin, st.mnemonicText.empty() && !st.labelHasColon};
  definitionOrder_.push_back(it->first);
}

bool Assembler::decodeString(const Statement& st, std::string& out) {
  const Operand& op = st.operands[0];
  out.clear();
  out.reserve(op.text.size());
  bool ok = true;
  for (size_t i = 0; i < op.text.size(); ++i) {
    char c = op.text[i];
    if (c != '\\') {
      out += c;
      continue;
    }
    char e = op.text[++i];
    switch (e) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case '\\': out += '\\'; break;
      case '"': out += '"'; break;
      case '0': out += '\0'; break;
      default:
        ctx_.error(ctx_.at(st.line, op.column + uint32_t(i), 2),
                   fmt::format("unknown escape '\\{}' (known: \\n \\r \\t \\\\ \\\" \\0)", e));
        ok = false;
    }
  }
  return ok;
}

void Assembler::startBlock(size_t index) {
  const Statement& st = statements_[index];
  BlockInfo block;
  block.line = st.line;
  if (checkOperandCount(ctx_, st)) {
    const Operand& op = st.operands[0];
    if (op.kind != OperandKind::Number) {
      ctx_.error(ctx_.at(st.line, op), fmt::format("expected an address such as x3000 after .ORIG, found '{}'", op.text));
      block.valid = false;
    } else if (op.overflow || op.value < 0 || op.value > 0xFFFF) {
      ctx_.error(ctx_.at(st.line, op), fmt::format(".ORIG address {} is outside memory (x0000..xFFFF)", op.text));
      block.valid = false;
    } else {
      block.origin = uint32_t(op.value);
    }
  } else {
    block.valid = false;
  }
  blocks_.push_back(block);
}

// The number of words a statement occupies; nothing when its operands are wrong (reported here), so
// pass 2 emits nothing for it.
std::optional<uint32_t> Assembler::sizeOf(size_t index) {
  const Statement& st = statements_[index];
  switch (st.mnemonic) {
    case Mnemonic::Blkw: {
      if (!checkOperandCount(ctx_, st)) return std::nullopt;
      const Operand& op = st.operands[0];
      if (op.kind != OperandKind::Number) {
        ctx_.error(ctx_.at(st.line, op), fmt::format("expected a word count after .BLKW, found '{}'", op.text));
        return std::nullopt;
      }
      if (op.overflow || op.value < 1 || op.value > 0xFFFF) {
        ctx_.error(ctx_.at(st.line, op), fmt::format(".BLKW count {} is outside 1..65535", op.text));
        return std::nullopt;
      }
      return uint32_t(op.value);
    }
    case Mnemonic::Stringz: {
      if (!checkOperandCount(ctx_, st)) return std::nullopt;
      const Operand& op = st.operands[0];
      if (op.kind != OperandKind::String) {
        ctx_.error(ctx_.at(st.line, op), fmt::format("expected a quoted string after .STRINGZ, found '{}'", op.text));
        return std::nullopt;
      }
      placements_[index].stringIndex = uint32_t(strings_.size());
      strings_.emplace_back();
      if (!decodeString(st, strings_.back())) return std::nullopt;
      return uint32_t(strings_.back().size() + 1);
    }
    default: return 1;
  }
}

void Assembler::passOne() {
  placements_.resize(statements_.size());
  bool inBlock = false, reportedOutside = false, reportedOverflow = false;
  uint32_t lc = 0;
  uint32_t lastEndLine = 0;
  size_t previousCode = SIZE_MAX;  // last instruction placed in this block, for the fall-through warning
  for (size_t i = 0; i < statements_.size(); ++i) {
    Statement& st = statements_[i];
    Placement& p = placements_[i];
    bool unknown = st.mnemonic == Mnemonic::None && (!st.mnemonicText.empty() || st.operandCount > 0);
    // After a block's .END nothing is read up to the next .ORIG (unless --strict), not even a
    // misspelt opcode.
    const bool ignoredAfterEnd = !inBlock && !blocks_.empty() && !ctx_.options().strict &&
                                 st.mnemonic != Mnemonic::Orig && st.mnemonic != Mnemonic::End;
    if (unknown && !ignoredAfterEnd) reportUnknownOpcode(st);
    if (st.mnemonic == Mnemonic::Orig) {
      if (inBlock)
        ctx_.warning(ctx_.at(st.line, st.mnemonicColumn, 5),
                     fmt::format("missing .END before this .ORIG; the block that starts on line {} ends here",
                                 blocks_.back().line));
      startBlock(i);
      inBlock = true;
      reportedOutside = reportedOverflow = false;
      previousCode = SIZE_MAX;
      lc = blocks_.back().origin;
      defineLabel(st, uint16_t(lc), true);
      continue;
    }
    if (st.mnemonic == Mnemonic::End) {
      checkOperandCount(ctx_, st);
      if (inBlock) {
        defineLabel(st, uint16_t(lc), false);
        inBlock = false;
        lastEndLine = st.line;
        reportedOutside = false;
      } else if (blocks_.empty() || ctx_.options().strict) {
        ctx_.error(ctx_.at(st.line, st.mnemonicColumn, 4), ".END without a matching .ORIG");
      } else {
        // lc3as stops reading at the first .END; the UT tools read on but place nothing there.
        if (!st.label.empty()) ctx_.noteIgnoredLabel(st.label, st.line);
        ctx_.warning(ctx_.at(st.line, st.mnemonicColumn, 4),
                     fmt::format("second .END ignored (the block that starts on line {} ended on line {}); the "
                                 "portable spelling has one .END per .ORIG",
                                 blocks_.back().line, lastEndLine));
      }
      continue;
    }
    if (!inBlock) {
      if (!blocks_.empty() && !ctx_.options().strict) {
        // Everything after a block's .END up to the next .ORIG is ignored, as lc3as ignores the
        // rest of a file after .END.
        if (!st.label.empty()) ctx_.noteIgnoredLabel(st.label, st.line);
        if (!reportedOutside) {
          // Name the line by its first word: "junk here" is an unknown label and opcode alike.
          std::string what = fmt::format("'{}'", st.label.empty() ? st.mnemonicText : st.label);
          uint32_t column = st.label.empty() ? st.mnemonicColumn : st.labelColumn;
          ctx_.warning(ctx_.at(st.line, column),
                       fmt::format("{} is after .END (line {}), outside any .ORIG block: it and every line up to the "
                                   "next .ORIG are ignored; the portable spelling puts code before .END",
                                   what, lastEndLine));
          reportedOutside = true;
        }
        continue;
      }
      if (!reportedOutside && !unknown) {
        std::string what = st.mnemonicText.empty() ? fmt::format("label '{}'", st.label) : fmt::format("'{}'", st.mnemonicText);
        uint32_t column = st.mnemonicText.empty() ? st.labelColumn : st.mnemonicColumn;
        ctx_.error(ctx_.at(st.line, column),
                   blocks_.empty() ? fmt::format("{} comes before any .ORIG; a program starts with .ORIG and an address, "
                                                 "e.g. '.ORIG x3000'", what)
                                   : fmt::format("{} is outside any .ORIG block (after .END)", what));
        reportedOutside = true;
      }
      continue;
    }
    if (!unknown) defineLabel(st, uint16_t(lc), lc == blocks_.back().origin);
    if (st.mnemonicText.empty()) {  // a label alone on its line
      p.address = uint16_t(lc);
      p.block = uint32_t(blocks_.size() - 1);
      p.placed = true;
      continue;
    }
    std::optional<uint32_t> measured = unknown ? std::optional<uint32_t>(1) : sizeOf(i);
    uint32_t size = measured.value_or(0);
    if (isData(st.mnemonic) && ctx_.options().warnFallIntoData && previousCode != SIZE_MAX &&
        fallsThrough(statements_[previousCode])) {
      ctx_.warning(ctx_.at(st.line, st.mnemonicColumn, uint32_t(st.mnemonicText.size())),
                   fmt::format("code runs into data: '{}' on line {} can fall through into this {}; put HALT or a "
                               "branch before the data",
                               mnemonicName(statements_[previousCode]), statements_[previousCode].line,
                               mnemonicName(st)));
    }
    previousCode = (unknown || isData(st.mnemonic)) ? SIZE_MAX : i;
    if (lc + size > 0x10000) {
      if (!reportedOverflow) {
        ctx_.error(ctx_.at(st.line, st.mnemonicColumn, uint32_t(st.mnemonicText.size())),
                   fmt::format("'{}' at {} runs past the end of memory (xFFFF) by {} word{}; the block starts at {} on "
                               "line {}",
                               mnemonicName(st), fmt::format("x{:04X}", lc), lc + size - 0x10000, lc + size - 0x10000 == 1 ? "" : "s",
                               hex4(blocks_.back().origin), blocks_.back().line));
        reportedOverflow = true;
      }
      continue;
    }
    p.address = uint16_t(lc);
    p.block = uint32_t(blocks_.size() - 1);
    p.size = size;
    p.placed = true;
    p.emit = !unknown && measured.has_value();
    lc += size;
    blocks_.back().size = lc - blocks_.back().origin;
  }
  if (inBlock) {
    ctx_.warning(ctx_.at(source_->lineCount(), uint32_t(source_->line(source_->lineCount()).size() + 1)),
                 fmt::format("missing .END at the end of the file; the block that starts on line {} ends here",
                             blocks_.back().line));
  }
  if (statements_.empty() && !ctx_.symbols().size()) {
    bool blank = std::all_of(source_->text().begin(), source_->text().end(),
                             [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
    ctx_.error(ctx_.at(1, 1), blank ? "the file is empty; an LC-3 program needs .ORIG, its code and .END"
                                    : "the file holds no statements; an LC-3 program needs .ORIG, its code and .END");
  }
}

void Assembler::checkOverlaps() {
  std::vector<size_t> order;
  for (size_t i = 0; i < blocks_.size(); ++i)
    if (blocks_[i].valid && blocks_[i].size > 0) order.push_back(i);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return blocks_[a].origin < blocks_[b].origin; });
  for (size_t k = 1; k < order.size(); ++k) {
    const BlockInfo& low = blocks_[order[k - 1]];
    const BlockInfo& high = blocks_[order[k]];
    if (high.origin < low.origin + low.size) {
      const BlockInfo& later = order[k] > order[k - 1] ? high : low;
      const BlockInfo& earlier = order[k] > order[k - 1] ? low : high;
      std::string overlap = fmt::format("this block ({}..{}) overlaps the block {}..{} that starts on line {}",
                                        hex4(later.origin), hex4(later.origin + later.size - 1), hex4(earlier.origin),
                                        hex4(earlier.origin + earlier.size - 1), earlier.line);
      if (ctx_.options().strict) {
        ctx_.error(ctx_.at(later.line, 1), std::move(overlap));
      } else {
        // The course tools do not check; their loaders write the blocks in file order, so the later
        // block's words replace the earlier block's (as Lc3Machine::loadProgram does).
        ctx_.warning(ctx_.at(later.line, 1),
                     overlap + "; its words replace the earlier block's there, as the course tools load them; the "
                               "portable spelling keeps blocks apart");
      }
    }
  }
}

}  // namespace asmlab::lc3::detail
