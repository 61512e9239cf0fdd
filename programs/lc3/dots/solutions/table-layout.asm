; table-layout.asm -- a second solution to EE 306 (Fall 2004) programming assignment 5, in another
; student's style: the starter code unchanged but its game state and board moved to their own
; block at x5000, pointers everywhere, GET_ADDRESS by a table of row addresses, a prompt that
; starts on a fresh line, and IS_GAME_OVER's own announcement (returning 1 when the game is over).
; It plays every game right, so the spec gives it full marks (tests/grader/dots_assignment_test.cpp).
; Our own code, written for asmlab's tests.

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

; =============================================================================================
; STUDENT CODE. My layout: the game state and the board live in their own block at x5000 (see
; the end of the file), away from the code; everything reaches them through the pointer table
; below. GET_ADDRESS looks rows up in a table of row addresses instead of multiplying.
; =============================================================================================

PTR_CURRENT     .FILL CURRENT_PLAYER
PTR_SCORE_ONE   .FILL SCORE_PLAYER_ONE
PTR_SCORE_TWO   .FILL SCORE_PLAYER_TWO
PTR_ROW_TABLE   .FILL ROW_ADDRESSES
PTR_LINE_CHARS  .FILL LINE_CHARS

; DISPLAY_PROMPT -- on a fresh line: "Player ", the player's digit, then the rest of the prompt.
DISPLAY_PROMPT  ST R0, PR_R0
                ST R1, PR_R1
                ST R7, PR_R7
                LD R0, PR_NEWLINE
                OUT
                LEA R0, PR_START
                PUTS
                LDI R0, PTR_CURRENT
                LD R1, PR_DIGITS
                ADD R0, R0, R1
                OUT
                LEA R0, PR_REST
                PUTS
                LD R0, PR_R0
                LD R1, PR_R1
                LD R7, PR_R7
                RET
PR_R0           .BLKW 1
PR_R1           .BLKW 1
PR_R7           .BLKW 1
PR_NEWLINE      .FILL x000A
PR_DIGITS       .FILL x0030
PR_START        .STRINGZ "Player "
PR_REST         .STRINGZ ", input a move <column><row> (or 'Q' to quit): "

; IS_INPUT_VALID -- R0 row char, R1 column char -> R3 = 0 if they name a line, else -1.
; Both are turned into numbers 0-6 first; a line has exactly one odd coordinate, so the sum of
; the two numbers is odd on a line.
IS_INPUT_VALID  ST R4, IV_R4
                ST R5, IV_R5
                AND R3, R3, #0
                ADD R3, R3, #-1
                LD R4, IV_MINUS_ZERO
                ADD R4, R0, R4          ; row number
                BRn IV_OUT
                ADD R5, R4, #-6
                BRp IV_OUT
                LD R5, IV_MINUS_A
                ADD R5, R1, R5          ; column number
                BRn IV_OUT
                ST R5, IV_COLUMN
                ADD R5, R5, #-6
                BRp IV_OUT
                LD R5, IV_COLUMN
                ADD R4, R4, R5
                AND R4, R4, #1
                BRz IV_OUT              ; both even (a dot) or both odd (a box)
                AND R3, R3, #0
IV_OUT          LD R4, IV_R4
                LD R5, IV_R5
                RET
IV_R4           .BLKW 1
IV_R5           .BLKW 1
IV_COLUMN       .BLKW 1
IV_MINUS_ZERO   .FILL xFFD0             ; -'0'
IV_MINUS_A      .FILL xFFBF             ; -'A'

; TRANSLATE_MOVE -- characters to numbers.
TRANSLATE_MOVE  ADD R0, R0, #-16
                ADD R0, R0, #-16
                ADD R0, R0, #-16        ; - '0' (x30)
                ADD R1, R1, #-16
                ADD R1, R1, #-16
                ADD R1, R1, #-16
                ADD R1, R1, #-16
                ADD R1, R1, #-1         ; - 'A' (x41)
                RET

; GET_ADDRESS -- R3 = ROW_ADDRESSES[row] + column.
GET_ADDRESS     LD R3, PTR_ROW_TABLE
                ADD R3, R3, R0
                LDR R3, R3, #0
                ADD R3, R3, R1
                RET

; IS_OCCUPIED -- R3 = -1 if (row, column) holds anything but a space, else 0.
IS_OCCUPIED     ST R4, OC_R4
                ST R7, OC_R7
                JSR GET_ADDRESS
                LDR R4, R3, #0
                LD R3, OC_MINUS_SPACE
                ADD R4, R4, R3
                AND R3, R3, #0
                ADD R4, R4, #0
                BRz OC_OUT
                ADD R3, R3, #-1
OC_OUT          LD R4, OC_R4
                LD R7, OC_R7
                RET
OC_R4           .BLKW 1
OC_R7           .BLKW 1
OC_MINUS_SPACE  .FILL xFFE0

; APPLY_MOVE -- LINE_CHARS[row AND 1]: '-' on even rows, '|' on odd rows.
APPLY_MOVE      ST R3, AP_R3
                ST R4, AP_R4
                ST R7, AP_R7
                JSR GET_ADDRESS
                AND R4, R0, #1
                ST R3, AP_WHERE
                LD R3, PTR_LINE_CHARS
                ADD R4, R4, R3
                LDR R4, R4, #0
                STI R4, AP_WHERE
                LD R3, AP_R3
                LD R4, AP_R4
                LD R7, AP_R7
                RET
AP_R3           .BLKW 1
AP_R4           .BLKW 1
AP_R7           .BLKW 1
AP_WHERE        .BLKW 1

; FILL_BOX -- the current player's digit at (row, column).
FILL_BOX        ST R3, FI_R3
                ST R4, FI_R4
                ST R7, FI_R7
                JSR GET_ADDRESS
                LDI R4, PTR_CURRENT
                ADD R4, R4, #15
                ADD R4, R4, #15
                ADD R4, R4, #15
                ADD R4, R4, #3          ; + '0' (x30 = 48)
                STR R4, R3, #0
                LD R3, FI_R3
                LD R4, FI_R4
                LD R7, FI_R7
                RET
FI_R3           .BLKW 1
FI_R4           .BLKW 1
FI_R7           .BLKW 1

; UPDATE_STATE -- R0 boxes just made: add them to the mover's score; no box: other player.
UPDATE_STATE    ST R4, UP_R4
                ST R5, UP_R5
                LDI R4, PTR_CURRENT
                LD R5, PTR_SCORE_ONE
                ADD R4, R4, #-1
                BRz UP_ADD
                LD R5, PTR_SCORE_TWO
UP_ADD          LDR R4, R5, #0
                ADD R4, R4, R0
                STR R4, R5, #0
                ADD R0, R0, #0
                BRp UP_OUT
                LDI R4, PTR_CURRENT
                ADD R4, R4, #-1
                BRz UP_TWO
                AND R4, R4, #0
                ADD R4, R4, #1
                BRnzp UP_SET
UP_TWO          ADD R4, R4, #2
UP_SET          STI R4, PTR_CURRENT
UP_OUT          LD R4, UP_R4
                LD R5, UP_R5
                RET
UP_R4           .BLKW 1
UP_R5           .BLKW 1

; IS_GAME_OVER -- all 9 boxes taken: announce the winner and the score, R3 = 1. Else R3 = -1.
IS_GAME_OVER    ST R0, GO_R0
                ST R4, GO_R4
                ST R5, GO_R5
                ST R7, GO_R7
                LDI R4, PTR_SCORE_ONE
                LDI R5, PTR_SCORE_TWO
                ADD R3, R4, R5
                ADD R3, R3, #-9
                BRzp GO_END
                AND R3, R3, #0
                ADD R3, R3, #-1
                BRnzp GO_OUT
GO_END          LEA R0, GO_BANNER
                PUTS
                NOT R3, R5
                ADD R3, R3, #1
                LD R0, GO_TWO
                ADD R3, R4, R3          ; player 1's lead
                BRn GO_WINNER
                LD R0, GO_ONE
GO_WINNER       OUT
                LEA R0, GO_TAKES
                PUTS
                LD R0, GO_ONE
                ADD R0, R0, #-1         ; '0'
                ADD R0, R0, R4
                OUT
                LEA R0, GO_TO
                PUTS
                LD R0, GO_ONE
                ADD R0, R0, #-1
                ADD R0, R0, R5
                OUT
                LEA R0, GO_STARS
                PUTS
                AND R3, R3, #0
                ADD R3, R3, #1
GO_OUT          LD R0, GO_R0
                LD R4, GO_R4
                LD R5, GO_R5
                LD R7, GO_R7
                RET
GO_R0           .BLKW 1
GO_R4           .BLKW 1
GO_R5           .BLKW 1
GO_R7           .BLKW 1
GO_ONE          .FILL x0031
GO_TWO          .FILL x0032
GO_BANNER       .STRINGZ "\n*** Player "
GO_TAKES        .STRINGZ " takes the game, "
GO_TO           .STRINGZ " boxes to "
GO_STARS        .STRINGZ " ***\n"

        .END

; =============================================================================================
; The game state and the board (from the starter code), with my tables, at x5000.
; =============================================================================================
        .ORIG x5000
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


ROW_ADDRESSES   .FILL ROW0
                .FILL ROW1
                .FILL ROW2
                .FILL ROW3
                .FILL ROW4
                .FILL ROW5
                .FILL ROW6
LINE_CHARS      .FILL x002D             ; '-' on an even row
                .FILL x007C             ; '|' on an odd row

        .END
