; A thermostat for emu8086's thermometer and heater (port 125: the temperature, a signed byte;
; port 127, bit 0: the heater). Written for asmlab's tests in emu8086's .COM shape; README.md
; says what it must do.
#make_COM#
ORG 100h

LOW_LIMIT  EQU 60               ; below this the heater goes on
HIGH_LIMIT EQU 80               ; above this it goes off

WATCH:  IN AL, 125              ; the temperature
        CBW
        OUT 199, AX             ; shown on the LED display
        CMP AL, LOW_LIMIT
        JL HEAT
        CMP AL, HIGH_LIMIT
        JG COOL
        JMP WATCH               ; in between: leave the heater as it is
HEAT:   MOV AL, 1
        OUT 127, AL
        JMP WATCH
COOL:   MOV AL, 0
        OUT 127, AL
        JMP WATCH
