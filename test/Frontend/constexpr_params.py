# Checks tl.constexpr parameters: folded into the IR and dropped from the kernel's
# arguments, usable as shapes, in constant arithmetic and with defaults; int, float and bool values.
# RUN: tilec %s --kernel cexpr --signature "*fp32:16, i32, 32, 0.5, True" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def cexpr(p, n, BLOCK: tl.constexpr, SCALE: tl.constexpr, FLAG: tl.constexpr):
    HALF: tl.constexpr = BLOCK // 2
    offs = tl.arange(0, BLOCK * 2)
    x = tl.load(p + offs, mask=offs < n)
    y = tl.reshape(x, (HALF, 4))
    if FLAG:
        y = y * SCALE
    tl.store(p + offs, tl.ravel(y), mask=offs < n)


# Only p and n remain parameters.
# CHECK-LABEL: func.func @cexpr
# CHECK-SAME: (%[[P:arg0]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[N:arg1]]: i32) attributes {tile.kernel}
# CHECK: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: %[[X:.*]] = tile.load %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[Y:.*]] = tile.reshape %[[X]] : tensor<64xf32> -> tensor<16x4xf32>
# CHECK: %[[H:.*]] = arith.constant 5.000000e-01 : f32
# CHECK: %[[HS:.*]] = tile.splat %[[H]] : f32 -> tensor<16x4xf32>
# CHECK: %[[M:.*]] = arith.mulf %[[Y]], %[[HS]] : tensor<16x4xf32>
# CHECK: tile.reshape %[[M]] : tensor<16x4xf32> -> tensor<64xf32>
