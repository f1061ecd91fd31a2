#!/usr/bin/env bash
# Installs what is missing, builds shotter and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift test --explicit-target-dependency-import-check error 2>&1 | { grep -v 'warning: prohibited flag' || true; }
