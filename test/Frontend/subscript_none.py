# Checks x[:, None] and x[None, :] (expand_dims on axis 1 / 0), x[None] and the
# broadcast of the two to a 2-D tile.
# RUN: tilec %s --kernel idx_kernel --signature "*fp32:16, i32" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def idx_kernel(ptr, stride):
    rows = tl.arange(0, 32)
    cols = tl.arange(0, 16)
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(ptr + offs)
    v = tl.sum(x, axis=1)
    tl.store(ptr + rows[None], v[None])


# CHECK-LABEL: func.func @idx_kernel
# CHECK: %[[ROWS:.*]] = tile.make_range 0 to 32 : tensor<32xi32>
# CHECK: %[[COLS:.*]] = tile.make_range 0 to 16 : tensor<16xi32>
# CHECK: %[[R2:.*]] = tile.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
# CHECK: %[[RS:.*]] = arith.muli %[[R2]], %{{.*}} : tensor<32x1xi32>
# CHECK: %[[C2:.*]] = tile.expand_dims %[[COLS]] {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
# CHECK: %[[B1:.*]] = tile.broadcast %[[RS]] : tensor<32x1xi32> -> tensor<32x16xi32>
# CHECK: %[[B2:.*]] = tile.broadcast %[[C2]] : tensor<1x16xi32> -> tensor<32x16xi32>
# CHECK: %[[OFF:.*]] = arith.addi %[[B1]], %[[B2]] : tensor<32x16xi32>
# CHECK: tile.addptr %{{.*}}, %[[OFF]] : tensor<32x16x!tile.ptr<f32>>, tensor<32x16xi32>
# CHECK: %[[V:.*]] = tile.reduce sum %{{.*}} {axis = 1 : i32} : tensor<32x16xf32> -> tensor<32xf32>
# CHECK: tile.expand_dims %[[ROWS]] {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
# CHECK: %[[V2:.*]] = tile.expand_dims %[[V]] {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
# CHECK: tile.store %{{.*}}, %[[V2]] : tensor<1x32x!tile.ptr<f32>>
