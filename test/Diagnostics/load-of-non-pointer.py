# tl.load from a tensor of integers.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(n + offs)

# CHECK: {{^}}{{.*}}load-of-non-pointer.py:[[@LINE-2]]:12: error: tl.load expects a pointer or a tensor of pointers, got a tensor of type i32 and shape [64]{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(n + offs){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
