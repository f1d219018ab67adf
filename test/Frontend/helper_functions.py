# Checks helper @triton.jit functions: called from a kernel and inlined (no func.call), with
# a return value, a tuple return, constexpr arguments, default values and keyword calls,
# and a helper calling another helper.
# RUN: tilec %s --kernel caller --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def scale(x, factor=2.0):
    return x * factor


@triton.jit
def pick(x, MODE: tl.constexpr = 0):
    if MODE == 0:
        return tl.exp(x)
    else:
        return tl.log(x)


@triton.jit
def minmax(x):
    return tl.min(x, axis=0), tl.max(x, axis=0)


@triton.jit
def twice(x):
    return scale(scale(x))


@triton.jit
def caller(p, n):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    a = scale(x)
    b = scale(x, factor=3.0)
    c = pick(a)
    d = pick(b, MODE=1)
    lo, hi = minmax(c + d)
    e = twice(x)
    tl.store(p + offs, e + lo + hi)


# CHECK-LABEL: func.func @caller
# CHECK-NOT: func.call
# CHECK: %[[X:.*]] = tile.load
# scale(x): the default factor 2.0
# CHECK: %[[C2:.*]] = arith.constant 2.000000e+00 : f32
# CHECK: %[[A:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<16xf32>
# scale(x, factor=3.0)
# CHECK: %[[C3:.*]] = arith.constant 3.000000e+00 : f32
# CHECK: %[[B:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<16xf32>
# pick(a) takes the default MODE=0 branch, pick(b, MODE=1) the other.
# CHECK: %[[C:.*]] = math.exp %[[A]] : tensor<16xf32>
# CHECK: %[[D:.*]] = math.log %[[B]] : tensor<16xf32>
# CHECK: %[[CD:.*]] = arith.addf %[[C]], %[[D]] : tensor<16xf32>
# CHECK: %[[LO:.*]] = tile.reduce min %[[CD]] {axis = 0 : i32} : tensor<16xf32> -> f32
# CHECK: %[[HI:.*]] = tile.reduce max %[[CD]] {axis = 0 : i32} : tensor<16xf32> -> f32
# twice(x) = scale(scale(x))
# CHECK: %[[E1:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<16xf32>
# CHECK: %[[E2:.*]] = arith.mulf %[[E1]], %{{.*}} : tensor<16xf32>
# CHECK: tile.splat %[[LO]] : f32 -> tensor<16xf32>
# CHECK: arith.addf %[[E2]]
# CHECK: tile.splat %[[HI]] : f32 -> tensor<16xf32>
# CHECK: tile.store
# CHECK-NOT: func.func
