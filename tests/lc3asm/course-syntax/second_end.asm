; Echoes one key. An older attempt was left below the first .END.
        .ORIG x3000
        GETC
        OUT
        HALT
        .END

; old version
        GETC
        OUT
        OUT
        HALT
        .END
