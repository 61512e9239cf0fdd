#!/bin/bash
# compare-masm-output.sh REF_ASMLAB NEW_ASMLAB DIR...
# Assembles every .asm below the folders as 8086 source with two asmlab binaries (e.g. main's and a
# branch's) and reports each file whose object, listing, symbol table or diagnostics differ.
# Example: scripts/compare-masm-output.sh /work/main/build/release/cli/asmlab build/release/cli/asmlab \
#            ../shared/seeds programs/x86 assembler/masm/ucrlib tests
ref=$(realpath $1); new=$(realpath $2); shift 2
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; mkdir -p $out/a $out/b
n=0; bad=0
while IFS= read -r -d '' f; do
  n=$((n+1))
  for side in a b; do
    exe=$ref; [ $side = b ] && exe=$new
    d=$out/$side; rm -f $d/x.*
    ( cd $(dirname "$f") && $exe asm --arch x86 -o $d/x.obj --listing $d/x.lst --sym $d/x.sym "$f" >$d/x.out 2>&1; echo "rc=$?" >>$d/x.out )
  done
  for e in obj lst sym out; do
    if ! cmp -s $out/a/x.$e $out/b/x.$e; then
      if [ -e $out/a/x.$e ] || [ -e $out/b/x.$e ]; then echo "DIFF $e: $f"; bad=$((bad+1)); fi
    fi
  done
done < <(find $(realpath "$@") -iname '*.asm' -print0 | sort -z)
echo "files=$n diffs=$bad"
[ $bad -eq 0 ]
