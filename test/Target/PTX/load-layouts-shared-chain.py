# tilegpu-load-layouts' small replicated loads: the index of the load is a
# chain of 30 tiles each used twice (o = o * o): the check that it is cheap
# to recompute walks each value once (walking every path, 2^30 of them,
# would take about a minute; the limit of 20 s fails that). The load still gets its one-element
# layout.
# RUN: timeout 20 tilec %s --kernel chain --signature "*fp32:16, *fp32:16, *fp32:16, 8, 16384" --num-warps 32 --emit=tilegpu | FileCheck %s
# CHECK: #[[ONE:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [32], order = [0]}>
# CHECK: tile.load {{.*}}tensor<8x!tile.ptr<f32>, #[[ONE]]>
# CHECK: tile.reduce max {{.*}} : tensor<8xf32, #[[ONE]]> -> f32
import triton
import triton.language as tl


@triton.jit
def chain(out_ptr, x_ptr, stats_ptr, CHUNKS: tl.constexpr, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + cols)
    o = tl.arange(0, CHUNKS)
    for _ in tl.static_range(30):
        o = o * o
    ms = tl.load(stats_ptr + (o & 7))
    tl.store(out_ptr + cols, x * tl.max(ms, axis=0))
