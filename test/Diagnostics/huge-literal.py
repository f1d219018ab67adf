# An integer literal that does not fit in 64 bits.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = offs + 123456789012345678901234567890

# CHECK: {{^}}{{.*}}huge-literal.py:[[@LINE-2]]:16: error: integer literal '123456789012345678901234567890' is too large (the limit is 2**64 - 1){{$}}
# CHECK-NEXT: {{^}}    x = offs + 123456789012345678901234567890{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
