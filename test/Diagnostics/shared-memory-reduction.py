# A reduction whose cross-warp exchange needs more shared memory than the
# target has: the error is at the reduction, with its line (it named only the
# kernel). A [64, 1024] fp64 tile on 32 warps, summed over its columns and
# over its rows (the warps stay along the rows, where either placement
# leaves one of the sums across warps): every warp holds 2 of the rows and
# its partial sums of all 1024 columns, 32 x 1024 x 8 bytes.
# RUN: not tilec %s --kernel k --signature "*fp64:16, *fp64:16" --num-warps 32 --emit=ptx -o %t.ptx 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace
# A [2, 2048] fp32 tile on 32 warps puts its warps along the row (with all 32
# along its 2 rows, 16 would hold copies and the sum would exchange 256 KB),
# and 2 lanes of each warp along the rows: it compiles, 4 elements a thread,
# the sum within each warp.
# RUN: tilec %s --kernel k2 --signature "*fp32:16, *fp32:16" --num-warps 32 --emit=tilegpu \
# RUN:   | FileCheck %s --check-prefix=ROWS

import triton
import triton.language as tl

@triton.jit
def k(x_ptr, o_ptr):
    rm = tl.arange(0, 64)
    rn = tl.arange(0, 1024)
    x = tl.load(x_ptr + rm[:, None] * 1024 + rn[None, :])
    tl.store(o_ptr + 1024 + rm, tl.sum(x, axis=1))
    tl.store(o_ptr + rn, tl.sum(x, axis=0))

# CHECK: {{^}}{{.*}}shared-memory-reduction.py:[[@LINE-2]]:29: error: this reduction needs 262144 bytes of shared memory, the kernel 262144 in all; the target allows at most 232448 per program (use smaller tiles, fewer warps or fewer --num-stages){{$}}
# CHECK-NEXT: {{^}}    tl.store(o_ptr + rn, tl.sum(x, axis=0)){{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
# CHECK-NEXT: {{^}}tilec: error: lowering to LLVM failed (in pass 'tilegpu-allocate-shared'){{$}}


@triton.jit
def k2(x_ptr, o_ptr):
    rm = tl.arange(0, 2)
    rn = tl.arange(0, 2048)
    x = tl.load(x_ptr + rm[:, None] * 2048 + rn[None, :])
    tl.store(o_ptr + rn, tl.sum(x, axis=0))

# ROWS: #[[B:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 32], order = [1, 0]}>
# ROWS: tile.reduce sum %{{.*}} {axis = 0 : i32} : tensor<2x2048xf32, #[[B]]>
