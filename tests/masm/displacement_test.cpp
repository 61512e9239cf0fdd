// Memory operands with a base and/or index register and a displacement, in every spelling MASM
// accepts, against bytes built here from the Intel 8086 manual's ModRM table (8086 Family User's
// Manual, table 4-10 "R/M field encoding" and 4-8 "MOD field encoding"; the same rows are in the
// 80386 Programmer's Reference, table 17-2): r/m 000 [BX+SI] 001 [BX+DI] 010 [BP+SI] 011 [BP+DI]
// 100 [SI] 101 [DI] 110 [BP] 111 [BX]; mod 00 no displacement (r/m 110 there is a direct
// disp16), mod 01 disp8 sign-extended, mod 10 disp16. MASM 6.1 takes the shortest form: mod 00
// for a zero displacement (mod 01 with disp8 0 for [BP] alone), mod 01 when the value fits in
// -128..127, mod 10 otherwise; a relocatable displacement is always disp16.
//
// The expected bytes never come from the assembler under test: a miscompile such as `[bp-2]`
// encoded as `[bp+0]` (8B 46 00) fails here whichever layer loses the displacement.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

struct AddressForm {
  const char* base;   // as written inside the brackets
  const char* first;  // for [first][second] spellings; null for one-register forms
  const char* second;
  uint8_t rm;
};

const AddressForm kForms[] = {
    {"bx+si", "bx", "si", 0}, {"bx+di", "bx", "di", 1}, {"bp+si", "bp", "si", 2}, {"bp+di", "bp", "di", 3},
    {"si", nullptr, nullptr, 4}, {"di", nullptr, nullptr, 5}, {"bp", nullptr, nullptr, 6}, {"bx", nullptr, nullptr, 7},
};

// Values on each side of every boundary of the mod field's choice.
const int kDisplacements[] = {0, 1, 2, 4, -1, -2, -4, 126, 127, -127, -128, 128, -129, 255, -256, 1000, -1000,
                              32767, -32768};

// The ModRM byte and displacement bytes for reg field `reg`, r/m `rm` and displacement `disp`.
std::vector<uint8_t> modrm(uint8_t reg, uint8_t rm, int disp, bool relocatable = false) {
  uint8_t mod;
  if (relocatable) mod = 2;
  else if (disp == 0 && rm != 6) mod = 0;
  else if (disp >= -128 && disp <= 127) mod = 1;
  else mod = 2;
  std::vector<uint8_t> out{static_cast<uint8_t>(mod << 6 | reg << 3 | rm)};
  if (mod == 1) out.push_back(static_cast<uint8_t>(disp & 0xFF));
  if (mod == 2) {
    out.push_back(static_cast<uint8_t>(disp & 0xFF));
    out.push_back(static_cast<uint8_t>((disp >> 8) & 0xFF));
  }
  return out;
}

// `+ 2`, `- 2`, or nothing for 0 (as a student writes it).
std::string signedTerm(int d) { return d == 0 ? "" : d > 0 ? fmt::format("+{}", d) : fmt::format("-{}", -d); }

// Every spelling of [form + d] that MASM 6.1 accepts with the same meaning.
std::vector<std::string> spellings(const AddressForm& f, int d) {
  std::vector<std::string> s;
  const std::string t = signedTerm(d);
  s.push_back(fmt::format("[{}{}]", f.base, t));                // [bp-2]
  s.push_back(fmt::format("[{}]{}", f.base, t));                // [bp]-2
  s.push_back(fmt::format("{}[{}]", d, f.base));                // -2[bp]
  s.push_back(fmt::format("[{}+({})]", f.base, d));             // [bp+(-2)]
  s.push_back(fmt::format("[{} + {}]", f.base, d));             // [bp + -2]
  s.push_back(fmt::format("[{}{}]", d, d < 0 ? fmt::format("+{}", f.base) : "+" + std::string(f.base)));  // [-2+bp]
  if (d % 2 == 0 && d != 0) s.push_back(fmt::format("[{}{}*2]", f.base, signedTerm(d / 2)));  // [bp-1*2]
  if (f.first) {
    s.push_back(fmt::format("[{}{}][{}]", f.first, t, f.second));  // [bp-2][si]
    s.push_back(fmt::format("[{}][{}{}]", f.first, f.second, t));  // [bp][si-2]
    s.push_back(fmt::format("{}[{}][{}]", d, f.first, f.second));  // -2[bp][si]
  }
  return s;
}

std::string program(const std::string& body) {
  return "S STRUC\nf0 dw ?\nf2 dw ?\nf4 db ?\nS ENDS\nk = 6\n"
         "d segment\nvar db 16 dup (0)\nd ends\n"
         "c segment\nassume cs:c, ds:d\n" + body + "\nc ends\nend\n";
}

// The bytes of the one statement `line`.
std::string encode(const std::string& line) {
  auto a = assembleText(program(line));
  if (a.diags.hasErrors()) return "error: " + a.errors();
  return hex(a.bytes("C"));
}

std::vector<uint8_t> cat(std::vector<uint8_t> a, const std::vector<uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// One instruction of each operand layout: reg <- r/m, r/m <- reg, r/m <- imm8 (immediate after
// the displacement), LEA, and a unary r/m.
struct Shape {
  const char* format;  // {} is the memory operand
  std::vector<uint8_t> opcode;
  uint8_t reg;
  std::vector<uint8_t> immediate;
};
const Shape kShapes[] = {
    {"mov ax,{}", {0x8B}, 0, {}},
    {"mov {},cx", {0x89}, 1, {}},
    {"mov byte ptr {},5", {0xC6}, 0, {0x05}},
    {"lea si,{}", {0x8D}, 6, {}},
    {"inc word ptr {}", {0xFF}, 0, {}},
    {"add word ptr {},1000", {0x81}, 0, {0xE8, 0x03}},
};

TEST(Displacement, EveryFormSignSizeAndSpelling) {
  int checked = 0;
  for (const AddressForm& f : kForms)
    for (int d : kDisplacements)
      for (const std::string& mem : spellings(f, d))
        for (const Shape& shape : kShapes) {
          const std::string line = " " + fmt::format(fmt::runtime(shape.format), mem);
          const auto expected = cat(cat(shape.opcode, modrm(shape.reg, f.rm, d)), shape.immediate);
          EXPECT_EQ(encode(line), hex(expected)) << line;
          ++checked;
        }
  EXPECT_GT(checked, 5000);
}

TEST(Displacement, SegmentOverridesPrefixTheSameEncoding) {
  // Prefixes (manual table 4-12): ES 26, CS 2E, SS 36, DS 3E. Only overrides that differ from
  // the form's default segment (SS for BP-based forms, DS otherwise) are checked, so that the
  // prefix is required whatever MASM's policy on redundant overrides.
  for (const AddressForm& f : kForms)
    for (int d : {0, -2, 2, -128, -129, 300}) {
      const bool bpBased = f.rm == 2 || f.rm == 3 || f.rm == 6;
      const std::vector<std::pair<const char*, uint8_t>> overrides = {
          {"es", 0x26}, {"cs", 0x2E}, {bpBased ? "ds" : "ss", static_cast<uint8_t>(bpBased ? 0x3E : 0x36)}};
      for (auto [name, prefix] : overrides) {
        const auto expected = cat({prefix, 0x8B}, modrm(0, f.rm, d));
        const std::string t = signedTerm(d);
        for (const std::string& mem :
             {fmt::format("{}:[{}{}]", name, f.base, t), fmt::format("{}:{}[{}]", name, d, f.base),
              fmt::format("{}:[{}]{}", name, f.base, t), fmt::format("word ptr {}:[{}{}]", name, f.base, t)}) {
          EXPECT_EQ(encode(" mov ax," + mem), hex(expected)) << mem;
        }
      }
    }
}

TEST(Displacement, ConstantSymbolsAndStructureFields) {
  // k = 6; S.f2 at offset 2, S.f4 at 4: the displacement is the sum of every constant term.
  for (const AddressForm& f : kForms)
    for (int d : {0, -2, -8, 120, -130}) {
      const std::string t = signedTerm(d);
      EXPECT_EQ(encode(fmt::format(" mov ax,k[{}{}]", f.base, t)), hex(cat({0x8B}, modrm(0, f.rm, 6 + d))));
      EXPECT_EQ(encode(fmt::format(" mov ax,[{}{}+k]", f.base, t)), hex(cat({0x8B}, modrm(0, f.rm, 6 + d))));
      EXPECT_EQ(encode(fmt::format(" mov ax,[{}{}].f2", f.base, t)), hex(cat({0x8B}, modrm(0, f.rm, 2 + d))));
      // The field's type gives the size: a byte operand (8A, reg AL).
      EXPECT_EQ(encode(fmt::format(" mov al,[{}{}].f4", f.base, t)), hex(cat({0x8A}, modrm(0, f.rm, 4 + d))));
      EXPECT_EQ(encode(fmt::format(" mov al,({} PTR [{}{}]).f4", "S", f.base, t)),
                hex(cat({0x8A}, modrm(0, f.rm, 4 + d))));
    }
}

TEST(Displacement, VariableWithIndexIsAlwaysDisp16) {
  // `var` is at offset 0 of its segment, so the displacement is d itself, relocated (mod 10).
  // Its segment is reached through DS (ASSUME), which BP-based forms need as an override (3E).
  for (const AddressForm& f : kForms)
    for (int d : {0, -2, 2, 127, -300}) {
      const std::string t = signedTerm(d);
      const bool bpBased = f.rm == 2 || f.rm == 3 || f.rm == 6;
      const auto expected = hex(cat(bpBased ? std::vector<uint8_t>{0x3E, 0x8A} : std::vector<uint8_t>{0x8A},
                                    modrm(0, f.rm, d, true)));
      EXPECT_EQ(encode(fmt::format(" mov al,var[{}{}]", f.base, t)), expected) << f.base << t;
      EXPECT_EQ(encode(fmt::format(" mov al,[var+{}{}]", f.base, t)), expected) << f.base << t;
      EXPECT_EQ(encode(fmt::format(" mov al,var{}[{}]", t, f.base)), expected) << f.base << t;
    }
}

TEST(Displacement, SubtractingARegisterIsAnError) {
  auto a = assembleText(program(" mov ax,[bx-si]"));
  EXPECT_TRUE(a.diags.hasErrors());
}

}  // namespace
}  // namespace asmlab::masm::test
