#!/usr/bin/env bash
# Runs ON the H200 machine, from the repository root, after
# scripts/h200-pack.sh made .pack/tilec.tar.xz here (see
# /work/shared/design/h200.md): unpacks it to /tmp/tilec, runs
# tilec-gpu-test (arguments are passed on), then compute-sanitizer memcheck
# over `tilec-gpu-test --quick`, tilec-runtime-tests with its GPU tests, and
# the test/GPU lit tests that need no FileCheck (scripts/gpu-lit.py).
# Logs go to $OUT (if set) or /tmp/tilec-logs.
#   TILEC_BENCH=1  also run `tilec-gpu-test --bench` (bench.log)
#   TILEC_MEMCHECK=0  skip compute-sanitizer memcheck
#   TILEC_RACECHECK=0  skip compute-sanitizer racecheck
#   TILEC_LIT=0  skip scripts/gpu-lit.py
# Exit status: 0 when the tests and memcheck pass.
set -uo pipefail
cd "$(dirname "$0")/.."
DEST=/tmp/tilec
LOGS=${OUT:-/tmp/tilec-logs}
mkdir -p "$LOGS"
rm -rf "$DEST"
mkdir -p /tmp
tar -C /tmp -xJf .pack/tilec.tar.xz || { echo "h200-run: cannot unpack .pack/tilec.tar.xz" >&2; exit 2; }

LIBS=$DEST/lib
export TILEC_LIBDEVICE=${TILEC_LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}
export PATH=$PATH:/usr/local/cuda/bin
# The packed libraries only for our binaries (not for compute-sanitizer).
run() { env LD_LIBRARY_PATH="$LIBS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$@"; }

nvidia-smi -L 2>&1 | tee "$LOGS/device.log"
rc=0
echo "== tilec-gpu-test $*"
run "$DEST/bin/tilec-gpu-test" "$@" 2>&1 | tee "$LOGS/gpu-test.log"
test_rc=${PIPESTATUS[0]}
[ "$test_rc" = 0 ] || rc=1

# The runtime's GoogleTest suite with the driver, its GPU tests included.
if [ -x "$DEST/bin/tilec-runtime-tests" ]; then
  echo "== tilec-runtime-tests (TILEC_RUNTIME_TESTS_GPU=1)"
  run env TILEC_RUNTIME_TESTS_GPU=1 "$DEST/bin/tilec-runtime-tests" --gtest_color=no 2>&1 | tee "$LOGS/runtime-tests.log"
  [ "${PIPESTATUS[0]}" = 0 ] || rc=1
fi

# test/GPU: each kernel on the GPU against the interpreter (gpu-lit.log).
if [ "${TILEC_LIT:-1}" = 1 ]; then
  echo "== scripts/gpu-lit.py"
  run env PATH="$DEST/bin:$PATH" python3 scripts/gpu-lit.py 2>&1 | tee "$LOGS/gpu-lit.log"
  [ "${PIPESTATUS[0]}" = 0 ] || rc=1
fi

if [ "${TILEC_BENCH:-0}" = 1 ]; then
  echo "== tilec-gpu-test --bench"
  run "$DEST/bin/tilec-gpu-test" --bench 2>&1 | tee "$LOGS/bench.log"
  echo "== tilec-runtime-bench (cache hit, launch overhead)"
  run env TILEC_CACHE_DIR=/tmp/tilec-cache "$DEST/bin/tilec-runtime-bench" 2>&1 | tee "$LOGS/runtime-bench.log"
fi

# compute-sanitizer TOOL over `tilec-gpu-test --quick` into LOGS/TOOL.log.
sanitize() {
  echo "== compute-sanitizer --tool $1 tilec-gpu-test --quick"
  compute-sanitizer --tool "$1" --target-processes all --error-exitcode 3 \
    env LD_LIBRARY_PATH="$LIBS" TILEC_LIBDEVICE="$TILEC_LIBDEVICE" \
    "$DEST/bin/tilec-gpu-test" --quick 2>&1 | tee "$LOGS/$1.log"
  local st=${PIPESTATUS[0]}
  [ "$st" = 0 ] || rc=1
  echo "$1 exit status: $st"
}
[ "${TILEC_MEMCHECK:-1}" = 1 ] && sanitize memcheck
[ "${TILEC_RACECHECK:-1}" = 1 ] && sanitize racecheck
echo "tilec-gpu-test exit status: $test_rc; logs in $LOGS"
exit $rc
