#!/bin/sh
# End-to-end checks of `asmlab run` on 8086 programs: hand-assembled .COM files written with printf.
# Usage: cli_pc_test.sh ASMLAB SHARED_DIR WORK_DIR.
set -u
asmlab=$1
shared=$2
work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# bytes HEX...: writes the bytes to stdout.
bytes() { for b in "$@"; do printf "\\$(printf %03o "0x$b")"; done; }

# Read a key with INT 16h, print it with INT 21h 02h, exit with it as the code.
bytes B4 00 CD 16 88 C2 B4 02 CD 21 B4 4C CD 21 > KEY.COM
printf 'key x\n' > keys.txt
out=$("$asmlab" run KEY.COM --keys keys.txt --screen-text 2>err.txt); rc=$?
[ $rc -eq 0 ] || fail "KEY.COM exit $rc: $(cat err.txt)"
[ "$out" = "x
x" ] || fail "KEY.COM output/screen: '$out'"
grep -q "asmlab: exit code 120" err.txt || fail "exit code line: $(cat err.txt)"

# No keys: waiting for input (exit 4).
"$asmlab" run KEY.COM > /dev/null 2>err.txt; rc=$?
[ $rc -eq 4 ] || fail "waiting: exit $rc: $(cat err.txt)"

# A bad script line is a located error (exit 2).
printf 'key x\nkey Entr\n' > bad.txt
"$asmlab" run KEY.COM --keys bad.txt > /dev/null 2>err.txt; rc=$?
[ $rc -eq 2 ] || fail "bad script: exit $rc"
grep -q "bad.txt:2: error: unknown key 'Entr'" err.txt || fail "bad script message: $(cat err.txt)"

# Endless loop: clock limit (exit 3).
bytes EB FE > LOOP.COM
"$asmlab" run LOOP.COM --max-clocks 100000 > /dev/null 2>err.txt; rc=$?
[ $rc -eq 3 ] || fail "loop: exit $rc: $(cat err.txt)"

# Divide by zero: exception (exit 5) after DOS's message.
bytes 31 C0 F6 F0 CD 20 > DIV.COM
out=$("$asmlab" run DIV.COM 2>err.txt); rc=$?
[ $rc -eq 5 ] || fail "divide: exit $rc"
[ "$out" = "$(printf 'Divide overflow\r')" ] || fail "divide output: '$out'"

# A 1000 Hz tone (divisor 1193) for 1000 LOOP iterations, logged and rendered as WAV; two runs
# give the same log and JSON.
bytes B0 B6 E6 43 B8 A9 04 E6 42 88 E0 E6 42 E4 61 0C 03 E6 61 B9 E8 03 E2 FE 24 FC E6 61 CD 20 > TONE.COM
"$asmlab" run TONE.COM --speaker-log spk1.txt --wav tone.wav --json > run1.json 2>err.txt || fail "tone: $(cat err.txt)"
"$asmlab" run TONE.COM --speaker-log spk2.txt --json > run2.json 2>/dev/null || fail "tone 2"
grep -q " tone 1000.15 Hz (divisor 1193)" spk1.txt || fail "speaker log: $(cat spk1.txt)"
grep -q " off" spk1.txt || fail "speaker log lacks the end: $(cat spk1.txt)"
cmp -s spk1.txt spk2.txt || fail "speaker logs differ between runs"
cmp -s run1.json run2.json || fail "JSON differs between runs"
[ "$(head -c 4 tone.wav)" = "RIFF" ] || fail "tone.wav is not a WAV file"

# The OMF samples linked on the fly.
if [ -f "$shared/omf-samples/MAIN.OBJ" ]; then
  out=$("$asmlab" run "$shared/omf-samples/MAIN.OBJ" "$shared/omf-samples/ADDTWO.OBJ" 2>err.txt) || fail "SUM: $(cat err.txt)"
  [ "$out" = "Sum=7" ] || fail "SUM output '$out'"
  grep -q "asmlab: exit code 7" err.txt || fail "SUM exit code: $(cat err.txt)"
fi
# MASM sources assembled, linked and run: a SMALL-model .EXE and a TINY-model .COM.
cat > HELLO.ASM <<'ASM'
.MODEL SMALL
.STACK 100h
.DATA
msg DB 'Hello from MASM!$'
.CODE
start:
    mov ax, @data
    mov ds, ax
    mov ah, 9
    mov dx, OFFSET msg
    int 21h
    mov ax, 4C03h
    int 21h
END start
ASM
out=$("$asmlab" run HELLO.ASM 2>err.txt) || fail "HELLO.ASM: $(cat err.txt)"
[ "$out" = "Hello from MASM!" ] || fail "HELLO.ASM output '$out'"
grep -q "asmlab: exit code 3" err.txt || fail "HELLO.ASM exit code: $(cat err.txt)"
cat > ECHO.ASM <<'ASM'
.MODEL TINY
.CODE
ORG 100h
start:
    mov ah, 0
    int 16h
    mov dl, al
    mov ah, 2
    int 21h
    ret
END start
ASM
out=$("$asmlab" run ECHO.ASM --input Q 2>err.txt) || fail "ECHO.ASM: $(cat err.txt)"
[ "$out" = "Q" ] || fail "ECHO.ASM output '$out'"
# An assembly error is located (exit 1).
printf '.MODEL SMALL\n.CODE\nstart: mov ax, bogus_symbol\nEND start\n' > BAD.ASM
"$asmlab" run BAD.ASM > /dev/null 2>err.txt; rc=$?
[ $rc -eq 1 ] || fail "BAD.ASM exit $rc"
grep -q "BAD.ASM:3:" err.txt || fail "BAD.ASM error not located: $(cat err.txt)"
# emu8086's devices at the end (--devices), and the time they see (--emu8086-step-delay): the
# robot takes the move written in port 9 at its poll 117 ms after the start. On the CPU's clock
# the program's three instructions take microseconds and the robot has not moved; at 100 ms an
# instruction it has (docs/emu8086.md, "Devices").
cat > ROBOT.ASM <<'ASM'
#make_COM#
org 100h
        mov al, 1
        out 9, al
        in al, 11
        in al, 11
        hlt
ASM
out=$("$asmlab" run ROBOT.ASM --devices robot 2>err.txt) || fail "ROBOT.ASM: $(cat err.txt)"
echo "$out" | grep -q "^== emu8086 robot (ports 9-11)" || fail "ROBOT.ASM --devices: '$out'"
echo "$out" | grep -q "^3  3  90 .* 0  " || fail "ROBOT.ASM moved on the CPU's clock: '$out'"
out=$("$asmlab" run ROBOT.ASM --devices robot --emu8086-step-delay 100 2>err.txt) || fail "step delay: $(cat err.txt)"
echo "$out" | grep -q "^3  2  90 .* 1  " || fail "ROBOT.ASM did not move at 100 ms an instruction: '$out'"
"$asmlab" run KEY.COM --devices pit --keys keys.txt > out.txt 2>err.txt || fail "--devices pit: $(cat err.txt)"
grep -q "^== PIT 8253" out.txt || fail "--devices pit: $(cat out.txt)"
echo "ok"
