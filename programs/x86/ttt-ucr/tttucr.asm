; TTTUCR.ASM - tic-tac-toe on asmlab's UCR Standard Library (docs/ucrlib.md), in Randall Hyde's
; style: the board is a 9-character string, and the computer's knowledge is in tables (the eight
; lines of the board, the order in which it prefers empty squares).  The player is X and moves
; first by typing 1-9 (squares numbered row by row); Q quits.  The computer (O) never loses:
;   1. complete a line of its own;  2. block a line of the player's;
;   3. if the player has a fork square (one empty square that would give two open lines), make
;      a line of two that forces the player to block on a square that is not a fork square, or
;      else take the fork square itself;
;   4. otherwise the first empty square of Prefer (centre, corners, sides).
; Exit code: 0 quit, 1 the player won, 2 the computer won, 3 draw.

                include ucrlib.a

dseg            segment para public 'data'

                public  Board                   ; named by the grading spec (asmlab.yaml)
Board           byte    9 dup (' '), 0          ; the squares, row by row, as a string

; Lines: the eight lines of the board as triples of square numbers.
Lines           byte    0, 1, 2,  3, 4, 5,  6, 7, 8     ; rows
                byte    0, 3, 6,  1, 4, 7,  2, 5, 8     ; columns
                byte    0, 4, 8,  2, 4, 6               ; diagonals
LineCnt         =       ($-Lines)/3

; Prefer: where the computer moves when nothing is urgent.
Prefer          byte    4, 0, 2, 6, 8, 1, 3, 5, 7

Moves           word    0                       ; squares filled so far

dseg            ends

cseg            segment para public 'code'
                assume  cs:cseg, ds:dseg

; LineStats: SI = a line, AL = a player's mark.  DL = squares of the line holding AL, DH = empty
; squares of the line.
LineStats       proc    near
                push    ax
                push    bx
                push    cx
                push    si
                xor     dx, dx
                mov     cx, 3
LSLoop:         mov     bl, [si]
                mov     bh, 0
                mov     ah, Board[bx]
                cmp     ah, al
                jne     LSNotOwn
                inc     dl
LSNotOwn:       cmp     ah, ' '
                jne     LSNext
                inc     dh
LSNext:         inc     si
                loop    LSLoop
                pop     si
                pop     cx
                pop     bx
                pop     ax
                ret
LineStats       endp

; OnLine: ZF set when square BL is one of the three of line SI.
OnLine          proc    near
                cmp     bl, [si]
                je      OLDone
                cmp     bl, [si+1]
                je      OLDone
                cmp     bl, [si+2]
OLDone:         ret
OnLine          endp

; CountLines: AH = how many lines through square BX hold CL of player AL's marks and CH empty
; squares.
CountLines      proc    near
                push    dx
                push    si
                push    di
                lea     si, Lines
                mov     di, LineCnt
                mov     ah, 0
CLLoop:         call    OnLine
                jne     CLNext
                call    LineStats
                cmp     dx, cx          ; DL owned = CL, DH empty = CH
                jne     CLNext
                inc     ah
CLNext:         add     si, 3
                dec     di
                jnz     CLLoop
                pop     di
                pop     si
                pop     dx
                ret
CountLines      endp

; Completing: CF set and BX = the first empty square where player AL completes a line.
Completing      proc    near
                push    cx
                mov     cx, 0102h       ; two of AL's marks and one empty square (this one)
                mov     bx, 0
CPLoop:         cmp     Board[bx], ' '
                jne     CPNext
                push    ax
                call    CountLines
                or      ah, ah
                pop     ax
                jnz     CPFound
CPNext:         inc     bx
                cmp     bx, 9
                jb      CPLoop
                clc
                pop     cx
                ret
CPFound:        stc
                pop     cx
                ret
Completing      endp

; ForkSquare: CF set and BX = the first empty square where player AL would open two lines.
ForkSquare      proc    near
                push    cx
                mov     cx, 0201h       ; one of AL's marks and two empty squares
                mov     bx, 0
FSLoop:         cmp     Board[bx], ' '
                jne     FSNext
                push    ax
                call    CountLines
                cmp     ah, 2
                pop     ax
                jae     FSFound
FSNext:         inc     bx
                cmp     bx, 9
                jb      FSLoop
                clc
                pop     cx
                ret
FSFound:        stc
                pop     cx
                ret
ForkSquare      endp

; OtherEmpty: SI = a line with two empty squares, BL = one of them; BX = the other.
OtherEmpty      proc    near
                push    ax
                push    si
                mov     al, bl
OELoop:         mov     bl, [si]
                mov     bh, 0
                inc     si
                cmp     bl, al
                je      OELoop
                cmp     Board[bx], ' '
                jne     OELoop
                pop     si
                pop     ax
                ret
OtherEmpty      endp

; ForcingMove: CF set and BX = an empty square that gives O a line of two whose remaining
; square (where X must block) is not a fork square for X.
ForcingMove     proc    near
                push    ax
                push    cx
                push    dx
                push    si
                push    di
                mov     bx, 0
FMSquare:       cmp     Board[bx], ' '
                jne     FMNextSq
                lea     si, Lines
                mov     di, LineCnt
FMLine:         call    OnLine
                jne     FMNextLine
                mov     al, 'O'
                call    LineStats
                cmp     dx, 0201h       ; one O, two empty squares
                jne     FMNextLine
                push    bx
                call    OtherEmpty      ; BX = where X would have to block
                mov     al, 'X'
                mov     cx, 0201h
                call    CountLines      ; AH = lines X would open there
                pop     bx
                cmp     ah, 2
                jb      FMFound
FMNextLine:     add     si, 3
                dec     di
                jnz     FMLine
FMNextSq:       inc     bx
                cmp     bx, 9
                jb      FMSquare
                clc
                jmp     FMDone
FMFound:        stc
FMDone:         pop     di
                pop     si
                pop     dx
                pop     cx
                pop     ax
                ret
ForcingMove     endp

; ComputerMove: puts an O by the rules at the top of the file.
ComputerMove    proc    near
                push    ax
                push    bx
                push    si
                mov     al, 'O'
                call    Completing
                jc      Place
                mov     al, 'X'
                call    Completing
                jc      Place
                mov     al, 'X'
                call    ForkSquare
                jnc     Preferred
                push    bx              ; the fork square, taken if no forcing move exists
                call    ForcingMove
                jc      Forced
                pop     bx
                jmp     Place
Forced:         add     sp, 2
                jmp     Place
Preferred:      lea     si, Prefer
PrefLoop:       mov     bl, [si]
                mov     bh, 0
                inc     si
                cmp     Board[bx], ' '
                jne     PrefLoop
Place:          mov     Board[bx], 'O'
                pop     si
                pop     bx
                pop     ax
                ret
ComputerMove    endp

; HasLine: CF set when player AL holds a whole line.
HasLine         proc    near
                push    cx
                push    dx
                push    si
                lea     si, Lines
                mov     cx, LineCnt
HLLoop:         call    LineStats
                cmp     dl, 3
                je      HLYes
                add     si, 3
                loop    HLLoop
                clc
                jmp     HLDone
HLYes:          stc
HLDone:         pop     si
                pop     dx
                pop     cx
                ret
HasLine         endp

; ShowCell: writes square BX (its mark, or its key 1-9 when empty) and moves BX on.
ShowCell        proc    near
                putc    ' '
                mov     al, Board[bx]
                cmp     al, ' '
                jne     SCPut
                mov     al, bl
                add     al, '1'
SCPut:          putc
                putc    ' '
                inc     bx
                ret
ShowCell        endp

ShowBoard       proc    near
                push    ax
                push    bx
                putcr
                mov     bx, 0
SBRow:          call    ShowCell
                putc    '|'
                call    ShowCell
                putc    '|'
                call    ShowCell
                putcr
                cmp     bx, 9
                jae     SBDone
                print   "---+---+---",nl
                jmp     SBRow
SBDone:         pop     bx
                pop     ax
                ret
ShowBoard       endp

; GetMove: reads keys until an empty square's 1-9 (or Q), echoes it and puts an X there.
GetMove         proc    near
                push    ax
                push    bx
                print   "Your move: "
                jmp     ReadKey
Refuse:         putc    Bell
ReadKey:        rawgetc
                tolower
                cmp     al, 'q'
                je      QuitGame
                cmp     al, '1'
                jb      Refuse
                cmp     al, '9'
                ja      Refuse
                mov     bl, al
                sub     bl, '1'
                mov     bh, 0
                cmp     Board[bx], ' '
                jne     Refuse
                putc
                putcr
                mov     Board[bx], 'X'
                pop     bx
                pop     ax
                ret
QuitGame:       putc
                print   nl,"Goodbye.",nl
                mov     al, 0
                ExitPgm
GetMove         endp

Main            proc
                mov     ax, dseg
                mov     ds, ax
                mov     es, ax
                print   "Tic-tac-toe. You are X and I am O; type 1-9 to move, Q to quit.",nl
NextTurn:       call    ShowBoard
                call    GetMove
                inc     Moves
                mov     al, 'X'
                call    HasLine
                jc      YouWin
                cmp     Moves, 9
                je      Draw
                call    ComputerMove
                inc     Moves
                mov     al, 'O'
                call    HasLine
                jc      IWin
                jmp     NextTurn

YouWin:         call    ShowBoard
                print   nl,"You win!",nl
                mov     al, 1
                ExitPgm
IWin:           call    ShowBoard
                print   nl,"I win!",nl
                mov     al, 2
                ExitPgm
Draw:           call    ShowBoard
                print   nl,"Draw.",nl
                mov     al, 3
                ExitPgm
Main            endp

cseg            ends

sseg            segment para stack 'stack'
                word    256 dup (?)
sseg            ends

                end     Main
