// Turbo Assembler's Ideal mode (--dialect tasm, IDEAL .. MASM). Each test names the place in
// Borland's documentation it follows: the Turbo Assembler User's Guide (versions 2.0-5.0),
// chapter "Using Ideal mode" and its appendix of Ideal-mode syntax, and the TASM 4 reference
// (Norton Guide) entries for ARG, LOCAL and EQU. Expected bytes are built from the Intel 8086
// Family User's Manual's encoding tables (table 4-12: MOV 8A/8B /r, C6/C7 /0, A0/A1 moffs, B8+r;
// ModRM mod/rm table 4-10; segment override prefixes 26/2E/36/3E), written out in each test.
#include <gtest/gtest.h>

#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

// An Ideal-mode source with one data and one code segment, DSEG and CSEG (full segment directives).
std::string ideal(const std::string& data, const std::string& code) {
  return "IDEAL\nSEGMENT dseg PARA PUBLIC 'DATA'\n" + data + "ENDS\nSEGMENT cseg PARA PUBLIC 'CODE'\nASSUME cs:cseg, ds:dseg\n" +
         code + "ENDS\nEND\n";
}

size_t warnings(const Assembled& a) { return a.diags.warningCount(); }

// User's Guide, "Using Ideal mode": directive keywords such as SEGMENT, PROC, LABEL and STRUC
// come before the symbol's name; ENDS and ENDP may repeat the name or leave it out.
TEST(IdealMode, DirectivesComeBeforeTheirNames) {
  auto a = assembleText(
      "IDEAL\nSEGMENT data WORD PUBLIC 'DATA'\nLABEL bytes BYTE\nw dw 1234h\nENDS data\n"
      "GROUP dgrp data\nSEGMENT code BYTE PUBLIC 'CODE'\nASSUME cs:code, ds:dgrp\n"
      "PROC first NEAR\n mov al, [bytes]\n ret\nENDP first\nPROC second FAR\n ret\nENDP\nENDS\nEND\n",
      tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("DATA")), "34 12");
  // mov al,[0000] = A0 0000; ret = C3; RET in a FAR procedure is RETF = CB.
  EXPECT_EQ(hex(a.bytes("CODE")), "A0 00 00 C3 CB");
  ASSERT_EQ(a.result.module.groups.size(), 1u);
  EXPECT_EQ(a.result.module.groups[0].name, "DGRP");
}

// User's Guide, "Using Ideal mode", square brackets: a memory operand is written in brackets,
// registers and displacements added inside them, a segment override first inside them.
TEST(IdealMode, MemoryOperandsInBrackets) {
  auto a = assembleText(ideal("pad db 4 dup (0)\nvar dw 5\n",
                              " mov ax, [var]\n"        // A1 0400
                              " mov ax, [var+bx]\n"     // 8B /r mod10 reg000 rm111: 8B 87 0400
                              " mov al, [bx+si+3]\n"    // 8A /r mod01 rm000: 8A 40 03
                              " mov ax, [es:di]\n"      // 26, 8B mod00 rm101: 26 8B 05
                              " mov al, [es:bx+si]\n"   // 26 8A 00
                              " mov ax, [bp-2]\n"),     // mod01 rm110: 8B 46 FE
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(warnings(a), 0u) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "A1 04 00 8B 87 04 00 8A 40 03 26 8B 05 26 8A 00 8B 46 FE");
}

// User's Guide, "Using Ideal mode": "square brackets always refer to the contents of the enclosed
// quantity"; `[5]` is the word at DS:0005, not the number 5 as MASM reads it.
TEST(IdealMode, BracketsAroundANumberAddressMemory) {
  auto a = assembleText(ideal("", " mov ax, [5]\n mov bx, [10h]\n mov ax, 5\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // A1 0500; 8B mod00 reg011 rm110 = 1E: 8B 1E 1000; B8 0500
  EXPECT_EQ(hex(a.bytes("CSEG")), "A1 05 00 8B 1E 10 00 B8 05 00");
}

// User's Guide, "Using Ideal mode": the size comes first inside the brackets, with or without PTR
// (`[byte bx]`, `[word ptr bx]`); x86 FAQ (Borland TASM) 3.2 shows `mov ax,[word bx]`.
TEST(IdealMode, SizeOverridesInsideBrackets) {
  auto a = assembleText(ideal("",
                              " inc [byte bx]\n"         // FE /0 mod00 rm111: FE 07
                              " mov [byte bx], 1\n"      // C6 07 01
                              " mov [word si+2], 2\n"    // C7 mod01 rm100: C7 44 02 0200
                              " mov [word ptr di], 3\n"  // C7 05 0300
                              " cmp [word si-8+bp], 7\n" // 83 /7 mod01 rm010: 83 7A F8 07
                              " mov ax, [word es:bx+2]\n"),  // 26 8B 47 02
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "FE 07 C6 07 01 C7 44 02 02 00 C7 05 03 00 83 7A F8 07 26 8B 47 02");
}

// x86 FAQ (Borland TASM) 3.2 and the TASM error list: `mov ByteVal,al` draws the warning
// "Pointer expression needs brackets" and is still the memory operand.
TEST(IdealMode, VariableWithoutBracketsWarnsAndIsMemory) {
  auto a = assembleText(ideal("ByteVal db ?\n", " mov ByteVal, al\n mov [ByteVal], al\n mov bx, offset ByteVal\n"),
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // MOV moffs8,AL = A2 0000 (twice); BB 0000
  EXPECT_EQ(hex(a.bytes("CSEG")), "A2 00 00 A2 00 00 BB 00 00");
  ASSERT_EQ(warnings(a), 1u);
  EXPECT_NE(a.errors().find("pointer expression needs brackets"), std::string::npos) << a.errors();
  EXPECT_NE(a.errors().find(":7:6:"), std::string::npos) << "the warning points at the operand: " << a.errors();
}

// User's Guide, "Using Ideal mode": duplicate member names among structures; members are named
// through the structure (`[pt.y]`, `[bx+Point.y]`, `[(Point PTR bx).y]`), and a variable may
// have a member's name. Point is x at 0, y at 2; Size3 is x at 0, y at 1, z at 2.
TEST(IdealMode, StructureMembersBelongToTheirStructure) {
  auto a = assembleText(
      "IDEAL\nSTRUC Point\nx dw ?\ny dw ?\nENDS\nSTRUC Size3\nx db ?\ny db ?\nz db ?\nENDS Size3\n"
      "SEGMENT d\ny dw 7\npt Point <1,2>\nENDS\nSEGMENT c\nASSUME cs:c, ds:d\n"
      " mov ax, [y]\n"                   // the variable: A1 0000
      " mov ax, [pt.y]\n"                // pt at 2, y at +2: A1 0400
      " mov ax, [bx+Point.y]\n"          // 8B 47 02
      " mov al, [bx+Size3.y]\n"          // 8A 47 01
      " mov ax, [(Point PTR bx).y]\n"    // 8B 47 02
      " mov al, [(Size3 bx+si).z]\n"     // type without PTR; 8A 40 02
      " mov al, [bx.z]\n"                // z: only Size3 has one: 8A 47 02
      " mov cx, SIZE Point\n"            // B9 0400
      "ENDS\nEND\n",
      tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("D")), "07 00 01 00 02 00");
  EXPECT_EQ(hex(a.bytes("C")), "A1 00 00 A1 04 00 8B 47 02 8A 47 01 8B 47 02 8A 40 02 8A 47 02 B9 04 00");
}

TEST(IdealMode, AmbiguousMemberNeedsItsStructure) {
  auto a = assembleText("IDEAL\nSTRUC A\nv dw ?\nENDS\nSTRUC B\nu db ?\nv db ?\nENDS\n"
                        "SEGMENT c\nASSUME cs:c\n mov ax, [bx.v]\nENDS\nEND\n",
                        tasm());
  ASSERT_TRUE(a.diags.hasErrors());
  EXPECT_NE(a.errors().find("'v' is a field of several structures (A, B)"), std::string::npos) << a.errors();
  EXPECT_NE(a.errors().find("test.asm:11:14:"), std::string::npos) << a.errors();
}

// User's Guide, "Defining structures": a UNION (or STRUC) nested without a name inside a structure
// gives its members the enclosing structure's offsets; a union is as long as its longest member.
TEST(IdealMode, NestedUnionInsideAStructure) {
  auto a = assembleText("IDEAL\nSTRUC Cell\nkind db ?\nUNION\nnum dw ?\nchr db ?\nfar_ dd ?\nENDS\nflags db ?\nENDS\n"
                        "SEGMENT c\nASSUME cs:c\n mov ax, [bx+Cell.num]\n mov al, [bx+Cell.chr]\n"
                        " mov al, [bx+Cell.flags]\n mov cx, SIZE Cell\nENDS\nEND\n",
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // num and chr at 1, flags after the 4-byte union at 5, the structure 6 bytes long.
  EXPECT_EQ(hex(a.bytes("C")), "8B 47 01 8A 47 01 8A 47 05 B9 06 00");
}

// TASM 4 reference, EQU: "In Ideal mode, the EQU directive always defines a text macro", with
// the manual's own examples (abc6 = "3+2+1", abc7 = "6", abc redefined, abclen SIZESTR abc = 3,
// comma1 INSTR abc3,<,> = 4, comma2 INSTR comma1+1,abc3,<,> = 8).
TEST(IdealMode, EquAlwaysDefinesText) {
  auto a = assembleText(ideal("", "abc equ <abc>\nabc6 equ 3+2+1\nabc7 equ %3+2+1\nabc equ <def>\n"
                                  " mov ax, abc6*2\n"  // 3+2+1*2 = 7: B8 0700
                                  " mov ax, abc7*2\n"  // 6*2 = 12: B8 0C00
                                  "abcLen sizestr abc\n mov ax, abcLen\n"  // "def": B8 0300
                                  "abc3 catstr <abc>,<,>,abc,<,>,<abc>\ncomma1 instr abc3,<,>\n"
                                  "comma2 instr comma1+1,abc3,<,>\n mov ax, comma1\n mov ax, comma2\n"),  // B8 0400, B8 0800
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "B8 07 00 B8 0C 00 B8 03 00 B8 04 00 B8 08 00");
}

// Appendix of Ideal-mode syntax: MACRO comes before the macro's name.
TEST(IdealMode, MacroNameAfterMacro) {
  auto a = assembleText(ideal("msg db '$'\n", "MACRO Print text\n mov dx, offset text\n mov ah, 9\n int 21h\nENDM\n"
                                              " Print msg\n"),
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "BA 00 00 B4 09 CD 21");
}

// Ideal-mode course programs use @@ labels in several procedures without a LOCALS directive.
TEST(IdealMode, AtAtLabelsAreLocalToTheirProcedure) {
  auto a = assembleText(ideal("", "PROC one\n@@l: jmp @@l\nmid: jmp @@l\nENDP\nPROC two\n@@l: jmp @@l\nENDP\n"), tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // jmp short = EB rel8: -2 at 0; from 2 back to 0 across `mid:` = -4; -2 in `two`.
  EXPECT_EQ(hex(a.bytes("CSEG")), "EB FE EB FC EB FE");
}

// User's Guide, "Entering and leaving Ideal mode": IDEAL and MASM switch back and forth.
TEST(IdealMode, MasmSwitchesBack) {
  auto a = assembleText("IDEAL\nSEGMENT c\nASSUME cs:c\nv dw 3\n mov ax, [v]\nMASM\np PROC\n mov ax, v\np ENDP\n"
                        "IDEAL\n mov ax, [v]\nENDS\nEND\n",
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(warnings(a), 0u) << "a bare variable in MASM mode is no Ideal warning: " << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "03 00 2E A1 00 00 2E A1 00 00 2E A1 00 00");
}

// TASM 4 reference, ARG: `proc func1 near / arg A:word, B:dword:2, C:byte = D` defines A as
// [BP+4], B as [BP+6], C as [BP+14] and D as 12. User's Guide, LOCAL: `LOCAL LocalArray:BYTE:100,
// LocalCount:WORD = AUTO_SIZE` puts LocalArray at [BP-100], LocalCount at [BP-102], AUTO_SIZE 102.
TEST(IdealMode, ArgAndLocalNameTheStackFrame) {
  auto a = assembleText(ideal("", "PROC func1 NEAR\narg A:word, B:dword:2, C:byte = D\n"
                                  "LOCAL LocalArray:BYTE:100, LocalCount:WORD = AUTO_SIZE\n"
                                  " mov ax, [A]\n"           // 8B 46 04
                                  " les bx, [B]\n"           // C4 /r mod01 reg011 rm110: C4 5E 06
                                  " mov al, [C]\n"           // 8A 46 0E
                                  " mov ax, D\n"             // B8 0C00
                                  " lea si, [LocalArray]\n"  // 8D mod01 reg110 rm110: 8D 76 9C
                                  " mov [LocalCount], 1\n"   // C7 46 9A 0100
                                  " sub sp, AUTO_SIZE\n"     // 102 fits a signed byte: 83 /5 mod11 rm100 = 83 EC 66
                                  " ret D\n"                 // C2 0C00
                                  "ENDP\n"),
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CSEG")), "8B 46 04 C4 5E 06 8A 46 0E B8 0C 00 8D 76 9C C7 46 9A 01 00 83 EC 66 C2 0C 00");
}

// Borland technical note TN357 ("Order of ARG directive operands"): in a FAR procedure the first
// argument is [BP+6] (a 4-byte return address and the saved BP); ARG names may be redefined by
// the next procedure, in MASM mode too.
TEST(TasmProcedures, ArgInAFarProcedureAndRedefinedNames) {
  auto a = assembleText("c segment\nassume cs:c\nf proc far\narg first:word, second:word = argsz\n"
                        " mov ax, first\n mov bx, second\n ret argsz\nf endp\n"
                        "n proc near\narg first:word = argsz\n mov ax, first\n ret argsz\nn endp\nc ends\nend\n",
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // 8B 46 06, 8B 5E 08, RETF iw = CA 0400; 8B 46 04, C2 0200
  EXPECT_EQ(hex(a.bytes("C")), "8B 46 06 8B 5E 08 CA 04 00 8B 46 04 C2 02 00");
}

// User's Guide, "Preserving registers": USES pushes the registers at the start of the procedure
// and pops them, in reverse order, before every RET.
TEST(TasmProcedures, UsesSavesAndRestoresRegisters) {
  auto a = assembleText(ideal("", "PROC p NEAR USES ax, bx\n or ax, ax\n jz @@done\n ret\n@@done: ret\nENDP\n"
                                  "PROC q\n USES cx\n ret\nENDP\n ret\n"),
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // push ax 50, push bx 53; or ax,ax 0B C0; jz 74 03; pop bx 5B, pop ax 58, ret C3 (twice);
  // q: push cx 51, pop cx 59, ret; a RET after ENDP pops nothing.
  EXPECT_EQ(hex(a.bytes("CSEG")), "50 53 0B C0 74 03 5B 58 C3 5B 58 C3 51 59 C3 C3");
}

// User's Guide, "Declaring procedures": in a procedure with a language the assembler writes the
// stack frame for ARG and LOCAL: push bp, mov bp,sp, sub sp,locals, then the USES pushes, before
// the first instruction; before each RET the USES pops, mov sp,bp, pop bp.
TEST(TasmProcedures, LanguageProcedureGetsItsStackFrame) {
  auto a = assembleText("IDEAL\nMODEL small, C\nCODESEG\nPROC f\nARG x:word, y:word\nLOCAL t:word\nUSES si\n"
                        "@@top:\n mov ax, [x]\n add ax, [y]\n mov [t], ax\n ret\nENDP\nEND\n",
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // 55; 8B EC; 83 EC 02; 56 | 8B 46 04; 03 46 06; 89 46 FE | 5E; 8B E5; 5D; C3
  EXPECT_EQ(hex(a.bytes("_TEXT")), "55 8B EC 83 EC 02 56 8B 46 04 03 46 06 89 46 FE 5E 8B E5 5D C3");
}

// Borland technical note TN357: Pascal pushes the arguments left to right, so the last one is
// nearest BP ([BP+4]) and the first one [BP+6]; the procedure removes them (RET 4).
TEST(TasmProcedures, PascalProcedureReversesItsArguments) {
  auto a = assembleText("IDEAL\nMODEL small\nCODESEG\nPROC g PASCAL NEAR\nARG first:word, second:word\n"
                        " mov ax, [first]\n mov bx, [second]\n ret\nENDP\nEND\n",
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // 55; 8B EC; 8B 46 06; 8B 5E 04; 5D; C2 0400
  EXPECT_EQ(hex(a.bytes("_TEXT")), "55 8B EC 8B 46 06 8B 5E 04 5D C2 04 00");
}

TEST(TasmProcedures, LanguageFrameNeedsArgBeforeTheCode) {
  auto a = assembleText("IDEAL\nMODEL small, C\nCODESEG\nPROC f\n nop\nARG x:word\n ret\nENDP\nEND\n", tasm());
  ASSERT_TRUE(a.diags.hasErrors());
  EXPECT_NE(a.errors().find("test.asm:6:5: error: ARG must come before the procedure's first instruction"),
            std::string::npos)
      << a.errors();
}

// User's Guide, "Conditional error-generation directives" and DISPLAY.
TEST(TasmDirectives, ConditionalErrorsAndDisplay) {
  auto quiet = assembleText("IDEAL\nLIMIT = 4\nERRIF LIMIT GT 8\nERRIFNDEF LIMIT\nDISPLAY \"building\"\nEND\n", tasm());
  EXPECT_FALSE(quiet.diags.hasErrors()) << quiet.errors();
  ASSERT_EQ(quiet.result.messages.size(), 1u);
  EXPECT_EQ(quiet.result.messages[0], "building");
  auto loud = assembleText("IDEAL\nLIMIT = 9\nERRIF LIMIT GT 8, too many\nEND\n", tasm());
  ASSERT_EQ(loud.diags.errorCount(), 1u);
  EXPECT_NE(loud.errors().find("test.asm:3:1: error: forced error (ERRIF): too many"), std::string::npos) << loud.errors();
}

// The words only Turbo Assembler knows point at --dialect tasm when the source is assembled as
// MASM.
TEST(TasmDirectives, TasmWordsUnderMasmNameTheDialect) {
  auto a = assembleText("IDEAL\nP8086\nCODESEG\nEND\n");
  ASSERT_EQ(a.diags.errorCount(), 3u) << a.errors();
  EXPECT_NE(a.errors().find("test.asm:1:1: error: 'IDEAL' is a Turbo Assembler directive; assemble the source as "
                            "Turbo Assembler code with '--dialect tasm'"),
            std::string::npos)
      << a.errors();
  EXPECT_TRUE(isTasmOnlyDirective("codeseg"));
  EXPECT_TRUE(isTasmOnlyDirective("P286"));
  EXPECT_FALSE(isTasmOnlyDirective("SEGMENT"));
  EXPECT_FALSE(isTasmOnlyDirective(".MODEL"));
}

// A whole Ideal-mode program in the style the course template gives (MODEL, STACK, DATASEG,
// CODESEG, @data, END start).
TEST(IdealMode, CourseTemplateProgram) {
  auto a = assembleText("IDEAL\nMODEL small\nSTACK 100h\nDATASEG\nvar1 db 2\nvar2 db 4\nCODESEG\nstart:\n"
                        " mov ax, @data\n mov ds, ax\n mov bh, [var1]\n mov bl, [var2]\nexit:\n mov ax, 4c00h\n"
                        " int 21h\nEND start\n",
                        tasm());
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_DATA")), "02 04");
  // B8 seg; 8E D8; 8A 3E 0000; 8A 1E 0100; B8 004C; CD 21
  EXPECT_EQ(hex(a.bytes("_TEXT")), "B8 00 00 8E D8 8A 3E 00 00 8A 1E 01 00 B8 00 4C CD 21");
  ASSERT_TRUE(a.result.module.entry.has_value());
}

}  // namespace
}  // namespace asmlab::masm::test

namespace asmlab::masm::test {
namespace {

// MASM 6.1 Programmer's Guide ch. 9, "Text macros": an operand of TEXTEQU, CATSTR, SIZESTR,
// SUBSTR or INSTR may be a text macro's name, which stands for its value; inside an expression
// (`%n*2`, `n+1`) the name is replaced as usual.
TEST(TextDirectives, TextMacroNameAsOperand) {
  auto a = assembleText("abc textequ <defg>\nlen sizestr abc\ncopy textequ abc\nlen2 sizestr copy\nn textequ <2>\n"
                        "twice textequ %n*2\nc segment\n mov ax, len\n mov ax, len2\n mov ax, twice\nc ends\nend\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("C")), "B8 04 00 B8 04 00 B8 04 00");
}

}  // namespace
}  // namespace asmlab::masm::test
