# Comparisons of pointers are not supported.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    c = X < Y

# CHECK: {{^}}{{.*}}compare-pointers.py:[[@LINE-2]]:11: error: comparison of pointers is not supported{{$}}
# CHECK-NEXT: {{^}}    c = X < Y{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
