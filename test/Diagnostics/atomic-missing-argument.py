# tl.atomic_cas without its val argument.
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    while tl.atomic_cas(X, 0) == 1:
        pass

# CHECK: {{^}}{{.*}}atomic-missing-argument.py:[[@LINE-3]]:14: error: tl.atomic_cas() is missing required argument 'val'{{$}}
# CHECK-NEXT: {{^}}    while tl.atomic_cas(X, 0) == 1:{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~{{$}}
