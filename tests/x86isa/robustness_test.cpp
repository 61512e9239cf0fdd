// Bad input never crashes: random byte strings through the disassembler on every model, and
// random (mostly invalid) operand combinations through the encoder for every mnemonic.
#include <gtest/gtest.h>

#include <random>

#include "asmlab/x86/disassembler.hpp"
#include "asmlab/x86/encoder.hpp"
#include "forms.hpp"

namespace asmlab::x86 {
namespace {

TEST(Robustness, RandomBytesDecodeToBoundedInstructions) {
  std::mt19937 rng(7);
  std::vector<std::uint8_t> bytes(16);
  for (dis::Cpu cpu : {dis::Cpu::I8086, dis::Cpu::I80186, dis::Cpu::I80286, dis::Cpu::I80386}) {
    dis::DecodeOptions options;
    options.cpu = cpu;
    for (int round = 0; round < 20000; ++round) {
      for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
      options.address = rng() & 0xFFFF;
      const auto insn = dis::decode(std::span<const std::uint8_t>(bytes), options);
      ASSERT_GE(insn.length, 1);
      ASSERT_LE(insn.length, 15);
      ASSERT_FALSE(insn.text.empty());
    }
  }
}

enc::Operand randomOperand(std::mt19937& rng) {
  using enc::Operand;
  switch (rng() % 5) {
    case 0: return Operand{};
    case 1: return Operand::reg_(static_cast<enc::Reg>(rng() % 31));
    case 2: {
      static const std::int64_t kValues[] = {0, 1, 3, -1, 127, 128, 255, 256, 65535, 65536, -32769, 0x7FFFFFFF, -0x80000000LL,
                                             0x100000000LL};
      enc::Reloc reloc{static_cast<enc::RelocKind>(rng() % 4), 1};
      return Operand::imm_(kValues[rng() % 14], reloc);
    }
    case 3: {
      enc::Memory m;
      m.segment = static_cast<enc::Reg>(rng() % 31);
      m.base = static_cast<enc::Reg>(rng() % 31);
      m.index = static_cast<enc::Reg>(rng() % 31);
      m.scale = static_cast<std::uint8_t>(rng() % 10);
      m.displacement = static_cast<std::int64_t>(static_cast<std::int32_t>(rng())) * (rng() % 3);
      m.size = rng() % 12;
      m.dispSize = static_cast<enc::DispSize>(rng() % 3);
      m.reloc = {static_cast<enc::RelocKind>(rng() % 4), 2};
      m.address32 = rng() % 2;
      return Operand::mem_(m);
    }
    default: {
      enc::Target t;
      t.offset = static_cast<std::int32_t>(rng());
      t.known = rng() % 2;
      t.sameSegment = rng() % 2;
      t.distance = static_cast<enc::Distance>(rng() % 4);
      t.reloc = {static_cast<enc::RelocKind>(rng() % 4), 3};
      return Operand::target_(t);
    }
  }
}

TEST(Robustness, RandomOperandsNeverCrashTheEncoder) {
  std::mt19937 rng(11);
  std::vector<std::string_view> mnemonics;
  for (const auto& form : enc::detail::allForms()) mnemonics.push_back(form.mnemonic);
  for (const char* extra : {"jmp", "call", "jz", "loop", "jecxz", "movs", "cmps", "lods", "outs", "ins", "xlat", "rep", "lock",
                            "nosuch", ""})
    mnemonics.push_back(extra);
  for (int round = 0; round < 30000; ++round) {
    enc::Instruction insn;
    insn.mnemonic = mnemonics[rng() % mnemonics.size()];
    const unsigned count = rng() % 4;
    for (unsigned i = 0; i < count && i < 3; ++i) insn.add(randomOperand(rng));
    insn.rep = static_cast<enc::RepPrefix>(rng() % 4);
    insn.lock = rng() % 8 == 0;
    insn.address = rng() & 0xFFFF;
    insn.minJumpForm = static_cast<enc::JumpForm>(rng() % 5);
    const enc::Options options{static_cast<enc::Cpu>(rng() % 4), rng() % 2 == 0};
    const auto out = enc::encode(insn, options);
    ASSERT_LE(out.length, 15);
    if (out.ok()) {
      ASSERT_GT(out.length, 0) << insn.mnemonic;
      for (const auto& f : out.fixups) ASSERT_LE(f.position + f.width, out.length);
    } else {
      ASSERT_FALSE(out.error.message.empty() && out.error.code != enc::ErrorCode::UnknownMnemonic) << insn.mnemonic;
    }
  }
}

}  // namespace
}  // namespace asmlab::x86
