# `f(a, *t)` in a jit function passes the parts of the tuple t as
# positional arguments, to jit functions and builtins alike (vLLM's
# triton_kernels: `FN(acc, *fn_args)`, `tl.reshape(w, *w.shape[1:])`);
# tuples slice as Python's do. `*` of anything else is an error, and `**`
# stays unsupported.
# RUN: tilec %s --kernel starred --signature "*fp32:16, 64" --emit=tile | FileCheck %s
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[M:.*]] = arith.mulf %[[X]], %{{.*}} : tensor<64xf32>
# CHECK: arith.addf %[[M]], %{{.*}} : tensor<64xf32>
# RUN: tilec %s --kernel starred_shape --signature "*fp32:16, 16" --emit=tile | FileCheck %s --check-prefix=SHAPE
# SHAPE-DAG: tile.reshape %{{.*}} : tensor<1x16x16xf32> -> tensor<16x16xf32>
# SHAPE-DAG: arith.constant dense<3.000000e+00> : tensor<16x16xf32>
# RUN: not tilec %s --kernel star_scalar --signature "*fp32:16, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: starred-args.py:[[@LINE+34]]:36: error: '*' unpacks a tuple here, got a scalar of type i32
# Loops take `*t` in their range too.
# RUN: tilec %s --kernel starred_range --signature "*fp32:16" --emit=tile | FileCheck %s --check-prefix=RANGE
# RANGE: scf.for %{{.*}} = %c0_i32 to %c4_i32 step %c1_i32
# RANGE-COUNT-2: tile.store %{{.*}}, %cst : !tile.ptr<f32>
import triton
import triton.language as tl


@triton.jit
def scale_shift(x, a, b):
    return x * a + b


@triton.jit
def starred(p, B: tl.constexpr):
    o = tl.arange(0, B)
    args = (2.0, 1.0)
    tl.store(p + o, scale_shift(tl.load(p + o), *args))


@triton.jit
def starred_shape(p, B: tl.constexpr):
    o = tl.arange(0, B)
    x = tl.load(p + o[:, None] * B + o[None, :])[None, :, :]
    y = tl.reshape(x, *x.shape[1:])
    picks = (1.0, 2.0, 3.0, 4.0, 5.0)[-3::-2]
    tl.store(p + o[:, None] * B + o[None, :], y + picks[0])


@triton.jit
def star_scalar(p, B: tl.constexpr):
    o = tl.arange(0, B)
    n = 3
    tl.store(p + o, scale_shift(o, *n))


@triton.jit
def starred_range(p):
    t = (0, 4)
    for i in range(*t):
        tl.store(p + i, 1.0)
    for j in tl.static_range(*(0, 2)):
        tl.store(p + j, 2.0)
