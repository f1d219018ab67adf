# Two dots of one loaded A (a gated MLP's gate and up projections): A is
# staged into one shared buffer, which both dots read, and the loop is
# pipelined with one multi-buffered slot array per distinct load (three:
# A, W_gate, W_up), every copy 16 bytes.
# RUN: tilec %s --kernel gated --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, i32:16, 64, 64, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit=tilegpu | FileCheck %s
# CHECK-COUNT-3: tilegpu.local_alloc : !tilegpu.memdesc<3x64x64xbf16
# CHECK-NOT: tilegpu.local_alloc
# CHECK: scf.for
# CHECK: %[[SLOT:.*]] = tilegpu.memdesc_subview %{{.*}}[
# CHECK: %[[LA:.*]] = tilegpu.local_load %[[SLOT]]
# CHECK-NOT: tilegpu.local_alloc
# CHECK: tile.dot %[[LA]],
# CHECK-NOT: tilegpu.local_alloc
# CHECK: tile.dot %[[LA]],
# CHECK: scf.yield
# On wgmma both dots read A's slot through its descriptor: nothing loads it
# into registers (no ldmatrix), and each k step of 16 is one wgmma per dot.
# RUN: tilec %s --kernel gated --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, i32:16, 64, 64, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-NOT: ldmatrix
# PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
# PTX: wgmma.commit_group
# PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
# PTX: wgmma.commit_group
# PTX-NOT: ldmatrix
import triton
import triton.language as tl


@triton.jit
def gated(x_ptr, wg_ptr, wu_ptr, out_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc_g = tl.zeros((BM, BN), dtype=tl.float32)
    acc_u = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(x_ptr + rm[:, None] * K + (k + rk)[None, :])
        wg = tl.load(wg_ptr + (k + rk)[:, None] * BN + rn[None, :])
        wu = tl.load(wu_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc_g = tl.dot(x, wg, acc_g)
        acc_u = tl.dot(x, wu, acc_u)
    y = acc_g * tl.sigmoid(acc_g) * acc_u
    tl.store(out_ptr + rm[:, None] * BN + rn[None, :], y.to(tl.bfloat16))
