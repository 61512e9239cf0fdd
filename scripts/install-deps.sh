#!/usr/bin/env bash
# Installs the Debian packages asmlab needs to build, test and benchmark; `install-deps.sh fuzz`
# adds clang 14 and its sanitizer and libFuzzer runtimes for the `fuzz` preset (docs/fuzzing.md).
# Safe to run again: apt skips what is already there.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  libboost-dev                 # Spirit X3 (header-only)
  qt6-base-dev                 # Widgets and Test for asmlab-gui
  qt6-multimedia-dev           # the debugger plays the PC speaker (optional: ASMLAB_GUI_SOUND)
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libyaml-cpp-dev libfmt-dev zlib1g-dev libpng-dev
  xvfb xauth                   # GUI screenshots in tests and docs
  console-setup-linux          # VGA console fonts: the PC video adapter's CP437 glyphs (docs/pc-video.md)
)
if [ "${1:-}" = fuzz ]; then
  packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all packages present"
fi
