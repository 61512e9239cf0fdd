// Pass 2: encoding every placed statement into its block, label references, the listing record
// and the unused-label warning.
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "passes.hpp"

namespace asmlab::lc3::detail {

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

}  // namespace asmlab::lc3::detail
