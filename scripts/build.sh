#!/usr/bin/env bash
# Configures and builds one CMake preset (default: release) with two jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
# ccache (when installed) keys on paths relative to the checkout, so clones share the cache.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
