; numio.asm - console input and output for the score table (Turbo Assembler, Ideal mode, DOS).
;
; Build:  asmlab build --dialect tasm scores.asm numio.asm -o scores.exe
;         (Borland: tasm scores / tasm numio / tlink scores numio)

IDEAL
P8086
MODEL small
INCLUDE "scores.inc"

DATASEG
; DOS function 0Ah's buffer: the longest line it takes (three digits and Enter), the length typed.
LineBuffer db 4, 0, 4 dup (?)

CODESEG

; PrintText: writes the '$'-terminated text at DS:DX.
PROC PrintText
  USES ax
  mov ah, 9
  int 21h
  ret
ENDP PrintText

; PrintChar: writes the character in DL.
PROC PrintChar
  USES ax
  mov ah, 2
  int 21h
  ret
ENDP PrintChar

; NewLine: carriage return and line feed.
PROC NewLine
  USES dx
  mov dl, 13
  call PrintChar
  mov dl, 10
  call PrintChar
  ret
ENDP NewLine

; PrintNumber: writes an unsigned number right-aligned in a field of at least the given width.
; The caller pushes the width, then the number; PrintNumber removes both.
PROC PrintNumber NEAR
  ARG @@value:word, @@width:word = @@argBytes
  LOCAL @@digits:byte:6 = @@localBytes
  push bp
  mov bp, sp
  sub sp, @@localBytes
  push ax
  push bx
  push cx
  push dx
  push si
  mov ax, [@@value]
  lea si, [@@digits+6]          ; the digits are stored backwards from the buffer's end
  xor cx, cx
  mov bx, 10
@@divide:
  xor dx, dx
  div bx
  add dl, '0'
  dec si
  mov [ss:si], dl               ; the buffer is on the stack
  inc cx
  or ax, ax
  jnz @@divide
  mov dx, [@@width]
  sub dx, cx
  jle @@digitsOnly
@@pad:
  push dx
  mov dl, ' '
  call PrintChar
  pop dx
  dec dx
  jnz @@pad
@@digitsOnly:
  mov dl, [ss:si]
  call PrintChar
  inc si
  loop @@digitsOnly
  pop si
  pop dx
  pop cx
  pop bx
  pop ax
  mov sp, bp
  pop bp
  ret @@argBytes
ENDP PrintNumber

; ReadNumber: reads a line (DOS 0Ah) and returns its number in AX with CF clear, or CF set when
; the line is empty, holds anything but digits, or is above 100.
PROC ReadNumber
  USES bx, cx, dx, si
  mov dx, offset LineBuffer
  mov ah, 0Ah
  int 21h
  mov dl, 10                    ; DOS echoed the carriage return; the line feed follows
  call PrintChar
  mov cl, [LineBuffer+1]
  xor ch, ch
  jcxz @@bad
  mov si, offset LineBuffer+2
  xor ax, ax
@@digit:
  mov bl, [byte si]
  sub bl, '0'
  cmp bl, 9
  ja @@bad                      ; below '0' wraps around too
  mov dx, 10
  mul dx
  xor bh, bh
  add ax, bx
  inc si
  loop @@digit
  cmp ax, 100
  ja @@bad
  clc
  ret
@@bad:
  stc
  ret
ENDP ReadNumber

END
