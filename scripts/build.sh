#!/usr/bin/env bash
# Configures (once) and builds tilec into ${TILEC_BUILD_DIR:-build}.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${TILEC_BUILD_DIR:-build}
if [ ! -f "$BUILD/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S . -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DLLVM_USE_LINKER=lld \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-19/build/utils/lit/lit.py \
    "${launcher[@]}"
fi
ninja -C "$BUILD" "$@"
