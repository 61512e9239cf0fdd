#!/usr/bin/env bash
# Install, build and run every test: the release build's whole ctest suite (unit, conformance,
# program regressions, GUI under the offscreen platform), the unit tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer, then every libFuzzer target for a bounded time
# (ASMLAB_FUZZ_SECONDS each, default 20; docs/fuzzing.md), failing on any finding.
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
  bash scripts/fuzz.sh "${ASMLAB_FUZZ_SECONDS:-20}"
fi
