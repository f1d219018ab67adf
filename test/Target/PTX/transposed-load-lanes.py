# A state loaded down its columns (contiguous along dimension 0, as fla's
# fused recurrences load their initial state) gets a layout of its own in
# that order (tilegpu-load-layouts), converted once into the layout of the
# loop's tiles. It does not shape that layout's lanes: the [8, 64] tiles
# keep 4 lanes along the rows and 8 along the columns, so each row sum in
# the loop is 3 shuffle rounds over 2 rows a thread, not 5 over 8 rows (32
# lanes along the columns, fitted to the column load as to a one-element-
# wide access).
# RUN: tilec %s --kernel state_rows --signature "*fp32:16, *fp32:16, *fp32:16, i32, 64, 8" --num-warps 1 --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# TGPU-DAG: #[[OWN:.*]] = #tilegpu.blocked<{sizePerThread = [4, 1], {{.*}}order = [0, 1]}>
# TGPU-DAG: #[[LOOP:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
# TGPU: tile.load {{.*}} : tensor<8x64x!tile.ptr<f32>, #[[OWN]]>
# TGPU: scf.for
# TGPU: tile.reduce sum {{.*}} : tensor<8x64xf32, #[[LOOP]]>
# RUN: tilec %s --kernel state_rows --signature "*fp32:16, *fp32:16, *fp32:16, i32, 64, 8" --num-warps 1 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=PTX
# PTX-COUNT-6: shfl.sync.bfly
# PTX-NOT: shfl.sync
import triton
import triton.language as tl


@triton.jit
def state_rows(h0, k, o, T, K: tl.constexpr, V: tl.constexpr):
    offs_k = tl.arange(0, K)
    offs_v = tl.arange(0, V)
    h = tl.load(h0 + offs_k[None, :] * V + offs_v[:, None])
    for t in range(T):
        b_k = tl.load(k + t * K + offs_k)
        s = tl.sum(h * b_k[None, :], axis=1)
        tl.store(o + t * V + offs_v, s)
