# Checks tl.argmax / tl.argmin: i32 indices along an axis, keep_dims, and tie_break_left.
# RUN: tilec %s --kernel am --signature "*fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def am(p):
    r = tl.arange(0, 8)
    c = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + c[None, :])
    a = tl.argmax(x, axis=1)
    b = tl.argmin(x, 0, tie_break_left=True)
    k = tl.argmax(x, axis=0, keep_dims=True)
    tl.store(p + r, a.to(tl.float32))
    tl.store(p + c, b.to(tl.float32))
    tl.store(p + c[None, :], k.to(tl.float32))


# CHECK-LABEL: func.func @am
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<8x16x!tile.ptr<f32>>
# CHECK: %[[A:.*]] = tile.reduce argmax %[[X]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xi32>
# CHECK: %[[B:.*]] = tile.reduce argmin %[[X]] {axis = 0 : i32} : tensor<8x16xf32> -> tensor<16xi32>
# CHECK: %[[K0:.*]] = tile.reduce argmax %[[X]] {axis = 0 : i32} : tensor<8x16xf32> -> tensor<16xi32>
# CHECK: %[[K:.*]] = tile.reshape %[[K0]] : tensor<16xi32> -> tensor<1x16xi32>
# CHECK: arith.sitofp %[[A]] : tensor<8xi32> to tensor<8xf32>
# CHECK: arith.sitofp %[[B]] : tensor<16xi32> to tensor<16xf32>
# CHECK: arith.sitofp %[[K]] : tensor<1x16xi32> to tensor<1x16xf32>
