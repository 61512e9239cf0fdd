; Prints "Ho": the second block writes over the 'i' of "Hi".
        .ORIG x3000
        LEA R0, HELLO
        PUTS
        HALT
HELLO   .STRINGZ "Hi"
        .END
        .ORIG x3004
        .FILL x006F
        .END
