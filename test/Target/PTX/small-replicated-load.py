# A small tile loaded next to a long one (softmax_long_split_kernel's
# 8-element per-chunk statistics beside its 16384-element row chunk): the
# kernel's one rank-1 layout gives a thread as many elements as the row's
# 16-byte vectors hold (4 fp32, 8 bf16), and every thread of the CTA holds
# (and loads, one by one) that many of the small tile's 8 elements: 32 warps
# x 4-8 loads to one line, which the L2 serializes (half of that kernel's
# time on the H200). tilegpu-load-layouts gives such a load a layout of its
# own with one element a thread (its vector width), lane l holding element
# l mod 8, when everything using it is elementwise and ends in reductions:
# one load instruction a thread for each statistic, and the reductions on
# the new layout (butterflies within the warp). The row keeps its layout and
# 16-byte loads.
# RUN: tilec %s --kernel stats --signature "*fp32:16, *fp32:16, *fp32:16, 8, 16384" --num-warps 32 --emit=tilegpu | FileCheck %s --check-prefix=IR
# IR-DAG: #[[ONE:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [32], order = [0]}>
# IR-DAG: #[[ROW:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [32], order = [0]}>
# IR: tile.load {{.*}}tilegpu.vector = 4 : i32{{.*}}tensor<16384x!tile.ptr<f32>, #[[ROW]]>
# IR: tile.load {{.*}}tensor<8x!tile.ptr<f32>, #[[ONE]]>
# IR: tile.load {{.*}}tensor<8x!tile.ptr<f32>, #[[ONE]]>
# IR: tile.reduce max {{.*}} : tensor<8xf32, #[[ONE]]> -> f32
# IR: math.exp {{.*}} : tensor<8xf32, #[[ONE]]>
# IR: tile.reduce sum {{.*}} : tensor<8xf32, #[[ONE]]> -> f32
# IR-NOT: convert_layout
# RUN: tilec %s --kernel stats --signature "*fp32:16, *fp32:16, *fp32:16, 8, 16384" --num-warps 32 --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-COUNT-4: ld.global.v4.b32
# PTX-COUNT-2: ld.global.cg.b32
# PTX-NOT: ld.global.cg
# PTX: st.global.v4.b32
# A small load whose value goes elsewhere than elementwise ops and
# reductions (here a store) keeps the kernel's layout.
# RUN: tilec %s --kernel stored --signature "*fp32:16, *fp32:16, *fp32:16, 8, 16384" --num-warps 32 --emit=tilegpu | FileCheck %s --check-prefix=KEEP
# KEEP-NOT: sizePerThread = [1]
# KEEP: tile.load {{.*}}tensor<8x!tile.ptr<f32>, #blocked>
import triton
import triton.language as tl


@triton.jit
def stats(out_ptr, x_ptr, stats_ptr, CHUNKS: tl.constexpr, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + cols)
    peers = tl.arange(0, CHUNKS)
    ms = tl.load(stats_ptr + peers * 2, cache_modifier=".cg")
    ss = tl.load(stats_ptr + peers * 2 + 1, cache_modifier=".cg")
    row_max = tl.max(ms, axis=0)
    inv = 1.0 / tl.sum(ss * tl.exp(ms - row_max), axis=0)
    tl.store(out_ptr + cols, tl.exp(x - row_max) * inv)


@triton.jit
def stored(out_ptr, x_ptr, stats_ptr, CHUNKS: tl.constexpr, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + cols)
    peers = tl.arange(0, CHUNKS)
    ms = tl.load(stats_ptr + peers, cache_modifier=".cg")
    tl.store(out_ptr + cols, x * 2.0)
    tl.store(stats_ptr + CHUNKS + peers, ms)


# Two small loads of one layout with different vector widths (a 4096-wide
# fp32 tile read 16 bytes a lane, an 8-element stride-2 one read an element a
# lane, beside a 16384-wide bf16 row): each gets its own layout, the wide one
# keeping its 16-byte loads (grouped together, they would take the narrower
# width).
# RUN: tilec %s --kernel mixed --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, 8, 16384, 4096" --num-warps 32 --emit=tilegpu | FileCheck %s --check-prefix=MIXED
# MIXED-DAG: #[[ONE:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [32], order = [0]}>
# MIXED-DAG: #[[FOUR:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [32], order = [0]}>
# MIXED: tile.load {{.*}}tilegpu.vector = 4 : i32{{.*}}tensor<4096x!tile.ptr<f32>, #[[FOUR]]>
# MIXED: tile.load {{.*}}tilegpu.vector = 1 : i32{{.*}}tensor<8x!tile.ptr<f32>, #[[ONE]]>
@triton.jit
def mixed(out_ptr, x_ptr, y_ptr, s_ptr, C: tl.constexpr, BLOCK: tl.constexpr,
          B2: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + cols).to(tl.float32)
    y = tl.load(y_ptr + tl.arange(0, B2))
    p = tl.arange(0, C)
    s = tl.load(s_ptr + p * 2)
    t = tl.sum(y, axis=0) + tl.max(s, axis=0)
    tl.store(out_ptr + cols, (x * t).to(tl.bfloat16))
