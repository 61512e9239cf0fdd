; 2004-style: two labels that differ only in case (case-sensitive assemblers of the time).
        .ORIG x3000
        LEA R0, Prompt_play1
        PUTS
        LEA R0, Prompt_PLAY1
        PUTS
        HALT
Prompt_play1 .STRINGZ "a"
Prompt_PLAY1 .STRINGZ "B"
        .END
