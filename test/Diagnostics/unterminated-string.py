# A string literal that runs into the end of its line.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = "abc
    tl.store(Y + offs, x)

# CHECK: {{^}}{{.*}}unterminated-string.py:[[@LINE-3]]:9: error: unterminated string literal{{$}}
# CHECK-NEXT: {{^}}    x = "abc{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
