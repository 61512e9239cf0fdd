; Adds the two words at DATA into the third, with a comma after each opcode.
        .ORIG x3000
        LEA, R3, DATA
        LDR, R4, R3, #0
        LDR, R5, R3, #1
        ADD, R4, R4, R5
        STR, R4, R3, #2
        HALT
DATA    .FILL #5
        .FILL #7
        .BLKW 1
        .END
