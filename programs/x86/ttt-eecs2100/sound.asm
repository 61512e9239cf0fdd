; SOUND.ASM - tunes on the PC speaker.
; PIT channel 2 makes a square wave of 1 193 182 Hz / divisor (mode 3, programmed through port
; 43h with control byte B6h, then the divisor low and high byte to port 42h); port 61h bit 0
; opens the timer's gate and bit 1 connects it to the speaker (IBM PC Technical Reference, 8253
; and 8255 sections).  Durations are timed by port 61h bit 4, which toggles every 15.09 us with
; the DRAM refresh, so they do not depend on the CPU's speed.
                .MODEL  MEDIUM
                .386
                INCLUDE ttt.inc
                PUBLIC  SoundHumanMove, SoundComputerMove, SoundWin, SoundLoseOrDraw

TOGGLES_PER_MS  EQU     66              ; 1 ms / 15.09 us

                .DATA
; Tunes: (divisor, milliseconds) pairs ending with divisor 0.  Divisor = 1193182 / frequency.
humanMoveTune   WORD    3044, 70, 1810, 90          ; G4 392 Hz up a major sixth to E5 659 Hz
                WORD    0
computerMoveTune WORD   2281, 60                    ; C5 523 Hz
                WORD    0
winTune         WORD    2281, 80, 1810, 80, 1522, 80, 1140, 240   ; C5 E5 G5 C6 fanfare
                WORD    0
loseTune        WORD    5424, 150, 5746, 150, 6088, 350  ; A3 220 Hz, G#3 208 Hz, G3 196 Hz: "wah wah"
                WORD    0

                .CODE
; Delay: CX = milliseconds.
Delay           PROC    NEAR
                push    ax
                push    cx
                push    dx
                jcxz    Delayed
NextMs:         mov     dx, TOGGLES_PER_MS
                in      al, 61h
                and     al, 10h
                mov     ah, al
WaitToggle:     in      al, 61h
                and     al, 10h
                cmp     al, ah
                je      WaitToggle
                mov     ah, al
                dec     dx
                jnz     WaitToggle
                loop    NextMs
Delayed:        pop     dx
                pop     cx
                pop     ax
                ret
Delay           ENDP

; PlayTune: SI = a tune.  Each note sounds for its time, then 10 ms of silence.
PlayTune        PROC    NEAR
                push    ax
                push    cx
                push    si
NextNote:       mov     ax, [si]
                or      ax, ax
                jz      TuneDone
                push    ax
                mov     al, 0B6h                ; channel 2, low then high byte, mode 3, binary
                out     43h, al
                pop     ax
                out     42h, al
                mov     al, ah
                out     42h, al
                in      al, 61h
                or      al, 03h                 ; gate on, speaker on
                out     61h, al
                mov     cx, [si+2]
                call    Delay
                in      al, 61h
                and     al, 0FCh                ; both off: silence without a click
                out     61h, al
                mov     cx, 10
                call    Delay
                add     si, 4
                jmp     NextNote
TuneDone:       pop     si
                pop     cx
                pop     ax
                ret
PlayTune        ENDP

SoundHumanMove  PROC
                push    si
                mov     si, OFFSET humanMoveTune
                call    PlayTune
                pop     si
                ret
SoundHumanMove  ENDP

SoundComputerMove PROC
                push    si
                mov     si, OFFSET computerMoveTune
                call    PlayTune
                pop     si
                ret
SoundComputerMove ENDP

SoundWin        PROC
                push    si
                mov     si, OFFSET winTune
                call    PlayTune
                pop     si
                ret
SoundWin        ENDP

SoundLoseOrDraw PROC
                push    si
                mov     si, OFFSET loseTune
                call    PlayTune
                pop     si
                ret
SoundLoseOrDraw ENDP
                END
