# Checks tl.fma(x, y, z) -> math.fma with scalar operands promoted and broadcast, and
# tl.cdiv on runtime ints ((x + d - 1) // d) and on constants (folded).
# RUN: tilec %s --kernel fc --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def fc(p, n):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    y = tl.fma(x, x, 1.0)
    k = tl.cdiv(n, 16)
    c: tl.constexpr = tl.cdiv(100, 16)
    tl.store(p + offs + k + c, y)


# CHECK-LABEL: func.func @fc
# CHECK-SAME: %[[N:arg1]]: i32
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[ONES:.*]] = tile.splat %{{.*}} : f32 -> tensor<16xf32>
# CHECK: %[[Y:.*]] = math.fma %[[X]], %[[X]], %[[ONES]] : tensor<16xf32>
# cdiv(n, 16) = (n + 16 - 1) // 16
# CHECK: %[[S:.*]] = arith.addi %[[N]], %{{.*}} : i32
# CHECK: %[[S1:.*]] = arith.subi %[[S]], %{{.*}} : i32
# CHECK: %[[K:.*]] = arith.divsi %[[S1]], %{{.*}} : i32
# cdiv(100, 16) folds to 7
# CHECK: arith.constant 7 : i32
# CHECK: tile.store %{{.*}}, %[[Y]]
