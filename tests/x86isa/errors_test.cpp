// The encoder's errors: what the front end reports at the operand's location.
#include <gtest/gtest.h>

#include "asmlab/x86/encoder.hpp"
#include "masm_line.hpp"

namespace asmlab::x86 {
namespace {

using enc::Cpu;
using enc::ErrorCode;

enc::Encoding encodeText(const std::string& text, Cpu cpu = Cpu::I8086, bool jumps = false) {
  const test::ParsedLine line = test::parseLine(text);
  EXPECT_TRUE(line.error.empty()) << text << ": " << line.error;
  return enc::encode(line.instruction(), enc::Options{cpu, jumps});
}

TEST(EncoderErrors, AmbiguousSizeAsksForPtr) {
  const auto e = encodeText("mov [bx], 5");
  EXPECT_EQ(e.error.code, ErrorCode::SizeUnknown);
  EXPECT_NE(e.error.message.find("BYTE PTR or WORD PTR"), std::string::npos);
  EXPECT_EQ(encodeText("inc [bx]").error.code, ErrorCode::SizeUnknown);
  EXPECT_EQ(encodeText("add [si], 1").error.code, ErrorCode::SizeUnknown);
  EXPECT_EQ(encodeText("movs [di], [si]").error.code, ErrorCode::SizeUnknown);
  // With no byte form, the hint does not offer BYTE PTR.
  EXPECT_EQ(encodeText("bt [bx], 1", Cpu::I80386).error.message,
            "instruction operand must have size: use WORD PTR or DWORD PTR");
}

// PUSH and POP of memory without a size take the segment's word, and JMP/CALL through memory a
// near pointer, as MASM does; the Encoding says so, for the front end to warn (or, for JMP and
// CALL under MASM 6.1, to refuse).
TEST(EncoderErrors, PushPopJmpCallAssumeTheSegmentsWord) {
  const auto push = encodeText("push [bx]");
  ASSERT_TRUE(push.ok()) << push.error.message;
  EXPECT_EQ(test::hexBytes(push.view()), "FF 37");  // FF /6, mod 00 rm 111
  EXPECT_EQ(push.assumedSize, 2);
  EXPECT_EQ(push.assumedOperand, 0);
  const auto pop = encodeText("pop [bx]", Cpu::I80386);
  ASSERT_TRUE(pop.ok());
  EXPECT_EQ(test::hexBytes(pop.view()), "8F 07");  // 8F /0
  EXPECT_EQ(pop.assumedSize, 2);
  EXPECT_EQ(encodeText("jmp [bx]").assumedSize, 2);
  EXPECT_EQ(encodeText("push word ptr [bx]").assumedSize, 0);
  EXPECT_EQ(encodeText("push 5", Cpu::I80186).assumedSize, 0);  // an immediate is not a memory operand
}

TEST(EncoderErrors, ImmediateOutOfRangeNamesTheOperand) {
  const auto e = encodeText("mov al, 300");
  EXPECT_EQ(e.error.code, ErrorCode::ImmediateRange);
  EXPECT_EQ(e.error.operand, 1);
  EXPECT_NE(e.error.message.find("12Ch"), std::string::npos) << e.error.message;
  EXPECT_EQ(encodeText("mov ax, 10000h").error.code, ErrorCode::ImmediateRange);
  EXPECT_EQ(encodeText("int 100h").error.code, ErrorCode::ImmediateRange);
  // The limits themselves are accepted: -128..255 for bytes, -32768..65535 for words.
  EXPECT_TRUE(encodeText("mov al, 255").ok());
  EXPECT_TRUE(encodeText("mov al, -128").ok());
  EXPECT_TRUE(encodeText("mov ax, 65535").ok());
  EXPECT_TRUE(encodeText("mov ax, -32768").ok());
  EXPECT_EQ(encodeText("mov al, -129").error.code, ErrorCode::ImmediateRange);
}

TEST(EncoderErrors, SizeMismatch) {
  EXPECT_EQ(encodeText("mov al, bx").error.code, ErrorCode::SizeMismatch);
  EXPECT_EQ(encodeText("add ax, byte ptr [bx]").error.code, ErrorCode::SizeMismatch);
}

TEST(EncoderErrors, InstructionNeedsNewerCpu) {
  auto e = encodeText("pusha");
  EXPECT_EQ(e.error.code, ErrorCode::RequiresCpu);
  EXPECT_NE(e.error.message.find("instruction requires .186"), std::string::npos) << e.error.message;
  e = encodeText("shl ax, 2");
  EXPECT_EQ(e.error.code, ErrorCode::RequiresCpu);
  EXPECT_NE(e.error.message.find(".186"), std::string::npos);
  e = encodeText("movzx ax, bl", Cpu::I80286);
  EXPECT_NE(e.error.message.find("instruction requires .386"), std::string::npos);
  EXPECT_EQ(encodeText("mov eax, 1").error.code, ErrorCode::RequiresCpu);
  EXPECT_EQ(encodeText("mov ax, word ptr [eax]").error.code, ErrorCode::RequiresCpu);
  EXPECT_EQ(encodeText("push fs", Cpu::I80286).error.code, ErrorCode::RequiresCpu);
  EXPECT_EQ(encodeText("push 5").error.code, ErrorCode::RequiresCpu);
  EXPECT_EQ(encodeText("smsw ax", Cpu::I80186).error.code, ErrorCode::RequiresCpu);
  EXPECT_EQ(encodeText("insb").error.code, ErrorCode::RequiresCpu);
  EXPECT_EQ(encodeText("jecxz 0102h", Cpu::I80286).error.code, ErrorCode::RequiresCpu);
}

TEST(EncoderErrors, BadAddresses) {
  EXPECT_EQ(encodeText("mov ax, word ptr [ax]").error.code, ErrorCode::InvalidAddress);
  EXPECT_EQ(encodeText("mov ax, word ptr [bx+bp]").error.code, ErrorCode::InvalidAddress);
  EXPECT_EQ(encodeText("mov ax, word ptr [si+di]").error.code, ErrorCode::InvalidAddress);
  EXPECT_EQ(encodeText("mov ax, word ptr [bx*2]", Cpu::I80386).error.code, ErrorCode::InvalidAddress);
  EXPECT_EQ(encodeText("mov ax, word ptr [bx+esi]", Cpu::I80386).error.code, ErrorCode::InvalidAddress);
  EXPECT_EQ(encodeText("mov ax, word ptr [esp*2]", Cpu::I80386).error.code, ErrorCode::InvalidAddress);
  EXPECT_EQ(encodeText("mov al, byte ptr [bx+100h]", Cpu::I8086).error.code, ErrorCode::None);
}

TEST(EncoderErrors, InvalidCombinationListsTheAllowedForms) {
  const auto e = encodeText("mov 5, ax");
  EXPECT_EQ(e.error.code, ErrorCode::InvalidOperands);
  EXPECT_NE(e.error.message.find("mov r/m8, r8"), std::string::npos) << e.error.message;
  EXPECT_NE(e.error.message.find("mov sreg, r/m16"), std::string::npos) << e.error.message;
  EXPECT_EQ(encodeText("mov es, 5").error.code, ErrorCode::InvalidOperands);
  EXPECT_EQ(encodeText("mov es, ds").error.code, ErrorCode::InvalidOperands);
  EXPECT_EQ(encodeText("lea ax, bx").error.code, ErrorCode::InvalidOperands);
  EXPECT_EQ(encodeText("mov cs, ax").error.code, ErrorCode::InvalidOperands);
  EXPECT_EQ(encodeText("pop cs").error.code, ErrorCode::InvalidOperands);
  EXPECT_EQ(encodeText("movs byte ptr ds:[di], byte ptr [si]").error.code, ErrorCode::InvalidOperands);
}

// A caller that will only count the error (past the error limit) asks for no list of forms: the
// error itself, its code and its operand are the same.
TEST(EncoderErrors, TheListOfFormsIsLeftOutWhenNotAskedFor) {
  for (const char* text : {"mov 5, ax", "add al, bx", "push 1, 2", "fld st(0), st(1), st(2)", "fadd 5"}) {
    const test::ParsedLine line = test::parseLine(text);
    ASSERT_TRUE(line.error.empty()) << text << ": " << line.error;
    enc::Options options{Cpu::I80386};
    const enc::Encoding listed = enc::encode(line.instruction(), options);
    options.listAllowedForms = false;
    const enc::Encoding counted = enc::encode(line.instruction(), options);
    ASSERT_FALSE(listed.ok()) << text;
    EXPECT_NE(listed.error.message.find("allowed forms:\n  "), std::string::npos)
        << text << ": " << listed.error.message;
    EXPECT_EQ(counted.error.message.find("\n"), std::string::npos) << text << ": " << counted.error.message;
    EXPECT_EQ(counted.error.code, listed.error.code) << text;
    EXPECT_EQ(counted.error.operand, listed.error.operand) << text;
    EXPECT_EQ(counted.length, listed.length) << text;
  }
}

TEST(EncoderErrors, OperandCountAndUnknownMnemonic) {
  EXPECT_EQ(encodeText("add ax").error.code, ErrorCode::WrongOperandCount);
  EXPECT_EQ(encodeText("nop ax").error.code, ErrorCode::WrongOperandCount);
  EXPECT_EQ(encodeText("frobnicate ax").error.code, ErrorCode::UnknownMnemonic);
  enc::Instruction four;
  four.mnemonic = "imul";
  for (int i = 0; i < 4; ++i) four.add(enc::Operand::reg_(enc::Reg::AX));
  EXPECT_EQ(four.operandCount, 4);
  const auto tooMany = enc::encode(four, {});
  EXPECT_EQ(tooMany.error.code, ErrorCode::WrongOperandCount);
  EXPECT_EQ(tooMany.error.operand, 3);
  EXPECT_FALSE(enc::isMnemonic("frobnicate"));
  EXPECT_TRUE(enc::isMnemonic("MOV"));
  EXPECT_TRUE(enc::isMnemonic("Rep"));
  EXPECT_EQ(enc::mnemonicCpu("pusha"), Cpu::I80186);
  EXPECT_EQ(enc::mnemonicCpu("movzx"), Cpu::I80386);
  EXPECT_EQ(enc::mnemonicCpu("cwde"), Cpu::I80386);
  EXPECT_EQ(enc::mnemonicCpu("jecxz"), Cpu::I80386);
}

TEST(EncoderErrors, RepOnlyPrefixesStringInstructions) {
  EXPECT_EQ(encodeText("rep add ax, bx").error.code, ErrorCode::InvalidPrefix);
  EXPECT_EQ(encodeText("rep jmp 0100h").error.code, ErrorCode::InvalidPrefix);
  // A lone prefix is its own byte (MASM accepts `rep` on a line of its own).
  const auto rep = encodeText("rep");
  ASSERT_TRUE(rep.ok());
  EXPECT_EQ(test::hexBytes(rep.view()), "F3");
  EXPECT_EQ(test::hexBytes(encodeText("lock").view()), "F0");
  EXPECT_EQ(test::hexBytes(encodeText("repne").view()), "F2");
  // LOCK prefixes the instruction (F0h first).
  EXPECT_EQ(test::hexBytes(encodeText("lock xchg word ptr [bx], ax").view()), "F0 87 07");
}

TEST(EncoderErrors, CaseInsensitiveMnemonics) {
  EXPECT_EQ(test::hexBytes(encodeText("MOV AX, BX").view()), "8B C3");
  EXPECT_EQ(test::hexBytes(encodeText("Mov Ax, Bx").view()), "8B C3");
}

TEST(EncoderErrors, ErrorsStillEstimateALength) {
  // The front end keeps counting addresses after an error.
  EXPECT_GT(encodeText("mov [bx], 5").length, 0);
  EXPECT_GT(encodeText("jz 0300h").length, 0);
}

TEST(SegmentPrefix, WrittenAsAPrefix) {
  auto line = test::parseLine("lodsb");
  auto insn = line.instruction();
  insn.segment = enc::Reg::ES;
  EXPECT_EQ(test::hexBytes(enc::encode(insn, {}).view()), "26 AC");
  line = test::parseLine("mov ax, word ptr [bx]");
  insn = line.instruction();
  insn.segment = enc::Reg::CS;
  EXPECT_EQ(test::hexBytes(enc::encode(insn, {}).view()), "2E 8B 07");
  insn.segment = enc::Reg::DS;  // the default: nothing to emit
  EXPECT_EQ(test::hexBytes(enc::encode(insn, {}).view()), "8B 07");
  insn.segment = enc::Reg::FS;
  EXPECT_EQ(enc::encode(insn, {}).error.code, ErrorCode::RequiresCpu);
  insn.segment = enc::Reg::AX;
  EXPECT_EQ(enc::encode(insn, {}).error.code, ErrorCode::InvalidPrefix);
}

}  // namespace
}  // namespace asmlab::x86
