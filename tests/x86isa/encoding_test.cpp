// Every encoder form against bytes worked out by hand from the Intel opcode maps (8086 Family
// User's Manual table 4-12 and 4-10; 80386 Programmer's Reference Manual appendix A and tables
// 17-3/17-4), each also disassembled back and re-encoded from the disassembler's text.
#include <gtest/gtest.h>

#include "asmlab/x86/disassembler.hpp"
#include "asmlab/x86/encoder.hpp"
#include "masm_line.hpp"

namespace asmlab::x86 {
namespace {

using enc::Cpu;

struct Case {
  Cpu cpu;
  const char* source;
  const char* bytes;
  const char* text = nullptr;  // the disassembler's text, if it differs from the source
};

dis::Cpu disCpu(Cpu cpu) { return static_cast<dis::Cpu>(cpu); }

// ModRM bytes below are written as mod|reg|rm in the comments where they are not obvious.
const Case kCases[] = {
    // ALU: r, r/m direction for register pairs (MASM), 00-05 / 80 / 81 / 83 per operation.
    {Cpu::I8086, "add al, bl", "02 C3"},
    {Cpu::I8086, "add ax, bx", "03 C3"},
    {Cpu::I80386, "add eax, ebx", "66 03 C3"},
    {Cpu::I8086, "add byte ptr [bx], al", "00 07"},
    {Cpu::I8086, "add word ptr [bx+si+12h], cx", "01 48 12"},        // 01|001|000
    {Cpu::I8086, "add ax, word ptr [bx+si+12h]", "03 40 12"},        // 01|000|000
    {Cpu::I8086, "add al, 5", "04 05"},
    {Cpu::I8086, "add ax, 1234h", "05 34 12"},
    // A tie between 05 iw and 83 /0 ib: MASM "will generate sign-extended encodings whenever
    // possible" (Microsoft KB Q31598, MASM 5.0-6.0), so the accumulator form only when the value
    // does not fit a sign-extended byte (or the register is AL).
    {Cpu::I8086, "add ax, 1", "83 C0 01"},
    {Cpu::I8086, "add ax, 5", "83 C0 05"},
    {Cpu::I8086, "add ax, 0FFFFh", "83 C0 FF"},                      // -1 as a sign-extended byte
    {Cpu::I8086, "add ax, 80h", "05 80 00"},                         // 128 does not sign-extend
    {Cpu::I8086, "add bx, 1", "83 C3 01"},
    {Cpu::I8086, "add bx, 1234h", "81 C3 34 12"},
    {Cpu::I8086, "add byte ptr [di], 7", "80 05 07"},
    {Cpu::I8086, "add word ptr [bp+4], 0FFFFh", "83 46 04 FF"},      // 01|000|110, -1 sign-extended
    {Cpu::I80386, "add eax, 1", "66 83 C0 01"},                     // shorter than 66 05 imm32
    {Cpu::I80386, "add ecx, 12345678h", "66 81 C1 78 56 34 12"},
    {Cpu::I8086, "or al, 80h", "0C 80"},
    {Cpu::I8086, "or cx, dx", "0B CA"},
    {Cpu::I8086, "or byte ptr [bx], cl", "08 0F"},
    {Cpu::I8086, "or word ptr [bx], 8", "83 0F 08"},
    {Cpu::I8086, "adc ax, word ptr [si]", "13 04"},
    {Cpu::I8086, "adc al, 1", "14 01"},
    {Cpu::I8086, "adc ax, 100h", "15 00 01"},
    {Cpu::I8086, "adc word ptr [si], ax", "11 04"},
    {Cpu::I8086, "adc dl, byte ptr [si]", "12 14"},
    {Cpu::I8086, "adc byte ptr [si], dl", "10 14"},
    {Cpu::I8086, "sbb byte ptr [bx+di], 1", "80 19 01"},             // 00|011|001
    {Cpu::I8086, "sbb al, 2", "1C 02"},
    {Cpu::I8086, "sbb ax, 300h", "1D 00 03"},
    {Cpu::I8086, "sbb cx, bx", "1B CB"},
    {Cpu::I8086, "sbb si, 2", "83 DE 02"},                           // 11|011|110
    {Cpu::I8086, "and al, 0Fh", "24 0F"},
    {Cpu::I8086, "and word ptr [bx], dx", "21 17"},
    {Cpu::I8086, "and ax, 0FF00h", "25 00 FF"},
    {Cpu::I8086, "and dx, 0FFF0h", "83 E2 F0"},                      // 11|100|010
    {Cpu::I8086, "and bl, 7Fh", "80 E3 7F"},
    {Cpu::I8086, "sub sp, 8", "83 EC 08"},
    {Cpu::I8086, "sub al, 30h", "2C 30"},
    {Cpu::I8086, "sub ax, 1000h", "2D 00 10"},
    {Cpu::I8086, "sub ax, bx", "2B C3"},
    {Cpu::I8086, "sub word ptr [di+2], si", "29 75 02"},             // 01|110|101
    {Cpu::I8086, "xor ax, ax", "33 C0"},
    {Cpu::I8086, "xor byte ptr ds:[1234h], 0FFh", "80 36 34 12 FF"}, // 00|110|110 + disp16
    {Cpu::I8086, "xor al, 20h", "34 20"},
    {Cpu::I8086, "xor ax, 5555h", "35 55 55"},
    {Cpu::I8086, "xor bh, ch", "32 FD"},                             // 11|111|101
    {Cpu::I8086, "cmp al, 41h", "3C 41"},
    {Cpu::I8086, "cmp word ptr [bx], 1000h", "81 3F 00 10"},
    {Cpu::I8086, "cmp si, di", "3B F7"},
    {Cpu::I8086, "cmp byte ptr [bx+si], bl", "38 18"},
    {Cpu::I8086, "cmp ax, 0FFFFh", "83 F8 FF"},                      // tie 3 bytes: sign-extended (KB Q31598)
    {Cpu::I8086, "cmp ax, 0", "83 F8 00"},
    {Cpu::I8086, "cmp ax, 1000h", "3D 00 10"},
    {Cpu::I8086, "cmp cx, 0FFFFh", "83 F9 FF"},
    {Cpu::I8086, "cmp byte ptr [bp-1], 0", "80 7E FF 00"},           // 01|111|110

    {Cpu::I8086, "or bl, cl", "0A D9"},                              // 11|011|001
    {Cpu::I8086, "or word ptr [si], bx", "09 1C"},
    {Cpu::I8086, "or ax, 1234h", "0D 34 12"},
    {Cpu::I8086, "or byte ptr [bx], 80h", "80 0F 80"},
    {Cpu::I8086, "or word ptr [di], 1234h", "81 0D 34 12"},
    {Cpu::I8086, "adc byte ptr [bx], 3", "80 17 03"},
    {Cpu::I8086, "adc word ptr [bx], 1234h", "81 17 34 12"},
    {Cpu::I8086, "adc cx, 1", "83 D1 01"},
    {Cpu::I8086, "sbb bl, byte ptr [di]", "1A 1D"},
    {Cpu::I8086, "sbb byte ptr [di], bl", "18 1D"},
    {Cpu::I8086, "sbb word ptr [di], bx", "19 1D"},
    {Cpu::I8086, "sbb dx, 1234h", "81 DA 34 12"},
    {Cpu::I8086, "and bl, cl", "22 D9"},
    {Cpu::I8086, "and ax, word ptr [bx]", "23 07"},
    {Cpu::I8086, "and byte ptr [bx], al", "20 07"},
    {Cpu::I8086, "and word ptr [bx], 1234h", "81 27 34 12"},
    {Cpu::I8086, "sub cl, dl", "2A CA"},
    {Cpu::I8086, "sub byte ptr [bx], cl", "28 0F"},
    {Cpu::I8086, "sub byte ptr [si], 5", "80 2C 05"},
    {Cpu::I8086, "sub bx, 1234h", "81 EB 34 12"},
    {Cpu::I8086, "xor byte ptr [bx], ah", "30 27"},
    {Cpu::I8086, "xor word ptr [bx], sp", "31 27"},
    {Cpu::I8086, "xor dx, 1234h", "81 F2 34 12"},
    {Cpu::I8086, "xor word ptr [si], 7", "83 34 07"},
    {Cpu::I8086, "cmp ah, bh", "3A E7"},
    {Cpu::I8086, "cmp word ptr [bx], ax", "39 07"},

    // Microsoft Knowledge Base Q31598 (MASM 5.0-6.0): MASM's own output for sign-extended immediates.
    {Cpu::I8086, "and bx, 0FFFFh", "83 E3 FF"},
    {Cpu::I8086, "add bx, 1", "83 C3 01"},
    {Cpu::I8086, "adc bx, 0Fh", "83 D3 0F"},
    {Cpu::I8086, "or bx, 1", "83 CB 01"},
    {Cpu::I8086, "sbb bx, 0FFFFh", "83 DB FF"},
    {Cpu::I8086, "sub bx, 3", "83 EB 03"},
    {Cpu::I8086, "xor bx, 2", "83 F3 02"},
    {Cpu::I8086, "cmp bx, 0FFF2h", "83 FB F2"},

    // TEST: no direction bit; register pairs with the first operand in reg (test al,bl = 84 C3).
    {Cpu::I8086, "test al, bl", "84 C3"},
    {Cpu::I8086, "test cx, dx", "85 CA"},                            // 11|001|010: reg cx, rm dx
    {Cpu::I8086, "test byte ptr [bx], dl", "84 17"},
    {Cpu::I8086, "test word ptr [si], dx", "85 14"},
    {Cpu::I8086, "test al, 1", "A8 01"},
    {Cpu::I8086, "test ax, 8000h", "A9 00 80"},
    {Cpu::I8086, "test byte ptr [bx], 1", "F6 07 01"},
    {Cpu::I8086, "test cx, 3", "F7 C1 03 00"},

    // MOV.
    {Cpu::I8086, "mov ax, bx", "8B C3"},
    {Cpu::I8086, "mov al, bl", "8A C3"},
    {Cpu::I8086, "mov word ptr [bx], ax", "89 07"},
    {Cpu::I8086, "mov byte ptr [bx+2], ch", "88 6F 02"},             // 01|101|111
    {Cpu::I8086, "mov word ptr [bx+2], ax", "89 47 02"},
    {Cpu::I8086, "mov ax, word ptr ds:[1234h]", "A1 34 12"},
    {Cpu::I8086, "mov byte ptr ds:[1234h], al", "A2 34 12"},
    {Cpu::I8086, "mov al, byte ptr ds:[10h]", "A0 10 00"},
    {Cpu::I8086, "mov word ptr ds:[10h], ax", "A3 10 00"},
    {Cpu::I8086, "mov bx, word ptr ds:[10h]", "8B 1E 10 00"},        // not the accumulator: 00|011|110
    {Cpu::I8086, "mov al, 12h", "B0 12"},
    {Cpu::I8086, "mov bh, 1", "B7 01"},
    {Cpu::I8086, "mov cx, 1234h", "B9 34 12"},
    {Cpu::I80386, "mov ebx, 7FFFFh", "66 BB FF FF 07 00"},
    {Cpu::I8086, "mov byte ptr [bx], 5", "C6 07 05"},
    {Cpu::I8086, "mov word ptr [bp-2], 0", "C7 46 FE 00 00"},
    {Cpu::I8086, "mov ax, ds", "8C D8"},
    {Cpu::I8086, "mov ds, ax", "8E D8"},
    {Cpu::I8086, "mov es, word ptr [bx]", "8E 07"},
    {Cpu::I8086, "mov word ptr [bx], cs", "8C 0F"},
    {Cpu::I80386, "mov fs, ax", "8E E0"},
    {Cpu::I8086, "mov ax, word ptr es:[di]", "26 8B 05"},
    {Cpu::I8086, "mov al, byte ptr [bp]", "8A 46 00"},               // [bp] needs a zero disp8
    {Cpu::I8086, "mov ax, word ptr [bp+si]", "8B 02"},
    {Cpu::I8086, "mov ax, word ptr ds:[bp]", "3E 8B 46 00"},
    {Cpu::I8086, "mov ax, word ptr [bx+1234h]", "8B 87 34 12"},
    {Cpu::I8086, "mov ax, word ptr [bx-1]", "8B 47 FF"},
    {Cpu::I8086, "mov dx, word ptr [bp+di+80h]", "8B 93 80 00"},     // 128 needs disp16: 10|010|011
    {Cpu::I8086, "mov dx, word ptr [bp+di-80h]", "8B 53 80"},
    {Cpu::I8086, "mov ax, word ptr cs:[bx+si]", "2E 8B 00"},
    {Cpu::I8086, "mov ax, word ptr ss:[bx]", "36 8B 07"},
    // 32-bit addressing (67h) and SIB.
    {Cpu::I80386, "mov eax, dword ptr [ebx]", "67 66 8B 03"},
    {Cpu::I80386, "mov ax, word ptr [eax+ecx*4+8]", "67 8B 44 88 08"},
    {Cpu::I80386, "mov al, byte ptr [esp]", "67 8A 04 24"},
    {Cpu::I80386, "mov al, byte ptr [ebp]", "67 8A 45 00"},
    {Cpu::I80386, "mov al, byte ptr [esi*2]", "67 8A 04 75 00 00 00 00"},
    {Cpu::I80386, "mov al, byte ptr [ebx+esi+12345h]", "67 8A 84 33 45 23 01 00"},  // 10|000|100, SIB 00|110|011
    {Cpu::I80386, "mov ax, word ptr [esp+4]", "67 8B 44 24 04"},

    // XCHG: 90+r with the accumulator; register pairs with the first operand in reg.
    {Cpu::I8086, "xchg ax, bx", "93"},
    {Cpu::I8086, "xchg bx, ax", "93", "xchg ax, bx"},
    {Cpu::I8086, "xchg al, bl", "86 C3"},
    {Cpu::I8086, "xchg word ptr [si], cx", "87 0C"},
    {Cpu::I8086, "xchg cx, dx", "87 CA"},
    {Cpu::I8086, "xchg byte ptr [bx], ah", "86 27"},
    {Cpu::I8086, "xchg ax, ax", "90", "nop"},
    {Cpu::I80386, "xchg eax, ecx", "66 91"},

    // INC/DEC: 40+r/48+r for 16-bit registers, FE/FF otherwise.
    {Cpu::I8086, "inc ax", "40"},
    {Cpu::I8086, "inc si", "46"},
    {Cpu::I8086, "dec di", "4F"},
    {Cpu::I8086, "inc bl", "FE C3"},
    {Cpu::I8086, "inc byte ptr [bx]", "FE 07"},
    {Cpu::I8086, "dec word ptr [bx]", "FF 0F"},
    {Cpu::I8086, "dec byte ptr [si]", "FE 0C"},
    {Cpu::I8086, "inc word ptr [di]", "FF 05"},
    {Cpu::I80386, "inc ecx", "66 41"},
    {Cpu::I80386, "dec ebx", "66 4B"},

    // PUSH/POP.
    {Cpu::I8086, "push ax", "50"},
    {Cpu::I8086, "push word ptr [bx]", "FF 37"},
    {Cpu::I8086, "push es", "06"},
    {Cpu::I8086, "push cs", "0E"},
    {Cpu::I8086, "push ss", "16"},
    {Cpu::I8086, "push ds", "1E"},
    {Cpu::I80386, "push fs", "0F A0"},
    {Cpu::I80386, "push gs", "0F A8"},
    {Cpu::I80186, "push 5", "6A 05"},
    {Cpu::I80186, "push 1234h", "68 34 12"},
    {Cpu::I80186, "push 80h", "68 80 00"},                           // 128 does not sign-extend from a byte
    {Cpu::I80186, "push 0FFFFh", "6A FF"},
    {Cpu::I80186, "pushw 5", "6A 05", "push 5"},
    {Cpu::I80186, "pushw 1234h", "68 34 12", "push 1234h"},
    {Cpu::I80386, "pushd 5", "66 6A 05"},
    {Cpu::I80386, "pushd 12345678h", "66 68 78 56 34 12"},
    {Cpu::I8086, "pop bx", "5B"},
    {Cpu::I8086, "pop word ptr [bx]", "8F 07"},
    {Cpu::I8086, "pop es", "07"},
    {Cpu::I8086, "pop ss", "17"},
    {Cpu::I8086, "pop ds", "1F"},
    {Cpu::I80386, "pop fs", "0F A1"},
    {Cpu::I80386, "pop gs", "0F A9"},
    {Cpu::I80386, "push eax", "66 50"},
    {Cpu::I80386, "pop esi", "66 5E"},

    // LEA and the far-pointer loads.
    {Cpu::I8086, "lea si, [bx+4]", "8D 77 04"},
    {Cpu::I8086, "lea di, [bp+si+100h]", "8D BA 00 01"},             // 10|111|010
    {Cpu::I8086, "lds si, dword ptr [bx]", "C5 37"},
    {Cpu::I8086, "les di, dword ptr [bp+6]", "C4 7E 06"},
    {Cpu::I80386, "lss sp, dword ptr [bx]", "0F B2 27"},
    {Cpu::I80386, "lfs ax, dword ptr [si]", "0F B4 04"},
    {Cpu::I80386, "lgs bx, dword ptr [di]", "0F B5 1D"},

    // Shifts and rotates (group 2): D0-D3 on the 8086, C0/C1 by imm8 from the 80186.
    {Cpu::I8086, "shl ax, 1", "D1 E0"},
    {Cpu::I8086, "sal ax, 1", "D1 E0", "shl ax, 1"},
    {Cpu::I8086, "shr bl, 1", "D0 EB"},
    {Cpu::I8086, "rol byte ptr [bx], cl", "D2 07"},
    {Cpu::I8086, "sar dx, cl", "D3 FA"},
    {Cpu::I8086, "rcr cx, 1", "D1 D9"},
    {Cpu::I8086, "rcl al, cl", "D2 D0"},
    {Cpu::I8086, "ror word ptr [si], 1", "D1 0C"},
    {Cpu::I80186, "ror al, 2", "C0 C8 02"},
    {Cpu::I80186, "rcl word ptr [si], 3", "C1 14 03"},
    {Cpu::I80186, "shl bx, 4", "C1 E3 04"},
    {Cpu::I80186, "sar byte ptr [di], 7", "C0 3D 07"},
    {Cpu::I80186, "shl ax, 1", "D1 E0"},                             // by one stays D1 on the 186
    {Cpu::I80386, "shr eax, 4", "66 C1 E8 04"},

    {Cpu::I8086, "rol al, 1", "D0 C0"},
    {Cpu::I8086, "rol ax, 1", "D1 C0"},
    {Cpu::I8086, "rol dx, cl", "D3 C2"},
    {Cpu::I80186, "rol bl, 3", "C0 C3 03"},
    {Cpu::I80186, "rol word ptr [bx], 4", "C1 07 04"},
    {Cpu::I8086, "ror ah, 1", "D0 CC"},
    {Cpu::I8086, "ror bl, cl", "D2 CB"},
    {Cpu::I8086, "ror word ptr [di], cl", "D3 0D"},
    {Cpu::I80186, "ror cx, 8", "C1 C9 08"},
    {Cpu::I8086, "rcl byte ptr [bx], 1", "D0 17"},
    {Cpu::I8086, "rcl dx, 1", "D1 D2"},
    {Cpu::I8086, "rcl si, cl", "D3 D6"},
    {Cpu::I80186, "rcl ch, 2", "C0 D5 02"},
    {Cpu::I8086, "rcr bh, 1", "D0 DF"},
    {Cpu::I8086, "rcr dl, cl", "D2 DA"},
    {Cpu::I8086, "rcr word ptr [bx], cl", "D3 1F"},
    {Cpu::I80186, "rcr al, 5", "C0 D8 05"},
    {Cpu::I80186, "rcr bx, 6", "C1 DB 06"},
    {Cpu::I8086, "shl al, 1", "D0 E0"},
    {Cpu::I8086, "shl bl, cl", "D2 E3"},
    {Cpu::I8086, "shl ax, cl", "D3 E0"},
    {Cpu::I80186, "shl dh, 4", "C0 E6 04"},
    {Cpu::I8086, "shr ax, 1", "D1 E8"},
    {Cpu::I8086, "shr al, cl", "D2 E8"},
    {Cpu::I8086, "shr dx, cl", "D3 EA"},
    {Cpu::I80186, "shr byte ptr [si], 2", "C0 2C 02"},
    {Cpu::I8086, "sar al, 1", "D0 F8"},
    {Cpu::I8086, "sar word ptr [bx], 1", "D1 3F"},
    {Cpu::I8086, "sar bl, cl", "D2 FB"},
    {Cpu::I80186, "sar ax, 3", "C1 F8 03"},

    // Group 3.
    {Cpu::I8086, "not ax", "F7 D0"},
    {Cpu::I8086, "not byte ptr [bx]", "F6 17"},
    {Cpu::I8086, "neg byte ptr [bx]", "F6 1F"},
    {Cpu::I8086, "neg dx", "F7 DA"},
    {Cpu::I8086, "mul bl", "F6 E3"},
    {Cpu::I8086, "mul word ptr [bx]", "F7 27"},
    {Cpu::I8086, "imul cx", "F7 E9"},
    {Cpu::I8086, "imul byte ptr [si]", "F6 2C"},
    {Cpu::I8086, "div word ptr [si]", "F7 34"},
    {Cpu::I8086, "div cl", "F6 F1"},
    {Cpu::I8086, "idiv bh", "F6 FF"},
    {Cpu::I8086, "idiv word ptr [di]", "F7 3D"},
    // IMUL with an immediate (80186) and r, r/m (80386).
    {Cpu::I80186, "imul ax, bx, 5", "6B C3 05"},
    {Cpu::I80186, "imul cx, word ptr [si], 1000h", "69 0C 00 10"},
    {Cpu::I80186, "imul dx, 7", "6B D2 07", "imul dx, dx, 7"},
    {Cpu::I80186, "imul si, 300h", "69 F6 00 03", "imul si, si, 300h"},
    {Cpu::I80386, "imul ax, bx", "0F AF C3"},

    // I/O.
    {Cpu::I8086, "in al, 60h", "E4 60"},
    {Cpu::I8086, "in ax, 60h", "E5 60"},
    {Cpu::I8086, "in al, dx", "EC"},
    {Cpu::I8086, "in ax, dx", "ED"},
    {Cpu::I8086, "out 43h, al", "E6 43"},
    {Cpu::I8086, "out 43h, ax", "E7 43"},
    {Cpu::I8086, "out dx, al", "EE"},
    {Cpu::I8086, "out dx, ax", "EF"},

    // Interrupts and returns.
    {Cpu::I8086, "int 21h", "CD 21"},
    {Cpu::I8086, "int 3", "CC"},
    {Cpu::I8086, "into", "CE"},
    {Cpu::I8086, "iret", "CF"},
    {Cpu::I80386, "iretd", "66 CF"},
    {Cpu::I8086, "ret", "C3"},
    {Cpu::I8086, "ret 4", "C2 04 00"},
    {Cpu::I8086, "retn", "C3", "ret"},
    {Cpu::I8086, "retn 2", "C2 02 00", "ret 2"},
    {Cpu::I8086, "retf", "CB"},
    {Cpu::I8086, "retf 6", "CA 06 00"},

    // Indirect JMP/CALL (group 5).
    {Cpu::I8086, "jmp bx", "FF E3"},
    {Cpu::I8086, "jmp word ptr [bx]", "FF 27"},
    {Cpu::I8086, "jmp dword ptr [bx]", "FF 2F"},
    {Cpu::I8086, "call si", "FF D6"},
    {Cpu::I8086, "call word ptr [bx+2]", "FF 57 02"},
    {Cpu::I8086, "call dword ptr [bx]", "FF 1F"},

    // ASCII adjust with the implied base 10 and an explicit base.
    {Cpu::I8086, "aam", "D4 0A"},
    {Cpu::I8086, "aam 10h", "D4 10"},
    {Cpu::I8086, "aad", "D5 0A"},
    {Cpu::I8086, "aad 8", "D5 08"},

    // One-byte instructions.
    {Cpu::I8086, "daa", "27"}, {Cpu::I8086, "das", "2F"}, {Cpu::I8086, "aaa", "37"}, {Cpu::I8086, "aas", "3F"},
    {Cpu::I8086, "nop", "90"}, {Cpu::I8086, "cbw", "98"}, {Cpu::I8086, "cwd", "99"},
    {Cpu::I80386, "cwde", "66 98"}, {Cpu::I80386, "cdq", "66 99"},
    {Cpu::I8086, "wait", "9B"}, {Cpu::I8086, "fwait", "9B", "wait"},
    {Cpu::I8086, "pushf", "9C"}, {Cpu::I8086, "popf", "9D"},
    {Cpu::I80386, "pushfd", "66 9C"}, {Cpu::I80386, "popfd", "66 9D"},
    {Cpu::I8086, "sahf", "9E"}, {Cpu::I8086, "lahf", "9F"},
    {Cpu::I8086, "hlt", "F4"}, {Cpu::I8086, "cmc", "F5"}, {Cpu::I8086, "clc", "F8"}, {Cpu::I8086, "stc", "F9"},
    {Cpu::I8086, "cli", "FA"}, {Cpu::I8086, "sti", "FB"}, {Cpu::I8086, "cld", "FC"}, {Cpu::I8086, "std", "FD"},
    {Cpu::I8086, "xlat", "D7"}, {Cpu::I8086, "xlatb", "D7", "xlat"},

    // String instructions.
    {Cpu::I8086, "movsb", "A4"}, {Cpu::I8086, "movsw", "A5"}, {Cpu::I80386, "movsd", "66 A5"},
    {Cpu::I8086, "cmpsb", "A6"}, {Cpu::I8086, "cmpsw", "A7"}, {Cpu::I80386, "cmpsd", "66 A7"},
    {Cpu::I8086, "stosb", "AA"}, {Cpu::I8086, "stosw", "AB"}, {Cpu::I80386, "stosd", "66 AB"},
    {Cpu::I8086, "lodsb", "AC"}, {Cpu::I8086, "lodsw", "AD"}, {Cpu::I80386, "lodsd", "66 AD"},
    {Cpu::I8086, "scasb", "AE"}, {Cpu::I8086, "scasw", "AF"}, {Cpu::I80386, "scasd", "66 AF"},
    {Cpu::I80186, "insb", "6C"}, {Cpu::I80186, "insw", "6D"}, {Cpu::I80386, "insd", "66 6D"},
    {Cpu::I80186, "outsb", "6E"}, {Cpu::I80186, "outsw", "6F"}, {Cpu::I80386, "outsd", "66 6F"},
    {Cpu::I8086, "rep movsb", "F3 A4"},
    {Cpu::I8086, "repe cmpsb", "F3 A6"},
    {Cpu::I8086, "repne scasb", "F2 AE"},
    {Cpu::I8086, "rep stosw", "F3 AB"},
    {Cpu::I8086, "movs byte ptr es:[di], byte ptr cs:[si]", "2E A4"},
    {Cpu::I8086, "lods word ptr es:[si]", "26 AD"},
    {Cpu::I8086, "cmps byte ptr ss:[si], byte ptr es:[di]", "36 A6"},
    {Cpu::I80186, "outs dx, byte ptr es:[si]", "26 6E"},
    {Cpu::I8086, "xlat byte ptr cs:[bx]", "2E D7"},
    {Cpu::I8086, "rep movs word ptr es:[di], word ptr ss:[si]", "F3 36 A5"},
    {Cpu::I8086, "lods byte ptr [si]", "AC", "lodsb"},
    {Cpu::I8086, "stos word ptr es:[di]", "AB", "stosw"},
    {Cpu::I8086, "scas byte ptr es:[di]", "AE", "scasb"},
    {Cpu::I80186, "ins byte ptr es:[di], dx", "6C", "insb"},
    {Cpu::I80386, "movs dword ptr es:[edi], dword ptr [esi]", "67 66 A5"},
    {Cpu::I80386, "rep stos byte ptr es:[edi]", "F3 67 AA"},
    {Cpu::I80386, "lods word ptr fs:[esi]", "64 67 AD"},
    {Cpu::I80386, "scas word ptr es:[edi]", "67 AF"},
    {Cpu::I80386, "xlat byte ptr [ebx]", "67 D7"},

    // 80186 additions.
    {Cpu::I80186, "pusha", "60"}, {Cpu::I80186, "popa", "61"},
    {Cpu::I80386, "pushad", "66 60"}, {Cpu::I80386, "popad", "66 61"},
    {Cpu::I80186, "bound ax, dword ptr [bx]", "62 07"},
    {Cpu::I80186, "enter 8, 0", "C8 08 00 00"},
    {Cpu::I80186, "enter 100h, 2", "C8 00 01 02"},
    {Cpu::I80186, "leave", "C9"},

    // 80286 real-mode system instructions.
    {Cpu::I80286, "smsw ax", "0F 01 E0"},
    {Cpu::I80286, "lmsw word ptr [bx]", "0F 01 37"},
    {Cpu::I80286, "clts", "0F 06"},
    // 0F 01 /0../3 (iAPX 286 Programmer's Reference, appendix B): ModRM 00|digit|r/m.
    {Cpu::I80286, "sgdt fword ptr [bx]", "0F 01 07"},   // 00|000|111
    {Cpu::I80286, "sidt fword ptr [si]", "0F 01 0C"},   // 00|001|100
    {Cpu::I80286, "lgdt fword ptr [bx]", "0F 01 17"},   // 00|010|111
    {Cpu::I80286, "lidt fword ptr [di]", "0F 01 1D"},   // 00|011|101

    // 80386 additions.
    {Cpu::I80386, "movzx ax, bl", "0F B6 C3"},
    {Cpu::I80386, "movzx eax, word ptr [bx]", "66 0F B7 07"},
    {Cpu::I80386, "movsx cx, byte ptr [si]", "0F BE 0C"},
    {Cpu::I80386, "movsx edx, ax", "66 0F BF D0"},
    {Cpu::I80386, "bt ax, bx", "0F A3 D8"},
    {Cpu::I80386, "bt word ptr [bx], 3", "0F BA 27 03"},
    {Cpu::I80386, "bts word ptr [bx], cx", "0F AB 0F"},
    {Cpu::I80386, "bts cx, 5", "0F BA E9 05"},
    {Cpu::I80386, "btr dx, ax", "0F B3 C2"},
    {Cpu::I80386, "btr ax, 0Fh", "0F BA F0 0F"},
    {Cpu::I80386, "btc si, di", "0F BB FE"},
    {Cpu::I80386, "btc word ptr [si], 1", "0F BA 3C 01"},
    {Cpu::I80386, "bsf ax, bx", "0F BC C3"},
    {Cpu::I80386, "bsr cx, word ptr [di]", "0F BD 0D"},
    {Cpu::I80386, "shld ax, bx, 4", "0F A4 D8 04"},
    {Cpu::I80386, "shld ax, bx, cl", "0F A5 D8"},
    {Cpu::I80386, "shrd word ptr [bx], cx, 2", "0F AC 0F 02"},
    {Cpu::I80386, "shrd dx, ax, cl", "0F AD C2"},
    {Cpu::I80386, "setz al", "0F 94 C0"},
    {Cpu::I80386, "setc byte ptr [bx]", "0F 92 07", "setb byte ptr [bx]"},
    {Cpu::I80386, "setg bl", "0F 9F C3"},
    {Cpu::I80386, "seto al", "0F 90 C0"}, {Cpu::I80386, "setno al", "0F 91 C0"},
    {Cpu::I80386, "setnc al", "0F 93 C0", "setnb al"}, {Cpu::I80386, "setne al", "0F 95 C0", "setnz al"},
    {Cpu::I80386, "setbe al", "0F 96 C0"}, {Cpu::I80386, "seta al", "0F 97 C0"},
    {Cpu::I80386, "sets al", "0F 98 C0"}, {Cpu::I80386, "setns al", "0F 99 C0"},
    {Cpu::I80386, "setp al", "0F 9A C0", "setpe al"}, {Cpu::I80386, "setnp al", "0F 9B C0", "setpo al"},
    {Cpu::I80386, "setl al", "0F 9C C0"}, {Cpu::I80386, "setge al", "0F 9D C0"},
    {Cpu::I80386, "setle al", "0F 9E C0"},

    // Direct jumps and calls at offset 100h (the displacement counts from the next instruction).
    {Cpu::I8086, "jmp 0105h", "EB 03", "jmp short 0105h"},
    {Cpu::I8086, "jmp 0300h", "E9 FD 01"},
    {Cpu::I8086, "jmp short 00F0h", "EB EE"},
    {Cpu::I8086, "jmp near ptr 0105h", "E9 02 00"},   // short would reach: the text says NEAR PTR
    {Cpu::I8086, "call 0200h", "E8 FD 00"},
    {Cpu::I8086, "call 0100h", "E8 FD FF"},
    {Cpu::I8086, "call far ptr 1234h:5678h", "9A 78 56 34 12"},
    {Cpu::I8086, "jmp far ptr 1234h:5678h", "EA 78 56 34 12"},
    {Cpu::I8086, "jo 0102h", "70 00"}, {Cpu::I8086, "jno 0102h", "71 00"},
    {Cpu::I8086, "jb 0102h", "72 00"}, {Cpu::I8086, "jc 0102h", "72 00", "jb 0102h"},
    {Cpu::I8086, "jnae 0102h", "72 00", "jb 0102h"}, {Cpu::I8086, "jnb 0102h", "73 00"},
    {Cpu::I8086, "jae 0102h", "73 00", "jnb 0102h"}, {Cpu::I8086, "jnc 0102h", "73 00", "jnb 0102h"},
    {Cpu::I8086, "jz 0110h", "74 0E"}, {Cpu::I8086, "je 0110h", "74 0E", "jz 0110h"},
    {Cpu::I8086, "jnz 0100h", "75 FE"}, {Cpu::I8086, "jne 0100h", "75 FE", "jnz 0100h"},
    {Cpu::I8086, "jbe 0102h", "76 00"}, {Cpu::I8086, "jna 0102h", "76 00", "jbe 0102h"},
    {Cpu::I8086, "ja 0102h", "77 00"}, {Cpu::I8086, "jnbe 0102h", "77 00", "ja 0102h"},
    {Cpu::I8086, "js 0102h", "78 00"}, {Cpu::I8086, "jns 0102h", "79 00"},
    {Cpu::I8086, "jp 0102h", "7A 00", "jpe 0102h"}, {Cpu::I8086, "jpe 0102h", "7A 00"},
    {Cpu::I8086, "jnp 0102h", "7B 00", "jpo 0102h"}, {Cpu::I8086, "jpo 0102h", "7B 00"},
    {Cpu::I8086, "jl 0102h", "7C 00"}, {Cpu::I8086, "jnge 0102h", "7C 00", "jl 0102h"},
    {Cpu::I8086, "jge 0102h", "7D 00"}, {Cpu::I8086, "jnl 0102h", "7D 00", "jge 0102h"},
    {Cpu::I8086, "jle 0102h", "7E 00"}, {Cpu::I8086, "jng 0102h", "7E 00", "jle 0102h"},
    {Cpu::I8086, "jg 0102h", "7F 00"}, {Cpu::I8086, "jnle 0102h", "7F 00", "jg 0102h"},
    {Cpu::I8086, "jz 0181h", "74 7F"},                               // +127: the last short target
    {Cpu::I8086, "jz 0082h", "74 80"},                               // -128
    {Cpu::I80386, "jb 0200h", "0F 82 FC 00", "jb near ptr 0200h"},
    {Cpu::I80386, "jz near ptr 0104h", "0F 84 00 00"},
    {Cpu::I8086, "loop 0100h", "E2 FE"},
    {Cpu::I8086, "loope 00F0h", "E1 EE"},
    {Cpu::I8086, "loopz 00F0h", "E1 EE", "loope 00F0h"},
    {Cpu::I8086, "loopne 0104h", "E0 02"},
    {Cpu::I8086, "loopnz 0104h", "E0 02", "loopne 0104h"},
    {Cpu::I8086, "jcxz 0102h", "E3 00"},
    {Cpu::I80386, "jecxz 0103h", "67 E3 00"},
};

std::vector<std::uint8_t> parseHex(const std::string& text) {
  std::vector<std::uint8_t> bytes;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) bytes.push_back(static_cast<std::uint8_t>(std::stoul(text.substr(i, j - i), nullptr, 16)));
    i = j;
  }
  return bytes;
}

class EncodingTest : public ::testing::TestWithParam<Case> {};

TEST_P(EncodingTest, EncodesDisassemblesAndReencodes) {
  const Case& c = GetParam();
  const auto expected = parseHex(c.bytes);
  const test::ParsedLine line = test::parseLine(c.source);
  ASSERT_TRUE(line.error.empty()) << line.error;
  const enc::Encoding encoded = enc::encode(line.instruction(), enc::Options{c.cpu});
  ASSERT_TRUE(encoded.ok()) << c.source << ": " << encoded.error.message;
  EXPECT_EQ(test::hexBytes(encoded.view()), test::hexBytes(expected)) << c.source;

  dis::DecodeOptions options;
  options.cpu = disCpu(c.cpu);
  options.address = 0x100;
  const dis::Instruction decoded = dis::decode(std::span<const std::uint8_t>(expected), options);
  EXPECT_EQ(decoded.length, expected.size()) << c.source;
  EXPECT_TRUE(decoded.valid) << c.source;
  const std::string text = c.text ? c.text : c.source;
  EXPECT_EQ(decoded.text, text) << c.bytes;

  const test::ParsedLine again = test::parseLine(decoded.text);
  ASSERT_TRUE(again.error.empty()) << decoded.text << ": " << again.error;
  const enc::Encoding reencoded = enc::encode(again.instruction(), enc::Options{c.cpu});
  ASSERT_TRUE(reencoded.ok()) << decoded.text << ": " << reencoded.error.message;
  EXPECT_EQ(test::hexBytes(reencoded.view()), test::hexBytes(expected)) << decoded.text;
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  std::string name = std::to_string(info.index) + "_";
  for (const char* p = info.param.source; *p && name.size() < 40; ++p)
    name += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(HandEncoded, EncodingTest, ::testing::ValuesIn(kCases), caseName);

}  // namespace
}  // namespace asmlab::x86

#include "forms.hpp"

namespace asmlab::x86 {
namespace {

// The opcode bytes of a hand-written case, prefixes skipped.
std::vector<std::uint8_t> withoutPrefixes(const std::vector<std::uint8_t>& bytes) {
  size_t i = 0;
  while (i < bytes.size()) {
    const auto b = bytes[i];
    if (b == 0x26 || b == 0x2E || b == 0x36 || b == 0x3E || b == 0x64 || b == 0x65 || b == 0x66 || b == 0x67 ||
        b == 0xF0 || b == 0xF2 || b == 0xF3)
      ++i;
    else
      break;
  }
  return {bytes.begin() + static_cast<long>(i), bytes.end()};
}

// Every row of the encoder's table has at least one hand-derived case that uses its opcode
// (and, for /digit rows, its digit; for +r rows, its opcode block).
TEST(EncodingCoverage, EveryFormRowHasAHandDerivedCase) {
  using enc::detail::ModRm;
  for (const auto& form : enc::detail::allForms()) {
    bool covered = false;
    for (const Case& c : kCases) {
      const auto bytes = withoutPrefixes(parseHex(c.bytes));
      if (bytes.size() < form.opcodeLength) continue;
      bool same = true;
      for (unsigned i = 0; i < form.opcodeLength; ++i) {
        std::uint8_t b = bytes[i];
        if (i + 1 == form.opcodeLength && form.modrm == static_cast<std::int8_t>(ModRm::PlusReg)) b &= 0xF8;
        same &= b == form.opcode[i];
      }
      if (same && form.modrm >= 0)
        same = bytes.size() > form.opcodeLength && ((bytes[form.opcodeLength] >> 3) & 7) == form.modrm;
      if (same) {
        covered = true;
        break;
      }
    }
    EXPECT_TRUE(covered) << "no hand-derived case for " << enc::detail::formSignature(form);
  }
}

}  // namespace
}  // namespace asmlab::x86
