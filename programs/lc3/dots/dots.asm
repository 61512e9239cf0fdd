; dots.asm -- Dots and Boxes for the LC-3 (asmlab example program)
;
; Written for asmlab from the behaviour that UT Austin EE 306 (Fall 2004) programming assignment 5
; specifies: a 4x4 grid of dots drawn as seven rows labelled 0-6 and seven columns labelled A-G,
; players 1 and 2, moves typed as <column><row> (e.g. A1), 'Q' to quit, and the subroutines
; DISPLAY_PROMPT, IS_INPUT_VALID, TRANSLATE_MOVE, IS_OCCUPIED, GET_ADDRESS, APPLY_MOVE, FILL_BOX,
; UPDATE_STATE, IS_GAME_OVER, DISPLAY_BOARD and BOXES_COMPLETED with the assignment's register
; contracts. Every line here is our own.
;
; Register contract kept by EVERY subroutine below: registers other than the documented outputs
; (and R7, the return address, which is restored) come back exactly as they went in.
; Only the OS traps GETC, OUT, PUTS and HALT are used, so the program runs under the 2nd and the
; 3rd edition trap conventions alike.
;
; Board coordinates: (row, column), both 0-6. A dot sits where row and column are both even, the
; centre of a box where both are odd, a horizontal line where the row is even and the column odd,
; a vertical line where the row is odd and the column even.

        .ORIG x3000

; ---------------------------------------------------------------------------------------------
; Main program: the flow chart of the assignment.
; ---------------------------------------------------------------------------------------------
MAIN            JSR DISPLAY_BOARD
ASK_FOR_MOVE    JSR DISPLAY_PROMPT
READ_COLUMN     GETC                    ; blanks and line ends between moves are skipped
                ADD R2, R0, #-10        ; line feed
                BRz READ_COLUMN
                ADD R2, R0, #-13        ; carriage return
                BRz READ_COLUMN
                LD R2, MAIN_NEG_SPACE
                ADD R2, R0, R2
                BRz READ_COLUMN
                OUT                     ; echo the column letter
                ADD R1, R0, #0          ; R1 <- column character
                LD R2, MAIN_NEG_Q
                ADD R2, R1, R2
                BRz QUIT_GAME
                GETC                    ; R0 <- row character
                JSR ECHO_PRINTABLE
                ST R0, MAIN_ROW_CHAR
                LD R0, MAIN_NEWLINE
                OUT
                LD R0, MAIN_ROW_CHAR
                JSR IS_INPUT_VALID
                ADD R3, R3, #0
                BRn BAD_MOVE
                JSR TRANSLATE_MOVE
                JSR IS_OCCUPIED
                ADD R3, R3, #0
                BRn LINE_TAKEN
                JSR APPLY_MOVE
                JSR BOXES_COMPLETED
                ADD R0, R3, #0          ; boxes the mover completed (0, 1 or 2)
                JSR UPDATE_STATE
                JSR IS_GAME_OVER
                ADD R3, R3, #0
                BRn MAIN                ; not over: show the board, next prompt
                JSR DISPLAY_BOARD       ; over: final board, then the result
                LD R1, SCORE_PLAYER_ONE
                LD R2, SCORE_PLAYER_TWO
                NOT R2, R2
                ADD R2, R2, #1
                ADD R1, R1, R2          ; R1 <- score 1 - score 2
                BRp PLAYER_ONE_WON
                BRn PLAYER_TWO_WON
                LD R0, MSG_DRAW_PTR     ; unreachable on this board: 9 boxes cannot split evenly
                BR ANNOUNCE
PLAYER_ONE_WON  LD R0, MSG_PLAYER_ONE_WINS_PTR
                BR ANNOUNCE
PLAYER_TWO_WON  LD R0, MSG_PLAYER_TWO_WINS_PTR
ANNOUNCE        PUTS
                HALT

BAD_MOVE        LD R0, MSG_INVALID_PTR
                PUTS
                BR ASK_FOR_MOVE
LINE_TAKEN      LD R0, MSG_OCCUPIED_PTR
                PUTS
                BR ASK_FOR_MOVE
QUIT_GAME       LD R0, MAIN_NEWLINE
                OUT
                LD R0, MSG_QUIT_PTR
                PUTS
                HALT

MAIN_NEG_SPACE  .FILL #-32
MAIN_NEG_Q      .FILL #-81              ; -'Q'
MAIN_NEWLINE    .FILL x000A
MAIN_ROW_CHAR   .BLKW 1
MSG_INVALID_PTR     .FILL MSG_INVALID
MSG_OCCUPIED_PTR    .FILL MSG_OCCUPIED
MSG_QUIT_PTR        .FILL MSG_QUIT
MSG_PLAYER_ONE_WINS_PTR .FILL MSG_PLAYER_ONE_WINS
MSG_PLAYER_TWO_WINS_PTR .FILL MSG_PLAYER_TWO_WINS
MSG_DRAW_PTR        .FILL MSG_DRAW

; ECHO_PRINTABLE: echoes R0 unless it is a control character (a line end typed too early).
; In: R0. Out: nothing. Preserves all registers.
ECHO_PRINTABLE  ST R7, EP_SAVE_R7
                ST R1, EP_SAVE_R1
                LD R1, MAIN_NEG_SPACE
                ADD R1, R0, R1
                BRn EP_DONE
                OUT
EP_DONE         LD R1, EP_SAVE_R1
                LD R7, EP_SAVE_R7
                RET
EP_SAVE_R7      .BLKW 1
EP_SAVE_R1      .BLKW 1

; ---------------------------------------------------------------------------------------------
; DISPLAY_PROMPT: asks the current player (Memory[CURRENT_PLAYER], 1 or 2) for a move.
; In: nothing. Out: nothing.
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
PROMPT_PLAYER_ONE .STRINGZ "Player 1, input a move <column><row> (or 'Q' to quit): "
PROMPT_PLAYER_TWO .STRINGZ "Player 2, input a move <column><row> (or 'Q' to quit): "

; ---------------------------------------------------------------------------------------------
; IS_INPUT_VALID: R0 = row character, R1 = column character (ASCII).
; Out: R3 = 0 when they name a line of the board, -1 otherwise (also when they name a dot or the
; centre of a box). R0 and R1 unchanged.
; Why the parity test works: '0' + 'A' = x71 is odd, so the code sum is even exactly when one of
; row and column is odd and the other even, which is where the lines are.
; ---------------------------------------------------------------------------------------------
IS_INPUT_VALID  ST R2, IV_SAVE_R2
                AND R3, R3, #0
                ADD R3, R3, #-1         ; invalid until every test passes
                LD R2, NEG_CHAR_ZERO
                ADD R2, R0, R2
                BRn IV_DONE             ; row below '0'
                ADD R2, R2, #-6
                BRp IV_DONE             ; row above '6'
                LD R2, NEG_CHAR_A
                ADD R2, R1, R2
                BRn IV_DONE             ; column below 'A'
                ADD R2, R2, #-6
                BRp IV_DONE             ; column above 'G'
                ADD R2, R0, R1
                AND R2, R2, #1
                BRp IV_DONE             ; a dot or a box centre
                AND R3, R3, #0
IV_DONE         LD R2, IV_SAVE_R2
                ADD R3, R3, #0          ; condition codes follow the result
                RET
IV_SAVE_R2      .BLKW 1

; ---------------------------------------------------------------------------------------------
; TRANSLATE_MOVE: R0 = row character '0'-'6', R1 = column character 'A'-'G'.
; Out: R0 = row 0-6, R1 = column 0-6.
; ---------------------------------------------------------------------------------------------
TRANSLATE_MOVE  ST R2, TM_SAVE_R2
                LD R2, NEG_CHAR_ZERO
                ADD R0, R0, R2
                LD R2, NEG_CHAR_A
                ADD R1, R1, R2
                LD R2, TM_SAVE_R2
                RET
TM_SAVE_R2      .BLKW 1

; ---------------------------------------------------------------------------------------------
; GET_ADDRESS: R0 = row 0-6, R1 = column 0-6. Out: R3 = address of that board character,
; ROW0 + 8*row + column (each row string is 7 characters plus its NUL).
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
; IS_OCCUPIED: R0 = row, R1 = column (numbers). Out: R3 = -1 if a line is already drawn there,
; 0 if the position still holds a space (x0020). R0 and R1 unchanged.
; ---------------------------------------------------------------------------------------------
IS_OCCUPIED     ST R2, IO_SAVE_R2
                ST R7, IO_SAVE_R7
                JSR GET_ADDRESS
                LDR R2, R3, #0
                ADD R2, R2, #-16
                ADD R2, R2, #-16        ; R2 <- character - ' '
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
; APPLY_MOVE: R0 = row, R1 = column of a free line. Writes '-' on an even row (horizontal line
; between two dots of the row) or '|' on an odd row (vertical line between two rows of dots).
; Out: nothing. R0 and R1 unchanged.
; ---------------------------------------------------------------------------------------------
APPLY_MOVE      ST R2, AM_SAVE_R2
                ST R3, AM_SAVE_R3
                ST R7, AM_SAVE_R7
                JSR GET_ADDRESS
                LD R2, CHAR_HYPHEN
                AND R7, R0, #1
                BRz AM_WRITE
                LD R2, CHAR_PIPE
AM_WRITE        STR R2, R3, #0
                LD R2, AM_SAVE_R2
                LD R3, AM_SAVE_R3
                LD R7, AM_SAVE_R7
                RET
AM_SAVE_R2      .BLKW 1
AM_SAVE_R3      .BLKW 1
AM_SAVE_R7      .BLKW 1
CHAR_HYPHEN     .FILL x002D
CHAR_PIPE       .FILL x007C

; ---------------------------------------------------------------------------------------------
; Game state
; ---------------------------------------------------------------------------------------------
CURRENT_PLAYER      .FILL #1
SCORE_PLAYER_ONE    .FILL #0
SCORE_PLAYER_TWO    .FILL #0
CHAR_ZERO           .FILL x0030
NEG_CHAR_ZERO       .FILL #-48
NEG_CHAR_A          .FILL #-65
BOX_COUNT           .FILL #9            ; a 4x4 grid of dots has 3x3 boxes

; The board: seven NUL-terminated strings of seven characters, eight words apart.
ROW0    .STRINGZ "* * * *"
ROW1    .STRINGZ "       "
ROW2    .STRINGZ "* * * *"
ROW3    .STRINGZ "       "
ROW4    .STRINGZ "* * * *"
ROW5    .STRINGZ "       "
ROW6    .STRINGZ "* * * *"

; ---------------------------------------------------------------------------------------------
; FILL_BOX: R0 = row, R1 = column of the centre of a box just completed. Writes the current
; player's number ('1' or '2') there. Out: nothing. R0 and R1 unchanged.
; ---------------------------------------------------------------------------------------------
FILL_BOX        ST R2, FB_SAVE_R2
                ST R3, FB_SAVE_R3
                ST R7, FB_SAVE_R7
                JSR GET_ADDRESS
                LD R2, CURRENT_PLAYER
                LD R7, CHAR_ZERO
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
; only when no box was completed. Out: nothing.
; ---------------------------------------------------------------------------------------------
UPDATE_STATE    ST R1, US_SAVE_R1
                ST R2, US_SAVE_R2
                LD R1, CURRENT_PLAYER
                ADD R2, R1, #-1
                BRp US_PLAYER_TWO
                LD R2, SCORE_PLAYER_ONE
                ADD R2, R2, R0
                ST R2, SCORE_PLAYER_ONE
                BR US_TURN
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
; IS_GAME_OVER: Out: R3 = -1 while boxes remain, 0 when the scores add up to all 9 boxes.
; ---------------------------------------------------------------------------------------------
IS_GAME_OVER    ST R2, GO_SAVE_R2
                LD R2, SCORE_PLAYER_ONE
                LD R3, SCORE_PLAYER_TWO
                ADD R3, R3, R2
                LD R2, BOX_COUNT
                NOT R2, R2
                ADD R2, R2, #1
                ADD R3, R3, R2          ; boxes completed - 9
                BRzp GO_OVER
                AND R3, R3, #0
                ADD R3, R3, #-1
                BR GO_DONE
GO_OVER         AND R3, R3, #0
GO_DONE         LD R2, GO_SAVE_R2
                ADD R3, R3, #0
                RET
GO_SAVE_R2      .BLKW 1

; ---------------------------------------------------------------------------------------------
; DISPLAY_BOARD: prints the column letters, the seven labelled rows and both scores.
; In: nothing. Out: nothing.
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
DB_ROW_LOOP     LD R0, CHAR_ZERO
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
                LD R0, SCORE_PLAYER_ONE
                LD R1, CHAR_ZERO
                ADD R0, R0, R1
                OUT
                LEA R0, DB_SCORE_TWO
                PUTS
                LD R0, SCORE_PLAYER_TWO
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
DB_SPACE        .FILL x0020
DB_NEWLINE      .FILL x000A
DB_HEADER       .STRINGZ "\n  ABCDEFG\n"
DB_SCORE_ONE    .STRINGZ "Player 1: "
DB_SCORE_TWO    .STRINGZ "  Player 2: "

; ---------------------------------------------------------------------------------------------
; BOXES_COMPLETED: R0 = row, R1 = column of the line just drawn. Calls FILL_BOX for each box
; that this line completed. Out: R3 = number of boxes completed (0, 1 or 2). R0, R1 unchanged.
; A horizontal line (even row) borders the boxes above and below it, a vertical line (odd row)
; the boxes to its left and right; boxes off the board are not looked at.
; ---------------------------------------------------------------------------------------------
BOXES_COMPLETED ST R0, BC_SAVE_R0
                ST R1, BC_SAVE_R1
                ST R2, BC_SAVE_R2
                ST R4, BC_SAVE_R4
                ST R7, BC_SAVE_R7
                AND R4, R4, #0          ; boxes completed so far
                AND R2, R0, #1
                BRp BC_VERTICAL
                ADD R0, R0, #-1         ; box above
                BRn BC_BELOW
                JSR CHECK_BOX
                ADD R4, R4, R3
BC_BELOW        ADD R0, R0, #2          ; box below
                ADD R2, R0, #-7
                BRz BC_DONE
                JSR CHECK_BOX
                ADD R4, R4, R3
                BR BC_DONE
BC_VERTICAL     ADD R1, R1, #-1         ; box to the left
                BRn BC_RIGHT
                JSR CHECK_BOX
                ADD R4, R4, R3
BC_RIGHT        ADD R1, R1, #2          ; box to the right
                ADD R2, R1, #-7
                BRz BC_DONE
                JSR CHECK_BOX
                ADD R4, R4, R3
BC_DONE         ADD R3, R4, #0
                LD R0, BC_SAVE_R0
                LD R1, BC_SAVE_R1
                LD R2, BC_SAVE_R2
                LD R4, BC_SAVE_R4
                LD R7, BC_SAVE_R7
                ADD R3, R3, #0
                RET
BC_SAVE_R0      .BLKW 1
BC_SAVE_R1      .BLKW 1
BC_SAVE_R2      .BLKW 1
BC_SAVE_R4      .BLKW 1
BC_SAVE_R7      .BLKW 1

; CHECK_BOX: R0 = row, R1 = column of a box centre. If all four sides are drawn, calls FILL_BOX
; and returns R3 = 1, else R3 = 0. Other registers unchanged.
CHECK_BOX       ST R2, CB_SAVE_R2
                ST R5, CB_SAVE_R5
                ST R7, CB_SAVE_R7
                LD R5, CB_NEG_SPACE
                JSR GET_ADDRESS
                LDR R2, R3, #-8         ; top side
                ADD R2, R2, R5
                BRz CB_OPEN
                LDR R2, R3, #8          ; bottom side
                ADD R2, R2, R5
                BRz CB_OPEN
                LDR R2, R3, #-1         ; left side
                ADD R2, R2, R5
                BRz CB_OPEN
                LDR R2, R3, #1          ; right side
                ADD R2, R2, R5
                BRz CB_OPEN
                JSR FILL_BOX
                AND R3, R3, #0
                ADD R3, R3, #1
                BR CB_DONE
CB_OPEN         AND R3, R3, #0
CB_DONE         LD R2, CB_SAVE_R2
                LD R5, CB_SAVE_R5
                LD R7, CB_SAVE_R7
                RET
CB_SAVE_R2      .BLKW 1
CB_SAVE_R5      .BLKW 1
CB_SAVE_R7      .BLKW 1
CB_NEG_SPACE    .FILL #-32

; Messages of the main program (reached through the pointers beside MAIN).
MSG_INVALID         .STRINGZ "Invalid move. Type a column A-G and a row 0-6 that name a line between two dots.\n"
MSG_OCCUPIED        .STRINGZ "That line is already drawn. Choose another.\n"
MSG_QUIT            .STRINGZ "Game abandoned.\n"
MSG_PLAYER_ONE_WINS .STRINGZ "Game over. Player 1 wins!\n"
MSG_PLAYER_TWO_WINS .STRINGZ "Game over. Player 2 wins!\n"
MSG_DRAW            .STRINGZ "Game over. It's a draw!\n"


        .END
