; GFXTEXT.ASM - gfx.lib: text on the graphics screen through the video BIOS.
; In mode 13h INT 10h AH=0Eh draws the character from the 8x8 ROM font in colour BL at the
; cursor (IBM VGA BIOS, "Write Teletype"), on a 40x25 grid of character cells.
                .MODEL  MEDIUM
                .386
                INCLUDE gfx.inc
                PUBLIC  GfxCursor, GfxPrint

                .CODE
; GfxCursor: DH = row, DL = column (INT 10h AH=02h, page 0).
GfxCursor       PROC
                push    bx
                mov     ah, 02h
                xor     bh, bh
                int     10h
                pop     bx
                ret
GfxCursor       ENDP

; GfxPrint: DH = row, DL = column, BL = colour, DS:SI = NUL-terminated string.
GfxPrint        PROC
                push    bx
                push    si
                call    GfxCursor
                xor     bh, bh
PrintNext:      lodsb
                or      al, al
                jz      PrintDone
                mov     ah, 0Eh
                int     10h
                jmp     PrintNext
PrintDone:      pop     si
                pop     bx
                ret
GfxPrint        ENDP
                END
