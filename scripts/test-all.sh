#!/usr/bin/env bash
# Install, build and run every test: the release build's whole ctest suite (unit, conformance,
# program regressions, GUI under the offscreen platform), then the unit tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release
ctest --preset release
if [ "${ASMLAB_SKIP_SANITIZE:-0}" != 1 ]; then
  bash scripts/build.sh sanitize
  ctest --preset sanitize
fi
