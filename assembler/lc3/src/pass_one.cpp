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

void Assembler::defineLabel(const Statement& st, uint16_t address, bool atOrigin) {
  if (st.label.empty()) return;
  auto& symbols = ctx_.symbols();
  auto [it, inserted] = symbols.try_emplace(st.label);
  if (!inserted) {
    auto& d = ctx_.error(ctx_.at(st.line, st.labelColumn, uint32_t(st.label.size())),
                         fmt::format("duplicate label '{}'", st.label));
    d.notes.push_back({Severity::Note, ctx_.at(it->second.line, it->second.column, uint32_t(st.label.size())),
                       fmt::format("'{}' was first defined here", it->first), {}});
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

uint32_t Assembler::sizeOf(size_t index) {
  const Statement& st = statements_[index];
  switch (st.mnemonic) {
    case Mnemonic::Blkw: {
      if (!checkOperandCount(ctx_, st)) return 0;
      const Operand& op = st.operands[0];
      if (op.kind != OperandKind::Number) {
        ctx_.error(ctx_.at(st.line, op), fmt::format("expected a word count after .BLKW, found '{}'", op.text));
        return 0;
      }
      if (op.overflow || op.value < 1 || op.value > 0xFFFF) {
        ctx_.error(ctx_.at(st.line, op), fmt::format(".BLKW count {} is outside 1..65535", op.text));
        return 0;
      }
      return uint32_t(op.value);
    }
    case Mnemonic::Stringz: {
      if (!checkOperandCount(ctx_, st)) return 0;
      const Operand& op = st.operands[0];
      if (op.kind != OperandKind::String) {
        ctx_.error(ctx_.at(st.line, op), fmt::format("expected a quoted string after .STRINGZ, found '{}'", op.text));
        return 0;
      }
      placements_[index].stringIndex = uint32_t(strings_.size());
      strings_.emplace_back();
      if (!decodeString(st, strings_.back())) return 0;
      return uint32_t(strings_.back().size() + 1);
    }
    default: return 1;
  }
}

void Assembler::passOne() {
  placements_.resize(statements_.size());
  bool inBlock = false, reportedOutside = false, reportedOverflow = false;
  uint32_t lc = 0;
  size_t previousCode = SIZE_MAX;  // last instruction placed in this block, for the fall-through warning
  for (size_t i = 0; i < statements_.size(); ++i) {
    Statement& st = statements_[i];
    Placement& p = placements_[i];
    bool unknown = st.mnemonic == Mnemonic::None && (!st.mnemonicText.empty() || st.operandCount > 0);
    if (unknown) reportUnknownOpcode(st);
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
      if (!inBlock) {
        ctx_.error(ctx_.at(st.line, st.mnemonicColumn, 4), ".END without a matching .ORIG");
      } else {
        defineLabel(st, uint16_t(lc), false);
        inBlock = false;
      }
      continue;
    }
    if (!inBlock) {
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
    uint32_t size = unknown ? 1 : sizeOf(i);
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
    p.emit = !unknown;
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
      auto& d = ctx_.error(ctx_.at(later.line, 1),
                           fmt::format("this block ({}..{}) overlaps the block {}..{} that starts on line {}",
                                       hex4(later.origin), hex4(later.origin + later.size - 1), hex4(earlier.origin),
                                       hex4(earlier.origin + earlier.size - 1), earlier.line));
      (void)d;
    }
  }
}

}  // namespace asmlab::lc3::detail
