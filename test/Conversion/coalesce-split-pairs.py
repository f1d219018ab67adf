# tilegpu-coalesce: tl.split of a loaded [32, 2] tile (complex numbers as
# (re, im) pairs, Liger's Llama 4 RoPE) sums the selected half of each pair
# along the fastest dimension; the pair stays in one thread (sizePerThread 2
# along it, 8-byte loads), as Triton's split requires of its operand, where
# one element a thread (2 lanes a pair: fewer registers of the tiny tile)
# had each half cross lanes and then shared memory to reach the layout of
# the [32] rows it multiplies (7 barriers a program).
# RUN: tilec %s --kernel rotate --signature "*fp32:16, *fp32:16, fp32" --num-warps 4 --arch sm_90a --emit=tilegpu | FileCheck %s
# RUN: tilec %s --kernel rotate --signature "*fp32:16, *fp32:16, fp32" --num-warps 4 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=PTX
# CHECK: #[[P:.*]] = #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
# CHECK: tile.load {{.*}} {tilegpu.vector = 2 : i32} : tensor<32x2x!tile.ptr<f32>, #[[P]]>
# PTX: ld.global.v2.b32
# PTX-NOT: bar.sync
import triton
import triton.language as tl


@triton.jit
def rotate(f_ptr, x_ptr, sign):
    d = tl.arange(0, 32)
    f = tl.load(f_ptr + d[:, None] * 2 + tl.arange(0, 2)[None, :])
    re, im = tl.split(f)
    im = im * sign
    x = tl.load(x_ptr + d * 2)
    y = tl.load(x_ptr + d * 2 + 1)
    tl.store(x_ptr + d * 2, tl.math.fma(x, re, -(y * im)))
    tl.store(x_ptr + d * 2 + 1, tl.math.fma(x, im, y * re))
