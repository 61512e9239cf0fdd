; PLAYER.ASM - the two players' turns and the win check.
;
; The computer's player is the assignment's pattern player: it only ever decides about three
; squares of the spiral board (0 the top-left corner, 1 the top edge, 8 the centre) and sees the
; rest of the board by turning it: the ring squares 0-7 of each player's bit set are in AL, and
; ROR AL,2 turns the board 90 degrees counter-clockwise.  Each pattern says which squares must
; hold an O, which an X, which must be empty and where to move; every pattern is tried in the
; four turns of the board before the next pattern, so the table's order is the priority:
;   1. complete a line of O's (win);   2. block a line of X's;   3. take the centre;
;   4. against two opposite X corners around an O centre, take an edge (a corner loses);
;   5. block an X fork on a corner (X on the corner's row and column, both lines open);
;   6. the first empty corner, then the first empty edge.
                .MODEL  MEDIUM
                .386
                INCLUDE ttt.inc
                PUBLIC  HumanTurn, ComputerTurn, CheckWin
                EXTRN   board:BYTE

; A pattern: squares that must be O, must be X, must be empty, and the move (0, 1 or 8).
PATTERN         STRUCT
  mustO         WORD    ?
  mustX         WORD    ?
  mustEmpty     WORD    ?
  move          BYTE    ?
  spare         BYTE    0
PATTERN         ENDS

                .DATA
; Keys 1-9 (the numeric keypad: 7 8 9 on top, 1 2 3 at the bottom) to spiral squares.
keyToSquare     BYTE    6, 5, 4, 7, 8, 3, 0, 1, 2
; Keypad scan codes with NumLock off (Home Up PgUp / Left 5 Right / End Down PgDn) in key order 1-9.
keypadScans     BYTE    4Fh, 50h, 51h, 4Bh, 4Ch, 4Dh, 47h, 48h, 49h

patterns        PATTERN <SQ1+SQ2, 0, SQ0, 0>            ; win along the top row
                PATTERN <SQ7+SQ6, 0, SQ0, 0>            ; win down the left column
                PATTERN <SQ8+SQ4, 0, SQ0, 0>            ; win on the diagonal
                PATTERN <SQ0+SQ2, 0, SQ1, 1>            ; win in the middle of the top row
                PATTERN <SQ8+SQ5, 0, SQ1, 1>            ; win down the middle column
                PATTERN <SQ0+SQ4, 0, SQ8, 8>            ; win in the centre of a diagonal
                PATTERN <SQ1+SQ5, 0, SQ8, 8>            ; win in the centre of a middle line
                PATTERN <0, SQ1+SQ2, SQ0, 0>            ; block: the same seven lines of X's
                PATTERN <0, SQ7+SQ6, SQ0, 0>
                PATTERN <0, SQ8+SQ4, SQ0, 0>
                PATTERN <0, SQ0+SQ2, SQ1, 1>
                PATTERN <0, SQ8+SQ5, SQ1, 1>
                PATTERN <0, SQ0+SQ4, SQ8, 8>
                PATTERN <0, SQ1+SQ5, SQ8, 8>
                PATTERN <0, 0, SQ8, 8>                  ; the centre
                PATTERN <SQ8, SQ0+SQ4, SQ1, 1>          ; opposite corners: an edge
                PATTERN <SQ8, SQ1+SQ7, SQ0+SQ2+SQ6, 0>  ; X forks at corner 0: take it
                PATTERN <SQ8, SQ1+SQ6, SQ0+SQ2+SQ7, 0>
                PATTERN <SQ8, SQ2+SQ7, SQ0+SQ1+SQ6, 0>
                PATTERN <0, 0, SQ0, 0>                  ; the first empty corner
                PATTERN <0, 0, SQ1, 1>                  ; the first empty edge
PATTERN_COUNT   EQU     ($ - patterns) / SIZEOF PATTERN

                .CODE
; HumanTurn: waits for a key 1-9 (top row or keypad) naming an empty square and puts an x
; there; other keys and taken squares are ignored.  Returns AL = the square, or AL = 0FFh for Esc.
HumanTurn       PROC
                push    bx
                push    cx
                push    di
ReadKey:        mov     ah, 00h                 ; INT 16h 00h: AH = scan code, AL = ASCII
                int     16h
                cmp     al, 1Bh
                je      Quit
                cmp     al, '1'
                jb      TryKeypad
                cmp     al, '9'
                ja      ReadKey
                sub     al, '1'                 ; AL = key - 1
                jmp     HaveKey
TryKeypad:      mov     al, ah                  ; a keypad key without NumLock: look up its scan
                push    ds
                pop     es
                mov     di, OFFSET keypadScans
                mov     cx, 9
                cld
                repne   scasb
                jne     ReadKey
                mov     ax, di
                sub     ax, OFFSET keypadScans + 1
HaveKey:        xor     ah, ah
                mov     bx, ax
                mov     bl, keyToSquare[bx]
                cmp     board[bx], MARK_EMPTY
                jne     ReadKey                 ; taken: ignore
                mov     board[bx], MARK_HUMAN
                mov     al, bl
                jmp     Done
Quit:           mov     al, 0FFh
Done:           pop     di
                pop     cx
                pop     bx
                ret
HumanTurn       ENDP

; BoardBits: AL = a mark -> AX = the set of squares holding it (bit i = square i).
BoardBits       PROC    NEAR
                push    bx
                push    dx
                xor     dx, dx
                mov     bx, SQUARES - 1
NextSquare:     shl     dx, 1
                cmp     board[bx], al
                jne     NotHeld
                or      dx, 1
NotHeld:        dec     bx
                jns     NextSquare
                mov     ax, dx
                pop     dx
                pop     bx
                ret
BoardBits       ENDP

; ComputerTurn: puts an o on the square the patterns choose.  Returns AL = the square
; (0FFh when the board is full).
ComputerTurn    PROC
                push    bx
                push    cx
                push    dx
                push    si
                push    di
                push    bp
                mov     al, MARK_COMPUTER
                call    BoardBits
                mov     dx, ax                  ; DX = the O's
                mov     al, MARK_HUMAN
                call    BoardBits
                mov     bx, ax                  ; BX = the X's
                mov     si, OFFSET patterns
                mov     bp, PATTERN_COUNT
NextPattern:    xor     cx, cx                  ; CL = turns of the board so far
                push    bx
                push    dx
NextTurn:       mov     ax, dx                  ; O's where the pattern wants them?
                and     ax, (PATTERN PTR [si]).mustO
                cmp     ax, (PATTERN PTR [si]).mustO
                jne     NoMatch
                mov     ax, bx
                and     ax, (PATTERN PTR [si]).mustX
                cmp     ax, (PATTERN PTR [si]).mustX
                jne     NoMatch
                mov     ax, bx
                or      ax, dx
                test    ax, (PATTERN PTR [si]).mustEmpty
                jz      Match
NoMatch:        mov     al, bl                  ; turn both boards a quarter counter-clockwise
                ror     al, 2
                mov     bl, al
                mov     al, dl
                ror     al, 2
                mov     dl, al
                inc     cl
                cmp     cl, 4
                jb      NextTurn
                pop     dx
                pop     bx
                add     si, SIZEOF PATTERN
                dec     bp
                jnz     NextPattern
                mov     al, 0FFh                ; nothing empty
                jmp     Chosen
Match:          pop     dx
                pop     bx
                ; Square p of the turned board is square p + 2*turns of the real one; the centre
                ; stays where it is.
                mov     al, (PATTERN PTR [si]).move
                cmp     al, CENTRE
                je      Place
                shl     cl, 1
                add     al, cl
                and     al, 7
Place:          xor     ah, ah
                mov     di, ax
                mov     board[di], MARK_COMPUTER
Chosen:         pop     bp
                pop     di
                pop     si
                pop     dx
                pop     cx
                pop     bx
                ret
ComputerTurn    ENDP

                .DATA
; The eight lines as bit sets of spiral squares: rows, columns, diagonals.
winLines        WORD    SQ0+SQ1+SQ2, SQ7+SQ8+SQ3, SQ6+SQ5+SQ4
                WORD    SQ0+SQ7+SQ6, SQ1+SQ8+SQ5, SQ2+SQ3+SQ4
                WORD    SQ0+SQ8+SQ4, SQ2+SQ8+SQ6
LINE_COUNT      EQU     8

                .CODE
; CheckWin: AL = a mark -> CF = 1 when that mark fills one of the eight lines.
CheckWin        PROC
                push    bx
                push    cx
                push    dx
                call    BoardBits
                mov     dx, ax
                xor     bx, bx
                mov     cx, LINE_COUNT
NextLine:       mov     ax, dx
                and     ax, winLines[bx]
                cmp     ax, winLines[bx]
                je      Won
                add     bx, 2
                loop    NextLine
                clc
                jmp     Checked
Won:            stc
Checked:        pop     dx
                pop     cx
                pop     bx
                ret
CheckWin        ENDP
                END
