# tilegpu-coalesce weighs the reductions of a rank-2 layout's tiles when it
# places the warps: among arrangements that give a thread as few registers,
# it keeps each reduced axis within a warp where it can, so that no partial
# results meet through shared memory. Column sums of [32, 128] tiles
# accumulated in a loop (Triton's layer-norm tutorial, _layer_norm_bwd_dwdb)
# put the 4 warps along the columns: each thread sums its 32 rows alone.
# RUN: tilec %s --kernel column_sums --signature "*fp16:16, *fp16:16, i32, i32, 32, 128" --arch sm_90a --num-warps 4 --emit=tilegpu | FileCheck %s
# CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
# CHECK: scf.for {{.*}} -> (tensor<32x128xf32, #[[B]]>)
# CHECK: tile.reduce sum {{.*}} {axis = 0 : i32} : tensor<32x128xf32, #[[B]]>
# RUN: tilec %s --kernel column_sums --signature "*fp16:16, *fp16:16, i32, i32, 32, 128" --arch sm_90a --num-warps 4 --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-NOT: bar.sync
# PTX-NOT: st.shared
# PTX: st.global.b16
# PTX-NOT: bar.sync
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin %}
#
# Row sums of the same tiles keep the warps along the rows (the default).
# RUN: tilec %s --kernel row_sums --signature "*fp16:16, *fp16:16, i32, i32, 32, 128" --arch sm_90a --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=ROWS
# ROWS: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
# ROWS: tile.reduce sum {{.*}} {axis = 1 : i32} : tensor<32x128xf32, #[[B]]>
#
# The kernel computes the sums (interpreter, which runs the tile IR before any
# layout is chosen, so this checks the kernel, not the placement; the output
# poisoned with NaN): M = 70 rows of N = 200 columns, 2 programs.
# RUN: %python %S/Inputs/column_sums_check.py gen %t.x 70 200
# RUN: tilec run %s --kernel column_sums --signature "*fp16:16, *fp16:16, i32, i32, 32, 128" --num-warps 4 --grid 2 --interpret --arg buf:fp16:file:%t.x --arg buf:fp16:file:%t.x.nan --arg i32:70 --arg i32:200 --out 1=%t.out
# RUN: %python %S/Inputs/column_sums_check.py check %t.x %t.out 70 200 | FileCheck %s --check-prefix=SUMS
# SUMS: 200 columns, 0 bad

import triton
import triton.language as tl


@triton.jit
def column_sums(X, Y, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_M):
        rows = i + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        acc += tl.load(X + rows[:, None] * N + cols[None, :], mask=mask, other=0.)
    tl.store(Y + cols, tl.sum(acc, axis=0), mask=cols < N)


@triton.jit
def row_sums(X, Y, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for j in range(0, N, BLOCK_N):
        cols = j + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        acc += tl.load(X + rows[:, None] * N + cols[None, :], mask=mask, other=0.)
    tl.store(Y + rows, tl.sum(acc, axis=1), mask=rows < M)
