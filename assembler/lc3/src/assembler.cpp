// The assembler driver: splits the source into lines, parses each once with the X3 grammar, then
// makes two passes over the statement vector (pass 1 places blocks and labels, pass 2 encodes).
#include "asmlab/lc3/assembler.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "context.hpp"

namespace asmlab::lc3 {
namespace detail {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }

// Finds where the code of a line ends (at a ';' outside a string) and the first byte that is not
// printable ASCII or a tab before it. Comments may hold any text.
struct LineScan {
  size_t codeEnd;
  size_t badByte = std::string_view::npos;
};
LineScan scanLine(std::string_view line) {
  LineScan scan{line.size()};
  bool inString = false;
  for (size_t i = 0; i < line.size(); ++i) {
    auto c = static_cast<unsigned char>(line[i]);
    if (c >= 0x7F || (c < 0x20 && c != '\t')) {
      scan.badByte = i;
      return scan;
    }
    if (inString) {
      if (c == '\\' && i + 1 < line.size() && static_cast<unsigned char>(line[i + 1]) >= 0x20 &&
          static_cast<unsigned char>(line[i + 1]) < 0x7F)
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == ';') {
      scan.codeEnd = i;
      return scan;
    }
  }
  return scan;
}

std::string describeByte(unsigned char c) {
  if (c == '\r') return "unexpected carriage return inside a line (only CR LF line endings are accepted)";
  if (c >= 0x80) return fmt::format("unexpected byte 0x{:02X}: not ASCII (only comments may hold other text)", c);
  return fmt::format("unexpected control character 0x{:02X}", c);
}

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

struct Placement {
  uint16_t address = 0;
  uint32_t block = 0;
  uint32_t size = 0;
  bool emit = false;  // inside a block and valid enough to encode in pass 2
  bool placed = false;
  uint32_t stringIndex = 0;
};

struct BlockInfo {
  uint32_t origin = 0;
  uint32_t size = 0;
  uint32_t line = 0;
  bool valid = true;
};

class Assembler {
public:
  Assembler(std::shared_ptr<const SourceFile> source, Diagnostics& diagnostics, const AssembleOptions& options)
      : source_(source), ctx_(source, diagnostics, options) {}

  Assembly run();

private:
  void parse();
  void reportUnknownOpcode(const Statement& st);
  void defineLabel(const Statement& st, uint16_t address, bool atOrigin);
  void passOne();
  void startBlock(size_t index);
  uint32_t sizeOf(size_t index);
  bool decodeString(const Statement& st, std::string& out);
  void checkOverlaps();
  void passTwo(Assembly& out);
  void emitData(const Statement& st, const Placement& p, std::vector<uint16_t>& words);
  void warnUnusedLabels();

  std::shared_ptr<const SourceFile> source_;
  Context ctx_;
  std::vector<Statement> statements_;
  std::vector<Placement> placements_;
  std::vector<BlockInfo> blocks_;
  std::vector<std::string> strings_;
  std::vector<std::string_view> definitionOrder_;  // label names as first defined
};

void Assembler::parse() {
  const std::string& text = source_->text();
  statements_.reserve(source_->lineCount());
  const char* data = text.data();
  size_t size = text.size(), pos = 0;
  uint32_t lineNumber = 0;
  Statement st;
  while (pos < size) {
    ++lineNumber;
    const char* newline = static_cast<const char*>(std::memchr(data + pos, '\n', size - pos));
    size_t end = newline ? size_t(newline - data) : size;
    std::string_view line(data + pos, end - pos);
    pos = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    LineScan scan = scanLine(line);
    if (scan.badByte != std::string_view::npos) {
      ctx_.error(ctx_.at(lineNumber, uint32_t(scan.badByte + 1)),
                 describeByte(static_cast<unsigned char>(line[scan.badByte])));
      continue;
    }
    std::string_view code = line.substr(0, scan.codeEnd);
    while (!code.empty() && isBlank(code.back())) code.remove_suffix(1);
    if (code.empty()) continue;
    st = Statement{};
    st.line = lineNumber;
    LineParse result = parseStatement(code, st);
    if (result.result == LineParse::Result::Error) {
      ctx_.error(ctx_.at(lineNumber, result.errorColumn, result.errorLength), std::move(result.error));
    } else if (result.result == LineParse::Result::Statement) {
      statements_.push_back(st);
    }
  }
}

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
  auto& d = ctx_.error(ctx_.at(st.line, column, uint32_t(word.size())),
                       hint.empty() ? fmt::format("unknown opcode '{}'", word)
                                    : fmt::format("unknown opcode '{}'; did you mean '{}'?", word, hint));
  (void)d;
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
  it->second = Symbol{address, st.line, st.labelColumn, 0, atOrigin};
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

void Assembler::emitData(const Statement& st, const Placement& p, std::vector<uint16_t>& words) {
  switch (st.mnemonic) {
    case Mnemonic::Fill: {
      uint16_t value = 0;
      if (checkOperandCount(ctx_, st)) {
        const Operand& op = st.operands[0];
        if (op.kind == OperandKind::Number) {
          if (op.overflow || op.value < -32768 || op.value > 0xFFFF)
            ctx_.error(ctx_.at(st.line, op), fmt::format(".FILL value {} does not fit in 16 bits (-32768..65535)", op.text));
          else
            value = uint16_t(op.value);
        } else if (op.kind == OperandKind::Identifier) {
          value = ctx_.resolve(st.line, op).value_or(0);
        } else {
          ctx_.error(ctx_.at(st.line, op), fmt::format("expected a number or a label after .FILL, found '{}'", op.text));
        }
      }
      words.push_back(value);
      break;
    }
    case Mnemonic::Blkw: {
      uint16_t fill = 0;
      if (st.operandCount == 2) {
        const Operand& op = st.operands[1];
        if (op.kind == OperandKind::Number && !op.overflow && op.value >= -32768 && op.value <= 0xFFFF)
          fill = uint16_t(op.value);
        else if (op.kind == OperandKind::Identifier)
          fill = ctx_.resolve(st.line, op).value_or(0);
        else
          ctx_.error(ctx_.at(st.line, op), fmt::format(".BLKW fill value {} is not a 16-bit number or a label", op.text));
      }
      words.insert(words.end(), p.size, fill);
      break;
    }
    case Mnemonic::Stringz: {
      for (char c : strings_[p.stringIndex]) words.push_back(static_cast<unsigned char>(c));
      words.push_back(0);
      break;
    }
    default: break;
  }
}

void Assembler::passTwo(Assembly& out) {
  out.image.blocks.resize(blocks_.size());
  for (size_t b = 0; b < blocks_.size(); ++b) {
    out.image.blocks[b].origin = uint16_t(blocks_[b].origin);
    out.image.blocks[b].words.reserve(blocks_[b].size);
  }
  bool listing = ctx_.options().listing;
  if (listing) out.listing.reserve(statements_.size());
  for (size_t i = 0; i < statements_.size(); ++i) {
    const Statement& st = statements_[i];
    const Placement& p = placements_[i];
    if (!p.placed) {
      if (listing) out.listing.push_back({st.line, 0, false, 0, 0, 0});
      continue;
    }
    auto& words = out.image.blocks[p.block].words;
    uint32_t first = uint32_t(words.size());
    if (!p.emit) {
      words.insert(words.end(), p.size, 0);
    } else if (isPseudoOp(st.mnemonic)) {
      emitData(st, p, words);
    } else {
      words.push_back(encodeInstruction(ctx_, st, p.address).value_or(0));
    }
    if (listing) out.listing.push_back({st.line, p.address, true, p.block, first, uint32_t(words.size()) - first});
  }
}

void Assembler::warnUnusedLabels() {
  for (std::string_view name : definitionOrder_) {
    const Symbol& symbol = ctx_.symbols().find(name)->second;
    if (symbol.uses == 0 && !symbol.atBlockOrigin)
      ctx_.warning(ctx_.at(symbol.line, symbol.column, uint32_t(name.size())), fmt::format("label '{}' is never used", name));
  }
}

Assembly Assembler::run() {
  Assembly out;
  out.source = source_;
  const std::string& text = source_->text();
  if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
    auto [line, column] = source_->position(size_t(static_cast<const char*>(nul) - text.data()));
    ctx_.error(ctx_.at(line, column), "this is a binary file, not assembly source (it holds a NUL byte)");
    return out;
  }
  parse();
  out.statementCount = uint32_t(statements_.size());
  passOne();
  checkOverlaps();
  passTwo(out);
  if (ctx_.options().warnUnusedLabels) warnUnusedLabels();
  out.image.symbols.reserve(definitionOrder_.size());
  for (std::string_view name : definitionOrder_)
    out.image.symbols.push_back({std::string(name), ctx_.symbols().find(name)->second.address});
  return out;
}

}  // namespace

std::optional<uint16_t> Context::resolve(uint32_t line, const Operand& op) {
  auto it = symbols_.find(op.text);
  if (it != symbols_.end()) {
    ++it->second.uses;
    return it->second.address;
  }
  // Hints cost a scan of every label; a machine-generated file with thousands of undefined names
  // must not turn that quadratic, so each name is looked up once and only the first few hundred.
  std::string hint;
  auto cached = hints_.find(op.text);
  if (cached != hints_.end()) {
    hint = cached->second;
  } else if (hints_.size() < kMaxHintLookups) {
    if (labelNames_.empty()) {
      labelNames_.reserve(symbols_.size());
      for (const auto& entry : symbols_) labelNames_.emplace_back(entry.first);
      std::sort(labelNames_.begin(), labelNames_.end());
    }
    std::vector<std::string> similar;  // a typo changes the length by at most a third
    size_t slack = std::max<size_t>(1, op.text.size() / 3);
    for (const auto& name : labelNames_)
      if (name.size() + slack >= op.text.size() && name.size() <= op.text.size() + slack) similar.push_back(name);
    hint = closestMatch(op.text, similar);
    hints_.emplace(op.text, hint);
  }
  error(at(line, op), hint.empty() ? fmt::format("undefined label '{}'", op.text)
                                   : fmt::format("undefined label '{}'; did you mean '{}'?", op.text, hint));
  return std::nullopt;
}

}  // namespace detail

Assembly assemble(std::shared_ptr<const SourceFile> source, Diagnostics& diagnostics, const AssembleOptions& options) {
  // Diagnostics are gathered first, then handed over in line order (pass 1 and pass 2 find
  // problems in different orders, and readers expect them top to bottom).
  Diagnostics local;
  detail::Assembler assembler(source, local, options);
  Assembly out = assembler.run();
  std::vector<Diagnostic> found = local.all();
  std::stable_sort(found.begin(), found.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.location.line < b.location.line; });
  for (auto& d : found) diagnostics.add(std::move(d));
  return out;
}

Assembly assembleText(std::string name, std::string text, Diagnostics& diagnostics, const AssembleOptions& options) {
  return assemble(std::make_shared<const SourceFile>(std::move(name), std::move(text)), diagnostics, options);
}

}  // namespace asmlab::lc3
