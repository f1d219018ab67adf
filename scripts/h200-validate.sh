#!/usr/bin/env bash
# A full H200 run (the GPU suite, the sm_90a cases, the benchmark) in two
# commands on the device machine. Prepare here first:
#   bash scripts/h200-pack.sh                       # -> .pack/tilec.tar.xz
#   python3 bench/gen_ptx.py --out .pack/bench      # the benchmark's PTX
#   python3 bench/gen_ptx.py --split-experiment 00,01,10,11 --only split --out .pack/split
#   tar -C .pack -cJf .pack/bench.tar.xz bench split
# then on the device (the device tool's `run`, carry [".pack/tilec.tar.xz",
# ".pack/bench.tar.xz"]):
#   OUT=$OUT bash scripts/h200-validate.sh
# Steps (each with a time limit; results land in $OUT/r.tar.xz after each
# step, so a step that runs out of time still leaves the earlier ones):
#   1. scripts/h200-run.sh: tilec-gpu-test (all 768 cases at sm_90), then
#      compute-sanitizer memcheck and racecheck over --quick;
#   2. tilec-gpu-test --arch sm_90a for the matmul, tutorial matmul and flash
#      attention cases (wgmma);
#   3. bench/compare.py over .pack/bench (torch, Triton, tilec; --timing rotate)
#      and over .pack/split (the split-softmax experiment).
# TILEC_STEPS (default "1 2 3") picks the steps. All three take longer than
# one device command may (600 s): make two calls, TILEC_STEPS="1 2" (about
# 450 s) and TILEC_STEPS=3 (about 300 s).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/tilec-validate}
R=/tmp/r
mkdir -p "$R/logs" "$OUT"
save() { tar -C /tmp -cJf "$OUT/r.tar.xz" r; }
steps=" ${TILEC_STEPS:-1 2 3} "
# The environment of the unpacked tools (an array: `timeout` cannot run a
# shell function).
RUN=(env "LD_LIBRARY_PATH=/tmp/tilec/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
     "TILEC_LIBDEVICE=${TILEC_LIBDEVICE:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}")

if [[ $steps == *" 1 "* ]]; then
  OUT=$R/logs timeout 420 bash scripts/h200-run.sh > "$R/logs/suite.out" 2>&1
  echo "suite exit status: $?" >> "$R/logs/suite.out"
  save
fi
if [[ $steps == *" 2 "* ]]; then
  [ -x /tmp/tilec/bin/tilec-gpu-test ] || tar -C /tmp -xJf .pack/tilec.tar.xz
  for f in matmul flash_attention "matmul_kernel "; do
    tag=$(echo "$f" | tr -d ' ')
    limit=60
    [ "$f" = matmul ] && limit=150
    timeout $limit "${RUN[@]}" /tmp/tilec/bin/tilec-gpu-test --arch sm_90a --filter "$f" \
      > "$R/logs/gpu-test-90a-$tag.log" 2>&1
    echo "exit status: $?" >> "$R/logs/gpu-test-90a-$tag.log"
  done
  save
fi
if [[ $steps == *" 3 "* ]]; then
  if [ -f .pack/bench.tar.xz ]; then
    tar -C .pack -xJf .pack/bench.tar.xz
    for d in bench split; do
      [ -d ".pack/$d" ] || continue
      timeout 240 python3 bench/compare.py --ptx ".pack/$d" --timing rotate \
        --out "$R/$d" > "$R/logs/compare-$d.log" 2>&1
      echo "exit status: $?" >> "$R/logs/compare-$d.log"
      save
    done
  else
    echo "no .pack/bench.tar.xz: benchmark skipped" > "$R/logs/compare.log"
  fi
fi
save
echo "h200-validate: results in $OUT/r.tar.xz"
