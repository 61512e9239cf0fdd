#!/usr/bin/env bash
# End-to-end checks of `asmlab asm` and `asmlab dis`: outputs beside the source, nothing written or
# damaged on errors, the source never overwritten, bad object files rejected, the x86 hand-off.
set -u
asmlab="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
check() {  # check DESCRIPTION COMMAND...
  local what="$1"; shift
  if ! "$@"; then echo "FAILED: $what"; failures=$((failures + 1)); fi
}

cat > "$dir/prog.asm" <<'ASM'
        .ORIG x3000
START   LEA R0, MSG
        PUTS
        HALT
MSG     .STRINGZ "Hi"
        .END
ASM
"$asmlab" asm "$dir/prog.asm" --listing 2> "$dir/err"
check "assembles cleanly" test $? -eq 0
check "writes the classic .obj" cmp -s "$dir/prog.obj" <(printf '\x30\x00\xe0\x02\xf0\x22\xf0\x25\x00\x48\x00\x69\x00\x00')
check "writes the .sym" grep -q $'^//\tSTART             3000$' "$dir/prog.sym"
check "writes the listing" grep -q 'x3000 xE002' "$dir/prog.lst"

# A .bin program (words as text) converts to the same classic .obj, as the course tools convert it.
printf '; origin\n0011 0000 0000 0000\n1110000000000010\n1111000000100010\n1111000000100101\n0000000001001000\n0000000001101001\n0000000000000000\n' > "$dir/words.bin"
"$asmlab" asm "$dir/words.bin" 2> "$dir/err"
check "converts a .bin" test $? -eq 0
check "the .bin gives the same .obj" cmp -s "$dir/words.obj" "$dir/prog.obj"
printf '0011000000000000\n11110000\n' > "$dir/short.bin"
"$asmlab" asm "$dir/short.bin" 2> "$dir/err"
check "a short .bin line is an error" test $? -eq 1
check "located at its line" grep -q 'short.bin:2:1: error: 8 binary digits' "$dir/err"
check "and nothing is written" test ! -e "$dir/short.obj"

"$asmlab" dis "$dir/prog.obj" > "$dir/dis.txt"
check "dis names labels from the .sym beside the object" grep -q 'x3000  xE002  START  LEA R0, MSG' "$dir/dis.txt"
"$asmlab" dis "$dir/prog.obj" --source > "$dir/again.asm"
"$asmlab" asm "$dir/again.asm" -o "$dir/again.obj" --no-sym 2> /dev/null
check "dis --source assembles back to the same object" cmp -s "$dir/prog.obj" "$dir/again.obj"

# An error: nothing written, the earlier good output untouched, exit 1, all errors listed.
cp "$dir/prog.obj" "$dir/good.obj"
printf '        .ORIG x3000\n        ADDD R1, R1, #1\n        LD R0, NOWHERE\n        .END\n' > "$dir/prog.asm"
"$asmlab" asm "$dir/prog.asm" 2> "$dir/err"
check "exit status 1 on errors" test $? -eq 1
check "both errors reported" test "$(grep -c ': error: ' "$dir/err")" -eq 2
check "located diagnostic" grep -q 'prog.asm:2:9: error: unknown opcode .ADDD.; did you mean .ADD.?' "$dir/err"
check "previous object kept" cmp -s "$dir/prog.obj" "$dir/good.obj"
check "no temporary files left" test -z "$(ls "$dir" | grep tmp-asmlab)"

# -Werror turns the unused-label warning into an error.
printf '        .ORIG x3000\n        HALT\nSPARE   HALT\n        .END\n' > "$dir/warn.asm"
"$asmlab" asm "$dir/warn.asm" 2> /dev/null
check "warnings alone succeed" test $? -eq 0
"$asmlab" asm -Werror "$dir/warn.asm" 2> /dev/null
check "-Werror fails on a warning" test $? -eq 1

# The source is never an output.
"$asmlab" asm "$dir/warn.asm" -o "$dir/warn.asm" 2> /dev/null
check "refuses to overwrite the source" test $? -eq 1
check "source intact" grep -q SPARE "$dir/warn.asm"

# Bad object files.
printf '\x30\x00\xf0' > "$dir/odd.obj"
"$asmlab" dis "$dir/odd.obj" 2> "$dir/err"
check "odd-sized object rejected" test $? -eq 1
check "says why" grep -q 'is odd' "$dir/err"
"$asmlab" dis "$dir/warn.asm" 2> "$dir/err"
check "text file rejected" grep -q 'this is a text file' "$dir/err"
: > "$dir/empty.obj"
"$asmlab" dis "$dir/empty.obj" 2> "$dir/err"
check "empty object rejected" grep -q 'the file is empty' "$dir/err"

# An 8086 source is recognised and handed to the MASM front end, which writes an OMF object.
printf 'CODE SEGMENT\nASSUME CS:CODE\nCODE ENDS\nEND\n' > "$dir/dos.asm"
"$asmlab" asm "$dir/dos.asm" 2> "$dir/err"
check "8086 source assembled by the MASM front end" test $? -eq 0
check "OMF object written (THEADR 80h first)" test "$(head -c1 "$dir/dos.obj" | od -An -tx1 | tr -d ' ')" = 80

echo "$failures failure(s)"
test "$failures" -eq 0
