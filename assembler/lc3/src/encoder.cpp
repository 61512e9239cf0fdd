// Instruction encoding, Patt & Patel 3rd ed. Appendix A (Figure A.2): opcode in bits 15-12,
// DR/SR in 11-9, SR1/BaseR in 8-6, imm5/offset6/PCoffset9/PCoffset11/trapvect8 in the low bits.
#include <fmt/format.h>

#include "context.hpp"

namespace asmlab::lc3::detail {
namespace {

struct Form {
  uint8_t minOperands;
  uint8_t maxOperands;
  const char* operands;  // for messages
};

Form formOf(Mnemonic m) {
  switch (m) {
    case Mnemonic::Add:
    case Mnemonic::And: return {3, 3, "DR, SR1, SR2 or DR, SR1, #imm5"};
    case Mnemonic::Not: return {2, 2, "DR, SR"};
    case Mnemonic::Br:
    case Mnemonic::Jsr: return {1, 1, "LABEL"};
    case Mnemonic::Jmp:
    case Mnemonic::Jsrr: return {1, 1, "BaseR"};
    case Mnemonic::Ld:
    case Mnemonic::Ldi:
    case Mnemonic::Lea: return {2, 2, "DR, LABEL"};
    case Mnemonic::St:
    case Mnemonic::Sti: return {2, 2, "SR, LABEL"};
    case Mnemonic::Ldr: return {3, 3, "DR, BaseR, #offset6"};
    case Mnemonic::Str: return {3, 3, "SR, BaseR, #offset6"};
    case Mnemonic::Trap: return {1, 1, "trapvect8"};
    case Mnemonic::Orig: return {1, 1, "address"};
    case Mnemonic::Fill: return {1, 1, "value or LABEL"};
    case Mnemonic::Blkw: return {1, 2, "count or count, fill"};
    case Mnemonic::Stringz: return {1, 1, "\"text\""};
    default: return {0, 0, ""};
  }
}

class Encoder {
public:
  Encoder(Context& context, const Statement& statement, uint16_t address)
      : ctx_(context), st_(statement), address_(address) {}

  uint16_t reg(int index, const char* role) {
    const Operand& op = st_.operands[index];
    if (op.kind == OperandKind::Register) return static_cast<uint16_t>(op.value);
    fail(op, fmt::format("expected a register R0-R7 as {}, found '{}'", role, shown(op)));
    return 0;
  }

  // A signed field: a literal within range.
  uint16_t immediate(int index, int bits, const char* what) {
    const Operand& op = st_.operands[index];
    if (op.kind != OperandKind::Number) {
      fail(op, fmt::format("expected a number as {}, found '{}'", what, shown(op)));
      return 0;
    }
    int64_t low = -(int64_t(1) << (bits - 1)), high = (int64_t(1) << (bits - 1)) - 1;
    if (op.overflow || op.value < low || op.value > high) {
      fail(op, fmt::format("{} {} does not fit in {} bits (range {}..{})", what, op.text, bits, low, high));
      return 0;
    }
    return static_cast<uint16_t>(op.value) & ((1u << bits) - 1);
  }

  // ADD/AND third operand: a register, or imm5 with bit 5 set (A.3).
  uint16_t registerOrImm5(int index) {
    const Operand& op = st_.operands[index];
    if (op.kind == OperandKind::Register) return static_cast<uint16_t>(op.value);
    if (op.kind == OperandKind::Number) return 0x20 | immediate(index, 5, "immediate");
    fail(op, fmt::format("expected a register R0-R7 or an immediate #-16..#15, found '{}'", shown(op)));
    return 0;
  }

  // A PC-relative field: a label (offset from the incremented PC), or a literal offset.
  uint16_t pcOffset(int index, int bits) {
    const Operand& op = st_.operands[index];
    int64_t low = -(int64_t(1) << (bits - 1)), high = (int64_t(1) << (bits - 1)) - 1;
    int64_t offset = 0;
    if (op.kind == OperandKind::Identifier) {
      auto target = ctx_.resolve(st_.line, op);
      if (!target) {
        ok_ = false;
        return 0;
      }
      offset = int64_t(*target) - (int64_t(address_) + 1);
      if (offset < low || offset > high) {
        fail(op, fmt::format("label '{}' ({}) is {:+} words from the incremented PC ({}): out of the range {}..{} of "
                             "{}'s {}-bit PC offset",
                             op.text, hex4(*target), offset, hex4((address_ + 1) & 0xFFFF), low, high,
                             mnemonicName(st_), bits));
        return 0;
      }
    } else if (op.kind == OperandKind::Number) {
      if (op.overflow || op.value < low || op.value > high) {
        fail(op, fmt::format("PC offset {} does not fit in {} bits (range {}..{})", op.text, bits, low, high));
        return 0;
      }
      offset = op.value;
    } else {
      fail(op, fmt::format("expected a label, found '{}'", shown(op)));
      return 0;
    }
    return static_cast<uint16_t>(offset) & ((1u << bits) - 1);
  }

  uint16_t trapVector(int index) {
    const Operand& op = st_.operands[index];
    if (op.kind != OperandKind::Number) {
      fail(op, fmt::format("expected a trap vector x00..xFF, found '{}'", shown(op)));
      return 0;
    }
    if (op.overflow || op.value < 0 || op.value > 0xFF) {
      fail(op, fmt::format("trap vector {} does not fit in 8 bits (x00..xFF)", op.text));
      return 0;
    }
    return static_cast<uint16_t>(op.value);
  }

  bool ok() const { return ok_; }

private:
  static std::string shown(const Operand& op) {
    return op.kind == OperandKind::String ? "\"" + std::string(op.text) + "\"" : std::string(op.text);
  }
  void fail(const Operand& op, std::string message) {
    ctx_.error(ctx_.at(st_.line, op), std::move(message));
    ok_ = false;
  }

  Context& ctx_;
  const Statement& st_;
  uint16_t address_;
  bool ok_ = true;
};

}  // namespace

std::string hex4(uint32_t value) { return fmt::format("x{:04X}", value & 0xFFFF); }

std::string mnemonicName(const Statement& st) {
  if (st.mnemonic == Mnemonic::Br) {
    std::string name = "BR";
    if (st.conditions & 4) name += 'n';
    if (st.conditions & 2) name += 'z';
    if (st.conditions & 1) name += 'p';
    return name;
  }
  std::string name(st.mnemonicText);
  for (char& c : name) c = foldCase(c);
  return name;
}

bool checkOperandCount(Context& context, const Statement& st) {
  Form form = formOf(st.mnemonic);
  if (st.operandCount >= form.minOperands && st.operandCount <= form.maxOperands) return true;
  std::string name = mnemonicName(st);
  std::string expected = form.maxOperands == 0 ? fmt::format("'{}' takes no operands", name)
                         : form.minOperands == form.maxOperands
                             ? fmt::format("'{}' takes {} operand{} ({})", name, form.minOperands,
                                           form.minOperands == 1 ? "" : "s", form.operands)
                             : fmt::format("'{}' takes {} to {} operands ({})", name, form.minOperands,
                                           form.maxOperands, form.operands);
  std::string message = fmt::format("{}, found {}", expected, st.operandCount);
  if (st.operandCount > form.maxOperands) {
    uint32_t column = form.maxOperands < kMaxOperands ? st.operands[form.maxOperands].column : st.extraOperandColumn;
    context.error(context.at(st.line, column), std::move(message));
  } else {
    context.error(context.at(st.line, st.mnemonicColumn, static_cast<uint32_t>(st.mnemonicText.size())),
                  std::move(message));
  }
  return false;
}

std::optional<uint16_t> encodeInstruction(Context& context, const Statement& st, uint16_t address) {
  if (!checkOperandCount(context, st)) return std::nullopt;
  Encoder e(context, st, address);
  uint16_t word = 0;
  switch (st.mnemonic) {
    case Mnemonic::Add:
    case Mnemonic::And: {
      uint16_t opcode = st.mnemonic == Mnemonic::Add ? 0x1000 : 0x5000;
      uint16_t dr = e.reg(0, "destination"), sr1 = e.reg(1, "first source");
      word = opcode | dr << 9 | sr1 << 6 | e.registerOrImm5(2);
      break;
    }
    case Mnemonic::Not: {
      uint16_t dr = e.reg(0, "destination"), sr = e.reg(1, "source");
      word = 0x903F | dr << 9 | sr << 6;
      break;
    }
    case Mnemonic::Br: word = uint16_t(st.conditions << 9) | e.pcOffset(0, 9); break;
    case Mnemonic::Jmp: word = 0xC000 | e.reg(0, "base register") << 6; break;
    case Mnemonic::Ret: word = 0xC1C0; break;
    case Mnemonic::Jsr: word = 0x4800 | e.pcOffset(0, 11); break;
    case Mnemonic::Jsrr: word = 0x4000 | e.reg(0, "base register") << 6; break;
    case Mnemonic::Ld:
    case Mnemonic::Ldi:
    case Mnemonic::Lea:
    case Mnemonic::St:
    case Mnemonic::Sti: {
      uint16_t opcode = st.mnemonic == Mnemonic::Ld    ? 0x2000
                        : st.mnemonic == Mnemonic::Ldi ? 0xA000
                        : st.mnemonic == Mnemonic::Lea ? 0xE000
                        : st.mnemonic == Mnemonic::St  ? 0x3000
                                                       : 0xB000;
      bool store = st.mnemonic == Mnemonic::St || st.mnemonic == Mnemonic::Sti;
      uint16_t r = e.reg(0, store ? "source" : "destination");
      word = opcode | r << 9 | e.pcOffset(1, 9);
      break;
    }
    case Mnemonic::Ldr:
    case Mnemonic::Str: {
      uint16_t opcode = st.mnemonic == Mnemonic::Ldr ? 0x6000 : 0x7000;
      uint16_t r = e.reg(0, st.mnemonic == Mnemonic::Ldr ? "destination" : "source");
      uint16_t base = e.reg(1, "base register");
      word = opcode | r << 9 | base << 6 | e.immediate(2, 6, "offset");
      break;
    }
    case Mnemonic::Rti: word = 0x8000; break;
    case Mnemonic::Nop: word = 0x0000; break;  // BR with no condition codes: never taken
    case Mnemonic::Trap: word = 0xF000 | e.trapVector(0); break;
    case Mnemonic::Getc: word = 0xF020; break;
    case Mnemonic::Out:
    case Mnemonic::Putc: word = 0xF021; break;
    case Mnemonic::Puts: word = 0xF022; break;
    case Mnemonic::In: word = 0xF023; break;
    case Mnemonic::Putsp: word = 0xF024; break;
    case Mnemonic::Halt: word = 0xF025; break;
    default: return std::nullopt;
  }
  if (!e.ok()) return std::nullopt;
  return word;
}

}  // namespace asmlab::lc3::detail
