#!/usr/bin/env bash
# Installs what shotter needs and is missing on a Debian machine, then builds it:
# the C libraries (Cairo, Pango, librsvg, poppler-glib, libdeflate, zlib), the gdk-pixbuf loaders for
# WebP and HEIC pictures, the pinned font packages, headless
# Chromium (to test the audit's HTML report), the lucide icons
# (PyPI, pinned), the reference pixelmatch (PyPI, pinned) and a debug build. Safe to run
# again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Swift lives in /opt/swift on these machines; make sure it is on PATH.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# Keep in sync with PangoTextMeasurer.fontPackages, Package.swift's CCairo and CDeflate providers and
# SVGExport's Poppler (libpoppler-glib, loaded with dlopen on the first PDF picture).
# chromium-headless-shell: a test loads `shotter audit --html`'s page in it (AuditCLITests).
packages=(
    libcairo2-dev libpango1.0-dev librsvg2-dev libpoppler-glib-dev libdeflate-dev zlib1g-dev
    webp-pixbuf-loader heif-gdk-pixbuf
    fonts-inter fonts-jetbrains-mono fonts-noto-core fonts-quicksand fonts-noto-cjk fonts-noto-color-emoji
    chromium-headless-shell
)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

bash scripts/install-icons.sh
# The reference pixelmatch (and numpy, to read PNGs without our decoder) for
# scripts/pixelmatch-check.py, which ImageDiffTests runs; pinned like the expected counts.
python3 -c 'import pixelmatch, numpy' 2>/dev/null ||
    python3 -m pip install --quiet pixelmatch==0.4.0 numpy
# pkg-config hands SwiftPM a -pthread it will not pass on; the warning is noise.
swift build "$@" 2>&1 | { grep -v 'warning: prohibited flag' || true; } >&2
