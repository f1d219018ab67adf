# A tf32 dot whose B is N-major runs as the transposed wgmma product (C^T =
# B^T A^T, the transposed mma layout); its accumulator here starts as a
# broadcast column (`dv = tl.dot(tl.trans(s), q) + beta[:, None]` folded into
# the dot). Broadcasts, expand_dims and slices do not lower in that layout,
# so the column stays in a blocked layout and one conversion takes the
# broadcast tile to the accumulator (the layout passes had moved the
# broadcast into it, and the LLVM lowering crashed; fla's mesa-net and CyFA
# backward kernels compute so).
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 64, 64" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# TGPU: #[[T:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], transposed}>
# TGPU-NOT: tilegpu.slice<{dim = {{[0-9]}}, parent = #[[T]]}>
# TGPU: %[[ACC:.*]] = tilegpu.convert_layout %{{.*}} : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #[[T]]>
# TGPU: tile.dot %{{.*}}, %{{.*}}, %[[ACC]] {{.*}} -> tensor<64x64xf32, #[[T]]>
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 64, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# An fp32 attention step (one iteration of its loop): the running rescale
# of the accumulator, a broadcast column in the first dot's accumulator
# layout, is converted to the second dot's transposed layout (the broadcast
# had been moved into it: the compiler grew past 24 GB).
# RUN: tilec %s --kernel attn_step --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, 64, 64, 64, 64" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=ATTN
# ATTN: #[[T:.*]] = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], transposed}>
# ATTN-NOT: tilegpu.slice<{dim = {{[0-9]}}, parent = #[[T]]}>
# ATTN: tile.dot {{.*}} -> tensor<64x64xf32, #[[T]]>
# RUN: tilec %s --kernel attn_step --signature "*fp32:16, *fp32:16, *fp32:16, *fp32:16, 64, 64, 64, 64" --num-warps 4 --arch sm_90a --emit=ptx -o %t.attn.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.attn.ptx -o %t.attn.cubin %}
import triton
import triton.language as tl


@triton.jit
def k(Q, K, G, Beta, Out, BT: tl.constexpr, BK: tl.constexpr):
    t = tl.arange(0, BT)
    c = tl.arange(0, BK)
    g = tl.load(G + t)
    beta = tl.load(Beta + t)
    q = tl.load(Q + t[:, None] * BK + c[None, :])
    kt = tl.load(K + t[:, None] * BK + c[None, :])
    decay = tl.where(t[:, None] >= t[None, :], tl.exp2(g[:, None] - g[None, :]), 0)
    s = tl.dot(q, tl.trans(kt)) * decay
    dv = tl.dot(tl.trans(s), q)
    tl.store(Out + t[:, None] * BK + c[None, :], dv + beta[:, None])


@triton.jit
def attn_step(Q, K, V, Out, KEYS: tl.constexpr, BH: tl.constexpr, BN: tl.constexpr, BD: tl.constexpr):
    h = tl.arange(0, BH)
    d = tl.arange(0, BD)
    q = tl.load(Q + h[:, None] * BD + d[None, :])
    m = tl.zeros([BH], dtype=tl.float32) - float("inf")
    acc = tl.zeros([BH, BD], dtype=tl.float32)
    for start in range(0, KEYS, BN):
        n = start + tl.arange(0, BN)
        kt = tl.load(K + n[None, :] * BD + d[:, None])
        qk = tl.dot(q, kt)
        m_new = tl.maximum(tl.max(qk, 1), m)
        p = tl.exp2(qk - m_new[:, None])
        acc *= tl.exp2(m - m_new)[:, None]
        v = tl.load(V + n[:, None] * BD + d[None, :])
        acc += tl.dot(p, v)
        m = m_new
    tl.store(Out + h[:, None] * BD + d[None, :], acc)
