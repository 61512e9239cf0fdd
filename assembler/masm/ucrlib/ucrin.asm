; ucrin.asm - keyboard input and character conversion of asmlab's UCR Standard Library
; (docs/ucrlib.md).  Far routines; only AL (and AH for sl_rawgetc) change.

stdlib          segment para public 'stdlib'
                assume  cs:stdlib

                public  sl_getc, sl_rawgetc, sl_tolower, sl_toupper

; sl_getc: DOS function 01h, a character from standard input echoed to the screen.
sl_getc         proc    far
                mov     ah, 1
                int     21h
                mov     ah, 0
                ret
sl_getc         endp

; sl_rawgetc: BIOS INT 16h function 00h, the next key with no echo (AL = ASCII, AH = scan code).
sl_rawgetc      proc    far
                mov     ah, 0
                int     16h
                ret
sl_rawgetc      endp

sl_tolower      proc    far
                cmp     al, 'A'
                jb      LowerDone
                cmp     al, 'Z'
                ja      LowerDone
                add     al, 'a'-'A'
LowerDone:      ret
sl_tolower      endp

sl_toupper      proc    far
                cmp     al, 'a'
                jb      UpperDone
                cmp     al, 'z'
                ja      UpperDone
                sub     al, 'a'-'A'
UpperDone:      ret
sl_toupper      endp

stdlib          ends
                end
