# Checks tl.sum: axis, keep_dims, axis=None (one dimension at a time), int8 input promoted to i32 before summing
# (Triton's rule for < 32-bit ints), bool input summed as i32, and dtype=.
# RUN: tilec %s --kernel sm --signature "*fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def sm(p):
    r = tl.arange(0, 8)
    c = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + c[None, :])
    a = tl.sum(x, axis=0)
    b = tl.sum(x, axis=1, keep_dims=True)
    t = tl.sum(x)
    i8 = c.to(tl.int8)
    si = tl.sum(i8, axis=0)
    sb = tl.sum(c < 5, axis=0)
    sd = tl.sum(x, axis=0, dtype=tl.float64)
    tl.store(p + c, a + t + si + sb + sd)
    tl.store(p + r[:, None], b)


# CHECK-LABEL: func.func @sm
# CHECK: %[[C:.*]] = tile.make_range 0 to 16
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<8x16x!tile.ptr<f32>>
# CHECK: %[[A:.*]] = tile.reduce sum %[[X]] {axis = 0 : i32} : tensor<8x16xf32> -> tensor<16xf32>
# CHECK: %[[B0:.*]] = tile.reduce sum %[[X]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xf32>
# CHECK: %[[B:.*]] = tile.reshape %[[B0]] : tensor<8xf32> -> tensor<8x1xf32>
# CHECK: %[[R:.*]] = tile.reduce sum %[[X]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xf32>
# CHECK: %[[T:.*]] = tile.reduce sum %[[R]] {axis = 0 : i32} : tensor<8xf32> -> f32
# int8 is summed as i32
# CHECK: %[[I8:.*]] = arith.trunci %[[C]] : tensor<16xi32> to tensor<16xi8>
# CHECK: %[[I32:.*]] = arith.extsi %[[I8]] : tensor<16xi8> to tensor<16xi32>
# CHECK: %[[SI:.*]] = tile.reduce sum %[[I32]] {axis = 0 : i32} : tensor<16xi32> -> i32
# bool is summed as i32
# CHECK: %[[LT:.*]] = arith.cmpi slt
# CHECK: %[[BI:.*]] = arith.extui %[[LT]] : tensor<16xi1> to tensor<16xi32>
# CHECK: %[[SB:.*]] = tile.reduce sum %[[BI]] {axis = 0 : i32} : tensor<16xi32> -> i32
# dtype=tl.float64 casts before reducing
# CHECK: %[[X64:.*]] = arith.extf %[[X]] : tensor<8x16xf32> to tensor<8x16xf64>
# CHECK: %[[SD:.*]] = tile.reduce sum %[[X64]] {axis = 0 : i32} : tensor<8x16xf64> -> tensor<16xf64>
# CHECK: tile.store %{{.*}}, %[[B]] : tensor<8x1x!tile.ptr<f32>>

# A 16-bit float sum of every element: the stages sum fp32, rounded once.
# RUN: tilec %s --kernel sm_half --signature "*bf16:16" --emit=tile --no-opt | FileCheck %s --check-prefix=HALF
# HALF: %[[X:.*]] = tile.load %{{.*}} : tensor<8x16x!tile.ptr<bf16>>
# HALF: %[[W:.*]] = arith.extf %[[X]] : tensor<8x16xbf16> to tensor<8x16xf32>
# HALF: %[[R:.*]] = tile.reduce sum %[[W]] {axis = 1 : i32} : tensor<8x16xf32> -> tensor<8xf32>
# HALF: %[[T:.*]] = tile.reduce sum %[[R]] {axis = 0 : i32} : tensor<8xf32> -> f32
# HALF: arith.truncf %[[T]] : f32 to bf16
# HALF-NOT: tile.reshape


@triton.jit
def sm_half(p):
    r = tl.arange(0, 8)
    c = tl.arange(0, 16)
    x = tl.load(p + r[:, None] * 16 + c[None, :])
    tl.store(p, tl.sum(x))
