# A backslash that is not at the end of its line.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = offs + \ 2

# CHECK: {{^}}{{.*}}line-continuation.py:[[@LINE-2]]:16: error: unexpected character after line continuation character{{$}}
# CHECK-NEXT: {{^}}    x = offs + \ 2{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
