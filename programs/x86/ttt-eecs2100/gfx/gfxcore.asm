; GFXCORE.ASM - gfx.lib: mode setting and filled rectangles in VGA mode 13h.
; Mode 13h is 320x200 with one byte per pixel at A000:0000, row by row (IBM VGA Technical
; Reference, "Mode 13h"), so pixel (x, y) is the byte at y*320 + x.
                .MODEL  MEDIUM
                .386
                INCLUDE gfx.inc
                PUBLIC  GfxSetMode, GfxClear, GfxFillRect, GfxPutPixel

                .CODE
; GfxSetMode: AL = mode, set through INT 10h AH=00h (which also clears the screen).
GfxSetMode      PROC
                mov     ah, 00h
                int     10h
                ret
GfxSetMode      ENDP

; GfxClear: AL = colour for all 64000 pixels.
GfxClear        PROC
                push    cx
                push    di
                push    es
                mov     cx, VIDEO_SEGMENT
                mov     es, cx
                xor     di, di
                mov     ah, al
                mov     cx, 32000               ; words
                cld
                rep     stosw
                pop     es
                pop     di
                pop     cx
                ret
GfxClear        ENDP

; GfxFillRect: AX = x, BX = y, CX = width, DX = height, SI = colour.
GfxFillRect     PROC
                push    bx
                push    cx
                push    dx
                push    di
                push    es
                push    bp
                mov     di, VIDEO_SEGMENT
                mov     es, di
                imul    di, bx, SCREEN_WIDTH    ; DI = y*320 + x
                add     di, ax
                mov     bp, cx                  ; width of each row
                mov     ax, si
                cld
FillRow:        mov     cx, bp
                push    di
                rep     stosb
                pop     di
                add     di, SCREEN_WIDTH
                dec     dx
                jnz     FillRow
                pop     bp
                pop     es
                pop     di
                pop     dx
                pop     cx
                pop     bx
                ret
GfxFillRect     ENDP

; GfxPutPixel: AX = x, BX = y, DL = colour.
GfxPutPixel     PROC
                push    di
                push    es
                mov     di, VIDEO_SEGMENT
                mov     es, di
                imul    di, bx, SCREEN_WIDTH
                add     di, ax
                mov     es:[di], dl
                pop     es
                pop     di
                ret
GfxPutPixel     ENDP
                END
