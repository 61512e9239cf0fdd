; COUNT <- COUNT + ONE, with commas doubled, missing, and spaced.
        .ORIG x3000
        LD R1,, COUNT
        LD R2 , ONE
        ADD R1,R1 R2
        ST R1 COUNT
        HALT
COUNT   .FILL x000A
ONE     .FILL #1
        .END
