#!/usr/bin/env bash
# Gradescope autograder set-up: installs asmlab's build dependencies, builds the `asmlab` command
# and installs it in /usr/local/bin. Gradescope runs this once when the autograder image is built.
#
# Where the asmlab sources come from, in order:
#   1. a source tree shipped in the autograder zip as asmlab/ (next to this script);
#   2. otherwise a git clone of $ASMLAB_REPO at $ASMLAB_REF (set them below or in the environment).
# The course's spec folder (spec/asmlab.yaml plus its files) ships in the zip beside this script.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ASMLAB_REPO="${ASMLAB_REPO:-}"
ASMLAB_REF="${ASMLAB_REF:-main}"

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# Only what the command-line tool needs (no Qt, no benchmarks): compiler, CMake, Ninja and libraries.
apt-get install -y -qq --no-install-recommends \
  build-essential cmake ninja-build git ca-certificates pkg-config \
  libboost-dev libgtest-dev libgmock-dev libcli11-dev nlohmann-json3-dev libyaml-cpp-dev \
  libfmt-dev zlib1g-dev libpng-dev

src="$here/asmlab"
if [ ! -f "$src/CMakeLists.txt" ]; then
  if [ -z "$ASMLAB_REPO" ]; then
    echo "setup.sh: ship the asmlab sources as asmlab/ in the zip, or set ASMLAB_REPO" >&2
    exit 1
  fi
  rm -rf "$src"
  git clone --depth 1 --branch "$ASMLAB_REF" "$ASMLAB_REPO" "$src"
fi

cmake -S "$src" -B "$src/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DASMLAB_BUILD_GUI=OFF -DASMLAB_BUILD_BENCHMARKS=OFF
cmake --build "$src/build" --target asmlab -j "$(nproc)"
install -m 0755 "$src/build/cli/asmlab" /usr/local/bin/asmlab

if [ ! -f "$here/spec/asmlab.yaml" ]; then
  echo "setup.sh: warning: no spec/asmlab.yaml in the autograder zip" >&2
fi
asmlab version
