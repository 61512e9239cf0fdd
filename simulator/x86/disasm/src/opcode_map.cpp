// Decoding tables. One-byte map: Intel 8086 Family User's Manual table 4-12 and 80386 Programmer's
// Reference Manual appendix A, table A-1 (80186 additions 60-62, 68-6F, C0, C1, C8, C9; 80386
// prefixes 64-67). Two-byte map: appendix A, table A-2. Model differences (the 8086's aliases at
// 60-6F, C0, C1, C8, C9, its POP CS at 0F, SETMO at D0-D3 /6) are applied by the decoder.
#include "opcode_map.hpp"

namespace asmlab::x86::dis::detail {
namespace {

using O = Opd;
constexpr Cpu C86 = Cpu::I8086, C186 = Cpu::I80186, C286 = Cpu::I80286, C386 = Cpu::I80386;

constexpr Row op(std::string_view name, O a = O::None, O b = O::None, O c = O::None, Cpu cpu = C86,
                 Flow flow = Flow::Sequential) {
  return Row{name, {}, {a, b, c}, Kind::Normal, 0, cpu, flow};
}
constexpr Row op32(std::string_view name, std::string_view name32, Cpu cpu = C86) {
  return Row{name, name32, {O::None, O::None, O::None}, Kind::Normal, 0, cpu, Flow::Sequential};
}
constexpr Row grp(std::uint8_t group, Cpu cpu = C86) { return Row{"", {}, {}, Kind::Group, group, cpu, Flow::Sequential}; }
constexpr Row prefix(std::string_view name, Cpu cpu = C86) { return Row{name, {}, {}, Kind::Prefix, 0, cpu, Flow::Sequential}; }
constexpr Row str(std::string_view stem, Cpu cpu = C86) { return Row{stem, {}, {}, Kind::String, 0, cpu, Flow::Sequential}; }
constexpr Row bad() { return Row{"", {}, {}, Kind::Invalid, 0, C86, Flow::Sequential}; }
constexpr Row jcc(std::string_view name, O target) { return op(name, target, O::None, O::None, C86, Flow::ConditionalJump); }

// ALU block n*8 .. n*8+5: Eb,Gb  Ev,Gv  Gb,Eb  Gv,Ev  AL,Ib  eAX,Iv
#define ALU(name) op(name, O::Eb, O::Gb), op(name, O::Ev, O::Gv), op(name, O::Gb, O::Eb), op(name, O::Gv, O::Ev), \
                  op(name, O::AL, O::Ib), op(name, O::eAX, O::Iv)

constexpr Row kOneByte[256] = {
    /* 00 */ ALU("add"), op("push", O::ES), op("pop", O::ES),
    /* 08 */ ALU("or"), op("push", O::CS), bad() /* 0F: two-byte escape, or POP CS on the 8086 */,
    /* 10 */ ALU("adc"), op("push", O::SS), op("pop", O::SS),
    /* 18 */ ALU("sbb"), op("push", O::DS), op("pop", O::DS),
    /* 20 */ ALU("and"), prefix("es"), op("daa"),
    /* 28 */ ALU("sub"), prefix("cs"), op("das"),
    /* 30 */ ALU("xor"), prefix("ss"), op("aaa"),
    /* 38 */ ALU("cmp"), prefix("ds"), op("aas"),
    /* 40 */ op("inc", O::Zv), op("inc", O::Zv), op("inc", O::Zv), op("inc", O::Zv),
             op("inc", O::Zv), op("inc", O::Zv), op("inc", O::Zv), op("inc", O::Zv),
    /* 48 */ op("dec", O::Zv), op("dec", O::Zv), op("dec", O::Zv), op("dec", O::Zv),
             op("dec", O::Zv), op("dec", O::Zv), op("dec", O::Zv), op("dec", O::Zv),
    /* 50 */ op("push", O::Zv), op("push", O::Zv), op("push", O::Zv), op("push", O::Zv),
             op("push", O::Zv), op("push", O::Zv), op("push", O::Zv), op("push", O::Zv),
    /* 58 */ op("pop", O::Zv), op("pop", O::Zv), op("pop", O::Zv), op("pop", O::Zv),
             op("pop", O::Zv), op("pop", O::Zv), op("pop", O::Zv), op("pop", O::Zv),
    /* 60 */ op32("pusha", "pushad", C186), op32("popa", "popad", C186), op("bound", O::Gv, O::Ma, O::None, C186),
             bad() /* 63: ARPL, protected mode only */, prefix("fs", C386), prefix("gs", C386),
             prefix("opsize", C386), prefix("adsize", C386),
    /* 68 */ op("push", O::Iv, O::None, O::None, C186), op("imul", O::Gv, O::Ev, O::Iv, C186),
             op("push", O::IbS, O::None, O::None, C186), op("imul", O::Gv, O::Ev, O::IbS, C186),
             str("ins", C186), str("ins", C186), str("outs", C186), str("outs", C186),
    /* 70 */ jcc("jo", O::Jb), jcc("jno", O::Jb), jcc("jb", O::Jb), jcc("jnb", O::Jb),
             jcc("jz", O::Jb), jcc("jnz", O::Jb), jcc("jbe", O::Jb), jcc("ja", O::Jb),
    /* 78 */ jcc("js", O::Jb), jcc("jns", O::Jb), jcc("jpe", O::Jb), jcc("jpo", O::Jb),
             jcc("jl", O::Jb), jcc("jge", O::Jb), jcc("jle", O::Jb), jcc("jg", O::Jb),
    /* 80 */ grp(1), grp(1), grp(1), grp(1),
             op("test", O::Eb, O::Gb), op("test", O::Ev, O::Gv), op("xchg", O::Eb, O::Gb), op("xchg", O::Ev, O::Gv),
    /* 88 */ op("mov", O::Eb, O::Gb), op("mov", O::Ev, O::Gv), op("mov", O::Gb, O::Eb), op("mov", O::Gv, O::Ev),
             op("mov", O::Ew, O::Sw), op("lea", O::Gv, O::M), op("mov", O::Sw, O::Ew), grp(9),
    /* 90 */ op("nop"), op("xchg", O::eAX, O::Zv), op("xchg", O::eAX, O::Zv), op("xchg", O::eAX, O::Zv),
             op("xchg", O::eAX, O::Zv), op("xchg", O::eAX, O::Zv), op("xchg", O::eAX, O::Zv), op("xchg", O::eAX, O::Zv),
    /* 98 */ op32("cbw", "cwde"), op32("cwd", "cdq"), op("call", O::Ap, O::None, O::None, C86, Flow::Call), op("wait"),
             op32("pushf", "pushfd"), op32("popf", "popfd"), op("sahf"), op("lahf"),
    /* A0 */ op("mov", O::AL, O::Ob), op("mov", O::eAX, O::Ov), op("mov", O::Ob, O::AL), op("mov", O::Ov, O::eAX),
             str("movs"), str("movs"), str("cmps"), str("cmps"),
    /* A8 */ op("test", O::AL, O::Ib), op("test", O::eAX, O::Iv), str("stos"), str("stos"),
             str("lods"), str("lods"), str("scas"), str("scas"),
    /* B0 */ op("mov", O::Zb, O::Ib), op("mov", O::Zb, O::Ib), op("mov", O::Zb, O::Ib), op("mov", O::Zb, O::Ib),
             op("mov", O::Zb, O::Ib), op("mov", O::Zb, O::Ib), op("mov", O::Zb, O::Ib), op("mov", O::Zb, O::Ib),
    /* B8 */ op("mov", O::Zv, O::Iv), op("mov", O::Zv, O::Iv), op("mov", O::Zv, O::Iv), op("mov", O::Zv, O::Iv),
             op("mov", O::Zv, O::Iv), op("mov", O::Zv, O::Iv), op("mov", O::Zv, O::Iv), op("mov", O::Zv, O::Iv),
    /* C0 */ grp(2, C186), grp(2, C186), op("ret", O::Iw, O::None, O::None, C86, Flow::Return),
             op("ret", O::None, O::None, O::None, C86, Flow::Return),
             op("les", O::Gv, O::Mp), op("lds", O::Gv, O::Mp), grp(10), grp(10),
    /* C8 */ op("enter", O::Iw, O::Ib, O::None, C186), op("leave", O::None, O::None, O::None, C186),
             op("retf", O::Iw, O::None, O::None, C86, Flow::Return), op("retf", O::None, O::None, O::None, C86, Flow::Return),
             op("int", O::None, O::None, O::None, C86, Flow::Interrupt) /* int 3 */,
             op("int", O::Ib, O::None, O::None, C86, Flow::Interrupt),
             op("into", O::None, O::None, O::None, C86, Flow::Interrupt),
             Row{"iret", "iretd", {}, Kind::Normal, 0, C86, Flow::InterruptReturn},
    /* D0 */ grp(2), grp(2), grp(2), grp(2), op("aam", O::Ib), op("aad", O::Ib), op("salc"), op("xlat"),
    /* D8 */ op("esc", O::Ev), op("esc", O::Ev), op("esc", O::Ev), op("esc", O::Ev),
             op("esc", O::Ev), op("esc", O::Ev), op("esc", O::Ev), op("esc", O::Ev),
    /* E0 */ jcc("loopne", O::Jb), jcc("loope", O::Jb), jcc("loop", O::Jb), jcc("jcxz", O::Jb),
             op("in", O::AL, O::Ib), op("in", O::eAX, O::Ib), op("out", O::Ib, O::AL), op("out", O::Ib, O::eAX),
    /* E8 */ op("call", O::Jv, O::None, O::None, C86, Flow::Call), op("jmp", O::Jv, O::None, O::None, C86, Flow::Jump),
             op("jmp", O::Ap, O::None, O::None, C86, Flow::Jump), op("jmp", O::Jb, O::None, O::None, C86, Flow::Jump),
             op("in", O::AL, O::DX), op("in", O::eAX, O::DX), op("out", O::DX, O::AL), op("out", O::DX, O::eAX),
    /* F0 */ prefix("lock"), bad() /* F1: model-specific */, prefix("repne"), prefix("rep"),
             op("hlt", O::None, O::None, O::None, C86, Flow::Halt), op("cmc"), grp(3), grp(3),
    /* F8 */ op("clc"), op("stc"), op("cli"), op("sti"), op("cld"), op("std"), grp(4), grp(5),
};

constexpr Row setcc(std::string_view name) { return op(name, O::Eb, O::None, O::None, C386); }
constexpr Row jccNear(std::string_view name) { return op(name, O::Jv, O::None, O::None, C386, Flow::ConditionalJump); }

Row twoByte(std::uint8_t opcode) {
  switch (opcode) {
    case 0x00: return grp(6, C286);
    case 0x01: return grp(7, C286);
    case 0x06: return op("clts", O::None, O::None, O::None, C286);
    case 0x20: return op("mov", O::Rd, O::Cd, O::None, C386);
    case 0x21: return op("mov", O::Rd, O::Dd, O::None, C386);
    case 0x22: return op("mov", O::Cd, O::Rd, O::None, C386);
    case 0x23: return op("mov", O::Dd, O::Rd, O::None, C386);
    case 0x24: return op("mov", O::Rd, O::Td, O::None, C386);
    case 0x26: return op("mov", O::Td, O::Rd, O::None, C386);
    case 0xA0: return op("push", O::FS, O::None, O::None, C386);
    case 0xA1: return op("pop", O::FS, O::None, O::None, C386);
    case 0xA3: return op("bt", O::Ev, O::Gv, O::None, C386);
    case 0xA4: return op("shld", O::Ev, O::Gv, O::Ib, C386);
    case 0xA5: return op("shld", O::Ev, O::Gv, O::CL, C386);
    case 0xA8: return op("push", O::GS, O::None, O::None, C386);
    case 0xA9: return op("pop", O::GS, O::None, O::None, C386);
    case 0xAB: return op("bts", O::Ev, O::Gv, O::None, C386);
    case 0xAC: return op("shrd", O::Ev, O::Gv, O::Ib, C386);
    case 0xAD: return op("shrd", O::Ev, O::Gv, O::CL, C386);
    case 0xAF: return op("imul", O::Gv, O::Ev, O::None, C386);
    case 0xB2: return op("lss", O::Gv, O::Mp, O::None, C386);
    case 0xB3: return op("btr", O::Ev, O::Gv, O::None, C386);
    case 0xB4: return op("lfs", O::Gv, O::Mp, O::None, C386);
    case 0xB5: return op("lgs", O::Gv, O::Mp, O::None, C386);
    case 0xB6: return op("movzx", O::Gv, O::Eb, O::None, C386);
    case 0xB7: return op("movzx", O::Gv, O::Ew, O::None, C386);
    case 0xBA: return grp(8, C386);
    case 0xBB: return op("btc", O::Ev, O::Gv, O::None, C386);
    case 0xBC: return op("bsf", O::Gv, O::Ev, O::None, C386);
    case 0xBD: return op("bsr", O::Gv, O::Ev, O::None, C386);
    case 0xBE: return op("movsx", O::Gv, O::Eb, O::None, C386);
    case 0xBF: return op("movsx", O::Gv, O::Ew, O::None, C386);
    default: break;
  }
  static constexpr std::string_view kConditions[16] = {"o", "no", "b", "nb", "z", "nz", "be", "a",
                                                       "s", "ns", "pe", "po", "l", "ge", "le", "g"};
  static const auto names = [] {
    std::array<std::array<std::string, 16>, 2> built;
    for (int i = 0; i < 16; ++i) {
      built[0][i] = "j" + std::string(kConditions[i]);
      built[1][i] = "set" + std::string(kConditions[i]);
    }
    return built;
  }();
  if (opcode >= 0x80 && opcode <= 0x8F) return jccNear(names[0][opcode & 15]);
  if (opcode >= 0x90 && opcode <= 0x9F) return setcc(names[1][opcode & 15]);
  return bad();
}

std::array<Row, 256> buildTwoByte() {
  std::array<Row, 256> rows{};
  for (int i = 0; i < 256; ++i) rows[i] = twoByte(static_cast<std::uint8_t>(i));
  return rows;
}

}  // namespace

const Row& oneByteRow(std::uint8_t opcode) { return kOneByte[opcode]; }

const Row& twoByteRow(std::uint8_t opcode) {
  static const std::array<Row, 256> rows = buildTwoByte();
  return rows[opcode];
}

Row groupRow(std::uint8_t group, std::uint8_t opcode, std::uint8_t reg) {
  static constexpr std::string_view kAlu[8] = {"add", "or", "adc", "sbb", "and", "sub", "xor", "cmp"};
  static constexpr std::string_view kShift[8] = {"rol", "ror", "rcl", "rcr", "shl", "shr", "sal", "sar"};
  static constexpr std::string_view kGroup3[8] = {"test", "test", "not", "neg", "mul", "imul", "div", "idiv"};
  switch (group) {
    case 1: {  // 80 Eb,Ib  81 Ev,Iv  82 Eb,Ib (alias of 80)  83 Ev,IbS
      const bool wide = opcode & 1;
      return op(kAlu[reg], wide ? O::Ev : O::Eb, opcode == 0x83 ? O::IbS : wide ? O::Iv : O::Ib);
    }
    case 2: {  // C0/C1 by Ib, D0/D1 by 1, D2/D3 by CL
      const O target = (opcode & 1) ? O::Ev : O::Eb;
      const O count = opcode <= 0xC1 ? O::Ib : opcode <= 0xD1 ? O::One : O::CL;
      return op(kShift[reg], target, count, O::None, opcode <= 0xC1 ? C186 : C86);
    }
    case 3: {
      const O target = (opcode & 1) ? O::Ev : O::Eb;
      if (reg <= 1) return op("test", target, (opcode & 1) ? O::Iv : O::Ib);
      return op(kGroup3[reg], target);
    }
    case 4:
      if (reg == 0) return op("inc", O::Eb);
      if (reg == 1) return op("dec", O::Eb);
      return bad();
    case 5:
      switch (reg) {
        case 0: return op("inc", O::Ev);
        case 1: return op("dec", O::Ev);
        case 2: return op("call", O::Ev, O::None, O::None, C86, Flow::Call);
        case 3: return op("call", O::Mp, O::None, O::None, C86, Flow::Call);
        case 4: return op("jmp", O::Ev, O::None, O::None, C86, Flow::Jump);
        case 5: return op("jmp", O::Mp, O::None, O::None, C86, Flow::Jump);
        case 6: return op("push", O::Ev);
        default: return bad();  // FF /7: the decoder applies the 8086's PUSH alias
      }
    case 6: return bad();  // 0F 00: SLDT/STR/LLDT/LTR/VERR/VERW fault in real mode
    case 7:
      switch (reg) {
        case 0: return op("sgdt", O::Ms, O::None, O::None, C286);
        case 1: return op("sidt", O::Ms, O::None, O::None, C286);
        case 2: return op("lgdt", O::Ms, O::None, O::None, C286);
        case 3: return op("lidt", O::Ms, O::None, O::None, C286);
        case 4: return op("smsw", O::Ew, O::None, O::None, C286);
        case 6: return op("lmsw", O::Ew, O::None, O::None, C286);
        default: return bad();
      }
    case 8: {
      static constexpr std::string_view kBitTest[8] = {"", "", "", "", "bt", "bts", "btr", "btc"};
      if (reg < 4) return bad();
      return op(kBitTest[reg], O::Ev, O::Ib, O::None, C386);
    }
    case 9: return reg == 0 ? op("pop", O::Ev) : bad();
    case 10: return reg == 0 ? op("mov", (opcode & 1) ? O::Ev : O::Eb, (opcode & 1) ? O::Iv : O::Ib) : bad();
    default: return bad();
  }
}

}  // namespace asmlab::x86::dis::detail
