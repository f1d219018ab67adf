# tilegpu-shared-read-layouts: in a loop, a conversion to the dot's
# accumulator layout of a tile that is also copied into shared memory (the
# dot's B operand) becomes a second read of that copy in the accumulator
# layout, right after the copy; the elementwise ops on it are made where the
# conversion was, and a loop-invariant tile they use (the row scales) is
# converted once, before the loop. (One stage: the loop is not pipelined.)
# RUN: tilec %s --kernel scaled_grads --signature "*bf16:16, *bf16:16, *fp32:16, *bf16:16, *fp32:16, i32:16" --arch sm_90a --num-warps 4 --num-stages 1 --emit=tilegpu | FileCheck %s
# Pipelined (tilegpu-pipeline's other loads), the tile is copied by cp.async
# into the dot operand's swizzled slot, which the dot reads, and the
# conversion becomes a read of that slot in the accumulator layout.
# RUN: tilec %s --kernel scaled_grads --signature "*bf16:16, *bf16:16, *fp32:16, *bf16:16, *fp32:16, i32:16" --arch sm_90a --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=PIPE
# PIPE: #[[MMA:mma[0-9]*]] = #tilegpu.mma<{version = 3
# PIPE: scf.for
# PIPE: tilegpu.async_copy {{.*}} -> !tilegpu.memdesc<64x64xbf16, #[[SH:shared[0-9]*]]>
# PIPE: %[[K:.*]] = tilegpu.local_load %[[SLOT:[0-9]+]] : !tilegpu.memdesc<64x64xbf16, #[[SH]]> -> tensor<64x64xbf16, #[[MMA]]>
# PIPE-NOT: tilegpu.local_alloc
# PIPE: %[[B:.*]] = tilegpu.local_load %[[SLOT]] : !tilegpu.memdesc<64x64xbf16, #[[SH]]> -> tensor<64x64xbf16, #dot_op
# PIPE: tile.dot %{{.*}}, %[[B]]
# PIPE: arith.extf %[[K]] : tensor<64x64xbf16, #[[MMA]]> to tensor<64x64xf32, #[[MMA]]>
# PIPE: scf.yield
# CHECK: #[[MMA:mma[0-9]*]] = #tilegpu.mma<{version = 3
# CHECK: %[[S:.*]] = tilegpu.convert_layout %{{.*}} : tensor<64xf32, #{{.*}}> -> tensor<64xf32, #[[SLICE:slice[0-9]*]]>
# CHECK: scf.for
# CHECK: %[[BUF:.*]] = tilegpu.local_alloc %{{.*}} : tensor<64x64xbf16, #{{.*}}> -> !tilegpu.memdesc<64x64xbf16
# CHECK-NEXT: %[[K:.*]] = tilegpu.local_load %[[BUF]] : !tilegpu.memdesc<64x64xbf16, #{{.*}}> -> tensor<64x64xbf16, #[[MMA]]>
# CHECK-NOT: convert_layout {{.*}}-> tensor<64x64xbf16, #[[MMA]]>
# CHECK: tile.dot
# CHECK: arith.extf %[[K]] : tensor<64x64xbf16, #[[MMA]]> to tensor<64x64xf32, #[[MMA]]>
# CHECK: scf.yield
# RUN: tilec %s --kernel scaled_grads --signature "*bf16:16, *bf16:16, *fp32:16, *bf16:16, *fp32:16, i32:16" --arch sm_90a --num-warps 4 --emit=ptx -o %t.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl


@triton.jit
def scaled_grads(A, K, S, OUT, DB, N):
    o = tl.arange(0, 64)
    b_a = tl.load(A + o[:, None] * 64 + o[None, :])
    s = tl.load(S + o)
    db = tl.zeros([64], dtype=tl.float32)
    for i in range(0, N, 64):
        b_k = tl.load(K + (i + o[:, None]) * 64 + o[None, :])
        b_kd = tl.dot(b_a, b_k)
        db += tl.sum(b_kd * b_k.to(tl.float32) * s[:, None], 1)
        tl.store(OUT + (i + o[:, None]) * 64 + o[None, :], (b_kd * s[:, None]).to(tl.bfloat16))
    tl.store(DB + o, db)


# A loaded tile scaled by a row factor is both a dot operand (transposed)
# and, scaled, a factor of the dot's result: the read in the accumulator
# layout takes the row factor as a broadcast of its column converted once
# before the loop (64 elements), not as a 64x64 tile through shared memory.
# RUN: tilec %s --kernel scaled_grads_t --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16" --arch sm_90a --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=BCAST
# BCAST: #[[MMA:mma[0-9]*]] = #tilegpu.mma<{version = 3
# BCAST-NOT: tilegpu.convert_layout {{.*}} -> tensor<64x64xf32, #[[MMA]]>
# BCAST: tile.expand_dims {{.*}} -> tensor<64x1xf32, #[[MMA]]>
# BCAST-NOT: tilegpu.convert_layout {{.*}} -> tensor<64x64xf32, #[[MMA]]>
# BCAST: scf.for
# BCAST: tilegpu.memdesc_trans
# BCAST: tile.dot
# BCAST: tile.reduce sum {{.*}} : tensor<64x64xf32, #[[MMA]]>
# BCAST-NOT: tilegpu.convert_layout {{.*}} -> tensor<64x64xf32, #[[MMA]]>
# BCAST: scf.yield
@triton.jit
def scaled_grads_t(A, K, S, DB, N):
    o = tl.arange(0, 64)
    b_a = tl.load(A + o[:, None] * 64 + o[None, :])
    s = tl.load(S + o)
    db = tl.zeros([64], dtype=tl.float32)
    for i in range(0, N, 64):
        b_k = tl.load(K + (i + o[:, None]) * 64 + o[None, :])
        b_ks = b_k * s[:, None]
        b_kd = tl.dot(b_a, tl.trans(b_ks).to(tl.bfloat16))
        db += tl.sum(b_kd * b_ks, 1)
    tl.store(DB + o, db)
