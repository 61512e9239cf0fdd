// Relative jumps and calls. Short: EB cb / 70+cc cb / E0-E3 cb; near: E9 cw, E8 cw and (80386)
// 0F 80+cc cw; far direct: EA/9A cd (Intel 8086 Family User's Manual table 4-12; 80386
// Programmer's Reference Manual appendix A). The displacement counts from the end of the
// instruction. In a USE32 segment near displacements are 32 bits (E9 cd, E8 cd, 0F 8x cd) and a
// far pointer is offset32:segment16 (80386 Programmer's Reference Manual 17.1.2).
#include "branches.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "emit.hpp"

namespace asmlab::x86::enc {
namespace detail {
namespace {

struct NamedBranch {
  std::string_view name;
  BranchInfo info;
};

// Condition codes (the low nibble of 70+cc): Intel 8086 Family User's Manual table 2-15.
constexpr NamedBranch kBranches[] = {
    {"jmp", {BranchKind::Jmp, 0xEB}},     {"call", {BranchKind::Call, 0xE8}},
    {"jo", {BranchKind::Jcc, 0x70}},      {"jno", {BranchKind::Jcc, 0x71}},
    {"jb", {BranchKind::Jcc, 0x72}},      {"jc", {BranchKind::Jcc, 0x72}},
    {"jnae", {BranchKind::Jcc, 0x72}},    {"jnb", {BranchKind::Jcc, 0x73}},
    {"jnc", {BranchKind::Jcc, 0x73}},     {"jae", {BranchKind::Jcc, 0x73}},
    {"je", {BranchKind::Jcc, 0x74}},      {"jz", {BranchKind::Jcc, 0x74}},
    {"jne", {BranchKind::Jcc, 0x75}},     {"jnz", {BranchKind::Jcc, 0x75}},
    {"jbe", {BranchKind::Jcc, 0x76}},     {"jna", {BranchKind::Jcc, 0x76}},
    {"ja", {BranchKind::Jcc, 0x77}},      {"jnbe", {BranchKind::Jcc, 0x77}},
    {"js", {BranchKind::Jcc, 0x78}},      {"jns", {BranchKind::Jcc, 0x79}},
    {"jp", {BranchKind::Jcc, 0x7A}},      {"jpe", {BranchKind::Jcc, 0x7A}},
    {"jnp", {BranchKind::Jcc, 0x7B}},     {"jpo", {BranchKind::Jcc, 0x7B}},
    {"jl", {BranchKind::Jcc, 0x7C}},      {"jnge", {BranchKind::Jcc, 0x7C}},
    {"jge", {BranchKind::Jcc, 0x7D}},     {"jnl", {BranchKind::Jcc, 0x7D}},
    {"jle", {BranchKind::Jcc, 0x7E}},     {"jng", {BranchKind::Jcc, 0x7E}},
    {"jg", {BranchKind::Jcc, 0x7F}},      {"jnle", {BranchKind::Jcc, 0x7F}},
    {"jcxz", {BranchKind::ShortOnly, 0xE3, false, true}},
    {"jecxz", {BranchKind::ShortOnly, 0xE3, true}},
    {"loop", {BranchKind::ShortOnly, 0xE2}},
    {"loope", {BranchKind::ShortOnly, 0xE1}},  {"loopz", {BranchKind::ShortOnly, 0xE1}},
    {"loopne", {BranchKind::ShortOnly, 0xE0}}, {"loopnz", {BranchKind::ShortOnly, 0xE0}},
};

// 67h before JCXZ/JECXZ when the register they test is not the segment's (CX in USE32, ECX in USE16).
bool addressPrefix(const BranchInfo& info, const Options& options) {
  return options.use32 ? info.address16 : info.address32;
}

unsigned lengthOf(const BranchInfo& info, JumpForm form, const Options& options) {
  const unsigned offset = options.use32 ? 4 : 2;  // a near displacement or a far pointer's offset
  switch (info.kind) {
    case BranchKind::Jmp:
      return form == JumpForm::Short ? 2 : form == JumpForm::Near ? 1 + offset : form == JumpForm::Far ? 3 + offset : 0;
    case BranchKind::Call:
      return form == JumpForm::Near ? 1 + offset : form == JumpForm::Far ? 3 + offset : 0;
    case BranchKind::Jcc:
      if (form == JumpForm::Short) return 2;
      if (form == JumpForm::Near) return options.cpu >= Cpu::I80386 ? 2 + offset : 0;
      if (form == JumpForm::Expanded) return options.cpu < Cpu::I80386 && options.jumps ? 5 : 0;
      return 0;
    case BranchKind::ShortOnly:
      return form == JumpForm::Short ? (addressPrefix(info, options) ? 3 : 2) : 0;
  }
  return 0;
}

bool reaches(JumpForm form, std::int64_t distance, unsigned length) {
  if (form != JumpForm::Short) return true;  // 16-bit displacements wrap around the segment
  const std::int64_t rel = distance - length;
  return rel >= -128 && rel <= 127;
}

JumpForm formFor(const BranchInfo& info, std::int64_t distance, const Options& options, JumpForm atLeast) {
  for (JumpForm form : {JumpForm::Short, JumpForm::Near, JumpForm::Expanded}) {
    if (form < atLeast) continue;
    const unsigned length = lengthOf(info, form, options);
    if (length && reaches(form, distance, length)) return form;
  }
  return JumpForm::None;
}

// The form a one-pass assembler reserves for a forward JMP or conditional jump written without a
// distance: JMP near; Jcc near on the 386, expanded under JUMPS before it; None when the jump is
// not such a forward reference or has only a short form (a Jcc before the 386 without JUMPS).
JumpForm onePassLongest(const BranchInfo& info, const Target& t, const Options& options) {
  if (!t.onePassForward || !t.sameSegment || t.distance != Distance::Automatic) return JumpForm::None;
  if (info.kind == BranchKind::Jmp) return JumpForm::Near;
  if (info.kind != BranchKind::Jcc) return JumpForm::None;
  if (options.cpu >= Cpu::I80386) return JumpForm::Near;
  return options.jumps ? JumpForm::Expanded : JumpForm::None;
}

std::string signedText(std::int64_t v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

Error tooFar(const BranchInfo& info, std::int64_t rel, const Options& options) {
  const std::int64_t by = rel > 127 ? rel - 127 : -128 - rel;
  std::string message = "jump destination too far by " + std::to_string(by) + " byte(s): a short jump reaches -128..+127 " +
                        "bytes from the next instruction and this target is " + signedText(rel);
  if (info.kind == BranchKind::Jcc && options.cpu < Cpu::I80386)
    message += " (jump over a JMP with the opposite condition, use .386 for a near conditional jump, or TASM's JUMPS)";
  else if (info.kind == BranchKind::ShortOnly)
    message += " (LOOP and JCXZ have only a short form)";
  return Error{ErrorCode::JumpOutOfRange, 0, std::move(message)};
}

}  // namespace

std::optional<BranchInfo> branchInfo(std::string_view lowerMnemonic) {
  // Every branch mnemonic is a J-name, CALL or a LOOP-name: reject the common instructions
  // (MOV, ADD, PUSH...) with one character test instead of a scan of the whole table.
  if (lowerMnemonic.empty() || (lowerMnemonic[0] != 'j' && lowerMnemonic[0] != 'c' && lowerMnemonic[0] != 'l'))
    return std::nullopt;
  // ... and the C and L names are CALL and the LOOPs (not CMP, CLC, LEA, LODSB ...).
  if (lowerMnemonic[0] == 'c' && lowerMnemonic != "call") return std::nullopt;
  if (lowerMnemonic[0] == 'l' && !lowerMnemonic.starts_with("loop")) return std::nullopt;
  for (const auto& b : kBranches)
    if (b.name == lowerMnemonic) return b.info;
  return std::nullopt;
}

std::vector<std::string_view> branchMnemonics() {
  std::vector<std::string_view> names;
  for (const auto& b : kBranches) names.push_back(b.name);
  return names;
}

Encoding encodeBranch(const BranchInfo& info, const Instruction& insn, const Options& options) {
  Encoding out;
  Emitter emit(out);
  auto fail = [&](ErrorCode code, int operand, std::string message, unsigned estimate) {
    out.error = Error{code, operand, std::move(message)};
    out.length = static_cast<std::uint8_t>(estimate);
    return out;
  };
  const unsigned shortLength = lengthOf(info, JumpForm::Short, options);
  const unsigned guess = shortLength ? shortLength : 3;
  if (insn.operandCount != 1)
    return fail(ErrorCode::WrongOperandCount, -1, "a jump or call takes one operand, the target", guess);
  if (insn.rep != RepPrefix::None || insn.lock)
    return fail(ErrorCode::InvalidPrefix, -1, "REP and LOCK cannot prefix a jump or call", guess);
  if (info.address32 && options.cpu < Cpu::I80386)
    return fail(ErrorCode::RequiresCpu, -1, "instruction requires .386", guess);
  const Operand& op = insn.operands[0];
  if (op.kind != Operand::Kind::Target)
    return fail(ErrorCode::InvalidOperands, 0, "the target of a conditional jump, LOOP or JCXZ must be a label", guess);
  const Target& t = op.target;

  // A CALL to a FAR procedure of this segment, with no FAR PTR written: PUSH CS, then a near CALL
  // (MASM's "far call optimisation"; the far RET finds CS on the stack where a far CALL puts it).
  const bool pushCs = info.kind == BranchKind::Call && t.distance == Distance::Far && t.farByType && t.sameSegment;

  // Far direct: EA/9A with offset then segment (a FarPointer16/32 fixup when it names a symbol).
  if (t.distance == Distance::Far && !pushCs) {
    if (info.kind != BranchKind::Jmp && info.kind != BranchKind::Call)
      return fail(ErrorCode::InvalidOperands, 0, "a conditional jump cannot be far (only JMP and CALL can)", guess);
    emit.byte(info.kind == BranchKind::Jmp ? 0xEA : 0x9A);
    if (options.use32) {
      if (t.reloc.kind != RelocKind::None) {
        out.fixups.push_back(Fixup{emit.position(), 6, FixupKind::FarPointer32, t.reloc.symbol});
      }
      emit.value(t.offset & 0xFFFFFFFF, 4);
      emit.value(t.segment, 2);
    } else {
      const std::int64_t pointer = (t.offset & 0xFFFF) | (std::int64_t{t.segment} << 16);
      if (t.reloc.kind != RelocKind::None) emit.relocated(pointer, 4, FixupKind::FarPointer16, t.reloc.symbol);
      else emit.value(pointer, 4);
    }
    out.jumpForm = JumpForm::Far;
    return out;
  }
  if (pushCs) emit.byte(0x0E);

  // Choose the form. A one-pass forward jump keeps the room of its longest form (`padTo`).
  JumpForm form = JumpForm::None;
  unsigned padTo = 0;
  const JumpForm atLeast = std::max(JumpForm::Short, insn.minJumpForm == JumpForm::Far ? JumpForm::Near : insn.minJumpForm);
  // The displacement counts from the CALL itself, after PUSH CS.
  const std::int64_t distance = t.offset - static_cast<std::int64_t>(insn.address) - (pushCs ? 1 : 0);
  if (info.kind == BranchKind::Call) {
    if (t.distance == Distance::Short) return fail(ErrorCode::InvalidOperands, 0, "CALL has no short form", 3);
    form = JumpForm::Near;
  } else if (t.distance == Distance::Short) {
    form = JumpForm::Short;
  } else if (t.distance == Distance::Near) {
    form = info.kind == BranchKind::Jmp ? JumpForm::Near
           : info.kind == BranchKind::ShortOnly ? JumpForm::None
           : options.cpu >= Cpu::I80386 ? JumpForm::Near
           : options.jumps ? JumpForm::Expanded : JumpForm::None;
    if (form == JumpForm::None)
      return fail(info.kind == BranchKind::Jcc ? ErrorCode::RequiresCpu : ErrorCode::InvalidOperands, 0,
                  info.kind == BranchKind::Jcc ? "a near conditional jump requires .386" : "LOOP and JCXZ have only a short form",
                  guess);
  } else if (!t.sameSegment) {
    // An external or other-segment near label: MASM assumes near for JMP; a conditional jump stays
    // short before the 386 (the linker reports it if it does not reach).
    form = info.kind == BranchKind::Jmp ? JumpForm::Near
           : info.kind == BranchKind::Jcc && options.cpu >= Cpu::I80386 ? JumpForm::Near : JumpForm::Short;
  } else if (const JumpForm longest = onePassLongest(info, t, options); longest != JumpForm::None) {
    // Turbo Assembler's single pass (without /m) sized the jump before it saw the target: the
    // longest form's room, a short jump plus NOPs when the target is close (TASM listings:
    // `EB 03 90 jmp @@Beg1`, Egakrut3 RESID.LST; `7E 05 90 90 jle l1` under .386, Dekarti LAB9.LST).
    padTo = lengthOf(info, longest, options);
    form = t.known && reaches(JumpForm::Short, distance, lengthOf(info, JumpForm::Short, options)) ? JumpForm::Short
                                                                                                    : longest;
  } else if (!t.known) {
    // MASM 6 starts forward jumps short and lengthens them in later passes if they do not reach.
    form = lengthOf(info, atLeast, options) ? atLeast : JumpForm::Short;
  } else {
    form = formFor(info, distance, options, atLeast);
    if (form == JumpForm::None) {
      out.error = tooFar(info, distance - shortLength, options);
      out.length = static_cast<std::uint8_t>(shortLength);
      return out;
    }
  }

  const unsigned length = lengthOf(info, form, options);
  const std::int64_t rel = distance - length;
  if (t.sameSegment && t.known && form == JumpForm::Short && (rel < -128 || rel > 127)) {
    out.error = tooFar(info, rel, options);
    out.length = static_cast<std::uint8_t>(length);
    return out;
  }

  // Emit the chosen form. External targets get a self-relative fixup whose addend is the offset.
  auto displacement = [&](unsigned width) {
    if (!t.sameSegment) {
      const Reloc reloc = t.reloc;
      const FixupKind kind = width == 1 ? FixupKind::Relative8 : width == 2 ? FixupKind::Relative16 : FixupKind::Relative32;
      emit.relocated(t.offset, width, kind, reloc.symbol);
    } else {
      emit.value(t.known ? rel : 0, width);
    }
  };
  const unsigned nearWidth = options.use32 ? 4 : 2;
  switch (form) {
    case JumpForm::Short:
      if (addressPrefix(info, options)) emit.byte(0x67);
      emit.byte(info.opcode);
      displacement(1);
      break;
    case JumpForm::Near:
      if (info.kind == BranchKind::Jcc) {
        emit.byte(0x0F);
        emit.byte(static_cast<std::uint8_t>(info.opcode + 0x10));
      } else {
        emit.byte(info.kind == BranchKind::Call ? 0xE8 : 0xE9);
      }
      displacement(nearWidth);
      break;
    case JumpForm::Expanded:
      // TASM JUMPS: J(not cc) $+5 ; JMP target. Flipping bit 0 of 7x negates the condition.
      emit.byte(static_cast<std::uint8_t>(info.opcode ^ 1));
      emit.byte(0x03);
      emit.byte(0xE9);
      displacement(2);
      break;
    default: break;
  }
  while (out.length < padTo) emit.byte(0x90);
  out.jumpForm = form;
  return out;
}

}  // namespace detail

JumpForm jumpFormFor(std::string_view mnemonic, std::int64_t distance, const Options& options, JumpForm atLeast) {
  std::string lower(mnemonic);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto info = detail::branchInfo(lower);
  if (!info) return JumpForm::None;
  if (info->kind == detail::BranchKind::Call) return atLeast <= JumpForm::Near ? JumpForm::Near : JumpForm::None;
  return detail::formFor(*info, distance, options, std::max(atLeast, JumpForm::Short));
}

unsigned jumpLength(std::string_view mnemonic, JumpForm form, const Options& options) {
  std::string lower(mnemonic);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto info = detail::branchInfo(lower);
  return info ? detail::lengthOf(*info, form, options) : 0;
}

}  // namespace asmlab::x86::enc
