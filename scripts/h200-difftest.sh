#!/usr/bin/env bash
# Runs ON the H200 machine, from the repository root, after
# scripts/h200-pack.sh made .pack/tilec.tar.xz here: tools/difftest over the
# hand-written cases (test/Differential/Inputs) and COUNT generated kernels
# (default 2000, seeds from SEED, default 1), each through tilec's
# interpreter, tilec on the GPU (`tilec run`) and Triton on the GPU, Triton
# being the reference. Logs go to $OUT (if set) or /tmp/tilec-logs; failing
# kernels, with their reductions, to difftest-failures.tar.gz there.
#   JOBS  worker processes (default 14)
set -uo pipefail
cd "$(dirname "$0")/.."
LOGS=${OUT:-/tmp/tilec-logs}
mkdir -p "$LOGS"
[ -x /tmp/tilec/bin/tilec ] || tar -C /tmp -xJf .pack/tilec.tar.xz || exit 2
# tilec with its packed libraries, for difftest's subprocesses only (the
# Python process keeps the system's libraries for torch and Triton).
cat > /tmp/tilec/tilec-env <<WRAP
#!/bin/sh
export LD_LIBRARY_PATH=/tmp/tilec/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
export TILEC_LIBDEVICE=\${TILEC_LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}
exec /tmp/tilec/bin/tilec "\$@"
WRAP
chmod +x /tmp/tilec/tilec-env
export PYTHONUNBUFFERED=1
DT=(python3 tools/difftest/difftest.py --tilec /tmp/tilec/tilec-env --gpu --triton
    --jobs "${JOBS:-14}" --reduce --out /tmp/difftest-failures --progress 250)
rm -rf /tmp/difftest-failures
rc=0
"${DT[@]}" --seed "${SEED:-1}" --cases test/Differential/Inputs/*.py \
  2>&1 | tee "$LOGS/difftest-cases.log"
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
"${DT[@]}" --seed "${SEED:-1}" --count "${COUNT:-2000}" \
  2>&1 | tee "$LOGS/difftest-generated.log"
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
[ -d /tmp/difftest-failures ] && tar -C /tmp -czf "$LOGS/difftest-failures.tar.gz" difftest-failures
exit $rc
