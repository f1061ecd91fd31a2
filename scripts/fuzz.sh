#!/usr/bin/env bash
# Long fuzz campaigns (docs/decisions.md, "Fuzzer"): CASES cases (default 100000) of seed
# SEED (default 1), JOBS at a time (default 2), through release builds of shotter.
# Prints cases per second and the outcome counts, shrinks the first failure of each kind into
# Tests/FuzzCases/ (replayed by `swift test --filter FuzzTests`), and exits 1 when any case
# crashed, hung over 10 s, left partial output or printed a bad message.
#   scripts/fuzz.sh [CASES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-100000}"
seed="${2:-1}"
bash scripts/setup.sh -c release   # builds every product, shotter-fuzz among them
bin="$(swift build -c release --show-bin-path)"
exec "$bin/shotter-fuzz" run --cases "$cases" --seed "$seed" --jobs "${JOBS:-2}" \
    --shotter "$bin/shotter" --save Tests/FuzzCases
