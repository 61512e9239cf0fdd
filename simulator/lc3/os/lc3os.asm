; asmlab's LC-3 operating system: trap and interrupt vector tables, boot code, the trap service
; routines GETC OUT PUTS IN PUTSP HALT and the exception handlers. Written for asmlab; assembled at
; build time by lc3_osgen (simulator/lc3/os/osgen.cpp) for each edition.
;
; Written for the 3rd edition (service routines end with RTI). A line whose comment starts with
; ";@ed2:" is replaced by the text after the marker in the 2nd-edition build, where TRAP saves the
; return address in R7 and routines end with RET (Patt & Patel 2nd ed. A.3).
;
; In the 3rd edition the routines save the registers they use on the supervisor stack (R6), as the
; course simulator's OS does, so they are reentrant: an interrupt service routine that runs while
; PUTS or GETC waits, and calls them itself, leaves the interrupted call intact. In the 2nd edition
; R6 belongs to the user program while a routine runs (TRAP does not switch stacks), so there they
; save registers in fixed memory words, as the routines printed in the 2nd edition do.
;
; Memory map (3rd ed. Table A.3): x0000-x00FF trap vectors, x0100-x01FF interrupt vectors,
; x0200-x2FFF operating system, supervisor stack growing down from x3000.

        .ORIG x0000
        .FILL OS_BAD_TRAP  ; x00
        .FILL OS_BAD_TRAP  ; x01
        .FILL OS_BAD_TRAP  ; x02
        .FILL OS_BAD_TRAP  ; x03
        .FILL OS_BAD_TRAP  ; x04
        .FILL OS_BAD_TRAP  ; x05
        .FILL OS_BAD_TRAP  ; x06
        .FILL OS_BAD_TRAP  ; x07
        .FILL OS_BAD_TRAP  ; x08
        .FILL OS_BAD_TRAP  ; x09
        .FILL OS_BAD_TRAP  ; x0A
        .FILL OS_BAD_TRAP  ; x0B
        .FILL OS_BAD_TRAP  ; x0C
        .FILL OS_BAD_TRAP  ; x0D
        .FILL OS_BAD_TRAP  ; x0E
        .FILL OS_BAD_TRAP  ; x0F
        .FILL OS_BAD_TRAP  ; x10
        .FILL OS_BAD_TRAP  ; x11
        .FILL OS_BAD_TRAP  ; x12
        .FILL OS_BAD_TRAP  ; x13
        .FILL OS_BAD_TRAP  ; x14
        .FILL OS_BAD_TRAP  ; x15
        .FILL OS_BAD_TRAP  ; x16
        .FILL OS_BAD_TRAP  ; x17
        .FILL OS_BAD_TRAP  ; x18
        .FILL OS_BAD_TRAP  ; x19
        .FILL OS_BAD_TRAP  ; x1A
        .FILL OS_BAD_TRAP  ; x1B
        .FILL OS_BAD_TRAP  ; x1C
        .FILL OS_BAD_TRAP  ; x1D
        .FILL OS_BAD_TRAP  ; x1E
        .FILL OS_BAD_TRAP  ; x1F
        .FILL TRAP_GETC    ; x20
        .FILL TRAP_OUT     ; x21
        .FILL TRAP_PUTS    ; x22
        .FILL TRAP_IN      ; x23
        .FILL TRAP_PUTSP   ; x24
        .FILL TRAP_HALT    ; x25
        .FILL OS_BAD_TRAP  ; x26
        .FILL OS_BAD_TRAP  ; x27
        .FILL OS_BAD_TRAP  ; x28
        .FILL OS_BAD_TRAP  ; x29
        .FILL OS_BAD_TRAP  ; x2A
        .FILL OS_BAD_TRAP  ; x2B
        .FILL OS_BAD_TRAP  ; x2C
        .FILL OS_BAD_TRAP  ; x2D
        .FILL OS_BAD_TRAP  ; x2E
        .FILL OS_BAD_TRAP  ; x2F
        .FILL OS_BAD_TRAP  ; x30
        .FILL OS_BAD_TRAP  ; x31
        .FILL OS_BAD_TRAP  ; x32
        .FILL OS_BAD_TRAP  ; x33
        .FILL OS_BAD_TRAP  ; x34
        .FILL OS_BAD_TRAP  ; x35
        .FILL OS_BAD_TRAP  ; x36
        .FILL OS_BAD_TRAP  ; x37
        .FILL OS_BAD_TRAP  ; x38
        .FILL OS_BAD_TRAP  ; x39
        .FILL OS_BAD_TRAP  ; x3A
        .FILL OS_BAD_TRAP  ; x3B
        .FILL OS_BAD_TRAP  ; x3C
        .FILL OS_BAD_TRAP  ; x3D
        .FILL OS_BAD_TRAP  ; x3E
        .FILL OS_BAD_TRAP  ; x3F
        .FILL OS_BAD_TRAP  ; x40
        .FILL OS_BAD_TRAP  ; x41
        .FILL OS_BAD_TRAP  ; x42
        .FILL OS_BAD_TRAP  ; x43
        .FILL OS_BAD_TRAP  ; x44
        .FILL OS_BAD_TRAP  ; x45
        .FILL OS_BAD_TRAP  ; x46
        .FILL OS_BAD_TRAP  ; x47
        .FILL OS_BAD_TRAP  ; x48
        .FILL OS_BAD_TRAP  ; x49
        .FILL OS_BAD_TRAP  ; x4A
        .FILL OS_BAD_TRAP  ; x4B
        .FILL OS_BAD_TRAP  ; x4C
        .FILL OS_BAD_TRAP  ; x4D
        .FILL OS_BAD_TRAP  ; x4E
        .FILL OS_BAD_TRAP  ; x4F
        .FILL OS_BAD_TRAP  ; x50
        .FILL OS_BAD_TRAP  ; x51
        .FILL OS_BAD_TRAP  ; x52
        .FILL OS_BAD_TRAP  ; x53
        .FILL OS_BAD_TRAP  ; x54
        .FILL OS_BAD_TRAP  ; x55
        .FILL OS_BAD_TRAP  ; x56
        .FILL OS_BAD_TRAP  ; x57
        .FILL OS_BAD_TRAP  ; x58
        .FILL OS_BAD_TRAP  ; x59
        .FILL OS_BAD_TRAP  ; x5A
        .FILL OS_BAD_TRAP  ; x5B
        .FILL OS_BAD_TRAP  ; x5C
        .FILL OS_BAD_TRAP  ; x5D
        .FILL OS_BAD_TRAP  ; x5E
        .FILL OS_BAD_TRAP  ; x5F
        .FILL OS_BAD_TRAP  ; x60
        .FILL OS_BAD_TRAP  ; x61
        .FILL OS_BAD_TRAP  ; x62
        .FILL OS_BAD_TRAP  ; x63
        .FILL OS_BAD_TRAP  ; x64
        .FILL OS_BAD_TRAP  ; x65
        .FILL OS_BAD_TRAP  ; x66
        .FILL OS_BAD_TRAP  ; x67
        .FILL OS_BAD_TRAP  ; x68
        .FILL OS_BAD_TRAP  ; x69
        .FILL OS_BAD_TRAP  ; x6A
        .FILL OS_BAD_TRAP  ; x6B
        .FILL OS_BAD_TRAP  ; x6C
        .FILL OS_BAD_TRAP  ; x6D
        .FILL OS_BAD_TRAP  ; x6E
        .FILL OS_BAD_TRAP  ; x6F
        .FILL OS_BAD_TRAP  ; x70
        .FILL OS_BAD_TRAP  ; x71
        .FILL OS_BAD_TRAP  ; x72
        .FILL OS_BAD_TRAP  ; x73
        .FILL OS_BAD_TRAP  ; x74
        .FILL OS_BAD_TRAP  ; x75
        .FILL OS_BAD_TRAP  ; x76
        .FILL OS_BAD_TRAP  ; x77
        .FILL OS_BAD_TRAP  ; x78
        .FILL OS_BAD_TRAP  ; x79
        .FILL OS_BAD_TRAP  ; x7A
        .FILL OS_BAD_TRAP  ; x7B
        .FILL OS_BAD_TRAP  ; x7C
        .FILL OS_BAD_TRAP  ; x7D
        .FILL OS_BAD_TRAP  ; x7E
        .FILL OS_BAD_TRAP  ; x7F
        .FILL OS_BAD_TRAP  ; x80
        .FILL OS_BAD_TRAP  ; x81
        .FILL OS_BAD_TRAP  ; x82
        .FILL OS_BAD_TRAP  ; x83
        .FILL OS_BAD_TRAP  ; x84
        .FILL OS_BAD_TRAP  ; x85
        .FILL OS_BAD_TRAP  ; x86
        .FILL OS_BAD_TRAP  ; x87
        .FILL OS_BAD_TRAP  ; x88
        .FILL OS_BAD_TRAP  ; x89
        .FILL OS_BAD_TRAP  ; x8A
        .FILL OS_BAD_TRAP  ; x8B
        .FILL OS_BAD_TRAP  ; x8C
        .FILL OS_BAD_TRAP  ; x8D
        .FILL OS_BAD_TRAP  ; x8E
        .FILL OS_BAD_TRAP  ; x8F
        .FILL OS_BAD_TRAP  ; x90
        .FILL OS_BAD_TRAP  ; x91
        .FILL OS_BAD_TRAP  ; x92
        .FILL OS_BAD_TRAP  ; x93
        .FILL OS_BAD_TRAP  ; x94
        .FILL OS_BAD_TRAP  ; x95
        .FILL OS_BAD_TRAP  ; x96
        .FILL OS_BAD_TRAP  ; x97
        .FILL OS_BAD_TRAP  ; x98
        .FILL OS_BAD_TRAP  ; x99
        .FILL OS_BAD_TRAP  ; x9A
        .FILL OS_BAD_TRAP  ; x9B
        .FILL OS_BAD_TRAP  ; x9C
        .FILL OS_BAD_TRAP  ; x9D
        .FILL OS_BAD_TRAP  ; x9E
        .FILL OS_BAD_TRAP  ; x9F
        .FILL OS_BAD_TRAP  ; xA0
        .FILL OS_BAD_TRAP  ; xA1
        .FILL OS_BAD_TRAP  ; xA2
        .FILL OS_BAD_TRAP  ; xA3
        .FILL OS_BAD_TRAP  ; xA4
        .FILL OS_BAD_TRAP  ; xA5
        .FILL OS_BAD_TRAP  ; xA6
        .FILL OS_BAD_TRAP  ; xA7
        .FILL OS_BAD_TRAP  ; xA8
        .FILL OS_BAD_TRAP  ; xA9
        .FILL OS_BAD_TRAP  ; xAA
        .FILL OS_BAD_TRAP  ; xAB
        .FILL OS_BAD_TRAP  ; xAC
        .FILL OS_BAD_TRAP  ; xAD
        .FILL OS_BAD_TRAP  ; xAE
        .FILL OS_BAD_TRAP  ; xAF
        .FILL OS_BAD_TRAP  ; xB0
        .FILL OS_BAD_TRAP  ; xB1
        .FILL OS_BAD_TRAP  ; xB2
        .FILL OS_BAD_TRAP  ; xB3
        .FILL OS_BAD_TRAP  ; xB4
        .FILL OS_BAD_TRAP  ; xB5
        .FILL OS_BAD_TRAP  ; xB6
        .FILL OS_BAD_TRAP  ; xB7
        .FILL OS_BAD_TRAP  ; xB8
        .FILL OS_BAD_TRAP  ; xB9
        .FILL OS_BAD_TRAP  ; xBA
        .FILL OS_BAD_TRAP  ; xBB
        .FILL OS_BAD_TRAP  ; xBC
        .FILL OS_BAD_TRAP  ; xBD
        .FILL OS_BAD_TRAP  ; xBE
        .FILL OS_BAD_TRAP  ; xBF
        .FILL OS_BAD_TRAP  ; xC0
        .FILL OS_BAD_TRAP  ; xC1
        .FILL OS_BAD_TRAP  ; xC2
        .FILL OS_BAD_TRAP  ; xC3
        .FILL OS_BAD_TRAP  ; xC4
        .FILL OS_BAD_TRAP  ; xC5
        .FILL OS_BAD_TRAP  ; xC6
        .FILL OS_BAD_TRAP  ; xC7
        .FILL OS_BAD_TRAP  ; xC8
        .FILL OS_BAD_TRAP  ; xC9
        .FILL OS_BAD_TRAP  ; xCA
        .FILL OS_BAD_TRAP  ; xCB
        .FILL OS_BAD_TRAP  ; xCC
        .FILL OS_BAD_TRAP  ; xCD
        .FILL OS_BAD_TRAP  ; xCE
        .FILL OS_BAD_TRAP  ; xCF
        .FILL OS_BAD_TRAP  ; xD0
        .FILL OS_BAD_TRAP  ; xD1
        .FILL OS_BAD_TRAP  ; xD2
        .FILL OS_BAD_TRAP  ; xD3
        .FILL OS_BAD_TRAP  ; xD4
        .FILL OS_BAD_TRAP  ; xD5
        .FILL OS_BAD_TRAP  ; xD6
        .FILL OS_BAD_TRAP  ; xD7
        .FILL OS_BAD_TRAP  ; xD8
        .FILL OS_BAD_TRAP  ; xD9
        .FILL OS_BAD_TRAP  ; xDA
        .FILL OS_BAD_TRAP  ; xDB
        .FILL OS_BAD_TRAP  ; xDC
        .FILL OS_BAD_TRAP  ; xDD
        .FILL OS_BAD_TRAP  ; xDE
        .FILL OS_BAD_TRAP  ; xDF
        .FILL OS_BAD_TRAP  ; xE0
        .FILL OS_BAD_TRAP  ; xE1
        .FILL OS_BAD_TRAP  ; xE2
        .FILL OS_BAD_TRAP  ; xE3
        .FILL OS_BAD_TRAP  ; xE4
        .FILL OS_BAD_TRAP  ; xE5
        .FILL OS_BAD_TRAP  ; xE6
        .FILL OS_BAD_TRAP  ; xE7
        .FILL OS_BAD_TRAP  ; xE8
        .FILL OS_BAD_TRAP  ; xE9
        .FILL OS_BAD_TRAP  ; xEA
        .FILL OS_BAD_TRAP  ; xEB
        .FILL OS_BAD_TRAP  ; xEC
        .FILL OS_BAD_TRAP  ; xED
        .FILL OS_BAD_TRAP  ; xEE
        .FILL OS_BAD_TRAP  ; xEF
        .FILL OS_BAD_TRAP  ; xF0
        .FILL OS_BAD_TRAP  ; xF1
        .FILL OS_BAD_TRAP  ; xF2
        .FILL OS_BAD_TRAP  ; xF3
        .FILL OS_BAD_TRAP  ; xF4
        .FILL OS_BAD_TRAP  ; xF5
        .FILL OS_BAD_TRAP  ; xF6
        .FILL OS_BAD_TRAP  ; xF7
        .FILL OS_BAD_TRAP  ; xF8
        .FILL OS_BAD_TRAP  ; xF9
        .FILL OS_BAD_TRAP  ; xFA
        .FILL OS_BAD_TRAP  ; xFB
        .FILL OS_BAD_TRAP  ; xFC
        .FILL OS_BAD_TRAP  ; xFD
        .FILL OS_BAD_TRAP  ; xFE
        .FILL OS_BAD_TRAP  ; xFF
        .END

        .ORIG x0100
        .FILL OS_EX_PRIV   ; x00
        .FILL OS_EX_ILLEGAL ; x01
        .FILL OS_EX_ACV    ; x02
        .FILL #0           ; x03
        .FILL #0           ; x04
        .FILL #0           ; x05
        .FILL #0           ; x06
        .FILL #0           ; x07
        .FILL #0           ; x08
        .FILL #0           ; x09
        .FILL #0           ; x0A
        .FILL #0           ; x0B
        .FILL #0           ; x0C
        .FILL #0           ; x0D
        .FILL #0           ; x0E
        .FILL #0           ; x0F
        .FILL #0           ; x10
        .FILL #0           ; x11
        .FILL #0           ; x12
        .FILL #0           ; x13
        .FILL #0           ; x14
        .FILL #0           ; x15
        .FILL #0           ; x16
        .FILL #0           ; x17
        .FILL #0           ; x18
        .FILL #0           ; x19
        .FILL #0           ; x1A
        .FILL #0           ; x1B
        .FILL #0           ; x1C
        .FILL #0           ; x1D
        .FILL #0           ; x1E
        .FILL #0           ; x1F
        .FILL #0           ; x20
        .FILL #0           ; x21
        .FILL #0           ; x22
        .FILL #0           ; x23
        .FILL #0           ; x24
        .FILL #0           ; x25
        .FILL #0           ; x26
        .FILL #0           ; x27
        .FILL #0           ; x28
        .FILL #0           ; x29
        .FILL #0           ; x2A
        .FILL #0           ; x2B
        .FILL #0           ; x2C
        .FILL #0           ; x2D
        .FILL #0           ; x2E
        .FILL #0           ; x2F
        .FILL #0           ; x30
        .FILL #0           ; x31
        .FILL #0           ; x32
        .FILL #0           ; x33
        .FILL #0           ; x34
        .FILL #0           ; x35
        .FILL #0           ; x36
        .FILL #0           ; x37
        .FILL #0           ; x38
        .FILL #0           ; x39
        .FILL #0           ; x3A
        .FILL #0           ; x3B
        .FILL #0           ; x3C
        .FILL #0           ; x3D
        .FILL #0           ; x3E
        .FILL #0           ; x3F
        .FILL #0           ; x40
        .FILL #0           ; x41
        .FILL #0           ; x42
        .FILL #0           ; x43
        .FILL #0           ; x44
        .FILL #0           ; x45
        .FILL #0           ; x46
        .FILL #0           ; x47
        .FILL #0           ; x48
        .FILL #0           ; x49
        .FILL #0           ; x4A
        .FILL #0           ; x4B
        .FILL #0           ; x4C
        .FILL #0           ; x4D
        .FILL #0           ; x4E
        .FILL #0           ; x4F
        .FILL #0           ; x50
        .FILL #0           ; x51
        .FILL #0           ; x52
        .FILL #0           ; x53
        .FILL #0           ; x54
        .FILL #0           ; x55
        .FILL #0           ; x56
        .FILL #0           ; x57
        .FILL #0           ; x58
        .FILL #0           ; x59
        .FILL #0           ; x5A
        .FILL #0           ; x5B
        .FILL #0           ; x5C
        .FILL #0           ; x5D
        .FILL #0           ; x5E
        .FILL #0           ; x5F
        .FILL #0           ; x60
        .FILL #0           ; x61
        .FILL #0           ; x62
        .FILL #0           ; x63
        .FILL #0           ; x64
        .FILL #0           ; x65
        .FILL #0           ; x66
        .FILL #0           ; x67
        .FILL #0           ; x68
        .FILL #0           ; x69
        .FILL #0           ; x6A
        .FILL #0           ; x6B
        .FILL #0           ; x6C
        .FILL #0           ; x6D
        .FILL #0           ; x6E
        .FILL #0           ; x6F
        .FILL #0           ; x70
        .FILL #0           ; x71
        .FILL #0           ; x72
        .FILL #0           ; x73
        .FILL #0           ; x74
        .FILL #0           ; x75
        .FILL #0           ; x76
        .FILL #0           ; x77
        .FILL #0           ; x78
        .FILL #0           ; x79
        .FILL #0           ; x7A
        .FILL #0           ; x7B
        .FILL #0           ; x7C
        .FILL #0           ; x7D
        .FILL #0           ; x7E
        .FILL #0           ; x7F
        .FILL #0           ; x80  (keyboard: no handler unless a program installs one)
        .FILL #0           ; x81
        .FILL #0           ; x82
        .FILL #0           ; x83
        .FILL #0           ; x84
        .FILL #0           ; x85
        .FILL #0           ; x86
        .FILL #0           ; x87
        .FILL #0           ; x88
        .FILL #0           ; x89
        .FILL #0           ; x8A
        .FILL #0           ; x8B
        .FILL #0           ; x8C
        .FILL #0           ; x8D
        .FILL #0           ; x8E
        .FILL #0           ; x8F
        .FILL #0           ; x90
        .FILL #0           ; x91
        .FILL #0           ; x92
        .FILL #0           ; x93
        .FILL #0           ; x94
        .FILL #0           ; x95
        .FILL #0           ; x96
        .FILL #0           ; x97
        .FILL #0           ; x98
        .FILL #0           ; x99
        .FILL #0           ; x9A
        .FILL #0           ; x9B
        .FILL #0           ; x9C
        .FILL #0           ; x9D
        .FILL #0           ; x9E
        .FILL #0           ; x9F
        .FILL #0           ; xA0
        .FILL #0           ; xA1
        .FILL #0           ; xA2
        .FILL #0           ; xA3
        .FILL #0           ; xA4
        .FILL #0           ; xA5
        .FILL #0           ; xA6
        .FILL #0           ; xA7
        .FILL #0           ; xA8
        .FILL #0           ; xA9
        .FILL #0           ; xAA
        .FILL #0           ; xAB
        .FILL #0           ; xAC
        .FILL #0           ; xAD
        .FILL #0           ; xAE
        .FILL #0           ; xAF
        .FILL #0           ; xB0
        .FILL #0           ; xB1
        .FILL #0           ; xB2
        .FILL #0           ; xB3
        .FILL #0           ; xB4
        .FILL #0           ; xB5
        .FILL #0           ; xB6
        .FILL #0           ; xB7
        .FILL #0           ; xB8
        .FILL #0           ; xB9
        .FILL #0           ; xBA
        .FILL #0           ; xBB
        .FILL #0           ; xBC
        .FILL #0           ; xBD
        .FILL #0           ; xBE
        .FILL #0           ; xBF
        .FILL #0           ; xC0
        .FILL #0           ; xC1
        .FILL #0           ; xC2
        .FILL #0           ; xC3
        .FILL #0           ; xC4
        .FILL #0           ; xC5
        .FILL #0           ; xC6
        .FILL #0           ; xC7
        .FILL #0           ; xC8
        .FILL #0           ; xC9
        .FILL #0           ; xCA
        .FILL #0           ; xCB
        .FILL #0           ; xCC
        .FILL #0           ; xCD
        .FILL #0           ; xCE
        .FILL #0           ; xCF
        .FILL #0           ; xD0
        .FILL #0           ; xD1
        .FILL #0           ; xD2
        .FILL #0           ; xD3
        .FILL #0           ; xD4
        .FILL #0           ; xD5
        .FILL #0           ; xD6
        .FILL #0           ; xD7
        .FILL #0           ; xD8
        .FILL #0           ; xD9
        .FILL #0           ; xDA
        .FILL #0           ; xDB
        .FILL #0           ; xDC
        .FILL #0           ; xDD
        .FILL #0           ; xDE
        .FILL #0           ; xDF
        .FILL #0           ; xE0
        .FILL #0           ; xE1
        .FILL #0           ; xE2
        .FILL #0           ; xE3
        .FILL #0           ; xE4
        .FILL #0           ; xE5
        .FILL #0           ; xE6
        .FILL #0           ; xE7
        .FILL #0           ; xE8
        .FILL #0           ; xE9
        .FILL #0           ; xEA
        .FILL #0           ; xEB
        .FILL #0           ; xEC
        .FILL #0           ; xED
        .FILL #0           ; xEE
        .FILL #0           ; xEF
        .FILL #0           ; xF0
        .FILL #0           ; xF1
        .FILL #0           ; xF2
        .FILL #0           ; xF3
        .FILL #0           ; xF4
        .FILL #0           ; xF5
        .FILL #0           ; xF6
        .FILL #0           ; xF7
        .FILL #0           ; xF8
        .FILL #0           ; xF9
        .FILL #0           ; xFA
        .FILL #0           ; xFB
        .FILL #0           ; xFC
        .FILL #0           ; xFD
        .FILL #0           ; xFE
        .FILL #0           ; xFF
        .END

        .ORIG x0200
; ---------------------------------------------------------------------------------------------
; Boot: the supervisor stack starts at x3000; enter the user program (its entry point is written
; into OS_USER_ENTRY and its PSR into OS_USER_PSR by the simulator: x8002, user mode, or x0002
; for a program that starts in supervisor mode) by pushing PSR and PC and RTI.
OS_BOOT         LD R6, OS_SSP_INIT
                LD R0, OS_USER_PSR
                ADD R6, R6, #-1
                STR R0, R6, #0
                LD R0, OS_USER_ENTRY
                ADD R6, R6, #-1
                STR R0, R6, #0
                AND R0, R0, #0
                RTI
OS_SSP_INIT     .FILL x3000
OS_USER_PSR     .FILL x8002
OS_USER_ENTRY   .FILL x3000
; Non-zero: HALT prints the banner (set by the simulator from its options).
OS_HALT_BANNER  .FILL #1

; TRAP x20 GETC: wait for a key; R0 <- its ASCII code. No echo.
TRAP_GETC       ADD R6, R6, #-1                 ;@ed2: ST R1, GETC_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
GETC_POLL       LDI R1, GETC_KBSR
                BRzp GETC_POLL
                LDI R0, GETC_KBDR
                LDR R1, R6, #0                  ;@ed2: LD R1, GETC_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                RTI                             ;@ed2: RET
GETC_KBSR       .FILL xFE00
GETC_KBDR       .FILL xFE02
GETC_SAVE_R1    .FILL #0                        ; 2nd edition: saved R1

; TRAP x21 OUT: write the character in R0[7:0] to the display.
TRAP_OUT        ADD R6, R6, #-1                 ;@ed2: ST R1, OUT_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
OUT_POLL        LDI R1, OUT_DSR
                BRzp OUT_POLL
                STI R0, OUT_DDR
                LDR R1, R6, #0                  ;@ed2: LD R1, OUT_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                RTI                             ;@ed2: RET
OUT_DSR         .FILL xFE04
OUT_DDR         .FILL xFE06
OUT_SAVE_R1     .FILL #0                        ; 2nd edition: saved R1

; TRAP x22 PUTS: write the string of one character per word at R0, up to a x0000 word.
TRAP_PUTS       ADD R6, R6, #-1                 ;@ed2: ST R0, PUTS_SAVE_R0
                STR R0, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R1, PUTS_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R7, PUTS_SAVE_R7
                STR R7, R6, #0                  ;@ed2:
                ADD R1, R0, #0                  ; the cursor
PUTS_LOOP       LDR R0, R1, #0
                BRz PUTS_DONE
                JSR OS_PUTC
                ADD R1, R1, #1
                BRnzp PUTS_LOOP
PUTS_DONE       LDR R7, R6, #0                  ;@ed2: LD R7, PUTS_SAVE_R7
                ADD R6, R6, #1                  ;@ed2:
                LDR R1, R6, #0                  ;@ed2: LD R1, PUTS_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                LDR R0, R6, #0                  ;@ed2: LD R0, PUTS_SAVE_R0
                ADD R6, R6, #1                  ;@ed2:
                RTI                             ;@ed2: RET
PUTS_SAVE_R0    .FILL #0                        ; 2nd edition: saved R0
PUTS_SAVE_R1    .FILL #0                        ; 2nd edition: saved R1
PUTS_SAVE_R7    .FILL #0                        ; 2nd edition: saved R7

; TRAP x23 IN: prompt, wait for a key, echo it and end the line; R0 <- its ASCII code.
TRAP_IN         ADD R6, R6, #-1                 ;@ed2: ST R7, IN_SAVE_R7
                STR R7, R6, #0                  ;@ed2:
                LEA R0, IN_PROMPT
                JSR OS_PRINT
                JSR OS_GETKEY
                JSR OS_PUTC
                ADD R6, R6, #-1                 ;@ed2: ST R0, IN_SAVE_R0
                STR R0, R6, #0                  ;@ed2:
                LD R0, IN_NEWLINE
                JSR OS_PUTC
                LDR R0, R6, #0                  ;@ed2: LD R0, IN_SAVE_R0
                ADD R6, R6, #1                  ;@ed2:
                LDR R7, R6, #0                  ;@ed2: LD R7, IN_SAVE_R7
                ADD R6, R6, #1                  ;@ed2:
                RTI                             ;@ed2: RET
IN_NEWLINE      .FILL x000A
IN_PROMPT       .STRINGZ "\nInput a character> "
IN_SAVE_R7      .FILL #0                        ; 2nd edition: saved R7
IN_SAVE_R0      .FILL #0                        ; 2nd edition: saved R0

; TRAP x24 PUTSP: write the string packed two characters per word at R0 (bits 7:0 first, then
; bits 15:8), up to a x0000 word; a zero high byte ends the string too.
TRAP_PUTSP      ADD R6, R6, #-1                 ;@ed2: ST R0, PSP_SAVE_R0
                STR R0, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R1, PSP_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R2, PSP_SAVE_R2
                STR R2, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R7, PSP_SAVE_R7
                STR R7, R6, #0                  ;@ed2:
                ADD R2, R0, #0
PSP_LOOP        LDR R1, R2, #0
                BRz PSP_DONE
                LD R0, PSP_LOW_MASK
                AND R0, R1, R0
                JSR OS_PUTC
                ADD R0, R1, #0
                JSR OS_HIGH_BYTE
                ADD R0, R0, #0
                BRz PSP_DONE
                JSR OS_PUTC
                ADD R2, R2, #1
                BRnzp PSP_LOOP
PSP_DONE        LDR R7, R6, #0                  ;@ed2: LD R7, PSP_SAVE_R7
                ADD R6, R6, #1                  ;@ed2:
                LDR R2, R6, #0                  ;@ed2: LD R2, PSP_SAVE_R2
                ADD R6, R6, #1                  ;@ed2:
                LDR R1, R6, #0                  ;@ed2: LD R1, PSP_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                LDR R0, R6, #0                  ;@ed2: LD R0, PSP_SAVE_R0
                ADD R6, R6, #1                  ;@ed2:
                RTI                             ;@ed2: RET
PSP_LOW_MASK    .FILL x00FF
PSP_SAVE_R0     .FILL #0                        ; 2nd edition: saved R0
PSP_SAVE_R1     .FILL #0                        ; 2nd edition: saved R1
PSP_SAVE_R2     .FILL #0                        ; 2nd edition: saved R2
PSP_SAVE_R7     .FILL #0                        ; 2nd edition: saved R7

; TRAP x25 HALT: print the banner (unless disabled) and clear MCR[15], which stops the clock.
TRAP_HALT       LD R0, OS_HALT_BANNER
                BRz HALT_CLOCK
                LEA R0, HALT_MESSAGE
                JSR OS_PRINT
HALT_CLOCK      JSR OS_STOP_CLOCK
                BRnzp TRAP_HALT                 ; only reached if a debugger restarts the clock
HALT_MESSAGE    .STRINGZ "\n\n--- Halting the LC-3 ---\n\n"

; ---------------------------------------------------------------------------------------------
; Exception handlers (3rd ed. 9.3): entered in supervisor mode with the saved PC at M[R6] (the
; address of the faulting instruction) and the saved PSR at M[R6+1]. Each prints what happened
; and where, then stops the machine.
OS_EX_PRIV      LEA R0, PRIV_MESSAGE
                JSR OS_PRINT
                LDR R0, R6, #0
                JSR OS_PRINT_HEX
                BRnzp OS_EX_END
PRIV_MESSAGE    .STRINGZ "\n--- Privilege mode violation: RTI in user mode at x"

OS_EX_ILLEGAL   LEA R0, ILL_MESSAGE
                JSR OS_PRINT
                LDR R0, R6, #0
                LDR R0, R0, #0
                JSR OS_PRINT_HEX
                LEA R0, AT_MESSAGE
                JSR OS_PRINT
                LDR R0, R6, #0
                JSR OS_PRINT_HEX
                BRnzp OS_EX_END
ILL_MESSAGE     .STRINGZ "\n--- Illegal opcode x"
AT_MESSAGE      .STRINGZ " at x"

OS_EX_ACV       LEA R0, ACV_MESSAGE
                JSR OS_PRINT
                LDR R0, R6, #0
                JSR OS_PRINT_HEX
                BRnzp OS_EX_END
ACV_MESSAGE     .STRINGZ "\n--- Access control violation: user-mode access to system space or a device register at x"

; A TRAP whose vector no routine serves. The return address is M[R6] in the 3rd edition and R7 in
; the 2nd; the TRAP instruction is the word before it.
OS_BAD_TRAP     LDR R1, R6, #0                  ;@ed2: ADD R1, R7, #0
                ADD R1, R1, #-1
                LEA R0, BAD_TRAP_MESSAGE
                JSR OS_PRINT
                LDR R0, R1, #0
                JSR OS_PRINT_HEX
                LEA R0, AT_MESSAGE
                JSR OS_PRINT
                ADD R0, R1, #0
                JSR OS_PRINT_HEX
                BRnzp OS_EX_END
BAD_TRAP_MESSAGE .STRINGZ "\n--- No service routine for the TRAP instruction x"

OS_EX_END       LEA R0, EX_END_MESSAGE
                JSR OS_PRINT
                JSR OS_STOP_CLOCK
                BRnzp OS_EX_END
EX_END_MESSAGE  .STRINGZ " ---\n"

; ---------------------------------------------------------------------------------------------
; Subroutines for the OS itself (JSR/RET; each keeps every register except its result).

; OS_STOP_CLOCK: MCR[15] <- 0.
OS_STOP_CLOCK   ADD R6, R6, #-1                 ;@ed2: ST R0, STOP_SAVE_R0
                STR R0, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R1, STOP_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
                LDI R1, STOP_MCR
                LD R0, STOP_MASK
                AND R0, R1, R0
                STI R0, STOP_MCR
                LDR R1, R6, #0                  ;@ed2: LD R1, STOP_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                LDR R0, R6, #0                  ;@ed2: LD R0, STOP_SAVE_R0
                ADD R6, R6, #1                  ;@ed2:
                RET
STOP_MCR        .FILL xFFFE
STOP_MASK       .FILL x7FFF
STOP_SAVE_R0    .FILL #0                        ; 2nd edition: saved R0
STOP_SAVE_R1    .FILL #0                        ; 2nd edition: saved R1

; OS_PUTC: write R0[7:0] to the display.
OS_PUTC         ADD R6, R6, #-1                 ;@ed2: ST R1, PUTC_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
PUTC_POLL       LDI R1, PUTC_DSR
                BRzp PUTC_POLL
                STI R0, PUTC_DDR
                LDR R1, R6, #0                  ;@ed2: LD R1, PUTC_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                RET
PUTC_DSR        .FILL xFE04
PUTC_DDR        .FILL xFE06
PUTC_SAVE_R1    .FILL #0                        ; 2nd edition: saved R1

; OS_GETKEY: R0 <- the next key (waits for it).
OS_GETKEY       ADD R6, R6, #-1                 ;@ed2: ST R1, GETKEY_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
GETKEY_POLL     LDI R1, GETKEY_KBSR
                BRzp GETKEY_POLL
                LDI R0, GETKEY_KBDR
                LDR R1, R6, #0                  ;@ed2: LD R1, GETKEY_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                RET
GETKEY_KBSR     .FILL xFE00
GETKEY_KBDR     .FILL xFE02
GETKEY_SAVE_R1  .FILL #0                        ; 2nd edition: saved R1

; OS_PRINT: write the zero-terminated string at R0.
OS_PRINT        ADD R6, R6, #-1                 ;@ed2: ST R0, PRINT_SAVE_R0
                STR R0, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R1, PRINT_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R7, PRINT_SAVE_R7
                STR R7, R6, #0                  ;@ed2:
                ADD R1, R0, #0
PRINT_LOOP      LDR R0, R1, #0
                BRz PRINT_DONE
                JSR OS_PUTC
                ADD R1, R1, #1
                BRnzp PRINT_LOOP
PRINT_DONE      LDR R7, R6, #0                  ;@ed2: LD R7, PRINT_SAVE_R7
                ADD R6, R6, #1                  ;@ed2:
                LDR R1, R6, #0                  ;@ed2: LD R1, PRINT_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                LDR R0, R6, #0                  ;@ed2: LD R0, PRINT_SAVE_R0
                ADD R6, R6, #1                  ;@ed2:
                RET
PRINT_SAVE_R0   .FILL #0                        ; 2nd edition: saved R0
PRINT_SAVE_R1   .FILL #0                        ; 2nd edition: saved R1
PRINT_SAVE_R7   .FILL #0                        ; 2nd edition: saved R7

; OS_HIGH_BYTE: R0 <- R0[15:8] (the LC-3 has no right shift: move the top bits in one by one).
OS_HIGH_BYTE    ADD R6, R6, #-1                 ;@ed2: ST R1, HIGH_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R2, HIGH_SAVE_R2
                STR R2, R6, #0                  ;@ed2:
                AND R1, R1, #0                  ; result
                AND R2, R2, #0
                ADD R2, R2, #8                  ; bits to move
HIGH_LOOP       ADD R1, R1, R1
                ADD R0, R0, #0
                BRzp HIGH_ZERO
                ADD R1, R1, #1
HIGH_ZERO       ADD R0, R0, R0
                ADD R2, R2, #-1
                BRp HIGH_LOOP
                ADD R0, R1, #0
                LDR R2, R6, #0                  ;@ed2: LD R2, HIGH_SAVE_R2
                ADD R6, R6, #1                  ;@ed2:
                LDR R1, R6, #0                  ;@ed2: LD R1, HIGH_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                RET
HIGH_SAVE_R1    .FILL #0                        ; 2nd edition: saved R1
HIGH_SAVE_R2    .FILL #0                        ; 2nd edition: saved R2

; OS_PRINT_HEX: write R0 as four hexadecimal digits.
OS_PRINT_HEX    ADD R6, R6, #-1                 ;@ed2: ST R0, HEX_SAVE_R0
                STR R0, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R1, HEX_SAVE_R1
                STR R1, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R2, HEX_SAVE_R2
                STR R2, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R3, HEX_SAVE_R3
                STR R3, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R4, HEX_SAVE_R4
                STR R4, R6, #0                  ;@ed2:
                ADD R6, R6, #-1                 ;@ed2: ST R7, HEX_SAVE_R7
                STR R7, R6, #0                  ;@ed2:
                ADD R1, R0, #0                  ; the value, shifted left as digits are taken
                AND R4, R4, #0
                ADD R4, R4, #4                  ; digits left
HEX_DIGIT       AND R2, R2, #0                  ; the digit
                AND R3, R3, #0
                ADD R3, R3, #4                  ; bits left in this digit
HEX_BIT         ADD R2, R2, R2
                ADD R1, R1, #0
                BRzp HEX_BIT_ZERO
                ADD R2, R2, #1
HEX_BIT_ZERO    ADD R1, R1, R1
                ADD R3, R3, #-1
                BRp HEX_BIT
                ADD R0, R2, #-10
                BRn HEX_DECIMAL
                LD R0, HEX_LETTER_A
                ADD R0, R0, R2
                ADD R0, R0, #-10
                BRnzp HEX_OUT
HEX_DECIMAL     LD R0, HEX_ZERO_CHAR
                ADD R0, R0, R2
HEX_OUT         JSR OS_PUTC
                ADD R4, R4, #-1
                BRp HEX_DIGIT
                LDR R7, R6, #0                  ;@ed2: LD R7, HEX_SAVE_R7
                ADD R6, R6, #1                  ;@ed2:
                LDR R4, R6, #0                  ;@ed2: LD R4, HEX_SAVE_R4
                ADD R6, R6, #1                  ;@ed2:
                LDR R3, R6, #0                  ;@ed2: LD R3, HEX_SAVE_R3
                ADD R6, R6, #1                  ;@ed2:
                LDR R2, R6, #0                  ;@ed2: LD R2, HEX_SAVE_R2
                ADD R6, R6, #1                  ;@ed2:
                LDR R1, R6, #0                  ;@ed2: LD R1, HEX_SAVE_R1
                ADD R6, R6, #1                  ;@ed2:
                LDR R0, R6, #0                  ;@ed2: LD R0, HEX_SAVE_R0
                ADD R6, R6, #1                  ;@ed2:
                RET
HEX_LETTER_A    .FILL x0041
HEX_ZERO_CHAR   .FILL x0030
HEX_SAVE_R0     .FILL #0                        ; 2nd edition: saved R0
HEX_SAVE_R1     .FILL #0                        ; 2nd edition: saved R1
HEX_SAVE_R2     .FILL #0                        ; 2nd edition: saved R2
HEX_SAVE_R3     .FILL #0                        ; 2nd edition: saved R3
HEX_SAVE_R4     .FILL #0                        ; 2nd edition: saved R4
HEX_SAVE_R7     .FILL #0                        ; 2nd edition: saved R7

        .END
