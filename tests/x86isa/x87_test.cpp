// The x87 instructions against bytes worked out by hand from the 80387 Programmer's Reference
// Manual's opcode map (D8h-DFh: memory forms by the ModRM reg field, register forms by the whole
// second byte) and the 8087/80287 data sheets, each also disassembled back to its text and
// re-encoded; then MASM's FWAIT insertion per coprocessor directive (MASM 6.1 Programmer's Guide,
// chapter 6, "Coordinating Memory Access"; Reference: .8087 is the default, .286 enables the
// 80287 and .386 the 80387 instructions).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "asmlab/x86/disassembler.hpp"
#include "asmlab/x86/encoder.hpp"
#include "masm_line.hpp"
#include "x87.hpp"

namespace asmlab::x86 {
namespace {

using enc::Fpu;

struct Case {
  const char* source;
  const char* bytes;               // under .387, where no FWAIT is inserted
  const char* text = nullptr;      // the disassembler's text, if it differs
};

// ModRM: mod|reg|rm. [bx] is mod 00 rm 111; [bp+si+4] mod 01 rm 010 disp8; ds:[1234h] mod 00 rm 110.
const Case kCases[] = {
    {"fld dword ptr [bx]", "D9 07"},                 // D9 /0
    {"fld qword ptr [bx]", "DD 07"},                 // DD /0
    {"fld tbyte ptr [bx]", "DB 2F"},                 // DB /5: 00|101|111
    {"fld st(1)", "D9 C1"},
    {"fld st", "D9 C0"},
    {"fst dword ptr [bp+si+4]", "D9 52 04"},         // D9 /2: 01|010|010
    {"fst qword ptr [bx]", "DD 17"},
    {"fst st(2)", "DD D2"},
    {"fstp dword ptr [bx]", "D9 1F"},
    {"fstp qword ptr [bx]", "DD 1F"},
    {"fstp tbyte ptr [bx]", "DB 3F"},                // DB /7
    {"fstp st(3)", "DD DB"},
    {"fild word ptr [bx]", "DF 07"},
    {"fild dword ptr [bx]", "DB 07"},
    {"fild qword ptr [bx]", "DF 2F"},                // DF /5
    {"fist word ptr [bx]", "DF 17"},
    {"fist dword ptr [bx]", "DB 17"},
    {"fistp word ptr [bx]", "DF 1F"},
    {"fistp dword ptr [bx]", "DB 1F"},
    {"fistp qword ptr [bx]", "DF 3F"},               // DF /7
    {"fbld tbyte ptr [bx]", "DF 27"},                // DF /4
    {"fbstp tbyte ptr [bx]", "DF 37"},               // DF /6
    {"fxch st(1)", "D9 C9"},
    {"fxch st(5)", "D9 CD"},
    {"ffree st(2)", "DD C2"},
    // Arithmetic: D8 /n m32, DC /n m64, D8 (C0+8n+i) st,st(i); DC and DE swap SUB/SUBR, DIV/DIVR.
    {"fadd dword ptr [bx]", "D8 07"},
    {"fadd qword ptr [bx]", "DC 07"},
    {"fadd st, st(2)", "D8 C2"},
    {"fadd st(2), st", "DC C2"},
    {"faddp st(1), st", "DE C1"},
    {"fmul dword ptr [bx]", "D8 0F"},
    {"fmul st, st(1)", "D8 C9"},
    {"fmulp st(2), st", "DE CA"},
    {"fsub dword ptr [bx]", "D8 27"},                // D8 /4
    {"fsub st, st(1)", "D8 E1"},
    {"fsub st(1), st", "DC E9"},                     // DC E8+i: FSUB ST(i),ST
    {"fsubp st(1), st", "DE E9"},
    {"fsubr qword ptr [bx]", "DC 2F"},               // DC /5
    {"fsubr st, st(1)", "D8 E9"},
    {"fsubr st(1), st", "DC E1"},
    {"fsubrp st(1), st", "DE E1"},
    {"fdiv dword ptr [bx]", "D8 37"},
    {"fdiv st, st(3)", "D8 F3"},
    {"fdiv st(3), st", "DC FB"},
    {"fdivp st(1), st", "DE F9"},
    {"fdivr st, st(1)", "D8 F9"},
    {"fdivr st(1), st", "DC F1"},
    {"fdivrp st(1), st", "DE F1"},
    {"fiadd word ptr [bx]", "DE 07"},
    {"fiadd dword ptr [bx]", "DA 07"},
    {"fimul word ptr [bx]", "DE 0F"},
    {"fisub dword ptr [bx]", "DA 27"},
    {"fisubr word ptr [bx]", "DE 2F"},
    {"fidiv dword ptr [bx]", "DA 37"},
    {"fidivr word ptr [bx]", "DE 3F"},
    {"ficom word ptr [bx]", "DE 17"},
    {"ficomp dword ptr [bx]", "DA 1F"},
    {"fcom dword ptr [bx]", "D8 17"},
    {"fcom qword ptr [bx]", "DC 17"},
    {"fcom st(2)", "D8 D2"},
    {"fcomp dword ptr [bx]", "D8 1F"},
    {"fcomp st(1)", "D8 D9"},
    {"fcompp", "DE D9"},
    {"fucom st(1)", "DD E1"},
    {"fucomp st(2)", "DD EA"},
    {"fucompp", "DA E9"},
    // No operands.
    {"fnop", "D9 D0"}, {"fchs", "D9 E0"}, {"fabs", "D9 E1"}, {"ftst", "D9 E4"}, {"fxam", "D9 E5"},
    {"fld1", "D9 E8"}, {"fldl2t", "D9 E9"}, {"fldl2e", "D9 EA"}, {"fldpi", "D9 EB"}, {"fldlg2", "D9 EC"},
    {"fldln2", "D9 ED"}, {"fldz", "D9 EE"}, {"f2xm1", "D9 F0"}, {"fyl2x", "D9 F1"}, {"fptan", "D9 F2"},
    {"fpatan", "D9 F3"}, {"fxtract", "D9 F4"}, {"fprem1", "D9 F5"}, {"fdecstp", "D9 F6"}, {"fincstp", "D9 F7"},
    {"fprem", "D9 F8"}, {"fyl2xp1", "D9 F9"}, {"fsqrt", "D9 FA"}, {"fsincos", "D9 FB"}, {"frndint", "D9 FC"},
    {"fscale", "D9 FD"}, {"fsin", "D9 FE"}, {"fcos", "D9 FF"},
    // Control: the no-wait forms (the disassembler shows these names).
    {"fninit", "DB E3"}, {"fnclex", "DB E2"}, {"fneni", "DB E0"}, {"fndisi", "DB E1"}, {"fsetpm", "DB E4"},
    {"fldcw word ptr [bx]", "D9 2F"},                // D9 /5
    {"fnstcw word ptr [bx]", "D9 3F"},               // D9 /7
    {"fnstsw word ptr [bx]", "DD 3F"},               // DD /7
    {"fnstsw ax", "DF E0"},
    {"fldenv [bx]", "D9 27"},                        // D9 /4
    {"fnstenv [bx]", "D9 37"},                       // D9 /6
    {"frstor [bx]", "DD 27"},                        // DD /4
    {"fnsave [bx]", "DD 37"},                        // DD /6
    // Segment overrides and 32-bit addresses come before the opcode.
    {"fld qword ptr es:[bx]", "26 DD 07"},
    {"fld dword ptr ds:[1234h]", "D9 06 34 12"},
    {"fild word ptr [eax]", "67 DF 00"},
};

class X87Test : public ::testing::TestWithParam<Case> {};

TEST_P(X87Test, EncodesDisassemblesAndReencodes) {
  const Case& c = GetParam();
  const test::ParsedLine line = test::parseLine(c.source);
  ASSERT_TRUE(line.error.empty()) << line.error;
  enc::Options options{enc::Cpu::I80386};
  options.fpu = Fpu::I80387;
  const enc::Encoding e = enc::encode(line.instruction(), options);
  ASSERT_TRUE(e.ok()) << c.source << ": " << e.error.message;
  EXPECT_EQ(test::hexBytes(e.view()), c.bytes) << c.source;

  dis::DecodeOptions decode;
  decode.cpu = dis::Cpu::I80386;
  const dis::Instruction d = dis::decode(std::span<const std::uint8_t>(e.bytes.data(), e.length), decode);
  EXPECT_TRUE(d.valid) << c.source;
  EXPECT_EQ(d.length, e.length) << c.source;
  EXPECT_EQ(d.text, c.text ? c.text : c.source);
  const test::ParsedLine again = test::parseLine(d.text);
  ASSERT_TRUE(again.error.empty()) << d.text << ": " << again.error;
  const enc::Encoding re = enc::encode(again.instruction(), options);
  ASSERT_TRUE(re.ok()) << d.text << ": " << re.error.message;
  EXPECT_EQ(test::hexBytes(re.view()), c.bytes) << d.text;
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  std::string name = std::to_string(info.index) + "_";
  for (const char* p = info.param.source; *p && name.size() < 40; ++p)
    name += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(HandEncoded, X87Test, ::testing::ValuesIn(kCases), caseName);

std::string encodeUnder(const char* source, Fpu fpu, enc::Cpu cpu = enc::Cpu::I8086) {
  const test::ParsedLine line = test::parseLine(source);
  EXPECT_TRUE(line.error.empty()) << line.error;
  enc::Options options{cpu};
  options.fpu = fpu;
  const enc::Encoding e = enc::encode(line.instruction(), options);
  return e.ok() ? test::hexBytes(e.view()) : "error: " + e.error.message;
}

// Under .8087 every coprocessor instruction but the no-wait forms gets an FWAIT (9Bh) in front,
// before any prefix; under .287 and .387 only the wait forms (FINIT = FWAIT FNINIT, FCLEX, FSTSW,
// FSTCW, FSTENV, FSAVE, FENI, FDISI) have one.
TEST(X87Wait, InsertedAsMasmDoesPerCoprocessor) {
  EXPECT_EQ(encodeUnder("fld st(1)", Fpu::I8087), "9B D9 C1");
  EXPECT_EQ(encodeUnder("fld qword ptr es:[bx]", Fpu::I8087), "9B 26 DD 07");
  EXPECT_EQ(encodeUnder("fadd", Fpu::I8087), "9B DE C1");
  EXPECT_EQ(encodeUnder("fninit", Fpu::I8087), "DB E3");
  EXPECT_EQ(encodeUnder("finit", Fpu::I8087), "9B DB E3");
  EXPECT_EQ(encodeUnder("fld st(1)", Fpu::I80287, enc::Cpu::I80286), "D9 C1");
  EXPECT_EQ(encodeUnder("finit", Fpu::I80287, enc::Cpu::I80286), "9B DB E3");
  EXPECT_EQ(encodeUnder("fld st(1)", Fpu::I80387, enc::Cpu::I80386), "D9 C1");
  for (const char* waitForm : {"finit", "fclex", "feni", "fdisi"})
    EXPECT_EQ(encodeUnder(waitForm, Fpu::I80387, enc::Cpu::I80386).substr(0, 3), "9B ") << waitForm;
  EXPECT_EQ(encodeUnder("fstsw word ptr [bx]", Fpu::I80387), "9B DD 3F");
  EXPECT_EQ(encodeUnder("fstcw word ptr [bx]", Fpu::I80387), "9B D9 3F");
  EXPECT_EQ(encodeUnder("fstenv [bx]", Fpu::I80387), "9B D9 37");
  EXPECT_EQ(encodeUnder("fsave [bx]", Fpu::I80387), "9B DD 37");
  EXPECT_EQ(encodeUnder("fstsw ax", Fpu::I80287), "9B DF E0");
  EXPECT_EQ(encodeUnder("fnstsw ax", Fpu::I80287), "DF E0");
  EXPECT_EQ(encodeUnder("fwait", Fpu::I8087), "9B");
}

// Without operands, FADD is FADDP ST(1),ST (the same for FMUL, FSUB, FSUBR, FDIV, FDIVR: the
// popping form on st(1)); FXCH is FXCH ST(1); FCOM and FCOMP compare with st(1).
TEST(X87Forms, ImplicitOperands) {
  EXPECT_EQ(encodeUnder("fadd", Fpu::I80387), "DE C1");
  EXPECT_EQ(encodeUnder("faddp", Fpu::I80387), "DE C1");
  EXPECT_EQ(encodeUnder("fmul", Fpu::I80387), "DE C9");
  EXPECT_EQ(encodeUnder("fsub", Fpu::I80387), "DE E9");
  EXPECT_EQ(encodeUnder("fsubr", Fpu::I80387), "DE E1");
  EXPECT_EQ(encodeUnder("fdiv", Fpu::I80387), "DE F9");
  EXPECT_EQ(encodeUnder("fdivr", Fpu::I80387), "DE F1");
  EXPECT_EQ(encodeUnder("fxch", Fpu::I80387), "D9 C9");
  EXPECT_EQ(encodeUnder("fcom", Fpu::I80387), "D8 D1");
  EXPECT_EQ(encodeUnder("fcomp", Fpu::I80387), "D8 D9");
  EXPECT_EQ(encodeUnder("fucom", Fpu::I80387), "DD E1");
}

TEST(X87Forms, ErrorsNameWhatIsMissing) {
  EXPECT_EQ(encodeUnder("fld [bx]", Fpu::I80387), "error: instruction operand must have size: use DWORD PTR, QWORD PTR, TBYTE PTR");
  EXPECT_EQ(encodeUnder("fild [bx]", Fpu::I80387), "error: instruction operand must have size: use WORD PTR, DWORD PTR, QWORD PTR");
  // One memory form only: the size is not needed (FLDCW [bx], FBLD [si]).
  EXPECT_EQ(encodeUnder("fldcw [bx]", Fpu::I80387), "D9 2F");
  EXPECT_EQ(encodeUnder("fbld [si]", Fpu::I80387), "DF 24");
  EXPECT_NE(encodeUnder("fld byte ptr [bx]", Fpu::I80387).find("invalid operand size for FLD"), std::string::npos);
  EXPECT_NE(encodeUnder("fsin", Fpu::I80287).find("requires .387"), std::string::npos);
  EXPECT_NE(encodeUnder("fstsw ax", Fpu::I8087).find("requires .287"), std::string::npos);
  EXPECT_NE(encodeUnder("fld st(1)", Fpu::None).find(".NO87"), std::string::npos);
  EXPECT_NE(encodeUnder("fadd st(1), st(2)", Fpu::I80387).find("invalid operands for FADD"), std::string::npos);
  EXPECT_NE(encodeUnder("fld ax", Fpu::I80387).find("invalid operands"), std::string::npos);
}

// Every row of the x87 table is used by a hand-encoded case above (its mnemonic and operand
// shape), so no form goes untested.
TEST(X87Forms, EveryMnemonicHasAHandEncodedCase) {
  for (std::string_view name : enc::detail::x87Mnemonics()) {
    const bool covered = std::any_of(std::begin(kCases), std::end(kCases), [&](const Case& c) {
      const std::string source = c.source;
      return source.substr(0, source.find(' ')) == name;
    });
    // The wait forms are FWAIT + the no-wait form above (X87Wait).
    const std::vector<std::string_view> waitForms = {"finit", "fclex", "feni", "fdisi", "fstcw", "fstsw", "fstenv", "fsave"};
    const bool elsewhere = std::find(waitForms.begin(), waitForms.end(), name) != waitForms.end();
    EXPECT_TRUE(covered || elsewhere) << name;
  }
}

}  // namespace
}  // namespace asmlab::x86
