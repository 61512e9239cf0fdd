#!/usr/bin/env bash
# Install, build and run every test: the release build's whole ctest suite (unit, conformance,
# program regressions, GUI under the offscreen platform), the unit tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer, then every libFuzzer target for a bounded
# number of executions of inputs up to 4 KiB from the seeds alone with a fixed seed
# (ASMLAB_FUZZ_RUNS each, default 10000: a few minutes in all, and the same run as on a
# developer's machine; docs/fuzzing.md),
# failing on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release
ctest --preset release
if [ "${ASMLAB_SKIP_SANITIZE:-0}" != 1 ]; then
  bash scripts/build.sh sanitize
  ctest --preset sanitize
fi
if [ "${ASMLAB_SKIP_FUZZ:-0}" != 1 ]; then
  bash scripts/install-deps.sh fuzz
  # Every target (docs/fuzzing.md); ASMLAB_FUZZ_TARGETS="..." for a few.
  read -r -a fuzz_targets <<<"${ASMLAB_FUZZ_TARGETS:-fuzz_lc3_asm fuzz_masm fuzz_lc3_obj fuzz_omf fuzz_mz fuzz_spec fuzz_input_script}"
  FUZZ_FRESH=1 FUZZ_RUNS="${ASMLAB_FUZZ_RUNS:-10000}" FUZZ_MAX_LEN=4096 FUZZ_TIMEOUT=60 \
    bash scripts/fuzz.sh 0 "${fuzz_targets[@]}"
fi
