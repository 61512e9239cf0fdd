#!/usr/bin/env bash
# Builds the libFuzzer targets (preset `fuzz`: clang 14, ASan, UBSan), seeds each from programs/,
# tests/, fuzz/regressions/ and ../shared, and runs each for SECONDS (default 30) or, with
# FUZZ_RUNS, that many executions. FUZZ_SEED (default 1) fixes libFuzzer's random choices, so a
# run with FUZZ_RUNS from the same seeds is the same run everywhere (CI's). Exits non-zero on any
# crash, leak, timeout or out-of-memory; the failing input is left in build/fuzz/findings/TARGET/.
# docs/fuzzing.md.
#
#   bash scripts/fuzz.sh                 # every target, 30 s each
#   bash scripts/fuzz.sh 600 fuzz_masm   # one target, ten minutes
#   FUZZ_RUNS=10000000 bash scripts/fuzz.sh 0 fuzz_mz   # a fixed number of executions
#   FUZZ_FRESH=1 FUZZ_RUNS=50000 bash scripts/fuzz.sh    # CI: from the seeds alone, reproducibly
#   FUZZ_FLAGS=-entropic=0 bash scripts/fuzz.sh 600 fuzz_masm   # more libFuzzer flags
#   FUZZ_PROCESSES=2 FUZZ_RUNS=10000000 bash scripts/fuzz.sh 0 fuzz_masm   # two processes, 5,000,000 each
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
targets=("$@")
((${#targets[@]})) || targets=(fuzz_lc3_asm fuzz_masm fuzz_lc3_obj fuzz_omf fuzz_mz fuzz_spec fuzz_input_script)
shared="${ASMLAB_SHARED_DIR:-../shared}"

export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then  # FUZZ_NO_BUILD=1: run the targets already built
  cmake --preset fuzz >/dev/null
  cmake --build build/fuzz --target "${targets[@]}" -j 2  # only what runs
fi

# Seeds: files of the kinds each target reads, found by name (and, for sources, by content).
seed() {  # seed TARGET FILE...
  local dir="build/fuzz/corpus/$1"
  shift
  mkdir -p "$dir"
  for f in "$@"; do [ -f "$f" ] && cp -f "$f" "$dir/seed-$(sha1sum "$f" | cut -c1-16)"; done
  return 0
}
sources=$(find programs tests "$shared/seeds" "$shared/omf-samples" -type f \( -iname '*.asm' -o -iname '*.inc' -o -iname '*.a' \) 2>/dev/null || true)
lc3=() x86=()
for f in $sources; do
  if grep -qi '\.orig' "$f"; then lc3+=("$f"); else x86+=("$f"); fi
done
seed fuzz_lc3_asm "${lc3[@]}"
seed fuzz_masm "${x86[@]}"
# TASM sources once more with the 01h byte that selects the TASM dialect (fuzz/targets/fuzz_masm.cpp).
for f in "${x86[@]}"; do
  if grep -qiE '^\s*(ideal|p8086|p286|p386|codeseg|dataseg|locals|jumps)\b' "$f"; then
    t="build/fuzz/corpus/fuzz_masm/tasm-$(sha1sum "$f" | cut -c1-16)"
    cat "$f" >"$t" && printf '\001' >>"$t"
  fi
done
seed fuzz_lc3_obj $(find tests programs -type f \( -name '*.obj' -o -name '*.sym' \) 2>/dev/null)
seed fuzz_omf $(find "$shared/omf-samples" tests build/release/share -type f \( -iname '*.obj' -o -iname '*.lib' \) 2>/dev/null)
seed fuzz_mz $(find "$shared/omf-samples" tests -type f -iname '*.exe' 2>/dev/null)
seed fuzz_spec $(find programs tests -type f -name '*.yaml' 2>/dev/null)
seed fuzz_input_script $(find programs tests -type f \( -name '*.keys' -o -name '*.mouse' \) 2>/dev/null)
# LC-3 objects from our own sources, when the release build is there.
if [ -x build/release/cli/asmlab ]; then
  tmp=$(mktemp -d)
  for f in "${lc3[@]}"; do
    b="$tmp/$(sha1sum "$f" | cut -c1-16)"
    build/release/cli/asmlab asm "$f" -o "$b.obj" >/dev/null 2>&1 && seed fuzz_lc3_obj "$b.obj" "$b.sym"
  done
  for f in programs/x86/*/*.asm programs/x86/*/*.ASM; do
    [ -f "$f" ] || continue
    b="$tmp/$(sha1sum "$f" | cut -c1-16)"
    build/release/cli/asmlab build "$f" -o "$b.exe" >/dev/null 2>&1 && seed fuzz_mz "$b.exe"
  done
  rm -rf "$tmp"
fi

# One libFuzzer process: run TARGET CORPUS LOG SEED LIMIT-FLAG DICT-FLAG...
run() {
  local t="$1" corpus="$2" log="$3" seed="$4" limit="$5"
  shift 5
  # FUZZ_FLAGS: more libFuzzer flags, e.g. -entropic=0 (docs/fuzzing.md, "Ten million executions").
  # shellcheck disable=SC2086
  "build/fuzz/fuzz/$t" "$corpus" "$@" "$limit" ${FUZZ_FLAGS:-} -seed="$seed" -timeout="${FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb=2048 -max_len="${FUZZ_MAX_LEN:-65536}" -print_final_stats=1 -artifact_prefix="build/fuzz/findings/$t/" \
    >"$log" 2>&1
}

# FUZZ_PROCESSES=N (with FUZZ_RUNS): N processes share the corpus, each with its own seed and log
# (build/fuzz/TARGET.K.log), and run FUZZ_RUNS/N executions each: a long campaign on every core.
processes="${FUZZ_PROCESSES:-1}"
status=0
for t in "${targets[@]}"; do
  # A fresh run starts from the seeds alone (what CI has), in a corpus folder of its own.
  corpus="build/fuzz/corpus/$t"
  if [ "${FUZZ_FRESH:-0}" = 1 ]; then
    corpus="build/fuzz/fresh/$t"
    rm -rf "$corpus" && mkdir -p "$corpus" && cp build/fuzz/corpus/"$t"/seed-* "$corpus/" 2>/dev/null || true
    find build/fuzz/corpus/"$t" -maxdepth 1 -name 'tasm-*' -exec cp {} "$corpus/" \;
  fi
  mkdir -p "$corpus" "build/fuzz/findings/$t"
  [ -d "fuzz/regressions/$t" ] && cp -f fuzz/regressions/"$t"/* "$corpus/" 2>/dev/null || true
  dict=()
  [ -f "fuzz/dict/${t#fuzz_}.dict" ] && dict=(-dict="fuzz/dict/${t#fuzz_}.dict")
  seed="${FUZZ_SEED:-1}"
  logs=()
  if ((processes > 1)) && [ -n "${FUZZ_RUNS:-}" ]; then
    echo "fuzz: $t ($FUZZ_RUNS in $processes processes)"
    pids=()
    for ((k = 0; k < processes; k++)); do
      logs+=("build/fuzz/$t.$k.log")
      run "$t" "$corpus" "build/fuzz/$t.$k.log" $((seed + k)) -runs=$((FUZZ_RUNS / processes)) "${dict[@]}" &
      pids+=($!)
    done
    failed=0
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  else
    limit=-max_total_time="$seconds"
    [ -n "${FUZZ_RUNS:-}" ] && limit=-runs="$FUZZ_RUNS"
    echo "fuzz: $t (${FUZZ_RUNS:-$seconds s})"
    logs=("build/fuzz/$t.log")
    failed=0
    run "$t" "$corpus" "build/fuzz/$t.log" "$seed" "$limit" "${dict[@]}" || failed=1
  fi
  if ((failed)); then
    echo "fuzz: $t FOUND A PROBLEM; input in build/fuzz/findings/$t/, log in ${logs[*]}"
    grep -hE 'ERROR|SUMMARY|Test unit written' "${logs[@]}" | head -5
    status=1
  else
    for log in "${logs[@]}"; do
      grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec' "$log" | tr '\n' ' '
      echo
    done
  fi
done
exit $status
