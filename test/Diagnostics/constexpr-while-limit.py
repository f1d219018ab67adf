# A `while` loop of a compile-time function runs while compiling; one that
# does not end stops after 65536 iterations with an error at its
# condition, not a hang.
# RUN: not tilec %s --kernel k --signature "*fp32" 2>&1 | FileCheck %s --implicit-check-not=error:

import triton
import triton.language as tl


@triton.constexpr_function
def forever(n):
    i = 0
    while i < n:
        i = i * 1
    return i


@triton.jit
def k(X):
    tl.store(X, forever(4))

# CHECK: constexpr-while-limit.py:13:13: error: a 'while' loop of a compile-time function ran more than 65536 times
# CHECK: constexpr-while-limit.py:20:17: note: in the call to the compile-time function 'forever' here
