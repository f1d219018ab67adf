# Checks tl.maximum / tl.minimum (floats: maxnumf/minnumf, Triton's default
# propagate_nan=NONE; signed ints: maxsi; unsigned: minui) and tl.clamp(x, lo, hi).
# RUN: tilec %s --kernel mm --signature "*fp32:16, i32, u32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def mm(p, n, u):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    a = tl.maximum(x, 0.0)
    b = tl.minimum(x, a)
    c = tl.clamp(x, -1.0, 1.0)
    i = tl.maximum(offs, n)
    j = tl.minimum(offs.to(tl.uint32), u)
    tl.store(p + offs, a + b + c + i + j)


# CHECK-LABEL: func.func @mm
# CHECK-SAME: %[[N:arg1]]: i32, %[[U:arg2]]: i32
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[A:.*]] = arith.maxnumf %[[X]], %{{.*}} : tensor<16xf32>
# CHECK: %[[B:.*]] = arith.minnumf %[[X]], %[[A]] : tensor<16xf32>
# clamp(x, -1, 1) = min(max(x, -1), 1)
# CHECK: %[[LO:.*]] = arith.constant -1.000000e+00 : f32
# CHECK: %[[LOS:.*]] = tile.splat %[[LO]]
# CHECK: %[[CL:.*]] = arith.maxnumf %[[X]], %[[LOS]] : tensor<16xf32>
# CHECK: %[[HI:.*]] = arith.constant 1.000000e+00 : f32
# CHECK: %[[HIS:.*]] = tile.splat %[[HI]]
# CHECK: arith.minnumf %[[CL]], %[[HIS]] : tensor<16xf32>
# CHECK: %[[NS:.*]] = tile.splat %[[N]] : i32 -> tensor<16xi32>
# CHECK: arith.maxsi %[[R]], %[[NS]] : tensor<16xi32>
# CHECK: %[[US:.*]] = tile.splat %[[U]] : i32 -> tensor<16xi32>
# CHECK: arith.minui %[[R]], %[[US]] : tensor<16xi32>
