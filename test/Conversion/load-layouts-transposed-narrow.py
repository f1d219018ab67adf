# A dot operand given transposed by its strides (the [BK, BN] key tile of
# fla's parallel Based forward: K contiguous, BK = 16) of 16-bit elements,
# too small for the widest vector its pointers allow: 16 x 32 bf16 on 4
# warps is 4 elements a thread, and 8-element vectors would give each
# element to two threads. The load takes the widest vector that fits (4,
# along the contiguous dimension) and is pipelined with 8-byte cp.async,
# instead of one 2-byte load an element in each iteration.
# RUN: tilec %s --kernel kt --signature "*bf16:16, *bf16:16, *fp32:16, i32, 64, 32, 16" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s
# RUN: tilec %s --kernel kt --signature "*bf16:16, *bf16:16, *fp32:16, i32, 64, 32, 16" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# CHECK: #[[KT:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
# CHECK: scf.for
# CHECK: tilegpu.async_copy {{.*}} {vector = 4 : i32} : tensor<16x32x!tile.ptr<bf16>, #[[KT]]>
# CHECK-NOT: tile.load {{.*}}16x32x!tile.ptr<bf16>
# PTX-NOT: ld.global.b16
# PTX-NOT: ld.global.u16
# PTX: cp.async.ca.shared.global [ %r{{[0-9]+}} + 0 ], [ %rd{{[0-9]+}} + 0 ], 8
import triton
import triton.language as tl


@triton.jit
def kt(q_ptr, k_ptr, o_ptr, n, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rk = tl.arange(0, BK)
    b_q = tl.load(q_ptr + rm[:, None] * BK + rk[None, :])
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for i in range(0, n, BN):
        o_s = i + tl.arange(0, BN)
        b_k = tl.load(k_ptr + rk[:, None] + o_s[None, :] * BK)
        acc += tl.dot(b_q, b_k)
    tl.store(o_ptr + rm[:, None] * BN + tl.arange(0, BN)[None, :], acc)
