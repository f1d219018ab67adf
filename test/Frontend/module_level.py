# The module level of a kernel file as real projects write it: imports and
# constants inside `try`/`except` and `if`/`else` (a name every branch binds
# the same way, a libdevice function and the `tl` builtin it is the same
# binding), aliases of builtins and jit functions, the call forms of
# triton.jit, and a `raise` under a compile-time condition that is false.
# RUN: tilec %s --kernel k --signature "*fp32, 16, 0" --emit=tile | FileCheck %s
# RUN: tilec %s --kernel k2 --signature "*fp32, 16" --emit=tile | FileCheck %s --check-prefix=CALLFORM
# RUN: tilec %s --kernel k3 --signature "*fp32, 16" --emit=tile | FileCheck %s --check-prefix=CALLFORM
# RUN: tilec %s --kernel k4 --signature "*fp32, 16" --emit=tile | FileCheck %s --check-prefix=MATH
import operator
import triton
import triton.language as tl

# Liger-Kernel's form: libdevice's rsqrt in one branch, tl.math's in the
# other; both are the same function.
if operator.ge(3, 0):
    try:
        from triton.language.extra.libdevice import rsqrt
    except ModuleNotFoundError:
        from triton.language.extra.cuda.libdevice import rsqrt
else:
    from triton.language.math import rsqrt

# Triton 2.x's tl.math was libdevice: its tanh (no tl builtin) is
# libdevice's, so both branches bind the same function (Liger-Kernel's dyt).
if operator.ge(3, 0):
    from triton.language.extra.libdevice import tanh
else:
    from triton.language.math import tanh

if operator.ge(1, 0):
    ALPHA = 3.0
else:
    ALPHA = 3.0

try:
    import torch
    HAS_TORCH = True
except ImportError:
    HAS_TORCH = False
finally:
    GAMMA = 0.5

myexp = tl.exp


@triton.jit
def twice(x):
    return x * 2.0


dbl = twice


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr, MODE: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if MODE == 0:
        y = dbl(rsqrt(x) * ALPHA * GAMMA) + myexp(x)
    else:
        raise ValueError("MODE must be 0")
    tl.store(x_ptr + offs, y)

# CHECK-LABEL: func.func @k
# CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<16xf32>
# CHECK-DAG: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : tensor<16xf32>
# CHECK-DAG: %[[THREE:.*]] = arith.constant dense<3.000000e+00> : tensor<16xf32>
# CHECK: %[[X:.*]] = tile.load
# CHECK-NEXT: %[[R:.*]] = math.rsqrt %[[X]]
# CHECK-NEXT: %[[A:.*]] = arith.mulf %[[R]], %[[THREE]]
# CHECK-NEXT: %[[G:.*]] = arith.mulf %[[A]], %[[HALF]]
# CHECK-NEXT: %[[D:.*]] = arith.mulf %[[G]], %[[TWO]]
# CHECK-NEXT: %[[E:.*]] = math.exp %[[X]]
# CHECK-NEXT: %[[Y:.*]] = arith.addf %[[D]], %[[E]]
# CHECK-NEXT: tile.store %{{.*}}, %[[Y]]


def _k2(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, helper(tl.load(x_ptr + offs)))


def helper(x):
    return x * 3.0


helper = triton.jit(helper)
k2 = triton.jit(_k2)
k3 = triton.heuristics({"BLOCK": lambda args: 16})(triton.jit(_k2))

# CALLFORM-LABEL: func.func @_k2
# CALLFORM: %[[X:.*]] = tile.load
# CALLFORM: arith.mulf %[[X]], %{{.*}} : tensor<16xf32>


def host():
    return [i for i in range(3)]


@triton.jit
def k4(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tanh(x) + tl.math.tanh(x) + tl.math.exp(x))

# MATH-LABEL: func.func @k4
# MATH: %[[X:.*]] = tile.load
# MATH-NEXT: %[[A:.*]] = math.tanh %[[X]]
# MATH-NEXT: arith.addf %[[A]], %[[A]]
# MATH-NEXT: math.exp %[[X]]
