; ucrnum.asm - number output of asmlab's UCR Standard Library (docs/ucrlib.md): decimal (signed
; and unsigned) and hexadecimal.  Far routines; every register preserved.

                extrn   sl_putc:far

stdlib          segment para public 'stdlib'
                assume  cs:stdlib

                public  sl_puti, sl_putu, sl_puth, sl_putw

; sl_putu: AX as an unsigned decimal number, no leading zeros.
sl_putu         proc    far
                push    ax
                push    bx
                push    cx
                push    dx
                mov     bx, 10
                xor     cx, cx
DigitLoop:      xor     dx, dx
                div     bx              ; DX = next digit from the right
                push    dx
                inc     cx
                or      ax, ax
                jnz     DigitLoop
WriteDigits:    pop     ax
                add     al, '0'
                call    sl_putc
                loop    WriteDigits
                pop     dx
                pop     cx
                pop     bx
                pop     ax
                ret
sl_putu         endp

; sl_puti: AX as a signed decimal number (a '-' then the magnitude).
sl_puti         proc    far
                push    ax
                or      ax, ax
                jns     PositiveI
                push    ax
                mov     al, '-'
                call    sl_putc
                pop     ax
                neg     ax              ; -32768 stays 8000h, written correctly as unsigned
PositiveI:      call    sl_putu
                pop     ax
                ret
sl_puti         endp

; sl_puth: AL as two hexadecimal digits.
sl_puth         proc    far
                push    ax
                push    cx
                mov     ah, al
                mov     cl, 4
                shr     al, cl
                call    HexDigit
                mov     al, ah
                and     al, 0fh
                call    HexDigit
                pop     cx
                pop     ax
                ret
sl_puth         endp

; sl_putw: AX as four hexadecimal digits.
sl_putw         proc    far
                push    ax
                mov     al, ah
                call    sl_puth
                pop     ax
                call    sl_puth
                ret
sl_putw         endp

; HexDigit: write AL (0-15) as 0-9 or A-F.
HexDigit        proc    near
                push    ax
                add     al, '0'
                cmp     al, '9'
                jbe     HexOut
                add     al, 'A'-'9'-1
HexOut:         call    sl_putc
                pop     ax
                ret
HexDigit        endp

stdlib          ends
                end
