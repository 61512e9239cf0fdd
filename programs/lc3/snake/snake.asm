; snake.asm -- a console snake for the LC-3  (asmlab example program)
;
; A 16x8 field; the snake starts three long in the middle row heading right. Keys: w a s d steer
; (up, left, down, right; a turn straight back is ignored), '.' goes straight on, q quits. Each
; '*' eaten adds one to the score and one to the length; running into the wall or into the snake
; ends the game.
;
; Timing without a clock: the game advances one tick at a time, a tick being a fixed number of
; instructions (the busy loop PACE runs TICK_DELAY times), so a run is a pure function of the keys.
; Each tick takes at most ONE key from the queue that the keyboard interrupt fills, so a script of
; keys typed ahead of time means "one key per tick" whatever the delay; typed live, a tick without
; a key simply goes straight on. Raise TICK_DELAY for a live keyboard, so a human can keep up.
;
; Devices are driven directly (Patt & Patel, 2nd ed., ch. 8 and 10): the keyboard by our own
; interrupt service routine at vector x80 (KBSR bit 14 enabled), the display by polling DSR and
; writing DDR. The vector table and device registers are written by the program itself, so it is
; built for the 2nd-edition machine (no access control); only HALT is requested from the OS.

        .ORIG x3000

START           LD R6, STACK_TOP_PTR    ; our own stack: an interrupt in supervisor mode uses R6
                JSR INSTALL_KEYBOARD
                LD R0, MSG_TITLE_PTR
                JSR PUT_STRING
                JSR NEW_GAME
                JSR DRAW_FIELD
TICK_LOOP       JSR PACE
                JSR STEER               ; R0 <- -1 when the player quit
                ADD R0, R0, #0
                BRn QUIT
                JSR ADVANCE             ; R0 <- 0 moved, 1 wall, 2 snake, 3 field full
                ADD R0, R0, #0
                BRnp GAME_ENDED
                JSR DRAW_FIELD
                BR TICK_LOOP
GAME_ENDED      JSR DRAW_FIELD
                ADD R1, R0, #-1
                BRnp NOT_WALL
                LD R0, MSG_WALL_PTR
                BR SHOW_END
NOT_WALL        ADD R1, R0, #-2
                BRnp FIELD_FULL
                LD R0, MSG_SELF_PTR
                BR SHOW_END
FIELD_FULL      LD R0, MSG_FULL_PTR
                BR SHOW_END
QUIT            LD R0, MSG_QUIT_PTR
SHOW_END        JSR PUT_STRING
                LD R0, MSG_FINAL_PTR
                JSR PUT_STRING
                LD R0, SCORE
                JSR PUT_DECIMAL
                JSR PUT_NEWLINE
                AND R0, R0, #0
                STI R0, MAIN_KBSR_ADDRESS ; keyboard interrupts off before leaving
                HALT

STACK_TOP_PTR   .FILL STACK_TOP
MSG_TITLE_PTR   .FILL MSG_TITLE
MSG_WALL_PTR    .FILL MSG_WALL
MSG_SELF_PTR    .FILL MSG_SELF
MSG_FULL_PTR    .FILL MSG_FULL
MSG_QUIT_PTR    .FILL MSG_QUIT
MSG_FINAL_PTR   .FILL MSG_FINAL
MAIN_KBSR_ADDRESS .FILL xFE00

; NEW_GAME: empties the field, lays the snake at cells (2,4) (3,4) (4,4) heading right and puts
; the first food down. Preserves all registers.
NEW_GAME        ST R0, NG_SAVE_R0
                ST R1, NG_SAVE_R1
                ST R2, NG_SAVE_R2
                ST R7, NG_SAVE_R7
                LD R1, GRID_PTR
                LD R2, FIELD_CELLS
                AND R0, R0, #0
NG_CLEAR        STR R0, R1, #0
                ADD R1, R1, #1
                ADD R2, R2, #-1
                BRp NG_CLEAR
                ST R0, DIRECTION
                ST R0, SCORE
                ST R0, TICKS
                ST R0, TAIL_SLOT
                ST R0, RANDOM
                ADD R0, R0, #3
                ST R0, LENGTH
                ADD R0, R0, #1
                ST R0, HEAD_Y
                LD R1, BODY_PTR         ; BODY[0..2] <- cells 66, 67, 68; GRID marks them
                LD R2, GRID_PTR
                LD R0, NG_FIRST_CELL
                STR R0, R1, #0
                ADD R0, R0, #1
                STR R0, R1, #1
                ADD R0, R0, #1
                STR R0, R1, #2
                LD R0, NG_FIRST_CELL
                ADD R2, R2, R0
                LD R0, BODY_MARK
                STR R0, R2, #0
                STR R0, R2, #1
                STR R0, R2, #2
                AND R0, R0, #0
                ADD R0, R0, #4
                ST R0, HEAD_X
                AND R0, R0, #0
                ADD R0, R0, #2
                ST R0, HEAD_SLOT
                JSR PLACE_FOOD
                LD R0, NG_SAVE_R0
                LD R1, NG_SAVE_R1
                LD R2, NG_SAVE_R2
                LD R7, NG_SAVE_R7
                RET
NG_FIRST_CELL   .FILL #66               ; (2,4)
NG_SAVE_R0      .BLKW 1
NG_SAVE_R1      .BLKW 1
NG_SAVE_R2      .BLKW 1
NG_SAVE_R7      .BLKW 1

; PACE: burns TICK_DELAY rounds of a two-instruction loop. Preserves all registers.
PACE            ST R0, PA_SAVE_R0
                LD R0, TICK_DELAY
PA_LOOP         ADD R0, R0, #-1
                BRp PA_LOOP
                LD R0, PA_SAVE_R0
                RET
PA_SAVE_R0      .BLKW 1

; STEER: takes at most one key from the queue and turns the snake. Out: R0 = -1 if the key was
; q (quit), else 0. Other registers preserved.
STEER           ST R1, ST_SAVE_R1
                ST R7, ST_SAVE_R7
                JSR TAKE_KEY
                ADD R0, R0, #0
                BRn ST_NOTHING
                LD R1, ST_LOWER_CASE
                NOT R0, R0              ; R0 <- key OR x20 (lower case), by De Morgan
                NOT R1, R1
                AND R0, R0, R1
                NOT R0, R0
                LD R1, ST_NEG_Q
                ADD R1, R0, R1
                BRz ST_QUIT
                AND R1, R1, #0          ; the direction the key asks for
                LD R7, ST_NEG_D
                ADD R7, R0, R7
                BRz ST_TURN
                ADD R1, R1, #1
                LD R7, ST_NEG_S
                ADD R7, R0, R7
                BRz ST_TURN
                ADD R1, R1, #1
                LD R7, ST_NEG_A
                ADD R7, R0, R7
                BRz ST_TURN
                ADD R1, R1, #1
                LD R7, ST_NEG_W
                ADD R7, R0, R7
                BRnp ST_NOTHING         ; '.' and every other key: straight on
ST_TURN         LD R7, DIRECTION        ; a U-turn (new = old + 2 mod 4) is ignored
                ADD R7, R7, #2
                AND R7, R7, #3
                NOT R7, R7
                ADD R7, R7, #1
                ADD R7, R1, R7
                BRz ST_NOTHING
                ST R1, DIRECTION
ST_NOTHING      AND R0, R0, #0
                BR ST_DONE
ST_QUIT         AND R0, R0, #0
                ADD R0, R0, #-1
ST_DONE         LD R1, ST_SAVE_R1
                LD R7, ST_SAVE_R7
                ADD R0, R0, #0
                RET
ST_SAVE_R1      .BLKW 1
ST_SAVE_R7      .BLKW 1
ST_LOWER_CASE   .FILL x0020
ST_NEG_Q        .FILL #-113             ; -'q'
ST_NEG_D        .FILL #-100
ST_NEG_S        .FILL #-115
ST_NEG_A        .FILL #-97
ST_NEG_W        .FILL #-119

; ADVANCE: moves the snake one cell. Out: R0 = 0 moved, 1 hit the wall, 2 hit itself, 3 the
; snake fills the field (no room for food). Other registers preserved.
ADVANCE         ST R1, AD_SAVE_R1
                ST R2, AD_SAVE_R2
                ST R3, AD_SAVE_R3
                ST R4, AD_SAVE_R4
                ST R7, AD_SAVE_R7
                LD R0, TICKS
                ADD R0, R0, #1
                ST R0, TICKS
                LEA R1, STEP_X          ; R1 <- new x, R2 <- new y
                LD R0, DIRECTION
                ADD R1, R1, R0
                LDR R1, R1, #0
                LD R3, HEAD_X
                ADD R1, R1, R3
                LEA R2, STEP_Y
                ADD R2, R2, R0
                LDR R2, R2, #0
                LD R3, HEAD_Y
                ADD R2, R2, R3
                AND R0, R0, #0
                ADD R0, R0, #1          ; verdict "wall" while the tests run
                ADD R1, R1, #0
                BRn AD_DONE
                ADD R3, R1, #-16
                BRzp AD_DONE
                ADD R2, R2, #0
                BRn AD_DONE
                ADD R3, R2, #-8
                BRzp AD_DONE
                ST R1, HEAD_X
                ST R2, HEAD_Y
                ADD R3, R2, R2          ; R3 <- cell = 16*y + x
                ADD R3, R3, R3
                ADD R3, R3, R3
                ADD R3, R3, R3
                ADD R3, R3, R1
                LD R4, GRID_PTR
                ADD R4, R4, R3          ; R4 <- GRID + cell
                LDR R0, R4, #0
                LD R1, AD_NEG_FOOD
                ADD R1, R0, R1
                BRz AD_EAT
                ADD R0, R0, #0
                BRz AD_FREE
                LD R1, TAIL_SLOT        ; the snake is there: only its tail, which moves on
                LD R2, BODY_PTR         ; this tick, may be entered
                ADD R2, R2, R1
                LDR R2, R2, #0
                NOT R2, R2
                ADD R2, R2, #1
                ADD R2, R3, R2
                BRz AD_FREE
                AND R0, R0, #0
                ADD R0, R0, #2          ; ran into itself
                BR AD_DONE
AD_FREE         JSR DROP_TAIL           ; not eating: the tail moves on
                AND R0, R0, #0
                BR AD_MOVE
AD_EAT          LD R0, SCORE
                ADD R0, R0, #1
                ST R0, SCORE
                LD R0, LENGTH
                ADD R0, R0, #1
                ST R0, LENGTH
AD_MOVE         ST R0, AD_ATE           ; non-zero only when eating (the new length)
                LD R0, BODY_MARK
                STR R0, R4, #0
                LD R0, HEAD_SLOT        ; BODY[head+1 mod 128] <- cell
                ADD R0, R0, #1
                LD R1, AD_SLOT_MASK
                AND R0, R0, R1
                ST R0, HEAD_SLOT
                LD R1, BODY_PTR
                ADD R1, R1, R0
                STR R3, R1, #0
                AND R0, R0, #0          ; verdict "moved"
                LD R1, AD_ATE
                BRz AD_DONE
                JSR PLACE_FOOD          ; R0 <- 3 when no cell is left for it
AD_DONE         LD R1, AD_SAVE_R1
                LD R2, AD_SAVE_R2
                LD R3, AD_SAVE_R3
                LD R4, AD_SAVE_R4
                LD R7, AD_SAVE_R7
                ADD R0, R0, #0
                RET
AD_SAVE_R1      .BLKW 1
AD_SAVE_R2      .BLKW 1
AD_SAVE_R3      .BLKW 1
AD_SAVE_R4      .BLKW 1
AD_SAVE_R7      .BLKW 1
AD_NEG_FOOD     .FILL #-2
AD_SLOT_MASK    .FILL #127
AD_ATE          .BLKW 1


; ---------------------------------------------------------------------------------------------
; Game state. Cells are numbered y*16 + x (x 0-15 left to right, y 0-7 top to bottom).
; ---------------------------------------------------------------------------------------------
TICK_DELAY      .FILL #3000             ; busy-loop rounds per tick (2 instructions each)
FIELD_CELLS     .FILL #128
HEAD_X          .BLKW 1
HEAD_Y          .BLKW 1
DIRECTION       .BLKW 1                 ; 0 right, 1 down, 2 left, 3 up
HEAD_SLOT       .BLKW 1                 ; index in BODY of the head's cell
TAIL_SLOT       .BLKW 1                 ; index in BODY of the tail's cell
LENGTH          .BLKW 1
SCORE           .BLKW 1
TICKS           .BLKW 1
RANDOM          .BLKW 1                 ; food generator state, 0-127
STEP_X          .FILL #1                ; per direction
                .FILL #0
                .FILL #-1
                .FILL #0
STEP_Y          .FILL #0
                .FILL #1
                .FILL #0
                .FILL #-1
BODY_MARK       .FILL #1                ; GRID values: 0 empty, 1 snake, 2 food
FOOD_MARK       .FILL #2
GRID_PTR        .FILL GRID
BODY_PTR        .FILL BODY

; DROP_TAIL: takes the tail cell off the field. Preserves all registers.
DROP_TAIL       ST R0, DT_SAVE_R0
                ST R1, DT_SAVE_R1
                LD R1, TAIL_SLOT
                LD R0, BODY_PTR
                ADD R0, R0, R1
                LDR R0, R0, #0          ; the tail's cell
                ADD R1, R1, #1
                LD R0, DT_SLOT_MASK
                AND R1, R1, R0
                ST R1, TAIL_SLOT
                ADD R1, R1, #-1         ; back to the old slot to clear its cell
                AND R1, R1, R0
                LD R0, BODY_PTR
                ADD R0, R0, R1
                LDR R0, R0, #0
                LD R1, GRID_PTR
                ADD R1, R1, R0
                AND R0, R0, #0
                STR R0, R1, #0
                LD R0, DT_SAVE_R0
                LD R1, DT_SAVE_R1
                RET
DT_SAVE_R0      .BLKW 1
DT_SAVE_R1      .BLKW 1
DT_SLOT_MASK    .FILL #127

; PLACE_FOOD: puts food on the next free cell of the sequence r <- (5r + 7) mod 128, which visits
; every cell once per 128 steps (a full-period linear congruential generator: 5-1 is a multiple
; of 4 and 7 is odd), so a free cell is always found when one exists.
; Out: R0 = 0, or 3 when the snake covers the whole field. Other registers preserved.
PLACE_FOOD      ST R1, PF_SAVE_R1
                ST R2, PF_SAVE_R2
                LD R0, LENGTH
                LD R1, PF_NEG_CELLS
                ADD R0, R0, R1
                BRn PF_SEARCH
                AND R0, R0, #0
                ADD R0, R0, #3
                BR PF_DONE
PF_SEARCH       LD R0, RANDOM
                ADD R1, R0, R0
                ADD R1, R1, R1
                ADD R1, R1, R0          ; 5r
                ADD R1, R1, #7
                LD R0, PF_CELL_MASK
                AND R1, R1, R0
                ST R1, RANDOM
                LD R2, GRID_PTR
                ADD R2, R2, R1
                LDR R0, R2, #0
                BRnp PF_SEARCH
                LD R0, FOOD_MARK
                STR R0, R2, #0
                AND R0, R0, #0
PF_DONE         LD R1, PF_SAVE_R1
                LD R2, PF_SAVE_R2
                ADD R0, R0, #0
                RET
PF_SAVE_R1      .BLKW 1
PF_SAVE_R2      .BLKW 1
PF_NEG_CELLS    .FILL #-128
PF_CELL_MASK    .FILL #127

; DRAW_FIELD: prints the status line and the field framed by + - |; '@' is the head, 'o' the
; rest of the snake, '*' the food. Preserves all registers.
DRAW_FIELD      ST R0, DF_SAVE_R0
                ST R1, DF_SAVE_R1
                ST R2, DF_SAVE_R2
                ST R3, DF_SAVE_R3
                ST R4, DF_SAVE_R4
                ST R7, DF_SAVE_R7
                LEA R0, DF_TICK_TEXT
                JSR PUT_STRING
                LD R0, TICKS
                JSR PUT_DECIMAL
                LEA R0, DF_SCORE_TEXT
                JSR PUT_STRING
                LD R0, SCORE
                JSR PUT_DECIMAL
                JSR PUT_NEWLINE
                LEA R0, DF_BORDER
                JSR PUT_STRING
                LD R1, HEAD_SLOT        ; R4 <- -(head cell)
                LD R0, BODY_PTR
                ADD R0, R0, R1
                LDR R4, R0, #0
                NOT R4, R4
                ADD R4, R4, #1
                AND R1, R1, #0          ; cell
                LD R2, GRID_PTR
DF_ROW          LD R0, DF_BAR
                JSR PUT_CHAR
DF_CELL         LDR R3, R2, #0
                LD R0, DF_SPACE
                ADD R3, R3, #0
                BRz DF_PUT
                LD R0, DF_FOOD
                ADD R3, R3, #-2
                BRz DF_PUT
                LD R0, DF_HEAD
                ADD R3, R1, R4
                BRz DF_PUT
                LD R0, DF_BODY
DF_PUT          JSR PUT_CHAR
                ADD R2, R2, #1
                ADD R1, R1, #1
                AND R3, R1, #15
                BRnp DF_CELL            ; 16 cells a row
                LD R0, DF_BAR
                JSR PUT_CHAR
                JSR PUT_NEWLINE
                LD R3, DF_NEG_CELLS
                ADD R3, R1, R3
                BRn DF_ROW
                LEA R0, DF_BORDER
                JSR PUT_STRING
                LD R0, DF_SAVE_R0
                LD R1, DF_SAVE_R1
                LD R2, DF_SAVE_R2
                LD R3, DF_SAVE_R3
                LD R4, DF_SAVE_R4
                LD R7, DF_SAVE_R7
                RET
DF_SAVE_R0      .BLKW 1
DF_SAVE_R1      .BLKW 1
DF_SAVE_R2      .BLKW 1
DF_SAVE_R3      .BLKW 1
DF_SAVE_R4      .BLKW 1
DF_SAVE_R7      .BLKW 1
DF_NEG_CELLS    .FILL #-128
DF_BAR          .FILL x007C
DF_SPACE        .FILL x0020
DF_FOOD         .FILL x002A
DF_HEAD         .FILL x0040
DF_BODY         .FILL x006F
DF_TICK_TEXT    .STRINGZ "\nTick "
DF_SCORE_TEXT   .STRINGZ "  Score "
DF_BORDER       .STRINGZ "+----------------+\n"

; PUT_DECIMAL: prints R0 (0-32767) in decimal without leading zeros. Preserves all registers.
PUT_DECIMAL     ST R0, PD_SAVE_R0
                ST R1, PD_SAVE_R1
                ST R2, PD_SAVE_R2
                ST R3, PD_SAVE_R3
                ST R4, PD_SAVE_R4
                ST R7, PD_SAVE_R7
                ADD R1, R0, #0          ; what is left to print
                LEA R2, PD_POWERS
                AND R4, R4, #0          ; a digit has been printed
PD_POWER        LDR R3, R2, #0          ; -(10^k)
                BRz PD_DONE
                LD R0, PD_CHAR_ZERO
PD_SUBTRACT     ADD R1, R1, R3
                BRn PD_RESTORE
                ADD R0, R0, #1
                BR PD_SUBTRACT
PD_RESTORE      NOT R3, R3
                ADD R3, R3, #1
                ADD R1, R1, R3
                LD R3, PD_NEG_CHAR_ZERO
                ADD R3, R0, R3
                BRp PD_PRINT            ; a non-zero digit
                ADD R4, R4, #0
                BRp PD_PRINT            ; a zero after the first digit
                LDR R3, R2, #0
                ADD R3, R3, #1
                BRz PD_PRINT            ; the units digit always shows
                BR PD_NEXT
PD_PRINT        JSR PUT_CHAR
                AND R4, R4, #0
                ADD R4, R4, #1
PD_NEXT         ADD R2, R2, #1
                BR PD_POWER
PD_DONE         LD R0, PD_SAVE_R0
                LD R1, PD_SAVE_R1
                LD R2, PD_SAVE_R2
                LD R3, PD_SAVE_R3
                LD R4, PD_SAVE_R4
                LD R7, PD_SAVE_R7
                RET
PD_SAVE_R0      .BLKW 1
PD_SAVE_R1      .BLKW 1
PD_SAVE_R2      .BLKW 1
PD_SAVE_R3      .BLKW 1
PD_SAVE_R4      .BLKW 1
PD_SAVE_R7      .BLKW 1
PD_CHAR_ZERO    .FILL x0030
PD_NEG_CHAR_ZERO .FILL #-48
PD_POWERS       .FILL #-10000
                .FILL #-1000
                .FILL #-100
                .FILL #-10
                .FILL #-1
                .FILL #0

; ---------------------------------------------------------------------------------------------
; Keyboard: KEYBOARD_ISR queues keys in KEY_QUEUE (16 words, at most 15 keys); TAKE_KEY takes
; them out. When the queue fills up the ISR turns the keyboard interrupt off, so no key is lost
; and a pending key cannot interrupt forever; TAKE_KEY turns it back on after making room.
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
                STI R0, KBSR_ADDRESS    ; queue full: interrupt off until TAKE_KEY makes room
ISR_DONE        LD R0, ISR_SAVE_R0
                LD R1, ISR_SAVE_R1
                LD R2, ISR_SAVE_R2
                RTI
ISR_SAVE_R0     .BLKW 1
ISR_SAVE_R1     .BLKW 1
ISR_SAVE_R2     .BLKW 1

; TAKE_KEY: the next queued key that is not a blank or a control character in R0, or -1 when
; there is none (it never waits). Preserves the other registers.
TAKE_KEY        ST R1, TK_SAVE_R1
                ST R2, TK_SAVE_R2
TK_NEXT         LD R1, KEY_HEAD
                LD R2, KEY_TAIL
                NOT R2, R2
                ADD R2, R2, #1
                ADD R2, R1, R2
                BRnp TK_TAKE
                AND R0, R0, #0
                ADD R0, R0, #-1
                BR TK_DONE
TK_TAKE         LEA R2, KEY_QUEUE
                ADD R2, R2, R1
                LDR R0, R2, #0
                ADD R1, R1, #1
                AND R1, R1, #15
                ST R1, KEY_HEAD
                LD R1, KBSR_INTERRUPT_ENABLE
                STI R1, KBSR_ADDRESS    ; there is room again
                ADD R1, R0, #-16        ; skip blanks and control characters
                ADD R1, R1, #-16
                BRnz TK_NEXT
TK_DONE         LD R1, TK_SAVE_R1
                LD R2, TK_SAVE_R2
                ADD R0, R0, #0
                RET
TK_SAVE_R1      .BLKW 1
TK_SAVE_R2      .BLKW 1

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

; ---------------------------------------------------------------------------------------------
; Messages and tables
; ---------------------------------------------------------------------------------------------
MSG_TITLE       .STRINGZ "Snake. Steer with w a s d, '.' goes straight on, q quits. Eat the * to grow.\n"
MSG_WALL        .STRINGZ "You ran into the wall.\n"
MSG_SELF        .STRINGZ "You ran into yourself.\n"
MSG_FULL        .STRINGZ "The snake fills the field!\n"
MSG_QUIT        .STRINGZ "You quit.\n"
MSG_FINAL       .STRINGZ "Final score: "

GRID            .BLKW 128               ; 0 empty, 1 snake, 2 food; cell y*16 + x
BODY            .BLKW 128               ; ring of the snake's cells, tail to head
                .BLKW 32                ; the stack: R6 grows down from STACK_TOP
STACK_TOP       .FILL #0

        .END
