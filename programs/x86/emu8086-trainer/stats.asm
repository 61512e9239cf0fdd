; Trainer-kit lab: statistics of eight bytes. Written for asmlab's tests in the style of emu8086
; and 8086 trainer-kit labs: no segments, addresses in brackets, emu8086's b./w. size prefixes,
; C-style hex, digits grouped by '_', HLT at the end (README.md says what it must do).
#make_COM#
ORG 100H

        MOV SI, 2000H           ; the eight bytes, entered at the kit's keypad
        MOV CX, 8
        MOV W.[2010H], 0        ; sum
        MOV B.[2012H], 0        ; largest so far
        MOV B.[2013H], 0xFF     ; smallest so far
        MOV B.[2014H], 0        ; how many are odd

NEXT:   MOV AL, [SI]
        MOV AH, 0
        ADD [2010H], AX
        CMP AL, [2012H]
        JBE NOTMAX
        MOV [2012H], AL
NOTMAX: CMP AL, [2013H]
        JAE NOTMIN
        MOV [2013H], AL
NOTMIN: TEST AL, 0000_0001B
        JZ NOTODD
        INC B.[2014H]
NOTODD: INC SI
        LOOP NEXT

        MOV DX, OFFSET SUMTXT
        CALL TEXT
        MOV AL, [2011H]
        CALL HEX2
        MOV AL, [2010H]
        CALL HEX2
        MOV DX, OFFSET MAXTXT
        CALL TEXT
        MOV AL, [2012H]
        CALL HEX2
        MOV DX, OFFSET MINTXT
        CALL TEXT
        MOV AL, [2013H]
        CALL HEX2
        MOV DX, OFFSET ODDTXT
        CALL TEXT
        MOV AL, [2014H]
        CALL HEX1
        MOV DX, OFFSET NEWLINE
        CALL TEXT
        HLT

; prints the $-terminated text at DS:DX
TEXT    PROC
        MOV AH, 9
        INT 21H
        RET
TEXT    ENDP

; prints AL as two hex digits
HEX2    PROC
        PUSH AX
        MOV CL, 4
        SHR AL, CL
        CALL HEX1
        POP AX
        AND AL, 0FH
        CALL HEX1
        RET
HEX2    ENDP

; prints the low four bits of AL as one hex digit
HEX1    PROC
        AND AL, 0FH
        ADD AL, '0'
        CMP AL, '9'
        JBE DIGIT
        ADD AL, 'A' - '9' - 1
DIGIT:  MOV DL, AL
        MOV AH, 2
        INT 21H
        RET
HEX1    ENDP

SUMTXT  DB 'SUM=$'
MAXTXT  DB ' MAX=$'
MINTXT  DB ' MIN=$'
ODDTXT  DB ' ODD=$'
NEWLINE DB 0DH, 0AH, '$'
