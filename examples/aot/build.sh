#!/bin/sh
# Builds examples/aot/main.c, a C program that runs the seed softmax and the
# seed matmul through launchers written by `tilec aot` and `tilec aot-link`,
# with a plain C compiler against the generated files, cuda.h and libcuda.
#
#   examples/aot/build.sh [TILEC] [OUTDIR]     (from the repository root)
#
# TILEC defaults to build/bin/tilec, OUTDIR to build/aot-example; $CC (cc),
# $CUDA_HOME (/usr/local/cuda) and $ARCH (sm_90a) may be set. Links against
# libcuda, or against the toolkit's stub of it where no driver is installed
# (the program then runs on a machine that has one). Prints the program's path.
set -eu
TILEC=${1:-build/bin/tilec}
OUT=${2:-build/aot-example}
CC=${CC:-cc}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
ARCH=${ARCH:-sm_90a}
mkdir -p "$OUT"
rm -f "$OUT"/*.h "$OUT"/*.c

# softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride,
# n_cols, BLOCK_SIZE): one program per row; the grid is the row count, a
# constant of this example (the kernel does not take it).
"$TILEC" aot examples/softmax.py -n softmax_kernel --arch "$ARCH" -w 4 \
  -s "*fp32:16, *fp32:16, i32, i32, i32, 1024" -g "4096" \
  -on softmax -o "$OUT/softmax" > /dev/null
# matmul_relu_kernel: one specialization for 16-aligned pointers, sizes and
# strides with unit inner strides, one for anything else; the dispatcher
# picks by the arguments.
MM="examples/matmul_relu.py -n matmul_relu_kernel --arch $ARCH -w 8 -on matmul"
GRID="(M + 127) / 128, (N + 127) / 128, 1"
"$TILEC" aot $MM -g "$GRID" -o "$OUT/matmul" \
  -s "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64" > /dev/null
"$TILEC" aot $MM -g "$GRID" -o "$OUT/matmul" \
  -s "*fp16, *fp16, *fp32, i32, i32, i32, i32, i32, i32, i32, i32, i32, 128, 128, 64" > /dev/null
"$TILEC" aot-link "$OUT"/softmax.*.h "$OUT"/matmul.*.h -o "$OUT/kernels" > /dev/null

LIBDIR="$CUDA_HOME/lib64"
[ -e "$LIBDIR/libcuda.so" ] || LIBDIR="$CUDA_HOME/lib64/stubs"
"$CC" -std=c11 -O2 -Wall -Wextra -I"$OUT" -I"$CUDA_HOME/include" \
  examples/aot/main.c "$OUT"/*.c -L"$LIBDIR" -lcuda -lm -pthread -o "$OUT/aot_example"
echo "$OUT/aot_example"
