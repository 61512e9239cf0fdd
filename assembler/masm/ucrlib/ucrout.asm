; ucrout.asm - the character output routines of asmlab's UCR Standard Library (docs/ucrlib.md).
; All output goes through DOS function 02h (write DL to standard output), which also makes a
; BEL (7) beep, as it does on a real PC.  Every routine is far and preserves every register.

stdlib          segment para public 'stdlib'
                assume  cs:stdlib

                public  sl_putc, sl_putcr, sl_print, sl_puts

; DosPut: write AL to standard output; AL = 10 (nl) is written as CR LF.  Preserves everything.
DosPut          proc    near
                push    ax
                push    dx
                cmp     al, 10
                jne     PutPlain
                mov     dl, 13
                mov     ah, 2
                int     21h
                mov     al, 10
PutPlain:       mov     dl, al
                mov     ah, 2
                int     21h
                pop     dx
                pop     ax
                ret
DosPut          endp

sl_putc         proc    far
                call    DosPut
                ret
sl_putc         endp

sl_putcr        proc    far
                push    ax
                mov     al, 10
                call    DosPut
                pop     ax
                ret
sl_putcr        endp

; sl_print: the bytes after the call, up to a 0, are the text; return past the 0.
sl_print        proc    far
                push    bp
                mov     bp, sp
                push    ax
                push    si
                push    ds
                lds     si, [bp+2]      ; the return address (offset, segment) points at the text
PrintLoop:      lodsb
                or      al, al
                jz      PrintDone
                call    DosPut
                jmp     PrintLoop
PrintDone:      mov     [bp+2], si      ; resume after the 0
                pop     ds
                pop     si
                pop     ax
                pop     bp
                ret
sl_print        endp

; sl_puts: the 0-terminated string at ES:DI.
sl_puts         proc    far
                push    ax
                push    di
PutsLoop:       mov     al, es:[di]
                or      al, al
                jz      PutsDone
                call    DosPut
                inc     di
                jmp     PutsLoop
PutsDone:       pop     di
                pop     ax
                ret
sl_puts         endp

stdlib          ends
                end
