; GFXBOARD.ASM - gfx.lib: the tic-tac-toe board and its marks.
; The board is 3x3 cells of CELL_SIZE pixels at (BOARD_X, BOARD_Y); lines of LINE_WIDTH pixels
; separate the cells.
                .MODEL  MEDIUM
                .386
                INCLUDE gfx.inc
                PUBLIC  GfxDrawGrid, GfxDrawX, GfxDrawO

GRID_CELL       EQU     23              ; grey cells
GRID_LINE       EQU     15              ; white lines
X_COLOUR        EQU     40              ; red
O_COLOUR        EQU     14              ; yellow
MARK_MARGIN     EQU     8               ; blank pixels around a mark inside its cell
MARK_SIZE       EQU     CELL_SIZE - 2*MARK_MARGIN

                .CODE
; GfxDrawGrid: grey board with two vertical and two horizontal white lines.
GfxDrawGrid     PROC
                push    bx
                push    cx
                push    dx
                push    si
                mov     ax, BOARD_X
                mov     bx, BOARD_Y
                mov     cx, 3*CELL_SIZE
                mov     dx, 3*CELL_SIZE
                mov     si, GRID_CELL
                call    GfxFillRect
                mov     si, GRID_LINE
                ; vertical lines
                mov     ax, BOARD_X + CELL_SIZE - 1
                mov     bx, BOARD_Y
                mov     cx, LINE_WIDTH
                mov     dx, 3*CELL_SIZE
                call    GfxFillRect
                mov     ax, BOARD_X + 2*CELL_SIZE - 1   ; (GfxFillRect does not keep AX)
                call    GfxFillRect
                ; horizontal lines
                mov     ax, BOARD_X
                mov     bx, BOARD_Y + CELL_SIZE - 1
                mov     cx, 3*CELL_SIZE
                mov     dx, LINE_WIDTH
                call    GfxFillRect
                mov     ax, BOARD_X
                mov     bx, BOARD_Y + 2*CELL_SIZE - 1
                call    GfxFillRect
                pop     si
                pop     dx
                pop     cx
                pop     bx
                ret
GfxDrawGrid     ENDP

; CellOrigin: AL = row, AH = column -> CX = x, DX = y of the cell's mark box.
CellOrigin      PROC    NEAR
                push    bx
                mov     bl, ah
                xor     ah, ah
                imul    dx, ax, CELL_SIZE
                add     dx, BOARD_Y + MARK_MARGIN
                xor     bh, bh
                imul    cx, bx, CELL_SIZE
                add     cx, BOARD_X + MARK_MARGIN
                pop     bx
                ret
CellOrigin      ENDP

; GfxDrawX: AL = row, AH = column.  Two diagonals, each three pixels thick.
GfxDrawX        PROC
                push    bx
                push    cx
                push    dx
                push    si
                push    di
                call    CellOrigin              ; CX = left, DX = top
                mov     si, cx
                mov     di, dx
                xor     cx, cx                  ; CX = step along the diagonal
XStep:          mov     dl, X_COLOUR
                mov     bx, di
                add     bx, cx                  ; y = top + step
                mov     ax, si
                add     ax, cx                  ; "\": x = left + step
                call    ThickPixel
                mov     ax, si
                add     ax, MARK_SIZE - 1
                sub     ax, cx                  ; "/": x = right - step
                call    ThickPixel
                inc     cx
                cmp     cx, MARK_SIZE - 2
                jb      XStep
                pop     di
                pop     si
                pop     dx
                pop     cx
                pop     bx
                ret
GfxDrawX        ENDP

; ThickPixel: AX = x, BX = y, DL = colour: pixels x..x+2 on row y.
ThickPixel      PROC    NEAR
                push    ax
                call    GfxPutPixel
                inc     ax
                call    GfxPutPixel
                inc     ax
                call    GfxPutPixel
                pop     ax
                ret
ThickPixel      ENDP

; GfxDrawO: AL = row, AH = column.  A ring: every pixel of the mark box whose distance d from
; the box centre has 12 <= d <= 16, tested on doubled coordinates to stay in integers
; ((2x-31)^2 + (2y-31)^2 between 24^2 and 32^2).
GfxDrawO        PROC
                push    bx
                push    cx
                push    dx
                push    si
                push    di
                push    bp
                call    CellOrigin
                mov     si, cx                  ; left
                mov     di, dx                  ; top
                xor     bx, bx                  ; BX = y within the box
ORow:           xor     cx, cx                  ; CX = x within the box
OColumn:        mov     ax, cx
                shl     ax, 1
                sub     ax, MARK_SIZE - 1
                imul    ax, ax
                mov     bp, ax
                mov     ax, bx
                shl     ax, 1
                sub     ax, MARK_SIZE - 1
                imul    ax, ax
                add     bp, ax                  ; BP = (2x-31)^2 + (2y-31)^2
                cmp     bp, 24*24
                jb      ONext
                cmp     bp, 32*32
                ja      ONext
                push    bx
                mov     ax, si
                add     ax, cx
                add     bx, di
                mov     dl, O_COLOUR
                call    GfxPutPixel
                pop     bx
ONext:          inc     cx
                cmp     cx, MARK_SIZE
                jb      OColumn
                inc     bx
                cmp     bx, MARK_SIZE
                jb      ORow
                pop     bp
                pop     di
                pop     si
                pop     dx
                pop     cx
                pop     bx
                ret
GfxDrawO        ENDP
                END
