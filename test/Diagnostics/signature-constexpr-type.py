# A tl.constexpr parameter given a type instead of a value.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, i32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass

# CHECK: {{^}}<signature>:1:20: error: parameter 'B' is tl.constexpr: the signature must give its value (e.g. 1024, or a dtype as tl.bfloat16), not a type{{$}}
# CHECK-NEXT: {{^}}*fp32, *fp32, i32, i32{{$}}
# CHECK-NEXT: {{^}}                   ^~~{{$}}
