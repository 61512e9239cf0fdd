// Instructions: operands become the encoder's typed operands (registers, memory with the segment
// override that ASSUME calls for, immediates, jump targets); the encoder's bytes and fixups go into
// the current segment; jump forms are kept between passes so they only grow.
#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "assembler_impl.hpp"

namespace asmlab::masm {
namespace {

bool is16BitBase(enc::Reg r) { return r == enc::Reg::BX || r == enc::Reg::BP; }
bool is16BitIndex(enc::Reg r) { return r == enc::Reg::SI || r == enc::Reg::DI; }

link::FixupKind linkKind(enc::FixupKind k, bool& selfRelative) {
  selfRelative = false;
  switch (k) {
    case enc::FixupKind::Offset16: return link::FixupKind::Offset16;
    case enc::FixupKind::Offset32: return link::FixupKind::Offset32;
    case enc::FixupKind::Segment16: return link::FixupKind::Base16;
    case enc::FixupKind::FarPointer16: return link::FixupKind::Pointer32;
    case enc::FixupKind::FarPointer32: return link::FixupKind::Pointer48;
    case enc::FixupKind::Relative8: selfRelative = true; return link::FixupKind::LowByte;
    case enc::FixupKind::Relative16: selfRelative = true; return link::FixupKind::Offset16;
    case enc::FixupKind::Relative32: selfRelative = true; return link::FixupKind::Offset32;
  }
  return link::FixupKind::Offset16;
}

// True when the operand names a label with no type written over it (no PTR, no THIS): a FAR
// procedure called this way is FAR by its own type, which MASM calls with PUSH CS + near CALL.
bool untyped(const Expr& e) {
  return std::none_of(e.ops.begin(), e.ops.end(), [](const ExprOp& o) { return o.op == Op::Ptr || o.op == Op::This; });
}

// Gives a memory operand without a size the size of the immediate beside it (a byte for
// -128..255, a word for 16-bit values and addresses, else a dword on the 386) and returns its
// index, or -1 when the instruction has no such pair. Turbo Assembler (`tasmWord`) takes a word
// whatever the value, unless it needs 32 bits: its listings show `mov es:[bx+1],4Eh` as
// 26 C7 47 01 4E 00 with the warning "Argument needs type override" (TASM 4.1 listing Voikgrib
// TEST.LST; TASM 2.0 listing Dekarti LAB9.LST).
int sizeFromImmediate(enc::Instruction& insn, bool cpu32, bool tasmWord) {
  int memory = -1;
  const enc::Immediate* immediate = nullptr;
  for (unsigned i = 0; i < insn.operandCount; ++i) {
    const enc::Operand& o = insn.operands[i];
    if (o.kind == enc::Operand::Kind::Memory && o.mem.size == 0 && memory < 0) memory = static_cast<int>(i);
    if (o.kind == enc::Operand::Kind::Immediate) immediate = &o.imm;
  }
  if (memory < 0 || !immediate) return -1;
  const int64_t v = immediate->value;
  unsigned size = 4;
  if (immediate->reloc.kind != enc::RelocKind::None) size = 2;
  else if (v >= -128 && v <= 255) size = tasmWord ? 2 : 1;
  else if (v >= -32768 && v <= 65535) size = 2;
  if (size == 4 && !cpu32) return -1;
  insn.operands[static_cast<size_t>(memory)].mem.size = size;
  return memory;
}

const char* sizeName(unsigned size) {
  switch (size) {
    case 1: return "BYTE";
    case 2: return "WORD";
    case 4: return "DWORD";
    case 6: return "FWORD";
    default: return "QWORD";
  }
}

// True when the operands name nothing that can differ between passes (passIndependent, evaluate.cpp).
bool passIndependent(const Operands& operands) {
  return std::all_of(operands.begin(), operands.end(), [](const Expr& e) { return passIndependent(e); });
}

}  // namespace

namespace {

// True when the expression's first name is the left operand of an Index (`word[bx]`,
// `word[bx+1]`): walking the postfix operations, the first binary operation that reaches below
// the operations after the name is that Index, and no unary one applied to the name alone.
bool indexesFirstName(const Expr& e) {
  if (e.ops.size() < 3 || e.ops[0].op != Op::Identifier) return false;
  resolveIdentifier(e.ops[0]);
  size_t depth = 1;
  for (size_t k = 1; k < e.ops.size(); ++k) {
    switch (e.ops[k].op) {
      case Op::Number: case Op::String: case Op::Identifier: case Op::Location: case Op::Undefined: case Op::Real:
        ++depth;
        break;
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::Shl: case Op::Shr: case Op::And:
      case Op::Or: case Op::Xor: case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
      case Op::Ptr: case Op::Override: case Op::Index:
        if (depth == 2) return e.ops[k].op == Op::Index;
        --depth;
        break;
      default:  // unary
        if (depth == 1) return false;
        break;
    }
  }
  return false;
}

bool isShiftOrRotate(std::string_view m) {
  return m == "SHL" || m == "SAL" || m == "SHR" || m == "SAR" || m == "ROL" || m == "ROR" || m == "RCL" || m == "RCR";
}

// What Turbo Assembler's SMART code generation assembles on the 8086 for two 80186 forms the
// 8086 lacks (Turbo Assembler User's Guide, ch. 13): PUSH of a constant is the ten-byte
// PUSH AX / PUSH BP / MOV BP,SP / MOV WORD PTR [BP+2],constant / POP BP, which pushes it and
// keeps every register and flag ("Pushing constants on the 8086 processor"); a shift or rotate
// by a constant from 2 to 255 is that many shifts by 1 ("Extended shifts"). Empty for any other
// instruction.
std::vector<enc::Instruction> smart8086Sequence(const enc::Instruction& in) {
  std::vector<enc::Instruction> parts;
  const auto immediate = [&](unsigned i) {
    return in.operandCount > i && in.operands[i].kind == enc::Operand::Kind::Immediate;
  };
  if (in.mnemonic == "PUSH" && in.operandCount == 1 && immediate(0)) {
    const auto part = [&](std::string_view mnemonic, std::initializer_list<enc::Operand> operands) {
      enc::Instruction p;
      p.mnemonic = mnemonic;
      for (const enc::Operand& o : operands) p.add(o);
      parts.push_back(p);
    };
    enc::Memory pushedSlot;
    pushedSlot.base = enc::Reg::BP;
    pushedSlot.displacement = 2;
    pushedSlot.size = 2;
    part("PUSH", {enc::Operand::reg_(enc::Reg::AX)});
    part("PUSH", {enc::Operand::reg_(enc::Reg::BP)});
    part("MOV", {enc::Operand::reg_(enc::Reg::BP), enc::Operand::reg_(enc::Reg::SP)});
    part("MOV", {enc::Operand::mem_(pushedSlot), in.operands[0]});
    part("POP", {enc::Operand::reg_(enc::Reg::BP)});
  } else if (isShiftOrRotate(in.mnemonic) && in.operandCount == 2 && immediate(1) &&
             in.operands[1].imm.reloc.kind == enc::RelocKind::None && in.operands[1].imm.value >= 2 &&
             in.operands[1].imm.value <= 255) {
    enc::Instruction byOne = in;
    byOne.operands[1].imm.value = 1;
    parts.assign(static_cast<size_t>(in.operands[1].imm.value), byOne);
  }
  return parts;
}

}  // namespace

void Assembler::emitEncoding(const enc::Encoding& out, const std::vector<Value>& relocs) {
  const uint32_t start = segments[static_cast<size_t>(current)].pc;
  emitBytes(out.bytes.data(), out.length, true);
  for (const enc::Fixup& f : out.fixups) {
    if (f.symbol >= relocs.size()) continue;
    bool selfRelative = false;
    link::FixupKind kind = linkKind(f.kind, selfRelative);
    uint32_t saved = segments[static_cast<size_t>(current)].pc;
    addFixup(kind, relocs[f.symbol], start + f.position, selfRelative);
    segments[static_cast<size_t>(current)].pc = saved;
  }
}

void Assembler::emitInstruction(const Statement& s) {
  // Later passes replay an instruction whose bytes cannot change without encoding it again.
  if (s.fixedLength) {
    emitBytes(s.fixedBytes.data(), s.fixedLength, true);
    return;
  }
  if (pass > 1 && replayInstruction(s)) return;
  size_t diagnosticsBefore = passDiagnostics.size();
  const size_t errorsBefore = passErrors;  // an operand's warning is no reason to leave out the encoder's error
  // The symbols the operands read, for the replay record (replay.hpp).
  uint32_t unknownsBefore = unknownsSeen;
  std::vector<Symbol*>& read = replay.read;
  read.clear();
  struct RecordReads {
    Assembler& a;
    ~RecordReads() { a.symbolsRead = nullptr; }
  } recordReads{*this};
  symbolsRead = &read;
  auto& seg = segments[static_cast<size_t>(current)];
  enc::Instruction in;
  in.mnemonic = mnemonicOf(s);
  in.rep = s.rep;
  in.lock = s.lock;
  in.address = seg.pc;
  in.minJumpForm = s.jumpForm;
  bool branch = s.branch;
  std::vector<Value>& relocs = relocScratch;  // reused: one instruction at a time
  relocs.clear();
  bool allKnown = true;
  bool allLone = true;  // every operand a lone register or number: see EncodingCache
  std::array<uint16_t, 3> columns{};
  // Operands are built in place in `in` (a fourth is counted but not kept: encode() reports it).
  enc::Operand extra;
  auto slot = [&](size_t i) -> enc::Operand& {
    if (in.operandCount < 255) ++in.operandCount;
    return i < in.operands.size() ? in.operands[i] : (extra = enc::Operand{});
  };
  for (size_t i = 0; i < s.operands.size(); ++i) {
    const Expr& e = s.operands[i];
    columns[i] = e.column;
    // A lone register or number, the commonest operands, needs no Value: these are what
    // evaluate() and the cases below would make of them.
    if (e.ops.size() == 1) {
      const ExprOp& only = e.ops[0];
      if (only.op == Op::Identifier) {
        resolveIdentifier(only, !emu8086Source);
        if (only.resolved == 1) {
          enc::Operand& op = slot(i);
          op.kind = enc::Operand::Kind::Register;
          op.reg = static_cast<enc::Reg>(only.registerCode);
          continue;
        }
      } else if (only.op == Op::Number && !branch) {
        if (only.numberRadix != radix) {
          if (auto n = parseNumber(only.text(), radix)) {  // as evaluate() converts and keeps it
            const_cast<ExprOp&>(only).value = *n;
            only.numberRadix = static_cast<uint8_t>(radix);
          }
        }
        if (only.numberRadix == radix) {
          enc::Operand& op = slot(i);
          op.kind = enc::Operand::Kind::Immediate;
          op.imm.value = only.value;
          continue;
        }
      }
    }
    allLone = false;
    if (typeWordSymbols && indexesFirstName(e) && e.ops[0].resolved == 2 &&
        findSymbol(e.ops[0].text(), s.procScope, s.atScope)) {
      // `word[bx]` where a variable is named WORD (TASM warns "Reserved word used as symbol" at
      // its definition): the variable, indexed, as `size[bx]` is. `word ptr [bx]` keeps the type.
      e.ops[0].resolved = 4;
    }
    Value v = evaluate(e, true);
    if (v.kind == Value::Kind::Type && typeWordSymbols && e.ops.size() == 1 && e.ops[0].op == Op::Identifier &&
        findSymbol(e.ops[0].text(), s.procScope, s.atScope)) {
      // A type word alone cannot be an operand: here it is the symbol of that name (reserved_names.cpp).
      e.ops[0].resolved = 4;
      v = evaluate(e, true);
    }
    if (e.ops.size() == 3 && e.ops[2].op == Op::Ptr && e.ops[1].op == Op::Identifier) {
      // `mov byte ptr al, [bx]`: a type on a register only restates its size (TASM 4.1 listing
      // Vladislave0-0 TSR.LST: 8A 07); a type that contradicts it cannot apply. (In brackets,
      // `[byte bx]`, the register is an address and this does not apply.)
      resolveIdentifier(e.ops[1], !emu8086Source);
      if (e.ops[1].resolved == 1) {
        const auto reg = static_cast<enc::Reg>(e.ops[1].registerCode);
        const unsigned size = enc::registerSize(reg);
        if (v.size != size || v.distance != enc::Distance::Automatic) {
          passError(e.column + 1u, fmt::format("'{}' is a {}-byte register: {} PTR cannot give it another size",
                                               enc::registerName(reg), size, e.ops[0].text()));
          return;
        }
        if (options.dialect != Dialect::Tasm)
          passWarning(e.column + 1u, fmt::format("{} PTR on register '{}' only restates its size (Turbo Assembler "
                                                 "code writes it); the register alone is portable",
                                                 e.ops[0].text(), enc::registerName(reg)));
        enc::Operand& op = slot(i);
        op.kind = enc::Operand::Kind::Register;
        op.reg = reg;
        continue;
      }
    }
    if (v.unknown) allKnown = false;
    enc::Operand& op = slot(i);
    bool hasRegs = v.regs[0] != enc::Reg::None || v.regs[1] != enc::Reg::None;
    if (v.kind == Value::Kind::Register && !hasRegs && !v.memory) {
      op.kind = enc::Operand::Kind::Register;
      op.reg = v.reg;
    } else if (v.kind == Value::Kind::Type) {
      passError(e.column + 1u, "a type name is not an operand (did you mean '... PTR name'?)");
      return;
    } else if (branch && !hasRegs && !v.memory && !v.segmentValue && v.segOverride == enc::Reg::None) {
      enc::Target t;
      t.offset = v.num;
      t.known = !v.unknown;
      t.distance = v.distance;
      t.farByType = v.distance == enc::Distance::Far && v.codeLabel && untyped(e);
      if (pass == 1 && v.unknown) s.choices |= kForwardTarget;
      t.onePassForward = (s.choices & (kChoiceOnePass | kForwardTarget)) == (kChoiceOnePass | kForwardTarget);
      bool inThisSegment = v.unknown || !v.relocatable ||
                           (v.target.kind == link::RefKind::Segment && static_cast<int>(v.target.index) == current);
      t.sameSegment = inThisSegment;
      if (v.relocatable && !v.unknown) {
        relocs.push_back(v);
        t.reloc.symbol = static_cast<uint32_t>(relocs.size() - 1);
        // A near label in another segment of the group CS is ASSUMEd to (a TINY program's
        // procedure written under .DATA) is reached by a near jump or call relative to the group
        // (MASM 6.1 Programmer's Guide, ch. 7); only a label CS cannot reach needs a far one.
        const bool nearThroughGroup = !inThisSegment && v.distance == enc::Distance::Automatic &&
                                      v.target.kind == link::RefKind::Segment && reachedThroughCsGroup(v.target.index);
        t.reloc.kind = (v.distance == enc::Distance::Far || !inThisSegment) && v.distance != enc::Distance::Near &&
                               v.distance != enc::Distance::Short && !nearThroughGroup
                           ? enc::RelocKind::FarPointer
                           : enc::RelocKind::Offset;
        if (!inThisSegment && t.distance == enc::Distance::Automatic && !nearThroughGroup)
          t.distance = v.target.kind == link::RefKind::Extern ? (externals[v.target.index]->far ? enc::Distance::Far : enc::Distance::Near) : enc::Distance::Far;
      }
      op.kind = enc::Operand::Kind::Target;
      op.target = t;
    } else if (hasRegs || v.memory || v.segOverride != enc::Reg::None ||
               (v.kind == Value::Kind::Address && !v.segmentValue)) {
      enc::Memory m;
      for (int r = 0; r < 2; ++r) {
        enc::Reg reg = v.regs[static_cast<size_t>(r)];
        if (reg == enc::Reg::None) continue;
        if (enc::registerSize(reg) == 4) {
          if (r == 0 && m.base == enc::Reg::None) m.base = reg;
          else {
            m.index = reg;
            m.scale = r == 1 ? v.scale : 1;
          }
        } else if (is16BitBase(reg) && m.base == enc::Reg::None) {
          m.base = reg;
        } else if (is16BitIndex(reg) && m.index == enc::Reg::None) {
          m.index = reg;
        } else {
          passError(e.column + 1u, fmt::format("'{}' cannot be used in an address here (16-bit addresses use BX or BP "
                                               "plus SI or DI)", enc::registerName(reg)));
          return;
        }
      }
      m.displacement = v.num;
      m.size = v.size;
      if (v.bracketedConstant && !hasRegs && v.segOverride == enc::Reg::None && !bracketMemoryWarned) {
        bracketMemoryWarned = true;
        passWarning(e.column + 1u,
                    fmt::format("a constant in brackets addresses memory at DS:{:X}h, as emu8086 reads it "
                                "(MASM reads '[{:X}h]' as the number: write ds:[{:X}h]; said once)",
                                v.num & 0xFFFF, v.num & 0xFFFF, v.num & 0xFFFF));
      }
      if (v.unknown) m.dispSize = enc::DispSize::Full;
      if (v.relocatable && !v.unknown) {
        relocs.push_back(v);
        m.reloc = {enc::RelocKind::Offset, static_cast<uint32_t>(relocs.size() - 1)};
        m.dispSize = enc::DispSize::Full;
      }
      m.segment = v.segOverride;
      if (m.segment == enc::Reg::None && v.relocatable && !v.unknown && v.target.kind != link::RefKind::Extern) {
        // ASSUME decides which segment register reaches the variable (MASM 6.1 Programmer's Guide ch. 2).
        bool stackDefault = m.base == enc::Reg::BP || m.base == enc::Reg::EBP || m.base == enc::Reg::ESP;
        enc::Reg preferred = stackDefault ? enc::Reg::SS : enc::Reg::DS;
        int group = v.target.kind == link::RefKind::Segment && v.target.index < segments.size() ? segments[v.target.index].group : -1;
        auto reaches = [&](size_t i) {
          if (!assumed[i]) return false;
          const link::Ref& a = assumes[i];
          if (a.kind == v.target.kind && a.index == v.target.index) return true;
          return group >= 0 && a.kind == link::RefKind::Group && static_cast<int>(a.index) == group;
        };
        size_t pi = static_cast<size_t>(static_cast<int>(preferred) - static_cast<int>(enc::Reg::ES));
        if (!reaches(pi)) {
          static const enc::Reg order[] = {enc::Reg::DS, enc::Reg::SS, enc::Reg::ES, enc::Reg::CS, enc::Reg::FS, enc::Reg::GS};
          enc::Reg found = enc::Reg::None;
          for (enc::Reg r : order)
            if (reaches(static_cast<size_t>(static_cast<int>(r) - static_cast<int>(enc::Reg::ES)))) {
              found = r;
              break;
            }
          const std::string what = v.symbol ? v.symbol->name : std::string("this address");
          if (found == enc::Reg::None && v.target.kind == link::RefKind::Segment) {
            // MASM refuses this (error A2074); emu8086, whose programs write no ASSUME, reads the
            // variable through DS (SS with BP), as the instruction does without an override. So
            // does asmlab, saying so once per segment.
            SegmentState& target = segments[v.target.index];
            if (!target.unassumedWarned)
              passWarning(
                  e.column + 1u,
                  fmt::format("no ASSUME reaches '{}' in segment '{}': assuming {} holds it, as emu8086 does "
                              "(MASM wants ASSUME {}:{}; said once for the segment)",
                              what, target.name, stackDefault ? "SS" : "DS", stackDefault ? "ss" : "ds", target.name));
            target.unassumedWarned = true;
            result_.emu8086 = true;
          } else if (found == enc::Reg::None) {
            passError(e.column + 1u, fmt::format("cannot reach '{}' through the ASSUMEd segment registers (add an "
                                                 "ASSUME or a segment override)",
                                                 what));
          }
          m.segment = found;
        }
      }
      op.kind = enc::Operand::Kind::Memory;
      op.mem = m;
    } else {
      enc::Reloc reloc;
      if (v.relocatable && !v.unknown) {
        relocs.push_back(v);
        reloc = {v.segmentValue ? enc::RelocKind::Segment : enc::RelocKind::Offset, static_cast<uint32_t>(relocs.size() - 1)};
      }
      if (v.bracketedConstant && !v.relocatable && !v.unknown)
        passWarning(e.column + 1u,
                    fmt::format("a constant in brackets is the number {0:X}h here, not memory (MASM reads brackets "
                                "around a constant as the constant); to read the memory at that address write "
                                "ds:[{0:X}h]",
                                v.num));
      op.kind = enc::Operand::Kind::Immediate;
      op.imm = {v.num, reloc};
    }
  }
  // Turbo Assembler's SMART code generation (User's Guide, "SMART and NOSMART") and MASM 6: LEA of
  // a simple address is MOV of its OFFSET, `BA 0000r lea dx,a` (TASM 4.1 listing eccs0103
  // TEST.LST). Only where the register is as wide as the segment's offsets: a 32-bit register in a
  // 16-bit segment keeps LEA (its MOV would need a 32-bit immediate of a 16-bit offset).
  const auto addressRegister = [&](enc::Reg r) {
    return seg.use32 ? (r >= enc::Reg::EAX && r <= enc::Reg::EDI) : (r >= enc::Reg::AX && r <= enc::Reg::DI);
  };
  if ((s.choices & kChoiceSmartLea) && in.operandCount == 2 && in.operands[0].kind == enc::Operand::Kind::Register &&
      addressRegister(in.operands[0].reg) && in.operands[1].kind == enc::Operand::Kind::Memory &&
      in.operands[1].mem.base == enc::Reg::None && in.operands[1].mem.index == enc::Reg::None) {
    const enc::Memory address = in.operands[1].mem;
    in.mnemonic = "MOV";
    in.operands[1] = enc::Operand::imm_(address.displacement, address.reloc);
  }
  // MASM 6 encodes RET 0 (RETN 0, RETF 0) in one byte, as a RET without an operand; an external
  // absolute keeps the three-byte form (MASM 6.0 Programmer's Guide, "Changes to Instruction
  // Encodings": "If the operand to RET, RETN, or RETF is 0, MASM 6.0 uses the one-byte encoding").
  if (options.dialect != Dialect::Tasm && in.operandCount == 1 &&
      (in.mnemonic == "RET" || in.mnemonic == "RETN" || in.mnemonic == "RETF") &&
      in.operands[0].kind == enc::Operand::Kind::Immediate && in.operands[0].imm.value == 0 &&
      in.operands[0].imm.reloc.kind == enc::RelocKind::None)
    in.operandCount = 0;
  enc::Options opt;
  opt.cpu = cpu;
  opt.jumps = jumps;
  opt.use32 = seg.use32;
  opt.fpu = fpu;
  opt.listAllowedForms = diags.keeps(Severity::Error, passErrors);
  opt.accumulator = (s.choices & kChoiceAccumulatorEax) ? enc::AccumulatorImmediates::AxEax
                    : (s.choices & kChoiceAccumulatorAx) ? enc::AccumulatorImmediates::Ax
                                                         : enc::AccumulatorImmediates::SignExtended;
  if ((s.choices & kChoiceSmart8086) && cpu == enc::Cpu::I8086 && allKnown) {
    const std::vector<enc::Instruction> parts = smart8086Sequence(in);
    for (enc::Instruction part : parts) {
      part.address = segments[static_cast<size_t>(current)].pc;
      const enc::Encoding out = enc::encode(part, opt);
      if (!out.ok()) {
        if (passErrors == errorsBefore) passError(static_cast<uint32_t>(s.number), out.error.message);
        return;
      }
      emitEncoding(out, relocs);
    }
    if (!parts.empty()) return;
  }
  // The same instruction of lone registers and numbers met again (`push bp` in every procedure):
  // its bytes are what encode() gave the first time, and what follows the encoding below does
  // with such an instruction comes down to this.
  EncodingCache::Key key;
  bool cacheable = allLone && !branch && EncodingCache::keyOf(in, opt, key);
  if (cacheable) {
    if (const EncodingCache::Entry* hit = replay.encodings.find(key)) {
      std::copy(hit->bytes.begin(), hit->bytes.begin() + hit->length, s.fixedBytes.begin());
      s.fixedLength = hit->length;
      emitBytes(hit->bytes.data(), hit->length, true);
      return;
    }
  }
  enc::Encoding out = enc::encode(in, opt);
  // An operand that could not be evaluated has already been reported; what the encoder makes of
  // its stand-in value would only repeat the error.
  const bool operandFailed = passErrors != errorsBefore;
  // emu8086 assembles the 80186's instructions without .186 and runs them (its instruction set
  // reference: "PUSH immediate works only on 80186 CPU and later!"; SHL takes "REG, immediate").
  // In its programs so does asmlab, and the program runs on an 80186. Such a statement is encoded
  // afresh in every pass, so the warning and the CPU it needs are found again.
  bool for80186 = false;
  if (!out.ok() && !operandFailed && out.error.code == enc::ErrorCode::RequiresCpu && emu8086Source &&
      cpu == enc::Cpu::I8086) {
    enc::Options raised = opt;
    raised.cpu = enc::Cpu::I80186;
    if (enc::Encoding retry = enc::encode(in, raised); retry.ok()) {
      out = retry;
      for80186 = true;
      cacheable = false;
      result_.instructionsCpu = std::max(result_.instructionsCpu, Cpu::I186);
      if (!emu80186Warned)
        passWarning(static_cast<uint32_t>(s.number),
                    fmt::format("{} with these operands is an 80186 instruction, which emu8086 takes without .186: "
                                "assembled for the 80186; run from its source, the program runs on an 80186 "
                                "(MASM wants .186 above it; said once)",
                                upper(in.mnemonic)));
      emu80186Warned = true;
    }
  }
  if (!out.ok() && !operandFailed && out.error.code == enc::ErrorCode::SizeUnknown) {
    // `mov [bx],'0'`: MASM 6.1 wants BYTE PTR or WORD PTR (error A2023); MASM-compatible
    // assemblers (JWasm: "Size not specified, assuming") take the immediate's size and warn, and
    // course code relies on it.
    enc::Instruction sized = in;
    const bool tasm = options.dialect == Dialect::Tasm;
    if (const int memory = sizeFromImmediate(sized, cpu32, tasm); memory >= 0) {
      if (enc::Encoding retry = enc::encode(sized, opt); retry.ok()) {
        out = retry;
        const uint32_t column = columns[static_cast<size_t>(memory)] + 1u;
        const char* size = sizeName(sized.operands[static_cast<size_t>(memory)].mem.size);
        if (tasm)
          passWarning(column, fmt::format("Argument needs type override: assuming {} PTR, as Turbo Assembler does "
                                          "(write BYTE PTR or WORD PTR)", size));
        else
          passWarning(column, fmt::format("operand size not given: assuming {0} PTR from the immediate value "
                                          "(MASM 6.1 requires {0} PTR here)", size));
      }
    }
  }
  if (!out.ok() && !operandFailed) {
    uint32_t column = out.error.operand >= 0 && static_cast<size_t>(out.error.operand) < s.operands.size()
                          ? columns[static_cast<size_t>(out.error.operand)] + 1u
                          : static_cast<uint32_t>(s.number);
    // Forward references that are still unknown are settled by a later pass.
    std::string message = out.error.message;
    if (out.error.code == enc::ErrorCode::RequiresCpu && cpu == enc::Cpu::I8086 && !smart8086Sequence(in).empty())
      message += options.dialect == Dialect::Tasm ? "; Turbo Assembler's 8086 sequence for it needs SMART"
                                                  : "; Turbo Assembler (--dialect tasm) assembles it as a sequence of "
                                                    "8086 instructions";
    if (allKnown || out.error.code != enc::ErrorCode::JumpOutOfRange) passError(column, message);
  } else if (out.ok() && out.assumedSize && static_cast<size_t>(out.assumedOperand) < s.operands.size()) {
    // MASM takes the segment's word for PUSH/POP of memory without a size, and a near pointer for
    // JMP/CALL through memory without one (MASM 5.1 and TASM; MASM 6.1 wants the size there
    // unless OPTION M510: error A2023).
    // MASM 6.1 itself refuses the JMP/CALL; a near pointer is the only reading MASM 5.1 and TASM
    // give it, so it assembles, and the warning says what MASM 6.1 wants.
    const uint32_t column = columns[static_cast<size_t>(out.assumedOperand)] + 1u;
    const bool branchThroughMemory = s.branch;
    // PUSH [bp+4] before the 80386: the word is the only size PUSH and POP have, and MASM and
    // TASM say nothing (docs/x86-encoder.md, "Operands without a size").
    if (!branchThroughMemory && !cpu32 && out.assumedSize == 2) {
    } else if (branchThroughMemory && options.dialect != Dialect::Tasm)
      passWarning(column, fmt::format("operand size not given: assuming {0} PTR, a near pointer (MASM 6.1 requires "
                                      "{0} PTR for a near pointer, or {1} PTR for a far one)",
                                      sizeName(out.assumedSize), out.assumedSize == 4 ? "FWORD" : "DWORD"));
    else
      passWarning(column, fmt::format("operand size not given: assuming {} PTR", sizeName(out.assumedSize)));
  }
  if (allKnown && out.jumpForm != enc::JumpForm::None) s.jumpForm = out.jumpForm;
  if (out.ok() && !for80186 && out.fixups.empty() && relocs.empty() && allKnown && !branch && out.length > 0 &&
      out.length <= s.fixedBytes.size() && passDiagnostics.size() == diagnosticsBefore && passIndependent(s.operands)) {
    std::copy(out.bytes.begin(), out.bytes.begin() + out.length, s.fixedBytes.begin());
    s.fixedLength = out.length;
    if (cacheable && out.jumpForm == enc::JumpForm::None) replay.encodings.store(key, out.bytes.data(), out.length);
  }
  uint32_t start = seg.pc;
  size_t firstFixup = seg.fixups.size();
  emitEncoding(out, relocs);
  if (out.ok() && !for80186 && out.length > 0 && allKnown && !s.fixedLength && unknownsSeen == unknownsBefore &&
      passDiagnostics.size() == diagnosticsBefore)
    recordInstruction(s, start, firstFixup, read);
}

}  // namespace asmlab::masm
