; Counts R0 down from 2; labels with the punctuation the UT tools allow.
        .ORIG x3000
Start#  AND R0, R0, #0
        ADD R0, R0, #2
a>b     ADD R0, R0, #-1
        BRp a>b
What?   BRnzp Done!
        .FILL xFFFF
Done!   HALT
        .END
