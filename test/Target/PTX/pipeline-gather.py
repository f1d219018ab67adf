# A dot loop whose operand rows are gathered through an index table loaded
# in the loop (Liger's MoE weight gradients: rows by token index) is
# pipelined: the index load runs with the copies, S-1 iterations ahead,
# masked off where its iteration is past the end (its mask and'ed with the
# copies' predicate). A loop that also writes global memory keeps its
# loads where they are (the early index load could miss the writes).
# RUN: tilec %s --kernel gather_mm --signature "*fp16:16, *fp16:16, *i32:16, *fp32:16, i32, 64, 64, 32, 0" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu | FileCheck %s
# CHECK: %[[ON:.*]] = tile.splat %[[PRED:.*]] : i1 -> tensor<32xi1, #{{.*}}>
# CHECK: %[[M:.*]] = arith.andi %{{.*}}, %[[ON]] : tensor<32xi1, #{{.*}}>
# CHECK: tile.load %{{.*}}, %[[M]], %{{.*}} : tensor<32x!tile.ptr<i32>, #{{.*}}>
# CHECK: tilegpu.async_copy {{.*}} pred %[[PRED]]
# CHECK: tilegpu.async_copy {{.*}} pred %[[PRED]]
# CHECK: scf.for
# CHECK: tile.dot
# CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x!tile.ptr<i32>
# CHECK: tilegpu.async_copy
# RUN: tilec %s --kernel gather_mm --signature "*fp16:16, *fp16:16, *i32:16, *fp32:16, i32, 64, 64, 32, 1" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=WRITES
# WRITES-NOT: tilegpu.async_copy
# RUN: tilec %s --kernel gather_mm --signature "*fp16:16, *fp16:16, *i32:16, *fp32:16, i32, 64, 64, 32, 0" --num-warps 4 --num-stages 3 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX: cp.async.cg.shared.global
# PTX: wgmma.mma_async
import triton
import triton.language as tl


@triton.jit
def gather_mm(x_ptr, w_ptr, idx_ptr, out_ptr, n_rows, BLOCK_M: tl.constexpr,
              BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, COUNT: tl.constexpr):
    m = tl.arange(0, BLOCK_M)
    n = tl.arange(0, BLOCK_N)
    kk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, n_rows, BLOCK_K):
        rows = k + kk
        ok = rows < n_rows
        tok = tl.load(idx_ptr + rows, mask=ok, other=0)
        xt = tl.load(x_ptr + tok[None, :] * BLOCK_M + m[:, None], mask=ok[None, :], other=0.0)
        w = tl.load(w_ptr + tok[:, None] * BLOCK_N + n[None, :], mask=ok[:, None], other=0.0)
        acc = tl.dot(xt, w, acc)
        if COUNT:
            tl.atomic_add(out_ptr + BLOCK_M * BLOCK_N, 1.0)
    tl.store(out_ptr + m[:, None] * BLOCK_N + n[None, :], acc)
