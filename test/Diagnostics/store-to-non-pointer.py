# tl.store through an integer.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.store(n, 1.0)

# CHECK: {{^}}{{.*}}store-to-non-pointer.py:[[@LINE-2]]:8: error: tl.store expects a pointer or a tensor of pointers, got a scalar of type i32{{$}}
# CHECK-NEXT: {{^}}    tl.store(n, 1.0){{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
