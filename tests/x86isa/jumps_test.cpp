// Jump sizing across passes, TASM JUMPS, far and external targets and their fixups.
#include <gtest/gtest.h>

#include "asmlab/x86/encoder.hpp"
#include "masm_line.hpp"

namespace asmlab::x86 {
namespace {

using enc::Cpu;
using enc::JumpForm;

enc::Instruction jump(const char* mnemonic, enc::Target target, std::uint32_t address = 0x100) {
  enc::Instruction insn;
  insn.mnemonic = mnemonic;
  insn.address = address;
  insn.add(enc::Operand::target_(target));
  return insn;
}

enc::Target known(std::int64_t offset) {
  enc::Target t;
  t.offset = offset;
  return t;
}

TEST(JumpSizing, FormsForDistances) {
  const enc::Options i8086{Cpu::I8086};
  const enc::Options i386{Cpu::I80386};
  const enc::Options tasmJumps{Cpu::I8086, true};
  // Distance counts from the jump's first byte; a short jump reaches -128..+127 from its end.
  EXPECT_EQ(enc::jumpFormFor("jz", 129, i8086), JumpForm::Short);   // rel 127
  EXPECT_EQ(enc::jumpFormFor("jz", 130, i8086), JumpForm::None);    // rel 128: no form on the 8086
  EXPECT_EQ(enc::jumpFormFor("jz", 130, i386), JumpForm::Near);
  EXPECT_EQ(enc::jumpFormFor("jz", 130, tasmJumps), JumpForm::Expanded);
  EXPECT_EQ(enc::jumpFormFor("jz", -126, i8086), JumpForm::Short);  // rel -128
  EXPECT_EQ(enc::jumpFormFor("jz", -127, i8086), JumpForm::None);
  EXPECT_EQ(enc::jumpFormFor("JMP", 130, i8086), JumpForm::Near);
  EXPECT_EQ(enc::jumpFormFor("jmp", 10, i8086, JumpForm::Near), JumpForm::Near);  // never shrinks
  EXPECT_EQ(enc::jumpFormFor("loop", 200, i386), JumpForm::None);
  EXPECT_EQ(enc::jumpFormFor("call", 5, i8086), JumpForm::Near);
  EXPECT_EQ(enc::jumpLength("jmp", JumpForm::Short, i8086), 2u);
  EXPECT_EQ(enc::jumpLength("jmp", JumpForm::Near, i8086), 3u);
  EXPECT_EQ(enc::jumpLength("jmp", JumpForm::Far, i8086), 5u);
  EXPECT_EQ(enc::jumpLength("jnz", JumpForm::Near, i386), 4u);
  EXPECT_EQ(enc::jumpLength("jnz", JumpForm::Near, i8086), 0u);
  EXPECT_EQ(enc::jumpLength("jnz", JumpForm::Expanded, tasmJumps), 5u);
  EXPECT_EQ(enc::jumpLength("jecxz", JumpForm::Short, i386), 3u);
  EXPECT_EQ(enc::jumpLength("mov", JumpForm::Short, i386), 0u);
}

TEST(JumpSizing, ForwardReferencesStartShort) {
  enc::Target forward;
  forward.known = false;
  const auto e = enc::encode(jump("jmp", forward), {Cpu::I8086});
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.jumpForm, JumpForm::Short);
  EXPECT_EQ(e.length, 2);
  // A later pass passes the previous form back; it is kept even if the target is unknown again.
  auto again = jump("jmp", forward);
  again.minJumpForm = JumpForm::Near;
  EXPECT_EQ(enc::encode(again, {Cpu::I8086}).length, 3);
}

// A miniature front end: `jz L` + filler + `L:`; passes repeat until no jump changes size.
struct MiniProgram {
  MiniProgram(unsigned fillerBytes, enc::Options opts) : filler(fillerBytes), options(opts) {}
  unsigned filler;
  enc::Options options;
  JumpForm form = JumpForm::None;
  unsigned passes = 0;
  enc::Encoding last;

  void assemble() {
    bool known = false;
    std::int64_t label = 0;
    for (passes = 1; passes < 10; ++passes) {
      enc::Target t;
      t.known = known;
      t.offset = label;
      auto insn = jump("jz", t);
      insn.minJumpForm = form;
      last = enc::encode(insn, options);
      ASSERT_TRUE(last.ok()) << last.error.message;
      const std::int64_t newLabel = 0x100 + last.length + filler;
      const bool stable = known && newLabel == label && last.jumpForm == form;
      form = last.jumpForm;
      label = newLabel;
      known = true;
      if (stable) return;
    }
  }
};

TEST(JumpSizing, PassesSettleShortWhenInRange) {
  MiniProgram p{126, {Cpu::I8086}};
  p.assemble();
  EXPECT_EQ(p.form, JumpForm::Short);
  EXPECT_EQ(test::hexBytes(p.last.view()), "74 7E");
}

TEST(JumpSizing, PassesGrowToNearOn386) {
  MiniProgram p{128, {Cpu::I80386}};
  p.assemble();
  EXPECT_EQ(p.form, JumpForm::Near);
  // L = 100h + 4 + 128 = 184h; rel = 184h - 104h = 80h.
  EXPECT_EQ(test::hexBytes(p.last.view()), "0F 84 80 00");
}

TEST(JumpSizing, TasmJumpsExpandsOutOfRangeConditionals) {
  MiniProgram p{128, {Cpu::I8086, true}};
  p.assemble();
  EXPECT_EQ(p.form, JumpForm::Expanded);
  // jnz $+5 ; jmp L with L = 100h + 5 + 128 = 185h, rel = 185h - 105h = 80h.
  EXPECT_EQ(test::hexBytes(p.last.view()), "75 03 E9 80 00");
}

TEST(JumpSizing, OutOfRangeConditionalReportsTheDistance) {
  const auto e = enc::encode(jump("jc", known(0x200)), {Cpu::I8086});
  EXPECT_EQ(e.error.code, enc::ErrorCode::JumpOutOfRange);
  // rel = 200h - 102h = 254 = 127 + 127.
  EXPECT_NE(e.error.message.find("too far by 127 byte(s)"), std::string::npos) << e.error.message;
  EXPECT_NE(e.error.message.find("JUMPS"), std::string::npos);
  EXPECT_EQ(e.length, 2);
  auto shortJump = jump("jmp", known(0x200));
  shortJump.operands[0].target.distance = enc::Distance::Short;
  EXPECT_EQ(enc::encode(shortJump, {Cpu::I80386}).error.code, enc::ErrorCode::JumpOutOfRange);
  EXPECT_EQ(enc::encode(jump("loop", known(0x300)), {Cpu::I80386}).error.code, enc::ErrorCode::JumpOutOfRange);
}

TEST(JumpFixups, FarSymbolGetsAFarPointerFixup) {
  enc::Target far;
  far.distance = enc::Distance::Far;
  far.sameSegment = false;
  far.offset = 0x10;
  far.reloc = {enc::RelocKind::FarPointer, 42};
  const auto e = enc::encode(jump("call", far), {Cpu::I8086});
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(test::hexBytes(e.view()), "9A 10 00 00 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].position, 1);
  EXPECT_EQ(e.fixups[0].width, 4);
  EXPECT_EQ(e.fixups[0].kind, enc::FixupKind::FarPointer16);
  EXPECT_EQ(e.fixups[0].symbol, 42u);
}

// A CALL to a label that is FAR by its own type (a FAR PROC) in the same segment is PUSH CS (0E)
// and a near CALL counted from after the PUSH: 0E E8 cw. A written FAR PTR, or a JMP, keeps EA/9A.
TEST(JumpFixups, SameSegmentFarProcedureCallIsPushCsAndNearCall) {
  enc::Target farProc = known(0x200);
  farProc.distance = enc::Distance::Far;
  farProc.farByType = true;
  farProc.reloc = {enc::RelocKind::FarPointer, 5};
  auto e = enc::encode(jump("call", farProc), {Cpu::I8086});
  ASSERT_TRUE(e.ok()) << e.error.message;
  EXPECT_EQ(test::hexBytes(e.view()), "0E E8 FC 00");  // 200h - (100h + 4)
  EXPECT_TRUE(e.fixups.empty());
  EXPECT_EQ(e.jumpForm, enc::JumpForm::Near);
  enc::Options use32{Cpu::I80386};
  use32.use32 = true;
  e = enc::encode(jump("call", farProc), use32);
  EXPECT_EQ(test::hexBytes(e.view()), "0E E8 FA 00 00 00");  // 200h - (100h + 6)
  farProc.farByType = false;  // call far ptr label
  e = enc::encode(jump("call", farProc), {Cpu::I8086});
  EXPECT_EQ(test::hexBytes(e.view()), "9A 00 02 00 00");
  farProc.farByType = true;
  e = enc::encode(jump("jmp", farProc), {Cpu::I8086});
  EXPECT_EQ(test::hexBytes(e.view()), "EA 00 02 00 00");
  farProc.sameSegment = false;  // a FAR procedure of another segment
  e = enc::encode(jump("call", farProc), {Cpu::I8086});
  EXPECT_EQ(test::hexBytes(e.view()), "9A 00 02 00 00");
}

TEST(JumpFixups, ExternalNearTargetsAreSelfRelative) {
  enc::Target ext;
  ext.sameSegment = false;
  ext.reloc = {enc::RelocKind::Offset, 7};
  auto e = enc::encode(jump("call", ext), {Cpu::I8086});
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(test::hexBytes(e.view()), "E8 00 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].kind, enc::FixupKind::Relative16);
  EXPECT_EQ(e.fixups[0].position, 1);
  e = enc::encode(jump("jmp", ext), {Cpu::I8086});
  EXPECT_EQ(test::hexBytes(e.view()), "E9 00 00");
  e = enc::encode(jump("jz", ext), {Cpu::I8086});
  EXPECT_EQ(test::hexBytes(e.view()), "74 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].kind, enc::FixupKind::Relative8);
}

enc::Instruction withOperands(const char* mnemonic, std::initializer_list<enc::Operand> ops) {
  enc::Instruction insn;
  insn.mnemonic = mnemonic;
  for (const auto& o : ops) insn.add(o);
  return insn;
}

TEST(DataFixups, OffsetSegmentAndDisplacement) {
  using enc::Operand;
  using enc::Reg;
  auto e = enc::encode(withOperands("mov", {Operand::reg_(Reg::AX), Operand::imm_(0x10, {enc::RelocKind::Offset, 3})}), {});
  EXPECT_EQ(test::hexBytes(e.view()), "B8 10 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].position, 1);
  EXPECT_EQ(e.fixups[0].width, 2);
  EXPECT_EQ(e.fixups[0].kind, enc::FixupKind::Offset16);
  EXPECT_EQ(e.fixups[0].symbol, 3u);

  e = enc::encode(withOperands("mov", {Operand::reg_(Reg::AX), Operand::imm_(0, {enc::RelocKind::Segment, 4})}), {});
  EXPECT_EQ(test::hexBytes(e.view()), "B8 00 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].kind, enc::FixupKind::Segment16);

  // A relocatable immediate never takes the sign-extended byte form.
  e = enc::encode(withOperands("add", {Operand::reg_(Reg::BX), Operand::imm_(2, {enc::RelocKind::Offset, 5})}), {});
  EXPECT_EQ(test::hexBytes(e.view()), "81 C3 02 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].position, 2);

  // A variable: direct address with the accumulator (A1), and as a displacement (always 16 bits).
  enc::Memory var;
  var.displacement = 0x20;
  var.size = 2;
  var.reloc = {enc::RelocKind::Offset, 9};
  e = enc::encode(withOperands("mov", {Operand::reg_(Reg::AX), Operand::mem_(var)}), {});
  EXPECT_EQ(test::hexBytes(e.view()), "A1 20 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].position, 1);
  var.base = Reg::BX;
  var.displacement = 4;
  e = enc::encode(withOperands("mov", {Operand::reg_(Reg::AX), Operand::mem_(var)}), {});
  EXPECT_EQ(test::hexBytes(e.view()), "8B 87 04 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].position, 2);

  // Segment of a symbol stored to memory; an OFFSET cannot be a byte.
  enc::Memory word;
  word.base = Reg::BX;
  word.size = 2;
  e = enc::encode(withOperands("mov", {Operand::mem_(word), Operand::imm_(0, {enc::RelocKind::Segment, 1})}), {});
  EXPECT_EQ(test::hexBytes(e.view()), "C7 07 00 00");
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].position, 2);
  e = enc::encode(withOperands("mov", {Operand::reg_(Reg::AL), Operand::imm_(0, {enc::RelocKind::Offset, 1})}), {});
  EXPECT_EQ(e.error.code, enc::ErrorCode::ImmediateRange);

  // PUSH OFFSET x (80186) uses 68 iw.
  e = enc::encode(withOperands("push", {Operand::imm_(3, {enc::RelocKind::Offset, 1})}), {Cpu::I80186});
  EXPECT_EQ(test::hexBytes(e.view()), "68 03 00");
  EXPECT_EQ(e.fixups.size(), 1u);
}

TEST(Displacements, ForcedSizes) {
  using enc::Operand;
  using enc::Reg;
  enc::Memory m;
  m.base = Reg::BX;
  m.size = 2;
  m.dispSize = enc::DispSize::Byte;
  EXPECT_EQ(test::hexBytes(enc::encode(withOperands("mov", {Operand::reg_(Reg::AX), Operand::mem_(m)}), {}).view()), "8B 47 00");
  m.dispSize = enc::DispSize::Full;
  EXPECT_EQ(test::hexBytes(enc::encode(withOperands("mov", {Operand::reg_(Reg::AX), Operand::mem_(m)}), {}).view()), "8B 87 00 00");
}

}  // namespace
}  // namespace asmlab::x86
