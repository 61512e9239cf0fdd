// x87 decoding: Intel 80387 Programmer's Reference Manual, appendix (opcode map of D8h-DFh), and
// the 8087/80287 subsets (80287 adds FSETPM and FSTSW AX; 80387 adds FPREM1, FSINCOS, FSIN, FCOS,
// FUCOM, FUCOMP, FUCOMPP; the 8087's FENI/FDISI are no-ops on later coprocessors). Register forms
// name the stack as MASM does: st, st(1).
#include "x87.hpp"

#include <array>

namespace asmlab::x86::dis::detail {
namespace {

constexpr std::array<const char*, 8> kArith = {"fadd", "fmul", "fcom", "fcomp", "fsub", "fsubr", "fdiv", "fdivr"};
constexpr std::array<const char*, 8> kIntArith = {"fiadd", "fimul", "ficom", "ficomp", "fisub", "fisubr", "fidiv", "fidivr"};

std::string st(unsigned i) { return i == 0 ? "st" : "st(" + std::to_string(i) + ")"; }

std::optional<X87Form> memoryForm(std::uint8_t opcode, std::uint8_t reg) {
  auto mem = [](const char* name, const char* size) { return X87Form{name, size, true}; };
  switch (opcode) {
    case 0xD8: return mem(kArith[reg], "dword ptr ");
    case 0xDC: return mem(kArith[reg], "qword ptr ");
    case 0xDA: return mem(kIntArith[reg], "dword ptr ");
    case 0xDE: return mem(kIntArith[reg], "word ptr ");
    case 0xD9: {
      static constexpr std::array<const char*, 8> names = {"fld", nullptr, "fst", "fstp", "fldenv", "fldcw", "fnstenv", "fnstcw"};
      static constexpr std::array<const char*, 8> sizes = {"dword ptr ", "", "dword ptr ", "dword ptr ", "", "word ptr ", "", "word ptr "};
      if (!names[reg]) return std::nullopt;
      return mem(names[reg], sizes[reg]);
    }
    case 0xDB: {
      static constexpr std::array<const char*, 8> names = {"fild", nullptr, "fist", "fistp", nullptr, "fld", nullptr, "fstp"};
      static constexpr std::array<const char*, 8> sizes = {"dword ptr ", "", "dword ptr ", "dword ptr ", "", "tbyte ptr ", "", "tbyte ptr "};
      if (!names[reg]) return std::nullopt;
      return mem(names[reg], sizes[reg]);
    }
    case 0xDD: {
      static constexpr std::array<const char*, 8> names = {"fld", nullptr, "fst", "fstp", "frstor", nullptr, "fnsave", "fnstsw"};
      static constexpr std::array<const char*, 8> sizes = {"qword ptr ", "", "qword ptr ", "qword ptr ", "", "", "", "word ptr "};
      if (!names[reg]) return std::nullopt;
      return mem(names[reg], sizes[reg]);
    }
    case 0xDF: {
      static constexpr std::array<const char*, 8> names = {"fild", nullptr, "fist", "fistp", "fbld", "fild", "fbstp", "fistp"};
      static constexpr std::array<const char*, 8> sizes = {"word ptr ", "", "word ptr ", "word ptr ", "tbyte ptr ", "qword ptr ", "tbyte ptr ", "qword ptr "};
      if (!names[reg]) return std::nullopt;
      return mem(names[reg], sizes[reg]);
    }
    default: return std::nullopt;
  }
}

std::optional<X87Form> registerForm(std::uint8_t opcode, std::uint8_t reg, std::uint8_t rm, Cpu cpu) {
  const bool i387 = cpu == Cpu::I80386;
  const bool i287 = cpu >= Cpu::I80286;
  switch (opcode) {
    case 0xD8:  // op st, st(i); FCOM/FCOMP take st(i) alone
      if (reg == 2 || reg == 3) return X87Form{kArith[reg], st(rm)};
      return X87Form{kArith[reg], "st, " + st(rm)};
    case 0xDC: {  // op st(i), st: note FSUB/FSUBR and FDIV/FDIVR trade places here
      static constexpr std::array<const char*, 8> names = {"fadd", "fmul", nullptr, nullptr, "fsubr", "fsub", "fdivr", "fdiv"};
      if (!names[reg]) return std::nullopt;
      return X87Form{names[reg], st(rm) + ", st"};
    }
    case 0xDE: {
      static constexpr std::array<const char*, 8> names = {"faddp", "fmulp", nullptr, nullptr, "fsubrp", "fsubp", "fdivrp", "fdivp"};
      if (reg == 3 && rm == 1) return X87Form{"fcompp", ""};
      if (!names[reg]) return std::nullopt;
      return X87Form{names[reg], st(rm) + ", st"};
    }
    case 0xD9:
      if (reg == 0) return X87Form{"fld", st(rm)};
      if (reg == 1) return X87Form{"fxch", st(rm)};
      if (reg == 2 && rm == 0) return X87Form{"fnop", ""};
      if (reg >= 4) {
        static constexpr std::array<const char*, 32> names = {
            "fchs", "fabs", nullptr, nullptr, "ftst", "fxam", nullptr, nullptr,
            "fld1", "fldl2t", "fldl2e", "fldpi", "fldlg2", "fldln2", "fldz", nullptr,
            "f2xm1", "fyl2x", "fptan", "fpatan", "fxtract", "fprem1", "fdecstp", "fincstp",
            "fprem", "fyl2xp1", "fsqrt", "fsincos", "frndint", "fscale", "fsin", "fcos"};
        const unsigned index = (reg - 4u) * 8u + rm;
        const char* name = names[index];
        if (!name) return std::nullopt;
        const bool only387 = index == 21 || index == 27 || index == 30 || index == 31;
        if (only387 && !i387) return std::nullopt;
        return X87Form{name, ""};
      }
      return std::nullopt;
    case 0xDA:
      if (reg == 5 && rm == 1 && i387) return X87Form{"fucompp", ""};
      return std::nullopt;
    case 0xDB:
      if (reg != 4) return std::nullopt;
      switch (rm) {
        case 0: return X87Form{"fneni", ""};
        case 1: return X87Form{"fndisi", ""};
        case 2: return X87Form{"fnclex", ""};
        case 3: return X87Form{"fninit", ""};
        case 4: if (i287) return X87Form{"fsetpm", ""}; return std::nullopt;  // no FN form: never waited for
        default: return std::nullopt;
      }
    case 0xDD:
      switch (reg) {
        case 0: return X87Form{"ffree", st(rm)};
        case 2: return X87Form{"fst", st(rm)};
        case 3: return X87Form{"fstp", st(rm)};
        case 4: if (i387) return X87Form{"fucom", st(rm)}; return std::nullopt;
        case 5: if (i387) return X87Form{"fucomp", st(rm)}; return std::nullopt;
        default: return std::nullopt;
      }
    case 0xDF:
      if (reg == 4 && rm == 0 && i287) return X87Form{"fnstsw", "ax"};
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<X87Form> x87Form(std::uint8_t opcode, std::uint8_t mod, std::uint8_t reg, std::uint8_t rm, Cpu cpu) {
  if (mod != 3) return memoryForm(opcode, reg);
  return registerForm(opcode, reg, rm, cpu);
}

}  // namespace asmlab::x86::dis::detail
