# An 'if' header without its ':'.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    if n > 0
        x = 1

# CHECK: {{^}}{{.*}}missing-colon.py:[[@LINE-3]]:13: error: expected ':' after the 'if' condition, found end of line{{$}}
# CHECK-NEXT: {{^}}    if n > 0{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
