; ttt.asm -- tic-tac-toe for the LC-3: you (X) against the computer (O)  (asmlab example program)
;
; The computer scores every empty square by the runs of three that pass through it (the
; "goodness" idea: a run where it already has two marks means a win, a run where you have two
; means a block, runs with one mark or none are strategic), and vetoes a square when playing it
; would let you set up a fork (two threats at once) next move. It never loses; asmlab.yaml checks
; that by exhaustive play over every sequence of your moves.
;
; Devices are driven directly (Patt & Patel, 2nd ed., ch. 8 and 10):
; - keyboard: our own interrupt service routine KEYBOARD_ISR, installed at vector x80 of the
;   interrupt vector table (x0180), enabled with KBSR bit 14; it queues each key in a ring buffer.
; - display: PUT_CHAR polls DSR bit 15 and writes DDR; no output trap is used.
; The program writes the vector table and the device registers itself, so it is built for the
; 2nd-edition machine (no access control); only HALT is requested from the OS.
;
; Squares are numbered 1-9, row by row (1 2 3 on top); BOARD holds nine words ' ', 'X' or 'O'.

        .ORIG x3000

START           LD R6, STACK_TOP_PTR    ; our own stack: an interrupt in supervisor mode uses R6
                JSR INSTALL_KEYBOARD
                LD R0, MSG_TITLE_PTR
                JSR PUT_STRING
                JSR PRINT_BOARD         ; the empty board shows the square numbers
ASK_FIRST       LD R0, MSG_FIRST_PTR
                JSR PUT_STRING
                JSR GET_KEY
                JSR PUT_CHAR
                JSR PUT_NEWLINE
                LD R1, NEG_LOWER_Y
                ADD R1, R0, R1
                BRz HUMAN_TURN
                ADD R1, R1, #-16        ; 'y' - 'Y' = 32
                ADD R1, R1, #-16
                BRz HUMAN_TURN
                LD R1, NEG_LOWER_N
                ADD R1, R0, R1
                BRz COMPUTER_TURN
                ADD R1, R1, #-16
                ADD R1, R1, #-16
                BRz COMPUTER_TURN
                BR ASK_FIRST

HUMAN_TURN      JSR PRINT_BOARD
ASK_MOVE        LD R0, MSG_YOUR_MOVE_PTR
                JSR PUT_STRING
                JSR GET_KEY
                JSR PUT_CHAR
                JSR PUT_NEWLINE
                LD R1, NEG_CHAR_ONE
                ADD R1, R0, R1          ; R1 <- square index if R0 is '1'-'9'
                BRn BAD_SQUARE
                ADD R2, R1, #-8
                BRp BAD_SQUARE
                LEA R2, BOARD
                ADD R2, R2, R1
                LDR R3, R2, #0
                LD R4, NEG_SPACE
                ADD R3, R3, R4
                BRnp SQUARE_TAKEN
                LD R3, MARK_X
                STR R3, R2, #0
                JSR COUNT_MOVE
                ADD R0, R3, #0          ; R0 <- 'X', R1 = square
                JSR WON_AT
                ADD R0, R0, #0
                BRp HUMAN_WON
                LD R0, MOVES_MADE
                ADD R0, R0, #-9
                BRz GAME_DRAWN

COMPUTER_TURN   JSR CHOOSE_SQUARE       ; R1 <- square
                LEA R2, BOARD
                ADD R2, R2, R1
                LD R0, MARK_O
                STR R0, R2, #0
                JSR COUNT_MOVE
                LD R0, MSG_I_PLAY_PTR
                JSR PUT_STRING
                LD R0, CHAR_ONE
                ADD R0, R0, R1
                JSR PUT_CHAR
                LD R0, CHAR_PERIOD
                JSR PUT_CHAR
                JSR PUT_NEWLINE
                LD R0, MARK_O
                JSR WON_AT
                ADD R0, R0, #0
                BRp COMPUTER_WON
                LD R0, MOVES_MADE
                ADD R0, R0, #-9
                BRz GAME_DRAWN
                BR HUMAN_TURN

BAD_SQUARE      LD R0, MSG_BAD_SQUARE_PTR
                JSR PUT_STRING
                BR ASK_MOVE
SQUARE_TAKEN    LD R0, MSG_TAKEN_PTR
                JSR PUT_STRING
                BR ASK_MOVE

HUMAN_WON       LD R1, MSG_YOU_WIN_PTR
                BR GAME_OVER
COMPUTER_WON    LD R1, MSG_I_WIN_PTR
                BR GAME_OVER
GAME_DRAWN      LD R1, MSG_DRAW_PTR
GAME_OVER       JSR PRINT_BOARD
                ADD R0, R1, #0
                JSR PUT_STRING
                AND R0, R0, #0
                STI R0, KBSR_PTR        ; keyboard interrupts off before leaving
                HALT

; COUNT_MOVE: one more mark is on the board. Preserves all registers.
COUNT_MOVE      ST R0, CM_SAVE_R0
                LD R0, MOVES_MADE
                ADD R0, R0, #1
                ST R0, MOVES_MADE
                LD R0, CM_SAVE_R0
                RET
CM_SAVE_R0      .BLKW 1

STACK_TOP_PTR   .FILL STACK_TOP
KBSR_PTR        .FILL xFE00
NEG_LOWER_Y     .FILL #-121             ; -'y'
NEG_LOWER_N     .FILL #-110             ; -'n'
NEG_CHAR_ONE    .FILL #-49              ; -'1'
CHAR_ONE        .FILL x0031
CHAR_PERIOD     .FILL x002E
NEG_SPACE       .FILL #-32
MARK_X          .FILL x0058
MARK_O          .FILL x004F
NEG_MARK_X      .FILL #-88
NEG_MARK_O      .FILL #-79
MOVES_MADE      .FILL #0
MSG_TITLE_PTR       .FILL MSG_TITLE
MSG_FIRST_PTR       .FILL MSG_FIRST
MSG_YOUR_MOVE_PTR   .FILL MSG_YOUR_MOVE
MSG_I_PLAY_PTR      .FILL MSG_I_PLAY
MSG_BAD_SQUARE_PTR  .FILL MSG_BAD_SQUARE
MSG_TAKEN_PTR       .FILL MSG_TAKEN
MSG_YOU_WIN_PTR     .FILL MSG_YOU_WIN
MSG_I_WIN_PTR       .FILL MSG_I_WIN
MSG_DRAW_PTR        .FILL MSG_DRAW

BOARD           .FILL x0020             ; squares 1-9, row by row
                .FILL x0020
                .FILL x0020
                .FILL x0020
                .FILL x0020
                .FILL x0020
                .FILL x0020
                .FILL x0020
                .FILL x0020

; The eight runs of three, as cell indices (rows, columns, diagonals).
RUN_CELLS       .FILL #0
                .FILL #1
                .FILL #2
                .FILL #3
                .FILL #4
                .FILL #5
                .FILL #6
                .FILL #7
                .FILL #8
                .FILL #0
                .FILL #3
                .FILL #6
                .FILL #1
                .FILL #4
                .FILL #7
                .FILL #2
                .FILL #5
                .FILL #8
                .FILL #0
                .FILL #4
                .FILL #8
                .FILL #2
                .FILL #4
                .FILL #6

; For each square, the runs through it (as offsets into RUN_CELLS), ended by -1; five words each.
SQUARE_RUNS     .FILL #0                ; square 1: top row, left column, main diagonal
                .FILL #9
                .FILL #18
                .FILL #-1
                .FILL #-1
                .FILL #0                ; square 2: top row, middle column
                .FILL #12
                .FILL #-1
                .FILL #-1
                .FILL #-1
                .FILL #0                ; square 3: top row, right column, anti-diagonal
                .FILL #15
                .FILL #21
                .FILL #-1
                .FILL #-1
                .FILL #3                ; square 4: middle row, left column
                .FILL #9
                .FILL #-1
                .FILL #-1
                .FILL #-1
                .FILL #3                ; square 5: middle row, middle column, both diagonals
                .FILL #12
                .FILL #18
                .FILL #21
                .FILL #-1
                .FILL #3                ; square 6: middle row, right column
                .FILL #15
                .FILL #-1
                .FILL #-1
                .FILL #-1
                .FILL #6                ; square 7: bottom row, left column, anti-diagonal
                .FILL #9
                .FILL #21
                .FILL #-1
                .FILL #-1
                .FILL #6                ; square 8: bottom row, middle column
                .FILL #12
                .FILL #-1
                .FILL #-1
                .FILL #-1
                .FILL #6                ; square 9: bottom row, right column, main diagonal
                .FILL #15
                .FILL #18
                .FILL #-1
                .FILL #-1

; Goodness of one run through an empty square, indexed by 3*(X marks) + (O marks) in the run.
RUN_VALUE       .FILL #1                ; empty run: some use
                .FILL #3                ; one O: build on it
                .FILL #100              ; two O: the computer wins here
                .FILL #2                ; one X: get in the way
                .FILL #0                ; X and O: dead
                .FILL #0                ; (impossible)
                .FILL #20               ; two X: must block

; The order in which equally good squares are preferred: centre, corners, edges.
SQUARE_ORDER    .FILL #4
                .FILL #0
                .FILL #2
                .FILL #6
                .FILL #8
                .FILL #1
                .FILL #3
                .FILL #5
                .FILL #7

; ---------------------------------------------------------------------------------------------
; RUN_TALLY: R1 = offset of a run in RUN_CELLS. Out: R2 = X marks in it, R3 = O marks.
; Preserves the other registers.
; ---------------------------------------------------------------------------------------------
RUN_TALLY       ST R0, RT_SAVE_R0
                ST R4, RT_SAVE_R4
                ST R5, RT_SAVE_R5
                ST R7, RT_SAVE_R7
                AND R2, R2, #0
                AND R3, R3, #0
                LEA R4, RUN_CELLS
                ADD R4, R4, R1
                AND R5, R5, #0
                ADD R5, R5, #3
RT_LOOP         LDR R0, R4, #0          ; cell index
                LEA R7, BOARD
                ADD R7, R7, R0
                LDR R0, R7, #0          ; its mark
                LD R7, NEG_MARK_X
                ADD R7, R0, R7
                BRnp RT_NOT_X
                ADD R2, R2, #1
                BR RT_NEXT
RT_NOT_X        LD R7, NEG_MARK_O
                ADD R7, R0, R7
                BRnp RT_NEXT
                ADD R3, R3, #1
RT_NEXT         ADD R4, R4, #1
                ADD R5, R5, #-1
                BRp RT_LOOP
                LD R0, RT_SAVE_R0
                LD R4, RT_SAVE_R4
                LD R5, RT_SAVE_R5
                LD R7, RT_SAVE_R7
                RET
RT_SAVE_R0      .BLKW 1
RT_SAVE_R4      .BLKW 1
RT_SAVE_R5      .BLKW 1
RT_SAVE_R7      .BLKW 1

; ---------------------------------------------------------------------------------------------
; COUNT_MARKS: R1 = an empty square (0-8). Out: R0 = its goodness for O, the sum of RUN_VALUE
; over the runs through it. Preserves the other registers.
; ---------------------------------------------------------------------------------------------
COUNT_MARKS     ST R1, CK_SAVE_R1
                ST R2, CK_SAVE_R2
                ST R3, CK_SAVE_R3
                ST R4, CK_SAVE_R4
                ST R7, CK_SAVE_R7
                AND R0, R0, #0
                ADD R4, R1, R1
                ADD R4, R4, R4
                ADD R4, R4, R1          ; 5 * square
                LEA R2, SQUARE_RUNS
                ADD R4, R4, R2
CK_LOOP         LDR R1, R4, #0
                BRn CK_DONE
                JSR RUN_TALLY
                ADD R7, R2, R2
                ADD R7, R7, R2
                ADD R7, R7, R3          ; 3*X + O
                LEA R2, RUN_VALUE
                ADD R7, R7, R2
                LDR R7, R7, #0
                ADD R0, R0, R7
                ADD R4, R4, #1
                BR CK_LOOP
CK_DONE         LD R1, CK_SAVE_R1
                LD R2, CK_SAVE_R2
                LD R3, CK_SAVE_R3
                LD R4, CK_SAVE_R4
                LD R7, CK_SAVE_R7
                RET
CK_SAVE_R1      .BLKW 1
CK_SAVE_R2      .BLKW 1
CK_SAVE_R3      .BLKW 1
CK_SAVE_R4      .BLKW 1
CK_SAVE_R7      .BLKW 1

; ---------------------------------------------------------------------------------------------
; MARKS_ON_RUNS: R0 = a mark ('X' or 'O'), R1 = a square, R2 = a number n.
; Out: R0 = 1 if some run through the square holds n of that mark, else 0. Preserves the rest.
; WON_AT (n = 3, after a move) and WINS_AT (n = 2, an empty square) are its two uses.
; ---------------------------------------------------------------------------------------------
WON_AT          ST R2, WA_SAVE_R2
                ST R7, WA_SAVE_R7
                AND R2, R2, #0
                ADD R2, R2, #3
                JSR MARKS_ON_RUNS
                LD R2, WA_SAVE_R2
                LD R7, WA_SAVE_R7
                ADD R0, R0, #0          ; condition codes follow the result
                RET
WA_SAVE_R2      .BLKW 1
WA_SAVE_R7      .BLKW 1

MARKS_ON_RUNS   ST R1, MR_SAVE_R1
                ST R2, MR_SAVE_R2
                ST R3, MR_SAVE_R3
                ST R4, MR_SAVE_R4
                ST R5, MR_SAVE_R5
                ST R7, MR_SAVE_R7
                NOT R5, R2
                ADD R5, R5, #1          ; R5 <- -n
                LD R2, NEG_MARK_X
                ADD R0, R0, R2
                ST R0, MR_WANT_O        ; zero when counting X, else counting O
                ADD R4, R1, R1
                ADD R4, R4, R4
                ADD R4, R4, R1
                LEA R2, SQUARE_RUNS
                ADD R4, R4, R2
                AND R0, R0, #0
MR_LOOP         LDR R1, R4, #0
                BRn MR_DONE
                JSR RUN_TALLY
                LD R7, MR_WANT_O
                BRz MR_COMPARE
                ADD R2, R3, #0          ; the O count
MR_COMPARE      ADD R2, R2, R5
                BRz MR_FOUND
                ADD R4, R4, #1
                BR MR_LOOP
MR_FOUND        ADD R0, R0, #1
MR_DONE         LD R1, MR_SAVE_R1
                LD R2, MR_SAVE_R2
                LD R3, MR_SAVE_R3
                LD R4, MR_SAVE_R4
                LD R5, MR_SAVE_R5
                LD R7, MR_SAVE_R7
                ADD R0, R0, #0
                RET
MR_WANT_O       .BLKW 1
MR_SAVE_R1      .BLKW 1
MR_SAVE_R2      .BLKW 1
MR_SAVE_R3      .BLKW 1
MR_SAVE_R4      .BLKW 1
MR_SAVE_R5      .BLKW 1
MR_SAVE_R7      .BLKW 1

; ---------------------------------------------------------------------------------------------
; THREATS: R0 = a mark. Out: R0 = number of empty squares where that mark would complete a run
; now, R1 = the last of them (-1 if none). Preserves the rest.
; ---------------------------------------------------------------------------------------------
THREATS         ST R2, TH_SAVE_R2
                ST R3, TH_SAVE_R3
                ST R4, TH_SAVE_R4
                ST R5, TH_SAVE_R5
                ST R7, TH_SAVE_R7
                ADD R5, R0, #0          ; the mark
                AND R4, R4, #0          ; squares found
                AND R3, R3, #0
                ADD R3, R3, #-1         ; last square found
                AND R1, R1, #0          ; square
TH_LOOP         LD R2, TH_BOARD
                ADD R2, R2, R1
                LDR R2, R2, #0
                LD R0, NEG_SPACE
                ADD R2, R2, R0
                BRnp TH_NEXT
                ADD R0, R5, #0
                AND R2, R2, #0
                ADD R2, R2, #2
                JSR MARKS_ON_RUNS
                BRz TH_NEXT
                ADD R4, R4, #1
                ADD R3, R1, #0
TH_NEXT         ADD R1, R1, #1
                ADD R0, R1, #-9
                BRn TH_LOOP
                ADD R0, R4, #0
                ADD R1, R3, #0
                LD R2, TH_SAVE_R2
                LD R3, TH_SAVE_R3
                LD R4, TH_SAVE_R4
                LD R5, TH_SAVE_R5
                LD R7, TH_SAVE_R7
                ADD R0, R0, #0
                RET
TH_SAVE_R2      .BLKW 1
TH_SAVE_R3      .BLKW 1
TH_SAVE_R4      .BLKW 1
TH_SAVE_R5      .BLKW 1
TH_SAVE_R7      .BLKW 1
TH_BOARD        .FILL BOARD

; ---------------------------------------------------------------------------------------------
; IS_SAFE: R1 = an empty square. Out: R0 = 1 if O may play there without losing to a fork:
; O wins at once; or O then threatens two squares; or O threatens one square and X, forced to
; block it, does not get two threats; or O threatens nothing and no X reply makes two X threats.
; R0 = 0 also when X could win at once afterwards. The board is left as it was.
; ---------------------------------------------------------------------------------------------
IS_SAFE         ST R1, SF_SAVE_R1
                ST R2, SF_SAVE_R2
                ST R3, SF_SAVE_R3
                ST R4, SF_SAVE_R4
                ST R7, SF_SAVE_R7
                LD R2, SF_BOARD
                ADD R2, R2, R1          ; R2 <- address of the square tried
                LD R0, SF_MARK_O
                STR R0, R2, #0
                JSR WON_AT
                BRp SF_SAFE
                LD R0, SF_MARK_X
                JSR THREATS
                BRp SF_UNSAFE           ; X would win next move
                LD R0, SF_MARK_O
                JSR THREATS             ; R1 <- the square O threatens
                ADD R0, R0, #-1
                BRp SF_SAFE             ; two threats: O wins next move
                BRn SF_QUIET
                LD R3, SF_BOARD           ; X must block at R1
                ADD R3, R3, R1
                LD R0, SF_MARK_X
                STR R0, R3, #0
                JSR THREATS
                LD R1, MARK_SPACE
                STR R1, R3, #0
                ADD R0, R0, #-2
                BRn SF_SAFE
                BR SF_UNSAFE
SF_QUIET        AND R1, R1, #0          ; try every X reply
                LD R3, SF_BOARD
SF_REPLY_LOOP   LDR R0, R3, #0
                LD R4, SF_NEG_SPACE
                ADD R0, R0, R4
                BRnp SF_REPLY_NEXT
                LD R0, SF_MARK_X
                STR R0, R3, #0
                ST R1, SF_REPLY
                JSR THREATS
                LD R1, SF_REPLY
                LD R4, MARK_SPACE
                STR R4, R3, #0
                ADD R0, R0, #-2
                BRzp SF_UNSAFE
SF_REPLY_NEXT   ADD R3, R3, #1
                ADD R1, R1, #1
                ADD R0, R1, #-9
                BRn SF_REPLY_LOOP
SF_SAFE         AND R0, R0, #0
                ADD R0, R0, #1
                BR SF_DONE
SF_UNSAFE       AND R0, R0, #0
SF_DONE         LD R1, MARK_SPACE
                STR R1, R2, #0          ; take the trial O back
                LD R1, SF_SAVE_R1
                LD R2, SF_SAVE_R2
                LD R3, SF_SAVE_R3
                LD R4, SF_SAVE_R4
                LD R7, SF_SAVE_R7
                ADD R0, R0, #0
                RET
SF_REPLY        .BLKW 1
SF_SAVE_R1      .BLKW 1
SF_SAVE_R2      .BLKW 1
SF_SAVE_R3      .BLKW 1
SF_SAVE_R4      .BLKW 1
SF_SAVE_R7      .BLKW 1
MARK_SPACE      .FILL x0020
SF_BOARD        .FILL BOARD
SF_MARK_O       .FILL x004F
SF_MARK_X       .FILL x0058
SF_NEG_SPACE    .FILL #-32

; ---------------------------------------------------------------------------------------------
; CHOOSE_SQUARE: Out: R1 = the empty square O plays: the best goodness among safe squares (an
; unsafe square loses 1000 points), ties going to the first in SQUARE_ORDER. Preserves the rest.
; ---------------------------------------------------------------------------------------------
CHOOSE_SQUARE   ST R0, CS_SAVE_R0
                ST R2, CS_SAVE_R2
                ST R3, CS_SAVE_R3
                ST R4, CS_SAVE_R4
                ST R5, CS_SAVE_R5
                ST R7, CS_SAVE_R7
                LD R3, CS_WORST         ; best score so far
                LEA R4, SQUARE_ORDER
                ST R4, CS_ORDER_POS
                AND R4, R4, #0
                ADD R4, R4, #9
                ST R4, CS_LEFT          ; squares still to look at
CS_LOOP         LD R4, CS_ORDER_POS
                LDR R1, R4, #0          ; candidate square
                LD R2, CS_BOARD
                ADD R2, R2, R1
                LDR R2, R2, #0
                LD R0, CS_NEG_SPACE
                ADD R2, R2, R0
                BRnp CS_NEXT
                JSR COUNT_MARKS
                ADD R2, R0, #0          ; R2 <- goodness
                JSR IS_SAFE
                BRp CS_COMPARE
                LD R0, CS_VETO
                ADD R2, R2, R0
CS_COMPARE      NOT R0, R3
                ADD R0, R0, #1
                ADD R0, R2, R0          ; score - best
                BRnz CS_NEXT
                ADD R3, R2, #0
                ADD R5, R1, #0
CS_NEXT         LD R4, CS_ORDER_POS
                ADD R4, R4, #1
                ST R4, CS_ORDER_POS
                LD R4, CS_LEFT
                ADD R4, R4, #-1
                ST R4, CS_LEFT
                BRp CS_LOOP
                ADD R1, R5, #0
                LD R0, CS_SAVE_R0
                LD R2, CS_SAVE_R2
                LD R3, CS_SAVE_R3
                LD R4, CS_SAVE_R4
                LD R5, CS_SAVE_R5
                LD R7, CS_SAVE_R7
                RET
CS_WORST        .FILL #-2000
CS_VETO         .FILL #-1000
CS_ORDER_POS    .BLKW 1
CS_LEFT         .BLKW 1
CS_NEG_SPACE    .FILL #-32
CS_SAVE_R0      .BLKW 1
CS_SAVE_R2      .BLKW 1
CS_SAVE_R3      .BLKW 1
CS_SAVE_R4      .BLKW 1
CS_SAVE_R5      .BLKW 1
CS_SAVE_R7      .BLKW 1
CS_BOARD        .FILL BOARD

; ---------------------------------------------------------------------------------------------
; Keyboard: KEYBOARD_ISR queues keys in KEY_QUEUE (16 words, at most 15 keys); GET_KEY takes them
; out. When the queue fills up the ISR turns the keyboard interrupt off, so no key is lost and a
; pending key cannot interrupt forever; GET_KEY turns it back on after making room.
; ---------------------------------------------------------------------------------------------
; INSTALL_KEYBOARD: puts KEYBOARD_ISR in the interrupt vector table (vector x80 at x0180) and
; sets KBSR bit 14 (interrupt enable). Preserves all registers.
INSTALL_KEYBOARD ST R0, IK_SAVE_R0
                LD R0, ISR_ADDRESS
                STI R0, KEYBOARD_VECTOR_PTR
                LD R0, KBSR_INTERRUPT_ENABLE
                STI R0, KBSR_ADDRESS
                LD R0, IK_SAVE_R0
                RET
IK_SAVE_R0      .BLKW 1

; KEYBOARD_ISR: entered by the keyboard interrupt (priority 4) in supervisor mode; saves what it
; uses, queues the key from KBDR (reading KBDR clears KBSR bit 15) and returns with RTI.
KEYBOARD_ISR    ST R0, ISR_SAVE_R0
                ST R1, ISR_SAVE_R1
                ST R2, ISR_SAVE_R2
                LDI R0, KBDR_ADDRESS
                LD R1, KEY_TAIL
                LEA R2, KEY_QUEUE
                ADD R2, R2, R1
                STR R0, R2, #0
                ADD R1, R1, #1
                AND R1, R1, #15
                ST R1, KEY_TAIL
                ADD R1, R1, #1          ; full when the next tail would meet the head
                AND R1, R1, #15
                LD R2, KEY_HEAD
                NOT R2, R2
                ADD R2, R2, #1
                ADD R1, R1, R2
                BRnp ISR_DONE
                AND R0, R0, #0
                STI R0, KBSR_ADDRESS    ; queue full: interrupt off until GET_KEY makes room
ISR_DONE        LD R0, ISR_SAVE_R0
                LD R1, ISR_SAVE_R1
                LD R2, ISR_SAVE_R2
                RTI
ISR_SAVE_R0     .BLKW 1
ISR_SAVE_R1     .BLKW 1
ISR_SAVE_R2     .BLKW 1

; GET_KEY: waits for a key that is not a blank, a tab or a line end and returns it in R0.
; While the queue is empty the loop only reads KBSR (status, no side effect) and the queue
; indices, so a simulator can recognise that the program is idle, waiting for a key.
; Preserves the other registers.
GET_KEY         ST R1, GK_SAVE_R1
                ST R2, GK_SAVE_R2
GK_WAIT         LDI R0, KBSR_ADDRESS
                LD R1, KEY_HEAD
                LD R2, KEY_TAIL
                NOT R2, R2
                ADD R2, R2, #1
                ADD R2, R1, R2
                BRz GK_WAIT
                LEA R2, KEY_QUEUE
                ADD R2, R2, R1
                LDR R0, R2, #0
                ADD R1, R1, #1
                AND R1, R1, #15
                ST R1, KEY_HEAD
                LD R1, KBSR_INTERRUPT_ENABLE
                STI R1, KBSR_ADDRESS    ; there is room again
                ADD R1, R0, #-16        ; skip blanks and control characters
                ADD R1, R1, #-16
                BRnz GK_WAIT
                LD R1, GK_SAVE_R1
                LD R2, GK_SAVE_R2
                RET
GK_SAVE_R1      .BLKW 1
GK_SAVE_R2      .BLKW 1

KEY_HEAD        .FILL #0
KEY_TAIL        .FILL #0
KEY_QUEUE       .BLKW 16
ISR_ADDRESS     .FILL KEYBOARD_ISR
KEYBOARD_VECTOR_PTR .FILL x0180
KBSR_ADDRESS    .FILL xFE00
KBDR_ADDRESS    .FILL xFE02
DSR_ADDRESS     .FILL xFE04
DDR_ADDRESS     .FILL xFE06
KBSR_INTERRUPT_ENABLE .FILL x4000

; ---------------------------------------------------------------------------------------------
; Display
; ---------------------------------------------------------------------------------------------
; PUT_CHAR: writes R0 to the display once DSR bit 15 says it is ready. Preserves all registers.
PUT_CHAR        ST R1, PC_SAVE_R1
PC_WAIT         LDI R1, DSR_ADDRESS
                BRzp PC_WAIT
                STI R0, DDR_ADDRESS
                LD R1, PC_SAVE_R1
                RET
PC_SAVE_R1      .BLKW 1

; PUT_NEWLINE: writes a line feed. Preserves all registers.
PUT_NEWLINE     ST R0, PN_SAVE_R0
                ST R7, PN_SAVE_R7
                AND R0, R0, #0
                ADD R0, R0, #10
                JSR PUT_CHAR
                LD R0, PN_SAVE_R0
                LD R7, PN_SAVE_R7
                RET
PN_SAVE_R0      .BLKW 1
PN_SAVE_R7      .BLKW 1

; PUT_STRING: writes the NUL-terminated string at R0. Preserves all registers.
PUT_STRING      ST R0, PS_SAVE_R0
                ST R1, PS_SAVE_R1
                ST R7, PS_SAVE_R7
                ADD R1, R0, #0
PS_LOOP         LDR R0, R1, #0
                BRz PS_DONE
                JSR PUT_CHAR
                ADD R1, R1, #1
                BR PS_LOOP
PS_DONE         LD R0, PS_SAVE_R0
                LD R1, PS_SAVE_R1
                LD R7, PS_SAVE_R7
                RET
PS_SAVE_R0      .BLKW 1
PS_SAVE_R1      .BLKW 1
PS_SAVE_R7      .BLKW 1

; PRINT_BOARD: draws the board, an empty square showing its number:
;    X | 2 | O
;   ---+---+---      (three rows)
; Preserves all registers.
PRINT_BOARD     ST R0, PB_SAVE_R0
                ST R1, PB_SAVE_R1
                ST R2, PB_SAVE_R2
                ST R3, PB_SAVE_R3
                ST R7, PB_SAVE_R7
                JSR PUT_NEWLINE
                AND R1, R1, #0          ; square
                LD R2, PB_BOARD_ADDRESS
PB_SQUARE       LD R0, PB_SPACE
                JSR PUT_CHAR
                LDR R0, R2, #0
                LD R3, PB_NEG_SPACE
                ADD R3, R0, R3
                BRnp PB_MARK
                LD R0, PB_CHAR_ONE      ; empty: show the square's number
                ADD R0, R0, R1
PB_MARK         JSR PUT_CHAR
                LD R0, PB_SPACE
                JSR PUT_CHAR
                ADD R2, R2, #1
                ADD R1, R1, #1
                ADD R3, R1, #-3         ; end of a row after squares 3, 6 and 9
                BRz PB_ROW_END
                ADD R3, R1, #-6
                BRz PB_ROW_END
                ADD R3, R1, #-9
                BRz PB_ROW_END
                LD R0, PB_BAR
                JSR PUT_CHAR
                BR PB_SQUARE
PB_ROW_END      JSR PUT_NEWLINE
                ADD R3, R1, #-9
                BRz PB_DONE
                LEA R0, PB_RULE
                JSR PUT_STRING
                BR PB_SQUARE
PB_DONE         LD R0, PB_SAVE_R0
                LD R1, PB_SAVE_R1
                LD R2, PB_SAVE_R2
                LD R3, PB_SAVE_R3
                LD R7, PB_SAVE_R7
                RET
PB_SAVE_R0      .BLKW 1
PB_SAVE_R1      .BLKW 1
PB_SAVE_R2      .BLKW 1
PB_SAVE_R3      .BLKW 1
PB_SAVE_R7      .BLKW 1
PB_BOARD_ADDRESS .FILL BOARD
PB_SPACE        .FILL x0020
PB_NEG_SPACE    .FILL #-32
PB_CHAR_ONE     .FILL x0031
PB_BAR          .FILL x007C
PB_RULE         .STRINGZ "---+---+---\n"

; ---------------------------------------------------------------------------------------------
; Messages
; ---------------------------------------------------------------------------------------------
MSG_TITLE       .STRINGZ "Tic-tac-toe. You are X, I am O. Type a square's number to play there:\n"
MSG_FIRST       .STRINGZ "\nDo you want to go first (y/n)? "
MSG_YOUR_MOVE   .STRINGZ "Your move (1-9): "
MSG_I_PLAY      .STRINGZ "I play "
MSG_BAD_SQUARE  .STRINGZ "Invalid move: type a digit from 1 to 9.\n"
MSG_TAKEN       .STRINGZ "That square is taken. Choose another.\n"
MSG_YOU_WIN     .STRINGZ "You win!\n"
MSG_I_WIN       .STRINGZ "I win!\n"
MSG_DRAW        .STRINGZ "It's a draw.\n"

                .BLKW 32                ; the stack: R6 grows down from STACK_TOP
STACK_TOP       .FILL #0

        .END
