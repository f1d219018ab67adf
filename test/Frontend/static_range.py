# Checks tl.static_range: the loop is unrolled at compile time (no scf.for), the induction
# variable is a constant in each copy, and negative steps work.
# RUN: tilec %s --kernel unrolled --signature "*fp32:16, 3" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def unrolled(p, N: tl.constexpr):
    offs = tl.arange(0, 16)
    acc = tl.zeros([16], dtype=tl.float32)
    for i in tl.static_range(N):
        acc += tl.load(p + offs + i * 16)
    for j in tl.static_range(10, 4, -3):
        acc *= j
    tl.store(p + offs, acc)


# CHECK-LABEL: func.func @unrolled
# CHECK-NOT: scf.for
# CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
# CHECK: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: %[[L0:.*]] = tile.load
# CHECK: %[[A0:.*]] = arith.addf %[[ZERO]], %[[L0]] : tensor<16xf32>
# CHECK: %[[C16:.*]] = arith.constant 16 : i32
# CHECK: %[[L1:.*]] = tile.load
# CHECK: %[[A1:.*]] = arith.addf %[[A0]], %[[L1]] : tensor<16xf32>
# CHECK: %[[C32:.*]] = arith.constant 32 : i32
# CHECK: %[[L2:.*]] = tile.load
# CHECK: %[[A2:.*]] = arith.addf %[[A1]], %[[L2]] : tensor<16xf32>
# CHECK-NOT: tile.load
# static_range(10, 4, -3) is 10, 7.
# CHECK: arith.constant 1.000000e+01 : f32
# CHECK: %[[M1:.*]] = arith.mulf %[[A2]]
# CHECK: arith.constant 7.000000e+00 : f32
# CHECK: %[[M2:.*]] = arith.mulf %[[M1]]
# CHECK-NOT: arith.mulf
# CHECK: tile.store %{{.*}}, %[[M2]]
# CHECK-NOT: scf.for
