; calc: reads two signed numbers and prints their sum, difference, product and quotient.
; Written as emu8086's users write: its .COM template (no segments, ORG 100h, RET to DOS), its
; library emu8086.inc (PRINT, PRINTN, SCAN_NUM, PRINT_NUM) and a bare END. The rules it follows
; are in README.md.
#make_COM#
include 'emu8086.inc'
org 100h

        PRINT   'First number: '
        CALL    SCAN_NUM
        MOV     first, CX
        PRINTN
        PRINT   'Second number: '
        CALL    SCAN_NUM
        MOV     second, CX
        PRINTN

        PRINT   'Sum: '
        MOV     AX, first
        ADD     AX, second
        CALL    PRINT_NUM
        PRINTN

        PRINT   'Difference: '
        MOV     AX, first
        SUB     AX, second
        CALL    PRINT_NUM
        PRINTN

        PRINT   'Product: '
        MOV     AX, first
        IMUL    second          ; DX:AX; the low word is printed
        CALL    PRINT_NUM
        PRINTN

        PRINT   'Quotient: '
        CMP     second, 0
        JE      no_quotient
        MOV     AX, first
        CWD
        IDIV    second          ; rounds toward zero; the remainder takes the dividend's sign
        CALL    PRINT_NUM
        PRINT   ' remainder '
        MOV     AX, DX
        CALL    PRINT_NUM
        JMP     done
no_quotient:
        PRINT   'none (division by zero)'
done:
        PRINTN
        RET

first   DW ?
second  DW ?

DEFINE_SCAN_NUM
DEFINE_PRINT_NUM
DEFINE_PRINT_NUM_UNS
END
