# tilegpu-coalesce: between arrangements of a layout's lanes and warps that
# give a thread as many registers of the largest tile and take as many
# memory requests, the one whose threads hold the fewest registers of the
# tiles the accesses load and store wins. [4, 4096] rows beside a
# [1, 4096] mixing vector (fla's RWKV-7 token-mix addcmul) on 4 warps: with
# the warps along the rows every warp holds and loads the whole vector (16
# 16-byte loads a thread for it); with the warps along the row, 4.
# RUN: tilec %s --kernel mix --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, i32, 2560, 4, 4096" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s
# RUN: tilec %s --kernel mix --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, i32, 2560, 4, 4096" --num-warps 4 --arch sm_90a --emit=ptx | grep -c "ld.global.v4" | FileCheck %s --check-prefix=LOADS
# CHECK: #[[L:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
# CHECK: tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<1x4096x!tile.ptr<bf16>, #[[L]]>
# 16 for each of the two [4, 4096] rows, 4 for the vector
# LOADS: {{^}}36{{$}}
import triton
import triton.language as tl


@triton.jit
def mix(h_ptr, x_ptr, r_ptr, o_ptr, T, D: tl.constexpr, BT: tl.constexpr, BD: tl.constexpr):
    t = tl.program_id(0) * BT + tl.arange(0, BT)
    d = tl.arange(0, BD)[None, :]
    off = t[:, None] * D + d
    m = (t < T)[:, None] & (d < D)
    h = tl.load(h_ptr + off, mask=m, other=0.)
    x = tl.load(x_ptr + off, mask=m, other=0.)
    r = tl.load(r_ptr + d, mask=d < D)
    tl.store(o_ptr + off, tl.fma(x, r, h), mask=m)
