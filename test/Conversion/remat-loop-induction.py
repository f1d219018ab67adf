# A loop-carried index compared with the rows of a dot's result (the causal
# mask of a diagonal block, as fla's parallel Based and attention kernels
# write it: `o_k += BTS` each iteration). The mask is computed in the dot's
# layout: the i32 column index converts instead of the i1 mask (a 32-element
# vector moves instead of a 64x32 tile), and the loop carries the index in
# the slice of the accumulator layout that the comparison reads (rule 8), so
# nothing converts in the loop.
# RUN: tilec %s --kernel diag --signature "*bf16:16, *bf16:16, *fp32:16, 64, 32, 16" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s
# RUN: tilec %s --kernel diag --signature "*bf16:16, *bf16:16, *fp32:16, 64, 32, 16" --num-warps 4 --arch sm_80 --emit=tilegpu | FileCheck %s
# CHECK: scf.for {{.*}} -> ({{.*}}tensor<32xi32, #[[SLICE:slice[0-9]*]]>{{.*}})
# CHECK-NOT: tilegpu.convert_layout
# CHECK: tile.dot {{.*}} -> tensor<64x32xf32, #[[MMA:mma[0-9]*]]>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<64x32xi32, #[[MMA]]>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: arith.addi %{{.*}}, %{{.*}} : tensor<32xi32, #[[SLICE]]>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: scf.yield
import triton
import triton.language as tl


@triton.jit
def diag(q_ptr, k_ptr, o_ptr, BTL: tl.constexpr, BTS: tl.constexpr, BK: tl.constexpr):
    o_q = tl.arange(0, BTL)
    o_k = tl.arange(0, BTS)
    rk = tl.arange(0, BK)
    b_q = tl.load(q_ptr + o_q[:, None] * BK + rk[None, :])
    acc = tl.zeros([BTL], dtype=tl.float32)
    for i in range(0, BTL, BTS):
        b_k = tl.load(k_ptr + rk[:, None] + (i + tl.arange(0, BTS))[None, :] * BK)
        s = tl.dot(b_q, b_k)
        s = tl.where(o_q[:, None] >= o_k[None, :], s, 0)
        acc += tl.sum(s, axis=1)
        o_k += BTS
    tl.store(o_ptr + o_q, acc)
