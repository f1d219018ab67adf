# Compile-time functions: @triton.constexpr_function and @tl.constexpr on a
# def are evaluated while compiling (loops over constants run there, other
# compile-time functions and dtypes may be used); a function whose body is
# not kernel-language Python (the dict literal below) does not stop the file
# from compiling, only a call of it is an error. Neither is a kernel.
# RUN: tilec %s --kernel k --signature "*fp16, *fp16, 64" --emit=tile | FileCheck %s
# RUN: tilec %s --list-kernels | FileCheck %s --check-prefix=LIST
# LIST: k(X, Y, B: constexpr)
# LIST-NOT: log2
# LIST-NOT: pick

import triton
import triton.language as tl


@triton.constexpr_function
def log2(n):
    r = 0
    while n > 1:
        n //= 2
        r += 1
    return r


@tl.constexpr
def pick(dtype, block):
    total = 0
    for i in range(block // 16):
        total += 16
    if dtype == tl.float16:
        return total * 2
    return total + log2(block)


@triton.constexpr_function
def table(dtype):
    return {tl.float16: 1, tl.float32: 2}[dtype]


@triton.jit
def k(X, Y, B: tl.constexpr):
    L: tl.constexpr = log2(B)
    N: tl.constexpr = pick(X.dtype.element_ty, B)
    offs = tl.arange(0, N)
    x = tl.load(X + offs)
    tl.store(Y + offs, x * L + pick(tl.float32, 32))

# log2(64) = 6; pick(fp16, 64) = 128 elements; pick(fp32, 32) = 32 + 5.
# CHECK-DAG: %[[SIX:.*]] = arith.constant dense<6.000000e+00> : tensor<128xf16>
# CHECK-DAG: %[[C37:.*]] = arith.constant dense<3.700000e+01> : tensor<128xf16>
# CHECK: tile.make_range 0 to 128 : tensor<128xi32>
# CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %[[SIX]] : tensor<128xf16>
# CHECK: arith.addf %[[M]], %[[C37]] : tensor<128xf16>
