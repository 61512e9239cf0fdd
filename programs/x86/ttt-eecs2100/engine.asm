; ENGINE.ASM - the EECS 2100 tic-tac-toe game engine: the main loop.
; The player (X) moves first with the keys 1-9 laid out as the numeric keypad; the computer (O)
; answers with the pattern player of PLAYER.ASM.  After each move the board is redrawn in VGA
; mode 13h by gfx.lib and a sound is played (SOUND.ASM); the end of the game plays a fanfare if
; the player won and "wah wah" for a loss or a draw.  The state of the board is also written as
; text (INT 21h 09h) so that a transcript of the game can be checked:
;       Keypad 7X9/4O6/123        the keys as on the keypad, taken squares as X or O
; DOS exit code: 0 Esc, 1 the player won, 2 the computer won, 3 draw.  The program leaves the
; screen in mode 13h so that the final board stays visible.
                .MODEL  MEDIUM
                .386
                .STACK  400h
                INCLUDE ttt.inc
                INCLUDE gfx/gfx.inc
                EXTRN   HumanTurn:FAR, ComputerTurn:FAR, CheckWin:FAR
                EXTRN   SoundHumanMove:FAR, SoundComputerMove:FAR
                EXTRN   SoundWin:FAR, SoundLoseOrDraw:FAR
                PUBLIC  board

STATUS_ROW      EQU     21              ; text rows below the board (8-pixel rows)
MESSAGE_ROW     EQU     22

                .DATA
board           BYTE    SQUARES DUP (MARK_EMPTY)
movesMade       BYTE    0
; Where each spiral square is drawn: row and column.
squareRow       BYTE    0, 0, 0, 1, 2, 2, 2, 1, 1
squareColumn    BYTE    0, 1, 2, 2, 2, 1, 0, 0, 1
; The keys in keypad order (top row first) and the squares they name.
keypadOrder     BYTE    '789456123'
keypadSquares   BYTE    0, 1, 2, 7, 8, 3, 6, 5, 4

title1          BYTE    'EECS 2100  TIC-TAC-TOE', 0
title2          BYTE    'You are X: keypad 1-9', 0
keypadLine      BYTE    'Keypad ', 3 DUP ('?'), '/', 3 DUP ('?'), '/', 3 DUP ('?'), 13, 10, '$'
yourMove        BYTE    'Your move (Esc quits)', 13, 10, '$'
humanWon        BYTE    'You win!             ', 13, 10, '$'
computerWon     BYTE    'I win!               ', 13, 10, '$'
drawn           BYTE    'Draw.                ', 13, 10, '$'
quitting        BYTE    'Bye.                 ', 13, 10, '$'

                .CODE
Main            PROC
                mov     ax, @data
                mov     ds, ax
                mov     es, ax
                mov     al, 13h
                call    GfxSetMode
                mov     al, COLOUR_SCREEN
                call    GfxClear
                mov     dx, 0009h               ; row 0, column 9
                mov     bl, COLOUR_TITLE
                mov     si, OFFSET title1
                call    GfxPrint
                mov     dx, 0109h
                mov     bl, COLOUR_STATUS
                mov     si, OFFSET title2
                call    GfxPrint
                call    GfxDrawGrid

CoreLoop:       call    ShowBoardText
                mov     dx, OFFSET yourMove
                call    ShowMessage
                call    HumanTurn               ; AL = the square taken
                cmp     al, 0FFh
                je      Quit
                mov     ah, MARK_HUMAN
                call    DrawMark
                call    SoundHumanMove
                inc     movesMade
                mov     al, MARK_HUMAN
                call    CheckWin
                jc      HumanWins
                cmp     movesMade, SQUARES
                je      Draw
                call    ComputerTurn
                mov     ah, MARK_COMPUTER
                call    DrawMark
                call    SoundComputerMove
                inc     movesMade
                mov     al, MARK_COMPUTER
                call    CheckWin
                jc      ComputerWins
                cmp     movesMade, SQUARES
                je      Draw
                jmp     CoreLoop

HumanWins:      mov     dx, OFFSET humanWon
                mov     bl, EXIT_HUMAN
                call    ShowBoardText
                call    ShowMessage
                call    SoundWin
                jmp     Leave
ComputerWins:   mov     dx, OFFSET computerWon
                mov     bl, EXIT_COMPUTER
                jmp     LostOrDrawn
Draw:           mov     dx, OFFSET drawn
                mov     bl, EXIT_DRAW
LostOrDrawn:    call    ShowBoardText
                call    ShowMessage
                call    SoundLoseOrDraw
                jmp     Leave
Quit:           mov     dx, OFFSET quitting
                mov     bl, EXIT_QUIT
                call    ShowMessage
Leave:          mov     al, bl
                mov     ah, 4Ch
                int     21h
Main            ENDP

; DrawMark: AL = square, AH = its mark: draws the mark in its cell.
DrawMark        PROC    NEAR
                push    bx
                xor     bh, bh
                mov     bl, al
                cmp     ah, MARK_HUMAN
                mov     al, squareRow[bx]
                mov     ah, squareColumn[bx]
                je      DrawAnX
                call    GfxDrawO
                pop     bx
                ret
DrawAnX:        call    GfxDrawX
                pop     bx
                ret
DrawMark        ENDP

; ShowMessage: DX = a $-string, written by DOS on the message row.
ShowMessage     PROC    NEAR
                push    dx
                mov     dx, MESSAGE_ROW * 256 + 9
                call    GfxCursor
                pop     dx
                mov     ah, 09h
                int     21h
                ret
ShowMessage     ENDP

; ShowBoardText: writes "Keypad 789/456/123" with the taken squares as X and O on the status row.
ShowBoardText   PROC    NEAR
                push    bx
                push    cx
                push    dx
                push    si
                push    di
                mov     si, 0                   ; SI = position in keypad order
                mov     di, OFFSET keypadLine + 7
NextKey:        mov     bl, keypadSquares[si]
                xor     bh, bh
                mov     al, board[bx]
                cmp     al, MARK_EMPTY
                jne     Taken
                mov     al, keypadOrder[si]
                jmp     PutKey
Taken:          sub     al, 'a' - 'A'           ; upper case
PutKey:         mov     [di], al
                inc     di
                inc     si
                cmp     si, 3
                je      Slash
                cmp     si, 6
                jne     NoSlash
Slash:          inc     di                      ; step over the '/'
NoSlash:        cmp     si, SQUARES
                jb      NextKey
                mov     dx, STATUS_ROW * 256 + 9
                call    GfxCursor
                mov     dx, OFFSET keypadLine
                mov     ah, 09h
                int     21h
                pop     di
                pop     si
                pop     dx
                pop     cx
                pop     bx
                ret
ShowBoardText   ENDP
                END     Main
