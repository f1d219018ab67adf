# tl.sort on the GPU: the bitonic network in registers, with shfl.sync.bfly
# for the positions that lanes hold apart and shared memory only for those
# warps hold apart; no reshape, no layout conversion. Ptxas accepts every
# kernel, without spills.
# RUN: tilec %s --kernel rows --signature "*fp32:16, *fp32:16, 4, 16" --emit=ptx -o %t.rows.ptx
# RUN: FileCheck %s --check-prefix=ROWS < %t.rows.ptx
# RUN: FileCheck %s --check-prefix=ROWSJSON < %t.rows.json
# RUN: tilec %s --kernel keys --signature "*i32:16, *i32:16, 1024" --emit=ptx -o %t.keys.ptx
# RUN: FileCheck %s --check-prefix=KEYS < %t.keys.ptx
# RUN: FileCheck %s --check-prefix=KEYSMEM < %t.keys.ptx
# RUN: FileCheck %s --check-prefix=KEYSJSON < %t.keys.json
# RUN: tilec %s --kernel keys --signature "*i32:16, *i32:16, 1024" --emit=tilegpu -o - | FileCheck %s --check-prefix=IR
# RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.rows.ptx -o %t.rows.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.keys.ptx -o %t.keys.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}

# Rows of 16 fp32 on 4 warps: each row within one warp (one element a
# thread, 16 lanes a row), so all 1 + 2 + 3 + 4 rounds cross lanes: 10
# shuffles, float comparisons, no shared memory.
# ROWS-COUNT-10: shfl.sync.bfly.b32
# ROWS-NOT: shfl.sync.bfly
# ROWS: setp.gt.f32
# ROWS-NOT: bar.sync
# ROWS-NOT: st.shared
# ROWSJSON: "shared_bytes": 0,

# 1024 uint32 keys on 4 warps (4 a chunk, 32 lanes, 4 warps: 2 chunks a
# thread): 30 rounds cross lanes (8 shuffles each), 5 cross warps through
# 4 KB of shared memory (store, barrier, load), unsigned comparisons.
# KEYS-COUNT-240: shfl.sync.bfly.b32
# KEYS-NOT: shfl.sync.bfly
# KEYS: setp.{{[a-z]+}}.u32
# KEYSMEM: st.shared
# KEYSMEM: bar.sync
# KEYSMEM: ld.shared
# KEYSJSON: "shared_bytes": 4096,
# IR: tile.sort %{{.*}} {unsigned_compare} : tensor<1024xi32, #blocked>
# IR-NOT: tile.reshape
# IR-NOT: convert_layout
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
import triton
import triton.language as tl


@triton.jit
def rows(X, Y, BM: tl.constexpr, BN: tl.constexpr):
    offs = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    tl.store(Y + offs, tl.sort(tl.load(X + offs)))


@triton.jit
def keys(X, Y, BN: tl.constexpr):
    offs = tl.arange(0, BN)
    k = tl.load(X + offs).to(tl.uint32)
    tl.store(Y + offs, tl.sort(k, 0).to(tl.int32, bitcast=True))
