// Turbo Assembler's code generation where it differs from MASM 6.1, as real TASM 2.0 and 4.1
// listings (.LST files in public course repositories, named in each test by repository and file)
// show it: the bytes expected here are the bytes those listings print for the same instruction.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

Options tasm(bool multiPass = false) {
  Options o;
  o.dialect = Dialect::Tasm;
  o.tasmMultiPass = multiPass;
  return o;
}

std::string code(const std::string& body, const std::string& cpu = "") {
  return cpu + "\nd segment\nvar db 'x'\nd ends\nc segment\nassume cs:c, ds:d\n" + body + "c ends\nend\n";
}

// TASM 4.1 listing Voikgrib TEST.LST: `mov es:[bx+1], 4eh` is 26: C7 47 01 004E and
// `mov es:[bx], YGOL_1` (an EQU of 0C9h) 26: C7 07 00C9, each followed by "*Warning* Argument
// needs type override". TASM 2.0 listing Dekarti LAB9.LST: `mov es:[di], 0fh` is 26: C7 05 000F.
TEST(TasmListings, MemoryWithoutASizeBesideAnImmediateIsAWord) {
  auto a = assembleText(code("corner equ 0C9h\n mov es:[bx+1], 4eh\n mov es:[bx], corner\n mov es:[di], 0fh\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "26 C7 47 01 4E 00 26 C7 07 C9 00 26 C7 05 0F 00");
  EXPECT_NE(a.errors().find("Argument needs type override: assuming WORD PTR"), std::string::npos) << a.errors();
  // MASM keeps the immediate's size (a byte here), with its own warning.
  auto masm = assembleText(code(" mov es:[di], 0fh\n"));
  EXPECT_EQ(hex(masm.bytes("C")), "26 C6 05 0F");
  // A size written is a size kept.
  EXPECT_EQ(hex(assembleText(code(" mov byte ptr es:[di], 0fh\n"), tasm()).bytes("C")), "26 C6 05 0F");
}

// TASM 4.1 listing Egakrut3 RESID.LST: a forward `jmp @@Beg1` three bytes before its target is
// EB 03 90; TASM 4.1 listing timoko3 TEST.LST (.386): a forward `je endCycle` is 74 05 90 90 and
// the backward `jmp startCycle` EB F5 (no padding: the target was known).
TEST(TasmListings, OnePassForwardJumpsKeepTheRoomOfTheirLongestForm) {
  auto a = assembleText(code("back: jmp ahead\n xor ax, ax\nahead: nop\n jmp back\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "EB 03 90 33 C0 90 EB F8");

  auto jcc = assembleText(".model small\n.386\n.code\ntop: je ahead\n mov cx, 1\nahead: jmp top\nend\n", tasm());
  ASSERT_FALSE(jcc.diags.hasErrors()) << jcc.errors();
  EXPECT_EQ(hex(jcc.bytes("_TEXT")), "74 05 90 90 B9 01 00 EB F7");
}

// TASM 2.0 listing Dekarti TASK1.LST: a forward `jmp _start` too far for a short jump is E9 0234,
// three bytes as reserved. Under .8086 a forward conditional jump has only its short form (TASM
// 2.0 listing Dekarti TASK4.LST without .386 would be unchanged), and SHORT is never padded.
TEST(TasmListings, OnePassForwardJumpsOutOfShortRangeAndShortOnes) {
  auto a = assembleText(code(" jmp far_ahead\n db 200h dup (0)\nfar_ahead: nop\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  auto bytes = a.bytes("C");
  ASSERT_GE(bytes.size(), 3u);
  EXPECT_EQ(hex({bytes.begin(), bytes.begin() + 3}), "E9 00 02");

  auto shortOnes = assembleText(code(" jz ahead\n jmp short ahead\nahead: nop\n"), tasm());
  ASSERT_FALSE(shortOnes.diags.hasErrors()) << shortOnes.errors();
  EXPECT_EQ(hex(shortOnes.bytes("C")), "74 02 EB 00 90");
}

// TASM's /m (Turbo Assembler User's Guide, "/m"): several passes remove the NOPs, which is what
// --multi-pass selects; the bytes are then MASM's.
TEST(TasmListings, MultiPassRemovesThePadding) {
  std::string src = code("back: jmp ahead\n xor ax, ax\nahead: nop\n jmp back\n");
  auto a = assembleText(src, tasm(true));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "EB 02 33 C0 90 EB F9");
  EXPECT_EQ(hex(assembleText(src).bytes("C")), "EB 02 33 C0 90 EB F9");
}

// TASM 4.1 listing eccs0103 TEST.LST: `lea dx, a` is BA 0000r, MOV DX,OFFSET a (SMART code
// generation, Turbo Assembler User's Guide "SMART and NOSMART"); LEA with a register stays LEA.
TEST(TasmListings, SmartLeaOfASimpleAddressIsMovOffset) {
  auto a = assembleText(code(" lea dx, var\n lea si, [bx+2]\n nosmart\n lea dx, var\n smart\n lea dx, var\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "BA 00 00 8D 77 02 8D 16 00 00 BA 00 00");
  // MASM 6 makes the same MOV (MASM 6.0 Programmer's Guide, "Changes to Instruction Encodings").
  EXPECT_EQ(hex(assembleText(code(" lea dx, var\n")).bytes("C")), "BA 00 00");
}

// TASM 4.1 listing I1Va TEST.LST: `sub ax, 31` 2D 001F, `cmp ax, 19` 3D 0013; Voikgrib TEST.LST:
// `and ax, 1h` 25 0001, `add ax, 50h` 05 0050, while `add bx, 2` is 83 C3 02. MASM 6.1 takes the
// sign-extended form for AX too (Microsoft KB Q31598).
TEST(TasmListings, AccumulatorFormForAx) {
  std::string body = " sub ax, 31\n cmp ax, 19\n and ax, 1h\n add ax, 50h\n add bx, 2\n";
  auto a = assembleText(code(body), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "2D 1F 00 3D 13 00 25 01 00 05 50 00 83 C3 02");
  EXPECT_EQ(hex(assembleText(code(body)).bytes("C")), "83 E8 1F 83 F8 13 83 E0 01 83 C0 50 83 C3 02");
}

}  // namespace
}  // namespace asmlab::masm::test
