# A positional argument after a keyword argument.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs, mask=offs < n, 0.0)

# CHECK: {{^}}{{.*}}positional-after-keyword.py:[[@LINE-2]]:42: error: positional argument follows keyword argument{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs, mask=offs < n, 0.0){{$}}
# CHECK-NEXT: {{^}}                                         ^~~{{$}}
