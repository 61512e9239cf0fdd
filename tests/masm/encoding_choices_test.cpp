// Where MASM has a choice of encodings, the one it makes, through the whole front end; USE32 and
// USE16 segments; a CALL to a FAR procedure of the same segment; operands written without a
// size. Each expectation names its source: the Intel manuals' encoding tables, Microsoft's own
// documentation of MASM, or a listing written by real ML.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

std::string code(const std::string& body, const std::string& cpu = "") {
  return cpu + "\nd segment\nvar dw 0\nbvar db 0\nd ends\nc segment\nassume cs:c, ds:d\n" + body + "c ends\nend\n";
}

// Microsoft KB Q31598 (MASM 5.0, 5.1, 6.0): "The Microsoft Macro Assembler will generate
// sign-extended encodings whenever possible", e.g. ADD BX,0001h = 83 C3 01 (not 81 C3 0001).
// With AX the sign-extended form ties with the accumulator form (3 bytes each), and MASM keeps
// to its rule: 83 C0 05. The accumulator form wins only where it is shorter.
TEST(MasmChoices, SignExtendedImmediateWheneverPossible) {
  auto a = assembleText(code(" add ax, 5\n cmp ax, 0\n and bx, 0ffffh\n sub ax, -1\n add al, 5\n add ax, 200\n"
                             " or ax, 80h\n test ax, 5\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")),
            "83 C0 05 "      // add ax,5
            "83 F8 00 "      // cmp ax,0
            "83 E3 FF "      // and bx,0ffffh (the KB's own example)
            "83 E8 FF "      // sub ax,-1
            "04 05 "         // add al,5: 2 bytes against 80 C0 05
            "05 C8 00 "      // add ax,200: does not sign-extend from a byte
            "0D 80 00 "      // or ax,80h: 128 does not either
            "A9 05 00");     // TEST has no sign-extended form
}

// An ML 6.14.8444 listing of a course program (Encryption.asm, read through the project's code
// index; the index does not name its repository) shows, for these instruction forms:
// `xor cx,cx` 33 C9, `mov cl,usrMsg+1` 8A 0E 00F8, `mov dl,usrMsg[si]` 8A 94 00F7,
// `add dl,key` (key=3) 80 C2 03, `sub dl,key` 80 EA 03, `mov si,2` BE 0002, `push cx` 51,
// `loop L1` (back 12) E2 F4, `mov ah,04ch` B4 4C, `mov ax,0` B8 0000.
TEST(MasmChoices, FormsAsInAnMl614Listing) {
  std::string data = "d segment\n db 0F7h dup (0)\nusrMsg db 21, 22 dup (?)\nd ends\n";
  std::string text = data + "key = 3\nc segment\nassume cs:c, ds:d\n"
                            " push cx\n xor cx,cx\n mov cl,usrMsg+1\n mov si,2\n mov ah,02\n"
                            "L1:\n mov dl,usrMsg[si]\n add dl,key\n int 21h\n inc si\n loop L1\n"
                            " sub dl,key\n mov ah,04ch\n mov ax,0\nc ends\nend\n";
  auto a = assembleText(text);
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")),
            "51 33 C9 8A 0E F8 00 BE 02 00 B4 02 "
            "8A 94 F7 00 80 C2 03 CD 21 46 E2 F4 "
            "80 EA 03 B4 4C B8 00 00");
}

// The other same-length choices: the direction bit of register pairs (r, r/m: 8086 manual table
// 4-12, as the ML listing above shows for XOR CX,CX), the accumulator with a direct address
// (A1, 3 bytes, against 8B 06, 4), XCHG with AX (90+r), LEA of a direct address is MOV reg, OFFSET
// (MASM 6.0 Programmer's Guide, "Changes to Instruction Encodings": "When the second operand to the
// LEA instruction is a direct memory operand ... MASM 6.0 encodes the instruction as mov reg,
// OFFSET directmem"; a 32-bit register in a 16-bit segment keeps LEA). XCHG of
// two byte registers puts the first in the reg field: `86 E0  XCHG AH,AL` in IBM's MASM listing of
// the PCjr BIOS (IBM PCjr Technical Reference, appendix A, 1983; read through the code index).
TEST(MasmChoices, DirectionBitAccumulatorAndXchg) {
  auto a = assembleText(code(" mov ax, bx\n add cx, dx\n mov ax, var\n mov var, ax\n mov al, bvar\n xchg ax, bx\n"
                             " xchg bx, ax\n lea si, var\n xchg ah, al\n mov ax, ds:[1234h]\n lea di, [bx+2]\n"
                             " lea dx, ds:[1234h]\n .386\n lea eax, var\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")),
            "8B C3 "          // mov ax,bx: 8B /r, reg = AX, r/m = BX
            "03 CA "          // add cx,dx
            "A1 00 00 "       // mov ax,var
            "A3 00 00 "       // mov var,ax
            "A0 02 00 "       // mov al,bvar
            "93 93 "          // xchg ax,bx / xchg bx,ax: 90+r
            "BE 00 00 "       // lea si,var: MOV SI, OFFSET var (B8+r iw), not 8D 36 00 00
            "86 E0 "          // xchg ah,al: 86 /r, reg = AH (100), r/m = AL (000)
            "A1 34 12 "       // mov ax,ds:[1234h]: the accumulator form, not 8B 06 34 12
            "8D 7F 02 "       // lea di,[bx+2]: a register in the address: LEA (8D /r, mod 01)
            "BA 34 12 "       // lea dx,ds:[1234h]: direct: MOV DX, 1234h
            "66 8D 06 00 00");  // lea eax,var in a USE16 segment: LEA with the operand-size prefix
}

// MASM 6.0 Programmer's Guide, "Changes to Instruction Encodings": "If the operand to RET, RETN,
// or RETF is 0, MASM 6.0 uses the one-byte encoding" (C3, CB: 8086 manual table 4-13); another
// value keeps C2/CA iw.
TEST(MasmChoices, ReturnOfZeroIsTheOneByteForm) {
  auto a = assembleText(code("f proc near\n ret 0\n ret 2\n retf 0\nf endp\ng proc far\n ret 0\n ret 4\ng endp\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "C3 C2 02 00 CB CB CA 04 00");
}

// A CALL to a FAR procedure in the same segment, with no FAR PTR written, is PUSH CS + near CALL
// (0E E8 cw): the procedure's far RET pops the CS the PUSH put there, and no segment fixup is
// needed. FAR PTR keeps the far CALL (9A), as does a FAR procedure in another segment.
TEST(FarCalls, SameSegmentFarProcedureIsPushCsAndNearCall) {
  auto a = assembleText(
      "c segment\nassume cs:c\n"
      "main proc near\n call farp\n call far ptr farp\n call nearp\n ret\nmain endp\n"
      "farp proc far\n ret\nfarp endp\n"
      "nearp proc near\n ret\nnearp endp\n"
      "c ends\nc2 segment\nassume cs:c2\nother proc far\n call farp2\n ret\nother endp\nc2 ends\n"
      "c3 segment\nassume cs:c3\nfarp2 proc far\n ret\nfarp2 endp\nc3 ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // main: 0E E8 (farp - 4) ; 9A 0D 00 00 00 (fixup) ; E8 (nearp - 0Ch) ; C3. farp at 0Dh, nearp at 0Eh.
  EXPECT_EQ(hex(a.bytes("C")), "0E E8 09 00 9A 0D 00 00 00 E8 02 00 C3 CB C3");
  EXPECT_EQ(hex(a.bytes("C2")), "9A 00 00 00 00 CB");  // another segment: far, with a fixup
}

TEST(FarCalls, ForwardAndBackwardReferences) {
  // A FAR procedure called before it is defined: the later passes see its type.
  auto a = assembleText("c segment\nassume cs:c\nback proc far\n ret\nback endp\n"
                        "start:\n call back\n call ahead\n ret\nahead proc far\n ret\nahead endp\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // back at 0; start at 1: 0E E8 FB FF (0 - 5), 0E E8 01 00 (0Ah - 9), C3 at 9, ahead at 0Ah.
  EXPECT_EQ(hex(a.bytes("C")), "CB 0E E8 FB FF 0E E8 01 00 C3 CB");
}

// Segment size attributes (80386 Programmer's Reference Manual 17.1.2): in a USE32 segment
// 32-bit operands and addresses need no prefix and near branches are rel32; in a USE16 segment
// the 32-bit forms take 66h/67h.
TEST(SegmentSizes, Use32SegmentEncodesThirtyTwoBitDefaults) {
  auto a = assembleText(
      ".386\nd32 segment use32\nv32 dd 7\nd32 ends\n"
      "c32 segment use32\nassume cs:c32, ds:d32\n"
      "start:\n mov eax, 1\n mov ax, 1\n mov eax, [ebx+ecx*4+8]\n mov eax, v32\n jmp short start\n jmp there\n"
      " db 130 dup (90h)\nthere:\n jz start\n ret\nc32 ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  const std::string bytes = hex(a.bytes("C32"));
  // 0: B8 id; 5: 66 B8 iw; 9: 8B 44 8B 08; 0Dh: A1 disp32 (0, fixup); 12h: EB EC (0 - 14h);
  // 14h: E9 cd to 9Bh (9Bh - 19h = 82h); 19h: 130 NOPs; 9Bh: 0F 84 cd back to 0 (0 - 0A1h).
  EXPECT_EQ(bytes.substr(0, 74), "B8 01 00 00 00 66 B8 01 00 8B 44 8B 08 A1 00 00 00 00 EB EC E9 82 00 00 00");
  EXPECT_EQ(bytes.substr(bytes.size() - 20), "0F 84 5F FF FF FF C3");
  // The variable's offset is a 32-bit fixup in a USE32 segment.
  bool offset32 = false;
  for (const auto& f : a.result.module.fixups) offset32 |= f.kind == link::FixupKind::Offset32 && f.offset == 0x0E;
  EXPECT_TRUE(offset32);
}

TEST(SegmentSizes, Use16SegmentPrefixesThirtyTwoBitForms) {
  auto a = assembleText(".386\nc segment use16\n mov eax, 1\n mov eax, [ebx]\n mov ax, [bx]\n push 5\n"
                        " jecxz $+2\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "66 B8 01 00 00 00 67 66 8B 03 8B 07 6A 05 67 E3 FF");
}

// Coprocessor directives select the coprocessor only: .8087 after .386 keeps the 386
// instructions, and .386 itself implies .387 (MASM 6.1 Reference, .386: "also enables 80387").
TEST(SegmentSizes, CoprocessorDirectiveLeavesTheProcessorAlone) {
  auto a = assembleText(".386\n.8087\nc segment use16\n mov eax, 1\n fld st(1)\n.387\n fld st(1)\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "66 B8 01 00 00 00 9B D9 C1 D9 C1");
}

// Operands without a size. MASM 6.1 refuses a memory operand whose size nothing gives (error
// A2023 "instruction operand must have size"; MASM 6.1 Programmer's Guide 4.2). MASM-compatible
// assemblers accept a memory operand beside an immediate, taking the immediate's size (JWasm's
// check_size: a byte for values that fit 8 bits, else a word, with the warning "Size not specified,
// assuming"), and course code that relied on that must still build: it assembles with a warning
// that says what MASM 6.1 wants. Where nothing gives a size (`inc [bx]`), it is still an error
// with the hint.
TEST(OperandSizes, MemoryBesideAnImmediateTakesItsSizeWithAWarning) {
  auto a = assembleText(code(" mov [bx], '0'\n mov [si+2], 1234h\n add [di], -1\n cmp [bx], 200\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // C6 /0 ib; C7 /0 iw; 80 /0 ib (ADD r/m8 with FFh); 80 /7 ib (CMP r/m8, C8h)
  EXPECT_EQ(hex(a.bytes("C")), "C6 07 30 C7 44 02 34 12 80 05 FF 80 3F C8");
  EXPECT_EQ(a.diags.warningCount(), 4u);
  EXPECT_NE(a.errors().find("test.asm:8:6: warning: operand size not given: assuming BYTE PTR from the immediate value "
                            "(MASM 6.1 requires BYTE PTR here)"),
            std::string::npos)
      << a.errors();
  EXPECT_NE(a.errors().find("assuming WORD PTR from the immediate value"), std::string::npos) << a.errors();
}

TEST(OperandSizes, NothingGivesTheSizeIsAnErrorWithAHint) {
  auto a = assembleText(code(" inc byte ptr [bx]\n inc [bx]\n not [si]\n"));
  ASSERT_TRUE(a.diags.hasErrors());
  const std::string text = a.errors();
  EXPECT_NE(text.find("test.asm:9:6: error: instruction operand must have size: use BYTE PTR or WORD PTR"),
            std::string::npos)
      << text;
  EXPECT_EQ(a.diags.errorCount(), 2u) << text;
}

// PUSH and POP move words before the 80386: MASM takes `push [si]` as it must, without a word.
// After .386 a doubleword could be meant, so the word taken is said.
TEST(OperandSizes, PushAndPopTakeTheWordSilentlyBeforeThe386) {
  auto a = assembleText(code(" push [si]\n pop [di]\n push word ptr [si]\n push [bp+4]\n"));
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "FF 34 8F 05 FF 34 FF 76 04");  // FF /6 [si], 8F /0 [di], FF /6 [bp+4]
  EXPECT_EQ(a.diags.warningCount(), 0u) << a.errors();
  auto after386 = assembleText(".386\nc segment use16\nassume cs:c\n push [si]\nc ends\nend\n");
  ASSERT_FALSE(after386.diags.hasErrors()) << after386.errors();
  EXPECT_EQ(hex(after386.bytes("C")), "FF 34");
  EXPECT_NE(after386.errors().find("warning: operand size not given: assuming WORD PTR"), std::string::npos)
      << after386.errors();
}

// An indirect JMP/CALL through memory without a size: MASM 6.1 wants WORD PTR (near) or DWORD
// PTR (far) unless OPTION M510; MASM 5.1 and TASM take a near pointer. It assembles as a near
// pointer, with a warning that says what MASM 6.1 wants.
TEST(OperandSizes, IndirectJumpWithoutASizeIsNearWithAWarning) {
  auto masm = assembleText(code(" jmp [bx]\n"));
  ASSERT_FALSE(masm.diags.hasErrors()) << masm.errors();
  EXPECT_EQ(hex(masm.bytes("C")), "FF 27");
  EXPECT_NE(masm.errors().find("MASM 6.1 requires WORD PTR for a near pointer, or DWORD PTR for a far one"),
            std::string::npos)
      << masm.errors();
  Options tasm;
  tasm.dialect = Dialect::Tasm;
  auto t = assembleText(code(" jmp [bx]\n call [bx+2]\n"), tasm);
  ASSERT_FALSE(t.diags.hasErrors()) << t.errors();
  EXPECT_EQ(hex(t.bytes("C")), "FF 27 FF 57 02");
  EXPECT_EQ(t.diags.warningCount(), 2u);
}

}  // namespace
}  // namespace asmlab::masm::test
