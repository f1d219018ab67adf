# tile.scan and tile.generic_reduce on the GPU: a chunk scanned in each
# thread, the chunk totals across lanes with shfl.sync.up (down for
# reverse=True), the warps' totals through shared memory between a store and
# a barrier, and a carry across the thread's chunks; a reduction with a
# combine function by a shfl.sync.bfly butterfly and the warps' values
# through shared memory. Ptxas accepts every kernel.
# RUN: tilec %s --kernel cumsum1d --signature "*fp32:16, *fp32:16, 1024" --emit=ptx -o %t.fwd.ptx
# RUN: FileCheck %s --check-prefix=FWD < %t.fwd.ptx
# RUN: FileCheck %s --check-prefix=FWDJSON < %t.fwd.json
# RUN: tilec %s --kernel pair_rev --signature "*fp32:16, *i32:16, 64, 64" --emit=ptx -o %t.rev.ptx
# RUN: FileCheck %s --check-prefix=REV < %t.rev.ptx
# RUN: tilec %s --kernel argmin_cols --signature "*fp16:16, *i32:16, 256, 32" --num-warps 8 --emit=ptx -o %t.red.ptx
# RUN: FileCheck %s --check-prefix=RED < %t.red.ptx
# RUN: tilec %s --kernel small --signature "*i64:16, *i64:16" --emit=ptx -o %t.small.ptx
# RUN: FileCheck %s --check-prefix=SMALL < %t.small.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.fwd.ptx -o %t.fwd.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.rev.ptx -o %t.rev.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.red.ptx -o %t.red.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.small.ptx -o %t.small.cubin %}

# 1024 elements on 4 warps in chunks of 4 (vector loads): 2 chunks per
# thread; for each, 5 Hillis-Steele steps and the exclusive prefix with
# shfl.sync.up, the warp totals through shared memory (one slot per chunk
# and warp: 2 * 4 * 4 bytes), stored by the last lane only.
# FWD-COUNT-12: shfl.sync.up.b32
# FWD: @%p{{[0-9]+}} st.shared.b32
# FWD: bar.sync
# FWD: ld.shared.f32
# FWD-NOT: shfl.sync.down
# FWDJSON: "shared_bytes": 32,

# A (value, index) scan along axis 1 in reverse: shfl.sync.down for both
# parts; the 64 columns lie within one warp (no shared memory).
# REV: shfl.sync.down.b32
# REV-NOT: shfl.sync.up
# REV-NOT: bar.sync

# A column-wise (value, index) reduction of 256 rows on 8 warps: the
# butterfly over the lanes along the column (the f16 value widened to 32
# bits for the shuffle), then the warps' (value, index) pairs in shared
# memory: stored by one lane, a barrier, loaded by every thread.
# RED: shfl.sync.bfly.b32
# RED: st.shared.b16
# RED: st.shared.b32
# RED: bar.sync
# RED: ld.shared

# 16 int64 elements on 128 threads: each copy of the tile is a segment of
# its own (lanes 0-15 and 16-31 alike), 64-bit values in two halves.
# SMALL-COUNT-8: shfl.sync.up.b32
# SMALL-NOT: bar.sync

import triton
import triton.language as tl


@triton.jit
def cumsum1d(X, Y, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(Y + offs, tl.cumsum(tl.load(X + offs), 0))


@triton.jit
def keep_max(v1, i1, v2, i2):
    gt = v2 > v1
    return tl.where(gt, v2, v1), tl.where(gt, i2, i1)


@triton.jit
def pair_rev(V, I, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    v, i = tl.associative_scan((tl.load(V + offs), tl.load(I + offs)), 1,
                               keep_max, reverse=True)
    tl.store(V + offs, v)
    tl.store(I + offs, i)


@triton.jit
def argmin_left(v1, i1, v2, i2):
    lt = (v2 < v1) | ((v2 == v1) & (i2 < i1))
    return tl.where(lt, v2, v1), tl.where(lt, i2, i1)


@triton.jit
def argmin_cols(V, I, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    v = tl.load(V + rows[:, None] * N + cols[None, :])
    m, i = tl.reduce((v, rows[:, None] + cols[None, :] * 0), 0, argmin_left)
    tl.store(V + cols, m)
    tl.store(I + cols, i)


@triton.jit
def small(X, Y):
    offs = tl.arange(0, 16)
    tl.store(Y + offs, tl.cumsum(tl.load(X + offs), 0))
