# A constant that is not a number.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 12abc" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass

# CHECK: {{^}}<signature>:1:20: error: invalid constant '12abc' in signature{{$}}
# CHECK-NEXT: {{^}}*fp32, *fp32, i32, 12abc{{$}}
# CHECK-NEXT: {{^}}                   ^~~~~{{$}}
