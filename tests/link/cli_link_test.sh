#!/bin/sh
# End-to-end checks of `asmlab link`, `asmlab lib` and `asmlab objdump` on the shared OMF samples.
# Usage: cli_link_test.sh ASMLAB SHARED_DIR WORK_DIR. Exit 77 (skipped) when the samples are absent.
set -u
asmlab=$1
samples=$2/omf-samples
work=$3
[ -f "$samples/MAIN.OBJ" ] || { echo "skipped: $samples not found"; exit 77; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$asmlab" link "$samples/MAIN.OBJ" "$samples/ADDTWO.OBJ" -o SUM.EXE --map SUM.MAP 2>err.txt || fail "link exit $?: $(cat err.txt)"
[ -s SUM.EXE ] || fail "no SUM.EXE"
[ ! -e SUM.EXE.tmp ] || fail "temporary file left behind"
grep -q "Program entry point at 0000:0000" SUM.MAP || fail "map lacks the entry point"
"$asmlab" objdump SUM.EXE > dump.txt || fail "objdump exe"
grep -q "initial SS:SP    0004:0100" dump.txt || fail "SS:SP: $(cat dump.txt)"
grep -q "relocations      2" dump.txt || fail "relocations: $(cat dump.txt)"

# The same program through a library: ADDTWO pulled in by the unresolved externals.
"$asmlab" lib -o ADD.LIB "$samples/ADDTWO.OBJ" 2>err.txt || fail "lib: $(cat err.txt)"
"$asmlab" link "$samples/MAIN.OBJ" ADD.LIB -o LIBSUM.EXE 2>err.txt || fail "link with lib: $(cat err.txt)"
cmp -s SUM.EXE LIBSUM.EXE || fail "linking through a library changed the program"

# Errors: unresolved externals name the module, exit 1, no output file.
"$asmlab" link "$samples/MAIN.OBJ" -o NONE.EXE 2>err.txt && fail "unresolved link succeeded"
grep -q "error: unresolved external symbol ADDTWO (referenced in $samples/MAIN.OBJ)" err.txt || fail "$(cat err.txt)"
[ ! -e NONE.EXE ] || fail "output written despite errors"

# A truncated object: the record offset is named.
head -c 150 "$samples/MAIN.OBJ" > CUT.OBJ
"$asmlab" link CUT.OBJ "$samples/ADDTWO.OBJ" -o CUT.EXE 2>err.txt && fail "truncated object linked"
grep -q "CUT.OBJ: error: at offset 0x8E: LEDATA record (A0h) is truncated" err.txt || fail "$(cat err.txt)"

# A medium-model program cannot be a .COM.
"$asmlab" link "$samples/MAIN.OBJ" "$samples/ADDTWO.OBJ" -o SUM.COM 2>err.txt && fail ".COM with relocations linked"
grep -q "cannot have segment relocations" err.txt || fail "$(cat err.txt)"
echo "ok"
