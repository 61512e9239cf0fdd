// USE32 and USE16 code segments: the segment's attribute is the default operand and address size,
// and 66h/67h select the other one (80386 Programmer's Reference Manual, 17.1.2 "Address-size
// and operand-size attributes", and table 17-1). Bytes worked out by hand from the 80386 manual's
// opcode map (appendix A), ModRM/SIB tables 17-3/17-4 and the 8086 table 4-12.
#include <gtest/gtest.h>

#include "asmlab/x86/encoder.hpp"
#include "masm_line.hpp"

namespace asmlab::x86 {
namespace {

using enc::Cpu;

struct Case {
  bool use32;
  const char* source;
  const char* bytes;
};

const Case kCases[] = {
    // Operand size: 32 bits is the default in USE32, 16 bits needs 66h; bytes are unaffected.
    {true, "mov eax, 1", "B8 01 00 00 00"},
    {true, "mov ax, 1", "66 B8 01 00"},
    {true, "mov al, 1", "B0 01"},
    {false, "mov eax, 1", "66 B8 01 00 00 00"},
    {false, "mov ax, 1", "B8 01 00"},
    {true, "add eax, ebx", "03 C3"},
    {true, "add ax, bx", "66 03 C3"},
    {true, "add eax, 5", "83 C0 05"},
    {true, "add ax, 5", "66 83 C0 05"},
    {true, "inc eax", "40"},
    {true, "inc ax", "66 40"},
    {true, "push eax", "50"},
    {true, "push ax", "66 50"},
    {true, "push 5", "6A 05"},                    // PUSH imm pushes the segment's word: a dword
    {true, "pushw 5", "66 6A 05"},
    {true, "pushd 5", "6A 05"},
    {false, "pushd 5", "66 6A 05"},
    {true, "push word ptr [ebx]", "66 FF 33"},     // FF /6, mod 00 rm 011
    {true, "push dword ptr [ebx]", "FF 33"},
    {true, "movzx eax, bl", "0F B6 C3"},
    {true, "movzx ax, bl", "66 0F B6 C3"},
    {true, "movzx eax, word ptr [esi]", "0F B7 06"},
    // Instructions whose mnemonic names the operand size.
    {true, "cbw", "66 98"},
    {true, "cwde", "98"},
    {true, "cwd", "66 99"},
    {true, "cdq", "99"},
    {true, "pushf", "66 9C"},
    {true, "pushfd", "9C"},
    {true, "pusha", "66 60"},
    {true, "pushad", "60"},
    {true, "movsw", "66 A5"},
    {true, "movsd", "A5"},
    {true, "movsb", "A4"},
    {true, "lodsw", "66 AD"},
    {true, "iret", "66 CF"},
    {true, "iretd", "CF"},
    {false, "iretd", "66 CF"},
    {true, "ret", "C3"},
    // MOV to or from a segment register moves a word (the 80386 manual's MOV entry: "the assembler
    // may insert the 16-bit operand-size prefix" in 32-bit code, as MASM does).
    {true, "mov ds, ax", "66 8E D8"},
    {true, "mov ax, es", "66 8C C0"},
    {false, "mov ds, ax", "8E D8"},
    // Address size: 32-bit addressing is the default in USE32, 16-bit addressing needs 67h.
    {true, "mov eax, dword ptr [ebx+ecx*4+8]", "8B 44 8B 08"},  // mod 01 rm 100; SIB 10|001|011; disp8
    {false, "mov eax, dword ptr [ebx+ecx*4+8]", "67 66 8B 44 8B 08"},
    {true, "mov eax, dword ptr [esp+4]", "8B 44 24 04"},        // ESP base needs a SIB (00|100|100)
    {true, "mov eax, dword ptr [ebp]", "8B 45 00"},             // EBP base: mod 01 disp8 0
    {true, "mov ax, word ptr [bx+si]", "67 66 8B 00"},
    {true, "lea eax, [ebx+4]", "8D 43 04"},
    {true, "mov eax, dword ptr ds:[1000h]", "A1 00 10 00 00"},  // a direct address is 32 bits
    {true, "mov ecx, dword ptr ds:[1000h]", "8B 0D 00 10 00 00"},  // mod 00 rm 101: disp32
    {true, "mov byte ptr ds:[1000h], 7", "C6 05 00 10 00 00 07"},
    {true, "stos byte ptr es:[edi]", "AA"},
    {true, "stos word ptr es:[edi]", "66 AB"},
    {true, "stos byte ptr es:[di]", "67 AA"},
    // Near and far pointers through memory: DWORD is near in USE32 and far in USE16; FWORD is far.
    {true, "jmp dword ptr [ebx]", "FF 23"},
    {true, "jmp fword ptr [ebx]", "FF 2B"},
    {true, "call word ptr [ebx]", "66 FF 13"},
    {false, "jmp dword ptr [bx]", "FF 2F"},
    // Relative jumps and calls: rel32 in USE32 (E9 cd, E8 cd, 0F 8x cd); short forms keep rel8.
    {true, "jmp near ptr 0200h", "E9 FB 00 00 00"},  // 200h - (100h + 5)
    {true, "call 0200h", "E8 FB 00 00 00"},
    {true, "jz near ptr 0200h", "0F 84 FA 00 00 00"},  // 200h - (100h + 6)
    {true, "jmp short 0110h", "EB 0E"},
    {true, "jz 0110h", "74 0E"},
    {true, "jmp far ptr 1234h:5678h", "EA 78 56 00 00 34 12"},
    {true, "call far ptr 1234h:5678h", "9A 78 56 00 00 34 12"},
    // JCXZ tests CX and JECXZ tests ECX: 67h where that is not the segment's address size.
    {true, "jcxz 0110h", "67 E3 0D"},
    {true, "jecxz 0110h", "E3 0E"},
    {false, "jecxz 0110h", "67 E3 0D"},
    {true, "loop 0110h", "E2 0E"},
};

class Use32Test : public ::testing::TestWithParam<Case> {};

TEST_P(Use32Test, EncodesWithTheSegmentsDefaultSizes) {
  const Case& c = GetParam();
  const test::ParsedLine line = test::parseLine(c.source);
  ASSERT_TRUE(line.error.empty()) << line.error;
  enc::Options options{Cpu::I80386};
  options.use32 = c.use32;
  const enc::Encoding e = enc::encode(line.instruction(), options);
  ASSERT_TRUE(e.ok()) << c.source << ": " << e.error.message;
  EXPECT_EQ(test::hexBytes(e.view()), c.bytes) << (c.use32 ? "USE32: " : "USE16: ") << c.source;
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  std::string name = std::to_string(info.index) + (info.param.use32 ? "_use32_" : "_use16_");
  for (const char* p = info.param.source; *p && name.size() < 48; ++p)
    name += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Segments, Use32Test, ::testing::ValuesIn(kCases), caseName);

// Jump sizing follows the segment: a near JMP is 5 bytes, a near Jcc 6 and a far JMP 7 in USE32.
TEST(Use32, JumpLengthsFollowTheSegment) {
  enc::Options use32{Cpu::I80386};
  use32.use32 = true;
  const enc::Options use16{Cpu::I80386};
  EXPECT_EQ(enc::jumpLength("jmp", enc::JumpForm::Near, use32), 5u);
  EXPECT_EQ(enc::jumpLength("jmp", enc::JumpForm::Near, use16), 3u);
  EXPECT_EQ(enc::jumpLength("jz", enc::JumpForm::Near, use32), 6u);
  EXPECT_EQ(enc::jumpLength("call", enc::JumpForm::Far, use32), 7u);
  EXPECT_EQ(enc::jumpLength("jcxz", enc::JumpForm::Short, use32), 3u);
  EXPECT_EQ(enc::jumpLength("jecxz", enc::JumpForm::Short, use32), 2u);
}

// A far JMP to a symbol in a USE32 segment carries a 16:32 pointer fixup, and a near CALL to an
// external a 32-bit self-relative one.
TEST(Use32, FixupsAreThirtyTwoBits) {
  enc::Options options{Cpu::I80386};
  options.use32 = true;
  enc::Instruction far;
  far.mnemonic = "jmp";
  enc::Target t;
  t.distance = enc::Distance::Far;
  t.sameSegment = false;
  t.reloc = {enc::RelocKind::FarPointer, 3};
  far.add(enc::Operand::target_(t));
  const enc::Encoding e = enc::encode(far, options);
  ASSERT_TRUE(e.ok()) << e.error.message;
  EXPECT_EQ(e.length, 7);
  ASSERT_EQ(e.fixups.size(), 1u);
  EXPECT_EQ(e.fixups[0].kind, enc::FixupKind::FarPointer32);
  EXPECT_EQ(e.fixups[0].position, 1);
  EXPECT_EQ(e.fixups[0].width, 6);

  enc::Instruction call;
  call.mnemonic = "call";
  enc::Target external;
  external.sameSegment = false;
  external.reloc = {enc::RelocKind::Offset, 4};
  call.add(enc::Operand::target_(external));
  const enc::Encoding c = enc::encode(call, options);
  ASSERT_TRUE(c.ok()) << c.error.message;
  EXPECT_EQ(test::hexBytes(c.view()), "E8 00 00 00 00");
  ASSERT_EQ(c.fixups.size(), 1u);
  EXPECT_EQ(c.fixups[0].kind, enc::FixupKind::Relative32);
  EXPECT_EQ(c.fixups[0].width, 4);
}

}  // namespace
}  // namespace asmlab::x86
