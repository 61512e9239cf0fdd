; A traffic-light controller for emu8086's virtual traffic lights (port 4, a word: 12 lamps, one
; bit each). Written for asmlab's tests in emu8086's .COM shape; README.md says what it must do.
#make_COM#
ORG 100h

START:  MOV SI, OFFSET PHASES
NEXT:   MOV AX, [SI]            ; the lamps of this phase
        OUT 4, AX
        MOV CX, [SI+2]          ; how long: CX:DX microseconds (BIOS wait, INT 15h AH=86h)
        MOV DX, [SI+4]
        MOV AH, 86h
        INT 15h
        ADD SI, 6
        CMP SI, OFFSET PHASES_END
        JB NEXT
        JMP START               ; and again, for ever

; lamps, then the time in microseconds as two words (high, low)
PHASES  DW 0000_0011_0000_1100b, 004Ch, 4B40h   ; north-south go, 5 s
        DW 0000_0010_1000_1010b, 001Eh, 8480h   ; north-south slow, 2 s
        DW 0000_1000_0110_0001b, 004Ch, 4B40h   ; east-west go, 5 s
        DW 0000_0100_0101_0001b, 001Eh, 8480h   ; east-west slow, 2 s
PHASES_END:
