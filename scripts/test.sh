#!/usr/bin/env bash
# Sets up, builds, and runs every test (lit: FileCheck tests, diagnostics,
# the dialect tests, the GoogleTest unit tests, the kernel corpus and a
# bounded fuzzing run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
# The corpus's kernel packages, from the package registry (test/Corpus).
python3 tools/corpus/corpus.py fetch --cache "${TILEC_BUILD_DIR:-build}/corpus-src"
ninja -C "${TILEC_BUILD_DIR:-build}" check-tilec
