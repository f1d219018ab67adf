#!/usr/bin/env bash
# Runs ON the H200: Triton's IR/PTX/SASS and ncu profiles of both systems for the
# configs given (compare.py --only syntax), to compare tilec's code with Triton's.
#   OUT=$OUT bash bench/inspect.sh matmul_fp16_4096_64x64x32w4s3,softmax_bf16_4096x4096
# Writes $OUT/inspect.tar.xz (dump/: *.triton.{ttgir.mlir,ll,ptx,cubin,json,sass},
# *.tilec.sass) and $OUT/ncu.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
ONLY=$1
OUT=${OUT:-/tmp/inspect-out}
PTX=${PTX_DIR:-.pack/bench}   # gen_ptx.py --out of these configs
# ncu sections beyond the defaults below, e.g. NCU_EXTRA="--section SourceCounters"
NCU_EXTRA=${NCU_EXTRA:-}
D=/tmp/inspect/dump
mkdir -p "$D" "$OUT"
export PATH=$PATH:/usr/local/cuda/bin
TB=$(python3 -c 'import triton,os;print(os.path.join(os.path.dirname(triton.__file__),"backends/nvidia/bin"))')
CUOBJDUMP=$(command -v cuobjdump || echo "$TB/cuobjdump")
PTXAS=$(command -v ptxas || echo "$TB/ptxas")
python3 bench/compare.py --ptx "$PTX" --out /tmp/inspect/r --only "$ONLY" --no-copy \
  --dump "$D" 2>&1 | tee "$OUT/compare.log"
for f in "$D"/*.triton.cubin; do "$CUOBJDUMP" -sass "$f" > "${f%.cubin}.sass" 2>&1; done
IFS=, read -ra ids <<< "$ONLY"
for id in "${ids[@]}"; do
  for p in "$PTX"/*"$id"*.ptx; do
    b=$(basename "$p" .ptx)
    "$PTXAS" -arch sm_90a -v -o "$D/$b.tilec.cubin" "$p" > "$D/$b.tilec.ptxas.txt" 2>&1
    "$CUOBJDUMP" -sass "$D/$b.tilec.cubin" > "$D/$b.tilec.sass" 2>&1
  done
done
KN=$(python3 -c "import json,sys;m=json.load(open('$PTX/manifest.json'));print('|'.join(sorted({c['kernel'] for c in m['configs']})))")
ncu --clock-control none --kernel-name "regex:^($KN)\$" --section SpeedOfLight --section Occupancy \
  --section LaunchStats --section SchedulerStats --section WarpStateStats \
  --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section InstructionStats $NCU_EXTRA \
  python3 bench/compare.py --ptx "$PTX" --out /tmp/inspect/p --only "$ONLY" --no-copy \
  --systems torch,triton,tilec --profile > "$OUT/ncu.txt" 2>&1
echo "ncu exit $?"
tar -C /tmp/inspect -cJf "$OUT/inspect.tar.xz" dump
ls -la "$OUT"
