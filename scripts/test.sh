#!/usr/bin/env bash
# Sets up, builds, and runs every test (lit: FileCheck tests, diagnostics,
# the dialect tests, the GoogleTest unit tests and a bounded fuzzing run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
ninja -C "${TILEC_BUILD_DIR:-build}" check-tilec
