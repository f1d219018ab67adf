#!/usr/bin/env bash
# The main job: set up, build, and compile every seed kernel of examples/
# for fp32, fp16 and bf16, printing the `tile` IR of each.
# (GPU code generation and runs come with the GPU issues; see docs/status.md.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh tilec
TILEC=${TILEC_BUILD_DIR:-build}/bin/tilec
run() { # file kernel signature [num_warps]
  echo "=== $2 [$3] num_warps=${4:-4}"
  "$TILEC" "examples/$1" --kernel "$2" --signature "$3" --num-warps "${4:-4}" --emit=tile
}
for dt in fp32 fp16 bf16; do
  run softmax.py softmax_kernel "*$dt:16, *$dt:16, i32, i32, i32, 1024" 4
  run softmax.py softmax_kernel_mixed "*fp16:16, *$dt:16, i32, i32, i32, 4096" 16
  run softmax.py triton_softmax_kernel "*$dt:16, *$dt:16, i32, i32, i32, 2048" 8
  run gelu.py triton_gelu_kernel "*$dt:16, *$dt:16, i32, 1024"
  run row_sum.py row_sum_kernel "*$dt:16, *fp32:16, i32, 1024"
  run matmul_relu.py matmul_relu_kernel "*$dt:16, *$dt:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32"
done
echo "main: all seed kernels compiled to tile IR"
