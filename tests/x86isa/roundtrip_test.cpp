// Generated round trip: random valid operands for every row of the encoder's form table ->
// encode -> disassemble -> read the text back -> re-encode -> the same bytes. Also checks that
// the disassembler's length agrees with the encoder's, and that every row is covered by a
// hand-derived case in encoding_test.cpp (by its opcode bytes).
#include <gtest/gtest.h>

#include <random>

#include "asmlab/x86/disassembler.hpp"
#include "asmlab/x86/encoder.hpp"
#include "forms.hpp"
#include "masm_line.hpp"

namespace asmlab::x86 {
namespace {

using enc::Reg;
using enc::detail::Form;
using enc::detail::Pat;
using enc::detail::Width;

class Generator {
public:
  explicit Generator(unsigned seed) : rng_(seed) {}

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin() { return pick(0, 1) == 1; }
  bool only16 = false;  // the 8086 model: no 32-bit registers, addresses, FS or GS

  Reg general(unsigned size) {
    const int base = size == 1 ? 0 : size == 2 ? 8 : 16;
    return static_cast<Reg>(base + pick(0, 7));
  }

  enc::Memory memory(unsigned size, bool allow32) {
    enc::Memory m;
    m.size = size;
    static const Reg kSegments[] = {Reg::None, Reg::None, Reg::ES, Reg::CS, Reg::SS, Reg::DS, Reg::FS, Reg::GS};
    allow32 &= !only16;
    m.segment = kSegments[pick(0, allow32 ? 7 : 5)];
    const int shape = pick(0, allow32 ? 11 : 8);
    static const std::pair<Reg, Reg> k16[] = {{Reg::BX, Reg::SI}, {Reg::BX, Reg::DI}, {Reg::BP, Reg::SI}, {Reg::BP, Reg::DI},
                                              {Reg::None, Reg::SI}, {Reg::None, Reg::DI}, {Reg::BP, Reg::None}, {Reg::BX, Reg::None}};
    if (shape < 8) {
      m.base = k16[shape].first;
      m.index = k16[shape].second;
      if (m.base == Reg::None) std::swap(m.base, m.index);
    } else if (shape == 8) {
      // direct address
    } else {
      m.base = static_cast<Reg>(16 + pick(0, 7));
      if (shape >= 10) {
        Reg index = static_cast<Reg>(16 + pick(0, 7));
        if (index == Reg::ESP) index = Reg::EAX;
        m.index = index;
        static const std::uint8_t kScales[] = {1, 2, 4, 8};
        m.scale = kScales[pick(0, 3)];
        if (shape == 11) m.base = Reg::None;
        if (m.base == Reg::None && m.scale == 1) m.scale = 2;  // a lone index*1 is written as a base
      }
    }
    const bool wide = m.base != Reg::None && enc::registerSize(m.base) == 4;
    switch (pick(0, 3)) {
      case 0: m.displacement = 0; break;
      case 1: m.displacement = pick(-128, 127); break;
      case 2: m.displacement = wide ? pick(-100000, 100000) : pick(128, 0xFFFF); break;
      default: m.displacement = wide ? pick(0, 0x7FFFFFFF) : pick(-32768, -129); break;
    }
    if (m.base == Reg::None && m.index == Reg::None) m.displacement = pick(0, 0xFFFF);
    return m;
  }

  std::int64_t immediate(unsigned size) {
    if (size == 1) return pick(0, 255);
    if (size == 2) return pick(0, 0xFFFF);
    return static_cast<std::int64_t>(static_cast<std::uint32_t>(rng_()));
  }

private:
  std::mt19937 rng_;
};

bool operandFor(Generator& g, Pat pat, unsigned size, int position, const Form& form, enc::Operand& out) {
  using enc::Operand;
  const bool allow32 = form.cpu == enc::Cpu::I80386 || size == 4 || g.pick(0, 3) == 0;
  switch (pat) {
    case Pat::R: out = Operand::reg_(g.general(size)); return true;
    case Pat::RM: out = g.coin() ? Operand::reg_(g.general(size)) : Operand::mem_(g.memory(size, allow32)); return true;
    case Pat::M: out = Operand::mem_(g.memory(size, allow32)); return true;
    case Pat::MAny: out = Operand::mem_(g.memory(0, allow32)); return true;
    case Pat::MFar: out = Operand::mem_(g.memory(size + 2, allow32)); return true;
    case Pat::MFarExact: out = Operand::mem_(g.memory(4, allow32)); return true;
    case Pat::RM8: out = g.coin() ? Operand::reg_(g.general(1)) : Operand::mem_(g.memory(1, allow32)); return true;
    case Pat::RM16: out = g.coin() ? Operand::reg_(g.general(2)) : Operand::mem_(g.memory(2, allow32)); return true;
    case Pat::Acc: out = Operand::reg_(size == 1 ? Reg::AL : size == 2 ? Reg::AX : Reg::EAX); return true;
    case Pat::Moffs: {
      enc::Memory m = g.memory(size, false);
      m.base = m.index = Reg::None;
      m.scale = 1;
      m.displacement = g.pick(0, 0xFFFF);
      out = Operand::mem_(m);
      return true;
    }
    case Pat::I: out = Operand::imm_(g.immediate(size)); return true;
    case Pat::IS8: out = Operand::imm_(g.pick(-128, 127)); return true;
    case Pat::I8: out = Operand::imm_(g.pick(0, 255)); return true;
    case Pat::I16: out = Operand::imm_(g.pick(0, 0xFFFF)); return true;
    case Pat::One: out = Operand::imm_(1); return true;
    case Pat::Three: out = Operand::imm_(3); return true;
    case Pat::RegCL: out = Operand::reg_(Reg::CL); return true;
    case Pat::RegDX: out = Operand::reg_(Reg::DX); return true;
    case Pat::Sreg: {
      static const Reg kDestinations[] = {Reg::ES, Reg::SS, Reg::DS, Reg::FS, Reg::GS};
      static const Reg kSources[] = {Reg::ES, Reg::CS, Reg::SS, Reg::DS, Reg::FS, Reg::GS};
      out = Operand::reg_(position == 0 ? kDestinations[g.pick(0, g.only16 ? 2 : 4)] : kSources[g.pick(0, g.only16 ? 3 : 5)]);
      return true;
    }
    case Pat::SegES: out = Operand::reg_(Reg::ES); return true;
    case Pat::SegCS: out = Operand::reg_(Reg::CS); return true;
    case Pat::SegSS: out = Operand::reg_(Reg::SS); return true;
    case Pat::SegDS: out = Operand::reg_(Reg::DS); return true;
    case Pat::SegFS: out = Operand::reg_(Reg::FS); return true;
    case Pat::SegGS: out = Operand::reg_(Reg::GS); return true;
    case Pat::None: return false;
  }
  return false;
}

// Encodes every row the model has with random operands and checks the round trip on that model.
unsigned roundTrip(enc::Cpu cpu, unsigned seed) {
  Generator g(seed);  // fixed seed: the run is deterministic
  g.only16 = cpu < enc::Cpu::I80386;
  const enc::Options options{cpu};
  dis::DecodeOptions disOptions;
  disOptions.cpu = static_cast<dis::Cpu>(cpu);
  disOptions.address = 0x100;
  unsigned checked = 0;
  for (const Form& form : enc::detail::allForms()) {
    if (form.cpu > cpu || (g.only16 && (form.width == Width::D || (form.flags & enc::detail::kO32)))) continue;
    for (int round = 0; round < 24; ++round) {
      const unsigned rawSize = form.width == Width::B ? 1 : form.width == Width::W ? 2 : form.width == Width::D ? 4
                            : form.width == Width::V ? (g.coin() && !g.only16 ? 4u : 2u) : 2u;
      // A V-width row whose only sized operand is an immediate (PUSH imm) is a word in 16-bit code.
      bool carrier = false;
      for (Pat p : form.ops) carrier |= p == Pat::R || p == Pat::RM || p == Pat::M || p == Pat::Acc || p == Pat::Moffs;
      const unsigned size = form.width == Width::V && !carrier ? 2u : rawSize;
      enc::Instruction insn;
      insn.mnemonic = form.mnemonic;
      insn.address = 0x100;
      bool ok = true;
      for (int i = 0; i < 3 && form.ops[i] != Pat::None; ++i) {
        enc::Operand o;
        ok &= operandFor(g, form.ops[i], size, i, form, o);
        insn.add(o);
      }
      EXPECT_TRUE(ok);
      const auto encoded = enc::encode(insn, options);
      SCOPED_TRACE(enc::detail::formSignature(form));
      EXPECT_TRUE(encoded.ok()) << encoded.error.message;
      if (!encoded.ok()) continue;
      const auto decoded = dis::decode(encoded.view(), disOptions);
      EXPECT_TRUE(decoded.valid) << test::hexBytes(encoded.view()) << " " << decoded.text;
      EXPECT_EQ(decoded.length, encoded.length) << test::hexBytes(encoded.view()) << " " << decoded.text;
      const auto line = test::parseLine(decoded.text);
      EXPECT_TRUE(line.error.empty()) << decoded.text << ": " << line.error;
      const auto again = enc::encode(line.instruction(), options);
      EXPECT_TRUE(again.ok()) << decoded.text << ": " << again.error.message;
      EXPECT_EQ(test::hexBytes(again.view()), test::hexBytes(encoded.view())) << decoded.text;
      ++checked;
    }
  }
  return checked;
}

TEST(GeneratedRoundTrip, EveryFormWithRandomOperandsOn386) { EXPECT_GT(roundTrip(enc::Cpu::I80386, 20261121), 4000u); }
TEST(GeneratedRoundTrip, Every8086FormOnThe8086Model) { EXPECT_GT(roundTrip(enc::Cpu::I8086, 8086), 3000u); }
TEST(GeneratedRoundTrip, Every186FormOnThe186Model) { EXPECT_GT(roundTrip(enc::Cpu::I80186, 186), 3000u); }

}  // namespace
}  // namespace asmlab::x86
