# A divisibility hint other than 16 or 1.
# RUN: not tilec %s --kernel k --signature "*fp32:8, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass

# CHECK: {{^}}<signature>:1:1: error: unsupported hint ':8' in signature (only ':16' and ':1' are understood){{$}}
# CHECK-NEXT: {{^}}*fp32:8, *fp32, i32, 64{{$}}
# CHECK-NEXT: {{^}}^~~~~~~{{$}}
