; Prints "Go", then counts R1 down from 3. Operands separated by spaces.
        .ORIG x3000
        LEA R0 MSG
        PUTS
        AND R1 R1 #0
        ADD R1 R1 #3
LOOP    ADD R1 R1 #-1
        BRp LOOP
        HALT
MSG     .STRINGZ "Go"
        .END
