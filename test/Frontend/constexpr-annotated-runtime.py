# `x: tl.constexpr = v` with v known only at run time: Triton wraps v in a
# constexpr and uses it as the runtime value it is (FlagGems' radix sort:
# `CTA_TILE_N: tl.constexpr = TILE_N * tiles_n_per_cta`, an i32 argument),
# and so does tilec; where a constant is needed, the use says so.
# RUN: tilec %s --kernel k --signature "*i32:16, i32, 1024" --emit=tile | FileCheck %s
# CHECK: func.func @k(%{{.*}}: !tile.ptr<i32> {{.*}}, %[[N:arg1]]: i32)
# CHECK: %[[P:.*]] = arith.muli %[[N]], %{{.*}} : i32
# CHECK: tile.store %{{.*}}, %[[P]] : !tile.ptr<i32>
# RUN: not tilec %s --kernel r --signature "*i32:16, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=RANGE
# RANGE: error: the end of tl.arange must be a compile-time integer constant, got a scalar of type i32
import triton
import triton.language as tl


@triton.jit
def k(X, n, TILE_N: tl.constexpr):
    CTA_TILE_N: tl.constexpr = TILE_N * n
    tl.store(X + tl.program_id(0), CTA_TILE_N)


@triton.jit
def r(X, n):
    B: tl.constexpr = n
    tl.store(X + tl.arange(0, B), 0)
