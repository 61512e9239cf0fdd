; one-bug-each.asm -- a third solution to EE 306 (Fall 2004) programming assignment 5 with one
; deliberate mistake in each of the nine subroutines students write (listed in the student part).
; tests/grader/dots_assignment_test.cpp checks that the spec takes off what a TA would for each.
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
; STUDENT CODE, with one mistake in each of the nine subroutines (marked BUG below):
;   DISPLAY_PROMPT  player 2's prompt says "enter" where the assignment says "input"
;   IS_INPUT_VALID  accepts column H (the column's upper bound is off by one)
;   TRANSLATE_MOVE  returns the row in R1 and the column in R0 (swapped)
;   GET_ADDRESS     its table of row addresses has no entry for row 6
;   IS_OCCUPIED     changes R1 when the position is occupied
;   APPLY_MOVE      writes 'l' (x6C) for a vertical line instead of '|' (x7C)
;   FILL_BOX        writes the player's number 1 or 2, not the character '1' or '2'
;   UPDATE_STATE    adds 1 to the score for a move that made two boxes
;   IS_GAME_OVER    returns (boxes taken - 9), which is -1 only when one box is left
; IS_OCCUPIED, APPLY_MOVE and FILL_BOX compute addresses themselves (8*row + column from ROW0).
; =============================================================================================

BOARD_START     .FILL ROW0
SCORE1_PTR      .FILL SCORE_PLAYER_ONE
SCORE2_PTR      .FILL SCORE_PLAYER_TWO
PLAYER_PTR      .FILL CURRENT_PLAYER

DISPLAY_PROMPT  ST R0, DP_R0
                ST R7, DP_R7
                LEA R0, PROMPT1
                LDI R7, PLAYER_PTR
                ADD R7, R7, #-1
                BRz DP_SHOW
                LEA R0, PROMPT2
DP_SHOW         PUTS
                LD R0, DP_R0
                LD R7, DP_R7
                RET
DP_R0           .BLKW 1
DP_R7           .BLKW 1
PROMPT1         .STRINGZ "Player 1, input a move <column><row> (or 'Q' to quit): "
PROMPT2         .STRINGZ "Player 2, enter a move <column><row> (or 'Q' to quit): "    ; BUG

IS_INPUT_VALID  ST R2, IV_R2
                AND R3, R3, #0
                ADD R3, R3, #-1
                LD R2, MINUS_ZERO
                ADD R2, R0, R2
                BRn IV_DONE
                ADD R2, R2, #-6
                BRp IV_DONE
                LD R2, MINUS_A
                ADD R2, R1, R2
                BRn IV_DONE
                ADD R2, R2, #-7         ; BUG: 'A' + 7 = 'H' passes
                BRp IV_DONE
                ADD R2, R0, R1
                AND R2, R2, #1
                BRp IV_DONE
                AND R3, R3, #0
IV_DONE         LD R2, IV_R2
                RET
IV_R2           .BLKW 1

TRANSLATE_MOVE  ST R2, TM_R2
                LD R2, MINUS_ZERO
                ADD R2, R0, R2          ; the row number
                LD R0, MINUS_A
                ADD R0, R1, R0          ; BUG: the column number into R0 ...
                ADD R1, R2, #0          ; ... and the row number into R1
                LD R2, TM_R2
                RET
TM_R2           .BLKW 1

GET_ADDRESS     ST R2, GA_R2
                LEA R2, ROW_TABLE
                ADD R2, R2, R0
                LDR R3, R2, #0
                ADD R3, R3, R1
                LD R2, GA_R2
                RET
GA_R2           .BLKW 1
ROW_TABLE       .FILL ROW0
                .FILL ROW1
                .FILL ROW2
                .FILL ROW3
                .FILL ROW4
                .FILL ROW5              ; BUG: ROW6 is missing; row 6 reads the word below
GA_UNUSED       .BLKW 1

; ADDRESS_OF: R3 <- ROW0 + 8*R0 + R1 (my helper; R0-R2 unchanged).
ADDRESS_OF      ADD R3, R0, R0
                ADD R3, R3, R3
                ADD R3, R3, R3
                ADD R3, R3, R1
                ST R2, AO_R2
                LD R2, BOARD_START
                ADD R3, R3, R2
                LD R2, AO_R2
                RET
AO_R2           .BLKW 1

IS_OCCUPIED     ST R2, IO_R2
                ST R7, IO_R7
                JSR ADDRESS_OF
                LDR R2, R3, #0
                LD R3, MINUS_SPACE
                ADD R2, R2, R3
                AND R3, R3, #0
                ADD R2, R2, #0
                BRz IO_DONE
                AND R1, R1, #0          ; BUG: R1 used as scratch
                ADD R3, R1, #-1
IO_DONE         LD R2, IO_R2
                LD R7, IO_R7
                RET
IO_R2           .BLKW 1
IO_R7           .BLKW 1

APPLY_MOVE      ST R2, AM_R2
                ST R3, AM_R3
                ST R7, AM_R7
                JSR ADDRESS_OF
                LD R2, DASH
                AND R7, R0, #1
                BRz AM_PUT
                LD R2, BAR
AM_PUT          STR R2, R3, #0
                LD R2, AM_R2
                LD R3, AM_R3
                LD R7, AM_R7
                RET
AM_R2           .BLKW 1
AM_R3           .BLKW 1
AM_R7           .BLKW 1
DASH            .FILL x002D
BAR             .FILL x006C             ; BUG: 'l', not '|' (x007C)

FILL_BOX        ST R2, FB_R2
                ST R3, FB_R3
                ST R7, FB_R7
                JSR ADDRESS_OF
                LDI R2, PLAYER_PTR      ; BUG: 1 or 2, not '1' or '2'
                STR R2, R3, #0
                LD R2, FB_R2
                LD R3, FB_R3
                LD R7, FB_R7
                RET
FB_R2           .BLKW 1
FB_R3           .BLKW 1
FB_R7           .BLKW 1

UPDATE_STATE    ST R1, US_R1
                ST R2, US_R2
                ST R3, US_R3
                LD R3, SCORE1_PTR
                LDI R1, PLAYER_PTR
                ADD R2, R1, #-1
                BRz US_SCORE
                LD R3, SCORE2_PTR
US_SCORE        ADD R0, R0, #0
                BRz US_NEXT
                LDR R2, R3, #0
                ADD R2, R2, #1          ; BUG: one box even when R0 = 2
                STR R2, R3, #0
                BRnzp US_DONE
US_NEXT         NOT R1, R1
                ADD R1, R1, #4
                STI R1, PLAYER_PTR
US_DONE         LD R1, US_R1
                LD R2, US_R2
                LD R3, US_R3
                RET
US_R1           .BLKW 1
US_R2           .BLKW 1
US_R3           .BLKW 1

IS_GAME_OVER    ST R2, GO_R2
                LDI R2, SCORE1_PTR
                LDI R3, SCORE2_PTR
                ADD R3, R3, R2
                ADD R3, R3, #-9         ; BUG: returned as is, not turned into -1
                LD R2, GO_R2
                RET
GO_R2           .BLKW 1

MINUS_ZERO      .FILL #-48
MINUS_A         .FILL #-65
MINUS_SPACE     .FILL #-32

        .END
