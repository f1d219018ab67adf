# Pointer arithmetic with a float offset.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    p = X + 1.5

# CHECK: {{^}}{{.*}}pointer-plus-float.py:[[@LINE-2]]:11: error: pointer offset must be an integer, got the constant 1.5{{$}}
# CHECK-NEXT: {{^}}    p = X + 1.5{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
