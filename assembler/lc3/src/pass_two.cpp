// Pass 2: encoding every placed statement into its block, label references, the listing record
// and the unused-label warning.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "passes.hpp"

namespace asmlab::lc3::detail {
namespace {

// A character literal written as .FILL's operand ('A', '\n'), as Georgia Tech's complx accepts
// it: its character code, or nothing when the text is not one character (or one escape) in quotes.
std::optional<uint16_t> characterLiteral(std::string_view text) {
  if (text.size() < 3 || text.front() != '\'' || text.back() != '\'') return std::nullopt;
  std::string_view inner = text.substr(1, text.size() - 2);
  if (inner.size() == 1) return static_cast<uint8_t>(inner[0]);
  if (inner.size() != 2 || inner[0] != '\\') return std::nullopt;
  switch (inner[1]) {
    case 'n': return uint16_t{'\n'};
    case 't': return uint16_t{'\t'};
    case 'r': return uint16_t{'\r'};
    case '0': return uint16_t{0};
    case 'e': return uint16_t{0x1B};
    case '\\': case '\'': case '"': return static_cast<uint8_t>(inner[1]);
    default: return std::nullopt;
  }
}

}  // namespace

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
        } else if (auto character = characterLiteral(op.text)) {
          value = *character;
          ctx_.warning(ctx_.at(st.line, op),
                       fmt::format("character literal {} in .FILL is an extension of complx; the portable form is "
                                   ".FILL x{:02X}",
                                   op.text, value));
        } else if (op.kind == OperandKind::Identifier && op.text.starts_with('\'')) {
          ctx_.error(ctx_.at(st.line, op), fmt::format(".FILL {} is not one character in quotes (a character "
                                                       "literal such as 'A' or '\\n')",
                                                       op.text));
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

namespace {

// Damerau-Levenshtein (optimal string alignment) distance between a short name and an upper-case
// opcode, case-insensitive, without allocating: this runs for every unused label.
size_t shortDistance(std::string_view name, std::string_view opcode) {
  constexpr size_t kMax = 8;
  if (name.size() > kMax || opcode.size() > kMax) return SIZE_MAX;
  size_t d[kMax + 1][kMax + 1];
  for (size_t i = 0; i <= name.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= opcode.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= name.size(); ++i) {
    for (size_t j = 1; j <= opcode.size(); ++j) {
      size_t cost = foldCase(name[i - 1]) == opcode[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && foldCase(name[i - 1]) == opcode[j - 2] && foldCase(name[i - 2]) == opcode[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[name.size()][opcode.size()];
}

// The opcode without operands that `name` is one typo away from ("HLT" -> "HALT"), if any; the
// same closeness rule as asmlab::closestMatch (at most a third of the name, never all of it).
std::string_view misspeltOperandlessOpcode(std::string_view name) {
  static constexpr std::string_view kOperandless[] = {"RET", "RTI", "NOP", "GETC", "OUT",
                                                      "PUTC", "PUTS", "IN", "PUTSP", "HALT"};
  size_t allowed = std::max<size_t>(1, name.size() / 3), best = SIZE_MAX;
  std::string_view match;
  for (std::string_view opcode : kOperandless) {
    size_t distance = shortDistance(name, opcode);
    if (distance < best) {
      best = distance;
      match = opcode;
    }
  }
  return best != 0 && best <= allowed && best < name.size() ? match : std::string_view();
}

}  // namespace

// An unused label alone on its line that is one typo from an operandless opcode ("HLT") was most
// likely meant as that opcode; any other unused label gets the "never used" warning.
void Assembler::warnAboutLabels() {
  for (std::string_view name : definitionOrder_) {
    const Symbol& symbol = ctx_.symbols().find(name)->second;
    if (symbol.uses != 0) continue;
    SourceLocation where = ctx_.at(symbol.line, symbol.column, uint32_t(name.size()));
    std::string_view opcode = symbol.aloneWithoutColon ? misspeltOperandlessOpcode(name) : std::string_view();
    if (!opcode.empty())
      ctx_.warning(where, fmt::format("'{}' alone on a line is a label; did you mean the opcode '{}'? (write '{}:' if "
                                      "a label was meant)",
                                      name, opcode, name));
    else if (ctx_.options().warnUnusedLabels && !symbol.atBlockOrigin)
      ctx_.warning(where, fmt::format("label '{}' is never used", name));
  }
}

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
  Diagnostic& d = error(at(line, op), hint.empty() ? fmt::format("undefined label '{}'", op.text)
                                                   : fmt::format("undefined label '{}'; did you mean '{}'?", op.text, hint));
  if (auto ignored = ignoredLabels_.find(op.text); ignored != ignoredLabels_.end())
    d.notes.push_back({Severity::Note, at(ignored->second, 1),
                       fmt::format("'{}' is defined on line {}, after .END, where everything is ignored", op.text,
                                   ignored->second),
                       {}});
  return std::nullopt;
}

}  // namespace asmlab::lc3::detail
