# Checks tl.where(cond, x, y): arith.select with promotion of the branches (f32 tile vs
# scalar 0.0, int tile vs float) and broadcasting of a 1-D condition against a 2-D tile.
# RUN: tilec %s --kernel wh --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def wh(p, n):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    a = tl.where(offs < n, x, 0.0)
    b = tl.where(x > 0, offs, x)
    m2 = tl.load(p + offs[:, None] * 16 + offs[None, :])
    c = tl.where(offs[None, :] < n, m2, -float('inf'))
    tl.store(p + offs, a + b + tl.max(c, axis=0))


# CHECK-LABEL: func.func @wh
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: %[[M:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: %[[ZS:.*]] = tile.splat %{{.*}} : f32 -> tensor<16xf32>
# CHECK: %[[A:.*]] = arith.select %[[M]], %[[X]], %[[ZS]] : tensor<16xi1>, tensor<16xf32>
# CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[X]], %{{.*}} : tensor<16xf32>
# CHECK: %[[RF:.*]] = arith.sitofp %[[R]] : tensor<16xi32> to tensor<16xf32>
# CHECK: %[[B:.*]] = arith.select %[[POS]], %[[RF]], %[[X]] : tensor<16xi1>, tensor<16xf32>
# CHECK: %[[M2:.*]] = tile.load %{{.*}} : tensor<16x16x!tile.ptr<f32>>
# CHECK: %[[COND:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1x16xi32>
# CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
# CHECK: %[[NINFS:.*]] = tile.splat %[[NINF]] : f32 -> tensor<16x16xf32>
# CHECK: %[[CONDB:.*]] = tile.broadcast %[[COND]] : tensor<1x16xi1> -> tensor<16x16xi1>
# CHECK: arith.select %[[CONDB]], %[[M2]], %[[NINFS]] : tensor<16x16xi1>, tensor<16x16xf32>
