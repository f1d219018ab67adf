# Compile-time functions called with a runtime value, returning one, whose
# body tilec cannot evaluate, or named as the kernel.
# RUN: not tilec %s --kernel k --signature "*fp32, i32" 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error:
# RUN: not tilec %s --kernel double --signature "i32" 2>&1 \
# RUN:   | FileCheck %s --check-prefix=KERNEL

import triton
import triton.language as tl


@triton.constexpr_function
def double(n):
    return 2 * n


@triton.constexpr_function
def first_pid(n):
    return tl.program_id(0) + n


@triton.constexpr_function
def table(dtype):
    return {tl.float16: 1}[dtype]


@triton.jit
def k(X, n):
    a = double(n)
    b = first_pid(1)
    c = table(tl.float16)

# CHECK: constexpr-function-misuse.py:[[@LINE-4]]:9: error: the compile-time function 'double' takes compile-time arguments, got a scalar of type i32
# CHECK: constexpr-function-misuse.py:[[@LINE-4]]:9: error: the compile-time function 'first_pid' must return a compile-time value, got a scalar of type i32
# CHECK: constexpr-function-misuse.py:[[@LINE-4]]:9: error: 'table' is a compile-time function whose body tilec cannot evaluate: only the kernel language (no dict or set literals, comprehensions, lambdas, ...) runs at compile time
# KERNEL: error: no @triton.jit function named 'double' (defined: k)
