#!/usr/bin/env bash
# The main job: set up, build, compile every seed kernel of examples/ to PTX
# for fp32, fp16 and bf16 (with its tile IR and metadata under build/main/),
# check each PTX with ptxas where the CUDA toolkit is present, then run and
# check every seed kernel on the GPU with tilec-gpu-test. Without a GPU the
# last step says so and exits 0 after compiling everything.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD=${TILEC_BUILD_DIR:-build}
bash scripts/build.sh tilec
# tilec-gpu-test is configured only where cuda.h is found (for its types).
HAVE_GPU_TEST=0
if ninja -C "$BUILD" -t targets all 2>/dev/null | grep -q '^tilec-gpu-test:'; then
  bash scripts/build.sh tilec-gpu-test
  HAVE_GPU_TEST=1
fi
TILEC=$BUILD/bin/tilec
OUTDIR=$BUILD/main
mkdir -p "$OUTDIR"
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
n=0
compile() { # file kernel signature num_warps tag
  local base="$OUTDIR/$2.$5"
  "$TILEC" "examples/$1" --kernel "$2" --signature "$3" --num-warps "$4" --emit=tile -o "$base.mlir"
  "$TILEC" "examples/$1" --kernel "$2" --signature "$3" --num-warps "$4" --emit=ptx -o "$base.ptx"
  local regs=""
  if [ -x "$PTXAS" ]; then
    regs=$("$PTXAS" -arch=sm_90 -v "$base.ptx" -o "$base.cubin" 2>&1 | grep -o "Used [0-9]* registers" || true)
  fi
  printf '%-24s %-6s num_warps=%-2s %6s lines of tile IR, %6s lines of PTX  %s\n' \
    "$2" "$5" "$4" "$(wc -l < "$base.mlir")" "$(wc -l < "$base.ptx")" "$regs"
  n=$((n + 1))
}
for dt in fp32 fp16 bf16; do
  compile softmax.py softmax_kernel "*$dt:16, *$dt:16, i32, i32, i32, 1024" 4 $dt
  compile softmax.py softmax_kernel_mixed "*fp16:16, *$dt:16, i32, i32, i32, 4096" 16 $dt
  compile softmax.py triton_softmax_kernel "*$dt:16, *$dt:16, i32, i32, i32, 2048" 8 $dt
  compile gelu.py triton_gelu_kernel "*$dt:16, *$dt:16, i32, 1024" 4 $dt
  compile row_sum.py row_sum_kernel "*$dt:16, *fp32:16, i32, 1024" 4 $dt
  compile matmul_relu.py matmul_relu_kernel "*$dt:16, *$dt:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32" 4 $dt
done
echo "main: $n seed kernel configurations compiled to tile IR and PTX in $OUTDIR"
# Run and check them on the GPU (skipped, saying so, without one).
if [ "$HAVE_GPU_TEST" = 1 ]; then
  "$BUILD/bin/tilec-gpu-test" "$@"
  # With a GPU: the time and GB/s (TFLOP/s) of each seed kernel.
  "$BUILD/bin/tilec-gpu-test" --bench
else
  echo "main: cuda.h was not found at configure time, so tilec-gpu-test is not built: GPU runs skipped"
fi
