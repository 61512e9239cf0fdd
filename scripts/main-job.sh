#!/usr/bin/env bash
# The main job: install, build, then run every program in programs/ against its grading spec
# and golden transcripts, printing a table of verdicts. Exit status is non-zero if any fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release
exec build/release/cli/asmlab test programs/
