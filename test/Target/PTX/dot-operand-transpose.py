# A tile that is an operand of two dots, once transposed (attention's
# backward: q^T in k q^T and ds q, dO in p^T dO and v dO^T): it is staged
# once, and the transposed operand reads the same buffer through a
# tilegpu.memdesc_trans view, so no tile.trans goes through scratch memory,
# each tile has one buffer filled by pipelined 16-byte cp.async copies, and
# both accumulating dots run asynchronously on wgmma (TILEGPU). On
# mma.sync the same buffers serve ldmatrix (SM80). ptxas finds no spills.
# test/GPU/dot-operand-transpose.test runs it against the interpreter.
# RUN: tilec %s --kernel dkdv --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, 64, 32, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu -o - | FileCheck %s --check-prefix=TILEGPU
# RUN: tilec %s --kernel dkdv --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, 64, 32, 64" --num-warps 4 --num-stages 3 --arch sm_80 --emit=tilegpu -o - | FileCheck %s --check-prefix=SM80
# RUN: tilec %s --kernel dkdv --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, 64, 32, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# TILEGPU-NOT: tile.trans
# TILEGPU: scf.for
# TILEGPU: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32}
# TILEGPU: tilegpu.memdesc_trans %{{.*}} : !tilegpu.memdesc<32x64xf16, #[[DO:shared[0-9]*]]> -> !tilegpu.memdesc<64x32xf16, #[[QT:shared[0-9]*]]>
# TILEGPU: tilegpu.memdesc_trans %{{.*}} : !tilegpu.memdesc<64x32xf16, #[[QT]]> -> !tilegpu.memdesc<32x64xf16, #[[DO]]>
# TILEGPU: tile.dot {{.*}} {tilegpu.wgmma_pendings = 1 : i32}
# TILEGPU: tilegpu.async_copy {{.*}} {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, {{.*}}> -> !tilegpu.memdesc<64x32xf16, #[[QT]]>
# TILEGPU: tilegpu.async_copy {{.*}} {vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, {{.*}}> -> !tilegpu.memdesc<32x64xf16, #[[DO]]>
# TILEGPU: scf.yield
# SM80-NOT: tile.trans
# SM80: tilegpu.memdesc_trans
# SM80: tilegpu.memdesc_trans
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
import triton
import triton.language as tl


@triton.jit
def dkdv(Q, DO, KV, DK, DV, n_rows, BLOCK_N: tl.constexpr, BLOCK_M: tl.constexpr, HEAD: tl.constexpr):
    # One block of keys and values; the loop walks blocks of queries (q^T
    # and dO): dv += p^T dO, dk += ds q with p^T = k q^T and ds^T = p^T *
    # (v dO^T), the shape of Triton's fused-attention backward.
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD)
    k = tl.load(KV + offs_n[:, None] * HEAD + offs_d[None, :])
    v = tl.load(KV + BLOCK_N * HEAD + offs_n[:, None] * HEAD + offs_d[None, :])
    dk = tl.zeros([BLOCK_N, HEAD], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD], dtype=tl.float32)
    for start in range(0, n_rows, BLOCK_M):
        offs_m = start + tl.arange(0, BLOCK_M)
        qT = tl.load(Q + offs_m[None, :] * HEAD + offs_d[:, None])
        do = tl.load(DO + offs_m[:, None] * HEAD + offs_d[None, :])
        pT = tl.dot(k, qT) * 0.125
        dv += tl.dot(pT.to(tl.float16), do)
        dpT = tl.dot(v, tl.trans(do))
        dsT = (pT * dpT).to(tl.float16)
        dk += tl.dot(dsT, tl.trans(qT))
    tl.store(DK + offs_n[:, None] * HEAD + offs_d[None, :], dk)
    tl.store(DV + offs_n[:, None] * HEAD + offs_d[None, :], dv)
