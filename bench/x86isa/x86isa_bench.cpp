// Throughput of the x86 encoder (instructions the MASM front end encodes per second, once per
// pass) and the disassembler (instructions a debugger's listing decodes per second).
#include <benchmark/benchmark.h>

#include <vector>

#include "asmlab/x86/disassembler.hpp"
#include "asmlab/x86/encoder.hpp"

namespace {

using namespace asmlab::x86;

std::vector<enc::Instruction> mix() {
  using enc::Operand;
  using enc::Reg;
  std::vector<enc::Instruction> list;
  auto add = [&](const char* m, std::initializer_list<Operand> ops) {
    enc::Instruction insn;
    insn.mnemonic = m;
    for (const auto& o : ops) insn.add(o);
    list.push_back(insn);
  };
  enc::Memory var;
  var.base = Reg::BX;
  var.index = Reg::SI;
  var.displacement = 0x12;
  var.size = 2;
  enc::Memory byte;
  byte.base = Reg::BP;
  byte.displacement = -4;
  byte.size = 1;
  enc::Target near;
  near.offset = 0x120;
  add("mov", {Operand::reg_(Reg::AX), Operand::reg_(Reg::BX)});
  add("mov", {Operand::reg_(Reg::AX), Operand::mem_(var)});
  add("add", {Operand::reg_(Reg::CX), Operand::imm_(1)});
  add("cmp", {Operand::mem_(byte), Operand::imm_(' ')});
  add("jnz", {Operand::target_(near)});
  add("push", {Operand::reg_(Reg::SI)});
  add("call", {Operand::target_(near)});
  add("int", {Operand::imm_(0x21)});
  add("inc", {Operand::reg_(Reg::DI)});
  add("lodsb", {});
  return list;
}

void EncodeMix(benchmark::State& state) {
  const auto list = mix();
  const enc::Options options{enc::Cpu::I80386};
  for (auto _ : state)
    for (const auto& insn : list) benchmark::DoNotOptimize(enc::encode(insn, options));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * list.size()));
}
BENCHMARK(EncodeMix);

void DisassembleStream(benchmark::State& state) {
  // The encoded mix repeated: a typical stretch of student code.
  std::vector<std::uint8_t> code;
  const enc::Options options{enc::Cpu::I80386};
  for (int r = 0; r < 100; ++r)
    for (const auto& insn : mix()) {
      auto e = enc::encode(insn, options);
      code.insert(code.end(), e.bytes.begin(), e.bytes.begin() + e.length);
    }
  std::int64_t decoded = 0;
  for (auto _ : state) {
    std::uint32_t at = 0;
    while (at < code.size()) {
      dis::DecodeOptions o;
      o.cpu = dis::Cpu::I80386;
      o.address = at;
      const auto insn = dis::decode(std::span<const std::uint8_t>(code.data() + at, code.size() - at), o);
      at += insn.length;
      ++decoded;
      benchmark::DoNotOptimize(insn.text.data());
    }
  }
  state.SetItemsProcessed(decoded);
}
BENCHMARK(DisassembleStream);

}  // namespace

BENCHMARK_MAIN();
