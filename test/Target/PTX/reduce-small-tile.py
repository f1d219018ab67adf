# A reduction of a tile that one warp covers, on many warps: every warp holds
# the whole tile, so it reduces within the warp (its in-warp replicas count
# as the identity) and needs no shared memory or barrier. An 8-element sum on
# 32 warps: the five butterfly steps of a warp (lanes 0-7 hold the elements, the other
# lanes replicas), no bar.sync, no shared memory. With a tile wider than a
# warp (2048 elements, 8 warps), the exchange across warps stays.
# RUN: tilec %s --kernel small --signature "*fp32:16, *fp32:16" --num-warps 32 --emit=ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=SMALL < %t.ptx
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# SMALL-COUNT-5: shfl.sync.bfly.b32
# SMALL-NOT: shfl.sync.bfly
# SMALL-NOT: bar.sync
# SMALL-NOT: .shared
# JSON: "shared_bytes": 0,
# RUN: tilec %s --kernel wide --signature "*fp32:16, *fp32:16" --num-warps 8 --emit=ptx | FileCheck %s --check-prefix=WIDE
# WIDE: shfl.sync.bfly.b32
# WIDE: st.shared
# WIDE: bar.sync
import triton
import triton.language as tl


@triton.jit
def small(x_ptr, y_ptr):
    x = tl.load(x_ptr + tl.arange(0, 8))
    tl.store(y_ptr, tl.sum(x, axis=0))


@triton.jit
def wide(x_ptr, y_ptr):
    x = tl.load(x_ptr + tl.arange(0, 2048))
    tl.store(y_ptr, tl.sum(x, axis=0))
