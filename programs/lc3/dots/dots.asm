; dots.asm -- Dots and Boxes for the LC-3: UT Austin EE 306 (Fall 2004) programming assignment 5
; as students received it, with our own starter code and our own reference solution.
;
; The assignment gives students starter code they must not change (the main program of its flow
; chart, the messages, DISPLAY_BOARD, BOXES_COMPLETED, the game state and the board) and asks
; them to write nine subroutines: DISPLAY_PROMPT, IS_INPUT_VALID, TRANSLATE_MOVE, IS_OCCUPIED,
; GET_ADDRESS, APPLY_MOVE, FILL_BOX, UPDATE_STATE and IS_GAME_OVER. The starter code's text was
; not handed down with the assignment, so the first part below is ours, written to the behaviour
; the assignment describes: a move is two keystrokes read with GETC and echoed with OUT (no
; Enter), a Q as the first keystroke quits, the board is shown before the first prompt and after
; every move that is applied. The second part is our solution. Every line here is our own.
;
; Board coordinates: (row, column), both 0-6. A dot sits where row and column are both even, the
; centre of a box where both are odd, a horizontal line where the row is even and the column odd,
; a vertical line where the row is odd and the column even.

        .ORIG x3000

; =============================================================================================
; STARTER CODE (given to students; not to be modified)
; =============================================================================================

MAIN            JSR DISPLAY_BOARD
NEXT_MOVE       JSR DISPLAY_PROMPT
                GETC                    ; the column
                OUT
                LD R1, ASCII_NEG_Q
                ADD R1, R0, R1
                BRz GOODBYE             ; Q as the first keystroke quits
                ADD R1, R0, #0          ; R1 <- the column character
                GETC                    ; R0 <- the row character
                OUT
                JSR IS_INPUT_VALID
                ADD R3, R3, #0
                BRnp INVALID_MOVE
                JSR TRANSLATE_MOVE
                JSR IS_OCCUPIED
                ADD R3, R3, #0
                BRnp OCCUPIED_MOVE
                JSR APPLY_MOVE
                JSR BOXES_COMPLETED
                ADD R0, R3, #0          ; boxes the move completed (0, 1 or 2)
                JSR UPDATE_STATE
                JSR DISPLAY_BOARD
                JSR IS_GAME_OVER
                ADD R3, R3, #0
                BRn NEXT_MOVE           ; -1: the game goes on
GOODBYE         LEA R0, MSG_GOODBYE
                PUTS
                HALT
INVALID_MOVE    LEA R0, MSG_INVALID
                PUTS
                BRnzp NEXT_MOVE
OCCUPIED_MOVE   LEA R0, MSG_OCCUPIED
                PUTS
                BRnzp NEXT_MOVE

ASCII_NEG_Q     .FILL #-81              ; -'Q'
MSG_INVALID     .STRINGZ "\nInvalid move. Please try again.\n"
MSG_OCCUPIED    .STRINGZ "\nThis position is already occupied. Please try again.\n"
MSG_GOODBYE     .STRINGZ "\nThanks for playing! Goodbye!\n"

; ---------------------------------------------------------------------------------------------
; DISPLAY_BOARD: prints the column letters, the seven labelled rows and both players' scores.
; In: nothing. Out: nothing. Every register is preserved.
; ---------------------------------------------------------------------------------------------
DISPLAY_BOARD   ST R0, DB_SAVE_R0
                ST R1, DB_SAVE_R1
                ST R2, DB_SAVE_R2
                ST R3, DB_SAVE_R3
                ST R7, DB_SAVE_R7
                LEA R0, DB_HEADER
                PUTS
                AND R1, R1, #0          ; row number
                LEA R2, DB_ROW_TABLE    ; the address of each row's string
DB_ROW_LOOP     LD R0, DB_ASCII_ZERO
                ADD R0, R0, R1
                OUT                     ; row label
                LD R0, DB_SPACE
                OUT
                LDR R0, R2, #0
                PUTS                    ; the row itself
                LD R0, DB_NEWLINE
                OUT
                ADD R2, R2, #1
                ADD R1, R1, #1
                ADD R3, R1, #-7
                BRn DB_ROW_LOOP
                LEA R0, DB_SCORE_ONE
                PUTS
                LD R1, DB_ASCII_ZERO
                LDI R0, DB_SCORE_ONE_PTR
                ADD R0, R0, R1
                OUT
                LEA R0, DB_SCORE_TWO
                PUTS
                LDI R0, DB_SCORE_TWO_PTR
                ADD R0, R0, R1
                OUT
                LD R0, DB_NEWLINE
                OUT
                LD R0, DB_SAVE_R0
                LD R1, DB_SAVE_R1
                LD R2, DB_SAVE_R2
                LD R3, DB_SAVE_R3
                LD R7, DB_SAVE_R7
                RET
DB_SAVE_R0      .BLKW 1
DB_SAVE_R1      .BLKW 1
DB_SAVE_R2      .BLKW 1
DB_SAVE_R3      .BLKW 1
DB_SAVE_R7      .BLKW 1
DB_ROW_TABLE    .FILL ROW0
                .FILL ROW1
                .FILL ROW2
                .FILL ROW3
                .FILL ROW4
                .FILL ROW5
                .FILL ROW6
DB_SCORE_ONE_PTR .FILL SCORE_PLAYER_ONE
DB_SCORE_TWO_PTR .FILL SCORE_PLAYER_TWO
DB_ASCII_ZERO   .FILL x0030
DB_SPACE        .FILL x0020
DB_NEWLINE      .FILL x000A
DB_HEADER       .STRINGZ "\n  ABCDEFG\n"
DB_SCORE_ONE    .STRINGZ "Player 1: "
DB_SCORE_TWO    .STRINGZ "  Player 2: "

; ---------------------------------------------------------------------------------------------
; BOXES_COMPLETED: R0 = row, R1 = column of the line just drawn. Calls FILL_BOX with the centre
; of each box that this line completed. Out: R3 = number of boxes completed (0, 1 or 2).
; Every other register is preserved. A horizontal line (even row) borders the boxes above and
; below it, a vertical line (odd row) the boxes to its left and right; boxes off the board are
; not looked at. The subroutines it calls promise only to keep R0 and R1, so the row, the
; column and the count are kept in memory across the calls.
; ---------------------------------------------------------------------------------------------
BOXES_COMPLETED ST R0, BC_ROW
                ST R1, BC_COLUMN
                ST R2, BC_SAVE_R2
                ST R4, BC_SAVE_R4
                ST R5, BC_SAVE_R5
                ST R7, BC_SAVE_R7
                AND R2, R2, #0
                ST R2, BC_COUNT
                AND R2, R0, #1
                BRp BC_VERTICAL
                ADD R0, R0, #-1         ; the box above
                BRn BC_BELOW
                JSR BC_CHECK_BOX
BC_BELOW        LD R0, BC_ROW
                LD R1, BC_COLUMN
                ADD R0, R0, #1          ; the box below
                ADD R2, R0, #-7
                BRz BC_DONE
                JSR BC_CHECK_BOX
                BRnzp BC_DONE
BC_VERTICAL     ADD R1, R1, #-1         ; the box to the left
                BRn BC_RIGHT
                JSR BC_CHECK_BOX
BC_RIGHT        LD R0, BC_ROW
                LD R1, BC_COLUMN
                ADD R1, R1, #1          ; the box to the right
                ADD R2, R1, #-7
                BRz BC_DONE
                JSR BC_CHECK_BOX
BC_DONE         LD R0, BC_ROW
                LD R1, BC_COLUMN
                LD R2, BC_SAVE_R2
                LD R4, BC_SAVE_R4
                LD R5, BC_SAVE_R5
                LD R7, BC_SAVE_R7
                LD R3, BC_COUNT
                RET

; BC_CHECK_BOX: R0 = row, R1 = column of a box centre. If its four sides are drawn, calls
; FILL_BOX and counts the box in BC_COUNT. Uses every register but R0 and R1.
BC_CHECK_BOX    ST R7, BC_CHECK_R7
                ST R0, BC_BOX_ROW
                ST R1, BC_BOX_COLUMN
                JSR GET_ADDRESS         ; R3 <- the box centre's address
                LD R5, BC_NEG_SPACE
                LDR R2, R3, #-8         ; top side
                ADD R2, R2, R5
                BRz BC_OPEN
                LDR R2, R3, #8          ; bottom side
                ADD R2, R2, R5
                BRz BC_OPEN
                LDR R2, R3, #-1         ; left side
                ADD R2, R2, R5
                BRz BC_OPEN
                LDR R2, R3, #1          ; right side
                ADD R2, R2, R5
                BRz BC_OPEN
                LD R0, BC_BOX_ROW
                LD R1, BC_BOX_COLUMN
                JSR FILL_BOX
                LD R2, BC_COUNT
                ADD R2, R2, #1
                ST R2, BC_COUNT
BC_OPEN         LD R7, BC_CHECK_R7
                RET

BC_ROW          .BLKW 1
BC_COLUMN       .BLKW 1
BC_BOX_ROW      .BLKW 1
BC_BOX_COLUMN   .BLKW 1
BC_COUNT        .BLKW 1
BC_SAVE_R2      .BLKW 1
BC_SAVE_R4      .BLKW 1
BC_SAVE_R5      .BLKW 1
BC_SAVE_R7      .BLKW 1
BC_CHECK_R7     .BLKW 1
BC_NEG_SPACE    .FILL #-32

; ---------------------------------------------------------------------------------------------
; The game state and the board.
; ---------------------------------------------------------------------------------------------
CURRENT_PLAYER      .FILL #1            ; 1 or 2
SCORE_PLAYER_ONE    .FILL #0
SCORE_PLAYER_TWO    .FILL #0

; Seven NUL-terminated strings of seven characters, one per row, eight words apart.
ROW0    .STRINGZ "* * * *"
ROW1    .STRINGZ "       "
ROW2    .STRINGZ "* * * *"
ROW3    .STRINGZ "       "
ROW4    .STRINGZ "* * * *"
ROW5    .STRINGZ "       "
ROW6    .STRINGZ "* * * *"

; =============================================================================================
; STUDENT CODE: the nine subroutines of the assignment (our reference solution)
; =============================================================================================

; ---------------------------------------------------------------------------------------------
; DISPLAY_PROMPT: asks the current player (Memory[CURRENT_PLAYER], 1 or 2) for a move.
; In: nothing. Out: nothing. Every register is preserved.
; ---------------------------------------------------------------------------------------------
DISPLAY_PROMPT  ST R0, DP_SAVE_R0
                ST R7, DP_SAVE_R7
                LEA R0, PROMPT_PLAYER_ONE
                LD R7, CURRENT_PLAYER
                ADD R7, R7, #-1
                BRz DP_PRINT
                LEA R0, PROMPT_PLAYER_TWO
DP_PRINT        PUTS
                LD R0, DP_SAVE_R0
                LD R7, DP_SAVE_R7
                RET
DP_SAVE_R0      .BLKW 1
DP_SAVE_R7      .BLKW 1

; ---------------------------------------------------------------------------------------------
; IS_INPUT_VALID: R0 = row character, R1 = column character (ASCII).
; Out: R3 = 0 when they name a line of the board, -1 otherwise (also when they name a dot or the
; centre of a box). R0, R1 and R2 unchanged.
; The assignment's hint: '0' + 'A' = x71 is odd, so the sum of the two codes is odd exactly on a
; dot or a box centre (row and column both even or both odd) and even on a line.
; ---------------------------------------------------------------------------------------------
IS_INPUT_VALID  ST R2, IV_SAVE_R2
                AND R3, R3, #0
                ADD R3, R3, #-1         ; invalid until every test passes
                LD R2, NEG_ASCII_ZERO
                ADD R2, R0, R2
                BRn IV_DONE             ; row below '0'
                ADD R2, R2, #-6
                BRp IV_DONE             ; row above '6'
                LD R2, NEG_ASCII_A
                ADD R2, R1, R2
                BRn IV_DONE             ; column below 'A'
                ADD R2, R2, #-6
                BRp IV_DONE             ; column above 'G'
                ADD R2, R0, R1
                AND R2, R2, #1
                BRp IV_DONE             ; a dot or a box centre
                AND R3, R3, #0
IV_DONE         LD R2, IV_SAVE_R2
                ADD R3, R3, #0
                RET
IV_SAVE_R2      .BLKW 1

; ---------------------------------------------------------------------------------------------
; TRANSLATE_MOVE: R0 = row character '0'-'6', R1 = column character 'A'-'G'.
; Out: R0 = row 0-6, R1 = column 0-6.
; ---------------------------------------------------------------------------------------------
TRANSLATE_MOVE  ST R2, TM_SAVE_R2
                LD R2, NEG_ASCII_ZERO
                ADD R0, R0, R2
                LD R2, NEG_ASCII_A
                ADD R1, R1, R2
                LD R2, TM_SAVE_R2
                RET
TM_SAVE_R2      .BLKW 1

; ---------------------------------------------------------------------------------------------
; GET_ADDRESS: R0 = row 0-6, R1 = column 0-6. Out: R3 = the address of that board position,
; ROW0 + 8*row + column (each row is 7 characters and a NUL). R0, R1 and R2 unchanged.
; ---------------------------------------------------------------------------------------------
GET_ADDRESS     ST R2, GA_SAVE_R2
                ADD R3, R0, R0          ; 2*row
                ADD R3, R3, R3          ; 4*row
                ADD R3, R3, R3          ; 8*row
                ADD R3, R3, R1
                LEA R2, ROW0
                ADD R3, R3, R2
                LD R2, GA_SAVE_R2
                RET
GA_SAVE_R2      .BLKW 1

; ---------------------------------------------------------------------------------------------
; IS_OCCUPIED: R0 = row, R1 = column. Out: R3 = -1 if a line is already drawn there, 0 if the
; position still holds a space (x0020). R0, R1 and R2 unchanged.
; ---------------------------------------------------------------------------------------------
IS_OCCUPIED     ST R2, IO_SAVE_R2
                ST R7, IO_SAVE_R7
                JSR GET_ADDRESS
                LDR R2, R3, #0
                LD R3, NEG_ASCII_SPACE
                ADD R2, R2, R3
                AND R3, R3, #0
                ADD R2, R2, #0
                BRz IO_DONE
                ADD R3, R3, #-1
IO_DONE         LD R2, IO_SAVE_R2
                LD R7, IO_SAVE_R7
                ADD R3, R3, #0
                RET
IO_SAVE_R2      .BLKW 1
IO_SAVE_R7      .BLKW 1

; ---------------------------------------------------------------------------------------------
; APPLY_MOVE: R0 = row, R1 = column of a free line. Writes '-' on an even row (a horizontal line
; between two dots of the row) or '|' on an odd row (a vertical line between two rows of dots).
; Out: nothing. R0, R1, R2 and R3 unchanged.
; ---------------------------------------------------------------------------------------------
APPLY_MOVE      ST R2, AM_SAVE_R2
                ST R3, AM_SAVE_R3
                ST R7, AM_SAVE_R7
                JSR GET_ADDRESS
                LD R2, ASCII_HYPHEN
                AND R7, R0, #1
                BRz AM_WRITE
                LD R2, ASCII_PIPE
AM_WRITE        STR R2, R3, #0
                LD R2, AM_SAVE_R2
                LD R3, AM_SAVE_R3
                LD R7, AM_SAVE_R7
                RET
AM_SAVE_R2      .BLKW 1
AM_SAVE_R3      .BLKW 1
AM_SAVE_R7      .BLKW 1

; ---------------------------------------------------------------------------------------------
; FILL_BOX: R0 = row, R1 = column of the centre of a box just completed. Writes the current
; player's number ('1' or '2') there. Out: nothing. R0-R3 unchanged.
; ---------------------------------------------------------------------------------------------
FILL_BOX        ST R2, FB_SAVE_R2
                ST R3, FB_SAVE_R3
                ST R7, FB_SAVE_R7
                JSR GET_ADDRESS
                LD R2, CURRENT_PLAYER
                LD R7, ASCII_ZERO
                ADD R2, R2, R7
                STR R2, R3, #0
                LD R2, FB_SAVE_R2
                LD R3, FB_SAVE_R3
                LD R7, FB_SAVE_R7
                RET
FB_SAVE_R2      .BLKW 1
FB_SAVE_R3      .BLKW 1
FB_SAVE_R7      .BLKW 1

; ---------------------------------------------------------------------------------------------
; UPDATE_STATE: R0 = boxes the current player just completed (0, 1 or 2). Adds them to the
; player's score (SCORE_PLAYER_ONE or SCORE_PLAYER_TWO); passes the turn to the other player
; only when no box was completed. Out: nothing. R0-R2 unchanged.
; ---------------------------------------------------------------------------------------------
UPDATE_STATE    ST R1, US_SAVE_R1
                ST R2, US_SAVE_R2
                LD R1, CURRENT_PLAYER
                ADD R2, R1, #-1
                BRp US_PLAYER_TWO
                LD R2, SCORE_PLAYER_ONE
                ADD R2, R2, R0
                ST R2, SCORE_PLAYER_ONE
                BRnzp US_TURN
US_PLAYER_TWO   LD R2, SCORE_PLAYER_TWO
                ADD R2, R2, R0
                ST R2, SCORE_PLAYER_TWO
US_TURN         ADD R0, R0, #0
                BRp US_DONE             ; a completed box earns another move
                NOT R1, R1
                ADD R1, R1, #4          ; 3 - player: 1 <-> 2
                ST R1, CURRENT_PLAYER
US_DONE         LD R1, US_SAVE_R1
                LD R2, US_SAVE_R2
                RET
US_SAVE_R1      .BLKW 1
US_SAVE_R2      .BLKW 1

; ---------------------------------------------------------------------------------------------
; IS_GAME_OVER: Out: R3 = -1 while boxes remain; when the scores add up to all 9 boxes, prints
; who won and returns R3 = 0. R0-R2 unchanged.
; ---------------------------------------------------------------------------------------------
IS_GAME_OVER    ST R0, GO_SAVE_R0
                ST R2, GO_SAVE_R2
                ST R7, GO_SAVE_R7
                LD R2, SCORE_PLAYER_ONE
                LD R3, SCORE_PLAYER_TWO
                ADD R3, R3, R2
                ADD R3, R3, #-9         ; a 4x4 grid of dots has 3x3 boxes
                BRzp GO_OVER
                AND R3, R3, #0
                ADD R3, R3, #-1
                BRnzp GO_DONE
GO_OVER         LD R3, SCORE_PLAYER_TWO
                NOT R3, R3
                ADD R3, R3, #1
                ADD R3, R2, R3          ; score 1 - score 2 (never 0: 9 boxes cannot split evenly)
                LEA R0, MSG_PLAYER_ONE_WINS
                ADD R3, R3, #0
                BRp GO_ANNOUNCE
                LEA R0, MSG_PLAYER_TWO_WINS
GO_ANNOUNCE     PUTS
                AND R3, R3, #0
GO_DONE         LD R0, GO_SAVE_R0
                LD R2, GO_SAVE_R2
                LD R7, GO_SAVE_R7
                ADD R3, R3, #0
                RET
GO_SAVE_R0      .BLKW 1
GO_SAVE_R2      .BLKW 1
GO_SAVE_R7      .BLKW 1

ASCII_ZERO      .FILL x0030
NEG_ASCII_ZERO  .FILL #-48
NEG_ASCII_A     .FILL #-65
NEG_ASCII_SPACE .FILL #-32
ASCII_HYPHEN    .FILL x002D
ASCII_PIPE      .FILL x007C
PROMPT_PLAYER_ONE .STRINGZ "Player 1, input a move <column><row> (or 'Q' to quit): "
PROMPT_PLAYER_TWO .STRINGZ "Player 2, input a move <column><row> (or 'Q' to quit): "
MSG_PLAYER_ONE_WINS .STRINGZ "Game over. Player 1 wins!\n"
MSG_PLAYER_TWO_WINS .STRINGZ "Game over. Player 2 wins!\n"

        .END
