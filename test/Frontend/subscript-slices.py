# Subscripts of tiles and scalars as Triton's tensor.__getitem__ takes them:
# the i-th index `None` inserts a unit dimension at position i (a scalar
# becomes a [1] tile), and `:` leaves the value as it is, also past its last
# dimension: a loaded scalar's `s[:, None]` is a [1] tile that broadcasts
# (sglang's fused MoE kernel scales a dot by `a_scale[:, None] * b_scale`
# where a block's scale is one value).
# RUN: tilec %s --kernel scalar_slices --signature "*fp32:16, *fp32:16, *fp32:16, 16" --emit=tile | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %s --kernel tile_slices --signature "*fp32:16, *fp32:16, 16" --emit=tile | FileCheck %s --check-prefix=TILE
# SCALAR: %[[S:.*]] = tile.load %{{.*}} : !tile.ptr<f32>
# (The canonicalizer folds the [1] tile's broadcast, and the expand_dims of
# a splat, into splats.)
# SCALAR: tile.splat %[[S]] : f32 -> tensor<16xf32>
# SCALAR: tile.splat %[[S]] : f32 -> tensor<1xf32>
# SCALAR: tile.splat %[[S]] : f32 -> tensor<1x1xf32>
# TILE: tile.expand_dims %[[X:.*]] {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
# TILE: tile.expand_dims %[[X]] {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
import triton
import triton.language as tl


@triton.jit
def scalar_slices(s_ptr, v_ptr, out_ptr, BLOCK: tl.constexpr):
    s = tl.load(s_ptr)
    offs = tl.arange(0, BLOCK)
    v = tl.load(v_ptr + offs)
    w = v * s[:, None]                      # [1], broadcast to [BLOCK]
    one = s[None, :]                        # [1]
    square = s[None, None]                  # [1, 1]
    tl.store(out_ptr + offs, w + s[:])      # s[:] is s
    tl.store(out_ptr + BLOCK + tl.arange(0, 1), one)
    tl.store(out_ptr + BLOCK + 1 + tl.arange(0, 1)[:, None], square)


@triton.jit
def tile_slices(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)[:, :]         # ':' past the last dimension: x
    rows = x[None, :]                       # [1, BLOCK]
    cols = x[:, None]                       # [BLOCK, 1]
    tl.store(out_ptr + offs[:, None] * BLOCK + offs[None, :], rows + cols)
