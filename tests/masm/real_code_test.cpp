// Constructs that real course programs use and MASM 6.1 or Turbo Assembler take, each checked
// against a real listing (named by repository and file) or the Intel opcode tables.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string code(const std::string& data, const std::string& body, const std::string& cpu = "") {
  return cpu + "\nd segment\n" + data + "d ends\nc segment\nassume cs:c, ds:d\n" + body + "c ends\nend\n";
}

// TASM 4.1 listing Voikgrib TEST.LST: `HIGH = 2h` with "*Warning* ... Reserved word used as
// symbol: HIGH", then `cmp dx, HIGH` 83 FA 02 and `mov ax, HIGH` B8 0002.
TEST(RealCode, ReservedWordAsSymbolUnderTasm) {
  auto a = assembleText(code("", "HIGH = 2h\n cmp dx, HIGH\n mov ax, HIGH\n mov ax, HIGH 1234h\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "83 FA 02 B8 02 00 B8 12 00");
  EXPECT_TRUE(has(a, "Reserved word used as symbol: HIGH")) << a.errors();
}

// `size db 0` and `word db 80 dup (?)` (course code BrushkouMatvey lab2): data named with an
// operator or type word, read where no operand follows the word.
TEST(RealCode, DataNamedWithOperatorAndTypeWordsUnderTasm) {
  auto a = assembleText(code("size db 7\nword db 2 dup (?)\n", " mov al, size\n lea di, word\n mov size, al\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // A0 disp16 (MOV AL, moffs8), BF imm16 (TASM's SMART LEA is MOV DI, OFFSET), A2 disp16 (MOV
  // moffs8, AL): Intel 8086 table 4-12.
  EXPECT_EQ(hex(a.bytes("C")), "A0 00 00 BF 01 00 A2 00 00");
}

// `word[bx]` where the variable is named WORD: the variable, indexed (as `tab[bx]`), while
// `word ptr [bx]` keeps the type. 8A /r with mod 10 rm 111 ([BX+disp16]) = 8A 87, the variable's
// offset as the displacement; 88 /r with rm 100 ([SI+disp16]) = 88 84; MOV AX, WORD PTR [BX] =
// 8B 07 (Intel 8086 table 4-12).
TEST(RealCode, TypeWordNamingAVariableIndexedUnderTasm) {
  auto a = assembleText(code("pad db 3\nword db 2 dup (?)\n",
                             " mov al, word[bx]\n mov al, word[bx+1]\n mov word[si], al\n mov ax, word ptr [bx]\n"),
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "8A 87 01 00 8A 87 02 00 88 84 01 00 8B 07");
  // Without such a variable the type word is not an operand, as before.
  auto b = assembleText(code("", " mov al, word[bx]\n"), tasm());
  EXPECT_TRUE(has(b, "a type name is not an operand")) << b.errors();
}

// MASM 6.1 refuses reserved words as names: one error at the definition, none at the uses.
TEST(RealCode, ReservedWordAsSymbolUnderMasmIsOneErrorAtTheDefinition) {
  auto a = assembleText(code("", "HIGH = 2h\n cmp dx, HIGH\n mov ax, HIGH\n"));
  EXPECT_TRUE(a.diags.hasErrors());
  EXPECT_TRUE(has(a, "'HIGH' is a reserved word")) << a.errors();
  EXPECT_TRUE(has(a, "--dialect tasm")) << a.errors();
  EXPECT_FALSE(has(a, "expression ends early")) << a.errors();
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
}

// A Tetris-style course program lays out a playfield row as `rowText equ space, wall, 3 dup
// (space)` and writes `db rowText`. An EQU whose value is not one expression is a text macro
// (MASM 6.1 Programmer's Guide, ch. 1, "Text Macros"; Turbo Assembler in MASM mode likewise),
// so the DB gets the whole list: 20 DB 20 20 20. A comma inside quotes is still a number (2Ch).
TEST(RealCode, EquOfAListOrADupIsATextMacro) {
  const std::string data =
      "space equ ' '\nwall equ 0DBh\nrowText equ space, wall, 3 dup (space)\ncomma equ ','\n"
      "triple equ 3 dup (7)\nrow db rowText, comma\n db triple\n dw comma\n";
  for (const auto& options : {Options{}, tasm()}) {
    auto a = assembleText(code(data, ""), options);
    ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
    EXPECT_EQ(hex(a.bytes("D")), "20 DB 20 20 20 2C 07 07 07 2C 00");
  }
}

// TASM 2.0 listing Dekarti TASK3.LST: `nln db '', 10,13,'$'` is 0A 0D 24.
TEST(RealCode, EmptyStringInDbAddsNoByte) {
  auto t = assembleText(code("nln db '', 10,13,'$'\n", ""), tasm());
  ASSERT_FALSE(t.diags.hasErrors()) << t.errors();
  EXPECT_EQ(hex(t.bytes("D")), "0A 0D 24");
  EXPECT_EQ(t.diags.warningCount(), 0u) << t.errors();
  auto m = assembleText(code("nln db '', 10,13,'$'\n", ""));
  ASSERT_FALSE(m.diags.hasErrors()) << m.errors();
  EXPECT_EQ(hex(m.bytes("D")), "0A 0D 24");
  EXPECT_TRUE(has(m, "empty string adds no byte")) << m.errors();
}

// TASM 4.1 listing Vladislave0-0 TSR.LST: `mov byte ptr al, [bx]` is 8A 07.
TEST(RealCode, PtrOnARegisterOfThatSize) {
  auto t = assembleText(code("", " mov byte ptr al, [bx]\n mov word ptr ax, 1\n"), tasm());
  ASSERT_FALSE(t.diags.hasErrors()) << t.errors();
  EXPECT_EQ(hex(t.bytes("C")), "8A 07 B8 01 00");
  auto m = assembleText(code("", " mov byte ptr al, [bx]\n"));
  ASSERT_FALSE(m.diags.hasErrors()) << m.errors();
  EXPECT_EQ(hex(m.bytes("C")), "8A 07");
  EXPECT_TRUE(has(m, "PTR on register 'al'")) << m.errors();
  auto wrong = assembleText(code("", " mov word ptr al, [bx]\n"), tasm());
  EXPECT_TRUE(has(wrong, "'al' is a 1-byte register")) << wrong.errors();
}

// MASM 6.1: a call with more arguments than the macro has parameters expands without them,
// with warning A4006 "too many arguments in macro call".
TEST(RealCode, ExtraMacroArgumentsAreIgnoredWithAWarning) {
  auto a = assembleText(code("", "bye macro\n mov ax, 4C00h\n int 21h\n endm\n bye 0\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "B8 00 4C CD 21");
  EXPECT_TRUE(has(a, "too many arguments in macro call")) << a.errors();
}

// `if: mov ax, 1`: IF is a directive, said once, with no unclosed conditional after it.
TEST(RealCode, LabelNamedWithAConditionalDirective) {
  auto a = assembleText(code("", "if: mov ax, 1\n nop\n"));
  EXPECT_TRUE(has(a, "'if' is the IF directive and cannot be a label")) << a.errors();
  EXPECT_EQ(a.diags.errorCount(), 1u) << a.errors();
}

// iAPX 286 Programmer's Reference, appendix B: LGDT m 0F 01 /2, LIDT 0F 01 /3, SGDT /0, SIDT /1;
// a direct address is mod 00 r/m 110 with disp16 (Intel 8086 table 4-12).
TEST(RealCode, DescriptorTableInstructionsWithFword) {
  const std::string body = " lgdt fword ptr gdtr\n lidt fword ptr gdtr\n sgdt gdtr\n sidt fword ptr gdtr\n";
  auto a = assembleText(code("gdtr dw 0\n dd 0\n", body));
  EXPECT_TRUE(a.diags.hasErrors());  // .8086 by default
  // .386p after the segments' definitions keeps them USE16 (16-bit addresses).
  auto p = assembleText(code("gdtr dw 0\n dd 0\n", " .386p\n" + body));
  ASSERT_FALSE(p.diags.hasErrors()) << p.errors();
  EXPECT_EQ(hex(p.bytes("C")), "0F 01 16 00 00 0F 01 1E 00 00 0F 01 06 00 00 0F 01 0E 00 00");
}

// Protected-mode switches in course code: MOV to and from CR0 (and the other special registers)
// in .386 code. Bytes from the 80386 Programmer's Reference Manual, "MOV -- Move to/from Special
// Registers" (0F 20/22 /r for CRn, 0F 21/23 for DRn, 0F 24/26 for TRn; mod = 11, the special
// register in reg), no 66h in a USE16 segment; OR EAX,1 = 66 83 C8 01 (83 /1 ib).
TEST(RealCode, SpecialRegistersMoveInThreeEightySixCode) {
  auto a = assembleText(code("", " .386p\n mov eax, cr0\n or eax, 1\n mov cr0, eax\n mov dr7, ebx\n mov ecx, dr6\n"
                                 " mov tr6, edx\n mov esi, tr7\n mov eax, CR3\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "0F 20 C0 66 83 C8 01 0F 22 C0 0F 23 FB 0F 21 F1 0F 26 F2 0F 24 FE 0F 20 D8");
}

// Outside .386 code the names are ordinary symbols: undefined, the error says what they are; a
// variable of that name is a variable. CR4 and TR3-TR5 are the 486's.
TEST(RealCode, SpecialRegisterNamesOutsideThreeEightySixCode) {
  auto a = assembleText(code("", " mov ax, cr0\n"));
  EXPECT_TRUE(has(a, "'cr0' is an 80386 control, debug or test register: MOV to and from it needs .386")) << a.errors();
  auto v = assembleText(code("dr1 dw 5\n", " mov ax, dr1\n"));
  ASSERT_FALSE(v.diags.hasErrors()) << v.errors();
  auto four = assembleText(code("", " .386p\n mov eax, cr4\n"));
  EXPECT_TRUE(has(four, "'cr4' is a 486 control or test register, which this assembler does not support")) << four.errors();
  auto word = assembleText(code("", " .386p\n mov ax, cr0\n"));
  EXPECT_TRUE(has(word, "takes a 32-bit general register")) << word.errors();
}

// `ENDP` alone (MASM 5.1-era and TASM code, e.g. Egakrut3 RESID.ASM): MASM wants the name in front;
// accepted with a warning saying so, and the labels after it are not misread.
TEST(RealCode, EndpWithoutANameUnderMasm) {
  auto a = assembleText(code("", "print proc\n ret\n endp\nmain: call print\n jmp main\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(has(a, "MASM wants 'PRINT ENDP'")) << a.errors();
  // C3 (RET at 0), E8 rel16 (CALL print from 4: -4 = FC FF), EB rel8 (JMP main at 1 from 6: -5 = FB).
  EXPECT_EQ(hex(a.bytes("C")), "C3 E8 FC FF EB FB");
  auto t = assembleText(code("", "print proc\n ret\n endp\n"), tasm());
  ASSERT_FALSE(t.diags.hasErrors()) << t.errors();
  EXPECT_EQ(t.diags.warningCount(), 0u) << t.errors();
}

// `push ax bx cx` is Turbo Assembler's: under MASM the error names it and --dialect tasm.
TEST(RealCode, SeveralRegistersInOnePushUnderMasm) {
  auto a = assembleText(code("", " push ax bx cx\n"));
  EXPECT_TRUE(has(a, "Turbo Assembler's")) << a.errors();
  EXPECT_TRUE(has(a, "--dialect tasm")) << a.errors();
  // TASM: one PUSH each, in the order written (50+r: AX 50, BX 53, CX 51).
  EXPECT_EQ(hex(assembleText(code("", " push ax bx cx\n"), tasm()).bytes("C")), "50 53 51");
}

}  // namespace
}  // namespace asmlab::masm::test
