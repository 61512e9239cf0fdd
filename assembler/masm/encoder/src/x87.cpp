// The x87 instruction forms, one row per encoding, from the 80387 Programmer's Reference Manual
// (opcode map of D8h-DFh, appendix A) and the 8087/80287 subsets (80287: FSETPM, FSTSW AX; 80387:
// FPREM1, FSIN, FCOS, FSINCOS, FUCOM, FUCOMP, FUCOMPP). Operands are written as MASM writes them:
// `fadd st, st(1)`, `fadd st(2), st`, `faddp st(1), st`, `fld qword ptr [bx]`, `fstsw ax`.
//
// FWAIT (9Bh), as MASM inserts it (MASM 6.1 Programmer's Guide, chapter 6, "Coordinating Memory
// Access"; Reference, .8087/.287/.387): the 8087 needs a WAIT before every coprocessor
// instruction, so under .8087 each one gets a 9Bh in front, except the no-wait forms (FNINIT,
// FNSTSW...). The 80287 and 80387 synchronise with the CPU themselves, so under .287/.387 only
// the wait forms (FINIT = FWAIT + FNINIT, FCLEX, FSTSW, FSTCW, FSTENV, FSAVE, FENI, FDISI) carry
// one. The 9Bh is a separate instruction to the CPU and comes before any segment override.
#include "x87.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "emit.hpp"

namespace asmlab::x86::enc::detail {

enum class XOp : std::uint8_t { None, M16, M32, M64, M80, MAny, St, StI, Ax };
enum class XEnc : std::uint8_t { Fixed /* op1 op2 */, Digit /* op1, ModRM /op2 */, PlusI /* op1, op2 + i */ };
enum XFlags : std::uint8_t { kNoWait = 1, kWaitForm = 2 };

struct X87Row {
  std::string_view name;
  XOp a, b;
  std::uint8_t op1, op2;
  XEnc enc;
  Fpu fpu;
  std::uint8_t flags;
};

struct X87Rows {
  std::vector<const X87Row*> rows;
};

namespace {

constexpr XOp N = XOp::None, M16 = XOp::M16, M32 = XOp::M32, M64 = XOp::M64, M80 = XOp::M80, MA = XOp::MAny,
              ST = XOp::St, STI = XOp::StI, AX = XOp::Ax;
constexpr XEnc FX = XEnc::Fixed, DG = XEnc::Digit, PI = XEnc::PlusI;
constexpr Fpu F87 = Fpu::I8087, F287 = Fpu::I80287, F387 = Fpu::I80387;
constexpr std::uint8_t NW = kNoWait, WF = kWaitForm;

// FADD, FMUL, FSUB, FSUBR, FDIV, FDIVR: digit n. In the "st(i), st" forms (DC, DE) FSUB and
// FSUBR, FDIV and FDIVR trade digits (80387 manual, opcode map: DC E8+i is FSUB ST(i),ST).
// Without operands the instruction is the popping form on st(1), st (FADD = FADDP ST(1),ST).
#define X87_ARITH(name, pname, n, m)                                   \
  {name, N, N, 0xDE, 0xC1 + 8 * (m), FX, F87, 0},                      \
  {name, M32, N, 0xD8, (n), DG, F87, 0},                               \
  {name, M64, N, 0xDC, (n), DG, F87, 0},                               \
  {name, ST, STI, 0xD8, 0xC0 + 8 * (n), PI, F87, 0},                   \
  {name, STI, ST, 0xDC, 0xC0 + 8 * (m), PI, F87, 0},                   \
  {name, STI, N, 0xD8, 0xC0 + 8 * (n), PI, F87, 0},                    \
  {pname, N, N, 0xDE, 0xC1 + 8 * (m), FX, F87, 0},                     \
  {pname, STI, ST, 0xDE, 0xC0 + 8 * (m), PI, F87, 0},                  \
  {pname, STI, N, 0xDE, 0xC0 + 8 * (m), PI, F87, 0}

// FIADD .. FIDIVR: digit n, DE (word integer) / DA (short integer).
#define X87_IARITH(name, n) {name, M16, N, 0xDE, (n), DG, F87, 0}, {name, M32, N, 0xDA, (n), DG, F87, 0}

#define X87_D9(name, low, fpu) {name, N, N, 0xD9, (low), FX, fpu, 0}

constexpr X87Row kRows[] = {
    X87_ARITH("fadd", "faddp", 0, 0), X87_ARITH("fmul", "fmulp", 1, 1),
    X87_ARITH("fsub", "fsubp", 4, 5), X87_ARITH("fsubr", "fsubrp", 5, 4),
    X87_ARITH("fdiv", "fdivp", 6, 7), X87_ARITH("fdivr", "fdivrp", 7, 6),
    X87_IARITH("fiadd", 0), X87_IARITH("fimul", 1), X87_IARITH("ficom", 2), X87_IARITH("ficomp", 3),
    X87_IARITH("fisub", 4), X87_IARITH("fisubr", 5), X87_IARITH("fidiv", 6), X87_IARITH("fidivr", 7),

    {"fcom", N, N, 0xD8, 0xD1, FX, F87, 0},
    {"fcom", M32, N, 0xD8, 2, DG, F87, 0},
    {"fcom", M64, N, 0xDC, 2, DG, F87, 0},
    {"fcom", STI, N, 0xD8, 0xD0, PI, F87, 0},
    {"fcomp", N, N, 0xD8, 0xD9, FX, F87, 0},
    {"fcomp", M32, N, 0xD8, 3, DG, F87, 0},
    {"fcomp", M64, N, 0xDC, 3, DG, F87, 0},
    {"fcomp", STI, N, 0xD8, 0xD8, PI, F87, 0},
    {"fcompp", N, N, 0xDE, 0xD9, FX, F87, 0},
    {"fucom", N, N, 0xDD, 0xE1, FX, F387, 0},
    {"fucom", STI, N, 0xDD, 0xE0, PI, F387, 0},
    {"fucomp", N, N, 0xDD, 0xE9, FX, F387, 0},
    {"fucomp", STI, N, 0xDD, 0xE8, PI, F387, 0},
    {"fucompp", N, N, 0xDA, 0xE9, FX, F387, 0},

    {"fld", M32, N, 0xD9, 0, DG, F87, 0},
    {"fld", M64, N, 0xDD, 0, DG, F87, 0},
    {"fld", M80, N, 0xDB, 5, DG, F87, 0},
    {"fld", STI, N, 0xD9, 0xC0, PI, F87, 0},
    {"fst", M32, N, 0xD9, 2, DG, F87, 0},
    {"fst", M64, N, 0xDD, 2, DG, F87, 0},
    {"fst", STI, N, 0xDD, 0xD0, PI, F87, 0},
    {"fstp", M32, N, 0xD9, 3, DG, F87, 0},
    {"fstp", M64, N, 0xDD, 3, DG, F87, 0},
    {"fstp", M80, N, 0xDB, 7, DG, F87, 0},
    {"fstp", STI, N, 0xDD, 0xD8, PI, F87, 0},
    {"fild", M16, N, 0xDF, 0, DG, F87, 0},
    {"fild", M32, N, 0xDB, 0, DG, F87, 0},
    {"fild", M64, N, 0xDF, 5, DG, F87, 0},
    {"fist", M16, N, 0xDF, 2, DG, F87, 0},
    {"fist", M32, N, 0xDB, 2, DG, F87, 0},
    {"fistp", M16, N, 0xDF, 3, DG, F87, 0},
    {"fistp", M32, N, 0xDB, 3, DG, F87, 0},
    {"fistp", M64, N, 0xDF, 7, DG, F87, 0},
    {"fbld", M80, N, 0xDF, 4, DG, F87, 0},
    {"fbstp", M80, N, 0xDF, 6, DG, F87, 0},
    {"fxch", N, N, 0xD9, 0xC9, FX, F87, 0},
    {"fxch", STI, N, 0xD9, 0xC8, PI, F87, 0},
    {"fxch", ST, STI, 0xD9, 0xC8, PI, F87, 0},
    {"fxch", STI, ST, 0xD9, 0xC8, PI, F87, 0},
    {"ffree", STI, N, 0xDD, 0xC0, PI, F87, 0},

    X87_D9("fnop", 0xD0, F87), X87_D9("fchs", 0xE0, F87), X87_D9("fabs", 0xE1, F87), X87_D9("ftst", 0xE4, F87),
    X87_D9("fxam", 0xE5, F87), X87_D9("fld1", 0xE8, F87), X87_D9("fldl2t", 0xE9, F87), X87_D9("fldl2e", 0xEA, F87),
    X87_D9("fldpi", 0xEB, F87), X87_D9("fldlg2", 0xEC, F87), X87_D9("fldln2", 0xED, F87), X87_D9("fldz", 0xEE, F87),
    X87_D9("f2xm1", 0xF0, F87), X87_D9("fyl2x", 0xF1, F87), X87_D9("fptan", 0xF2, F87), X87_D9("fpatan", 0xF3, F87),
    X87_D9("fxtract", 0xF4, F87), X87_D9("fprem1", 0xF5, F387), X87_D9("fdecstp", 0xF6, F87),
    X87_D9("fincstp", 0xF7, F87), X87_D9("fprem", 0xF8, F87), X87_D9("fyl2xp1", 0xF9, F87), X87_D9("fsqrt", 0xFA, F87),
    X87_D9("fsincos", 0xFB, F387), X87_D9("frndint", 0xFC, F87), X87_D9("fscale", 0xFD, F87), X87_D9("fsin", 0xFE, F387),
    X87_D9("fcos", 0xFF, F387),

    // Processor control: each wait form is FWAIT + its no-wait form.
    {"finit", N, N, 0xDB, 0xE3, FX, F87, WF},   {"fninit", N, N, 0xDB, 0xE3, FX, F87, NW},
    {"fclex", N, N, 0xDB, 0xE2, FX, F87, WF},   {"fnclex", N, N, 0xDB, 0xE2, FX, F87, NW},
    {"feni", N, N, 0xDB, 0xE0, FX, F87, WF},    {"fneni", N, N, 0xDB, 0xE0, FX, F87, NW},
    {"fdisi", N, N, 0xDB, 0xE1, FX, F87, WF},   {"fndisi", N, N, 0xDB, 0xE1, FX, F87, NW},
    {"fsetpm", N, N, 0xDB, 0xE4, FX, F287, 0},
    {"fldcw", M16, N, 0xD9, 5, DG, F87, 0},
    {"fstcw", M16, N, 0xD9, 7, DG, F87, WF},    {"fnstcw", M16, N, 0xD9, 7, DG, F87, NW},
    {"fstsw", M16, N, 0xDD, 7, DG, F87, WF},    {"fnstsw", M16, N, 0xDD, 7, DG, F87, NW},
    {"fstsw", AX, N, 0xDF, 0xE0, FX, F287, WF}, {"fnstsw", AX, N, 0xDF, 0xE0, FX, F287, NW},
    {"fldenv", MA, N, 0xD9, 4, DG, F87, 0},
    {"fstenv", MA, N, 0xD9, 6, DG, F87, WF},    {"fnstenv", MA, N, 0xD9, 6, DG, F87, NW},
    {"frstor", MA, N, 0xDD, 4, DG, F87, 0},
    {"fsave", MA, N, 0xDD, 6, DG, F87, WF},     {"fnsave", MA, N, 0xDD, 6, DG, F87, NW},
};

#undef X87_ARITH
#undef X87_IARITH
#undef X87_D9

const std::unordered_map<std::string_view, X87Rows>& index() {
  static const auto table = [] {
    std::unordered_map<std::string_view, X87Rows> built;
    for (const X87Row& row : kRows) built[row.name].rows.push_back(&row);
    return built;
  }();
  return table;
}

bool isMemoryPattern(XOp op) { return op == XOp::M16 || op == XOp::M32 || op == XOp::M64 || op == XOp::M80 || op == XOp::MAny; }

unsigned patternSize(XOp op) {
  switch (op) {
    case XOp::M16: return 2;
    case XOp::M32: return 4;
    case XOp::M64: return 8;
    case XOp::M80: return 10;
    default: return 0;
  }
}

// Kind only (memory of any size matches a memory pattern here; sizes are decided afterwards).
bool kindFits(XOp op, const Operand& o) {
  switch (op) {
    case XOp::None: return o.kind == Operand::Kind::None;
    case XOp::St: return o.kind == Operand::Kind::Register && o.reg == Reg::ST0;
    case XOp::StI: return o.kind == Operand::Kind::Register && isFpuRegister(o.reg);
    case XOp::Ax: return o.kind == Operand::Kind::Register && o.reg == Reg::AX;
    default: return o.kind == Operand::Kind::Memory;
  }
}

std::string operandText(XOp op) {
  switch (op) {
    case XOp::None: return "";
    case XOp::M16: return "m16 (WORD PTR)";
    case XOp::M32: return "m32 (DWORD PTR, REAL4)";
    case XOp::M64: return "m64 (QWORD PTR, REAL8)";
    case XOp::M80: return "m80 (TBYTE PTR, REAL10)";
    case XOp::MAny: return "mem";
    case XOp::St: return "st";
    case XOp::StI: return "st(i)";
    case XOp::Ax: return "ax";
  }
  return "";
}

std::string upper(std::string_view s) {
  std::string u(s);
  for (char& c : u) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c);
  return u;
}

std::string allowedForms(const X87Rows& rows, const Options& options) {
  if (!options.listAllowedForms) return {};
  std::string text;
  for (const X87Row* row : rows.rows) {
    std::string form(row->name);
    if (row->a != XOp::None) form += " " + operandText(row->a);
    if (row->b != XOp::None) form += ", " + operandText(row->b);
    text += "\n  " + form;
  }
  return text;
}

Encoding failure(ErrorCode code, int operand, std::string message) {
  Encoding out;
  out.error = Error{code, operand, std::move(message)};
  out.length = 2;
  return out;
}

}  // namespace

const X87Rows* x87Rows(std::string_view lowerMnemonic) {
  if (lowerMnemonic.empty() || lowerMnemonic[0] != 'f') return nullptr;
  const auto& table = index();
  const auto it = table.find(lowerMnemonic);
  return it == table.end() ? nullptr : &it->second;
}

std::vector<std::string_view> x87Mnemonics() {
  std::vector<std::string_view> names;
  for (const X87Row& row : kRows)
    if (std::find(names.begin(), names.end(), row.name) == names.end()) names.push_back(row.name);
  return names;
}

Encoding encodeX87(std::string_view name, const X87Rows& rows, const Instruction& insn, const Options& options) {
  const std::string mnemonic = upper(name);
  if (insn.rep != RepPrefix::None || insn.lock)
    return failure(ErrorCode::InvalidPrefix, -1, "REP and LOCK cannot prefix a coprocessor instruction");
  if (insn.operandCount > 2)
    return failure(ErrorCode::WrongOperandCount, -1,
                   "wrong number of operands for " + mnemonic + "; allowed forms:" + allowedForms(rows, options));

  // Rows whose operand kinds fit; among memory rows, the one of the operand's size.
  const X87Row* chosen = nullptr;
  const X87Row* anyKind = nullptr;
  unsigned memoryRows = 0;
  int memoryOperand = -1;
  for (const X87Row* row : rows.rows) {
    const unsigned count = row->a == XOp::None ? 0 : row->b == XOp::None ? 1 : 2;
    if (count != insn.operandCount || !kindFits(row->a, insn.operands[0]) || !kindFits(row->b, insn.operands[1])) continue;
    if (!anyKind) anyKind = row;
    const int memoryAt = isMemoryPattern(row->a) ? 0 : isMemoryPattern(row->b) ? 1 : -1;
    if (memoryAt < 0) {
      if (!chosen) chosen = row;
      continue;
    }
    memoryOperand = memoryAt;
    ++memoryRows;
    const XOp pattern = memoryAt == 0 ? row->a : row->b;
    const unsigned size = insn.operands[memoryAt].mem.size;
    if ((pattern == XOp::MAny || size == patternSize(pattern)) && !chosen) chosen = row;
  }
  if (!anyKind)
    return failure(ErrorCode::InvalidOperands, 0,
                   "invalid operands for " + mnemonic + "; allowed forms:" + allowedForms(rows, options));
  Encoding out;
  if (!chosen && memoryOperand >= 0) {
    const unsigned size = insn.operands[memoryOperand].mem.size;
    if (size != 0) {
      return failure(ErrorCode::SizeMismatch, memoryOperand,
                     "invalid operand size for " + mnemonic + "; allowed forms:" + allowedForms(rows, options));
    }
    // No size written: the only memory form there is (FLDCW [bx], FBLD [si]), as MASM takes
    // it; with several (FLD: REAL4, REAL8, REAL10) the size must be given (MASM error A2023).
    if (memoryRows != 1) {
      std::string sizes;
      for (const X87Row* row : rows.rows) {
        const XOp p = isMemoryPattern(row->a) ? row->a : row->b;
        if (!isMemoryPattern(p) || patternSize(p) == 0) continue;
        const char* word = p == XOp::M16 ? "WORD PTR" : p == XOp::M32 ? "DWORD PTR" : p == XOp::M64 ? "QWORD PTR" : "TBYTE PTR";
        if (sizes.find(word) != std::string::npos) continue;
        sizes += sizes.empty() ? word : std::string(", ") + word;
      }
      return failure(ErrorCode::SizeUnknown, memoryOperand, "instruction operand must have size: use " + sizes);
    }
    chosen = anyKind;
  }

  if (options.fpu == Fpu::None)
    return failure(ErrorCode::RequiresCpu, -1, mnemonic + " is a coprocessor instruction, and .NO87 is in force (use .8087, .287 or .387)");
  if (chosen->fpu > options.fpu)
    return failure(ErrorCode::RequiresCpu, -1,
                   "instruction requires " + std::string(fpuDirective(chosen->fpu)) + " (" + mnemonic + " is not on the " +
                       std::string(fpuDirective(options.fpu)).substr(1) + ")");

  Emitter emit(out);
  const bool wait = (chosen->flags & kWaitForm) || (!(chosen->flags & kNoWait) && options.fpu == Fpu::I8087);
  if (wait) emit.byte(0x9B);
  switch (chosen->enc) {
    case XEnc::Fixed:
      emit.byte(chosen->op1);
      emit.byte(chosen->op2);
      break;
    case XEnc::PlusI: {
      const Operand& stack = chosen->a == XOp::StI ? insn.operands[0] : insn.operands[1];
      emit.byte(chosen->op1);
      emit.byte(static_cast<std::uint8_t>(chosen->op2 + registerNumber(stack.reg)));
      break;
    }
    case XEnc::Digit: {
      const Memory& mem = insn.operands[memoryOperand].mem;
      const AddressForm form = analyzeAddress(mem, options.use32);
      if (!form.valid) return failure(ErrorCode::InvalidAddress, memoryOperand, addressProblemText(form));
      if (form.address32 && options.cpu < Cpu::I80386) return failure(ErrorCode::RequiresCpu, memoryOperand, "instruction requires .386 (32-bit addressing)");
      emitPrefixes(emit, insn, &mem, &form, false, options.use32);
      emit.byte(chosen->op1);
      if (!emitMemoryModRm(emit, chosen->op2, mem, form, planModRm(mem, form), memoryOperand, out.error)) return out;
      break;
    }
  }
  return out;
}

}  // namespace asmlab::x86::enc::detail
