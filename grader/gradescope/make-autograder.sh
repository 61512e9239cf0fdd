#!/usr/bin/env bash
# Packs a Gradescope autograder zip: setup.sh, run_autograder, the course's spec folder as spec/
# and (with --with-source) this asmlab source tree as asmlab/, so setup.sh needs no network access
# to fetch asmlab.
#   grader/gradescope/make-autograder.sh SPEC_DIR [--with-source] [-o autograder.zip]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
spec_dir=""; with_source=0; out="autograder.zip"
while (($#)); do
  case "$1" in
    --with-source) with_source=1 ;;
    -o) out="$2"; shift ;;
    -h|--help) sed -n 2,5p "$0"; exit 0 ;;
    *) spec_dir="$1" ;;
  esac
  shift
done
if [ -z "$spec_dir" ] || [ ! -f "$spec_dir/asmlab.yaml" ]; then
  echo "make-autograder: give a folder that holds asmlab.yaml (and the files it names)" >&2
  exit 2
fi
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$here/setup.sh" "$here/run_autograder" "$stage/"
cp -r "$spec_dir" "$stage/spec"
if ((with_source)); then
  mkdir "$stage/asmlab"
  (cd "$root" && git ls-files -z | xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$stage/asmlab"
fi
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
rm -f "$out"
python3 - "$stage" "$out" <<'PY'
import os, sys, zipfile
stage, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for folder, _, files in os.walk(stage):
        for name in files:
            path = os.path.join(folder, name)
            info = zipfile.ZipInfo.from_file(path, os.path.relpath(path, stage))
            with open(path, "rb") as f:
                z.writestr(info, f.read(), zipfile.ZIP_DEFLATED)
PY
echo "make-autograder: wrote $out"
