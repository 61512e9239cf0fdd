; EE 306 style: a subroutine that saves R7, operands separated by spaces throughout.
        .ORIG x3000
MAIN    LD R1 NUM
        JSR DOUBLE
        ST R1 NUM
        HALT
NUM     .FILL #21
DOUBLE  ST R7 SAVE7
        ADD R1 R1 R1
        LD R7 SAVE7
        RET
SAVE7   .BLKW #1
        .END
