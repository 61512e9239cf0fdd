// The instruction-form table. Each row: mnemonic, operand patterns, width, opcode bytes, ModRM use
// (/r, /digit, +r or none), oldest CPU, flags. Rows for one mnemonic are in preference order: when
// several match, the encoder takes the shortest encoding and, on a tie, the earliest row — which is
// how MASM's choices (8B C3 for mov ax,bx; 83 /0 ib for add ax,5) are expressed (docs/x86-encoder.md).
// Opcodes: Intel 8086 Family User's Manual, table 4-12 (machine instruction decoding guide);
// 80186/80286 additions from the iAPX 286 Programmer's Reference, appendix B; 80386 additions from the
// 80386 Programmer's Reference Manual, appendix A (one- and two-byte opcode maps).
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "form_match.hpp"
#include "forms.hpp"

namespace asmlab::x86::enc::detail {
namespace {

constexpr Pat N = Pat::None, R = Pat::R, RM = Pat::RM, M = Pat::M, MA = Pat::MAny, MF = Pat::MFar,
              MFX = Pat::MFarExact, RM8 = Pat::RM8, RM16 = Pat::RM16, A = Pat::Acc, MO = Pat::Moffs,
              I = Pat::I, IS8 = Pat::IS8, I8 = Pat::I8, I16 = Pat::I16, ONE = Pat::One, THREE = Pat::Three,
              CL = Pat::RegCL, DX = Pat::RegDX, SR = Pat::Sreg;
constexpr Width W0 = Width::None, B = Width::B, W = Width::W, D = Width::D, V = Width::V;
constexpr std::int8_t SR_ = static_cast<std::int8_t>(ModRm::Reg), NO = static_cast<std::int8_t>(ModRm::NoModRm),
                      PR = static_cast<std::int8_t>(ModRm::PlusReg);
constexpr Cpu C86 = Cpu::I8086, C186 = Cpu::I80186, C286 = Cpu::I80286, C386 = Cpu::I80386;
constexpr std::uint8_t DW = kDefaultWord, O32 = kO32, DUP = kDupReg, O16 = kO16;

#define OP1(a) {a, 0, 0}, 1
#define OP2(a, b) {a, b, 0}, 2

// The eight ALU operations share one layout: base = n*8 (ADD 00, OR 08, ADC 10, SBB 18, AND 20,
// SUB 28, XOR 30, CMP 38), group 1 (80/81/83) digit n. The r, r/m rows come first so register pairs
// get MASM's direction bit (add ax,bx = 03 C3). The sign-extended byte form comes before the
// accumulator form: MASM "will generate sign-extended encodings whenever possible" (Microsoft KB
// Q31598), so `add ax,5` is 83 C0 05, not 05 05 00 (both three bytes); `add al,5` (04 05) and
// `add ax,200` (05 C8 00) stay shorter in the accumulator form.
#define ALU(name, n)                                                   \
  {name, {R, RM, N}, B, OP1((n) * 8 + 2), SR_, C86, 0},                \
  {name, {R, RM, N}, V, OP1((n) * 8 + 3), SR_, C86, 0},                \
  {name, {RM, R, N}, B, OP1((n) * 8 + 0), SR_, C86, 0},                \
  {name, {RM, R, N}, V, OP1((n) * 8 + 1), SR_, C86, 0},                \
  {name, {RM, IS8, N}, V, OP1(0x83), (n), C86, 0},                     \
  {name, {A, I, N}, B, OP1((n) * 8 + 4), NO, C86, 0},                  \
  {name, {A, I, N}, V, OP1((n) * 8 + 5), NO, C86, 0},                  \
  {name, {RM, I, N}, B, OP1(0x80), (n), C86, 0},                       \
  {name, {RM, I, N}, V, OP1(0x81), (n), C86, 0}

// Group 2 shifts and rotates, digit n. C0/C1 (by imm8) are 80186 additions.
#define SHIFT(name, n)                                                 \
  {name, {RM, ONE, N}, B, OP1(0xD0), (n), C86, 0},                     \
  {name, {RM, ONE, N}, V, OP1(0xD1), (n), C86, 0},                     \
  {name, {RM, CL, N}, B, OP1(0xD2), (n), C86, 0},                      \
  {name, {RM, CL, N}, V, OP1(0xD3), (n), C86, 0},                      \
  {name, {RM, I8, N}, B, OP1(0xC0), (n), C186, 0},                     \
  {name, {RM, I8, N}, V, OP1(0xC1), (n), C186, 0}

// Group 3 one-operand arithmetic, digit n.
#define GROUP3(name, n)                                                \
  {name, {RM, N, N}, B, OP1(0xF6), (n), C86, 0},                       \
  {name, {RM, N, N}, V, OP1(0xF7), (n), C86, 0}

#define SIMPLE(name, byte) {name, {N, N, N}, W0, OP1(byte), NO, C86, 0}
#define SIMPLE_CPU(name, byte, cpu) {name, {N, N, N}, W0, OP1(byte), NO, cpu, 0}
#define SIMPLE32(name, byte) {name, {N, N, N}, W0, OP1(byte), NO, C386, O32}
// The 16-bit form of an instruction whose operand size follows the segment (66h in USE32).
#define SIMPLE16(name, byte) {name, {N, N, N}, W0, OP1(byte), NO, C86, O16}
#define SIMPLE16_CPU(name, byte, cpu) {name, {N, N, N}, W0, OP1(byte), NO, cpu, O16}

// Jcc near (0F 80+cc), SETcc (0F 90+cc) are generated per condition in branches.cpp / below.
#define SETCC(name, cc) {name, {RM8, N, N}, W0, OP2(0x0F, 0x90 + (cc)), 0, C386, 0}

// Bit tests (386): BT 0F A3 / BA /4, BTS AB / BA /5, BTR B3 / BA /6, BTC BB / BA /7.
#define BITTEST(name, op, n)                                           \
  {name, {RM, R, N}, V, OP2(0x0F, op), SR_, C386, 0},                  \
  {name, {RM, I8, N}, V, OP2(0x0F, 0xBA), (n), C386, 0}

constexpr Form kForms[] = {
    ALU("add", 0), ALU("or", 1), ALU("adc", 2), ALU("sbb", 3),
    ALU("and", 4), ALU("sub", 5), ALU("xor", 6), ALU("cmp", 7),

    // TEST has no sign-extended form and no direction bit. MASM puts the first register of a pair
    // in the reg field (test al,bl = 84 C3), so the r, r/m row comes first.
    {"test", {R, RM, N}, B, OP1(0x84), SR_, C86, 0},
    {"test", {R, RM, N}, V, OP1(0x85), SR_, C86, 0},
    {"test", {RM, R, N}, B, OP1(0x84), SR_, C86, 0},
    {"test", {RM, R, N}, V, OP1(0x85), SR_, C86, 0},
    {"test", {A, I, N}, B, OP1(0xA8), NO, C86, 0},
    {"test", {A, I, N}, V, OP1(0xA9), NO, C86, 0},
    {"test", {RM, I, N}, B, OP1(0xF6), 0, C86, 0},
    {"test", {RM, I, N}, V, OP1(0xF7), 0, C86, 0},

    {"mov", {R, RM, N}, B, OP1(0x8A), SR_, C86, 0},
    {"mov", {R, RM, N}, V, OP1(0x8B), SR_, C86, 0},
    {"mov", {RM, R, N}, B, OP1(0x88), SR_, C86, 0},
    {"mov", {RM, R, N}, V, OP1(0x89), SR_, C86, 0},
    {"mov", {A, MO, N}, B, OP1(0xA0), NO, C86, 0},
    {"mov", {A, MO, N}, V, OP1(0xA1), NO, C86, 0},
    {"mov", {MO, A, N}, B, OP1(0xA2), NO, C86, 0},
    {"mov", {MO, A, N}, V, OP1(0xA3), NO, C86, 0},
    {"mov", {R, I, N}, B, OP1(0xB0), PR, C86, 0},
    {"mov", {R, I, N}, V, OP1(0xB8), PR, C86, 0},
    {"mov", {RM, I, N}, B, OP1(0xC6), 0, C86, 0},
    {"mov", {RM, I, N}, V, OP1(0xC7), 0, C86, 0},
    // MOV to or from a segment register moves a word: 66h in a USE32 segment, as for AX.
    {"mov", {RM16, SR, N}, W0, OP1(0x8C), SR_, C86, O16},
    {"mov", {SR, RM16, N}, W0, OP1(0x8E), SR_, C86, O16},

    // XCHG with the accumulator: 90+r (either order). Register pairs put the first operand in reg.
    {"xchg", {A, R, N}, V, OP1(0x90), PR, C86, 0},
    {"xchg", {R, A, N}, V, OP1(0x90), PR, C86, 0},
    {"xchg", {R, RM, N}, B, OP1(0x86), SR_, C86, 0},
    {"xchg", {R, RM, N}, V, OP1(0x87), SR_, C86, 0},
    {"xchg", {RM, R, N}, B, OP1(0x86), SR_, C86, 0},
    {"xchg", {RM, R, N}, V, OP1(0x87), SR_, C86, 0},

    {"inc", {R, N, N}, V, OP1(0x40), PR, C86, 0},
    {"inc", {RM, N, N}, B, OP1(0xFE), 0, C86, 0},
    {"inc", {RM, N, N}, V, OP1(0xFF), 0, C86, 0},
    {"dec", {R, N, N}, V, OP1(0x48), PR, C86, 0},
    {"dec", {RM, N, N}, B, OP1(0xFE), 1, C86, 0},
    {"dec", {RM, N, N}, V, OP1(0xFF), 1, C86, 0},

    {"push", {R, N, N}, V, OP1(0x50), PR, C86, 0},
    {"push", {RM, N, N}, V, OP1(0xFF), 6, C86, DW},
    {"push", {Pat::SegES, N, N}, W0, OP1(0x06), NO, C86, 0},
    {"push", {Pat::SegCS, N, N}, W0, OP1(0x0E), NO, C86, 0},
    {"push", {Pat::SegSS, N, N}, W0, OP1(0x16), NO, C86, 0},
    {"push", {Pat::SegDS, N, N}, W0, OP1(0x1E), NO, C86, 0},
    {"push", {Pat::SegFS, N, N}, W0, OP2(0x0F, 0xA0), NO, C386, 0},
    {"push", {Pat::SegGS, N, N}, W0, OP2(0x0F, 0xA8), NO, C386, 0},
    {"push", {IS8, N, N}, V, OP1(0x6A), NO, C186, DW},
    {"push", {I, N, N}, V, OP1(0x68), NO, C186, DW},
    // PUSHW/PUSHD name the size of an immediate push (PUSH imm is a word in 16-bit code).
    {"pushw", {IS8, N, N}, W, OP1(0x6A), NO, C186, 0},
    {"pushw", {I, N, N}, W, OP1(0x68), NO, C186, 0},
    {"pushd", {IS8, N, N}, D, OP1(0x6A), NO, C386, 0},
    {"pushd", {I, N, N}, D, OP1(0x68), NO, C386, 0},
    {"pop", {R, N, N}, V, OP1(0x58), PR, C86, 0},
    {"pop", {RM, N, N}, V, OP1(0x8F), 0, C86, DW},
    {"pop", {Pat::SegES, N, N}, W0, OP1(0x07), NO, C86, 0},
    {"pop", {Pat::SegSS, N, N}, W0, OP1(0x17), NO, C86, 0},
    {"pop", {Pat::SegDS, N, N}, W0, OP1(0x1F), NO, C86, 0},
    {"pop", {Pat::SegFS, N, N}, W0, OP2(0x0F, 0xA1), NO, C386, 0},
    {"pop", {Pat::SegGS, N, N}, W0, OP2(0x0F, 0xA9), NO, C386, 0},

    {"lea", {R, MA, N}, V, OP1(0x8D), SR_, C86, 0},
    {"lds", {R, MF, N}, V, OP1(0xC5), SR_, C86, 0},
    {"les", {R, MF, N}, V, OP1(0xC4), SR_, C86, 0},
    {"lss", {R, MF, N}, V, OP2(0x0F, 0xB2), SR_, C386, 0},
    {"lfs", {R, MF, N}, V, OP2(0x0F, 0xB4), SR_, C386, 0},
    {"lgs", {R, MF, N}, V, OP2(0x0F, 0xB5), SR_, C386, 0},

    SHIFT("rol", 0), SHIFT("ror", 1), SHIFT("rcl", 2), SHIFT("rcr", 3),
    SHIFT("shl", 4), SHIFT("sal", 4), SHIFT("shr", 5), SHIFT("sar", 7),

    GROUP3("not", 2), GROUP3("neg", 3), GROUP3("mul", 4), GROUP3("imul", 5),
    GROUP3("div", 6), GROUP3("idiv", 7),
    {"imul", {R, RM, IS8}, V, OP1(0x6B), SR_, C186, 0},
    {"imul", {R, RM, I}, V, OP1(0x69), SR_, C186, 0},
    {"imul", {R, IS8, N}, V, OP1(0x6B), SR_, C186, DUP},
    {"imul", {R, I, N}, V, OP1(0x69), SR_, C186, DUP},
    {"imul", {R, RM, N}, V, OP2(0x0F, 0xAF), SR_, C386, 0},

    {"in", {A, I8, N}, B, OP1(0xE4), NO, C86, 0},
    {"in", {A, I8, N}, V, OP1(0xE5), NO, C86, 0},
    {"in", {A, DX, N}, B, OP1(0xEC), NO, C86, 0},
    {"in", {A, DX, N}, V, OP1(0xED), NO, C86, 0},
    {"out", {I8, A, N}, B, OP1(0xE6), NO, C86, 0},
    {"out", {I8, A, N}, V, OP1(0xE7), NO, C86, 0},
    {"out", {DX, A, N}, B, OP1(0xEE), NO, C86, 0},
    {"out", {DX, A, N}, V, OP1(0xEF), NO, C86, 0},

    {"int", {THREE, N, N}, W0, OP1(0xCC), NO, C86, 0},
    {"int", {I8, N, N}, W0, OP1(0xCD), NO, C86, 0},
    SIMPLE("into", 0xCE), SIMPLE16("iret", 0xCF), SIMPLE32("iretd", 0xCF),

    {"ret", {N, N, N}, W0, OP1(0xC3), NO, C86, 0},
    {"ret", {I16, N, N}, W0, OP1(0xC2), NO, C86, 0},
    {"retn", {N, N, N}, W0, OP1(0xC3), NO, C86, 0},
    {"retn", {I16, N, N}, W0, OP1(0xC2), NO, C86, 0},
    {"retf", {N, N, N}, W0, OP1(0xCB), NO, C86, 0},
    {"retf", {I16, N, N}, W0, OP1(0xCA), NO, C86, 0},

    // Indirect JMP/CALL. With no size, MASM takes a memory operand as a near (word) pointer.
    {"jmp", {RM, N, N}, V, OP1(0xFF), 4, C86, DW},
    {"jmp", {MFX, N, N}, W0, OP1(0xFF), 5, C86, 0},
    {"call", {RM, N, N}, V, OP1(0xFF), 2, C86, DW},
    {"call", {MFX, N, N}, W0, OP1(0xFF), 3, C86, 0},

    {"aam", {N, N, N}, W0, OP2(0xD4, 0x0A), NO, C86, 0},
    {"aam", {I8, N, N}, W0, OP1(0xD4), NO, C86, 0},
    {"aad", {N, N, N}, W0, OP2(0xD5, 0x0A), NO, C86, 0},
    {"aad", {I8, N, N}, W0, OP1(0xD5), NO, C86, 0},

    SIMPLE("daa", 0x27), SIMPLE("das", 0x2F), SIMPLE("aaa", 0x37), SIMPLE("aas", 0x3F),
    SIMPLE("nop", 0x90), SIMPLE16("cbw", 0x98), SIMPLE16("cwd", 0x99),
    SIMPLE32("cwde", 0x98), SIMPLE32("cdq", 0x99),
    SIMPLE("wait", 0x9B), SIMPLE("fwait", 0x9B),
    SIMPLE16("pushf", 0x9C), SIMPLE16("popf", 0x9D), SIMPLE32("pushfd", 0x9C), SIMPLE32("popfd", 0x9D),
    SIMPLE("sahf", 0x9E), SIMPLE("lahf", 0x9F),
    SIMPLE("hlt", 0xF4), SIMPLE("cmc", 0xF5), SIMPLE("clc", 0xF8), SIMPLE("stc", 0xF9),
    SIMPLE("cli", 0xFA), SIMPLE("sti", 0xFB), SIMPLE("cld", 0xFC), SIMPLE("std", 0xFD),
    SIMPLE("xlat", 0xD7), SIMPLE("xlatb", 0xD7),
    // String instructions without operands (with operands: string_ops.cpp).
    SIMPLE("movsb", 0xA4), SIMPLE16("movsw", 0xA5), SIMPLE32("movsd", 0xA5),
    SIMPLE("cmpsb", 0xA6), SIMPLE16("cmpsw", 0xA7), SIMPLE32("cmpsd", 0xA7),
    SIMPLE("stosb", 0xAA), SIMPLE16("stosw", 0xAB), SIMPLE32("stosd", 0xAB),
    SIMPLE("lodsb", 0xAC), SIMPLE16("lodsw", 0xAD), SIMPLE32("lodsd", 0xAD),
    SIMPLE("scasb", 0xAE), SIMPLE16("scasw", 0xAF), SIMPLE32("scasd", 0xAF),
    SIMPLE_CPU("insb", 0x6C, C186), SIMPLE16_CPU("insw", 0x6D, C186), SIMPLE32("insd", 0x6D),
    SIMPLE_CPU("outsb", 0x6E, C186), SIMPLE16_CPU("outsw", 0x6F, C186), SIMPLE32("outsd", 0x6F),

    // 80186 additions.
    SIMPLE16_CPU("pusha", 0x60, C186), SIMPLE16_CPU("popa", 0x61, C186),
    SIMPLE32("pushad", 0x60), SIMPLE32("popad", 0x61),
    {"bound", {R, MA, N}, V, OP1(0x62), SR_, C186, 0},  // m16&16 (m32&32): any declared size
    {"enter", {I16, I8, N}, W0, OP1(0xC8), NO, C186, 0},
    SIMPLE_CPU("leave", 0xC9, C186),

    // 80286 real-mode system instructions.
    {"smsw", {RM16, N, N}, W0, OP2(0x0F, 0x01), 4, C286, O16},
    {"lmsw", {RM16, N, N}, W0, OP2(0x0F, 0x01), 6, C286, O16},
    {"clts", {N, N, N}, W0, OP2(0x0F, 0x06), NO, C286, 0},
    // Descriptor-table registers: a 6-byte operand (FWORD PTR), 0F 01 /0../3 (iAPX 286
    // Programmer's Reference, appendix B; 80386 Programmer's Reference Manual, LGDT/LIDT).
    {"sgdt", {MA, N, N}, W0, OP2(0x0F, 0x01), 0, C286, 0},
    {"sidt", {MA, N, N}, W0, OP2(0x0F, 0x01), 1, C286, 0},
    {"lgdt", {MA, N, N}, W0, OP2(0x0F, 0x01), 2, C286, 0},
    {"lidt", {MA, N, N}, W0, OP2(0x0F, 0x01), 3, C286, 0},

    // 80386 additions.
    {"movzx", {R, RM8, N}, V, OP2(0x0F, 0xB6), SR_, C386, 0},
    {"movzx", {R, RM16, N}, D, OP2(0x0F, 0xB7), SR_, C386, 0},
    {"movsx", {R, RM8, N}, V, OP2(0x0F, 0xBE), SR_, C386, 0},
    {"movsx", {R, RM16, N}, D, OP2(0x0F, 0xBF), SR_, C386, 0},
    BITTEST("bt", 0xA3, 4), BITTEST("bts", 0xAB, 5), BITTEST("btr", 0xB3, 6), BITTEST("btc", 0xBB, 7),
    {"bsf", {R, RM, N}, V, OP2(0x0F, 0xBC), SR_, C386, 0},
    {"bsr", {R, RM, N}, V, OP2(0x0F, 0xBD), SR_, C386, 0},
    {"shld", {RM, R, I8}, V, OP2(0x0F, 0xA4), SR_, C386, 0},
    {"shld", {RM, R, CL}, V, OP2(0x0F, 0xA5), SR_, C386, 0},
    {"shrd", {RM, R, I8}, V, OP2(0x0F, 0xAC), SR_, C386, 0},
    {"shrd", {RM, R, CL}, V, OP2(0x0F, 0xAD), SR_, C386, 0},
    SETCC("seto", 0x0), SETCC("setno", 0x1), SETCC("setb", 0x2), SETCC("setc", 0x2), SETCC("setnae", 0x2),
    SETCC("setnb", 0x3), SETCC("setnc", 0x3), SETCC("setae", 0x3), SETCC("sete", 0x4), SETCC("setz", 0x4),
    SETCC("setne", 0x5), SETCC("setnz", 0x5), SETCC("setbe", 0x6), SETCC("setna", 0x6),
    SETCC("seta", 0x7), SETCC("setnbe", 0x7), SETCC("sets", 0x8), SETCC("setns", 0x9),
    SETCC("setp", 0xA), SETCC("setpe", 0xA), SETCC("setnp", 0xB), SETCC("setpo", 0xB),
    SETCC("setl", 0xC), SETCC("setnge", 0xC), SETCC("setge", 0xD), SETCC("setnl", 0xD),
    SETCC("setle", 0xE), SETCC("setng", 0xE), SETCC("setg", 0xF), SETCC("setnle", 0xF),
};

#undef OP1
#undef OP2

struct Rows {
  std::vector<const Form*> forms;
  std::vector<std::uint64_t> accepts;  // rowAccepts(*forms[i])
  std::array<std::vector<std::uint8_t>, 16> byFirstClass;
};
using Index = std::unordered_map<std::string_view, Rows>;

const Index& index() {
  static const Index table = [] {
    Index built;
    for (const Form& form : kForms) {
      Rows& rows = built[form.mnemonic];
      const auto position = static_cast<std::uint8_t>(rows.forms.size());  // at most 14 rows a mnemonic
      rows.forms.push_back(&form);
      rows.accepts.push_back(rowAccepts(form));
      for (unsigned bit = 0; bit < 16; ++bit)
        if (rows.accepts.back() & (std::uint64_t{1} << bit)) rows.byFirstClass[bit].push_back(position);
    }
    return built;
  }();
  return table;
}

std::string_view patternText(Pat pat, Width width) {
  const bool byte = width == Width::B;
  const bool dword = width == Width::D;
  switch (pat) {
    case Pat::None: return "";
    case Pat::R: return byte ? "r8" : dword ? "r32" : "r16";
    case Pat::RM: return byte ? "r/m8" : dword ? "r/m32" : "r/m16";
    case Pat::M: return byte ? "m8" : dword ? "m32" : "m16";
    case Pat::MAny: return "mem";
    case Pat::MFar: return "m16:16";
    case Pat::MFarExact: return "dword ptr mem";
    case Pat::RM8: return "r/m8";
    case Pat::RM16: return "r/m16";
    case Pat::Acc: return byte ? "al" : dword ? "eax" : "ax";
    case Pat::Moffs: return byte ? "moffs8" : "moffs16";
    case Pat::I: return byte ? "imm8" : dword ? "imm32" : "imm16";
    case Pat::IS8: return "imm8 (sign-extended)";
    case Pat::I8: return "imm8";
    case Pat::I16: return "imm16";
    case Pat::One: return "1";
    case Pat::Three: return "3";
    case Pat::RegCL: return "cl";
    case Pat::RegDX: return "dx";
    case Pat::Sreg: return "sreg";
    case Pat::SegES: return "es";
    case Pat::SegCS: return "cs";
    case Pat::SegSS: return "ss";
    case Pat::SegDS: return "ds";
    case Pat::SegFS: return "fs";
    case Pat::SegGS: return "gs";
  }
  return "";
}

}  // namespace

namespace {

// Mnemonics of up to 8 characters packed into one integer: the lookup below runs for every
// instruction the front end encodes, and a multiply and a compare beat hashing a string.
std::uint64_t packMnemonic(std::string_view name) {
  std::uint64_t key = 0;
  for (size_t i = 0; i < name.size(); ++i) key |= static_cast<std::uint64_t>(static_cast<unsigned char>(name[i])) << (8 * i);
  return key;
}

struct PackedIndex {
  static constexpr size_t kSlots = 2048;  // a power of two, well above the number of mnemonics
  struct Slot {
    std::uint64_t key = 0;  // 0: empty (no mnemonic packs to 0)
    const Rows* rows = nullptr;
  };
  std::vector<Slot> slots = std::vector<Slot>(kSlots);
  static size_t slotOf(std::uint64_t key) { return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 53); }
};

const PackedIndex& packedIndex() {
  static const PackedIndex packed = [] {
    PackedIndex p;
    for (const auto& [name, rows] : index()) {
      if (name.empty() || name.size() > 8) continue;
      size_t i = PackedIndex::slotOf(packMnemonic(name));
      while (p.slots[i].key != 0) i = (i + 1) & (PackedIndex::kSlots - 1);
      p.slots[i] = {packMnemonic(name), &rows};
    }
    return p;
  }();
  return packed;
}

}  // namespace

MnemonicRows rowsFor(std::string_view lowerMnemonic) {
  if (lowerMnemonic.empty()) return {};
  const Rows* rows = nullptr;
  if (lowerMnemonic.size() <= 8) {
    const PackedIndex& packed = packedIndex();
    const std::uint64_t key = packMnemonic(lowerMnemonic);
    for (size_t i = PackedIndex::slotOf(key);; i = (i + 1) & (PackedIndex::kSlots - 1)) {
      const PackedIndex::Slot& slot = packed.slots[i];
      if (slot.key == 0) return {};
      if (slot.key == key) {
        rows = slot.rows;
        break;
      }
    }
  } else {
    const auto& table = index();
    const auto it = table.find(lowerMnemonic);
    if (it == table.end()) return {};
    rows = &it->second;
  }
  return {{rows->forms.data(), rows->forms.size()}, rows->accepts.data(), &rows->byFirstClass};
}

std::span<const Form* const> formsFor(std::string_view lowerMnemonic) { return rowsFor(lowerMnemonic).forms; }

std::span<const Form> allForms() { return kForms; }

std::string formSignature(const Form& form) {
  std::string text(form.mnemonic);
  bool first = true;
  for (Pat pat : form.ops) {
    if (pat == Pat::None) break;
    text += first ? " " : ", ";
    first = false;
    text += patternText(pat, form.width);
  }
  return text;
}

}  // namespace asmlab::x86::enc::detail
