# The same keyword argument twice.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(X + offs, mask=offs < n, mask=offs < 4)

# CHECK: {{^}}{{.*}}keyword-argument-repeated.py:[[@LINE-2]]:42: error: keyword argument 'mask' repeated{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(X + offs, mask=offs < n, mask=offs < 4){{$}}
# CHECK-NEXT: {{^}}                                         ^~~~{{$}}
