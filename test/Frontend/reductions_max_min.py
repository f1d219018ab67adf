# Checks tl.max / tl.min reductions: along an axis, keep_dims, axis=None (all elements,
# one dimension at a time, the last first), and return_indices=True (value and argmax/argmin index).
# RUN: tilec %s --kernel red --signature "*fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def red(p):
    r = tl.arange(0, 8)
    c = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + c[None, :])
    a = tl.max(x, axis=1)
    b = tl.min(x, axis=0, keep_dims=True)
    m = tl.max(x)
    v, i = tl.max(x, axis=1, return_indices=True)
    w, j = tl.min(x, 0, return_indices=True)
    tl.store(p + r, a + v + i + m)
    tl.store(p + c[None, :], b + w[None, :] + j[None, :])


# CHECK-LABEL: func.func @red
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<8x16x!tile.ptr<f32>>
# CHECK: %[[A:.*]] = tile.reduce max %[[X]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xf32>
# CHECK: %[[B0:.*]] = tile.reduce min %[[X]] {axis = 0 : i32} : tensor<8x16xf32> -> tensor<16xf32>
# CHECK: %[[B:.*]] = tile.reshape %[[B0]] : tensor<16xf32> -> tensor<1x16xf32>
# CHECK: %[[R:.*]] = tile.reduce max %[[X]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xf32>
# CHECK: %[[M:.*]] = tile.reduce max %[[R]] {axis = 0 : i32} : tensor<8xf32> -> f32
# CHECK: %[[V:.*]] = tile.reduce max %[[X]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xf32>
# CHECK: %[[I:.*]] = tile.reduce argmax %[[X]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xi32>
# CHECK: %[[W:.*]] = tile.reduce min %[[X]] {axis = 0 : i32} : tensor<8x16xf32> -> tensor<16xf32>
# CHECK: %[[J:.*]] = tile.reduce argmin %[[X]] {axis = 0 : i32} : tensor<8x16xf32> -> tensor<16xi32>
# CHECK: arith.addf %[[A]], %[[V]] : tensor<8xf32>
# CHECK: arith.sitofp %[[I]] : tensor<8xi32> to tensor<8xf32>
# CHECK: tile.splat %[[M]] : f32 -> tensor<8xf32>
# CHECK: %[[W2:.*]] = tile.expand_dims %[[W]] {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
# CHECK: arith.addf %[[B]], %[[W2]] : tensor<1x16xf32>
