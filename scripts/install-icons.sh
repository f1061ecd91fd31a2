#!/usr/bin/env bash
# Installs the lucide icon SVGs that `DisplayItem.symbol` draws, from the PyPI package `lucide`
# (a wheel carrying lucide/lucide.zip with one NAME.svg per icon). The version is pinned so that
# screenshots do not change when lucide publishes new artwork. Idempotent: does nothing when the
# icons are already there. Target: $SHOTTER_ICONS, default /usr/local/share/shotter/lucide.
set -euo pipefail

LUCIDE_VERSION=1.1.4
DEST="${SHOTTER_ICONS:-/usr/local/share/shotter/lucide}"

if [ -f "$DEST/house.svg" ]; then
    exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$work" "lucide==$LUCIDE_VERSION"
wheel="$(ls "$work"/lucide-*.whl)"

mkdir -p "$DEST"
python3 - "$wheel" "$DEST" <<'PY'
import io, os, sys, zipfile

wheel_path, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel_path) as wheel:
    icons = zipfile.ZipFile(io.BytesIO(wheel.read("lucide/lucide.zip")))
count = 0
# house.svg is the "installed" marker: write it last so an interrupted run is redone.
names = sorted(icons.namelist(), key=lambda n: os.path.basename(n) == "house.svg")
for name in names:
    base = os.path.basename(name)
    if not base.endswith(".svg"):
        continue
    # Write to a temporary name first so no half-written icon is ever read.
    target = os.path.join(dest, base)
    with open(target + ".part", "wb") as out:
        out.write(icons.read(name))
    os.replace(target + ".part", target)
    count += 1
if count == 0:
    sys.exit("lucide.zip held no SVG files")
print(f"installed {count} lucide icons in {dest}")
PY
