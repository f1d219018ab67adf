# Accesses under a bound check of contiguous indices whose bound has no
# known divisibility (`offs < T` with T a plain i32: a ragged size, or a
# parameter Triton kernels keep out of specialization with
# do_not_specialize) are vectors with `tilegpu.mask_prefix`, and
# tilegpu-version-bounds branches once, on `tilegpu.runs_in_bounds` of the
# masks, between a copy of the ops from the first such access to the last
# whose accesses are whole unpredicated vectors (`tilegpu.in_bounds`) and
# the ops as they were, which read and write element by element at the
# edge. Here a flat index split into rows of D = 5632 (`offs // D`,
# `offs % D`): the row is constant over aligned groups of 512 (the axis
# analysis' quotient rule), so a thread computes it once for its 8
# elements (two 64-bit divisions for its 16), and its addresses are 16-byte
# runs.
# RUN: tilec %s --kernel gated_rows --signature "*bf16:16, *bf16:16, *bf16:16, i32:16, i32, 5632, 4096" --num-warps 8 --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# TGPU: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
# TGPU: arith.divsi {{.*}} {tilegpu.constancy = array<i32: 512>} : tensor<4096xi64, #[[B]]>
# TGPU: %[[IN:.*]] = tilegpu.runs_in_bounds %{{.*}} {vector = 8 : i32} : tensor<4096xi1, #[[B]]>
# TGPU-NOT: tilegpu.runs_in_bounds
# TGPU: scf.if %[[IN]] {
# TGPU: tile.load {{.*}} {tilegpu.in_bounds, tilegpu.vector = 8 : i32}
# TGPU: tile.load {{.*}} {tilegpu.in_bounds, tilegpu.vector = 8 : i32}
# TGPU: tile.store {{.*}} {tilegpu.in_bounds, tilegpu.vector = 8 : i32}
# TGPU: } else {
# TGPU: tile.load {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 8 : i32}
# TGPU: tile.load {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 8 : i32}
# TGPU: tile.store {{.*}} {tilegpu.edge, tilegpu.mask_prefix, tilegpu.vector = 8 : i32}
# RUN: tilec %s --kernel gated_rows --signature "*bf16:16, *bf16:16, *bf16:16, i32:16, i32, 5632, 4096" --num-warps 8 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX-COUNT-2: mul.hi.u64
# PTX-NOT: mul.hi.u64
# PTX: @%p{{[0-9]+}} bra
# PTX-COUNT-4: {{^}}	ld.global.v4.b32
# PTX-COUNT-2: {{^}}	st.global.v4.b32
# PTX: bra.uni
# PTX: @%p{{[0-9]+}} ld.global.v4.b32
# PTX: @%p{{[0-9]+}} ld.global.b16
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# PTXAS: 0 bytes spill stores
#
# Two bounds (two prefix masks): one branch on both, and the exact version
# branches no more (its accesses are predicated: a vector on each run's last
# bit, elements where it is false).
# RUN: tilec %s --kernel two_bounds --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, 1024" --num-warps 4 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=TWO
# TWO-COUNT-1: @{{!?}}%p{{[0-9]+}} bra
# TWO-NOT: @{{!?}}%p{{[0-9]+}} bra
# TWO: @%p{{[0-9]+}} ld.global.v4.b32
# TWO: @%p{{[0-9]+}} ld.global.b32
# TWO: @%p{{[0-9]+}} st.global.v4.b32
# TWO: @%p{{[0-9]+}} st.global.b32
#
# A reduction between two accesses talks to other threads (shuffles, shared
# memory, barriers): the threads must run the same code, so nothing is
# versioned, and each access branches on its own (the LLVM lowering).
# RUN: tilec %s --kernel centered --signature "*fp32:16, *fp32:16, i32, 1024" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=REDUCE
# REDUCE-NOT: tilegpu.runs_in_bounds
# REDUCE: tile.load {{.*}} {tilegpu.mask_prefix, tilegpu.vector = 4 : i32}
# REDUCE: tile.reduce
# REDUCE: tile.store {{.*}} {tilegpu.mask_prefix, tilegpu.vector = 4 : i32}
# RUN: tilec %s --kernel centered --signature "*fp32:16, *fp32:16, i32, 1024" --num-warps 4 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=REDUCE-PTX
# REDUCE-PTX: bra
# REDUCE-PTX: {{^}}	ld.global.v4.b32
# REDUCE-PTX: @%p{{[0-9]+}} ld.global.b32
# REDUCE-PTX: bar.sync
# REDUCE-PTX: {{^}}	st.global.v4.b32
# REDUCE-PTX: @%p{{[0-9]+}} st.global.b32
#
# A mask computed from a value loaded in the span (after its first access)
# is not computed ahead of it: not versioned.
# RUN: tilec %s --kernel gather_then_store --signature "*fp32:16, *i32:16, *fp32:16, i32, 1024" --num-warps 4 --emit=tilegpu | FileCheck %s --check-prefix=LOADED
# LOADED-NOT: tilegpu.runs_in_bounds
# LOADED: tile.load {{.*}} {tilegpu.mask_prefix, tilegpu.vector = 4 : i32}
# LOADED: tile.store {{.*}} {tilegpu.mask_prefix, tilegpu.vector = 4 : i32}
import triton
import triton.language as tl


@triton.jit
def gated_rows(x, y, z, stride_row, T, D: tl.constexpr, B: tl.constexpr):
    i = tl.program_id(0).to(tl.int64)
    offs = i * B + tl.arange(0, B)
    mask = offs < T
    row = offs // D
    col = offs % D
    a = tl.load(x + row * stride_row + col, mask=mask, other=0.).to(tl.float32)
    b = tl.load(y + row * stride_row + col, mask=mask, other=0.).to(tl.float32)
    tl.store(z + row * stride_row + col, (a * tl.sigmoid(a) * b).to(z.dtype.element_ty), mask=mask)


@triton.jit
def centered(x, y, n, B: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    a = tl.load(x + offs, mask=offs < n, other=0.)
    m = tl.sum(a, axis=0) / B
    tl.store(y + offs, a - m, mask=offs < n)


@triton.jit
def gather_then_store(x, lim, y, n, B: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    a = tl.load(x + offs, mask=offs < n, other=0.)
    bound = tl.load(lim)
    tl.store(y + offs, a * 2, mask=offs < bound)


@triton.jit
def two_bounds(x, y, z, n, m, B: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    a = tl.load(x + offs, mask=offs < n, other=0.)
    b = tl.load(y + offs, mask=offs < m, other=0.)
    tl.store(z + offs, a + b, mask=offs < n)
