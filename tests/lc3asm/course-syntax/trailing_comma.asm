; Stores NOT(-1) = 0 in RESULT; every operand list ends with a comma.
        .ORIG x3000
        AND R6, R6, #0,
        ADD R6, R6, #-1,
        NOT R2, R6,
        ST R2, RESULT,
        HALT
RESULT  .FILL #0
        .END
