# A kernel cannot return a value.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    return offs

# CHECK: {{^}}{{.*}}return-value.py:[[@LINE-2]]:12: error: a kernel cannot return a value; store results with tl.store{{$}}
# CHECK-NEXT: {{^}}    return offs{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
