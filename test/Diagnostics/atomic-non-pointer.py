# An atomic on an integer instead of a pointer.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    tl.atomic_add(n, 1)

# CHECK: {{^}}{{.*}}atomic-non-pointer.py:[[@LINE-2]]:8: error: tl.atomic_add expects a pointer or a tensor of pointers, got a scalar of type i32{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_add(n, 1){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~{{$}}
