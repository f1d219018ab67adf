# A dot operand that is the transpose of a tile computed in registers (a
# loaded tile scaled by a row factor and cast: fla's WY-representation
# backward, `tl.dot(b_dw, tl.trans(b_kbg).to(tl.bfloat16))`) is staged as
# that tile, whose threads hold 8 consecutive elements along the operand's
# K, into a K-major buffer that the dot reads through a transposed view:
# 16-byte shared stores, no transpose through shared memory in registers.
# RUN: tilec %s --kernel k --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, 64, 64, 64" --arch sm_90a --emit=tilegpu | FileCheck %s
# CHECK: #[[SH:shared[0-9]*]] = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
# CHECK-NOT: tile.trans
# CHECK: %[[M:.*]] = arith.mulf
# CHECK: %[[C:.*]] = arith.truncf %[[M]] : tensor<64x64xf32, #[[L:blocked[0-9]*]]> to tensor<64x64xbf16, #[[L]]>
# CHECK: %[[BUF:.*]] = tilegpu.local_alloc %[[C]] : tensor<64x64xbf16, #[[L]]> -> !tilegpu.memdesc<64x64xbf16, #[[SH]]>
# CHECK: %[[V:.*]] = tilegpu.memdesc_trans %[[BUF]]
# CHECK: %[[B:.*]] = tilegpu.local_load %[[V]] {{.*}} -> tensor<64x64xbf16, #dot_op
# CHECK: tile.dot %{{.*}}, %[[B]]
# CHECK-NOT: tile.trans
# RUN: tilec %s --kernel k --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, 64, 64, 64" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=ld.shared.b16 < %t.ptx
# A and B: 4 16-byte stores a thread each (64x64 bf16 on 128 threads); no
# 2-byte reads of a transpose.
# PTX-COUNT-8: st.shared.v4.b32
# PTX: wgmma.mma_async
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, s_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rn[:, None] * BK + rk[None, :])  # [N, K], K contiguous
    s = tl.load(s_ptr + rn)
    bs = b * s[:, None]
    c = tl.dot(a, tl.trans(bs).to(tl.bfloat16))
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], c)
