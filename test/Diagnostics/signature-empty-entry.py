# An empty entry between two commas.
# RUN: not tilec %s --kernel k --signature "*fp32, , i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass

# CHECK: {{^}}<signature>:1:8: error: empty signature entry{{$}}
# CHECK-NEXT: {{^}}*fp32, , i32, 64{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
