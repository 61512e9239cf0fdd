// Programs written for emu8086, which MASM 6.1 refuses: code before any segment (its .COM
// template, `ORG 100h` then instructions), `#make_COM#` lines and no END directive. They assemble
// and link as the .COM emu8086 makes of them, with a warning for each departure from MASM.
// Bytes from the Intel 8086 opcode map: BA iw MOV DX,imm16; B4 ib MOV AH,imm8; CD 21 INT 21h;
// C3 RET; EB cb JMP short.
#include <gtest/gtest.h>

#include "asmlab/link/linker.hpp"
#include "asmlab/link/mz.hpp"
#include "masm_test_util.hpp"

namespace asmlab::masm::test {
namespace {

// The .COM image; a program without END's label starts at 100h with the linker's warning.
std::vector<uint8_t> linkCom(const Assembled& a) {
  link::LinkOptions options;
  options.format = link::OutputFormat::Com;
  options.useDefaultLibraries = false;
  link::LinkDiagnostics diag;
  auto p = link::link({link::InputModule{a.result.module, "test.asm"}}, {}, options, diag);
  EXPECT_TRUE(p) << diag.renderToString();
  if (p) {
    EXPECT_EQ(p->ip, 0x100);
  }
  return p ? link::writeCom(*p) : std::vector<uint8_t>{};
}

TEST(Emu8086, TheComTemplateWithoutSegmentsIsATinyProgramFrom100h) {
  auto a = assembleText(
      "#make_COM#\nname \"hi\"\norg 100h\n\nmov dx, offset msg\nmov ah, 9\nint 21h\nret\n\n"
      "msg db \"Hi$\"\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(a.result.tinyModel);
  EXPECT_TRUE(has(a, "test.asm:1:1: warning: '#make_COM#' is an emu8086 directive: ignored")) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:5:1: warning: code outside any segment: assuming .MODEL TINY, .CODE and ORG 100h"))
      << a.errors();
  EXPECT_TRUE(has(a, "warning: no END directive at the end of the source")) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "BA 08 01 B4 09 CD 21 C3 48 69 24");
}

TEST(Emu8086, DataAndCodeDirectivesInsideTheImpliedProgram) {
  // jmp Init (EB 00): .Data's bytes go after the code, as TINY's DOSSEG order puts them.
  auto a = assembleText(
      "org 100h\njmp Init\n.data\nmsg db 'A$'\n.code\nInit: mov dx, offset msg\nmov ah, 9\n"
      "int 21h\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "EB 00 BA 0A 01 B4 09 CD 21 C3 41 24");
}

TEST(Emu8086, ATinyProgramWithoutAnEndLabelLinksAsACom) {
  for (const char* end : {"", "end\n"}) {
    auto a = assembleText(std::string(".model tiny\n.code\norg 100h\nmov ah, 9\nret\n") + end);
    ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
    EXPECT_EQ(hex(linkCom(a)), "B4 09 C3");
  }
}

TEST(Emu8086, CodeOutsideSegmentsOfAProgramWithSegmentsIsStillAnError) {
  auto a = assembleText("c segment\nassume cs:c\nnop\nc ends\nmov ax, 1\nend\n");
  EXPECT_TRUE(has(a, "test.asm:5:1: error: instruction outside any segment")) << a.errors();
  // Code before the first SEGMENT of a MASM program is a mistake: MASM's error, not emu8086's shape.
  auto before = assembleText("here: nop\ns segment\ns ends\nend\n");
  EXPECT_TRUE(has(before, "test.asm:1:1: error: instruction outside any segment")) << before.errors();
  EXPECT_FALSE(has(before, "emu8086")) << before.errors();
  auto withModel = assembleText(".model small\nmov ax, 1\nend\n");
  EXPECT_TRUE(withModel.diags.hasErrors()) << withModel.errors();
  EXPECT_FALSE(has(withModel, "emu8086")) << withModel.errors();
}

TEST(Emu8086, AProgramWithEndAndItsLabelKeepsIt) {
  // The label opens the implied segment, so it names 100h.
  auto a = assembleText("org 100h\nstart: jmp go\nmsg db 'A$'\ngo: ret\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 1u) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "EB 02 41 24 C3");
}

// emu8086's .EXE template: segments closed by a bare ENDS, a segment named STACK, and no ASSUME.
// Its variables are read through DS (MASM: error A2074), with one warning for their segment.
TEST(Emu8086, TheExeTemplateWithoutAssume) {
  auto a = assembleText(
      "data segment\n pkey db \"key$\"\n n dw 5\nends\nstack segment\n dw 128 dup(0)\nends\n"
      "code segment\nstart:\n mov ax, data\n mov ds, ax\n lea dx, pkey\n mov ah, 9\n int 21h\n"
      " mov bx, n\n inc n\n mov ax, 4c00h\n int 21h\nends\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  // B8 seg; 8E D8; BA 0000 (MASM 6's LEA of a variable: MOV DX, OFFSET); B4 09; CD 21; 8B 1E 0004 (no
  // prefix: DS); FF 06 0004; B8 00 4C; CD 21
  EXPECT_EQ(hex(a.bytes("CODE")), "B8 00 00 8E D8 BA 00 00 B4 09 CD 21 8B 1E 04 00 FF 06 04 00 B8 00 4C CD 21");
  const std::string text = a.errors();
  EXPECT_NE(text.find("test.asm:12:10: warning: no ASSUME reaches 'PKEY' in segment 'DATA': assuming DS holds it"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("no ASSUME reaches 'N'"), std::string::npos) << text;  // once for the segment
}

// emu8086's .COM template with .DATA and .CODE added: the ORG 100h before them makes it a .COM,
// whose RET returns to DOS (as a SMALL .EXE's could not).
TEST(Emu8086, OrgBeforeTheSimplifiedSegmentsMakesACom) {
  auto b = assembleText("org 100h\n.data\nmsg db 'A$'\n.code\n lea dx, msg\n mov ah, 9\n int 21h\n ret\n");
  ASSERT_FALSE(b.diags.hasErrors()) << b.errors();
  EXPECT_TRUE(b.result.tinyModel);
  EXPECT_TRUE(has(b, "test.asm:2:1: warning: .DATA without .MODEL: assuming .MODEL TINY after ORG 100h")) << b.errors();
  EXPECT_EQ(hex(linkCom(b)), "BA 08 01 B4 09 CD 21 C3 41 24");
  // Loading @data (a segment value, which only an .EXE's loader fills in) keeps it a SMALL .EXE.
  auto a = assembleText(
      "org 100h\n.data\nmsg db 'A$'\n.code\n mov ax, @data ; not @data in a comment\n"
      " mov ds, ax\n lea dx, msg\n mov ah, 9\n int 21h\n mov ax, 4C00h\n int 21h\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_FALSE(a.result.tinyModel);
  EXPECT_TRUE(has(a, "assuming .MODEL SMALL")) << a.errors();
}

// The implied segments are 16-bit even after .386 (which before a written .MODEL makes 32-bit
// ones): a DOS program runs in real mode. MOV EAX,1 is 66 B8 imm32 and MOV AX,2 is B8 imm16 there.
TEST(Emu8086, TheImpliedSegmentsAre16BitAfter386) {
  auto com = assembleText(".386\norg 100h\nmov eax, 1\nmov ax, 2\nret\n");
  ASSERT_FALSE(com.diags.hasErrors()) << com.errors();
  EXPECT_EQ(hex(linkCom(com)), "66 B8 01 00 00 00 B8 02 00 C3");
  auto small = assembleText(".386\n.code\nmov eax, 1\nend\n");
  ASSERT_FALSE(small.diags.hasErrors()) << small.errors();
  EXPECT_EQ(hex(small.bytes("_TEXT")), "66 B8 01 00 00 00");
}

TEST(Emu8086, AProcedureFirstOpensTheImpliedSegment) {
  auto a = assembleText("main proc\n mov ah, 2\n ret\nmain endp\nend main\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:1:1: warning: code outside any segment")) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "B4 02 C3");
}

TEST(Emu8086, AStructureDefinedFirstIsNotCode) {
  auto a = assembleText("point struc\n x dw ?\n y dw ?\npoint ends\norg 100h\nmov ax, size point\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:6:1: warning: code outside any segment")) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "B8 04 00 C3");
}

TEST(Emu8086, WordsInStringsAndCommentsDoNotMakeItAMasmProgram) {
  auto a = assembleText("org 100h ; no SEGMENT here\nmov dx, offset m\nret\nm db 'SEGMENT .MODEL$'\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)).substr(0, 12), "BA 04 01 C3 ");
}

TEST(Emu8086, ItsMacroLibraryIsNamedWhenMissing) {
  auto a = assembleText("include 'emu8086.inc'\norg 100h\nret\n");
  EXPECT_TRUE(
      has(a, "test.asm:1:10: error: cannot find include file 'emu8086.inc' (emu8086's macro library: asmlab's copy"))
      << a.errors();
}

// emu8086 reads a constant in brackets as memory at DS:constant, as 8086 lab programs expect
// (`mov ax, [1000h]` loads the word stored there). Intel 8086 opcode map: A1 MOV AX,moffs16;
// 8B /r MOV r16,r/m16 (8B 1E disp16: BX, direct address); A3 MOV moffs16,AX; 8A /r MOV r8,r/m8;
// 89 /r MOV r/m16,r16; 26 ES prefix; 8B B7 disp16: MOV SI,[BX+disp16]; F4 HLT.
TEST(Emu8086, AConstantInBracketsIsMemoryAtDs) {
  auto a = assembleText(
      "mov ax, [1000h]\nmov bx, [1002h]\nmov [1004h], ax\nmov cl, [1006h]\nmov [1008h], cx\n"
      "mov dx, es:[1000h]\nmov si, [1000h][bx]\nhlt\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "A1 00 10 8B 1E 02 10 A3 04 10 8A 0E 06 10 89 0E 08 10 26 8B 16 00 10 8B B7 00 10 F4");
  EXPECT_TRUE(has(a, "test.asm:1:9: warning: a constant in brackets addresses memory at DS:1000h, as emu8086 reads it"))
      << a.errors();
  EXPECT_EQ(a.errors().find("DS:1002h"), std::string::npos) << a.errors();  // said once
  EXPECT_TRUE(a.result.emu8086);
}

// Its .EXE template (segments without ASSUME) is emu8086's too: A0 MOV AL,moffs8.
TEST(Emu8086, TheExeTemplateReadsBracketedConstantsAsMemoryToo) {
  auto a = assembleText("code segment\nstart:\n mov al, [2]\n mov ax, 4c00h\n int 21h\ncode ends\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CODE")), "A0 02 00 B8 00 4C CD 21");
  EXPECT_TRUE(a.result.emu8086);  // its HLT ends the run, read through no variable as it is
}

// A MASM program keeps MASM's reading (Microsoft KB Q120070: brackets around a constant leave it
// a constant), B8 iw MOV AX,imm16, and is told how to address memory; ds:[...] is memory, silently.
TEST(Emu8086, AMasmProgramReadsABracketedConstantAsTheNumberAndIsWarned) {
  auto a = assembleText(
      ".model small\n.code\nmain proc\n mov ax, [1004h]\n mov cx, ds:[1004h]\n mov dx, [bx][2]\n ret\n"
      "main endp\nend main\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "B8 04 10 8B 0E 04 10 8B 57 02 C3");
  EXPECT_TRUE(has(a, "test.asm:4:10: warning: a constant in brackets is the number 1004h here, not memory"))
      << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 1u) << a.errors();
  EXPECT_FALSE(a.result.emu8086);
  // A COMMENT block's text, a `#` at a line's start included, does not make it emu8086's.
  auto c = assembleText(
      "COMMENT #\n  header\n# end of the header\n.model small\n.code\nmain: mov ax, [1004h]\n"
      " ret\nend main\n");
  ASSERT_FALSE(c.diags.hasErrors()) << c.errors();
  EXPECT_EQ(hex(c.bytes("_TEXT")), "B8 04 10 C3");
  EXPECT_FALSE(c.result.emu8086);
}

// emu8086's short size prefixes (its documentation, "Memory access"): b. for BYTE PTR, w. for
// WORD PTR. C6 /0 ib MOV r/m8,imm8; C7 /0 iw MOV r/m16,imm16; FE /0 INC r/m8; 02 /r ADD r8,r/m8.
TEST(Emu8086, ShortSizePrefixesBeforeABracket) {
  auto a = assembleText("org 100h\nmov b.[bx], 44h\nmov w.[si], 1234h\ninc B.[di]\nadd al, b. [bx+si+2]\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "C6 07 44 C7 04 34 12 FE 05 02 40 02 C3");
  EXPECT_TRUE(has(a, "test.asm:2:5: warning: 'b.' is emu8086's short form of BYTE PTR: taken")) << a.errors();
  EXPECT_EQ(a.errors().find("'w.'"), std::string::npos) << a.errors();  // said once
}

// A colon after a jump's label, which emu8086 takes and MASM refuses: EB rel8 JMP short, 7C rel8
// JL, E2 rel8 LOOP, E8 rel16 CALL. A data reference keeps its meaning (`es:` is an override).
TEST(Emu8086, ColonAfterAJumpsLabelIsLeftOut) {
  auto a = assembleText(
      ".model small\n.code\nmain: jmp next:\nnext: jl main:\n loop next:\n call far_:\n"
      "far_: ret\nend main\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("_TEXT")), "EB 00 7C FC E2 FC E8 00 00 C3");
  EXPECT_TRUE(has(a, "test.asm:3:15: warning: the ':' after 'next' is left out, as emu8086 does")) << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 1u) << a.errors();  // said once
  EXPECT_TRUE(assembleText(".model small\n.code\nmain: mov ax, main:\nend main\n").diags.hasErrors());
}

// C's hexadecimal, which emu8086 takes: B8 iw MOV AX,imm16; a DB of 41h; C3 RET.
TEST(Emu8086, CStyleHexadecimalNumbers) {
  auto a = assembleText("org 100h\nmov ax, 0xB800\ndb 0x41 ; 0x in a comment\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "B8 00 B8 41 C3");
  EXPECT_TRUE(has(a, "test.asm:2:9: warning: '0x' numbers are C's hexadecimal, which emu8086 takes")) << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 3u) << a.errors();  // with code outside segments and no END
  // `0x1Fh` is no number in either notation.
  EXPECT_TRUE(assembleText("org 100h\nmov ax, 0x1Fh\n").diags.hasErrors());
}

// C's shifts, which emu8086's traffic_lights2.asm sample writes (`green << 3`): SHL and SHR.
// B8 iw MOV AX,imm16; 5 SHL 3 = 28h, 40h SHR 2 = 10h.
TEST(Emu8086, CStyleShiftsAreShlAndShr) {
  auto a = assembleText("org 100h\nmov ax, 5 << 3\nmov ax, 40h >> 2\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "B8 28 00 B8 10 00 C3");
  EXPECT_TRUE(has(a, "test.asm:2:11: warning: '<<' and '>>' are C's shifts, which emu8086 takes")) << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 3u) << a.errors();  // said once, with code outside segments and no END
}

// `name = $` (or EQU $) is a number in emu8086, the offset there: its traffic_lights.asm ends a
// table so and loops while SI is below it. 81 /7 iw CMP r/m16,imm16 (SI: ModRM FE), not 3B /r
// CMP r16,r/m16 with the word at 113h; BE iw MOV SI,imm16; 83 /0 ib ADD; 72 cb JB; F4 HLT.
TEST(Emu8086, AnEquateOfTheLocationIsItsOffset) {
  for (const char* define : {"tbl_end = $", "tbl_end equ $"}) {
    auto a = assembleText(std::string("#make_COM#\norg 100h\n        mov si, offset tbl\nnext:   add si, 2\n"
                                      "        cmp si, tbl_end\n        jb next\n        hlt\n"
                                      "tbl     dw 1, 2, 3\n") +
                          define + "\n");
    ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
    EXPECT_EQ(hex(linkCom(a)), "BE 0D 01 83 C6 02 81 FE 13 01 72 F7 F4 01 00 02 00 03 00") << define;
    EXPECT_TRUE(has(a, "warning: 'TBL_END' is the offset of '$' here, a number, as emu8086 reads it")) << a.errors();
  }
}

// A directive's name for a variable (a student's menu program: `option db ...`), with a warning.
// A0 iw MOV AL,moffs8.
TEST(Emu8086, ADirectiveNameNamesAVariable) {
  auto a = assembleText("#make_COM#\norg 100h\nmov al, option\nret\noption db 2 dup(7)\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "A0 04 01 C3 07 07");
  EXPECT_TRUE(has(a, "test.asm:5:1: warning: directive name used as a variable: option (emu8086 takes it"))
      << a.errors();
  // MASM 6.1 refuses it.
  EXPECT_TRUE(assembleText(".model small\n.data\noption db 1\n.code\nend\n").diags.hasErrors());
}

// `#start=robot.exe#` starts one of emu8086's devices, which its programs always have here.
TEST(Emu8086, AStartLineSaysTheDeviceIsThere) {
  auto a = assembleText("#start=robot.exe#\n#make_COM#\norg 100h\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:1:1: warning: '#start=robot.exe#' starts one of emu8086's devices")) << a.errors();
  EXPECT_TRUE(has(a, "test.asm:2:1: warning: '#make_COM#' is an emu8086 directive: ignored")) << a.errors();
}

// The first size-less store to a bracketed address (its warning said before the size is taken
// from the immediate): C6 /0 ib MOV r/m8,imm8 with a direct address (06 disp16); FE /0 INC r/m8.
TEST(Emu8086, TheFirstStoreToABracketedAddressTakesItsSizeFromTheImmediate) {
  auto a = assembleText("org 100h\nmov [2000h], 53h\ninc b.[2000h]\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "C6 06 00 20 53 FE 06 00 20 C3");
  // In a MASM program the same line is a store to a number: an error, never bytes of zeros.
  auto m = assembleText(".model small\n.code\nmain: mov [2000h], ax\n mov ah, 4ch\n int 21h\nend main\n");
  EXPECT_TRUE(has(m, "test.asm:3:11: error: invalid operands for MOV")) << m.errors();
}

// Binary digits grouped by `_`, as emu8086's samples write them: B0 ib MOV AL,imm8.
TEST(Emu8086, DigitsSeparatedByUnderscores) {
  auto a = assembleText("org 100h\nmov al, 0000_0110b\ndw 1_000\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "B0 06 E8 03 C3");
  EXPECT_TRUE(has(a, "test.asm:2:9: warning: '_' between digits is emu8086's separator")) << a.errors();
}

// emu8086 takes reserved words as names (MASM 5.1 warned; MASM 6.1 refuses): SIZE as a count.
TEST(Emu8086, AReservedWordNamesAConstant) {
  auto a = assembleText("org 100h\njmp start\nsize equ 2\nbuf db size dup ('x')\nstart: mov cx, size\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "EB 02 78 78 B9 02 00 C3");
  EXPECT_TRUE(has(a, "test.asm:3:1: warning: reserved word used as symbol: size (emu8086 takes it")) << a.errors();
  // A MASM program keeps MASM 6.1's error.
  EXPECT_TRUE(assembleText(".model small\n.data\nsize equ 2\n.code\nend\n").diags.hasErrors());
}

// ORG before any segment: 100h is emu8086's .COM template; another address (a trainer kit's
// 2000h) is left out with a warning, the code still from 100h (A1 MOV AX,moffs16).
TEST(Emu8086, AnOrgOtherThan100hBeforeAnySegmentIsLeftOutAndSaid) {
  auto a = assembleText("org 2000h\nmov ax, [2000h]\nhlt\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "A1 00 20 F4");
  EXPECT_TRUE(has(a, "test.asm:1:5: warning: ORG 2000h outside any segment: ignored")) << a.errors();
  EXPECT_FALSE(has(assembleText("org 100h\nret\n"), "outside any segment: ignored"));
}

// emu8086's library procedures defined after the last ENDS (its .EXE template, DEFINE_ before
// END) continue the code segment: E8 cw CALL rel16; B8 iw; CD 21; C3 RET.
TEST(Emu8086, CodeAfterTheLastEndsContinuesTheCodeSegment) {
  auto a = assembleText(
      "data segment\nx db 1\nends\ncode segment\nstart: call p\nmov ax, 4c00h\nint 21h\nends\n"
      "p proc\nret\np endp\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(a.bytes("CODE")), "E8 05 00 B8 00 4C CD 21 C3");
  EXPECT_TRUE(has(a, "test.asm:9:1: warning: code outside any segment: put at the end of segment 'CODE'"))
      << a.errors();
  // A MASM program (with its ASSUME) keeps MASM's error.
  auto m = assembleText("code segment\nassume cs:code\nstart: ret\ncode ends\nnop\nend start\n");
  EXPECT_TRUE(m.diags.hasErrors());
}

// emu8086 runs a .COM from its first byte, whatever END names (its documentation, "COM files"):
// EB cb JMP over the data, which the first byte is; the entry stays 100h, with a warning.
TEST(Emu8086, AComStartsAtItsFirstByteWhateverEndNames) {
  auto a = assembleText("org 100h\njmp start\nmsg db 'go$'\nstart: mov dx, offset msg\nret\nend start\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "EB 03 67 6F 24 BA 02 01 C3");  // linkCom checks the entry, 100h
  EXPECT_TRUE(has(a, "test.asm:6:1: warning: a .COM program starts at its first byte (100h)")) << a.errors();
}

// Spellings emu8086 takes: the keyword PROC before the name; a jump to a label named LOW before
// it is defined; a label named ST (its 8086 has no 8087). 7C cb JL; EB cb JMP; D1 E0 SHL AX,1.
TEST(Emu8086, ProcBeforeItsNameAndLabelsNamedLowOrSt) {
  auto a = assembleText(
      "org 100h\ncall twice\njl low\njmp st\nlow: nop\nst: ret\nproc twice\nshl ax, 1\nret\n"
      "twice endp\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "E8 06 00 7C 02 EB 01 90 C3 D1 E0 C3");
  EXPECT_TRUE(has(a, "test.asm:7:1: warning: 'PROC twice' names the procedure after the keyword")) << a.errors();
  // A MASM program keeps ST as the 8087's register.
  EXPECT_TRUE(assembleText(".model small\n.code\nst: ret\nend\n").diags.hasErrors());
}

// emu8086 keeps every code label global: a jump from outside a procedure to a label inside it
// (E8 cw CALL rel16; EB cb JMP rel8).
TEST(Emu8086, LabelsInsideAProcedureAreGlobal) {
  auto a = assembleText("org 100h\ncall p\njmp inner\np proc\ninner: ret\np endp\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "E8 02 00 EB 00 C3");
  // A MASM program keeps MASM 6.1's scoping.
  auto m = assembleText(".model small\n.code\nmain: jmp inner\np proc\ninner: ret\np endp\nend main\n");
  EXPECT_TRUE(m.diags.hasErrors());
}

// emu8086 takes the 80186's instructions without .186 (its instruction set reference: "PUSH
// immediate works only on 80186 CPU and later!"). Bytes from the 80186's opcode map: 6A ib PUSH
// imm8 sign-extended, 68 iw PUSH imm16, C1 /4 ib SHL r/m16,imm8, C0 /5 ib SHR r/m8,imm8, 60 PUSHA,
// 61 POPA, 6B /r ib IMUL r16,r/m16,imm8; C3 RET.
TEST(Emu8086, The80186sInstructionsAreTakenWithoutDot186AndAskForAn80186) {
  auto a = assembleText(
      "org 100h\npush 10\nshl ax, 4\npusha\npopa\nimul bx, ax, 3\nshr byte ptr [bx], 2\npush 1234h\nret\n");
  ASSERT_FALSE(a.diags.hasErrors()) << a.errors();
  EXPECT_EQ(hex(linkCom(a)), "6A 0A C1 E0 04 60 61 6B D8 03 C0 2F 02 68 34 12 C3");
  EXPECT_EQ(a.result.instructionsCpu, Cpu::I186);
  EXPECT_TRUE(has(a,
                  "test.asm:2:1: warning: PUSH with these operands is an 80186 instruction, which emu8086 takes "
                  "without .186: assembled for the 80186; run from its source, the program runs on an 80186"))
      << a.errors();
  EXPECT_EQ(a.diags.warningCount(), 3u) << a.errors();  // the .COM's, END's and the 80186's, said once
  // With .186 the program asked for it: nothing to say, and no CPU beyond its directive's.
  auto chosen = assembleText("org 100h\n.186\npush 10\nret\n");
  ASSERT_FALSE(chosen.diags.hasErrors()) << chosen.errors();
  EXPECT_FALSE(has(chosen, "80186 instruction")) << chosen.errors();
  EXPECT_EQ(chosen.result.instructionsCpu, Cpu::I8086);
  // A later CPU's instruction is still an error, and a MASM program keeps MASM's rule.
  EXPECT_TRUE(has(assembleText("org 100h\nsmsw ax\nret\n"), "error: instruction requires .286"));
  auto masm = assembleText(".model small\n.code\nmain: push 10\nmov ax, 4C00h\nint 21h\nend main\n");
  EXPECT_TRUE(has(masm, "test.asm:3:7: error: instruction requires .186")) << masm.errors();
  EXPECT_EQ(masm.result.instructionsCpu, Cpu::I8086);
}

}  // namespace
}  // namespace asmlab::masm::test
