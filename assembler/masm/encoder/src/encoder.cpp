// encode(): picks the shortest matching row of the form table (ties: the earlier row), or hands
// branches and string instructions with operands to their own encoders, and turns a failed match
// into the error of the row that came closest.
#include <algorithm>
#include <bit>
#include <cctype>
#include <iterator>
#include <optional>
#include <string>

#include "branches.hpp"
#include "emit.hpp"
#include "form_match.hpp"
#include "forms.hpp"
#include "mnemonics.hpp"
#include "string_ops.hpp"
#include "x87.hpp"

namespace asmlab::x86::enc {
namespace {

using namespace detail;

constexpr std::size_t kMaxMnemonic = 16;

// Lower-cases into a fixed buffer; "" if too long to be a mnemonic.
std::string_view lowerInto(std::string_view name, char (&buffer)[kMaxMnemonic]) {
  if (name.size() > kMaxMnemonic) return {};
  for (std::size_t i = 0; i < name.size(); ++i)
    buffer[i] = name[i] >= 'A' && name[i] <= 'Z' ? static_cast<char>(name[i] + ('a' - 'A')) : name[i];  // ASCII, no locale
  return {buffer, name.size()};
}

std::string upper(std::string_view s) {
  std::string u(s);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return u;
}

Encoding failure(ErrorCode code, int operand, std::string message, unsigned estimate) {
  Encoding out;
  out.error = Error{code, operand, std::move(message)};
  out.length = static_cast<std::uint8_t>(estimate);
  return out;
}

std::string allowedForms(std::span<const Form* const> forms, const Options& options) {
  if (!options.listAllowedForms) return {};
  std::vector<std::string> seen;
  std::string text;
  for (const Form* form : forms) {
    if (form->cpu > options.cpu) continue;
    std::string sig = formSignature(*form);
    if (std::find(seen.begin(), seen.end(), sig) != seen.end()) continue;
    seen.push_back(sig);
    text += "\n  " + sig;
  }
  return text;
}

std::string describeImmediateRange(const Instruction& insn, int operand, unsigned size) {
  const std::int64_t value = operand >= 0 ? insn.operands[operand].imm.value : 0;
  if (operand >= 0 && insn.operands[operand].imm.reloc.kind != RelocKind::None)
    return size == 1 ? "a relocatable value (OFFSET or SEG) does not fit in a byte"
                     : "a segment value is 16 bits; it cannot be used as a 32-bit immediate";
  const char* what = size == 1 ? "a byte (-128..255)" : size == 2 ? "a word (-32768..65535)" : "a dword";
  return "immediate value " + hexText(value) + " does not fit in " + what;
}

Encoding encodeFromTable(std::string_view name, const MnemonicRows& rows, const Instruction& insn, const Options& options) {
  const std::span<const Form* const> forms = rows.forms;
  // Every matching row is sized (rowLength) and only the winner is emitted. The winner is the
  // first row that encodes, shortest first; ties go to the earlier row (MASM's choice).
  const RowContext context = makeRowContext(insn, options);
  // A row is sized only once a second row passes the screen: many instructions have one.
  struct Best {
    const Form* form = nullptr;
    unsigned size = 0;
    RowLength length;
    bool sized = false;
  } best;
  auto consider = [&](const Form& form, unsigned size) {
    if (!best.form) {
      best = Best{&form, size, {}, false};
      return;
    }
    if (!best.sized) {
      best.length = rowLength(*best.form, insn, best.size, context);
      best.sized = true;
    }
    const RowLength row = rowLength(form, insn, size, context);
    if ((row.ok && !best.length.ok) || (row.ok == best.length.ok && row.length < best.length.length))
      best = Best{&form, size, row, true};
  };
  auto emitBest = [&] {
    Encoding out;
    emitForm(*best.form, insn, best.size, context, out);
    // A memory operand without a size that took the segment's word (PUSH [si], JMP [bx]).
    if (best.form->flags & kDefaultWord)
      for (unsigned i = 0; i < insn.operandCount && i < insn.operands.size(); ++i)
        if (insn.operands[i].kind == Operand::Kind::Memory && insn.operands[i].mem.size == 0) {
          out.assumedSize = static_cast<std::uint8_t>(best.size);
          out.assumedOperand = static_cast<std::int8_t>(i);
        }
    return out;
  };
  // Fast path: only the rows listed for the first operand's class, and of those only the ones
  // whose operand count, kinds and sizes can fit (mayFit), reach the full match. The rows that
  // match, and so the choice, are the same as below; only when none matches is the full walk
  // needed, to find the error of the closest row.
  const std::uint64_t classes = operandClasses(insn);
  const auto firstClass = static_cast<unsigned>(std::countr_zero(static_cast<std::uint16_t>(classes)));
  for (const std::uint8_t i : (*rows.byFirstClass)[firstClass]) {
    if (!mayFit(rows.accepts[i], classes)) continue;
    if (best.form) {
      // A row that cannot come out shorter than an encodable winner cannot replace it (ties go
      // to the earlier row), so it need not be matched.
      if (!best.sized) {
        best.length = rowLength(*best.form, insn, best.size, context);
        best.sized = true;
      }
      if (best.length.ok && context.prefixes + forms[i]->minLength >= best.length.length) continue;
    }
    const Match match = matchForm(*forms[i], insn, options, /*screened=*/true);
    if (match.fail != Fail::None) continue;
    consider(*forms[i], match.size);
  }
  if (best.form) return emitBest();

  Match closest{Fail::Count};
  bool byteFormUnsized = false;  // a byte row failed only for want of a size
  for (const Form* form : forms) {
    const Match match = matchForm(*form, insn, options);
    if (match.fail != Fail::None) {
      if (match.fail > closest.fail) closest = match;
      byteFormUnsized |= match.fail == Fail::SizeUnknown && form->width == Width::B;
      continue;
    }
    consider(*form, match.size);
  }
  if (best.form) return emitBest();

  const std::string mnemonic = upper(name);
  switch (closest.fail) {
    case Fail::Cpu:
      return failure(ErrorCode::RequiresCpu, closest.operand,
                     "instruction requires " + std::string(cpuDirective(closest.needed)) + " (" + mnemonic +
                         " with these operands is not on the " + std::string(cpuDirective(options.cpu)).substr(1) + ")",
                     3);
    case Fail::ImmRange:
      return failure(ErrorCode::ImmediateRange, closest.operand, describeImmediateRange(insn, closest.operand, closest.size), 3);
    case Fail::SizeUnknown:
      return failure(ErrorCode::SizeUnknown, closest.operand,
                     byteFormUnsized ? (options.cpu >= Cpu::I80386
                                            ? "instruction operand must have size: use BYTE PTR, WORD PTR or DWORD PTR"
                                            : "instruction operand must have size: use BYTE PTR or WORD PTR")
                     : options.cpu >= Cpu::I80386 ? "instruction operand must have size: use WORD PTR or DWORD PTR"
                                                  : "instruction operand must have size: use WORD PTR",
                     3);
    case Fail::SizeMismatch:
      return failure(ErrorCode::SizeMismatch, closest.operand,
                     "operands of " + mnemonic + " differ in size; allowed forms:" + allowedForms(forms, options), 3);
    case Fail::Count: {
      bool anyCount = false;
      for (const Form* form : forms) {
        unsigned n = 0;
        while (n < 3 && form->ops[n] != Pat::None) ++n;
        anyCount |= n == insn.operandCount;
      }
      if (!anyCount)
        return failure(ErrorCode::WrongOperandCount, -1,
                       "wrong number of operands for " + mnemonic + "; allowed forms:" + allowedForms(forms, options), 1);
      [[fallthrough]];
    }
    default:
      return failure(ErrorCode::InvalidOperands, closest.operand,
                     "invalid operands for " + mnemonic + "; allowed forms:" + allowedForms(forms, options), 3);
  }
}

// `op AX,imm` (EAX too for MASM 5.1) as the accumulator form 05+8n with a full immediate where
// Options::accumulator asks for it, even when the value would fit a sign-extended byte (83 /n
// ib); nullopt to leave the choice to the form table (Intel 8086 Family User's Manual table 4-12:
// "immediate to accumulator").
std::optional<Encoding> accumulatorImmediate(std::string_view name, const Instruction& insn, const Options& options) {
  if (options.accumulator == AccumulatorImmediates::SignExtended || insn.operandCount != 2) return std::nullopt;
  const Operand& target = insn.operands[0];
  const Operand& source = insn.operands[1];
  if (target.kind != Operand::Kind::Register || source.kind != Operand::Kind::Immediate ||
      source.imm.reloc.kind != RelocKind::None)
    return std::nullopt;
  const bool eax = target.reg == Reg::EAX;
  if (target.reg != Reg::AX && !(eax && options.accumulator == AccumulatorImmediates::AxEax && options.cpu >= Cpu::I80386))
    return std::nullopt;
  static constexpr std::string_view kAlu[8] = {"add", "or", "adc", "sbb", "and", "sub", "xor", "cmp"};
  const auto found = std::find(std::begin(kAlu), std::end(kAlu), name);
  const std::int64_t value = source.imm.value;
  const bool fits = eax ? value >= -0x80000000LL && value <= 0xFFFFFFFFLL : value >= -0x8000 && value <= 0xFFFF;
  if (found == std::end(kAlu) || !fits) return std::nullopt;
  Encoding out;
  Emitter emit(out);
  if (eax != options.use32) emit.byte(0x66);  // the operand size that is not the segment's
  emit.byte(static_cast<std::uint8_t>((found - std::begin(kAlu)) * 8 + 5));
  emit.value(value, eax ? 4 : 2);
  return out;
}

// MOV to and from the 80386's control, debug and test registers (80386 Programmer's Reference
// Manual, "MOV -- Move to/from Special Registers"): 0F 20 /r MOV r32,CRn; 0F 22 /r MOV CRn,r32;
// 0F 21 and 0F 23 for DRn; 0F 24 and 0F 26 for TRn. The special register is in the reg field and
// the general register in r/m with mod = 11; the move is always 32 bits, so no 66h in a USE16
// segment. Any other use of such a register is an error here (no form of the table takes one).
std::optional<Encoding> specialRegisterMove(std::string_view name, const Instruction& insn, const Options& options) {
  int special = -1;
  for (unsigned i = 0; i < insn.operandCount && i < insn.operands.size(); ++i)
    if (insn.operands[i].kind == Operand::Kind::Register && isSpecialRegister(insn.operands[i].reg))
      special = static_cast<int>(i);
  if (special < 0) return std::nullopt;
  const Reg reg = insn.operands[static_cast<unsigned>(special)].reg;
  const std::string regName = upper(registerName(reg));
  if (name != "mov" || insn.operandCount != 2)
    return failure(ErrorCode::InvalidOperands, special,
                   regName + " can only be moved to or from a 32-bit general register (MOV)", 3);
  if (options.cpu < Cpu::I80386) return failure(ErrorCode::RequiresCpu, special, "instruction requires .386", 3);
  if (insn.lock) return failure(ErrorCode::InvalidPrefix, -1, "LOCK cannot prefix MOV", 3);
  const Operand& general = insn.operands[special == 0 ? 1 : 0];
  if (general.kind != Operand::Kind::Register || !isGeneralRegister(general.reg) || registerSize(general.reg) != 4)
    return failure(ErrorCode::InvalidOperands, special == 0 ? 1 : 0,
                   "MOV to or from " + regName + " takes a 32-bit general register (EAX, EBX, ... EDI)", 3);
  const bool toSpecial = special == 0;
  const std::uint8_t base = reg <= Reg::CR3 ? 0x20 : reg <= Reg::DR7 ? 0x21 : 0x24;
  Encoding out;
  Emitter emit(out);
  emit.byte(0x0F);
  emit.byte(static_cast<std::uint8_t>(base + (toSpecial ? 2 : 0)));
  emit.byte(static_cast<std::uint8_t>(0xC0 | registerNumber(reg) << 3 | registerNumber(general.reg)));
  return out;
}

}  // namespace

Encoding encodeOne(const Instruction& insn, const Options& options);

// A prefix-written segment override: given to the memory operand, or emitted in front.
Encoding encodeWithSegmentPrefix(const Instruction& written, const Options& options) {
  if (!isSegmentRegister(written.segment))
    return failure(ErrorCode::InvalidPrefix, -1, "a segment override prefix must name ES, CS, SS, DS, FS or GS", 1);
  if ((written.segment == Reg::FS || written.segment == Reg::GS) && options.cpu < Cpu::I80386)
    return failure(ErrorCode::RequiresCpu, -1, "instruction requires .386 (FS and GS)", 1);
  Instruction insn = written;
  insn.segment = Reg::None;
  bool applied = false;
  for (unsigned i = 0; i < insn.operandCount; ++i) {
    Operand& o = insn.operands[i];
    if (o.kind != Operand::Kind::Memory) continue;
    if (o.mem.segment == Reg::None) o.mem.segment = written.segment;
    applied = true;
  }
  Encoding out = encodeOne(insn, options);
  if (applied || out.length == 0 || out.length >= out.bytes.size()) return out;
  // No memory operand: the override goes in front of the instruction (after LOCK/REP it would
  // make no difference to the CPU; in front keeps the instruction's own bytes together).
  for (unsigned i = out.length; i > 0; --i) out.bytes[i] = out.bytes[i - 1];
  out.bytes[0] = segmentPrefix(written.segment);
  ++out.length;
  for (Fixup& f : out.fixups) ++f.position;
  return out;
}

Encoding encode(const Instruction& insn, const Options& options) {
  if (insn.operandCount > insn.operands.size())
    return failure(ErrorCode::WrongOperandCount, static_cast<int>(insn.operands.size()),
                   "too many operands: x86 instructions take at most three", 1);
  if (insn.segment != Reg::None) return encodeWithSegmentPrefix(insn, options);
  return encodeOne(insn, options);
}

Encoding encodeOne(const Instruction& insn, const Options& options) {
  char buffer[kMaxMnemonic];
  const std::string_view name = lowerInto(insn.mnemonic, buffer);
  if (name.empty()) return failure(ErrorCode::UnknownMnemonic, -1, "unknown instruction", 0);

  MnemonicInfo scratch;
  const MnemonicInfo& info = mnemonicInfo(name, scratch);
  if (info.prefix) {
    if (insn.operandCount != 0) return failure(ErrorCode::WrongOperandCount, -1, upper(name) + " takes no operands", 1);
    Encoding out;
    out.bytes[0] = info.prefix;
    out.length = 1;
    return out;
  }
  if (insn.rep != RepPrefix::None && !info.string)
    return failure(ErrorCode::InvalidPrefix, -1, "REP, REPE and REPNE can only prefix string instructions", 1);
  // MOV to CS is not an instruction (Intel 8086 Family User's Manual, MOV: "CS cannot be the destination").
  const bool csFirst = insn.operands[0].kind == Operand::Kind::Register && insn.operands[0].reg == Reg::CS;
  if (csFirst && insn.operandCount == 2 && name == "mov")
    return failure(ErrorCode::InvalidOperands, 0, "CS cannot be the destination of MOV (use a far JMP)", 2);
  if (csFirst && insn.operandCount == 1 && name == "pop")
    return failure(ErrorCode::InvalidOperands, 0, "POP CS is not an instruction (0Fh is an 8086 accident, a two-byte opcode prefix on later CPUs)", 1);

  if (auto special = specialRegisterMove(name, insn, options)) return *special;

  const bool branchOperand = insn.operandCount == 1 && insn.operands[0].kind == Operand::Kind::Target;
  if (info.branch) {
    if (info.branch->kind == BranchKind::Jcc || info.branch->kind == BranchKind::ShortOnly || branchOperand)
      return encodeBranch(*info.branch, insn, options);
  }
  if (info.operandString && insn.operandCount > 0) return encodeStringWithOperands(name, insn, options);
  if (info.x87) return encodeX87(name, *info.x87, insn, options);

  if (info.rows.forms.empty()) return failure(ErrorCode::UnknownMnemonic, -1, "unknown instruction " + upper(name), 0);
  if (auto accumulator = accumulatorImmediate(name, insn, options)) return *accumulator;
  return encodeFromTable(name, info.rows, insn, options);
}

bool isMnemonic(std::string_view name) { return mnemonicCpu(name).has_value(); }

std::optional<Cpu> mnemonicCpu(std::string_view name) {
  char buffer[kMaxMnemonic];
  const std::string_view lower = lowerInto(name, buffer);
  if (lower.empty()) return std::nullopt;
  MnemonicInfo scratch;
  const MnemonicInfo& info = mnemonicInfo(lower, scratch);
  if (info.prefix) return Cpu::I8086;
  if (info.branch) return info.branch->address32 ? Cpu::I80386 : Cpu::I8086;
  if (info.operandString) return lower == "ins" || lower == "outs" ? Cpu::I80186 : Cpu::I8086;
  if (info.x87) return Cpu::I8086;  // the coprocessor directive decides (Options::fpu)
  if (info.rows.forms.empty()) return std::nullopt;
  Cpu oldest = Cpu::I80386;
  for (const Form* form : info.rows.forms) {
    Cpu c = (form->flags & kO32) || form->width == Width::D ? Cpu::I80386 : form->cpu;
    oldest = std::min(oldest, c);
  }
  return oldest;
}

bool isBranchMnemonic(std::string_view name) {
  char buffer[kMaxMnemonic];
  const std::string_view lower = lowerInto(name, buffer);
  MnemonicInfo scratch;
  return !lower.empty() && mnemonicInfo(lower, scratch).branch.has_value();
}

}  // namespace asmlab::x86::enc
